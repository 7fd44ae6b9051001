//! Training samples with planes and legal moves from a self-play batch,
//! timed: what `GameBatch.samples` runs under Python. One call over every
//! game, then calls of 20 games each.
//!
//! ```text
//! cargo run --release -p cescacs-research --example samples -- [GAMES] [THREADS]
//! valgrind --tool=callgrind target/release/examples/samples 20 1
//! ```

use std::time::Instant;

use cescacs_research::dataset::{SampleSpec, SelfPlay};

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<usize>().expect("a number"));
    let games = args.next().unwrap_or(500);
    let threads = args.next().unwrap_or(0);
    let batch = SelfPlay::new(games)
        .seed(1)
        .run()
        .expect("no cancel flag is set");
    let spec = SampleSpec {
        planes: true,
        legal: true,
        threads,
        ..SampleSpec::default()
    };
    let start = Instant::now();
    let samples = batch.samples(&spec).expect("every ply");
    let seconds = start.elapsed().as_secs_f64();
    let n = samples.played.len();
    drop(samples); // as a caller frees it: outside the timing
    println!(
        "one call: {n} samples in {seconds:.3} s: {:.0} samples/s",
        n as f64 / seconds
    );
    let start = Instant::now();
    let mut n = 0;
    for g in (0..games).step_by(20) {
        let part = batch
            .select(&(g..(g + 20).min(games)).collect::<Vec<_>>())
            .expect("in range");
        n += part.samples(&spec).expect("every ply").played.len();
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "calls of 20 games: {n} samples in {seconds:.3} s: {:.0} samples/s",
        n as f64 / seconds
    );
}
