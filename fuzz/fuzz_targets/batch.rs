//! Target 7: raw GameBatch columns (move indices or ranks, offsets, starts,
//! results, terminations) through `GameBatch::from_parts` and
//! `from_rank_parts`; see `fuzz/checks/batch.rs`.
#![no_main]

#[path = "../checks/batch.rs"]
mod batch;

libfuzzer_sys::fuzz_target!(|data: &[u8]| batch::check_batch(data));
