//! Target 7: raw GameBatch columns (move indices or ranks, offsets, starts,
//! results, terminations) through `GameBatch::from_parts` and
//! `from_rank_parts`; see `cescacs_checks::batch`.
#![no_main]

use cescacs_checks::batch;

libfuzzer_sys::fuzz_target!(|data: &[u8]| batch::check_batch(data));
