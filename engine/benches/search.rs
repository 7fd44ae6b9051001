//! Search speed: nodes per second on one thread beside perft leaves per
//! second of the same machine in the same run, and the scaling on two
//! threads (Lazy SMP: total nodes per second, and the time to finish the
//! same depth).
//!
//! `cargo bench -p cescacs-engine --bench search [-- RUNS DEPTH]` (default
//! 3 runs, depth 6). Prints the median and range of each figure and the
//! load average before and after. On a loaded machine the wall-clock rates
//! say what the machine allowed; the rates per CPU second of the thread and
//! their ratio to perft's, measured in the same run, say what the code does.

use std::time::Instant;

use cescacs::{perft, History, Position};
use cescacs_engine::{Engine, EngineOptions, Limits};

/// Middlegame-ish positions: the start and a few plies of a fixed line.
fn positions() -> Vec<Position> {
    let mut h = History::default();
    let mut out = vec![h.position().clone()];
    for (i, text) in [
        "E7-E13", "E21-E15", "NG3-I7", "NG25-I21", "F8-F12", "F20-F16",
    ]
    .iter()
    .enumerate()
    {
        h.push_ctl(text).expect("a legal move of the line");
        if i % 2 == 1 {
            out.push(h.position().clone());
        }
    }
    out
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg").map_or_else(
        |_| "?".into(),
        |s| s.split(' ').take(3).collect::<Vec<_>>().join(" "),
    )
}

/// Seconds this thread has run on a CPU (Linux `/proc/thread-self/schedstat`):
/// on a machine shared with other work, the rate per CPU second says what
/// the code does, the wall-clock rate what the machine let it do.
fn thread_cpu() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split(' ').next().and_then(|n| n.parse::<f64>().ok()))
        .map_or(f64::NAN, |ns| ns / 1e9)
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// (nodes per wall second, wall seconds, nodes per CPU second of the
/// calling thread) of searching every position to `depth`.
fn search_all(threads: usize, depth: u32) -> (f64, f64, f64) {
    let (mut nodes, mut secs, mut cpu) = (0, 0.0, 0.0);
    for pos in positions() {
        // The table is made (and zeroed) outside the timing.
        let mut e = Engine::new(EngineOptions {
            threads,
            hash_mb: 16,
            ..Default::default()
        });
        let (start, cpu0) = (Instant::now(), thread_cpu());
        nodes += e
            .search(&History::new(pos.clone()), &Limits::depth(depth), |_| {})
            .nodes;
        secs += start.elapsed().as_secs_f64();
        cpu += thread_cpu() - cpu0;
    }
    (nodes as f64 / secs, secs, nodes as f64 / cpu)
}

fn main() {
    let args: Vec<String> = std::env::args()
        .filter(|a| !a.starts_with('-'))
        .skip(1)
        .collect();
    let runs: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(3);
    let depth: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(6);
    println!("load before: {}", load());
    let (mut perft_rate, mut perft_cpu, mut one, mut one_cpu, mut two, mut one_t, mut two_t) =
        (vec![], vec![], vec![], vec![], vec![], vec![], vec![]);
    for _ in 0..runs {
        let (start, cpu0) = (Instant::now(), thread_cpu());
        let leaves = perft(&Position::default(), 4);
        perft_rate.push(leaves as f64 / start.elapsed().as_secs_f64());
        perft_cpu.push(leaves as f64 / (thread_cpu() - cpu0));
        let (r1, t1, c1) = search_all(1, depth);
        let (r2, t2, _) = search_all(2, depth);
        one_cpu.push(c1);
        one.push(r1);
        two.push(r2);
        one_t.push(t1);
        two_t.push(t2);
    }
    let show = |name: &str, v: &mut Vec<f64>, unit: f64, what: &str| {
        let lo = v.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = v.iter().copied().fold(0.0, f64::max);
        println!(
            "{name}: median {:.3} {what} (range {:.3}–{:.3}, {} runs)",
            median(v) / unit,
            lo / unit,
            hi / unit,
            v.len()
        );
    };
    let ratio: Vec<f64> = one_cpu.iter().zip(&perft_cpu).map(|(s, p)| s / p).collect();
    let mut r = ratio.clone();
    println!(
        "search nodes per perft leaf, per CPU second of the same run: median {:.5}",
        median(&mut r)
    );
    show("perft(4) one thread", &mut perft_rate, 1e6, "M leaves/s");
    show(
        "perft(4) one thread, per CPU second",
        &mut perft_cpu,
        1e6,
        "M leaves/s",
    );
    show(
        &format!("search depth {depth}, one thread"),
        &mut one,
        1e6,
        "M nodes/s",
    );
    show(
        &format!("search depth {depth}, one thread, per CPU second"),
        &mut one_cpu,
        1e6,
        "M nodes/s",
    );
    show(
        &format!("search depth {depth}, two threads (all nodes)"),
        &mut two,
        1e6,
        "M nodes/s",
    );
    show("time to depth, one thread", &mut one_t, 1.0, "s");
    show("time to depth, two threads", &mut two_t, 1.0, "s");
    let speedup: Vec<f64> = one_t.iter().zip(&two_t).map(|(a, b)| a / b).collect();
    let mut s = speedup.clone();
    println!(
        "two threads: time-to-depth speed-up median {:.2}× (per run {:?})",
        median(&mut s),
        speedup
            .iter()
            .map(|x| format!("{x:.2}"))
            .collect::<Vec<_>>()
    );
    println!("load after: {}", load());
}
