//! Target 1: any accepted PDTL round-trips and its legal moves generate.
#![no_main]

#[path = "../checks/rules.rs"]
mod rules;

libfuzzer_sys::fuzz_target!(|data: &[u8]| rules::check_pdtl(data));
