//! The npm package `cescacs`: C'escacs rules, records and engine for
//! JavaScript (browsers, Web Workers, Node), translated by wasm-bindgen.
//!
//! Nothing here decides a rule or a score: every answer is the core's
//! (`cescacs`) or the engine's (`cescacs-engine`); this crate turns its
//! values into JavaScript ones (moves as plain objects, hexes as names)
//! and its errors into the `Error` subclasses of `js/errors.js`, with the
//! messages every other binding gives. `scripts/build-web.sh` builds it
//! into `web/pkg/`; `docs/WEB.md` describes the package.

mod board;
mod engine;
mod errors;
mod game;
mod svg;
mod types;
mod values;

pub use board::{perft, Board};
pub use engine::{skill_elo, Engine};
pub use game::Game;
pub use svg::board_svg;

/// The package's version (the workspace's).
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
