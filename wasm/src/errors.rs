//! The core's errors as the package's JavaScript `Error` subclasses
//! (`js/errors.js`), with the core's messages: the same text the Rust, C
//! and Python bindings give.

use cescacs::pgn::PgnError;
use cescacs::{GameError, MoveTextError, PdtlError};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/errors.js")]
extern "C" {
    #[wasm_bindgen(js_name = makeError)]
    fn make_error(kind: &str, message: &str) -> JsValue;
    #[wasm_bindgen(js_name = makePgnError)]
    fn make_pgn_error(message: &str, line: usize, column: usize, reason: &str) -> JsValue;
}

/// An error of class `kind` (a name exported by `js/errors.js`; any other
/// name gives a `TypeError`).
pub(crate) fn error(kind: &str, message: impl AsRef<str>) -> JsValue {
    make_error(kind, message.as_ref())
}

/// A `TypeError`: an argument of the wrong JavaScript type.
pub(crate) fn type_error(message: impl AsRef<str>) -> JsValue {
    js_sys::TypeError::new(message.as_ref()).into()
}

/// A `RangeError`: a number out of range, or an empty stack popped.
pub(crate) fn range_error(message: impl AsRef<str>) -> JsValue {
    js_sys::RangeError::new(message.as_ref()).into()
}

pub(crate) fn pdtl_error(e: PdtlError) -> JsValue {
    error("InvalidPdtlError", e.to_string())
}

/// Bad text → `InvalidMoveError`; a readable text naming no legal move →
/// `IllegalMoveError` (the core's own split).
pub(crate) fn move_text_error(e: MoveTextError) -> JsValue {
    match e {
        MoveTextError::Syntax(e) => error("InvalidMoveError", e.to_string()),
        MoveTextError::Resolve(e) => error("IllegalMoveError", e.to_string()),
    }
}

pub(crate) fn game_error(e: GameError) -> JsValue {
    match e {
        GameError::MoveText(t) => move_text_error(t),
        GameError::Illegal(i) => error("IllegalMoveError", i.to_string()),
        GameError::GameOver(_) => error("GameOverError", e.to_string()),
    }
}

/// An `InvalidPgnError` with `line`, `column` and `reason`.
pub(crate) fn pgn_error(e: &PgnError) -> JsValue {
    make_pgn_error(&e.to_string(), e.line, e.column, &e.kind.to_string())
}
