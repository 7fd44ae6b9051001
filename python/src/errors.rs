//! The exception types of `cescacs` and the mapping of core errors to them.

use cescacs::pgn::PgnError;
use cescacs::{GameError, MoveTextError, PdtlError};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    cescacs,
    InvalidPdtlError,
    PyValueError,
    "A PDTL string could not be read; the message names the field and the offending text."
);
create_exception!(
    cescacs,
    InvalidMoveError,
    PyValueError,
    "A move text is not well-formed (bad hex, bad syntax, unknown castling name)."
);
create_exception!(
    cescacs,
    InvalidPgnError,
    PyValueError,
    "A CTL-PGN text could not be read. `.line` and `.column` (1-based, columns in characters) locate the offending text, `.reason` says what is wrong; the message is `line L, column C: reason`."
);
create_exception!(
    cescacs,
    IllegalMoveError,
    PyValueError,
    "A well-formed move is not legal in the position; the message gives the move and the PDTL."
);
create_exception!(
    cescacs,
    GameOverError,
    IllegalMoveError,
    "A move was played in a `Game` that has ended by the rules (checkmate, stalemate, fivefold repetition, 75-move rule, insufficient material). A subclass of `IllegalMoveError`; `Game.pop()` takes moves back, `Board.push` accepts moves after the end."
);

pub(crate) fn pdtl_error(e: PdtlError) -> PyErr {
    InvalidPdtlError::new_err(e.to_string())
}

/// Bad text → `InvalidMoveError`; a readable text naming no legal move →
/// `IllegalMoveError` (the core's own split).
pub(crate) fn move_text_error(e: MoveTextError) -> PyErr {
    match e {
        MoveTextError::Syntax(e) => InvalidMoveError::new_err(e.to_string()),
        MoveTextError::Resolve(e) => IllegalMoveError::new_err(e.to_string()),
    }
}

/// An `InvalidPgnError` for `e`, with `.line`, `.column` and `.reason`.
pub(crate) fn pgn_error(py: Python<'_>, e: &PgnError) -> PyErr {
    let err = InvalidPgnError::new_err(e.to_string());
    let v = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail.
    let _ = v.setattr("line", e.line);
    let _ = v.setattr("column", e.column);
    let _ = v.setattr("reason", e.kind.to_string());
    err
}

pub(crate) fn game_error(e: GameError) -> PyErr {
    match e {
        GameError::MoveText(t) => move_text_error(t),
        GameError::Illegal(i) => IllegalMoveError::new_err(i.to_string()),
        GameError::GameOver(_) => GameOverError::new_err(e.to_string()),
    }
}
