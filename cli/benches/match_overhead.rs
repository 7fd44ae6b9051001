//! The match runner's own time a move: two `cescacs-fake-uci first`
//! engines (each answers at once with its first legal move) play under a
//! clock so long that it never matters, and the time not spent in the
//! engines (from `position`/`go` sent to `bestmove` read, as the clocks
//! charge it) is divided by the moves played. That share is the runner's:
//! checking the move with the rules crate, extending the `position` line,
//! the clocks, the adjudication, the scheduling and `ucinewgame`/`isready`
//! between games. Not a test: `cargo bench -p cescacs-cli --bench match_overhead [PAIRS]`.

use std::time::{Duration, Instant};

use cescacs_study::{EngineSpec, Limits, Match, Side, TimeControl};

const FAKE: &str = env!("CARGO_BIN_EXE_cescacs-fake-uci");

fn main() {
    let pairs = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(20);
    let tc = TimeControl {
        moves: None,
        base: Duration::from_secs(100_000),
        increment: Duration::ZERO,
    };
    let side = |name| {
        let limits = Limits {
            tc: Some(tc),
            ..Limits::default()
        };
        Side::uci(name, EngineSpec::new(&[FAKE, "first"]), limits)
    };
    let m = Match::new(side("one"), side("two"), pairs);
    m.check().expect("the fake engines start");
    let start = Instant::now();
    let result = m.run(&|_| {}).expect("the match runs");
    let wall = start.elapsed();
    let mut moves = 0usize;
    let mut engines = Duration::ZERO;
    for g in &result.games {
        moves += g.clocks.len();
        // The clock of each side falls by each of its moves' time.
        let base = tc.base;
        let (mut white, mut black) = (base, base);
        for (i, &left) in g.clocks.iter().enumerate() {
            let clock = if (g.opening + i) % 2 == 0 {
                &mut white
            } else {
                &mut black
            };
            engines += *clock - left;
            *clock = left;
        }
    }
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let per_move = |d: Duration| d.as_secs_f64() * 1e6 / moves as f64;
    println!("{} games, {moves} moves in {:.3} s: {:.1} µs a move in all, {:.1} µs in the engines (and the pipes), {:.1} µs the runner's own", result.games.len(), wall.as_secs_f64(), per_move(wall), per_move(engines), per_move(wall - engines));
    println!(
        "load average: {}",
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
}
