//! Target 4: bytes choose legal moves to play and undo from fixed positions,
//! mirrored in the core's `History` and `Game`. Prints the running totals
//! (moves played and undone, moves the `Game` refused after the end, history
//! rebuilds) after 2^10, 2^11, ... inputs and every 2^16 inputs.
#![no_main]

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::OnceLock;

use cescacs::Position;

use cescacs_checks::rules;

static POSITIONS: OnceLock<Vec<Position>> = OnceLock::new();
static RUNS: AtomicU64 = AtomicU64::new(0);
static PLAYED: AtomicU64 = AtomicU64::new(0);
static UNDONE: AtomicU64 = AtomicU64::new(0);
static REFUSED: AtomicU64 = AtomicU64::new(0);
static REBUILT: AtomicU64 = AtomicU64::new(0);

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let s = rules::check_play(data, POSITIONS.get_or_init(rules::positions));
    PLAYED.fetch_add(s.played, Relaxed);
    UNDONE.fetch_add(s.undone, Relaxed);
    REFUSED.fetch_add(s.refused_after_end, Relaxed);
    REBUILT.fetch_add(s.rebuilt, Relaxed);
    let runs = RUNS.fetch_add(1, Relaxed) + 1;
    if (runs.is_power_of_two() && runs >= 1 << 10) || runs.is_multiple_of(1 << 16) {
        eprintln!(
            "play stats: {runs} inputs, {} moves played, {} undone, {} refused after the end, {} history rebuilds",
            PLAYED.load(Relaxed),
            UNDONE.load(Relaxed),
            REFUSED.load(Relaxed),
            REBUILT.load(Relaxed)
        );
    }
});
