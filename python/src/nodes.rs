//! `GameNode`: python-chess's node of a game tree over the core's record
//! (`cescacs::Game` and its editing API, `record_edit`).
//!
//! A node is a move of the record, named by its place (`node_place::At`:
//! a path from the main line and an index); the game itself is the root.
//! A node reads the game it belongs to as it is now, and its edits change
//! that game. The live nodes of each game are listed (weakly) in
//! `LIVE`: an edit through the tree that moves lines (promoting, demoting
//! or removing a variation, adding a main variation) moves the places of
//! the nodes on them too, so a node keeps naming its move, as a
//! python-chess node does (a removed move's node raises `ValueError`).
//! Edits by other means (`Game.pop`) are not followed: a node whose move
//! is gone raises `ValueError`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};

use cescacs::{Assessment, EditError, Fork, Game, Move, Position};
use pyo3::exceptions::{PyIndexError, PyKeyError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyFrozenSet, PyString};

use crate::board::PyBoard;
use crate::convert::color_obj;
use crate::errors::{game_error, move_text_error, IllegalMoveError};
use crate::game::PyGame;
use crate::moves::{new_move, new_moves, PyMove};
use crate::node_place::{extend, forks, At, Rel, Slot};

/// A node's place; `None` once its move was removed.
type Cell = Mutex<Option<At>>;

/// The places of a game's live nodes, with the length at which the list
/// is next pruned of dead ones.
type Places = (Vec<Weak<Cell>>, usize);

/// The places of the live nodes of each game, by the address of the
/// Python game object (which every node keeps alive).
static LIVE: Mutex<Option<HashMap<usize, Places>>> = Mutex::new(None);

/// A `GameNode` for move `at` of `game`.
pub(crate) fn node(py: Python<'_>, game: &Py<PyGame>, at: At) -> PyResult<Py<PyGameNode>> {
    let cell = Arc::new(Mutex::new(Some(at)));
    let mut live = LIVE.lock().expect("live nodes");
    let (list, prune_at) = live
        .get_or_insert_with(HashMap::new)
        .entry(game.as_ptr() as usize)
        .or_insert((Vec::new(), 64));
    list.push(Arc::downgrade(&cell));
    if list.len() >= *prune_at {
        list.retain(|w| w.strong_count() > 0);
        *prune_at = (2 * list.len()).max(64);
    }
    drop(live);
    Py::new(
        py,
        PyGameNode {
            game: game.clone_ref(py),
            at: cell,
        },
    )
}

/// The live nodes of `game` under `slot`, with their places relative to
/// its children (`line`: the line at the slot's path, before the edit).
fn under(game: &Bound<'_, PyGame>, slot: &Slot, line: &cescacs::Line) -> Vec<(Arc<Cell>, Rel)> {
    let mut live = LIVE.lock().expect("live nodes");
    let Some(map) = live.as_mut() else {
        return Vec::new();
    };
    let key = game.as_ptr() as usize;
    let Some((list, _)) = map.get_mut(&key) else {
        return Vec::new();
    };
    list.retain(|w| w.strong_count() > 0);
    if list.is_empty() {
        map.remove(&key);
        return Vec::new();
    }
    let cells: Vec<Arc<Cell>> = list.iter().filter_map(Weak::upgrade).collect();
    drop(live);
    cells
        .into_iter()
        .filter_map(|cell| {
            let rel = cell
                .lock()
                .expect("node lock")
                .as_ref()
                .and_then(|at| slot.locate(line, at))?;
            Some((cell, rel))
        })
        .collect()
}

/// Moves the nodes `under` found after an edit that sent child `k` of
/// `slot` to `perm(k)` (`None`: removed), the children listed flat.
fn relocate(slot: &Slot, nodes: Vec<(Arc<Cell>, Rel)>, perm: impl Fn(usize) -> Option<usize>) {
    for (cell, rel) in nodes {
        *cell.lock().expect("node lock") = perm(rel.k).map(|k| slot.place(k, &rel));
    }
}

/// The nodes of `game`'s main line.
pub(crate) fn mainline_nodes(game: &Bound<'_, PyGame>) -> PyResult<Vec<Py<PyGameNode>>> {
    let n = game.borrow().game.len();
    (0..n)
        .map(|index| node(game.py(), &game.clone().unbind(), At { path: None, index }))
        .collect()
}

/// The core's edit errors as the package's exceptions.
fn edit_error(e: EditError) -> PyErr {
    match e {
        EditError::Illegal(i) => IllegalMoveError::new_err(i.to_string()),
        EditError::Game(g) => game_error(g),
        other => PyValueError::new_err(format!(
            "{other} (a node whose line was changed by an edit: take it anew from the game)"
        )),
    }
}

/// A move given as a `Move` or as CTL-AN text, resolved in `pos`.
fn move_in(pos: &Position, mv: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(m) = mv.cast::<PyMove>() {
        return m.borrow().resolve(pos);
    }
    if let Ok(text) = mv.cast::<PyString>() {
        return pos
            .parse_ctl(&text.extract::<String>()?)
            .map_err(move_text_error);
    }
    Err(PyTypeError::new_err(format!(
        "expected a Move or a CTL-AN str, got {}",
        mv.get_type().name()?
    )))
}

/// The assessment a set of NAGs names: at most one of 1 … 7.
fn assessment_of(nags: &Bound<'_, PyAny>) -> PyResult<Option<Assessment>> {
    let mut found = None;
    for nag in nags.try_iter()? {
        let n: i64 = nag?.extract()?;
        let a = u8::try_from(n)
            .ok()
            .and_then(Assessment::from_nag)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "NAG {n} is not a move assessment: CTL-PGN keeps $1 … $7 (! ? !! ?? !? ?! ◇)"
                ))
            })?;
        if found.is_some_and(|f| f != a) {
            return Err(PyValueError::new_err(
                "a move holds one assessment: give at most one NAG of 1 … 7",
            ));
        }
        found = Some(a);
    }
    Ok(found)
}

/// A comment string as the record's list of comments.
fn comment_list(comment: &str) -> Vec<String> {
    if comment.is_empty() {
        Vec::new()
    } else {
        vec![comment.to_string()]
    }
}

/// The receiver of a tree method: the game's root (`None`) or a move.
type Place<'a> = Option<&'a At>;

/// The slot after `place` with its children.
fn children(game: &Game, place: Place<'_>) -> PyResult<(Slot, Vec<At>)> {
    let slot = Slot::after(place);
    let line = game.line_at(&forks(&slot.path)).map_err(edit_error)?;
    let children = slot.children(line);
    Ok((slot, children))
}

/// Sets the comment, starting comment and NAGs of a new node.
fn annotate(
    game: &mut Game,
    at: &At,
    comment: &str,
    starting_comment: &str,
    nags: Option<&Bound<'_, PyAny>>,
) -> PyResult<()> {
    let path = forks(&at.path);
    if let Some(nags) = nags {
        game.set_assessment(&path, at.index, assessment_of(nags)?)
            .map_err(edit_error)?;
    }
    game.set_comments(&path, at.index, comment_list(comment))
        .map_err(edit_error)?;
    if !starting_comment.is_empty() && at.index == 0 && !path.is_empty() {
        game.set_line_comments(&path, comment_list(starting_comment))
            .map_err(edit_error)?;
    }
    Ok(())
}

/// Adds `moves` after `place` as its last child (main: as its first), and
/// returns the node of the line's last new move.
fn add_line(
    py_game: &Bound<'_, PyGame>,
    place: Place<'_>,
    moves: &[Bound<'_, PyAny>],
    main: bool,
) -> PyResult<At> {
    let mut g = py_game.borrow_mut();
    let game = &mut g.game;
    let slot = Slot::after(place);
    let path = forks(&slot.path);
    let mut pos = game.position_in(&path, slot.index).map_err(edit_error)?;
    let mut resolved = Vec::with_capacity(moves.len());
    for mv in moves {
        let m = move_in(&pos, mv)?;
        pos.play(m)
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))?;
        resolved.push(m);
    }
    if resolved.is_empty() {
        return Err(PyValueError::new_err(
            "no moves given: a line needs at least one move",
        ));
    }
    let line = game.line_at(&path).map_err(edit_error)?;
    if slot.index == line.moves.len() {
        game.extend_line(&path, &resolved).map_err(edit_error)?;
        return Ok(At {
            path: slot.path,
            index: slot.index + resolved.len() - 1,
        });
    }
    let first = if main {
        let nodes = under(py_game, &slot, line);
        game.flatten_variations(&path, slot.index)
            .map_err(edit_error)?;
        game.add_main_variation(&path, slot.index, &resolved)
            .map_err(edit_error)?;
        relocate(&slot, nodes, |k| Some(k + 1));
        At {
            path: slot.path.clone(),
            index: slot.index,
        }
    } else {
        // The last variation is the last child, nested alternatives or
        // not: nothing moves.
        let rank = game
            .add_variation(&path, slot.index, &resolved)
            .map_err(edit_error)?;
        At {
            path: extend(
                &slot.path,
                Fork {
                    index: slot.index,
                    rank,
                },
            ),
            index: 0,
        }
    };
    Ok(At {
        path: first.path,
        index: first.index + resolved.len() - 1,
    })
}

/// Which child of `place` `child` names (an index, a node, a `Move` or
/// CTL-AN text), among `children`.
fn child_rank(
    py: Python<'_>,
    game: &Game,
    slot: &Slot,
    children: &[At],
    child: &Bound<'_, PyAny>,
) -> PyResult<usize> {
    if let Ok(n) = child.cast::<PyGameNode>() {
        let at = n.get().place()?;
        return children
            .iter()
            .position(|c| c.same(&at))
            .ok_or_else(|| PyKeyError::new_err("the node is not a variation of this node"));
    }
    if let Ok(k) = child.extract::<i64>() {
        let len = children.len() as i64;
        let k = if k < 0 { k + len } else { k };
        return usize::try_from(k)
            .ok()
            .filter(|&k| k < children.len())
            .ok_or_else(|| {
                PyIndexError::new_err(format!("variation index out of range ({len} variations)"))
            });
    }
    let pos = game
        .position_in(&forks(&slot.path), slot.index)
        .map_err(edit_error)?;
    let m = move_in(&pos, child)?;
    let moves: Vec<Move> = children
        .iter()
        .map(|c| game.line_at(&forks(&c.path)).map(|l| l.moves[c.index].mv))
        .collect::<Result<_, _>>()
        .map_err(edit_error)?;
    let _ = py;
    moves
        .iter()
        .position(|&x| x == m)
        .ok_or_else(|| PyKeyError::new_err(format!("no variation {} here", pos.ctl(&m))))
}

/// A reordering of the children of a slot listed flat.
#[derive(Copy, Clone)]
enum Reorder {
    PromoteToMain,
    Promote,
    Demote,
    Remove,
}

/// Applies `op` to the child `child` of `place`; updates the node passed,
/// if one was.
fn reorder(
    game: &Bound<'_, PyGame>,
    place: Place<'_>,
    child: &Bound<'_, PyAny>,
    op: Reorder,
) -> PyResult<()> {
    let py = game.py();
    let mut g = game.borrow_mut();
    let core = &mut g.game;
    let (slot, list) = children(core, place)?;
    let k = child_rank(py, core, &slot, &list, child)?;
    let n = list.len();
    let path = forks(&slot.path);
    let j = slot.index;
    let nodes = under(game, &slot, core.line_at(&path).map_err(edit_error)?);
    core.flatten_variations(&path, j).map_err(edit_error)?;
    let swap = |a: usize, b: usize| {
        move |x: usize| {
            Some(if x == a {
                b
            } else if x == b {
                a
            } else {
                x
            })
        }
    };
    match (op, k) {
        // Nothing moves but what listing the alternatives flat moved.
        (Reorder::PromoteToMain | Reorder::Promote, 0) => relocate(&slot, nodes, Some),
        (Reorder::Demote, k) if k + 1 >= n => relocate(&slot, nodes, Some),
        (Reorder::PromoteToMain, k) => {
            core.promote_to_main(&path, j, k - 1).map_err(edit_error)?;
            relocate(&slot, nodes, |x| {
                Some(if x == k {
                    0
                } else if x < k {
                    x + 1
                } else {
                    x
                })
            });
        }
        (Reorder::Promote, k) => {
            core.promote_variation(&path, j, k - 1)
                .map_err(edit_error)?;
            relocate(&slot, nodes, swap(k - 1, k));
        }
        (Reorder::Demote, k) => {
            match k {
                0 => core.promote_variation(&path, j, 0),
                k => core.demote_variation(&path, j, k - 1),
            }
            .map_err(edit_error)?;
            relocate(&slot, nodes, swap(k, k + 1));
        }
        (Reorder::Remove, k) => {
            match (k, n) {
                (0, 1) => core.truncate_line(&path, j).map(drop),
                (0, _) => core
                    .promote_to_main(&path, j, 0)
                    .and_then(|()| core.remove_variation(&path, j, 0).map(drop)),
                (k, _) => core.remove_variation(&path, j, k - 1).map(drop),
            }
            .map_err(edit_error)?;
            relocate(&slot, nodes, |x| match x.cmp(&k) {
                std::cmp::Ordering::Less => Some(x),
                std::cmp::Ordering::Equal => None,
                std::cmp::Ordering::Greater => Some(x - 1),
            });
        }
    }
    Ok(())
}

/// One move of a game with what the record says about it, and its place
/// in the game's tree (python-chess's `ChildNode`): `parent`, `next()`,
/// `variations` (the moves the record holds after this one, the main
/// continuation first), and edits of the tree below it. The node reads
/// and edits the game it came from, as it is now.
#[pyclass(frozen, module = "cescacs", name = "GameNode")]
pub(crate) struct PyGameNode {
    game: Py<PyGame>,
    /// The node's place; `None` once its move was removed.
    at: Arc<Cell>,
}

impl PyGameNode {
    fn place(&self) -> PyResult<At> {
        self.at
            .lock()
            .expect("node lock")
            .clone()
            .ok_or_else(|| PyValueError::new_err("this node was removed from its game"))
    }

    /// `f` of the game, this node's path and its index.
    fn with<T>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&Game, &[Fork], usize) -> Result<T, EditError>,
    ) -> PyResult<T> {
        let at = self.place()?;
        let g = self.game.bind(py).borrow();
        f(&g.game, &forks(&at.path), at.index).map_err(edit_error)
    }

    /// `f` of the annotated move.
    fn read<T>(&self, py: Python<'_>, f: impl FnOnce(&cescacs::AnnotatedMove) -> T) -> PyResult<T> {
        self.with(py, |g, path, i| {
            let line = g.line_at(path)?;
            line.moves.get(i).map(f).ok_or(EditError::NoMove {
                depth: path.len(),
                index: i,
                len: line.moves.len(),
            })
        })
    }

    /// Changes the game at this node's move.
    fn edit(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Game, &[Fork], usize) -> Result<(), EditError>,
    ) -> PyResult<()> {
        let at = self.place()?;
        let mut g = self.game.bind(py).borrow_mut();
        f(&mut g.game, &forks(&at.path), at.index).map_err(edit_error)
    }

    fn before(&self, py: Python<'_>) -> PyResult<Position> {
        self.with(py, |g, path, i| g.position_in(path, i))
    }

    fn new_node(&self, py: Python<'_>, at: At) -> PyResult<Py<PyGameNode>> {
        node(py, &self.game, at)
    }
}

#[pymethods]
impl PyGameNode {
    /// The move (complete: kind, piece, capture).
    #[getter]
    fn r#move(&self, py: Python<'_>) -> PyResult<Py<PyMove>> {
        let mv = self.read(py, |am| am.mv)?;
        new_move(py, &mv)
    }

    /// Plies from the game's start to after this move (1 for the first move).
    fn ply(&self) -> PyResult<usize> {
        Ok(self.place()?.ply())
    }

    /// The move number shown for this move.
    #[getter]
    fn move_number(&self, py: Python<'_>) -> PyResult<u32> {
        let ply = self.place()?.ply();
        Ok(self.game.bind(py).borrow().game.move_number(ply - 1))
    }

    /// The side that plays this move.
    #[getter]
    fn turn(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        color_obj(py, self.before(py)?.turn())
    }

    /// The move in canonical CTL-AN with its check mark (python-chess's
    /// `san()`).
    fn ctl(&self, py: Python<'_>) -> PyResult<String> {
        let mv = self.read(py, |am| am.mv)?;
        Ok(self.before(py)?.ctl(&mv))
    }

    /// The comments on this move (without their `@W:` / `@B:` prefix); set
    /// a list of strings to replace them.
    #[getter]
    fn comments(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.read(py, |am| am.comments.clone())
    }

    #[setter]
    fn set_comments(&self, py: Python<'_>, comments: Vec<String>) -> PyResult<()> {
        self.edit(py, |g, path, i| g.set_comments(path, i, comments))
    }

    /// The comments joined by newlines (`""` if none); setting it replaces
    /// them with one comment (none for `""`).
    #[getter]
    fn comment(&self, py: Python<'_>) -> PyResult<String> {
        self.read(py, |am| am.comments.join("\n"))
    }

    #[setter]
    fn set_comment(&self, py: Python<'_>, comment: &str) -> PyResult<()> {
        self.edit(py, |g, path, i| {
            g.set_comments(path, i, comment_list(comment))
        })
    }

    /// The comment before this move when it starts a variation (`""`
    /// otherwise); only such a node takes one (the game's opening comment
    /// is `game.comment`).
    #[getter]
    fn starting_comment(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, |g, path, i| {
            Ok(if i == 0 && !path.is_empty() {
                g.line_at(path)?.comments.join("\n")
            } else {
                String::new()
            })
        })
    }

    #[setter]
    fn set_starting_comment(&self, py: Python<'_>, comment: &str) -> PyResult<()> {
        let at = self.place()?;
        if at.index != 0 || at.path.is_none() {
            return Err(PyValueError::new_err("only the first move of a variation has a starting comment (the game's opening comment is game.comment)"));
        }
        self.edit(py, |g, path, _| {
            g.set_line_comments(path, comment_list(comment))
        })
    }

    /// The assessment mark (`"!"`, `"?"`, `"!!"`, `"??"`, `"!?"`, `"?!"`, `"◇"`), or `None`.
    #[getter]
    fn assessment(&self, py: Python<'_>) -> PyResult<Option<&'static str>> {
        self.read(py, |am| am.assessment.map(|a| a.symbol()))
    }

    /// The assessment as a PGN numeric annotation glyph (1 … 7), or `None`.
    #[getter]
    fn nag(&self, py: Python<'_>) -> PyResult<Option<u8>> {
        self.read(py, |am| am.assessment.map(|a| a.nag()))
    }

    /// The NAGs of the move as a set: empty, or the assessment's (1 … 7).
    /// Set a set (or any iterable) of at most one NAG of 1 … 7; others
    /// raise `ValueError` (CTL-PGN writes only these).
    #[getter]
    fn nags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyFrozenSet>> {
        let nag = self.read(py, |am| am.assessment.map(|a| a.nag()))?;
        PyFrozenSet::new(py, nag.iter())
    }

    #[setter]
    fn set_nags(&self, py: Python<'_>, nags: &Bound<'_, PyAny>) -> PyResult<()> {
        let a = assessment_of(nags)?;
        self.edit(py, |g, path, i| g.set_assessment(path, i, a))
    }

    /// The game indicator (`"(=)"`, `":"`, `"(=):"`), or `None`; settable.
    #[getter]
    fn indicator(&self, py: Python<'_>) -> PyResult<Option<&'static str>> {
        self.read(py, |am| am.indicator.map(|i| i.symbol()))
    }

    #[setter]
    fn set_indicator(&self, py: Python<'_>, indicator: Option<&str>) -> PyResult<()> {
        let i = match indicator {
            None => None,
            Some(s) => Some(cescacs::Indicator::from_symbol(s).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "unknown indicator {s:?} (expected \"(=)\", \":\" or \"(=):\")"
                ))
            })?),
        };
        self.edit(py, |g, path, idx| g.set_indicator(path, idx, i))
    }

    /// The `$[n]` label of the variation this node starts, or `None`.
    #[getter]
    fn label(&self, py: Python<'_>) -> PyResult<Option<String>> {
        let at = self.place()?;
        let Some(link) = at.path.as_ref().filter(|_| at.index == 0) else {
            return Ok(None);
        };
        let _ = link;
        let path = forks(&at.path);
        let (up, fork) = path.split_at(path.len() - 1);
        self.with(py, |g, _, _| {
            Ok(g.line_at(up)?.moves[fork[0].index].variations[fork[0].rank]
                .label
                .clone())
        })
    }

    /// The move before this one, or the game for a first move.
    #[getter]
    fn parent(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match self.place()?.parent() {
            Some(at) => Ok(self.new_node(py, at)?.into_any()),
            None => Ok(self.game.clone_ref(py).into_any()),
        }
    }

    /// The game this node belongs to.
    fn game(&self, py: Python<'_>) -> Py<PyGame> {
        self.game.clone_ref(py)
    }

    /// The moves the record holds after this one: the main continuation
    /// first, then the alternatives to it in written order.
    #[getter]
    fn variations(&self, py: Python<'_>) -> PyResult<Vec<Py<PyGameNode>>> {
        let at = self.place()?;
        let list = children(&self.game.bind(py).borrow().game, Some(&at))?.1;
        list.into_iter().map(|c| self.new_node(py, c)).collect()
    }

    /// `variations[i]`; also by `Move` or CTL-AN text (`KeyError` if none)
    /// or by node.
    fn variation(&self, py: Python<'_>, i: &Bound<'_, PyAny>) -> PyResult<Py<PyGameNode>> {
        let at = self.place()?;
        let g = self.game.bind(py).borrow();
        let (slot, list) = children(&g.game, Some(&at))?;
        let k = child_rank(py, &g.game, &slot, &list, i)?;
        drop(g);
        self.new_node(py, list[k].clone())
    }

    /// Whether `i` (a `Move`, CTL-AN text or node) is one of the variations.
    fn has_variation(&self, py: Python<'_>, i: &Bound<'_, PyAny>) -> PyResult<bool> {
        match self.variation(py, i) {
            Ok(_) => Ok(true),
            Err(e) if e.is_instance_of::<PyKeyError>(py) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// The main continuation (`variations[0]`), or `None` at the end of a line.
    fn next(&self, py: Python<'_>) -> PyResult<Option<Py<PyGameNode>>> {
        let at = self.place()?;
        let len = self.with(py, |g, path, _| Ok(g.line_at(path)?.moves.len()))?;
        let next = At {
            path: at.path,
            index: at.index + 1,
        };
        (next.index < len)
            .then(|| self.new_node(py, next))
            .transpose()
    }

    /// Whether this node has no continuation.
    fn is_end(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.next(py)?.is_none())
    }

    /// The last node of the main continuation from here.
    fn end(slf: &Bound<'_, Self>) -> PyResult<Py<PyGameNode>> {
        let me = slf.get();
        let at = me.place()?;
        let len = me.with(slf.py(), |g, path, _| Ok(g.line_at(path)?.moves.len()))?;
        me.new_node(
            slf.py(),
            At {
                path: at.path,
                index: len - 1,
            },
        )
    }

    /// Whether the node is on the game's main line.
    fn is_mainline(&self) -> PyResult<bool> {
        Ok(self.place()?.path.is_none())
    }

    /// Whether the node is its parent's main continuation (`variations[0]`).
    fn is_main_variation(&self) -> PyResult<bool> {
        let at = self.place()?;
        Ok(at.index > 0 || at.path.is_none())
    }

    /// The nodes of the main continuation after this one.
    fn mainline(&self, py: Python<'_>) -> PyResult<Vec<Py<PyGameNode>>> {
        let at = self.place()?;
        let len = self.with(py, |g, path, _| Ok(g.line_at(path)?.moves.len()))?;
        (at.index + 1..len)
            .map(|index| {
                self.new_node(
                    py,
                    At {
                        path: at.path.clone(),
                        index,
                    },
                )
            })
            .collect()
    }

    /// The moves of the main continuation after this one.
    fn mainline_moves(&self, py: Python<'_>) -> PyResult<Vec<Py<PyMove>>> {
        let moves = self.with(py, |g, path, i| {
            Ok(g.line_at(path)?.moves[i + 1..]
                .iter()
                .map(|am| am.mv)
                .collect::<Vec<_>>())
        })?;
        new_moves(py, moves)
    }

    /// The position after this move, with the moves from the game's start
    /// on its stack.
    fn board(&self, py: Python<'_>) -> PyResult<PyBoard> {
        let g = self.game.bind(py).borrow();
        let at = self.place()?;
        let moves = g
            .game
            .moves_to(&forks(&at.path), at.index + 1)
            .map_err(edit_error)?;
        Ok(PyBoard::replay(g.game.start(), moves))
    }

    /// The position before this move, with its history on the stack.
    fn board_before(&self, py: Python<'_>) -> PyResult<PyBoard> {
        let g = self.game.bind(py).borrow();
        let at = self.place()?;
        let moves = g
            .game
            .moves_to(&forks(&at.path), at.index)
            .map_err(edit_error)?;
        Ok(PyBoard::replay(g.game.start(), moves))
    }

    /// Adds `move` (a `Move` or CTL-AN text) after this node as its last
    /// variation (at the end of a line: as its continuation) and returns
    /// its node. `IllegalMoveError` if it is not legal there.
    #[pyo3(signature = (r#move, *, comment = "", starting_comment = "", nags = None))]
    fn add_variation(
        &self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        comment: &str,
        starting_comment: &str,
        nags: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyGameNode>> {
        let at = self.place()?;
        let game = self.game.bind(py);
        let new = add_line(game, Some(&at), std::slice::from_ref(r#move), false)?;
        annotate(
            &mut game.borrow_mut().game,
            &new,
            comment,
            starting_comment,
            nags,
        )?;
        self.new_node(py, new)
    }

    /// Adds `move` after this node as its main continuation (the old one
    /// becomes its first variation) and returns its node.
    #[pyo3(signature = (r#move, *, comment = "", nags = None))]
    fn add_main_variation(
        &self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        comment: &str,
        nags: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyGameNode>> {
        let at = self.place()?;
        let game = self.game.bind(py);
        let new = add_line(game, Some(&at), std::slice::from_ref(r#move), true)?;
        annotate(&mut game.borrow_mut().game, &new, comment, "", nags)?;
        self.new_node(py, new)
    }

    /// Adds `moves` one after the other from this node (the first as a new
    /// variation, as `add_variation`) and returns the last one's node; the
    /// comment and NAGs go on the last move, the starting comment before
    /// the first. All or nothing: an illegal move adds none.
    #[pyo3(signature = (moves, *, comment = "", starting_comment = "", nags = None))]
    fn add_line(
        &self,
        py: Python<'_>,
        moves: &Bound<'_, PyAny>,
        comment: &str,
        starting_comment: &str,
        nags: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyGameNode>> {
        let at = self.place()?;
        let moves: Vec<Bound<'_, PyAny>> = moves.try_iter()?.collect::<PyResult<_>>()?;
        let game = self.game.bind(py);
        let last = add_line(game, Some(&at), &moves, false)?;
        let first = At {
            path: last.path.clone(),
            index: last.index + 1 - moves.len(),
        };
        annotate(
            &mut game.borrow_mut().game,
            &first,
            "",
            starting_comment,
            None,
        )?;
        annotate(&mut game.borrow_mut().game, &last, comment, "", nags)?;
        self.new_node(py, last)
    }

    /// Makes `child` (a variation: index, node, `Move` or CTL-AN text) the
    /// main continuation, the others following in order; without an
    /// argument, this node among its parent's variations.
    #[pyo3(signature = (child = None))]
    fn promote_to_main(slf: &Bound<'_, Self>, child: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        slf.get().reorder_child(slf, child, Reorder::PromoteToMain)
    }

    /// Moves `child` one place up among the variations (this node among
    /// its parent's, without an argument).
    #[pyo3(signature = (child = None))]
    fn promote(slf: &Bound<'_, Self>, child: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        slf.get().reorder_child(slf, child, Reorder::Promote)
    }

    /// Moves `child` one place down among the variations (this node among
    /// its parent's, without an argument).
    #[pyo3(signature = (child = None))]
    fn demote(slf: &Bound<'_, Self>, child: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        slf.get().reorder_child(slf, child, Reorder::Demote)
    }

    /// Removes the variation `child` (index, node, `Move` or CTL-AN text)
    /// with everything after it; removing the main continuation makes the
    /// next variation the main one.
    fn remove_variation(slf: &Bound<'_, Self>, child: &Bound<'_, PyAny>) -> PyResult<()> {
        slf.get().reorder_child(slf, Some(child), Reorder::Remove)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        let Ok(o) = other.cast::<PyGameNode>() else {
            return false;
        };
        let o = o.get();
        // One lock at a time: `other` may be this very node.
        let a = self.at.lock().expect("node lock").clone();
        let b = o.at.lock().expect("node lock").clone();
        self.game.is(&o.game) && matches!((a, b), (Some(a), Some(b)) if a.same(&b))
    }

    fn __hash__(&self) -> PyResult<u64> {
        use std::hash::{Hash, Hasher};
        let at = self.place()?;
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.game.as_ptr() as usize, forks(&at.path), at.index).hash(&mut h);
        Ok(h.finish())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let white = self.before(py)?.turn() == cescacs::Color::White;
        let mark = if white { "." } else { ". …," };
        Ok(format!(
            "<GameNode {}{mark} {}>",
            self.move_number(py)?,
            self.ctl(py)?
        ))
    }
}

impl PyGameNode {
    /// A reordering of `child` among this node's variations, or of this
    /// node among its parent's.
    fn reorder_child(
        &self,
        slf: &Bound<'_, Self>,
        child: Option<&Bound<'_, PyAny>>,
        op: Reorder,
    ) -> PyResult<()> {
        let game = self.game.bind(slf.py());
        match child {
            Some(child) => reorder(game, Some(&self.place()?), child, op),
            None => reorder(game, self.place()?.parent().as_ref(), slf.as_any(), op),
        }
    }
}

/// python-chess's tree methods for the game, its root: what `Game` offers
/// besides its record methods.
pub(crate) mod root {
    use super::*;

    /// The first moves the record holds: the main line's, then its
    /// alternatives.
    pub(crate) fn variations(game: &Bound<'_, PyGame>) -> PyResult<Vec<Py<PyGameNode>>> {
        let list = children(&game.borrow().game, None)?.1;
        list.into_iter()
            .map(|c| node(game.py(), &game.clone().unbind(), c))
            .collect()
    }

    /// `variations[i]`, by index, node, `Move` or CTL-AN text.
    pub(crate) fn variation(
        game: &Bound<'_, PyGame>,
        i: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyGameNode>> {
        let g = game.borrow();
        let (slot, list) = children(&g.game, None)?;
        let k = child_rank(game.py(), &g.game, &slot, &list, i)?;
        drop(g);
        node(game.py(), &game.clone().unbind(), list[k].clone())
    }

    /// The main line's last node (the game itself when it has no move).
    pub(crate) fn end(game: &Bound<'_, PyGame>) -> PyResult<Py<PyAny>> {
        let n = game.borrow().game.len();
        match n {
            0 => Ok(game.clone().unbind().into_any()),
            n => Ok(node(
                game.py(),
                &game.clone().unbind(),
                At {
                    path: None,
                    index: n - 1,
                },
            )?
            .into_any()),
        }
    }

    /// Adds a line of `moves` from the start (see `GameNode.add_line`),
    /// or one move as the last (`main`: the first) variation.
    pub(crate) fn add(
        game: &Bound<'_, PyGame>,
        moves: &[Bound<'_, PyAny>],
        main: bool,
        comment: &str,
        starting_comment: &str,
        nags: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyGameNode>> {
        let last = add_line(game, None, moves, main)?;
        let first = At {
            path: last.path.clone(),
            index: last.index + 1 - moves.len(),
        };
        annotate(
            &mut game.borrow_mut().game,
            &first,
            "",
            starting_comment,
            None,
        )?;
        annotate(&mut game.borrow_mut().game, &last, comment, "", nags)?;
        node(game.py(), &game.clone().unbind(), last)
    }

    /// A reordering of the game's first moves.
    pub(crate) fn reorder_child(
        game: &Bound<'_, PyGame>,
        child: &Bound<'_, PyAny>,
        op: &str,
    ) -> PyResult<()> {
        let op = match op {
            "promote_to_main" => Reorder::PromoteToMain,
            "promote" => Reorder::Promote,
            "demote" => Reorder::Demote,
            _ => Reorder::Remove,
        };
        reorder(game, None, child, op)
    }
}
