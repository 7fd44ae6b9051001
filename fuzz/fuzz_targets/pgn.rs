//! Target 3: the CTL-PGN readers (strict and lenient) never panic; an
//! accepted game writes, reads back and writes the same text.
#![no_main]

use cescacs_checks::rules;

libfuzzer_sys::fuzz_target!(|data: &[u8]| rules::check_pgn(data));
