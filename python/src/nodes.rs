//! `GameNode` and `Variation`: read-only views of a record's moves.
//!
//! A record's lines are copied once per `game.mainline()` into a tree the
//! views share ([`SharedLine`]), and each view holds the moves that lead
//! to it as a shared chain ([`Path`]). So going one level down a nest of
//! variations costs one node, whatever the depth, and no view copies the
//! subtree below it. Both structures are built and dropped with loops, not
//! recursion: a record nested a million levels deep is read, walked and
//! freed on a small thread stack.

use std::sync::Arc;

use cescacs::{AnnotatedMove, Color, Game, Line, Move as CoreMove, Position};
use pyo3::prelude::*;

use crate::board::PyBoard;
use crate::convert::color_obj;
use crate::moves::{new_move, new_moves, PyMove};

/// A line of the record as the views share it.
pub(crate) struct SharedLine {
    comments: Vec<String>,
    moves: Vec<SharedMove>,
}

/// A move with its annotations (its own `variations` left empty) and its
/// alternatives, shared.
struct SharedMove {
    am: AnnotatedMove,
    variations: Vec<SharedVariation>,
}

struct SharedVariation {
    label: Option<String>,
    line: Arc<SharedLine>,
}

/// Where a variation goes: its parent line (an index in the build order),
/// the move it replaces and its rank among that move's variations.
type Slot = (usize, usize, usize);

impl SharedLine {
    /// Copies `line` and every variation below it, level by level.
    fn of(line: &Line) -> Arc<SharedLine> {
        // Every line in breadth-first order, with the slot (line, move,
        // variation) it fills in its parent: parents come before children.
        let mut order: Vec<(&Line, Option<Slot>)> = vec![(line, None)];
        let mut i = 0;
        while i < order.len() {
            let here = order[i].0;
            for (k, am) in here.moves.iter().enumerate() {
                for (v, var) in am.variations.iter().enumerate() {
                    order.push((&var.line, Some((i, k, v))));
                }
            }
            i += 1;
        }
        let mut built: Vec<Option<SharedLine>> = order
            .iter()
            .map(|(l, _)| {
                Some(SharedLine {
                    comments: l.comments.clone(),
                    moves: l
                        .moves
                        .iter()
                        .map(|am| SharedMove {
                            am: AnnotatedMove {
                                mv: am.mv,
                                assessment: am.assessment,
                                indicator: am.indicator,
                                comments: am.comments.clone(),
                                variations: Vec::new(),
                            },
                            variations: Vec::with_capacity(am.variations.len()),
                        })
                        .collect(),
                })
            })
            .collect();
        // Attach from the end: a line is finished before its parent takes
        // it (a move's variations arrive last first; `finish` turns them).
        for j in (1..order.len()).rev() {
            let (_, slot) = order[j];
            let (parent, k, v) = slot.expect("a variation has a parent");
            let child = finish(built[j].take().expect("built once"));
            let var = &order[parent].0.moves[k].variations[v];
            let moves = &mut built[parent].as_mut().expect("parents are attached later").moves;
            moves[k].variations.push(SharedVariation { label: var.label.clone(), line: child });
        }
        finish(built[0].take().expect("the main line"))
    }
}

/// A line whose variations were all attached (last first): in order.
fn finish(mut line: SharedLine) -> Arc<SharedLine> {
    for m in &mut line.moves {
        m.variations.reverse();
    }
    Arc::new(line)
}

impl Drop for SharedLine {
    /// Frees the lines below with a loop: a deep nest would overflow the
    /// stack if each level dropped the next.
    fn drop(&mut self) {
        let mut below: Vec<Arc<SharedLine>> = Vec::new();
        let take = |moves: &mut Vec<SharedMove>, into: &mut Vec<Arc<SharedLine>>| {
            for m in moves.iter_mut() {
                into.extend(m.variations.drain(..).map(|v| v.line));
            }
        };
        take(&mut self.moves, &mut below);
        while let Some(line) = below.pop() {
            if let Ok(mut line) = Arc::try_unwrap(line) {
                take(&mut line.moves, &mut below);
            }
        }
    }
}

/// The moves from the game's start to a point, newest first, shared by
/// every view below that point.
struct Path {
    mv: CoreMove,
    up: Option<Arc<Path>>,
}

impl Drop for Path {
    /// A loop for the same reason as [`SharedLine`]'s.
    fn drop(&mut self) {
        let mut up = self.up.take();
        while let Some(p) = up {
            up = match Arc::try_unwrap(p) {
                Ok(mut p) => p.up.take(),
                Err(_) => None,
            };
        }
    }
}

/// The moves of `path` from the start, oldest first.
fn moves_of(path: &Option<Arc<Path>>) -> Vec<CoreMove> {
    let mut out = Vec::new();
    let mut at = path.as_deref();
    while let Some(p) = at {
        out.push(p.mv);
        at = p.up.as_deref();
    }
    out.reverse();
    out
}

/// What every view of one record shares: its start and the numbering.
struct Origin {
    start: Position,
}

impl Origin {
    fn move_number(&self, ply: usize) -> u32 {
        let base = self.start.fullmove_number().unwrap_or(1);
        let offset = usize::from(self.start.turn() == Color::Black);
        base + ((ply + offset) / 2) as u32
    }
}

/// The nodes of `game`'s main line.
pub(crate) fn mainline_nodes(py: Python<'_>, game: &Game) -> PyResult<Vec<Py<PyGameNode>>> {
    let origin = Arc::new(Origin { start: game.start().clone() });
    let line = SharedLine::of(game.mainline());
    line_nodes(py, &origin, &line, None, 0, game.start())
}

/// The nodes of `line`, whose first move follows `path` (`depth` moves
/// from the start) in position `before`.
fn line_nodes(
    py: Python<'_>,
    origin: &Arc<Origin>,
    line: &Arc<SharedLine>,
    mut path: Option<Arc<Path>>,
    depth: usize,
    before: &Position,
) -> PyResult<Vec<Py<PyGameNode>>> {
    let mut pos = before.clone();
    let mut out = Vec::with_capacity(line.moves.len());
    for (k, m) in line.moves.iter().enumerate() {
        let node = PyGameNode {
            origin: Arc::clone(origin),
            line: Arc::clone(line),
            index: k,
            path: path.clone(),
            ply: depth + k,
            before: pos.clone(),
        };
        out.push(Py::new(py, node)?);
        pos.play_unchecked(m.am.mv);
        path = Some(Arc::new(Path { mv: m.am.mv, up: path }));
    }
    Ok(out)
}

/// One move of a game with what the record says about it. A view:
/// `game.mainline()` gives the main line's nodes, `node.variations` the
/// alternatives to this move (each starting from the position before it).
#[pyclass(frozen, module = "cescacs", name = "GameNode")]
pub(crate) struct PyGameNode {
    origin: Arc<Origin>,
    line: Arc<SharedLine>,
    /// This move is `line.moves[index]`.
    index: usize,
    /// The moves before this one, from the game's start.
    path: Option<Arc<Path>>,
    /// Plies before this move.
    ply: usize,
    before: Position,
}

impl PyGameNode {
    fn am(&self) -> &AnnotatedMove {
        &self.line.moves[self.index].am
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
        self.ply + 1
    }

    /// The move number shown for this move.
    #[getter]
    fn move_number(&self) -> u32 {
        self.origin.move_number(self.ply)
    }

    /// The side that plays this move.
    #[getter]
    fn turn(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        color_obj(py, self.before.turn())
    }

    /// The move in canonical CTL-AN with its check mark.
    #[getter]
    fn ctl(&self) -> String {
        self.before.ctl(&self.am().mv)
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
        self.line.moves[self.index]
            .variations
            .iter()
            .map(|v| PyVariation {
                origin: Arc::clone(&self.origin),
                label: v.label.clone(),
                line: Arc::clone(&v.line),
                path: self.path.clone(),
                ply: self.ply,
                before: self.before.clone(),
            })
            .collect()
    }

    /// The position after this move, with the moves from the game's start
    /// on its stack.
    fn board(&self) -> PyBoard {
        let mut moves = moves_of(&self.path);
        moves.push(self.am().mv);
        PyBoard::replay(&self.origin.start, moves)
    }

    /// The position before this move, with its history on the stack.
    fn board_before(&self) -> PyBoard {
        PyBoard::replay(&self.origin.start, moves_of(&self.path))
    }

    fn __repr__(&self) -> String {
        let mark = if self.before.turn() == Color::White { "." } else { ". …," };
        format!("<GameNode {}{mark} {}>", self.move_number(), self.before.ctl(&self.am().mv))
    }
}

/// A variation (RAV): an alternative line starting from the position
/// before the move it replaces.
#[pyclass(frozen, module = "cescacs", name = "Variation")]
pub(crate) struct PyVariation {
    origin: Arc<Origin>,
    label: Option<String>,
    line: Arc<SharedLine>,
    /// The moves before the replaced move, from the game's start.
    path: Option<Arc<Path>>,
    ply: usize,
    before: Position,
}

#[pymethods]
impl PyVariation {
    /// The `$[n]` label other comments refer to it by, or `None`.
    #[getter]
    fn label(&self) -> Option<String> {
        self.label.clone()
    }

    /// Comments before the variation's first move.
    #[getter]
    fn comments(&self) -> Vec<String> {
        self.line.comments.clone()
    }

    /// The variation's moves as nodes (which may hold variations in turn).
    fn mainline(&self, py: Python<'_>) -> PyResult<Vec<Py<PyGameNode>>> {
        line_nodes(py, &self.origin, &self.line, self.path.clone(), self.ply, &self.before)
    }

    /// The variation's moves.
    fn mainline_moves(&self, py: Python<'_>) -> PyResult<Vec<Py<PyMove>>> {
        new_moves(py, self.line.moves.iter().map(|m| m.am.mv))
    }

    /// The position the variation starts from (before the replaced move).
    fn board(&self) -> PyBoard {
        PyBoard::replay(&self.origin.start, moves_of(&self.path))
    }

    fn __len__(&self) -> usize {
        self.line.moves.len()
    }

    fn __repr__(&self) -> String {
        let label = self.label.as_ref().map_or(String::new(), |l| format!(" $[{l}]"));
        format!("<Variation{label} ({} moves)>", self.line.moves.len())
    }
}
