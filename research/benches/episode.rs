//! Environment stepping without Python (`cargo bench -p cescacs-research --bench
//! episode`): 256 episodes stepped by uniformly random legal actions, with
//! and without the observation planes, on one thread. What
//! `cescacs.env.VecEnv` does per env-step before NumPy and threads
//! (`python/bench/bench_env.py` times that).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use cescacs::random::SplitMix64;
use cescacs::{Position, HEX_COUNT};
use cescacs_research::encode::{write_planes, PLANES};
use cescacs_research::episode::Episode;

const ENVS: usize = 256;
const STEPS: usize = 100;

/// `STEPS` steps of every episode, resetting those that end.
fn run(eps: &mut [Episode], rng: &mut SplitMix64, planes: Option<&mut [u8]>) {
    let mut planes = planes;
    for _ in 0..STEPS {
        for (i, ep) in eps.iter_mut().enumerate() {
            let k = rng.below(ep.legal_actions().len());
            if ep.step_nth(k).expect("a legal place").is_some() {
                ep.reset();
            }
            if let Some(p) = planes.as_deref_mut() {
                write_planes(
                    ep.position(),
                    &mut p[i * PLANES * HEX_COUNT..(i + 1) * PLANES * HEX_COUNT],
                );
            }
        }
    }
}

fn episode_steps(c: &mut Criterion) {
    let mut g = c.benchmark_group("episode");
    g.throughput(Throughput::Elements((ENVS * STEPS) as u64));
    g.sample_size(10);
    let start = vec![Episode::new(Position::default()); ENVS];
    g.bench_function("step", |b| {
        b.iter(|| {
            let (mut eps, mut rng) = (start.clone(), SplitMix64::new(1));
            run(&mut eps, &mut rng, None);
            eps
        })
    });
    let mut planes = vec![0u8; ENVS * PLANES * HEX_COUNT];
    g.bench_function("step+planes", |b| {
        b.iter(|| {
            let (mut eps, mut rng) = (start.clone(), SplitMix64::new(1));
            run(&mut eps, &mut rng, Some(&mut planes));
            eps
        })
    });
    g.finish();
}

criterion_group!(benches, episode_steps);
criterion_main!(benches);
