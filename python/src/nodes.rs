//! `GameNode` and `Variation`: read-only views of a record's moves, on the
//! core's [`LineView`].
//!
//! `game.mainline()` shares a snapshot of the record (the views read it
//! as it was then, whatever the game does next) among the views of its
//! lines; each node is a line's view and an index in it. Going one level
//! down a nest of variations costs the moves of the line entered, whatever
//! the depth, and nothing recurses on the depth: a record nested a million
//! levels deep is walked and freed on a small thread stack.

use std::sync::Arc;

use cescacs::{AnnotatedMove, Color, Game, LineView, Position};
use pyo3::prelude::*;

use crate::board::PyBoard;
use crate::convert::color_obj;
use crate::moves::{new_move, new_moves, PyMove};

/// The nodes of `game`'s main line, over a snapshot of its record.
pub(crate) fn mainline_nodes(py: Python<'_>, game: &Game) -> PyResult<Vec<Py<PyGameNode>>> {
    line_nodes(py, &Arc::new(LineView::mainline(Arc::new(game.clone()))))
}

/// The nodes of the line `view` shows.
fn line_nodes(py: Python<'_>, view: &Arc<LineView>) -> PyResult<Vec<Py<PyGameNode>>> {
    (0..view.len()).map(|index| Py::new(py, PyGameNode { view: Arc::clone(view), index })).collect()
}

/// The board at position `index` of `view`'s line, with the moves from the
/// game's start on its stack.
fn board_of(view: &LineView, index: usize) -> PyBoard {
    PyBoard::replay(view.record().start(), view.moves_before(index))
}

/// One move of a game with what the record says about it. A view:
/// `game.mainline()` gives the main line's nodes, `node.variations` the
/// alternatives to this move (each starting from the position before it).
#[pyclass(frozen, module = "cescacs", name = "GameNode")]
pub(crate) struct PyGameNode {
    /// The line this move is on.
    view: Arc<LineView>,
    /// This move is move `index` of the line.
    index: usize,
}

impl PyGameNode {
    fn am(&self) -> &AnnotatedMove {
        &self.view.line().moves[self.index]
    }

    /// The position before this move.
    fn before(&self) -> &Position {
        self.view.position(self.index).expect("a move of the line has a position before it")
    }
}

#[pymethods]
impl PyGameNode {
    /// The move (complete: kind, piece, capture).
    #[getter]
    fn r#move(&self, py: Python<'_>) -> PyResult<Py<PyMove>> {
        new_move(py, &self.am().mv)
    }

    /// Plies from the game's start to after this move (1 for the first move).
    #[getter]
    fn ply(&self) -> usize {
        self.view.start_ply() + self.index + 1
    }

    /// The move number shown for this move.
    #[getter]
    fn move_number(&self) -> u32 {
        self.view.move_number(self.index)
    }

    /// The side that plays this move.
    #[getter]
    fn turn(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        color_obj(py, self.before().turn())
    }

    /// The move in canonical CTL-AN with its check mark.
    #[getter]
    fn ctl(&self) -> String {
        self.before().ctl(&self.am().mv)
    }

    /// The comments on this move (without their `@W:` / `@B:` prefix).
    #[getter]
    fn comments(&self) -> Vec<String> {
        self.am().comments.clone()
    }

    /// The comments joined by newlines (`""` if none).
    #[getter]
    fn comment(&self) -> String {
        self.am().comments.join("\n")
    }

    /// The assessment mark (`"!"`, `"?"`, `"!!"`, `"??"`, `"!?"`, `"?!"`, `"◇"`), or `None`.
    #[getter]
    fn assessment(&self) -> Option<&'static str> {
        self.am().assessment.map(|a| a.symbol())
    }

    /// The assessment as a PGN numeric annotation glyph (1 … 7), or `None`.
    #[getter]
    fn nag(&self) -> Option<u8> {
        self.am().assessment.map(|a| a.nag())
    }

    /// The game indicator (`"(=)"`, `":"`, `"(=):"`), or `None`.
    #[getter]
    fn indicator(&self) -> Option<&'static str> {
        self.am().indicator.map(|i| i.symbol())
    }

    /// The alternatives to this move.
    #[getter]
    fn variations(&self) -> Vec<PyVariation> {
        (0..self.am().variations.len())
            .map(|rank| {
                let view = self.view.variation(self.index, rank).expect("the move has this variation");
                PyVariation { view: Arc::new(view) }
            })
            .collect()
    }

    /// The position after this move, with the moves from the game's start
    /// on its stack.
    fn board(&self) -> PyBoard {
        board_of(&self.view, self.index + 1)
    }

    /// The position before this move, with its history on the stack.
    fn board_before(&self) -> PyBoard {
        board_of(&self.view, self.index)
    }

    fn __repr__(&self) -> String {
        let mark = if self.before().turn() == Color::White { "." } else { ". …," };
        format!("<GameNode {}{mark} {}>", self.move_number(), self.ctl())
    }
}

/// A variation (RAV): an alternative line starting from the position
/// before the move it replaces.
#[pyclass(frozen, module = "cescacs", name = "Variation")]
pub(crate) struct PyVariation {
    view: Arc<LineView>,
}

#[pymethods]
impl PyVariation {
    /// The `$[n]` label other comments refer to it by, or `None`.
    #[getter]
    fn label(&self) -> Option<String> {
        self.view.label().map(str::to_string)
    }

    /// Comments before the variation's first move.
    #[getter]
    fn comments(&self) -> Vec<String> {
        self.view.line().comments.clone()
    }

    /// The variation's moves as nodes (which may hold variations in turn).
    fn mainline(&self, py: Python<'_>) -> PyResult<Vec<Py<PyGameNode>>> {
        line_nodes(py, &self.view)
    }

    /// The variation's moves.
    fn mainline_moves(&self, py: Python<'_>) -> PyResult<Vec<Py<PyMove>>> {
        new_moves(py, self.view.line().moves.iter().map(|am| am.mv))
    }

    /// The position the variation starts from (before the replaced move).
    fn board(&self) -> PyBoard {
        board_of(&self.view, 0)
    }

    fn __len__(&self) -> usize {
        self.view.len()
    }

    fn __repr__(&self) -> String {
        let label = self.view.label().map_or(String::new(), |l| format!(" $[{l}]"));
        format!("<Variation{label} ({} moves)>", self.view.len())
    }
}
