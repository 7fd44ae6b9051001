//! `Board`: a position with its move stack (python-chess style).
//!
//! The board holds a core `History` and nothing else: the position, the
//! moves, repetition counts, draw claims and the outcome all come from it
//! (each O(1) per ply). Like python-chess's `Board`, `push` never refuses a
//! legal move, even after the game has ended; the game record (`Game`)
//! adds the no-move-after-the-end policy.
//!
//! This file holds the board's state and the Rust-side access the other
//! classes use (`Move.from_long`, `Game`, the batch functions); the Python
//! methods are in `methods.rs`, above the `Move` classes they return.

use cescacs::{Hex, History, Move as CoreMove, Piece, Position, Setup};
use pyo3::prelude::*;

use crate::errors::InvalidPdtlError;

mod methods;

/// A C'escacs position with its move stack. `Board()` is the initial
/// position; `Board(pdtl)` reads a PDTL string.
#[pyclass(module = "cescacs", name = "Board")]
#[derive(Clone)]
pub(crate) struct PyBoard {
    /// The position and its move stack; while `edited` holds an invalid
    /// setup, the last valid position (only its castling option is used).
    history: History,
    /// Set when editing has made the board something that is not a valid
    /// position yet (no Kings, a side not to move in check, …): the board
    /// then answers only what a placement can (pieces, PDTL, turn, validity).
    edited: Option<Box<Setup>>,
}

impl PyBoard {
    /// A board at `pos` with an empty move stack.
    pub(crate) fn at(pos: Position) -> PyBoard {
        PyBoard::from_history(History::new(pos))
    }

    pub(crate) fn from_history(history: History) -> PyBoard {
        PyBoard {
            history,
            edited: None,
        }
    }

    /// The current position; `InvalidPdtlError` while the board is not a
    /// valid position (after editing).
    pub(crate) fn pos(&self) -> PyResult<&Position> {
        Ok(self.hist()?.position())
    }

    /// The move stack, under the same condition.
    pub(crate) fn hist(&self) -> PyResult<&History> {
        match &self.edited {
            None => Ok(&self.history),
            Some(setup) => Err(not_valid(setup)),
        }
    }

    fn hist_mut(&mut self) -> PyResult<&mut History> {
        match &self.edited {
            None => Ok(&mut self.history),
            Some(setup) => Err(not_valid(setup)),
        }
    }

    /// The placement and fields, valid or not.
    fn setup(&self) -> Setup {
        match &self.edited {
            Some(setup) => (**setup).clone(),
            None => self.history.position().to_setup(),
        }
    }

    /// The piece on `h`, valid board or not.
    fn piece_on(&self, h: Hex) -> Option<Piece> {
        match &self.edited {
            Some(setup) => setup.board[h.index()],
            None => self.history.position().piece_at(h),
        }
    }

    /// The core's text board, valid board or not.
    fn text(&self, unicode: bool) -> String {
        match &self.edited {
            Some(setup) => setup.board_text(unicode),
            None => self.history.position().board_text(unicode),
        }
    }

    /// Makes the board `setup`: a valid position (with an empty move stack
    /// and the board's castling option) or an edited, invalid board.
    fn apply(&mut self, setup: Setup) {
        match Position::from_setup(&setup) {
            Ok(mut pos) => {
                pos.set_castling_allowed(self.history.position().castling_allowed());
                self.history = History::new(pos);
                self.edited = None;
            }
            Err(_) => self.edited = Some(Box::new(setup)),
        }
    }

    /// A board at `start` with `moves` (legal in turn) on its stack.
    pub(crate) fn replay(start: &Position, moves: impl IntoIterator<Item = CoreMove>) -> PyBoard {
        let mut history = History::new(start.clone());
        for m in moves {
            history.push_unchecked(m);
        }
        PyBoard::from_history(history)
    }
}

/// The error for a question only a valid position can answer.
fn not_valid(setup: &Setup) -> PyErr {
    let reasons: Vec<String> = setup.problems().iter().map(ToString::to_string).collect();
    InvalidPdtlError::new_err(format!(
        "the board is not a valid position ({}): {}",
        setup.to_pdtl(),
        reasons.join("; ")
    ))
}

/// The initial position's PDTL.
#[pyfunction]
pub(crate) fn initial_pdtl() -> &'static str {
    cescacs::INITIAL_PDTL
}
