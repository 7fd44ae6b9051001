//! Replays the C API fuzz corpus on stable `cargo test`: the committed seeds
//! (`fuzz/seeds/c_api/`) and every minimised crash input
//! (`fuzz/regressions/c_api/`), through the driver the cargo-fuzz target
//! runs (`cescacs_checks::c_api`, fuzz/checks). This crate builds no Rust library a test
//! could link, so the test compiles the crate's modules itself (the module
//! list of src/lib.rs, without its unit tests) and calls the `extern "C"`
//! functions directly, as the fuzz target does.

// As in src/lib.rs, whose modules these are.
#![allow(non_camel_case_types, clippy::missing_safety_doc)]

use std::fs;
use std::path::{Path, PathBuf};

// The C ABI crate's sources, as src/lib.rs declares them (its modules
// refer to each other through `super::`, here this test's root).
#[path = "../src/batch.rs"]
mod batch;
#[path = "../src/board.rs"]
mod board;
#[path = "../src/error.rs"]
mod error;
#[path = "../src/game/mod.rs"]
mod game;
#[path = "../src/guard.rs"]
mod guard;
#[path = "../src/line.rs"]
mod line;
#[path = "../src/move_list.rs"]
mod move_list;
#[path = "../src/pgn_reader.rs"]
mod pgn_reader;
#[path = "../src/record.rs"]
mod record;
#[path = "../src/threats.rs"]
mod threats;
#[path = "../src/types.rs"]
mod types;

pub use batch::*;
pub use board::*;
pub use error::*;
pub use game::*;
pub use line::*;
pub use move_list::*;
pub use pgn_reader::*;
pub use record::*;
pub use threats::*;
pub use types::*;

use cescacs_checks::{c_api, linked_api};

fn inputs(dir: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz")
        .join(dir)
        .join("c_api");
    let Ok(entries) = fs::read_dir(root) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| (p.clone(), fs::read(p).unwrap()))
        .collect()
}

#[test]
// The table calls the functions through pointers of the header's C types
// (`u32` results, a mirror `cescacs_hex` by value): the same ABI on every
// real target, but not ABI-compatible by Rust's rules, which Miri enforces.
#[cfg_attr(miri, ignore = "the function table is C-ABI-exact, not Rust-ABI-exact")]
fn c_api_corpus() {
    let api = linked_api!(crate).unwrap();
    let mut total = c_api::CStats::default();
    let inputs: Vec<_> = inputs("seeds")
        .into_iter()
        .chain(inputs("regressions"))
        .collect();
    for (path, data) in &inputs {
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            c_api::check_c_api(&api, data)
        }));
        match run {
            Ok(s) => {
                total.calls += s.calls;
                total.played += s.played;
                total.game_over += s.game_over;
                total.games_read += s.games_read;
                total.undone_to_start += s.undone_to_start;
                total.parsed += s.parsed;
                total.variations += s.variations;
                total.annotated += s.annotated;
                total.batch_games += s.batch_games;
                total.lines += s.lines;
            }
            Err(e) => {
                let msg = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
                panic!("{}: {}", path.display(), msg.unwrap_or_default());
            }
        }
    }
    assert!(inputs.len() >= 50, "{}", inputs.len());
    // The seeds reach real games: calls succeed and moves are played; a
    // finished game refuses moves (GAME_OVER); games_from_pgn reads games,
    // and one read from CTL-PGN is taken back to its start.
    assert!(total.calls > 1000 && total.played > 20, "{total:?}");
    assert!(
        total.game_over > 0 && total.games_read > 0 && total.undone_to_start > 0,
        "{total:?}"
    );
    // Move texts are read without playing, a variation is opened as a
    // game, tags are set and comments added (and the game reads back).
    assert!(
        total.parsed > 0 && total.variations > 0 && total.annotated > 0,
        "{total:?}"
    );
    // Batches are made by self-play and read from CTL-PGN, and their games
    // checked.
    assert!(total.batch_games > 0, "{total:?}");
    // The lines of a record are walked and read as the games made of them.
    assert!(total.lines > 0, "{total:?}");
    eprintln!("{} inputs: {total:?}", inputs.len());
}

/// The harness knows every result code of the header, by name and value:
/// the `CESCACS_RESULT_*` enumerators of include/cescacs.h (generated from
/// src/error.rs) are exactly `c_api::RESULT_CODES`, in the same order.
#[test]
fn harness_result_codes_are_the_headers() {
    let header =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../include/cescacs.h"))
            .unwrap();
    let mut from_header = Vec::new();
    for line in header.lines() {
        let Some(rest) = line.trim().strip_prefix("CESCACS_RESULT_") else {
            continue;
        };
        let Some((name, value)) = rest.trim_end_matches(',').split_once(" = ") else {
            continue;
        };
        from_header.push((name.to_string(), value.parse::<u32>().unwrap()));
    }
    let harness: Vec<(String, u32)> = c_api::RESULT_CODES
        .iter()
        .map(|&(n, v)| (n.to_string(), v))
        .collect();
    assert_eq!(from_header, harness);
}
