//! Target 5: bytes choose a sequence of C API calls (NULL pointers, stale
//! lists, out-of-range indexes, too-small buffers, invalid UTF-8), run on
//! the `cescacs-ffi` sources linked in; libFuzzer's leak detection checks
//! that everything is freed. Prints the running totals after 2^10, 2^11,
//! ... inputs and every 2^16 inputs.
#![no_main]

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::OnceLock;

use cescacs_checks::c_api::{self, Api};
use cescacs_checks::linked_api;

static API: OnceLock<Api> = OnceLock::new();
static RUNS: AtomicU64 = AtomicU64::new(0);
static CALLS: AtomicU64 = AtomicU64::new(0);
static PLAYED: AtomicU64 = AtomicU64::new(0);
static GAME_OVER: AtomicU64 = AtomicU64::new(0);
static GAMES_READ: AtomicU64 = AtomicU64::new(0);
static UNDONE_TO_START: AtomicU64 = AtomicU64::new(0);
static PARSED: AtomicU64 = AtomicU64::new(0);
static VARIATIONS: AtomicU64 = AtomicU64::new(0);
static ANNOTATED: AtomicU64 = AtomicU64::new(0);
static BATCH_GAMES: AtomicU64 = AtomicU64::new(0);
static LINES: AtomicU64 = AtomicU64::new(0);

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let api = API.get_or_init(|| linked_api!(cescacs_ffi).expect("every C function is linked"));
    let s = c_api::check_c_api(api, data);
    CALLS.fetch_add(s.calls, Relaxed);
    PLAYED.fetch_add(s.played, Relaxed);
    GAME_OVER.fetch_add(s.game_over, Relaxed);
    GAMES_READ.fetch_add(s.games_read, Relaxed);
    UNDONE_TO_START.fetch_add(s.undone_to_start, Relaxed);
    PARSED.fetch_add(s.parsed, Relaxed);
    VARIATIONS.fetch_add(s.variations, Relaxed);
    ANNOTATED.fetch_add(s.annotated, Relaxed);
    BATCH_GAMES.fetch_add(s.batch_games, Relaxed);
    LINES.fetch_add(s.lines, Relaxed);
    let runs = RUNS.fetch_add(1, Relaxed) + 1;
    if (runs.is_power_of_two() && runs >= 1 << 10) || runs.is_multiple_of(1 << 16) {
        eprintln!(
            "c_api stats: {runs} inputs, {} calls, {} moves played, {} refused with GAME_OVER, {} games read by games_from_pgn, {} moves undone to a PGN game's start, {} move texts parsed, {} variations opened, {} tags set or comments added, {} lines walked, {} batch games checked",
            CALLS.load(Relaxed),
            PLAYED.load(Relaxed),
            GAME_OVER.load(Relaxed),
            GAMES_READ.load(Relaxed),
            UNDONE_TO_START.load(Relaxed),
            PARSED.load(Relaxed),
            VARIATIONS.load(Relaxed),
            ANNOTATED.load(Relaxed),
            LINES.load(Relaxed),
            BATCH_GAMES.load(Relaxed)
        );
    }
});
