//! `cescacs._cescacs`: the PyO3 binding of the `cescacs` rules crate.
//!
//! The binding only translates values between Python and the core: every
//! rule answer (legal moves, notation, PDTL, outcome, perft) comes from
//! `cescacs::Position`. The Python package `cescacs` re-exports what is
//! defined here and adds the enums (`cescacs._types`), the SVG drawing and
//! the command line.

use std::fmt::Write as _;

use std::sync::Arc;

use cescacs::pgn::{self as core_pgn, PgnError, PgnErrorKind};
use cescacs::{
    perft as core_perft, AnnotatedMove, Castling, Color, DrawClaim, Game, GameError, GameResult, Hex, HexColor, Line,
    Move as CoreMove, MoveId, MoveKind, MoveTextError, Outcome, PdtlError, Piece, Position, Role, Termination, Variation,
    HEX_COUNT, KING_HOME,
};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use pyo3::{create_exception, PyTypeInfo};

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

// ----- cached Python objects ----------------------------------------------------

/// Members of the Python enums of `cescacs._types`, in the core's index order.
struct Enums {
    color: [Py<PyAny>; 2],
    piece_kind: [Py<PyAny>; 9],
    move_kind: [Py<PyAny>; 9],
    hex_color: [Py<PyAny>; 3],
    termination: [Py<PyAny>; 5],
    outcome: Py<PyAny>,
}

static ENUMS: PyOnceLock<Enums> = PyOnceLock::new();
static HEXES: PyOnceLock<Vec<Py<PyHex>>> = PyOnceLock::new();
static PIECES: PyOnceLock<Vec<Py<PyPiece>>> = PyOnceLock::new();

fn members<const N: usize>(module: &Bound<'_, PyModule>, class: &str) -> PyResult<[Py<PyAny>; N]> {
    let cls = module.getattr(class)?;
    let list: Vec<Py<PyAny>> = cls.try_iter()?.map(|m| m.map(Bound::unbind)).collect::<PyResult<_>>()?;
    list.try_into()
        .map_err(|_| PyTypeError::new_err(format!("cescacs._types.{class} must have {N} members")))
}

fn enums(py: Python<'_>) -> PyResult<&Enums> {
    ENUMS.get_or_try_init(py, || {
        let m = py.import("cescacs._types")?;
        Ok(Enums {
            color: members(&m, "Color")?,
            piece_kind: members(&m, "PieceKind")?,
            move_kind: members(&m, "MoveKind")?,
            hex_color: members(&m, "HexColor")?,
            termination: members(&m, "Termination")?,
            outcome: m.getattr("Outcome")?.unbind(),
        })
    })
}

fn hexes(py: Python<'_>) -> &Vec<Py<PyHex>> {
    HEXES.get_or_init(py, || {
        Hex::all()
            .map(|h| Py::new(py, PyHex { hex: h }).expect("allocating a Hex"))
            .collect()
    })
}

fn hex_obj(py: Python<'_>, h: Hex) -> Py<PyHex> {
    hexes(py)[h.index()].clone_ref(py)
}

fn piece_obj(py: Python<'_>, p: Piece) -> Py<PyPiece> {
    let cache = PIECES.get_or_init(py, || {
        Color::ALL
            .iter()
            .flat_map(|&c| Role::ALL.iter().map(move |&r| Piece::new(c, r)))
            .map(|p| Py::new(py, PyPiece { piece: p }).expect("allocating a Piece"))
            .collect()
    });
    cache[p.color.index() * 9 + p.role.index()].clone_ref(py)
}

fn color_obj(py: Python<'_>, c: Color) -> PyResult<Py<PyAny>> {
    Ok(enums(py)?.color[c.index()].clone_ref(py))
}

fn role_obj(py: Python<'_>, r: Role) -> PyResult<Py<PyAny>> {
    Ok(enums(py)?.piece_kind[r.index()].clone_ref(py))
}

fn move_kind_index(k: MoveKind) -> usize {
    match k {
        MoveKind::Normal => 0,
        MoveKind::DoubleStep => 1,
        MoveKind::TripleStep => 2,
        MoveKind::ScornfulStep => 3,
        MoveKind::EnPassant => 4,
        MoveKind::ScornfulCapture => 5,
        MoveKind::KingLeap => 6,
        MoveKind::Castling(_) => 7,
        MoveKind::ForcedPromotion => 8,
    }
}

fn move_kind_from_index(i: usize, castling: Option<Castling>) -> Option<MoveKind> {
    Some(match i {
        0 => MoveKind::Normal,
        1 => MoveKind::DoubleStep,
        2 => MoveKind::TripleStep,
        3 => MoveKind::ScornfulStep,
        4 => MoveKind::EnPassant,
        5 => MoveKind::ScornfulCapture,
        6 => MoveKind::KingLeap,
        7 => MoveKind::Castling(castling?),
        8 => MoveKind::ForcedPromotion,
        _ => return None,
    })
}

fn termination_index(t: Termination) -> usize {
    match t {
        Termination::Checkmate => 0,
        Termination::Stalemate => 1,
        Termination::FivefoldRepetition => 2,
        Termination::SeventyFiveMoves => 3,
        Termination::InsufficientMaterial => 4,
    }
}

// ----- argument conversion ------------------------------------------------------

/// A `Color` member, or `"w"` / `"b"` / `"white"` / `"black"`.
fn extract_color(obj: &Bound<'_, PyAny>) -> PyResult<Color> {
    let e = enums(obj.py())?;
    for c in Color::ALL {
        if obj.is(e.color[c.index()].bind(obj.py())) {
            return Ok(c);
        }
    }
    if let Ok(s) = obj.cast::<PyString>() {
        match s.to_cow()?.to_ascii_lowercase().as_str() {
            "w" | "white" => return Ok(Color::White),
            "b" | "black" => return Ok(Color::Black),
            _ => {}
        }
    }
    Err(PyValueError::new_err(format!(
        "not a colour: {} (expected Color.WHITE, Color.BLACK, 'w' or 'b')",
        obj.repr()?
    )))
}

/// A `PieceKind` member, or a piece letter (`"N"`, case-insensitive).
fn extract_role(obj: &Bound<'_, PyAny>) -> PyResult<Role> {
    let e = enums(obj.py())?;
    for r in Role::ALL {
        if obj.is(e.piece_kind[r.index()].bind(obj.py())) {
            return Ok(r);
        }
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let s = s.to_cow()?;
        let mut chars = s.chars();
        if let (Some(ch), None) = (chars.next(), chars.next()) {
            if let Some(r) = Role::from_letter(ch.to_ascii_uppercase()) {
                return Ok(r);
            }
        }
    }
    Err(PyValueError::new_err(format!(
        "not a piece kind: {} (expected a PieceKind or one of the letters P E J N G R V D K)",
        obj.repr()?
    )))
}

/// A `Hex` or its name (`"F14"`).
fn extract_hex(obj: &Bound<'_, PyAny>) -> PyResult<Hex> {
    if let Ok(h) = obj.cast::<PyHex>() {
        return Ok(h.get().hex);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return parse_hex(&s.to_cow()?);
    }
    Err(PyTypeError::new_err(format!("expected a Hex or a hex name like 'F14', got {}", obj.repr()?)))
}

fn parse_hex(s: &str) -> PyResult<Hex> {
    s.parse::<Hex>().map_err(|e| PyValueError::new_err(e.to_string()))
}

fn pdtl_error(e: PdtlError) -> PyErr {
    InvalidPdtlError::new_err(e.to_string())
}

fn move_text_error(e: MoveTextError) -> PyErr {
    let msg = e.to_string();
    match e {
        MoveTextError::Empty
        | MoveTextError::BadHex { .. }
        | MoveTextError::Syntax { .. }
        | MoveTextError::UnknownCastling { .. } => InvalidMoveError::new_err(msg),
        MoveTextError::NoSuchPiece { .. }
        | MoveTextError::Separator { .. }
        | MoveTextError::CapturedPiece { .. }
        | MoveTextError::PromotionRequired { .. }
        | MoveTextError::Illegal { .. } => IllegalMoveError::new_err(msg),
    }
}

// ----- Hex ------------------------------------------------------------------------

/// One of the 169 hexes. `Hex("F14")`; `str(hex) == "F14"`. Hexes are
/// interned: `Hex("F14") is Hex("F14")`.
#[pyclass(frozen, module = "cescacs", name = "Hex")]
struct PyHex {
    hex: Hex,
}

#[pymethods]
impl PyHex {
    #[new]
    fn py_new(py: Python<'_>, name: &Bound<'_, PyAny>) -> PyResult<Py<PyHex>> {
        Ok(hex_obj(py, extract_hex(name)?))
    }

    /// The hex with index `0..169` (line 0 first, then by column).
    #[staticmethod]
    fn from_index(py: Python<'_>, index: i64) -> PyResult<Py<PyHex>> {
        usize::try_from(index)
            .ok()
            .and_then(Hex::from_index)
            .map(|h| hex_obj(py, h))
            .ok_or_else(|| PyValueError::new_err(format!("hex index {index} out of range 0..169")))
    }

    /// The hex at `(column, line)`: column 0 (P) … 14 (Z), line 0 … 28.
    #[staticmethod]
    fn from_coords(py: Python<'_>, column: i64, line: i64) -> PyResult<Py<PyHex>> {
        u8::try_from(column)
            .ok()
            .zip(u8::try_from(line).ok())
            .and_then(|(c, l)| Hex::new(c, l))
            .map(|h| hex_obj(py, h))
            .ok_or_else(|| PyValueError::new_err(format!("no hex at column {column}, line {line}")))
    }

    #[getter]
    fn name(&self) -> String {
        self.hex.to_string()
    }

    #[getter]
    fn index(&self) -> usize {
        self.hex.index()
    }

    /// Column index 0 (P) … 7 (F) … 14 (Z).
    #[getter]
    fn column(&self) -> u8 {
        self.hex.column()
    }

    /// The column letter (`"F"` for F14).
    #[getter]
    fn letter(&self) -> String {
        self.hex.column_letter().to_string()
    }

    /// Cross-line number 0 … 28.
    #[getter]
    fn line(&self) -> u8 {
        self.hex.line()
    }

    /// The hex colour (`HexColor.WHITE`, `.BLACK` or `.COLOURED`).
    #[getter]
    fn color(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let i = match self.hex.color() {
            HexColor::White => 0,
            HexColor::Black => 1,
            HexColor::Coloured => 2,
        };
        Ok(enums(py)?.hex_color[i].clone_ref(py))
    }

    fn __str__(&self) -> String {
        self.hex.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Hex('{}')", self.hex)
    }

    fn __hash__(&self) -> u64 {
        self.hex.index() as u64
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: pyo3::basic::CompareOp) -> Py<PyAny> {
        let py = other.py();
        match other.cast::<PyHex>() {
            Ok(o) => op.matches(self.hex.cmp(&o.get().hex)).into_pyobject(py).unwrap().to_owned().into_any().unbind(),
            Err(_) => py.NotImplemented(),
        }
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        Ok((PyHex::type_object(py).into_any().unbind(), (self.hex.to_string(),)))
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }
}

// ----- Piece ----------------------------------------------------------------------

/// A piece: a kind and a colour. `Piece.from_symbol("N")` (uppercase White,
/// lowercase Black, as in PDTL). Pieces are interned.
#[pyclass(frozen, module = "cescacs", name = "Piece")]
struct PyPiece {
    piece: Piece,
}

#[pymethods]
impl PyPiece {
    #[new]
    fn py_new(py: Python<'_>, kind: &Bound<'_, PyAny>, color: &Bound<'_, PyAny>) -> PyResult<Py<PyPiece>> {
        Ok(piece_obj(py, Piece::new(extract_color(color)?, extract_role(kind)?)))
    }

    #[staticmethod]
    fn from_symbol(py: Python<'_>, symbol: &str) -> PyResult<Py<PyPiece>> {
        let mut chars = symbol.chars();
        match (chars.next(), chars.next()) {
            (Some(ch), None) => Piece::from_char(ch).map(|p| piece_obj(py, p)),
            _ => None,
        }
        .ok_or_else(|| PyValueError::new_err(format!("not a piece symbol: {symbol:?} (expected one of PEJNGRVDK or pejngrvdk)")))
    }

    #[getter]
    fn kind(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        role_obj(py, self.piece.role)
    }

    #[getter]
    fn color(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        color_obj(py, self.piece.color)
    }

    /// The PDTL letter: uppercase for White, lowercase for Black.
    fn symbol(&self) -> String {
        self.piece.char().to_string()
    }

    /// The Unicode figurine (NOTATION.md §2).
    fn figurine(&self) -> String {
        self.piece.figurine().to_string()
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.piece.char())
    }

    fn __hash__(&self) -> u64 {
        (self.piece.color.index() * 9 + self.piece.role.index()) as u64
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyPiece>().is_ok_and(|o| o.get().piece == self.piece)
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        Ok((PyPiece::type_object(py).getattr("from_symbol")?.unbind(), (self.symbol(),)))
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }
}

// ----- Move -----------------------------------------------------------------------

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
#[pyclass(frozen, module = "cescacs", name = "Move")]
struct PyMove {
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
            detail: Some(Detail { role: m.role(), captured: m.captured(), kind: m.kind() }),
        }
    }

    #[inline]
    fn same(&self, m: &CoreMove) -> bool {
        self.from == m.from() && self.to == m.to() && self.promotion == m.promotion() && self.castling == m.castling()
    }

    fn key(&self) -> (Hex, Hex, Option<Role>, Option<Castling>) {
        (self.from, self.to, self.promotion, self.castling)
    }

    /// The side a castling belongs to: its King starts on that side's home hex.
    fn castling_color(&self) -> Color {
        if self.from == KING_HOME[Color::Black.index()] {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The core's position-free identity of this move.
    fn id(&self) -> MoveId {
        match (self.castling, self.promotion) {
            (Some(castling), _) => MoveId::Castling { color: self.castling_color(), castling },
            (None, Some(promotion)) if self.from == self.to => MoveId::ForcedPromotion { hex: self.from, promotion },
            (None, promotion) => MoveId::Ordinary { from: self.from, to: self.to, promotion },
        }
    }

    fn from_id(id: MoveId) -> PyMove {
        match id {
            MoveId::Ordinary { from, to, promotion } => PyMove { from, to, promotion, castling: None, detail: None },
            MoveId::ForcedPromotion { hex, promotion } => {
                PyMove { from: hex, to: hex, promotion: Some(promotion), castling: None, detail: None }
            }
            MoveId::Castling { color, castling } => PyMove {
                from: KING_HOME[color.index()],
                to: castling.king_to(color),
                promotion: None,
                castling: Some(castling),
                detail: None,
            },
        }
    }

    fn long_text(&self) -> String {
        self.id().long()
    }

    /// Reads the long form without a position: only the move's identity.
    fn parse_bare(text: &str) -> PyResult<PyMove> {
        MoveId::from_long(text).map(PyMove::from_id).map_err(move_text_error)
    }
}

fn new_move(py: Python<'_>, m: &CoreMove) -> PyResult<Py<PyMove>> {
    Py::new(py, PyMove::from_core(m))
}

#[pymethods]
impl PyMove {
    /// `Move(from_hex, to_hex, promotion=None)`: an ordinary move, King's
    /// Leap, or (with `from_hex == to_hex`) a forced in-place promotion.
    /// Castlings are made with `Move.from_long("G1-H6+I3-I5")`.
    #[new]
    #[pyo3(signature = (from_hex, to_hex, promotion = None))]
    fn py_new(from_hex: &Bound<'_, PyAny>, to_hex: &Bound<'_, PyAny>, promotion: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let from = extract_hex(from_hex)?;
        let to = extract_hex(to_hex)?;
        let promotion = promotion.map(extract_role).transpose()?;
        if let Some(r) = promotion {
            if !Role::REGAINABLE.contains(&r) {
                return Err(InvalidMoveError::new_err(format!(
                    "a pawn cannot promote to a {} (regainable kinds: D V R G N J)",
                    r.name()
                )));
            }
        }
        if from == to && promotion.is_none() {
            return Err(InvalidMoveError::new_err(format!(
                "move {from}-{to}: origin and destination are the same hex (only a forced promotion HEX=X stays)"
            )));
        }
        Ok(PyMove { from, to, promotion, castling: None, detail: None })
    }

    /// Reads the long form (`"E7-E13"`, `"F26-F28=D"`, `"A23=N"`,
    /// `"G1-H6+I3-I5"`). With `board`, the move must be legal there and
    /// comes back complete (kind, piece, capture); without, it carries only
    /// its identity.
    #[staticmethod]
    #[pyo3(signature = (text, board = None))]
    fn from_long(py: Python<'_>, text: &str, board: Option<PyRef<'_, PyBoard>>) -> PyResult<Py<PyMove>> {
        match board {
            Some(b) => new_move(py, &b.pos.parse_long(text).map_err(move_text_error)?),
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
        match self.detail {
            Some(d) => Ok(Some(enums(py)?.move_kind[move_kind_index(d.kind)].clone_ref(py))),
            None => Ok(None),
        }
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
        self.detail.and_then(|d| d.captured).map(|r| role_obj(py, r)).transpose()
    }

    /// Whether the move captures; `None` for a move made without a board.
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
        match self.castling {
            Some(c) => c
                .rook_moves(self.castling_color())
                .into_iter()
                .map(|(f, t)| (hex_obj(py, f), hex_obj(py, t)))
                .collect(),
            None => Vec::new(),
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
        (f.index() as u64) | (t.index() as u64) << 8 | (p.map_or(0, |r| r.index() as u64 + 1)) << 16
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
            CompareOp::Eq => eq.into_pyobject(py).unwrap().to_owned().into_any().unbind(),
            CompareOp::Ne => (!eq).into_pyobject(py).unwrap().to_owned().into_any().unbind(),
            _ => py.NotImplemented(),
        }
    }

    fn __bool__(&self) -> bool {
        true
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, Py<PyTuple>)> {
        let detail = self
            .detail
            .map(|d| (d.role.index(), d.captured.map(|r| r.index()), move_kind_index(d.kind)));
        let args = (
            self.from.index(),
            self.to.index(),
            self.promotion.map(|r| r.index()),
            self.castling.map(|c| c.index()),
            detail,
        )
            .into_pyobject(py)?
            .unbind();
        Ok((PyMove::type_object(py).getattr("_restore")?.unbind(), args))
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
        let castling = castling.map(|i| Castling::from_index(i).ok_or_else(bad)).transpose()?;
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

// ----- LegalMoves -------------------------------------------------------------------

/// The legal moves of a position, as generated when `Board.legal_moves` was
/// read (a snapshot: read the property again after `push`/`pop`). Sized,
/// iterable and `in`-testable (with a `Move` or a long-form string).
#[pyclass(frozen, module = "cescacs", name = "LegalMoves", sequence)]
struct PyLegalMoves {
    moves: Vec<CoreMove>,
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
        let items = self
            .moves
            .iter()
            .map(|m| Bound::new(py, PyMove::from_core(m)))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(PyList::new(py, items)?.try_iter()?.into_any())
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
        let mut v: Vec<String> = self.moves.iter().map(CoreMove::long).collect();
        v.sort_unstable();
        v
    }

    fn __repr__(&self) -> String {
        let list: Vec<String> = self.moves.iter().map(CoreMove::long).collect();
        format!("<LegalMoves ({} moves): {}>", self.moves.len(), list.join(", "))
    }
}

// ----- Board ----------------------------------------------------------------------

/// A C'escacs position with its move stack. `Board()` is the initial
/// position; `Board(pdtl)` reads a PDTL string.
#[pyclass(module = "cescacs", name = "Board")]
#[derive(Clone)]
struct PyBoard {
    pos: Position,
    /// Previous positions, each with the move played from it.
    stack: Vec<(Position, CoreMove)>,
}

impl PyBoard {
    fn root_position(&self) -> &Position {
        self.stack.first().map_or(&self.pos, |(p, _)| p)
    }

    fn resolve(&self, m: &PyMove) -> PyResult<CoreMove> {
        self.pos
            .legal_moves()
            .into_iter()
            .find(|c| m.same(c))
            .ok_or_else(|| IllegalMoveError::new_err(format!("illegal move {} in position {}", m.long_text(), self.pos.to_pdtl())))
    }

    fn play(&mut self, m: CoreMove) {
        let before = self.pos.clone();
        self.pos.play_unchecked(m);
        self.stack.push((before, m));
    }

    fn moves_list(py: Python<'_>, list: &[CoreMove]) -> PyResult<Vec<Py<PyMove>>> {
        list.iter().map(|m| new_move(py, m)).collect()
    }

    /// The root position and the move stack as a core game record: the
    /// core answers every history question (repetition, claims, outcome).
    fn history(&self) -> Game {
        game_of(self.root_position(), self.stack.iter().map(|(_, m)| *m))
    }

    /// A board at `start` with `moves` (legal in turn) on its stack.
    fn replay(start: &Position, moves: impl IntoIterator<Item = CoreMove>) -> PyBoard {
        let mut b = PyBoard { pos: start.clone(), stack: Vec::new() };
        for m in moves {
            b.play(m);
        }
        b
    }
}

/// A game record of `moves` (legal in turn, as a board's stack) from `start`.
/// Moves are kept even after an automatic end, like the PGN reader does.
fn game_of(start: &Position, moves: impl Iterator<Item = CoreMove>) -> Game {
    let mut g = Game::from_position(start.clone());
    g.mainline.moves = moves.map(AnnotatedMove::new).collect();
    g
}

fn outcome_obj(py: Python<'_>, o: Outcome) -> PyResult<Py<PyAny>> {
    let e = enums(py)?;
    let winner = o.winner.map(|c| color_obj(py, c)).transpose()?;
    let (w, b) = o.points();
    let obj = e.outcome.bind(py).call1((e.termination[termination_index(o.termination)].clone_ref(py), winner, (w, b)))?;
    Ok(obj.unbind())
}

/// The board as text: one row per cross-line (28 at the top), one
/// two-character cell per column, `.` for an empty hex.
fn draw_text(pos: &Position) -> String {
    let mut out = String::with_capacity(1200);
    for line in (0..=28u8).rev() {
        let mut row = format!("{line:>2} ");
        for column in 0..15u8 {
            match Hex::new(column, line) {
                Some(h) => {
                    row.push(' ');
                    row.push(pos.piece_at(h).map_or('.', |p| p.char()));
                }
                None => row.push_str("  "),
            }
        }
        out.push_str(row.trim_end());
        out.push('\n');
    }
    out.push_str("   ");
    for c in cescacs::COLUMN_LETTERS {
        let _ = write!(out, " {c}");
    }
    out
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
        Ok(PyBoard { pos, stack: Vec::new() })
    }

    /// The canonical PDTL of the current position.
    fn pdtl(&self) -> String {
        self.pos.to_pdtl()
    }

    /// The side to move.
    #[getter]
    fn turn(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        color_obj(py, self.pos.turn())
    }

    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.pos.halfmove_clock()
    }

    /// The move number, `None` when unknown (`?` in PDTL).
    #[getter]
    fn fullmove_number(&self) -> Option<u32> {
        self.pos.fullmove_number()
    }

    /// Whether castling (and capturing King's Leaps) is allowed: the "game
    /// without castling" option of RULES.md §4.8, not recorded in PDTL.
    #[getter]
    fn castling_allowed(&self) -> bool {
        self.pos.castling_allowed()
    }

    /// The legal moves (a `LegalMoves` snapshot of the current position).
    #[getter]
    fn legal_moves(&self) -> PyLegalMoves {
        PyLegalMoves { moves: self.pos.legal_moves().to_vec() }
    }

    /// Whether `move` is legal here.
    fn is_legal(&self, r#move: PyRef<'_, PyMove>) -> bool {
        self.pos.legal_moves().iter().any(|c| r#move.same(c))
    }

    /// Plays `move` (a `Move`); raises `IllegalMoveError` if it is not legal.
    fn push(&mut self, r#move: PyRef<'_, PyMove>) -> PyResult<()> {
        let m = self.resolve(&r#move)?;
        self.play(m);
        Ok(())
    }

    /// Reads a CTL-AN move (`"KRK-HIO"`, `"NG3-I7"`, `"E7-E13"`), plays it
    /// and returns it.
    fn push_ctl(&mut self, py: Python<'_>, text: &str) -> PyResult<Py<PyMove>> {
        let m = self.pos.parse_ctl(text).map_err(move_text_error)?;
        self.play(m);
        new_move(py, &m)
    }

    /// Reads a long-form move (`"G1-H6+I3-I5"`), plays it and returns it.
    fn push_long(&mut self, py: Python<'_>, text: &str) -> PyResult<Py<PyMove>> {
        let m = self.pos.parse_long(text).map_err(move_text_error)?;
        self.play(m);
        new_move(py, &m)
    }

    /// Takes back the last move and returns it; `IndexError` on an empty stack.
    fn pop(&mut self, py: Python<'_>) -> PyResult<Py<PyMove>> {
        let (pos, m) = self.stack.pop().ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))?;
        self.pos = pos;
        new_move(py, &m)
    }

    /// The last move played; `IndexError` on an empty stack.
    fn peek(&self, py: Python<'_>) -> PyResult<Py<PyMove>> {
        let (_, m) = self.stack.last().ok_or_else(|| PyIndexError::new_err("peek at empty move stack"))?;
        new_move(py, m)
    }

    /// The moves played since the root position, oldest first.
    #[getter]
    fn move_stack(&self, py: Python<'_>) -> PyResult<Vec<Py<PyMove>>> {
        self.stack.iter().map(|(_, m)| new_move(py, m)).collect()
    }

    /// Number of moves on the stack.
    fn ply(&self) -> usize {
        self.stack.len()
    }

    /// A board at the root position (before the first move on the stack).
    fn root(&self) -> PyBoard {
        PyBoard { pos: self.root_position().clone(), stack: Vec::new() }
    }

    /// The move in canonical CTL-AN with its check mark (`"NG3-I7"`,
    /// `"KRK-HIO"`, `"DF12×E13+^"`).
    fn ctl(&self, r#move: PyRef<'_, PyMove>) -> PyResult<String> {
        let m = self.resolve(&r#move)?;
        Ok(self.pos.ctl(&m))
    }

    /// Reads a CTL-AN move and returns the legal move it names.
    fn parse_ctl(&self, py: Python<'_>, text: &str) -> PyResult<Py<PyMove>> {
        new_move(py, &self.pos.parse_ctl(text).map_err(move_text_error)?)
    }

    /// Reads a long-form move and returns the legal move it names.
    fn parse_long(&self, py: Python<'_>, text: &str) -> PyResult<Py<PyMove>> {
        new_move(py, &self.pos.parse_long(text).map_err(move_text_error)?)
    }

    fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    fn is_checkmate(&self) -> bool {
        self.pos.is_checkmate()
    }

    /// No legal move and not in check (a win for the stalemating side).
    fn is_stalemate(&self) -> bool {
        self.pos.is_stalemate()
    }

    fn is_insufficient_material(&self) -> bool {
        self.pos.is_insufficient_material()
    }

    /// Halfmove clock ≥ 150: the automatic 75-move draw.
    fn is_seventyfive_moves(&self) -> bool {
        self.pos.is_seventyfive_moves()
    }

    /// Whether the game is over (see `outcome()`).
    fn is_game_over(&self) -> bool {
        self.history().outcome().is_some()
    }

    /// The `Outcome` if the game has ended, else `None`: checkmate,
    /// stalemate, fivefold repetition, the 75-move rule or insufficient
    /// material, judged over the root position and the move stack (the
    /// first point where the game ended, as the core's `Game.outcome`).
    fn outcome(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        self.history().outcome().map(|o| outcome_obj(py, o)).transpose()
    }

    /// The repetition identity of the position (RULES.md §7.2) as a 64-bit
    /// Zobrist hash: equal for positions that count as the same for
    /// repetition, whatever the moves that led to them.
    fn zobrist_hash(&self) -> u64 {
        self.pos.zobrist_hash()
    }

    /// Whether the current position has occurred at least `count` times
    /// since the root position (itself included).
    #[pyo3(signature = (count = 3))]
    fn is_repetition(&self, count: usize) -> bool {
        self.history().is_repetition(count)
    }

    /// How many times the current position has occurred (1 if new).
    fn repetition_count(&self) -> usize {
        self.history().repetition_count()
    }

    /// The current position has occurred five times: the game is drawn.
    fn is_fivefold_repetition(&self) -> bool {
        self.history().is_repetition(5)
    }

    /// The side to move may claim a draw by threefold repetition (the game
    /// not being over). A claim together with the move that would repeat
    /// the position is not modelled: push the move, then ask.
    fn can_claim_threefold_repetition(&self) -> bool {
        self.history().can_claim(DrawClaim::ThreefoldRepetition)
    }

    /// The side to move may claim a draw by the fifty-move rule (halfmove
    /// clock ≥ 100, the game not being over).
    fn can_claim_fifty_moves(&self) -> bool {
        self.history().can_claim(DrawClaim::FiftyMoves)
    }

    /// A draw may be claimed now (threefold repetition or fifty moves).
    fn can_claim_draw(&self) -> bool {
        self.history().can_claim_draw()
    }

    /// The pieces giving check to the side to move.
    fn checkers(&self, py: Python<'_>) -> Vec<Py<PyHex>> {
        self.pos.checkers().map(|h| hex_obj(py, h)).collect()
    }

    /// The King's Leaps legal now.
    fn king_leaps(&self, py: Python<'_>) -> PyResult<Vec<Py<PyMove>>> {
        Self::moves_list(py, &self.pos.king_leaps())
    }

    /// The castlings legal now.
    fn castlings(&self, py: Python<'_>) -> PyResult<Vec<Py<PyMove>>> {
        Self::moves_list(py, &self.pos.castlings())
    }

    /// The piece on `hex` (a `Hex` or `"F14"`), or `None`.
    fn piece_at(&self, py: Python<'_>, hex: &Bound<'_, PyAny>) -> PyResult<Option<Py<PyPiece>>> {
        Ok(self.pos.piece_at(extract_hex(hex)?).map(|p| piece_obj(py, p)))
    }

    /// The hexes holding pieces of `kind` and `color`, in hex-index order.
    fn pieces(&self, py: Python<'_>, kind: &Bound<'_, PyAny>, color: &Bound<'_, PyAny>) -> PyResult<Vec<Py<PyHex>>> {
        let p = Piece::new(extract_color(color)?, extract_role(kind)?);
        Ok(self.pos.pieces(p).map(|h| hex_obj(py, h)).collect())
    }

    /// Every occupied hex with its piece, in hex-index order.
    fn piece_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for h in Hex::all() {
            if let Some(p) = self.pos.piece_at(h) {
                d.set_item(hex_obj(py, h), piece_obj(py, p))?;
            }
        }
        Ok(d)
    }

    /// The hex of `color`'s King.
    fn king(&self, py: Python<'_>, color: &Bound<'_, PyAny>) -> PyResult<Py<PyHex>> {
        Ok(hex_obj(py, self.pos.king(extract_color(color)?)))
    }

    /// Perft: the number of legal move sequences `depth` plies deep (runs in
    /// Rust with the GIL released).
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let pos = self.pos.clone();
        py.detach(move || core_perft(&pos, depth))
    }

    /// Perft split by first move: `{long form: count}`.
    fn perft_divide(&self, py: Python<'_>, depth: u32) -> Vec<(String, u64)> {
        let pos = self.pos.clone();
        let mut v: Vec<(String, u64)> = py.detach(move || {
            cescacs::perft_divide(&pos, depth).into_iter().map(|(m, n)| (m.long(), n)).collect()
        });
        v.sort();
        v
    }

    /// A copy; with `stack=False` without the move stack.
    #[pyo3(signature = (*, stack = true))]
    fn copy(&self, stack: bool) -> PyBoard {
        PyBoard { pos: self.pos.clone(), stack: if stack { self.stack.clone() } else { Vec::new() } }
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
        let moves: Vec<String> = self.stack.iter().map(|(_, m)| m.long()).collect();
        let args = (self.root_position().to_pdtl(), self.pos.castling_allowed(), moves).into_pyobject(py)?.unbind();
        Ok((PyBoard::type_object(py).getattr("_restore")?.unbind(), args))
    }

    /// Rebuilds a pickled board (internal).
    #[staticmethod]
    fn _restore(root: &str, castling_allowed: bool, moves: Vec<String>) -> PyResult<PyBoard> {
        let mut b = PyBoard::py_new(Some(root), castling_allowed)?;
        for m in &moves {
            let m = b.pos.parse_long(m).map_err(move_text_error)?;
            b.play(m);
        }
        Ok(b)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyBoard>().is_ok_and(|o| o.borrow().pos == self.pos)
    }

    fn __ne__(&self, other: &Bound<'_, PyAny>) -> bool {
        !self.__eq__(other)
    }

    fn __repr__(&self) -> String {
        if self.pos.castling_allowed() {
            format!("Board('{}')", self.pos.to_pdtl())
        } else {
            format!("Board('{}', castling_allowed=False)", self.pos.to_pdtl())
        }
    }

    fn __str__(&self) -> String {
        draw_text(&self.pos)
    }

    /// The board as SVG, for Jupyter (see `cescacs.svg.board`).
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        slf.py().import("cescacs.svg")?.getattr("board")?.call1((slf,))?.extract()
    }
}

// ----- CTL-PGN: errors -------------------------------------------------------------

/// An `InvalidPgnError` for `e`, with `.line`, `.column` and `.reason`.
fn pgn_error(py: Python<'_>, e: &PgnError) -> PyErr {
    let err = InvalidPgnError::new_err(e.to_string());
    let v = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail.
    let _ = v.setattr("line", e.line);
    let _ = v.setattr("column", e.column);
    let _ = v.setattr("reason", e.kind.to_string());
    err
}

fn game_error(e: GameError) -> PyErr {
    match e {
        GameError::MoveText(t) => move_text_error(t),
        GameError::Illegal(i) => IllegalMoveError::new_err(i.to_string()),
        GameError::GameOver(_) => IllegalMoveError::new_err(e.to_string()),
    }
}

/// Byte offset of (line, column) (1-based, columns in characters) in
/// `text`; the text's length if it lies beyond.
fn byte_at(text: &str, line: usize, column: usize) -> usize {
    let (mut l, mut c) = (1, 1);
    for (i, ch) in text.char_indices() {
        if l == line && c == column || l > line {
            return i;
        }
        if ch == '\n' {
            l += 1;
            c = 1;
        } else {
            c += 1;
        }
    }
    text.len()
}

/// The first game of `text` and the byte offset where its text ends (where
/// the next game starts), `None` if the text holds no game. The core splits
/// the games: a text of two games reads as an error at the start of the
/// second one. An error inside a later game does not prevent reading the
/// first.
fn first_game(text: &str) -> Result<Option<(Game, usize)>, PgnError> {
    let upto = |line: usize, column: usize| -> Result<Option<(Game, usize)>, PgnError> {
        let b = byte_at(text, line, column);
        core_pgn::read_game(&text[..b]).map(|g| Some((g, b)))
    };
    let e = match core_pgn::read_game(text) {
        Ok(g) => return Ok(Some((g, text.len()))),
        Err(e) => e,
    };
    match e.kind {
        PgnErrorKind::NoGame => Ok(None),
        PgnErrorKind::SecondGame => upto(e.line, e.column),
        _ => {
            // Where is the error? Read the text before its line: if that
            // already holds two games, the first one is sound.
            let cut = byte_at(text, e.line, 1);
            match core_pgn::read_game(&text[..cut]) {
                Err(PgnError { kind: PgnErrorKind::SecondGame, line, column }) => upto(line, column),
                // A bad tag line right after a game's moves starts the next game.
                Ok(g) if !g.is_empty() && matches!(e.kind, PgnErrorKind::TagSyntax(_)) && text[cut..].trim_start().starts_with('[') => {
                    Ok(Some((g, cut)))
                }
                _ => Err(e),
            }
        }
    }
}

// ----- Game, GameNode, Variation ---------------------------------------------------

static HEADERS_CLASS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// A C'escacs game record: tags, start position, the main line with its
/// comments, assessments and variations, and the result. Read one with
/// `cescacs.pgn.read_game`; `str(game)` writes canonical CTL-PGN.
/// `Game()` starts from the initial position, `Game(board)` from a
/// board's root position with its move stack, `Game(pdtl)` from a PDTL.
#[pyclass(module = "cescacs", name = "Game")]
#[derive(Clone)]
struct PyGame {
    game: Game,
}

fn tag_name_ok(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_')
}

impl PyGame {
    fn node_list(&self, py: Python<'_>) -> PyResult<Vec<Py<PyGameNode>>> {
        let game = Arc::new(self.game.clone());
        line_nodes(py, &game, &[], &game.start, &game.mainline)
    }
}

/// The nodes of `line`, whose first move follows `prefix` (the moves from
/// the game's start) in position `before`.
fn line_nodes(
    py: Python<'_>,
    game: &Arc<Game>,
    prefix: &[CoreMove],
    before: &Position,
    line: &Line,
) -> PyResult<Vec<Py<PyGameNode>>> {
    let mut path = prefix.to_vec();
    path.extend(line.moves.iter().map(|am| am.mv));
    let path = Arc::new(path);
    let mut pos = before.clone();
    let mut out = Vec::with_capacity(line.moves.len());
    for (k, am) in line.moves.iter().enumerate() {
        let node = PyGameNode { game: Arc::clone(game), path: Arc::clone(&path), index: prefix.len() + k, before: pos.clone(), am: am.clone() };
        pos.play_unchecked(am.mv);
        out.push(Py::new(py, node)?);
    }
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
            return Ok(Self::from_board(b.borrow()));
        }
        if let Ok(s) = start.cast::<PyString>() {
            let pos = Position::from_pdtl(&s.to_cow()?).map_err(pdtl_error)?;
            return Ok(PyGame { game: Game::from_position(pos) });
        }
        Err(PyTypeError::new_err(format!("Game(start): expected a Board, a PDTL string or None, got {}", start.repr()?)))
    }

    /// A game from a board's root position and its move stack (moves kept
    /// as played, even past an automatic end of the game).
    #[staticmethod]
    fn from_board(board: PyRef<'_, PyBoard>) -> PyGame {
        PyGame { game: board.history() }
    }

    /// The tags in file order, as a mutable mapping (`cescacs.pgn.Headers`).
    /// The start position is not a tag: see `board()`.
    #[getter]
    fn headers(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let cls = HEADERS_CLASS.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
            Ok(py.import("cescacs.pgn")?.getattr("Headers")?.unbind())
        })?;
        Ok(cls.bind(py).call1((slf,))?.unbind())
    }

    /// `[(name, value), ...]` in file order (internal: see `headers`).
    fn _tags(&self) -> Vec<(String, String)> {
        self.game.tags.clone()
    }

    /// Sets the first tag `name` or appends it (internal: see `headers`).
    fn _set_tag(&mut self, name: &str, value: &str) -> PyResult<()> {
        if !tag_name_ok(name) {
            return Err(PyValueError::new_err(format!("tag name {name:?}: expected letters, digits and '_' only")));
        }
        if matches!(name, "PDTL" | "DPTL" | "Redefine") {
            return Err(PyValueError::new_err(format!(
                "tag {name:?} is not a header: the start position is Game(board); the writer uses standard letters"
            )));
        }
        if value.contains(['\n', '\r']) {
            return Err(PyValueError::new_err(format!("tag {name}: the value {value:?} must fit on one line")));
        }
        if name == "Variant" && value.trim() != "C'escacs" {
            return Err(PyValueError::new_err(format!("tag Variant: {value:?} is not \"C'escacs\"")));
        }
        self.game.set_tag(name, value);
        Ok(())
    }

    /// Removes every tag `name`; whether there was one (internal).
    fn _del_tag(&mut self, name: &str) -> bool {
        let n = self.game.tags.len();
        self.game.tags.retain(|(t, _)| t != name);
        self.game.tags.len() != n
    }

    /// The start position (a board with an empty move stack).
    fn board(&self) -> PyBoard {
        PyBoard { pos: self.game.start.clone(), stack: Vec::new() }
    }

    /// The final position, with the main line on the move stack.
    fn end_board(&self) -> PyBoard {
        PyBoard::replay(&self.game.start, self.game.moves())
    }

    /// The position after `ply` plies of the main line (0 = start), with
    /// those plies on the move stack; `IndexError` outside `0..=ply()`.
    fn board_at(&self, ply: i64) -> PyResult<PyBoard> {
        let n = self.game.len();
        match usize::try_from(ply) {
            Ok(p) if p <= n => Ok(PyBoard::replay(&self.game.start, self.game.moves().take(p))),
            _ => Err(PyIndexError::new_err(format!("ply {ply} out of range 0..={n}"))),
        }
    }

    /// Number of plies in the main line.
    fn ply(&self) -> usize {
        self.game.len()
    }

    /// The main line's moves.
    fn mainline_moves(&self, py: Python<'_>) -> PyResult<Vec<Py<PyMove>>> {
        self.game.moves().map(|m| new_move(py, &m)).collect()
    }

    /// The main line as `GameNode`s (one per ply, with comments,
    /// assessment, indicator and variations).
    fn mainline(&self, py: Python<'_>) -> PyResult<Vec<Py<PyGameNode>>> {
        self.node_list(py)
    }

    /// The main line in canonical CTL-AN, one string per ply.
    fn ctl_moves(&self) -> Vec<String> {
        self.game.ctl_moves()
    }

    /// The stated result: `"3-0"`, `"0-3"`, `"2-1"`, `"1-2"`, `"1-1"` or
    /// `"*"` (from the result line, else the `Result` tag, else the rules).
    #[getter]
    fn result(&self) -> &'static str {
        self.game.result.as_str()
    }

    #[setter]
    fn set_result(&mut self, value: &str) -> PyResult<()> {
        self.game.result = GameResult::parse(value).ok_or_else(|| {
            PyValueError::new_err(format!("unknown result {value:?} (expected 3-0, 0-3, 2-1, 1-2, 1-1 or *)"))
        })?;
        Ok(())
    }

    /// Comments before the first move.
    #[getter]
    fn comments(&self) -> Vec<String> {
        self.game.mainline.comments.clone()
    }

    /// Comments after the result line.
    #[getter]
    fn final_comments(&self) -> Vec<String> {
        self.game.final_comments.clone()
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
        self.game.check_result().iter().map(ToString::to_string).collect()
    }

    /// How many times the final position has occurred.
    fn repetition_count(&self) -> usize {
        self.game.repetition_count()
    }

    #[pyo3(signature = (count = 3))]
    fn is_repetition(&self, count: usize) -> bool {
        self.game.is_repetition(count)
    }

    fn can_claim_draw(&self) -> bool {
        self.game.can_claim_draw()
    }

    /// Plays `move` at the end of the main line. `IllegalMoveError` if it
    /// is not legal or the game is over.
    fn push(&mut self, py: Python<'_>, r#move: PyRef<'_, PyMove>) -> PyResult<Py<PyMove>> {
        let pos = self.game.final_position();
        let m = PyBoard { pos, stack: Vec::new() }.resolve(&r#move)?;
        self.game.push(m).map_err(game_error)?;
        new_move(py, &m)
    }

    /// Reads a CTL-AN move in the final position, plays it and returns it.
    fn push_ctl(&mut self, py: Python<'_>, text: &str) -> PyResult<Py<PyMove>> {
        let m = self.game.push_ctl(text).map_err(game_error)?;
        new_move(py, &m)
    }

    /// Canonical CTL-PGN (`cescacs.pgn.write_game`).
    fn __str__(&self) -> String {
        core_pgn::write_game(&self.game)
    }

    fn __repr__(&self) -> String {
        let mut tags = String::new();
        for key in ["Event", "Id", "Title", "Date"] {
            if let Some(v) = self.game.tag(key) {
                let _ = write!(tags, " {key}={v:?}");
            }
        }
        format!("<Game{tags} plies={} result={:?}>", self.game.len(), self.game.result.as_str())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyGame>().is_ok_and(|o| o.borrow().game == self.game)
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
        Ok((PyGame::type_object(py).getattr("_restore")?.unbind(), (text, self.game.start.castling_allowed())))
    }

    /// Rebuilds a pickled game (internal).
    #[staticmethod]
    fn _restore(py: Python<'_>, text: &str, castling_allowed: bool) -> PyResult<PyGame> {
        let mut game = core_pgn::read_game(text).map_err(|e| pgn_error(py, &e))?;
        game.start.set_castling_allowed(castling_allowed);
        Ok(PyGame { game })
    }
}

/// One move of a game with what the record says about it. A snapshot:
/// `game.mainline()` gives the main line's nodes, `node.variations` the
/// alternatives to this move (each starting from the position before it).
#[pyclass(frozen, module = "cescacs", name = "GameNode")]
struct PyGameNode {
    game: Arc<Game>,
    /// The moves from the game's start along this node's line.
    path: Arc<Vec<CoreMove>>,
    /// This move is `path[index]`.
    index: usize,
    before: Position,
    am: AnnotatedMove,
}

#[pymethods]
impl PyGameNode {
    /// The move (complete: kind, piece, capture).
    #[getter]
    fn r#move(&self, py: Python<'_>) -> PyResult<Py<PyMove>> {
        new_move(py, &self.am.mv)
    }

    /// Plies from the game's start to after this move (1 for the first move).
    #[getter]
    fn ply(&self) -> usize {
        self.index + 1
    }

    /// The move number shown for this move.
    #[getter]
    fn move_number(&self) -> u32 {
        self.game.move_number(self.index)
    }

    /// The side that plays this move.
    #[getter]
    fn turn(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        color_obj(py, self.before.turn())
    }

    /// The move in canonical CTL-AN with its check mark.
    #[getter]
    fn ctl(&self) -> String {
        self.before.ctl(&self.am.mv)
    }

    /// The comments on this move (without their `@W:` / `@B:` prefix).
    #[getter]
    fn comments(&self) -> Vec<String> {
        self.am.comments.clone()
    }

    /// The comments joined by newlines (`""` if none).
    #[getter]
    fn comment(&self) -> String {
        self.am.comments.join("\n")
    }

    /// The assessment mark (`"!"`, `"?"`, `"!!"`, `"??"`, `"!?"`, `"?!"`, `"◇"`), or `None`.
    #[getter]
    fn assessment(&self) -> Option<&'static str> {
        self.am.assessment.map(|a| a.symbol())
    }

    /// The assessment as a PGN numeric annotation glyph (1 … 7), or `None`.
    #[getter]
    fn nag(&self) -> Option<u8> {
        self.am.assessment.map(|a| a.nag())
    }

    /// The game indicator (`"(=)"`, `":"`, `"(=):"`), or `None`.
    #[getter]
    fn indicator(&self) -> Option<&'static str> {
        self.am.indicator.map(|i| i.symbol())
    }

    /// The alternatives to this move.
    #[getter]
    fn variations(&self) -> Vec<PyVariation> {
        self.am
            .variations
            .iter()
            .map(|v| PyVariation {
                game: Arc::clone(&self.game),
                prefix: self.path[..self.index].to_vec(),
                before: self.before.clone(),
                variation: v.clone(),
            })
            .collect()
    }

    /// The position after this move, with the moves from the game's start
    /// on its stack.
    fn board(&self) -> PyBoard {
        PyBoard::replay(&self.game.start, self.path[..=self.index].iter().copied())
    }

    /// The position before this move, with its history on the stack.
    fn board_before(&self) -> PyBoard {
        PyBoard::replay(&self.game.start, self.path[..self.index].iter().copied())
    }

    fn __repr__(&self) -> String {
        let mark = if self.before.turn() == Color::White { "." } else { ". …," };
        format!("<GameNode {}{mark} {}>", self.game.move_number(self.index), self.before.ctl(&self.am.mv))
    }
}

/// A variation (RAV): an alternative line starting from the position
/// before the move it replaces.
#[pyclass(frozen, module = "cescacs", name = "Variation")]
struct PyVariation {
    game: Arc<Game>,
    prefix: Vec<CoreMove>,
    before: Position,
    variation: Variation,
}

#[pymethods]
impl PyVariation {
    /// The `$[n]` label other comments refer to it by, or `None`.
    #[getter]
    fn label(&self) -> Option<String> {
        self.variation.label.clone()
    }

    /// Comments before the variation's first move.
    #[getter]
    fn comments(&self) -> Vec<String> {
        self.variation.line.comments.clone()
    }

    /// The variation's moves as nodes (which may hold variations in turn).
    fn mainline(&self, py: Python<'_>) -> PyResult<Vec<Py<PyGameNode>>> {
        line_nodes(py, &self.game, &self.prefix, &self.before, &self.variation.line)
    }

    /// The variation's moves.
    fn mainline_moves(&self, py: Python<'_>) -> PyResult<Vec<Py<PyMove>>> {
        self.variation.line.moves.iter().map(|am| new_move(py, &am.mv)).collect()
    }

    /// The position the variation starts from (before the replaced move).
    fn board(&self) -> PyBoard {
        PyBoard::replay(&self.game.start, self.prefix.iter().copied())
    }

    fn __len__(&self) -> usize {
        self.variation.line.moves.len()
    }

    fn __repr__(&self) -> String {
        let label = self.variation.label.as_ref().map_or(String::new(), |l| format!(" $[{l}]"));
        format!("<Variation{label} ({} moves)>", self.variation.line.moves.len())
    }
}

// ----- CTL-PGN: module functions (wrapped by cescacs.pgn) ----------------------------

fn games_list(py: Python<'_>, games: Vec<Game>) -> PyResult<Vec<Py<PyGame>>> {
    games.into_iter().map(|game| Py::new(py, PyGame { game })).collect()
}

/// Every game of `text`; `InvalidPgnError` at the first error.
#[pyfunction]
fn _pgn_read_games(py: Python<'_>, text: &str) -> PyResult<Vec<Py<PyGame>>> {
    let games = core_pgn::read_games(text).map_err(|e| pgn_error(py, &e))?;
    games_list(py, games)
}

/// Games read leniently and the `InvalidPgnError` instances of the errors.
type LenientGames = (Vec<Py<PyGame>>, Vec<Py<PyAny>>);

/// Every game that can be kept and every error (as exception instances).
#[pyfunction]
fn _pgn_read_games_lenient(py: Python<'_>, text: &str) -> PyResult<LenientGames> {
    let (games, errors) = core_pgn::read_games_lenient(text);
    let errors = errors.iter().map(|e| pgn_error(py, e).into_value(py).into_any()).collect();
    Ok((games_list(py, games)?, errors))
}

/// The single game of `text`, `None` if it holds none; `InvalidPgnError`
/// for an error or a second game.
#[pyfunction]
fn _pgn_read_game(py: Python<'_>, text: &str) -> PyResult<Option<PyGame>> {
    match core_pgn::read_game(text) {
        Ok(game) => Ok(Some(PyGame { game })),
        Err(PgnError { kind: PgnErrorKind::NoGame, .. }) => Ok(None),
        Err(e) => Err(pgn_error(py, &e)),
    }
}

/// The first game of `text` and the number of characters its text takes
/// (the next game starts there), or `None` if the text holds no game.
#[pyfunction]
fn _pgn_read_first_game(py: Python<'_>, text: &str) -> PyResult<Option<(PyGame, usize)>> {
    match first_game(text) {
        Ok(Some((game, end))) => Ok(Some((PyGame { game }, text[..end].chars().count()))),
        Ok(None) => Ok(None),
        Err(e) => Err(pgn_error(py, &e)),
    }
}

#[pyfunction]
fn _pgn_write_game(game: PyRef<'_, PyGame>) -> String {
    core_pgn::write_game(&game.game)
}

#[pyfunction]
fn _pgn_write_games(games: Vec<PyRef<'_, PyGame>>) -> String {
    let games: Vec<Game> = games.iter().map(|g| g.game.clone()).collect();
    core_pgn::write_games(&games)
}

// ----- module functions ---------------------------------------------------------------

/// Runs `f` on every PDTL, split over the available cores, with the GIL
/// released; the results keep the input order.
fn batch<T: Send>(py: Python<'_>, pdtls: &[String], f: impl Fn(&Position) -> T + Sync) -> Vec<Result<T, String>> {
    let one = |t: &String| Position::from_pdtl(t.trim_end_matches(['\r', '\n'])).map(|p| f(&p)).map_err(|e| e.to_string());
    py.detach(|| {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(8);
        if threads <= 1 || pdtls.len() < 64 {
            return pdtls.iter().map(one).collect();
        }
        let chunk = pdtls.len().div_ceil(threads);
        std::thread::scope(|s| {
            let handles: Vec<_> = pdtls.chunks(chunk).map(|c| s.spawn(|| c.iter().map(one).collect::<Vec<_>>())).collect();
            handles.into_iter().flat_map(|h| h.join().expect("batch worker panicked")).collect()
        })
    })
}

fn collect_strings(pdtls: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if pdtls.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err("expected an iterable of PDTL strings, got a single str"));
    }
    pdtls.try_iter()?.map(|item| item?.extract::<String>()).collect()
}

fn finish<'py, T: IntoPyObject<'py>>(
    py: Python<'py>,
    results: Vec<Result<T, String>>,
    errors: &str,
) -> PyResult<Vec<Option<T>>> {
    let raise = match errors {
        "raise" => true,
        "none" => false,
        other => return Err(PyValueError::new_err(format!("errors must be 'raise' or 'none', not {other:?}"))),
    };
    let _ = py;
    results
        .into_iter()
        .enumerate()
        .map(|(i, r)| match r {
            Ok(v) => Ok(Some(v)),
            Err(e) if raise => Err(InvalidPdtlError::new_err(format!("PDTL #{i}: {e}"))),
            Err(_) => Ok(None),
        })
        .collect()
}

/// Number of legal moves of each PDTL (GIL released, multi-threaded).
/// `errors="raise"` raises `InvalidPdtlError` for the first bad PDTL (its
/// index in the message); `errors="none"` puts `None` in its place.
#[pyfunction]
#[pyo3(signature = (pdtls, *, errors = "raise"))]
fn count_legal_moves(py: Python<'_>, pdtls: &Bound<'_, PyAny>, errors: &str) -> PyResult<Vec<Option<usize>>> {
    let input = collect_strings(pdtls)?;
    let r = batch(py, &input, |p| p.count_legal_moves());
    finish(py, r, errors)
}

/// The legal moves of each PDTL as long forms sorted by byte order (GIL
/// released, multi-threaded). `errors` as for `count_legal_moves`.
#[pyfunction]
#[pyo3(signature = (pdtls, *, errors = "raise"))]
fn legal_moves_long(py: Python<'_>, pdtls: &Bound<'_, PyAny>, errors: &str) -> PyResult<Vec<Option<Vec<String>>>> {
    let input = collect_strings(pdtls)?;
    let r = batch(py, &input, |p| {
        let mut v: Vec<String> = p.legal_moves().iter().map(CoreMove::long).collect();
        v.sort_unstable();
        v
    });
    finish(py, r, errors)
}

/// Perft of each PDTL at `depth` (GIL released, multi-threaded).
#[pyfunction]
#[pyo3(signature = (pdtls, depth, *, errors = "raise"))]
fn perft_many(py: Python<'_>, pdtls: &Bound<'_, PyAny>, depth: u32, errors: &str) -> PyResult<Vec<Option<u64>>> {
    let input = collect_strings(pdtls)?;
    let r = batch(py, &input, |p| core_perft(p, depth));
    finish(py, r, errors)
}

/// Perft of one position (a PDTL string or a `Board`), GIL released.
#[pyfunction]
fn perft(py: Python<'_>, position: &Bound<'_, PyAny>, depth: u32) -> PyResult<u64> {
    let pos = if let Ok(b) = position.cast::<PyBoard>() {
        b.borrow().pos.clone()
    } else {
        Position::from_pdtl(&position.extract::<String>()?).map_err(pdtl_error)?
    };
    Ok(py.detach(move || core_perft(&pos, depth)))
}

/// The output lines of `moves --long --batch` for these input lines: the
/// sorted long forms joined by single spaces, or `error: <message>`.
#[pyfunction]
fn _moves_batch_lines(py: Python<'_>, lines: Vec<String>) -> Vec<String> {
    batch(py, &lines, |p| {
        let mut v: Vec<String> = p.legal_moves().iter().map(CoreMove::long).collect();
        v.sort_unstable();
        v.join(" ")
    })
    .into_iter()
    .map(|r| r.unwrap_or_else(|e| format!("error: {e}")))
    .collect()
}

/// All 169 hexes in index order.
#[pyfunction]
fn all_hexes(py: Python<'_>) -> Vec<Py<PyHex>> {
    hexes(py).iter().map(|h| h.clone_ref(py)).collect()
}

/// The initial position's PDTL.
#[pyfunction]
fn initial_pdtl() -> &'static str {
    cescacs::INITIAL_PDTL
}

#[pymodule]
fn _cescacs(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyHex>()?;
    m.add_class::<PyPiece>()?;
    m.add_class::<PyMove>()?;
    m.add_class::<PyLegalMoves>()?;
    m.add_class::<PyBoard>()?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyGameNode>()?;
    m.add_class::<PyVariation>()?;
    m.add("InvalidPgnError", py.get_type::<InvalidPgnError>())?;
    m.add("InvalidPdtlError", py.get_type::<InvalidPdtlError>())?;
    m.add("InvalidMoveError", py.get_type::<InvalidMoveError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("HEX_COUNT", HEX_COUNT)?;
    m.add_function(wrap_pyfunction!(count_legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(legal_moves_long, m)?)?;
    m.add_function(wrap_pyfunction!(perft_many, m)?)?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(_moves_batch_lines, m)?)?;
    m.add_function(wrap_pyfunction!(all_hexes, m)?)?;
    m.add_function(wrap_pyfunction!(initial_pdtl, m)?)?;
    m.add_function(wrap_pyfunction!(_pgn_read_games, m)?)?;
    m.add_function(wrap_pyfunction!(_pgn_read_games_lenient, m)?)?;
    m.add_function(wrap_pyfunction!(_pgn_read_game, m)?)?;
    m.add_function(wrap_pyfunction!(_pgn_read_first_game, m)?)?;
    m.add_function(wrap_pyfunction!(_pgn_write_game, m)?)?;
    m.add_function(wrap_pyfunction!(_pgn_write_games, m)?)?;
    Ok(())
}
