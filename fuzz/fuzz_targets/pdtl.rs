//! Target 1: any accepted PDTL round-trips and its legal moves generate.
#![no_main]

use cescacs_checks::rules;

libfuzzer_sys::fuzz_target!(|data: &[u8]| rules::check_pdtl(data));
