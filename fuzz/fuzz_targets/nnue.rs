//! Target 8: network files through `Network::from_bytes`; see
//! `cescacs_checks::nnue`.
#![no_main]

use cescacs_checks::nnue;

libfuzzer_sys::fuzz_target!(|data: &[u8]| nnue::check_nnue(data));
