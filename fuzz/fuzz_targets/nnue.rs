//! Target 8: network files through `Network::from_bytes`; see
//! `fuzz/checks/nnue.rs`.
#![no_main]

#[path = "../checks/nnue.rs"]
mod nnue;

libfuzzer_sys::fuzz_target!(|data: &[u8]| nnue::check_nnue(data));
