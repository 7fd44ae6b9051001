//! `Move` (a move's identity, with what the generator knows about it) and
//! `LegalMoves` (a position's legal moves as a snapshot).

use std::sync::Mutex;

use cescacs::{Castling, Hex, Move as CoreMove, MoveId, MoveKind, Position, Role, KING_HOME};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyString, PyTuple};

use crate::board::PyBoard;
use crate::convert::{
    bool_obj, class_attr, extract_role, move_kind_from_index, move_kind_index, move_kind_obj,
    role_obj,
};
use crate::errors::{move_text_error, IllegalMoveError, InvalidMoveError};
use crate::hex::{extract_hex, hex_obj, PyHex};

/// What the generator knows about a move beyond its identity.
#[derive(Copy, Clone, PartialEq, Eq)]
struct Detail {
    role: Role,
    captured: Option<Role>,
    kind: MoveKind,
}

/// A move. Its identity (equality, hash) is its long form: origin,
/// destination, promotion and, for castlings, which castling. Moves from a
/// board (`legal_moves`, `parse_ctl`, …) also know their kind, moving piece
/// and captured piece; moves built without a board (`Move(...)`,
/// `Move.from_long`) have `kind`, `piece_kind` and `captured` set to `None`
/// and are resolved against the board when pushed.
#[pyclass(frozen, freelist = 4096, module = "cescacs", name = "Move")]
pub(crate) struct PyMove {
    from: Hex,
    to: Hex,
    promotion: Option<Role>,
    castling: Option<Castling>,
    detail: Option<Detail>,
}

impl PyMove {
    fn from_core(m: &CoreMove) -> PyMove {
        PyMove {
            from: m.from(),
            to: m.to(),
            promotion: m.promotion(),
            castling: m.castling(),
            detail: Some(Detail {
                role: m.role(),
                captured: m.captured(),
                kind: m.kind(),
            }),
        }
    }

    #[inline]
    pub(crate) fn same(&self, m: &CoreMove) -> bool {
        self.from == m.from()
            && self.to == m.to()
            && self.promotion == m.promotion()
            && self.castling == m.castling()
    }

    fn key(&self) -> (Hex, Hex, Option<Role>, Option<Castling>) {
        (self.from, self.to, self.promotion, self.castling)
    }

    /// The core's position-free identity of this move (the core holds the
    /// rule telling a castling's colour and a forced promotion).
    pub(crate) fn id(&self) -> MoveId {
        MoveId::new(self.from, self.to, self.promotion, self.castling)
    }

    fn from_id(id: MoveId) -> PyMove {
        match id {
            MoveId::Ordinary {
                from,
                to,
                promotion,
            } => PyMove {
                from,
                to,
                promotion,
                castling: None,
                detail: None,
            },
            MoveId::ForcedPromotion { hex, promotion } => PyMove {
                from: hex,
                to: hex,
                promotion: Some(promotion),
                castling: None,
                detail: None,
            },
            MoveId::Castling { color, castling } => PyMove {
                from: KING_HOME[color.index()],
                to: castling.king_to(color),
                promotion: None,
                castling: Some(castling),
                detail: None,
            },
        }
    }

    pub(crate) fn long_text(&self) -> String {
        self.id().long()
    }

    /// The legal move of `pos` this move names (complete: kind, piece,
    /// capture); `IllegalMoveError` if there is none.
    pub(crate) fn resolve(&self, pos: &Position) -> PyResult<CoreMove> {
        pos.resolve(self.id()).ok_or_else(|| {
            IllegalMoveError::new_err(format!(
                "illegal move {} in position {}",
                self.long_text(),
                pos.to_pdtl()
            ))
        })
    }

    /// Reads the long form without a position: only the move's identity.
    fn parse_bare(text: &str) -> PyResult<PyMove> {
        MoveId::from_long(text)
            .map(PyMove::from_id)
            .map_err(|e| move_text_error(e.into()))
    }
}

/// Interned `Move` objects for the core's moves, like the interned `Hex` and
/// `Piece` objects: a `Move` is frozen and compares by value, so the same
/// object can stand for equal moves anywhere. Making a PyO3 object and
/// freeing it costs about 600 instructions, nine times the generation of the
/// move; a hit here costs a few dozen. Direct-mapped and bounded
/// ([`MoveCache::SLOTS`] objects and slots, under 1 MB): a new move replaces
/// whatever shared its slot. 16,384 slots, not 4,096: listing 19k fresh
/// positions of random games costs 4 % less per move (more of the moves
/// seen before are still cached), 1,000 positions listed over and over 11 %.
struct MoveCache {
    slots: Vec<Option<(CoreMove, Py<PyMove>)>>,
}

impl MoveCache {
    const BITS: u32 = 14;
    const SLOTS: usize = 1 << Self::BITS;

    /// The slot of `m`: its fields packed, spread by a Fibonacci hash.
    fn slot(m: &CoreMove) -> usize {
        let key = m.from().index() as u64
            | (m.to().index() as u64) << 8
            | (m.role().index() as u64) << 16
            | (m.captured().map_or(0, |r| r.index() + 1) as u64) << 24
            | (m.promotion().map_or(0, |r| r.index() + 1) as u64) << 32
            | (move_kind_index(m.kind()) as u64) << 40;
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - Self::BITS)) as usize
    }

    fn get(&mut self, py: Python<'_>, m: &CoreMove) -> PyResult<Py<PyMove>> {
        let slot = &mut self.slots[Self::slot(m)];
        if let Some((key, obj)) = slot {
            if key == m {
                return Ok(obj.clone_ref(py));
            }
        }
        let obj = Py::new(py, PyMove::from_core(m))?;
        // The replaced object (if any) is released here, with the GIL held:
        // freeing a `Move` runs no Python code, so nothing re-enters the lock.
        *slot = Some((*m, obj.clone_ref(py)));
        Ok(obj)
    }
}

static MOVE_CACHE: PyOnceLock<Mutex<MoveCache>> = PyOnceLock::new();

/// Runs `f` with the move cache (one lock for a whole list of moves).
fn with_move_cache<R>(py: Python<'_>, f: impl FnOnce(&mut MoveCache) -> R) -> R {
    let cache = MOVE_CACHE.get_or_init(py, || {
        Mutex::new(MoveCache {
            slots: (0..MoveCache::SLOTS).map(|_| None).collect(),
        })
    });
    // Only code holding the GIL takes the lock, and nothing in it panics
    // midway through an update; a poisoned lock still holds a valid cache.
    let mut guard = cache.lock().unwrap_or_else(|e| e.into_inner());
    f(&mut guard)
}

/// A `Move` for a legal move of the core (complete: kind, piece, capture).
pub(crate) fn new_move(py: Python<'_>, m: &CoreMove) -> PyResult<Py<PyMove>> {
    with_move_cache(py, |c| c.get(py, m))
}

/// `Move`s for legal moves of the core, in order.
pub(crate) fn new_moves(
    py: Python<'_>,
    moves: impl IntoIterator<Item = CoreMove>,
) -> PyResult<Vec<Py<PyMove>>> {
    with_move_cache(py, |c| moves.into_iter().map(|m| c.get(py, &m)).collect())
}

/// The long forms of `moves`, sorted by byte order (the golden data's and
/// the CLI's order).
pub(crate) fn sorted_long(moves: &[CoreMove]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(CoreMove::long).collect();
    v.sort_unstable();
    v
}

#[pymethods]
impl PyMove {
    /// `Move(from_hex, to_hex, promotion=None)`: an ordinary move, King's
    /// Leap, or (with `from_hex == to_hex`) a forced in-place promotion.
    /// Castlings are made with `Move.from_long("G1-H6+I3-I5")`.
    #[new]
    #[pyo3(signature = (from_hex, to_hex, promotion = None))]
    fn py_new(
        from_hex: &Bound<'_, PyAny>,
        to_hex: &Bound<'_, PyAny>,
        promotion: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let from = extract_hex(from_hex)?;
        let to = extract_hex(to_hex)?;
        let promotion = promotion.map(extract_role).transpose()?;
        let id = MoveId::from_hexes(from, to, promotion)
            .map_err(|e| InvalidMoveError::new_err(e.to_string()))?;
        Ok(PyMove::from_id(id))
    }

    /// Reads the long form (`"E7-E13"`, `"F26-F28=D"`, `"A23=N"`,
    /// `"G1-H6+I3-I5"`). With `board`, the move must be legal there and
    /// comes back complete (kind, piece, capture); without, it carries only
    /// its identity.
    #[staticmethod]
    #[pyo3(signature = (text, board = None))]
    fn from_long(
        py: Python<'_>,
        text: &str,
        board: Option<PyRef<'_, PyBoard>>,
    ) -> PyResult<Py<PyMove>> {
        match board {
            Some(b) => new_move(py, &b.pos()?.parse_long(text).map_err(move_text_error)?),
            None => Py::new(py, PyMove::parse_bare(text)?),
        }
    }

    /// The origin hex (`Move.from_hex`, as in python-chess's `from_square`).
    #[getter]
    #[allow(clippy::wrong_self_convention)] // a property, named by the Python API
    fn from_hex(&self, py: Python<'_>) -> Py<PyHex> {
        hex_obj(py, self.from)
    }

    #[getter]
    fn to_hex(&self, py: Python<'_>) -> Py<PyHex> {
        hex_obj(py, self.to)
    }

    /// The `MoveKind`, or `None` for a move made without a board.
    #[getter]
    fn kind(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        self.detail.map(|d| move_kind_obj(py, d.kind)).transpose()
    }

    /// The moving piece's kind (a pawn for promotions); `None` without a board.
    #[getter]
    fn piece_kind(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        self.detail.map(|d| role_obj(py, d.role)).transpose()
    }

    /// The captured piece's kind, `None` for a non-capture or a move made
    /// without a board.
    #[getter]
    fn captured(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        self.detail
            .and_then(|d| d.captured)
            .map(|r| role_obj(py, r))
            .transpose()
    }

    /// Whether the move captures; `None` for a move made without a board.
    #[getter]
    fn is_capture(&self) -> Option<bool> {
        self.detail.map(|d| d.captured.is_some())
    }

    /// The promotion piece kind, if any.
    #[getter]
    fn promotion(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        self.promotion.map(|r| role_obj(py, r)).transpose()
    }

    /// The castling's CTL-AN name (`"KRK-HIO"`), or `None`.
    #[getter]
    fn castling(&self) -> Option<&'static str> {
        self.castling.map(|c| c.name())
    }

    /// The rook moves `(from, to)` of a castling (queen's rook first);
    /// empty for other moves.
    #[getter]
    fn rook_moves(&self, py: Python<'_>) -> Vec<(Py<PyHex>, Py<PyHex>)> {
        match self.id() {
            MoveId::Castling { color, castling } => castling
                .rook_moves(color)
                .into_iter()
                .map(|(f, t)| (hex_obj(py, f), hex_obj(py, t)))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The long form: `FROM-TO`, `FROM-TO=X`, `HEX=X`, castlings as the
    /// King's move then the rooks' (`G1-H6+I3-I5`).
    fn long(&self) -> String {
        self.long_text()
    }

    fn __str__(&self) -> String {
        self.long_text()
    }

    fn __repr__(&self) -> String {
        format!("Move.from_long('{}')", self.long_text())
    }

    fn __hash__(&self) -> u64 {
        let (f, t, p, c) = self.key();
        (f.index() as u64)
            | (t.index() as u64) << 8
            | (p.map_or(0, |r| r.index() as u64 + 1)) << 16
            | (c.map_or(0, |c| c.index() as u64 + 1)) << 24
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: pyo3::basic::CompareOp) -> Py<PyAny> {
        use pyo3::basic::CompareOp;
        let py = other.py();
        let Ok(o) = other.cast::<PyMove>() else {
            return py.NotImplemented();
        };
        let eq = self.key() == o.get().key();
        match op {
            CompareOp::Eq => bool_obj(py, eq),
            CompareOp::Ne => bool_obj(py, !eq),
            _ => py.NotImplemented(),
        }
    }

    fn __bool__(&self) -> bool {
        true
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, Py<PyTuple>)> {
        let detail = self.detail.map(|d| {
            (
                d.role.index(),
                d.captured.map(|r| r.index()),
                move_kind_index(d.kind),
            )
        });
        let args = (
            self.from.index(),
            self.to.index(),
            self.promotion.map(|r| r.index()),
            self.castling.map(|c| c.index()),
            detail,
        )
            .into_pyobject(py)?
            .unbind();
        Ok((class_attr::<PyMove>(py, "_restore")?, args))
    }

    /// Rebuilds a pickled move (internal).
    #[staticmethod]
    #[pyo3(signature = (from_index, to_index, promotion, castling, detail))]
    fn _restore(
        from_index: usize,
        to_index: usize,
        promotion: Option<usize>,
        castling: Option<usize>,
        detail: Option<(usize, Option<usize>, usize)>,
    ) -> PyResult<PyMove> {
        let bad = || PyValueError::new_err("corrupt pickled Move");
        let role = |i: usize| Role::ALL.get(i).copied().ok_or_else(bad);
        let castling = castling
            .map(|i| Castling::from_index(i).ok_or_else(bad))
            .transpose()?;
        let detail = match detail {
            Some((r, c, k)) => Some(Detail {
                role: role(r)?,
                captured: c.map(role).transpose()?,
                kind: move_kind_from_index(k, castling).ok_or_else(bad)?,
            }),
            None => None,
        };
        Ok(PyMove {
            from: Hex::from_index(from_index).ok_or_else(bad)?,
            to: Hex::from_index(to_index).ok_or_else(bad)?,
            promotion: promotion.map(role).transpose()?,
            castling,
            detail,
        })
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }
}

/// The legal moves of a position, as generated when `Board.legal_moves` was
/// read (a snapshot: read the property again after `push`/`pop`). Sized,
/// iterable and `in`-testable (with a `Move` or a long-form string).
#[pyclass(frozen, module = "cescacs", name = "LegalMoves", sequence)]
pub(crate) struct PyLegalMoves {
    pub(crate) moves: Vec<CoreMove>,
}

#[pymethods]
impl PyLegalMoves {
    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __bool__(&self) -> bool {
        !self.moves.is_empty()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        // A list, then its iterator: `list()` over it copies pointers (a
        // Rust `__next__` would cost a call per move).
        let list = PyList::new(py, new_moves(py, self.moves.iter().copied())?)?;
        Ok(list.try_iter()?.into_any())
    }

    fn __contains__(&self, item: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Ok(m) = item.cast::<PyMove>() {
            let m = m.get();
            return Ok(self.moves.iter().any(|c| m.same(c)));
        }
        if let Ok(s) = item.cast::<PyString>() {
            let s = s.to_cow()?;
            return Ok(self.moves.iter().any(|c| c.long() == s));
        }
        Ok(false)
    }

    /// Number of legal moves (same as `len()`).
    fn count(&self) -> usize {
        self.moves.len()
    }

    /// The long forms, sorted by byte order (the golden data's `moves`).
    fn long(&self) -> Vec<String> {
        sorted_long(&self.moves)
    }

    fn __repr__(&self) -> String {
        let list: Vec<String> = self.moves.iter().map(CoreMove::long).collect();
        format!(
            "<LegalMoves ({} moves): {}>",
            self.moves.len(),
            list.join(", ")
        )
    }
}
