//! The events of a game record in reading order, for the visitors of
//! `cescacs.pgn` (python-chess's `BaseVisitor`): the game's opening
//! comment, then each move with its NAG and comment, each variation
//! opened after the move it replaces and closed after its last move.
//! Written with a stack of its own: a record nested a million levels deep
//! is walked without recursion.

use cescacs::{Game, Line};
use pyo3::prelude::*;

use crate::moves::new_move;

/// A move (its `Move`).
pub(crate) const MOVE: u8 = 0;
/// A NAG (an int, 1 … 7).
pub(crate) const NAG: u8 = 1;
/// A comment (a str: the comments of one place joined by newlines).
pub(crate) const COMMENT: u8 = 2;
/// A variation opens (`None`); its starting comment follows, if any.
pub(crate) const BEGIN: u8 = 3;
/// A variation closes (`None`).
pub(crate) const END: u8 = 4;

/// What is left to walk of a line.
struct Frame<'a> {
    line: &'a Line,
    mv: usize,
    var: usize,
}

/// The events of `game`'s record as `(kind, value)` pairs.
pub(crate) fn events(py: Python<'_>, game: &Game) -> PyResult<Vec<(u8, Py<PyAny>)>> {
    let mut out: Vec<(u8, Py<PyAny>)> = Vec::new();
    let comment = |out: &mut Vec<(u8, Py<PyAny>)>, comments: &[String]| {
        if !comments.is_empty() {
            out.push((
                COMMENT,
                comments
                    .join("\n")
                    .into_pyobject(py)
                    .expect("a str")
                    .into_any()
                    .unbind(),
            ));
        }
    };
    comment(&mut out, &game.mainline().comments);
    let mut stack = vec![Frame {
        line: game.mainline(),
        mv: 0,
        var: 0,
    }];
    while let Some(top) = stack.last_mut() {
        let Some(am) = top.line.moves.get(top.mv) else {
            stack.pop();
            if !stack.is_empty() {
                out.push((END, py.None()));
            }
            continue;
        };
        if top.var == 0 {
            out.push((MOVE, new_move(py, &am.mv)?.into_any()));
            if let Some(a) = am.assessment {
                out.push((NAG, a.nag().into_pyobject(py)?.into_any().unbind()));
            }
            comment(&mut out, &am.comments);
        }
        match am.variations.get(top.var) {
            Some(v) => {
                top.var += 1;
                out.push((BEGIN, py.None()));
                comment(&mut out, &v.line.comments);
                stack.push(Frame {
                    line: &v.line,
                    mv: 0,
                    var: 0,
                });
            }
            None => {
                top.mv += 1;
                top.var = 0;
            }
        }
    }
    Ok(out)
}
