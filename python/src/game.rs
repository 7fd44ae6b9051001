//! `Game`: a game record (tags, start position, annotated main line with
//! variations, result), and the root of its tree of `GameNode` objects.

use std::fmt::Write as _;

use cescacs::pgn as core_pgn;
use cescacs::{Assessment, Game, GameError, GameResult, Position};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::board::PyBoard;
use crate::convert::{class_attr, outcome_obj};
use crate::errors::{game_error, pdtl_error, pgn_error};
use crate::moves::{new_move, new_moves, PyMove};
use crate::nodes::{mainline_nodes, root, PyGameNode};

/// A C'escacs game record: tags, start position, the main line with its
/// comments, assessments and variations, and the result. Read one with
/// `cescacs.pgn.read_game`; `str(game)` writes canonical CTL-PGN.
/// `Game()` starts from the initial position, `Game(board)` from a
/// board's root position with its move stack, `Game(pdtl)` from a PDTL.
/// The core's record policy holds: no move after the end of the game
/// (`GameOverError`), `pop()` down to the start, `result` stated until the
/// main line changes.
#[pyclass(module = "cescacs", name = "Game")]
#[derive(Clone)]
pub(crate) struct PyGame {
    pub(crate) game: Game,
}

impl PyGame {
    /// A Python `Game` holding `game`.
    pub(crate) fn wrap(game: Game) -> PyGame {
        PyGame { game }
    }
}

/// `game` replayed from its start position with castling not allowed (the
/// option CTL-PGN does not record): its moves with their annotations, its
/// tags, comments and stated result. The core has no setter for the start
/// position's castling option, so the record is rebuilt move by move; a
/// record going on past an automatic end cannot be rebuilt that way.
fn without_castling(game: Game) -> PyResult<Game> {
    let mut start = game.start().clone();
    start.set_castling_allowed(false);
    let mut out = Game::from_position(start);
    for am in &game.mainline().moves {
        out.push_annotated(am.clone())
            .map_err(|e| PyValueError::new_err(format!("corrupt pickled Game: {e}")))?;
    }
    if let Some(r) = game.stated_result() {
        out.set_result(r);
    }
    *out.comments_mut() = game.mainline().comments.clone();
    out.tags = game.tags;
    out.final_comments = game.final_comments;
    Ok(out)
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (start = None))]
    fn py_new(start: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let Some(start) = start else {
            return Ok(PyGame { game: Game::new() });
        };
        if let Ok(b) = start.cast::<PyBoard>() {
            return Self::from_board(b.borrow());
        }
        if let Ok(s) = start.cast::<PyString>() {
            let pos = Position::from_pdtl(&s.to_cow()?).map_err(pdtl_error)?;
            return Ok(PyGame {
                game: Game::from_position(pos),
            });
        }
        Err(PyTypeError::new_err(format!(
            "Game(start): expected a Board, a PDTL string or None, got {}",
            start.repr()?
        )))
    }

    /// A game from a board's root position and its move stack (moves kept
    /// as played, even past an automatic end of the game).
    #[staticmethod]
    fn from_board(board: PyRef<'_, PyBoard>) -> PyResult<PyGame> {
        Ok(PyGame {
            game: Game::from_history(board.hist()?.clone()),
        })
    }

    /// `[(name, value), ...]` in file order (internal: see `headers`).
    fn _tags(&self) -> Vec<(String, String)> {
        self.game.tags.clone()
    }

    /// Sets the first tag `name` or appends it (internal: see `headers`).
    fn _set_tag(&mut self, name: &str, value: &str) -> PyResult<()> {
        // The rules of a tag are the core's (Game::try_set_tag).
        self.game
            .try_set_tag(name, value)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// Removes every tag `name`; whether there was one (internal).
    fn _del_tag(&mut self, name: &str) -> bool {
        let n = self.game.tags.len();
        self.game.tags.retain(|(t, _)| t != name);
        self.game.tags.len() != n
    }

    /// The start position (a board with an empty move stack).
    fn board(&self) -> PyBoard {
        PyBoard::at(self.game.start().clone())
    }

    /// The final position, with the main line on the move stack.
    fn end_board(&self) -> PyBoard {
        PyBoard::from_history(self.game.history().clone())
    }

    /// The position after `ply` plies of the main line (0 = start), with
    /// those plies on the move stack; `IndexError` outside `0..=ply()`.
    fn board_at(&self, ply: i64) -> PyResult<PyBoard> {
        let n = self.game.len();
        match usize::try_from(ply) {
            Ok(p) if p <= n => {
                // Take moves back: the history replays the game once to keep its
                // positions, then each move taken back is a copy.
                let mut history = self.game.history().clone();
                for _ in p..n {
                    history.pop();
                }
                Ok(PyBoard::from_history(history))
            }
            _ => Err(PyIndexError::new_err(format!(
                "ply {ply} out of range 0..={n}"
            ))),
        }
    }

    /// Number of plies in the main line.
    fn ply(&self) -> usize {
        self.game.len()
    }

    /// The main line's moves.
    fn mainline_moves(&self, py: Python<'_>) -> PyResult<Vec<Py<PyMove>>> {
        new_moves(py, self.game.moves())
    }

    /// The main line as `GameNode` objects (one per ply, with comments,
    /// assessment, indicator and variations).
    fn mainline(slf: &Bound<'_, Self>) -> PyResult<Vec<Py<PyGameNode>>> {
        mainline_nodes(slf)
    }

    /// The main line in canonical CTL-AN, one string per ply.
    fn ctl_moves(&self) -> Vec<String> {
        self.game.ctl_moves()
    }

    /// The result: `"3-0"`, `"0-3"`, `"2-1"`, `"1-2"`, `"1-1"` or `"*"`.
    /// The stated one (the record's result line, else its `Result` tag, or
    /// the value set here) while the main line is unchanged; after a
    /// `push` or `pop`, the rules' result (`"*"` while the game goes on).
    #[getter]
    fn result(&self) -> &'static str {
        self.game.result().as_str()
    }

    /// States the result (a resignation, an agreed draw); also written in
    /// the `Result` tag if the game has one.
    #[setter]
    fn set_result(&mut self, value: &str) -> PyResult<()> {
        let r = GameResult::parse(value).ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown result {value:?} (expected 3-0, 0-3, 2-1, 1-2, 1-1 or *)"
            ))
        })?;
        self.game.set_result(r);
        Ok(())
    }

    /// Comments before the first move (the context of the game); set a
    /// list of strings to replace them.
    #[getter]
    fn comments(&self) -> Vec<String> {
        self.game.mainline().comments.clone()
    }

    #[setter]
    fn set_comments(&mut self, comments: Vec<String>) {
        *self.game.comments_mut() = comments;
    }

    /// Comments after the result line; set a list of strings to replace
    /// them.
    #[getter]
    fn final_comments(&self) -> Vec<String> {
        self.game.final_comments.clone()
    }

    #[setter]
    fn set_final_comments(&mut self, comments: Vec<String>) {
        self.game.final_comments = comments;
    }

    /// Replaces the comments on the move that reached `ply` (1 for the
    /// first move, as `GameNode.ply`). The writer prefixes each with the
    /// mover's `@W:` / `@B:`.
    fn set_move_comments(&mut self, ply: usize, comments: Vec<String>) -> PyResult<()> {
        let n = self.game.len();
        *at_ply(ply, n, |i| self.game.move_comments_mut(i))? = comments;
        Ok(())
    }

    /// Sets the assessment of the move that reached `ply` (1 for the first
    /// move): a mark (`"!"`, `"?"`, `"!!"`, `"??"`, `"!?"`, `"?!"`, `"◇"`),
    /// its glyph number 1 … 7, or `None` to clear it.
    #[pyo3(signature = (ply, mark))]
    fn set_assessment(&mut self, ply: usize, mark: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let assessment = match mark {
            None => None,
            Some(m) => Some(if let Ok(nag) = m.extract::<u8>() {
                Assessment::from_nag(nag).ok_or_else(|| {
                    PyValueError::new_err(format!("no assessment glyph ${nag} (1 … 7)"))
                })?
            } else {
                let text: String = m.extract()?;
                Assessment::from_symbol(&text).ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "unknown assessment {text:?} (expected ! ? !! ?? !? ?! ◇ or 1 … 7)"
                    ))
                })?
            }),
        };
        let n = self.game.len();
        *at_ply(ply, n, |i| self.game.assessment_mut(i))? = assessment;
        Ok(())
    }

    /// How the game ended by the rules (checkmate, stalemate, fivefold
    /// repetition, 75-move rule, insufficient material), `None` if it has
    /// not: the first point of the main line where it ended.
    fn outcome(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        self.game.outcome().map(|o| outcome_obj(py, o)).transpose()
    }

    /// The ply at which the game ended by the rules, `None` if it has not
    /// (a record may go on after an automatic draw the players missed).
    fn end_ply(&self) -> Option<usize> {
        self.game.end().map(|(ply, _)| ply)
    }

    /// The stated results that the final position contradicts, as
    /// sentences (empty when consistent).
    fn check_result(&self) -> Vec<String> {
        self.game
            .check_result()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// How many times the final position has occurred.
    fn repetition_count(&self) -> usize {
        self.game.repetition_count()
    }

    /// Whether the main line's end position has occurred at least `count`
    /// times in the game (itself included).
    #[pyo3(signature = (count = 3))]
    fn is_repetition(&self, count: usize) -> bool {
        self.game.is_repetition(count)
    }

    /// Whether a draw may be claimed at the end of the main line
    /// (threefold repetition or fifty moves).
    fn can_claim_draw(&self) -> bool {
        self.game.can_claim_draw()
    }

    /// Plays `move` at the end of the main line and returns it (complete).
    /// `GameOverError` once the game has ended by the rules (see
    /// `outcome()`), else `IllegalMoveError` if the move is not legal.
    fn push(&mut self, py: Python<'_>, r#move: PyRef<'_, PyMove>) -> PyResult<Py<PyMove>> {
        // A finished game refuses every move as over, even one that is
        // not legal (after a mate, none is); only asked when resolving fails.
        let m = r#move
            .resolve(self.game.position())
            .map_err(|e| match self.game.outcome() {
                Some(o) => game_error(GameError::GameOver(o)),
                None => e,
            })?;
        self.game.push(m).map_err(game_error)?;
        new_move(py, &m)
    }

    /// Reads a CTL-AN move in the final position, plays it and returns it;
    /// errors as `push` (and `InvalidMoveError` for unreadable text).
    fn push_ctl(&mut self, py: Python<'_>, text: &str) -> PyResult<Py<PyMove>> {
        let m = self.game.push_ctl(text).map_err(game_error)?;
        new_move(py, &m)
    }

    /// Takes back the last move of the main line (with its comments and
    /// variations) and returns it; `IndexError` at the start. A record read
    /// from CTL-PGN can be taken back to its start position.
    fn pop(&mut self, py: Python<'_>) -> PyResult<Py<PyMove>> {
        let am = self
            .game
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from empty main line"))?;
        new_move(py, &am.mv)
    }

    /// Canonical CTL-PGN (`cescacs.pgn.write_game`).
    fn __str__(&self) -> String {
        core_pgn::write_game(&self.game)
    }

    fn __repr__(&self) -> String {
        let mut tags = String::new();
        for key in ["Event", "Id", "Title", "Date"] {
            // The roster's defaults (`?`, `????-??-??`) say nothing.
            let known = |v: &&str| !v.chars().all(|c| matches!(c, '?' | '-' | '.'));
            if let Some(v) = self.game.tag(key).filter(known) {
                let _ = write!(tags, " {key}={v:?}");
            }
        }
        format!(
            "<Game{tags} plies={} result={:?}>",
            self.game.len(),
            self.game.result().as_str()
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyGame>()
            .is_ok_and(|o| o.borrow().game == self.game)
    }

    fn __ne__(&self, other: &Bound<'_, PyAny>) -> bool {
        !self.__eq__(other)
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    /// Pickles as the CTL-PGN text and the castling option (not in PGN).
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String, bool))> {
        let text = core_pgn::write_game(&self.game);
        Ok((
            class_attr::<PyGame>(py, "_restore")?,
            (text, self.game.start().castling_allowed()),
        ))
    }

    // ----- python-chess's tree, whose root the game is (see `nodes`) -----

    /// The root has no parent: `None`.
    #[getter]
    fn parent(&self) -> Option<Py<PyAny>> {
        None
    }

    /// The first moves the record holds: the main line's first move, then
    /// its alternatives in written order, as `GameNode` objects.
    #[getter]
    fn variations(slf: &Bound<'_, Self>) -> PyResult<Vec<Py<PyGameNode>>> {
        root::variations(slf)
    }

    /// `variations[i]`; also by `Move` or CTL-AN text (`KeyError` if none).
    fn variation(slf: &Bound<'_, Self>, i: &Bound<'_, PyAny>) -> PyResult<Py<PyGameNode>> {
        root::variation(slf, i)
    }

    /// Whether `i` (a `Move`, CTL-AN text or node) is one of the variations.
    fn has_variation(slf: &Bound<'_, Self>, i: &Bound<'_, PyAny>) -> PyResult<bool> {
        match root::variation(slf, i) {
            Ok(_) => Ok(true),
            Err(e) if e.is_instance_of::<pyo3::exceptions::PyKeyError>(slf.py()) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// The main line's first node, `None` for a game without moves.
    fn next(slf: &Bound<'_, Self>) -> PyResult<Option<Py<PyGameNode>>> {
        Ok(mainline_nodes(slf)?.into_iter().next())
    }

    /// The main line's last node (the game itself when it has no move).
    fn end(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        root::end(slf)
    }

    /// Whether the game has no move.
    fn is_end(&self) -> bool {
        self.game.is_empty()
    }

    /// The root is on the main line: `True`.
    fn is_mainline(&self) -> bool {
        true
    }

    /// The root is the main variation: `True`.
    fn is_main_variation(&self) -> bool {
        true
    }

    /// Adds `move` (a `Move` or CTL-AN text) from the start as the last
    /// variation (as the main line's first move if it has none) and returns
    /// its node; `IllegalMoveError` if it is not legal there.
    #[pyo3(signature = (r#move, *, comment = "", starting_comment = "", nags = None))]
    fn add_variation(
        slf: &Bound<'_, Self>,
        r#move: Bound<'_, PyAny>,
        comment: &str,
        starting_comment: &str,
        nags: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyGameNode>> {
        root::add(slf, &[r#move], false, comment, starting_comment, nags)
    }

    /// Adds `move` from the start as the main line's first move (the old
    /// main line becomes its first variation) and returns its node.
    #[pyo3(signature = (r#move, *, comment = "", nags = None))]
    fn add_main_variation(
        slf: &Bound<'_, Self>,
        r#move: Bound<'_, PyAny>,
        comment: &str,
        nags: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyGameNode>> {
        root::add(slf, &[r#move], true, comment, "", nags)
    }

    /// Adds `moves` from the start, one after the other (see
    /// `GameNode.add_line`), and returns the last one's node.
    #[pyo3(signature = (moves, *, comment = "", starting_comment = "", nags = None))]
    fn add_line(
        slf: &Bound<'_, Self>,
        moves: &Bound<'_, PyAny>,
        comment: &str,
        starting_comment: &str,
        nags: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyGameNode>> {
        let moves: Vec<Bound<'_, PyAny>> = moves.try_iter()?.collect::<PyResult<_>>()?;
        root::add(slf, &moves, false, comment, starting_comment, nags)
    }

    /// Makes the variation `child` (index, node, `Move` or CTL-AN text)
    /// the main line's first move.
    fn promote_to_main(slf: &Bound<'_, Self>, child: &Bound<'_, PyAny>) -> PyResult<()> {
        root::reorder_child(slf, child, "promote_to_main")
    }

    /// Moves the variation `child` one place up.
    fn promote(slf: &Bound<'_, Self>, child: &Bound<'_, PyAny>) -> PyResult<()> {
        root::reorder_child(slf, child, "promote")
    }

    /// Moves the variation `child` one place down.
    fn demote(slf: &Bound<'_, Self>, child: &Bound<'_, PyAny>) -> PyResult<()> {
        root::reorder_child(slf, child, "demote")
    }

    /// Removes the variation `child` with everything after it.
    fn remove_variation(slf: &Bound<'_, Self>, child: &Bound<'_, PyAny>) -> PyResult<()> {
        root::reorder_child(slf, child, "remove")
    }

    /// The comments before the first move joined by newlines; setting it
    /// replaces them with one comment (none for `""`).
    #[getter]
    fn comment(&self) -> String {
        self.game.mainline().comments.join("\n")
    }

    #[setter]
    fn set_comment(&mut self, comment: &str) {
        *self.game.comments_mut() = if comment.is_empty() {
            Vec::new()
        } else {
            vec![comment.to_string()]
        };
    }

    /// The record's events for the visitors (internal: `cescacs.pgn`).
    fn _events(&self, py: Python<'_>) -> PyResult<Vec<(u8, Py<PyAny>)>> {
        crate::visit::events(py, &self.game)
    }

    /// Rebuilds a pickled game (internal).
    #[staticmethod]
    fn _restore(py: Python<'_>, text: &str, castling_allowed: bool) -> PyResult<PyGame> {
        let game = core_pgn::read_game(text).map_err(|e| pgn_error(py, &e))?;
        if castling_allowed {
            return Ok(PyGame { game });
        }
        without_castling(game).map(|game| PyGame { game })
    }
}

/// The annotation slot `slot` gives for the move that reached `ply` (1 for
/// the first move of a game of `n`), or `IndexError`.
fn at_ply<T>(ply: usize, n: usize, slot: impl FnOnce(usize) -> Option<T>) -> PyResult<T> {
    ply.checked_sub(1)
        .and_then(slot)
        .ok_or_else(|| PyIndexError::new_err(format!("no move at ply {ply} (1..={n})")))
}
