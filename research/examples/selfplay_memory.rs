//! Peak memory of self-play into a `GameBatch`: the resident memory the run
//! adds at its peak (`VmHWM` after the run less `VmRSS` before it, from
//! /proc/self/status, the figure `getrusage`'s `ru_maxrss` gives), per ply
//! of the result, beside the bytes the batch holds per ply. Linux only.
//!
//! ```text
//! cargo run --release -p cescacs-research --example selfplay_memory -- [GAMES] [THREADS]
//! ```
//!
//! The default is 10,000 games of at most 300 plies (about 2.95 M plies) on
//! all cores.

use cescacs_research::dataset::SelfPlay;

/// A `kB` field of /proc/self/status (`VmRSS`, `VmHWM`), in bytes.
fn status_bytes(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status (Linux)");
    let line = status
        .lines()
        .find(|l| l.starts_with(field))
        .unwrap_or_else(|| panic!("no {field} in /proc/self/status"));
    let kb: u64 = line[field.len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .expect("a size in kB");
    kb * 1024
}

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<usize>().expect("a number"));
    let games = args.next().unwrap_or(10_000);
    let threads = args.next().unwrap_or(0);
    let before = status_bytes("VmRSS:");
    let batch = SelfPlay::new(games)
        .seed(1)
        .max_plies(300)
        .threads(threads)
        .run()
        .expect("no cancel flag is set");
    let peak = status_bytes("VmHWM:");
    let plies = batch.moves().len() as f64;
    println!(
        "{games} games, {plies} plies: {:.2} bytes a ply held, peak RSS {:.2} bytes a ply above the {:.1} MB before ({:.1} MB peak)",
        batch.heap_bytes() as f64 / plies,
        peak.saturating_sub(before) as f64 / plies,
        before as f64 / 1e6,
        peak as f64 / 1e6,
    );
}
