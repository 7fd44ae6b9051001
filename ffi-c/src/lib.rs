//! # cescacs-ffi: the C ABI of the C'escacs rules library
//!
//! This crate builds `libcescacs.so` and `libcescacs.a`; `include/cescacs.h`
//! is generated from it by cbindgen (config in `cbindgen.toml`) and is the
//! API reference (`scripts/docs.sh` renders it with Doxygen into
//! `target/doc-site/c/`). The crate only translates between C and the `cescacs`
//! core crate: every rule answer comes from the core.
//!
//! Conventions (those of rustls-ffi and the regex crate's `rure`):
//!
//! * Opaque handles (`cescacs_game`, `cescacs_move_list`) are created by a
//!   function that writes them to an out-pointer and are released by the
//!   matching `_free` function; `_free(NULL)` is a no-op.
//! * Every fallible function returns a `cescacs_result`. On anything but
//!   `CESCACS_RESULT_OK` no output is written (the one exception: the
//!   needed length of a text that did not fit) and no handle is changed;
//!   `cescacs_last_error()` tells why.
//! * No Rust panic crosses the boundary: it is caught and reported as
//!   `CESCACS_RESULT_PANIC`.

#![deny(missing_docs)]
#![allow(non_camel_case_types)]
// The contract of every raw pointer argument is written in the header's
// doc comments (the C API reference), not in rustdoc `# Safety` sections.
#![allow(clippy::missing_safety_doc)]

mod board;
mod error;
mod game;
mod guard;
mod move_list;
mod pgn_reader;
// After the reader: a batch is read from one.
mod batch;
mod line;
mod record;
mod threats;
mod types;
// The engine last: its items follow the rules' in the header.
mod engine;
mod engine_eval;
mod engine_lines;
mod engine_skill;

#[cfg(test)]
mod tests;

#[allow(unused_imports)]
pub use batch::*;
#[allow(unused_imports)]
pub use board::*;
pub use error::*;
pub use game::*;
#[allow(unused_imports)]
pub use line::*;
pub use move_list::*;
#[allow(unused_imports)]
pub use pgn_reader::*;
#[allow(unused_imports)]
pub use record::*;
// (Unused where benches/ffi_overhead.rs compiles this file as a module.)
#[allow(unused_imports)]
pub use engine::*;
#[allow(unused_imports)]
pub use engine_eval::*;
#[allow(unused_imports)]
pub use engine_lines::*;
#[allow(unused_imports)]
pub use engine_skill::*;
#[allow(unused_imports)]
pub use threats::*;
pub use types::*;
