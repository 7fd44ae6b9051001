//! The properties the fuzz targets check, shared by the cargo-fuzz targets
//! (`fuzz/fuzz_targets/`) and the stable replay tests that `cargo test`
//! runs (`core/tests/fuzz_regressions.rs`, `research/…`, `engine/…`,
//! `ffi-c/tests/fuzz_c_api_replay.rs`), so that a crash input replays the
//! very same checks. Each family is behind a feature of its name.
//!
//! Every `check_*` function takes the fuzzer's raw bytes and panics (an
//! assertion) when a property fails; inputs the readers reject are fine as
//! long as they are rejected with a typed error.

pub mod replay;

#[cfg(feature = "batch")]
pub mod batch;
#[cfg(feature = "c_api")]
#[macro_use]
pub mod c_api;
#[cfg(feature = "nnue")]
pub mod nnue;
#[cfg(feature = "rules")]
pub mod rules;
