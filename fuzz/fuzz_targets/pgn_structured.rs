//! Target 6: CTL-PGN built from grammar pieces (deep nests of variations,
//! comments, tags, results, stray brackets) by `rules::structured_pgn`,
//! then checked like any text: the readers never panic, and an accepted
//! game writes, reads back and writes the same text.
#![no_main]

use cescacs_checks::rules;

libfuzzer_sys::fuzz_target!(|data: &[u8]| rules::check_pgn(rules::structured_pgn(data).as_bytes()));
