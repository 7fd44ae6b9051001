//! `Hex` and `Piece`: interned, immutable value classes.

use cescacs::{Color, Hex, Piece, Role};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyString;
use pyo3::PyTypeInfo;

use crate::convert::{
    bool_obj, class_attr, color_obj, extract_color, extract_role, hex_color_obj, piece_index,
    role_obj,
};

/// One of the 169 hexes. `Hex("F14")`; `str(hex) == "F14"`. Hexes are
/// interned: `Hex("F14") is Hex("F14")`.
#[pyclass(frozen, module = "cescacs", name = "Hex")]
pub(crate) struct PyHex {
    pub(crate) hex: Hex,
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
        hex_color_obj(py, self.hex.color())
    }

    /// The centre in the plane, from the core (`cescacs::plane`): hexes of
    /// circumradius 1, F14 at `(0, 0)`, x to White's right, y towards Black
    /// (negate y to draw with y down): `(1.5 * (column - 7), sqrt(3) / 2 *
    /// (line - 14))`.
    #[getter]
    fn center(&self) -> (f64, f64) {
        self.hex.center()
    }

    /// The six corners in the plane (see `center`), counter-clockwise with
    /// y up from the one on the right, `center + (cos 60°·k, sin 60°·k)`.
    #[getter]
    fn corners(&self) -> Vec<(f64, f64)> {
        self.hex.corners().to_vec()
    }

    /// The hex whose cell holds the point `(x, y)` of the plane (see
    /// `center`), or `None` off the board: what a click maps to.
    #[staticmethod]
    fn at_point(py: Python<'_>, x: f64, y: f64) -> Option<Py<PyHex>> {
        Hex::at_point(x, y).map(|h| hex_obj(py, h))
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
            Ok(o) => bool_obj(py, op.matches(self.hex.cmp(&o.get().hex))),
            Err(_) => py.NotImplemented(),
        }
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        Ok((
            PyHex::type_object(py).into_any().unbind(),
            (self.hex.to_string(),),
        ))
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
pub(crate) struct PyPiece {
    pub(crate) piece: Piece,
}

#[pymethods]
impl PyPiece {
    #[new]
    fn py_new(
        py: Python<'_>,
        kind: &Bound<'_, PyAny>,
        color: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyPiece>> {
        Ok(piece_obj(
            py,
            Piece::new(extract_color(color)?, extract_role(kind)?),
        ))
    }

    /// The piece of a CTL-AN letter: uppercase White (`"K"`), lowercase Black (`"k"`).
    #[staticmethod]
    fn from_symbol(py: Python<'_>, symbol: &str) -> PyResult<Py<PyPiece>> {
        let mut chars = symbol.chars();
        match (chars.next(), chars.next()) {
            (Some(ch), None) => Piece::from_char(ch).map(|p| piece_obj(py, p)),
            _ => None,
        }
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "not a piece symbol: {symbol:?} (expected one of PEJNGRVDK or pejngrvdk)"
            ))
        })
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
        piece_index(self.piece) as u64
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyPiece>()
            .is_ok_and(|o| o.get().piece == self.piece)
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        Ok((class_attr::<PyPiece>(py, "from_symbol")?, (self.symbol(),)))
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }
}

/// All 169 hexes in index order.
#[pyfunction]
pub(crate) fn all_hexes(py: Python<'_>) -> Vec<Py<PyHex>> {
    hexes(py).iter().map(|h| h.clone_ref(py)).collect()
}

static HEXES: PyOnceLock<Vec<Py<PyHex>>> = PyOnceLock::new();
static PIECES: PyOnceLock<Vec<Py<PyPiece>>> = PyOnceLock::new();

pub(crate) fn hexes(py: Python<'_>) -> &Vec<Py<PyHex>> {
    HEXES.get_or_init(py, || {
        Hex::all()
            .map(|h| Py::new(py, PyHex { hex: h }).expect("allocating a Hex"))
            .collect()
    })
}

pub(crate) fn hex_obj(py: Python<'_>, h: Hex) -> Py<PyHex> {
    hexes(py)[h.index()].clone_ref(py)
}

pub(crate) fn piece_obj(py: Python<'_>, p: Piece) -> Py<PyPiece> {
    let cache = PIECES.get_or_init(py, || {
        Color::ALL
            .iter()
            .flat_map(|&c| Role::ALL.iter().map(move |&r| Piece::new(c, r)))
            .map(|p| Py::new(py, PyPiece { piece: p }).expect("allocating a Piece"))
            .collect()
    });
    cache[piece_index(p)].clone_ref(py)
}

/// A `Hex` or its name (`"F14"`).
pub(crate) fn extract_hex(obj: &Bound<'_, PyAny>) -> PyResult<Hex> {
    if let Ok(h) = obj.cast::<PyHex>() {
        return Ok(h.get().hex);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return parse_hex(&s.to_cow()?);
    }
    Err(PyTypeError::new_err(format!(
        "expected a Hex or a hex name like 'F14', got {}",
        obj.repr()?
    )))
}

fn parse_hex(s: &str) -> PyResult<Hex> {
    s.parse::<Hex>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}
