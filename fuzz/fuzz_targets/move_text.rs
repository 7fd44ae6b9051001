//! Target 2: CTL-AN and the long form against the fixed positions.
#![no_main]

use std::sync::OnceLock;

use cescacs::Position;

use cescacs_checks::rules;

static POSITIONS: OnceLock<Vec<Position>> = OnceLock::new();

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    rules::check_move_text(data, POSITIONS.get_or_init(rules::positions));
});
