//! The storage encodings of a self-play `GameBatch`, timed in Rust: the
//! self-play that makes the games (what a ply costs to play), move indices
//! checked by replay (`from_parts`, what reading them costs), ranks and
//! CTL-AN text made and read back.
//!
//! ```text
//! cargo run --release -p cescacs-research --example encodings -- [GAMES] [THREADS]
//! ```
//!
//! The games are those of `python/bench/bench_parquet.py` (seed 1, at most
//! 300 plies); THREADS 0 means all cores. `scripts/bench-parquet.sh` runs
//! both.

use std::time::Instant;

use cescacs_research::dataset::{BatchParts, GameBatch, SelfPlay};

fn parts(b: &GameBatch, moves: Vec<u16>) -> BatchParts {
    BatchParts {
        moves,
        offsets: b.offsets().to_vec(),
        starts: b.starts().to_vec(),
        start_of: b.start_indices().to_vec(),
        results: b.results().to_vec(),
        terminations: b.terminations().to_vec(),
        origin: b.origin(),
    }
}

fn time<T>(what: &str, plies: usize, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let out = f();
    let s = start.elapsed().as_secs_f64();
    println!(
        "{what:>12}: {s:.3} s ({:.0} ns a ply)",
        s * 1e9 / plies as f64
    );
    out
}

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<usize>().expect("a number"));
    let games = args.next().unwrap_or(2000);
    let threads = args.next().unwrap_or(1);
    let start = Instant::now();
    let batch = SelfPlay::new(games)
        .seed(1)
        .max_plies(300)
        .threads(threads)
        .run()
        .expect("no cancel flag is set");
    let plies = batch.moves().len();
    let s = start.elapsed().as_secs_f64();
    println!(
        "{:>12}: {s:.3} s ({:.0} ns a ply)",
        "self-play",
        s * 1e9 / plies as f64
    );
    let cores = if threads == 0 {
        "all cores".to_string()
    } else {
        format!("{threads} thread(s)")
    };
    println!("{games} games, {plies} plies, {cores}");
    let back = time("index read", plies, || {
        GameBatch::from_parts(parts(&batch, batch.moves().to_vec()), threads).unwrap()
    });
    assert_eq!(back, batch);
    let ranks = time("rank write", plies, || batch.ranks(threads));
    let back = time("rank read", plies, || {
        GameBatch::from_rank_parts(parts(&batch, ranks), threads).unwrap()
    });
    assert_eq!(back, batch);
    let ctl = time("ctl write", plies, || batch.ctl_moves(threads));
    let back = time("ctl read", plies, || {
        GameBatch::from_ctl_parts(parts(&batch, Vec::new()), &ctl, threads).unwrap()
    });
    assert_eq!(back, batch);
    println!(
        "{:>12}: {:.2} bytes a ply",
        "ctl text",
        ctl.text.len() as f64 / plies as f64
    );
}
