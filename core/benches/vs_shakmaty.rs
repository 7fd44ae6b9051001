//! cescacs against shakmaty (the Rust chess rules crate), single thread, in
//! the same run on the same machine: `perft 5` of the C'escacs initial
//! position (1,980,130,960 leaves) against orthodox `perft 6` (119,060,324
//! leaves). Prints leaves per second for both and their ratio (the target
//! is a ratio ≥ 1).
//!
//! `cargo bench -p cescacs --bench vs_shakmaty` runs the full comparison;
//! `-- quick` runs perft 4 against perft 5 instead (seconds, not minutes).
//! Each side is timed best of `ROUNDS` to damp other load on the machine.

use std::hint::black_box;
use std::time::{Duration, Instant};

use shakmaty::Chess;

const ROUNDS: usize = 3;

fn best<F: FnMut() -> u64>(mut f: F) -> (u64, Duration) {
    let mut best = Duration::MAX;
    let mut leaves = 0;
    for _ in 0..ROUNDS {
        let t = Instant::now();
        leaves = f();
        best = best.min(t.elapsed());
    }
    (leaves, best)
}

fn rate(leaves: u64, d: Duration) -> f64 {
    leaves as f64 / d.as_secs_f64()
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let (cescacs_depth, chess_depth) = if quick { (4, 5) } else { (5, 6) };
    let pos = cescacs::Position::default();
    let chess = Chess::default();

    let (n_chess, t_chess) = best(|| shakmaty::perft(black_box(&chess), chess_depth));
    let (n_cescacs, t_cescacs) = best(|| cescacs::perft(black_box(&pos), cescacs_depth));
    let (r_chess, r_cescacs) = (rate(n_chess, t_chess), rate(n_cescacs, t_cescacs));
    println!(
        "shakmaty perft {chess_depth}: {n_chess} leaves in {:.3} s = {:.1} M leaves/s",
        t_chess.as_secs_f64(),
        r_chess / 1e6
    );
    println!(
        "cescacs  perft {cescacs_depth}: {n_cescacs} leaves in {:.3} s = {:.1} M leaves/s",
        t_cescacs.as_secs_f64(),
        r_cescacs / 1e6
    );
    println!("ratio cescacs/shakmaty: {:.2}", r_cescacs / r_chess);
}
