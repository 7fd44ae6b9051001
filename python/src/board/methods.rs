//! The Python methods of `Board`.

use cescacs::{Bitboard, DrawClaim, GameResult, Hex, History, Piece, Position, Setup};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use super::PyBoard;
use crate::convert::{class_attr, color_obj, extract_color, extract_role, outcome_obj};
use crate::errors::{move_text_error, pdtl_error};
use crate::hex::{extract_hex, hex_obj, piece_obj, PyHex, PyPiece};
use crate::hexset::{hex_set, to_set, PyHexSet};
use crate::moves::{new_move, new_moves, PyLegalMoves, PyMove};
use crate::work::{interruptible, perft_of};

/// A `Piece`, or a PDTL letter (`"K"` White King, `"r"` Black Rook).
fn extract_piece(obj: &Bound<'_, PyAny>) -> PyResult<Piece> {
    if let Ok(p) = obj.cast::<PyPiece>() {
        return Ok(p.get().piece);
    }
    let text: String = obj.extract().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err("expected a Piece or a piece letter like 'K' or 'r'")
    })?;
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(ch), None) if ch.is_ascii_alphabetic() => Piece::from_char(ch),
        _ => None,
    }
    .ok_or_else(|| pyo3::exceptions::PyValueError::new_err(format!("not a piece letter: {text:?}")))
}

#[pymethods]
impl PyBoard {
    #[new]
    #[pyo3(signature = (pdtl = None, *, castling_allowed = true))]
    fn py_new(pdtl: Option<&str>, castling_allowed: bool) -> PyResult<Self> {
        let mut pos = match pdtl {
            Some(t) => Position::from_pdtl(t).map_err(pdtl_error)?,
            None => Position::default(),
        };
        pos.set_castling_allowed(castling_allowed);
        Ok(PyBoard::at(pos))
    }

    /// The canonical PDTL of the current position.
    fn pdtl(&self) -> String {
        match &self.edited {
            None => self.history.position().to_pdtl(),
            Some(setup) => setup.to_pdtl(),
        }
    }

    /// The side to move.
    #[getter]
    fn turn(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        color_obj(py, self.setup().turn)
    }

    /// Sets the side to move (an edit: the move stack is cleared).
    #[setter(turn)]
    fn set_turn(&mut self, color: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut setup = self.setup();
        setup.turn = extract_color(color)?;
        self.apply(setup);
        Ok(())
    }

    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.setup().halfmove_clock
    }

    /// The move number, `None` when unknown (`?` in PDTL).
    #[getter]
    fn fullmove_number(&self) -> Option<u32> {
        self.setup().fullmove_number
    }

    /// Whether castling (and capturing King's Leaps) is allowed: the "game
    /// without castling" option of RULES.md §4.8, not recorded in PDTL.
    #[getter]
    fn castling_allowed(&self) -> bool {
        self.history.position().castling_allowed()
    }

    /// The legal moves (a `LegalMoves` snapshot of the current position).
    #[getter]
    fn legal_moves(&self) -> PyResult<PyLegalMoves> {
        Ok(PyLegalMoves {
            moves: self.pos()?.legal_moves().to_vec(),
        })
    }

    /// Whether `move` is legal here.
    fn is_legal(&self, r#move: PyRef<'_, PyMove>) -> PyResult<bool> {
        Ok(self.pos()?.legal_moves().iter().any(|c| r#move.same(c)))
    }

    /// Plays `move` (a `Move`); raises `IllegalMoveError` if it is not
    /// legal. A legal move is never refused, even after the game has ended
    /// (python-chess's model; `outcome()` stays the first end).
    fn push(&mut self, r#move: PyRef<'_, PyMove>) -> PyResult<()> {
        let m = r#move.resolve(self.pos()?)?;
        self.hist_mut()?.push_unchecked(m);
        Ok(())
    }

    /// Reads a CTL-AN move (`"KRK-HIO"`, `"NG3-I7"`, `"E7-E13"`), plays it
    /// and returns it.
    fn push_ctl(&mut self, py: Python<'_>, text: &str) -> PyResult<Py<PyMove>> {
        let m = self.hist_mut()?.push_ctl(text).map_err(move_text_error)?;
        new_move(py, &m)
    }

    /// Reads a long-form move (`"G1-H6+I3-I5"`), plays it and returns it.
    fn push_long(&mut self, py: Python<'_>, text: &str) -> PyResult<Py<PyMove>> {
        let m = self.pos()?.parse_long(text).map_err(move_text_error)?;
        self.hist_mut()?.push_unchecked(m);
        new_move(py, &m)
    }

    /// Takes back the last move and returns it; `IndexError` on an empty stack.
    fn pop(&mut self, py: Python<'_>) -> PyResult<Py<PyMove>> {
        let m = self
            .hist_mut()?
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))?;
        new_move(py, &m)
    }

    /// The last move played; `IndexError` on an empty stack.
    fn peek(&self, py: Python<'_>) -> PyResult<Py<PyMove>> {
        let m = self
            .hist()?
            .last_move()
            .ok_or_else(|| PyIndexError::new_err("peek at empty move stack"))?;
        new_move(py, &m)
    }

    /// The moves played since the root position, oldest first.
    #[getter]
    fn move_stack(&self, py: Python<'_>) -> PyResult<Vec<Py<PyMove>>> {
        new_moves(py, self.hist()?.moves())
    }

    /// Number of moves on the stack.
    fn ply(&self) -> PyResult<usize> {
        Ok(self.hist()?.len())
    }

    /// A board at the root position (before the first move on the stack).
    fn root(&self) -> PyResult<PyBoard> {
        Ok(PyBoard::at(self.hist()?.start().clone()))
    }

    /// The move in canonical CTL-AN with its check mark (`"NG3-I7"`,
    /// `"KRK-HIO"`, `"DF12×E13+^"`).
    fn ctl(&self, r#move: PyRef<'_, PyMove>) -> PyResult<String> {
        let m = r#move.resolve(self.pos()?)?;
        Ok(self.pos()?.ctl(&m))
    }

    /// Reads a CTL-AN move and returns the legal move it names.
    fn parse_ctl(&self, py: Python<'_>, text: &str) -> PyResult<Py<PyMove>> {
        new_move(py, &self.pos()?.parse_ctl(text).map_err(move_text_error)?)
    }

    /// Reads a long-form move and returns the legal move it names.
    fn parse_long(&self, py: Python<'_>, text: &str) -> PyResult<Py<PyMove>> {
        new_move(py, &self.pos()?.parse_long(text).map_err(move_text_error)?)
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> PyResult<bool> {
        Ok(self.pos()?.is_check())
    }

    /// Whether the side to move is checkmated (in check, no legal move).
    fn is_checkmate(&self) -> PyResult<bool> {
        Ok(self.pos()?.is_checkmate())
    }

    /// No legal move and not in check (a win for the stalemating side).
    fn is_stalemate(&self) -> PyResult<bool> {
        Ok(self.pos()?.is_stalemate())
    }

    /// Whether neither side can mate any more (RULES.md: the game is drawn).
    fn is_insufficient_material(&self) -> PyResult<bool> {
        Ok(self.pos()?.is_insufficient_material())
    }

    /// Halfmove clock ≥ 150: the automatic 75-move draw.
    fn is_seventyfive_moves(&self) -> PyResult<bool> {
        Ok(self.pos()?.is_seventyfive_moves())
    }

    /// Whether the game is over (see `outcome()`).
    fn is_game_over(&self) -> PyResult<bool> {
        Ok(self.hist()?.is_game_over())
    }

    /// The `Outcome` if the game has ended, else `None`: checkmate,
    /// stalemate, fivefold repetition, the 75-move rule or insufficient
    /// material, judged over the root position and the move stack (the
    /// first point where the game ended, as the core's `Game.outcome`).
    fn outcome(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        self.hist()?
            .outcome()
            .map(|o| outcome_obj(py, o))
            .transpose()
    }

    /// The repetition identity of the position (RULES.md §7.2) as a 64-bit
    /// Zobrist hash: equal for positions that count as the same for
    /// repetition, whatever the moves that led to them.
    fn zobrist_hash(&self) -> PyResult<u64> {
        Ok(self.hist()?.zobrist_hash())
    }

    /// Whether the current position has occurred at least `count` times
    /// since the root position (itself included).
    #[pyo3(signature = (count = 3))]
    fn is_repetition(&self, count: usize) -> PyResult<bool> {
        Ok(self.hist()?.is_repetition(count))
    }

    /// How many times the current position has occurred (1 if new).
    fn repetition_count(&self) -> PyResult<usize> {
        Ok(self.hist()?.repetition_count())
    }

    /// The current position has occurred five times: the game is drawn.
    fn is_fivefold_repetition(&self) -> PyResult<bool> {
        Ok(self.hist()?.is_repetition(5))
    }

    /// The side to move may claim a draw by threefold repetition (the game
    /// not being over). A claim together with the move that would repeat
    /// the position is not modelled: push the move, then ask.
    fn can_claim_threefold_repetition(&self) -> PyResult<bool> {
        Ok(self.hist()?.can_claim(DrawClaim::ThreefoldRepetition))
    }

    /// The side to move may claim a draw by the fifty-move rule (halfmove
    /// clock ≥ 100, the game not being over).
    fn can_claim_fifty_moves(&self) -> PyResult<bool> {
        Ok(self.hist()?.can_claim(DrawClaim::FiftyMoves))
    }

    /// A draw may be claimed now (threefold repetition or fifty moves).
    fn can_claim_draw(&self) -> PyResult<bool> {
        Ok(self.hist()?.can_claim_draw())
    }

    /// The pieces giving check to the side to move.
    fn checkers(&self) -> PyResult<PyHexSet> {
        Ok(hex_set(self.pos()?.checkers()))
    }

    // ----- attacks and pins (RULES.md §5.1: pins ignored, leaps excluded) -----

    /// Whether `color` attacks `hex`: one of its pieces could capture there
    /// were an enemy piece on it (check detection's sense: pins ignored,
    /// King's Leaps never attack, an Elephant's two-step attack only
    /// through an empty middle hex).
    fn is_attacked_by(&self, color: &Bound<'_, PyAny>, hex: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self
            .pos()?
            .is_attacked(extract_hex(hex)?, extract_color(color)?))
    }

    /// The pieces of `color` attacking `hex`.
    fn attackers(&self, color: &Bound<'_, PyAny>, hex: &Bound<'_, PyAny>) -> PyResult<PyHexSet> {
        Ok(hex_set(
            self.pos()?
                .attackers(extract_hex(hex)?, extract_color(color)?),
        ))
    }

    /// The hexes the piece on `hex` attacks (empty if `hex` is empty).
    fn attacks(&self, hex: &Bound<'_, PyAny>) -> PyResult<PyHexSet> {
        Ok(hex_set(self.pos()?.attacks(extract_hex(hex)?)))
    }

    /// Every hex `color` attacks (its whole attack map).
    fn attacked_hexes(&self, color: &Bound<'_, PyAny>) -> PyResult<PyHexSet> {
        Ok(hex_set(self.pos()?.attacked_hexes(extract_color(color)?)))
    }

    /// Whether the piece of `color` on `hex` is pinned to its King.
    fn is_pinned(&self, color: &Bound<'_, PyAny>, hex: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self
            .pos()?
            .is_pinned(extract_color(color)?, extract_hex(hex)?))
    }

    /// The hexes a pinned piece of `color` on `hex` may still move to (from
    /// its King, excluded, to the pinning piece, included); every hex when
    /// it is not pinned, as python-chess's `pin`.
    fn pin(&self, color: &Bound<'_, PyAny>, hex: &Bound<'_, PyAny>) -> PyResult<PyHexSet> {
        let ray = self.pos()?.pin(extract_color(color)?, extract_hex(hex)?);
        Ok(hex_set(ray.unwrap_or(Bitboard::FULL)))
    }

    /// Whether playing `move` (a legal move) gives check.
    fn gives_check(&self, r#move: PyRef<'_, PyMove>) -> PyResult<bool> {
        let m = r#move.resolve(self.pos()?)?;
        Ok(self.pos()?.after(m).is_check())
    }

    /// Whether `move` (a legal move) captures, en passant and scornful
    /// captures included.
    fn is_capture(&self, r#move: PyRef<'_, PyMove>) -> PyResult<bool> {
        Ok(r#move.resolve(self.pos()?)?.captured().is_some())
    }

    /// The legal moves whose King or piece starts on a hex of `from_mask`
    /// and ends on one of `to_mask` (each a `HexSet`, an int mask or an
    /// iterable of hexes; `None` for every hex), in generation order. A
    /// castling goes from the King's home to the King's destination.
    #[pyo3(signature = (from_mask = None, to_mask = None))]
    fn generate_legal_moves(
        &self,
        py: Python<'_>,
        from_mask: Option<&Bound<'_, PyAny>>,
        to_mask: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<Py<PyMove>>> {
        let from = from_mask.map(to_set).transpose()?.unwrap_or(Bitboard::FULL);
        let to = to_mask.map(to_set).transpose()?.unwrap_or(Bitboard::FULL);
        let moves = self.pos()?.legal_moves();
        new_moves(
            py,
            moves
                .into_iter()
                .filter(|m| from.contains(m.from()) && to.contains(m.to())),
        )
    }

    /// The legal moves starting on `hex` (the King's for castlings and leaps).
    fn legal_moves_from(
        &self,
        py: Python<'_>,
        hex: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<Py<PyMove>>> {
        let h = extract_hex(hex)?;
        new_moves(
            py,
            self.pos()?
                .legal_moves()
                .into_iter()
                .filter(|m| m.from() == h),
        )
    }

    /// The legal moves ending on `hex` (the King's destination for castlings).
    fn legal_moves_to(&self, py: Python<'_>, hex: &Bound<'_, PyAny>) -> PyResult<Vec<Py<PyMove>>> {
        let h = extract_hex(hex)?;
        new_moves(
            py,
            self.pos()?
                .legal_moves()
                .into_iter()
                .filter(|m| m.to() == h),
        )
    }

    /// The result as CTL-PGN writes it: `"3-0"`, `"0-3"` (mate), `"2-1"`,
    /// `"1-2"` (stalemate), `"1-1"` (draw), or `"*"` while the game goes on.
    /// With `claim_draw`, a draw that may be claimed now counts as a draw.
    #[pyo3(signature = (*, claim_draw = false))]
    fn result(&self, claim_draw: bool) -> PyResult<&'static str> {
        let history = self.hist()?;
        Ok(match history.outcome() {
            Some(o) => GameResult::from_outcome(&o).as_str(),
            None if claim_draw && history.can_claim_draw() => GameResult::Draw.as_str(),
            None => GameResult::Unfinished.as_str(),
        })
    }

    /// The board drawn with FAN figurines (`str(board)` uses letters).
    fn unicode(&self) -> String {
        let mut text = self.text(true);
        text.pop();
        text
    }

    /// The King's Leaps legal now.
    fn king_leaps(&self, py: Python<'_>) -> PyResult<Vec<Py<PyMove>>> {
        new_moves(py, self.pos()?.king_leaps())
    }

    /// The castlings legal now.
    fn castlings(&self, py: Python<'_>) -> PyResult<Vec<Py<PyMove>>> {
        new_moves(py, self.pos()?.castlings())
    }

    /// The piece on `hex` (a `Hex` or `"F14"`), or `None`.
    fn piece_at(&self, py: Python<'_>, hex: &Bound<'_, PyAny>) -> PyResult<Option<Py<PyPiece>>> {
        Ok(self.piece_on(extract_hex(hex)?).map(|p| piece_obj(py, p)))
    }

    /// The hexes holding pieces of `kind` and `color`, in hex-index order.
    fn pieces(
        &self,
        py: Python<'_>,
        kind: &Bound<'_, PyAny>,
        color: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<Py<PyHex>>> {
        let p = Piece::new(extract_color(color)?, extract_role(kind)?);
        Ok(Hex::all()
            .filter(|&h| self.piece_on(h) == Some(p))
            .map(|h| hex_obj(py, h))
            .collect())
    }

    /// Every occupied hex with its piece, in hex-index order.
    fn piece_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for h in Hex::all() {
            if let Some(p) = self.piece_on(h) {
                d.set_item(hex_obj(py, h), piece_obj(py, p))?;
            }
        }
        Ok(d)
    }

    /// The hex of `color`'s King.
    fn king(&self, py: Python<'_>, color: &Bound<'_, PyAny>) -> PyResult<Py<PyHex>> {
        Ok(hex_obj(py, self.pos()?.king(extract_color(color)?)))
    }

    /// Perft: the number of legal move sequences `depth` plies deep. Runs
    /// the core's parallel perft (the CLI's) with the GIL released, on
    /// `threads` threads (default: all cores); Ctrl-C stops it with
    /// `KeyboardInterrupt`.
    #[pyo3(signature = (depth, *, threads = None))]
    fn perft(&self, py: Python<'_>, depth: u32, threads: Option<usize>) -> PyResult<u64> {
        // A copy, so that the board is not borrowed while the GIL is released.
        let pos = self.pos()?.clone();
        perft_of(py, &pos, depth, threads)
    }

    /// Perft split by first move: a list of `(long form, count)` pairs
    /// sorted by long form. Parallel and interruptible like `perft`.
    #[pyo3(signature = (depth, *, threads = None))]
    fn perft_divide(
        &self,
        py: Python<'_>,
        depth: u32,
        threads: Option<usize>,
    ) -> PyResult<Vec<(String, u64)>> {
        let pos = self.pos()?.clone();
        let split = interruptible(py, |stop| {
            pos.perft_job(depth)
                .threads(threads.unwrap_or(0))
                .cancel_flag(stop)
                .divide()
        })?;
        let mut v: Vec<(String, u64)> = split.into_iter().map(|(m, n)| (m.long(), n)).collect();
        v.sort();
        Ok(v)
    }

    /// A copy; with `stack=False` without the move stack.
    #[pyo3(signature = (*, stack = true))]
    fn copy(&self, stack: bool) -> PyBoard {
        if stack {
            self.clone()
        } else {
            PyBoard {
                history: History::new(self.history.position().clone()),
                edited: self.edited.clone(),
            }
        }
    }

    fn __copy__(&self) -> PyBoard {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyBoard {
        self.clone()
    }

    /// Pickles as the root PDTL, the castling option and the long forms of
    /// the moves on the stack.
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, Py<PyTuple>)> {
        // An edited board that is not a valid position cannot be pickled.
        let history = self.hist()?;
        let moves: Vec<String> = history.moves().map(|m| m.long()).collect();
        let args = (
            history.start().to_pdtl(),
            history.position().castling_allowed(),
            moves,
        )
            .into_pyobject(py)?
            .unbind();
        Ok((class_attr::<PyBoard>(py, "_restore")?, args))
    }

    /// Rebuilds a pickled board (internal).
    #[staticmethod]
    fn _restore(root: &str, castling_allowed: bool, moves: Vec<String>) -> PyResult<PyBoard> {
        let mut b = PyBoard::py_new(Some(root), castling_allowed)?;
        for m in &moves {
            let m = b.pos()?.parse_long(m).map_err(move_text_error)?;
            b.history.push_unchecked(m);
        }
        Ok(b)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyBoard>().is_ok_and(|o| {
            let o = o.borrow();
            match (&self.edited, &o.edited) {
                (None, None) => o.history.position() == self.history.position(),
                _ => o.setup() == self.setup(),
            }
        })
    }

    fn __ne__(&self, other: &Bound<'_, PyAny>) -> bool {
        !self.__eq__(other)
    }

    fn __repr__(&self) -> String {
        if self.castling_allowed() {
            format!("Board('{}')", self.pdtl())
        } else {
            format!("Board('{}', castling_allowed=False)", self.pdtl())
        }
    }

    fn __str__(&self) -> String {
        // The core's text board, without its final newline (python-chess).
        let mut text = self.text(false);
        if text.ends_with('\n') {
            text.pop();
        }
        text
    }

    // ----- editing (python-chess's set_piece_at & co.) ----------------------
    //
    // An edit clears the move stack. The board may pass through states that
    // are no valid position (no Kings yet…): it then answers only pieces,
    // PDTL, turn, `is_valid()` and `status()`; everything else raises
    // `InvalidPdtlError` with the reasons, until the edits make it valid.

    /// An empty board (no pieces, White to move, no castling rights): not a
    /// valid position until both Kings are placed.
    #[staticmethod]
    fn empty() -> PyBoard {
        let mut b = PyBoard::at(Position::default());
        b.apply(Setup::empty());
        b
    }

    /// Puts `piece` (a `Piece` or a PDTL letter like `"K"`, `"r"`) on
    /// `hex`; `None` empties the hex.
    #[pyo3(signature = (hex, piece))]
    fn set_piece_at(
        &mut self,
        hex: &Bound<'_, PyAny>,
        piece: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let h = extract_hex(hex)?;
        let piece = piece.map(extract_piece).transpose()?;
        let mut setup = self.setup();
        setup.board[h.index()] = piece;
        self.apply(setup);
        Ok(())
    }

    /// Empties `hex` and returns the piece that stood there, if any.
    fn remove_piece_at(
        &mut self,
        py: Python<'_>,
        hex: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Py<PyPiece>>> {
        let h = extract_hex(hex)?;
        let mut setup = self.setup();
        let old = setup.board[h.index()].take();
        if old.is_some() {
            self.apply(setup);
        }
        Ok(old.map(|p| piece_obj(py, p)))
    }

    /// Removes every piece (White to move, no rights): as `Board.empty()`.
    fn clear(&mut self) {
        self.apply(Setup::empty());
    }

    /// Sets the castling rights from a PDTL castling field (`"RKRrk"`,
    /// `"--"`); rights whose King or Rook is not at home are dropped, as
    /// the PDTL reader does.
    fn set_castling(&mut self, field: &str) -> PyResult<()> {
        let mut setup = self.setup();
        setup.set_castling(field).map_err(pdtl_error)?;
        self.apply(setup);
        Ok(())
    }

    /// Replaces the board by a PDTL position (the move stack is cleared);
    /// `InvalidPdtlError` leaves the board as it was.
    fn set_pdtl(&mut self, pdtl: &str) -> PyResult<()> {
        let mut pos = Position::from_pdtl(pdtl).map_err(pdtl_error)?;
        pos.set_castling_allowed(self.castling_allowed());
        self.history = History::new(pos);
        self.edited = None;
        Ok(())
    }

    /// Whether the board is a valid position (always, unless edited into
    /// one that is not).
    fn is_valid(&self) -> bool {
        self.edited.is_none()
    }

    /// Why the board is not a valid position: the PDTL reader's complaints
    /// (King counts, too many pieces of a kind, two Bishops of a side on one
    /// hex colour, the side not to move in check); empty when valid.
    fn status(&self) -> Vec<String> {
        match &self.edited {
            None => Vec::new(),
            Some(setup) => setup.problems().iter().map(ToString::to_string).collect(),
        }
    }
}
