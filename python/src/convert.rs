//! Values between Rust and Python: the members of the Python enums, which
//! `cescacs._types` hands over once at import (`_init_enums`: the native
//! layer imports no Python module), and the readers of Python arguments (colours, piece
//! kinds). The interned `Hex` and `Piece` objects and the reader of hexes
//! are in `hex`, beside their classes.

use cescacs::{Castling, Color, HexColor, MoveKind, Outcome, Piece, Role, Termination};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyString};
use pyo3::PyTypeInfo;

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

fn members<const N: usize>(class: &Bound<'_, PyAny>) -> PyResult<[Py<PyAny>; N]> {
    let list: Vec<Py<PyAny>> = class
        .try_iter()?
        .map(|m| m.map(Bound::unbind))
        .collect::<PyResult<_>>()?;
    list.try_into()
        .map_err(|_| PyTypeError::new_err(format!("{class} must have {N} members")))
}

/// Takes the enums of `cescacs._types` (called once, by that module, when
/// the package is imported); later calls change nothing.
#[pyfunction]
pub(crate) fn _init_enums(
    color: &Bound<'_, PyAny>,
    piece_kind: &Bound<'_, PyAny>,
    move_kind: &Bound<'_, PyAny>,
    hex_color: &Bound<'_, PyAny>,
    termination: &Bound<'_, PyAny>,
    outcome: &Bound<'_, PyAny>,
) -> PyResult<()> {
    let py = color.py();
    ENUMS.get_or_try_init(py, || {
        Ok::<_, PyErr>(Enums {
            color: members(color)?,
            piece_kind: members(piece_kind)?,
            move_kind: members(move_kind)?,
            hex_color: members(hex_color)?,
            termination: members(termination)?,
            outcome: outcome.clone().unbind(),
        })
    })?;
    Ok(())
}

fn enums(py: Python<'_>) -> PyResult<&Enums> {
    ENUMS.get(py).ok_or_else(|| {
        PyTypeError::new_err(
            "cescacs._cescacs is used through the cescacs package (import cescacs)",
        )
    })
}

/// The index of `p` among the 18 pieces (White's first, then by role).
pub(crate) fn piece_index(p: Piece) -> usize {
    p.color.index() * 9 + p.role.index()
}

pub(crate) fn color_obj(py: Python<'_>, c: Color) -> PyResult<Py<PyAny>> {
    Ok(enums(py)?.color[c.index()].clone_ref(py))
}

pub(crate) fn role_obj(py: Python<'_>, r: Role) -> PyResult<Py<PyAny>> {
    Ok(enums(py)?.piece_kind[r.index()].clone_ref(py))
}

pub(crate) fn hex_color_obj(py: Python<'_>, c: HexColor) -> PyResult<Py<PyAny>> {
    let i = match c {
        HexColor::White => 0,
        HexColor::Black => 1,
        HexColor::Coloured => 2,
    };
    Ok(enums(py)?.hex_color[i].clone_ref(py))
}

pub(crate) fn move_kind_obj(py: Python<'_>, k: MoveKind) -> PyResult<Py<PyAny>> {
    Ok(enums(py)?.move_kind[move_kind_index(k)].clone_ref(py))
}

pub(crate) fn move_kind_index(k: MoveKind) -> usize {
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

pub(crate) fn move_kind_from_index(i: usize, castling: Option<Castling>) -> Option<MoveKind> {
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

pub(crate) fn outcome_obj(py: Python<'_>, o: Outcome) -> PyResult<Py<PyAny>> {
    let e = enums(py)?;
    let winner = o.winner.map(|c| color_obj(py, c)).transpose()?;
    let (w, b) = o.points();
    let obj = e.outcome.bind(py).call1((
        e.termination[termination_index(o.termination)].clone_ref(py),
        winner,
        (w, b),
    ))?;
    Ok(obj.unbind())
}

/// A Python `bool` as an object (for `__richcmp__`, which may also answer
/// `NotImplemented`).
pub(crate) fn bool_obj(py: Python<'_>, b: bool) -> Py<PyAny> {
    PyBool::new(py, b).to_owned().into_any().unbind()
}

/// The attribute `name` of the class `T`: the function a `__reduce__` names
/// to rebuild a pickled object.
pub(crate) fn class_attr<T: PyTypeInfo>(py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
    Ok(T::type_object(py).getattr(name)?.unbind())
}

// ----- arguments from Python ---------------------------------------------------

/// A `Color` member, or `"w"` / `"b"` / `"white"` / `"black"`.
pub(crate) fn extract_color(obj: &Bound<'_, PyAny>) -> PyResult<Color> {
    let e = enums(obj.py())?;
    if let Some(c) = Color::ALL
        .into_iter()
        .find(|c| obj.is(e.color[c.index()].bind(obj.py())))
    {
        return Ok(c);
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
pub(crate) fn extract_role(obj: &Bound<'_, PyAny>) -> PyResult<Role> {
    let e = enums(obj.py())?;
    if let Some(r) = Role::ALL
        .into_iter()
        .find(|r| obj.is(e.piece_kind[r.index()].bind(obj.py())))
    {
        return Ok(r);
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
