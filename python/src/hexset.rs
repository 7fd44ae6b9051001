//! `HexSet`: a set of hexes, python-chess's `SquareSet` for the 169-hex
//! board — what the attack and pin questions of `Board` return. It wraps the
//! core's `Bitboard`; the mask of `int(s)` has bit `Hex.index` per hex.

use cescacs::{Bitboard, HEX_COUNT};
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyList, PyString, PyTuple};

use crate::hex::{extract_hex, hex_obj, PyHex};

/// A set of hexes, immutable (like `frozenset`): iterable (hexes in
/// `Hex.index` order), sized, `in` (a `Hex` or a name like `"F14"`),
/// `| & - ^ ~`, `== != <= < >= >` (equality and subset order), and `int()`
/// (the 169-bit mask, bit `Hex.index`). `HexSet(iterable)` takes hexes or
/// names, `HexSet(int)` a mask. `str()` draws it on the board (`1` in the
/// set, `.` not).
#[pyclass(frozen, module = "cescacs", name = "HexSet")]
pub(crate) struct PyHexSet {
    pub(crate) set: Bitboard,
}

/// A `HexSet` for a core set.
pub(crate) fn hex_set(set: Bitboard) -> PyHexSet {
    PyHexSet { set }
}

/// The set an argument stands for: a `HexSet`, an `int` mask, or an
/// iterable of hexes or names. A `str` is refused: it would iterate by
/// character (write `["F14"]`).
pub(crate) fn to_set(obj: &Bound<'_, PyAny>) -> PyResult<Bitboard> {
    if let Ok(s) = obj.cast::<PyHexSet>() {
        return Ok(s.get().set);
    }
    if obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<PyBool>() {
        return from_mask(obj);
    }
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "expected hexes, got a single str (write HexSet([\"F14\"]))",
        ));
    }
    let mut set = Bitboard::EMPTY;
    for item in obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "expected a HexSet, an int mask or an iterable of hexes, got {}",
            type_name(obj)
        ))
    })? {
        set.insert(extract_hex(&item?)?);
    }
    Ok(set)
}

fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into())
}

/// The set of a 169-bit mask; `ValueError` for a negative mask or a bit at
/// index 169 or above.
fn from_mask(obj: &Bound<'_, PyAny>) -> PyResult<Bitboard> {
    let out_of_range =
        || PyValueError::new_err(format!("not a mask of the {HEX_COUNT} hexes: {obj}"));
    if obj.lt(0)? {
        return Err(out_of_range());
    }
    let low: u128 = obj.bitand(u128::MAX)?.extract()?;
    let high: u64 = obj.rshift(128)?.extract().map_err(|_| out_of_range())?;
    let set = Bitboard([low as u64, (low >> 64) as u64, high]);
    if set & Bitboard::FULL != set {
        return Err(out_of_range());
    }
    Ok(set)
}

impl PyHexSet {
    /// The result of a binary operator, or `NotImplemented` for an operand
    /// that is not a set of hexes (so Python tries the other side).
    fn op(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        f: impl Fn(Bitboard, Bitboard) -> Bitboard,
    ) -> PyResult<Py<PyAny>> {
        match to_set(other) {
            Ok(o) => Ok(Py::new(py, hex_set(f(self.set, o)))?.into_any()),
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    fn names(&self) -> Vec<String> {
        self.set.map(|h| h.to_string()).collect()
    }
}

#[pymethods]
impl PyHexSet {
    #[new]
    #[pyo3(signature = (hexes = None))]
    fn py_new(hexes: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        Ok(hex_set(
            hexes.map(to_set).transpose()?.unwrap_or(Bitboard::EMPTY),
        ))
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let hexes: Vec<Py<PyHex>> = self.set.map(|h| hex_obj(py, h)).collect();
        Ok(PyList::new(py, hexes)?.try_iter()?.into_any())
    }

    fn __len__(&self) -> usize {
        self.set.count() as usize
    }

    fn __bool__(&self) -> bool {
        !self.set.is_empty()
    }

    /// `hex in s`: a `Hex` or a hex name; anything else is not in the set.
    fn __contains__(&self, item: &Bound<'_, PyAny>) -> bool {
        extract_hex(item).is_ok_and(|h| self.set.contains(h))
    }

    fn __or__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.op(py, other, |a, b| a | b)
    }

    fn __ror__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.op(py, other, |a, b| a | b)
    }

    fn __and__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.op(py, other, |a, b| a & b)
    }

    fn __rand__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.op(py, other, |a, b| a & b)
    }

    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.op(py, other, |a, b| a & !b)
    }

    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.op(py, other, |a, b| b & !a)
    }

    fn __xor__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.op(py, other, |a, b| (a | b) & !(a & b))
    }

    fn __rxor__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.op(py, other, |a, b| (a | b) & !(a & b))
    }

    /// The hexes not in the set.
    fn __invert__(&self) -> PyHexSet {
        hex_set(!self.set & Bitboard::FULL)
    }

    /// Equality with any set of hexes (a `HexSet`, a mask, an iterable);
    /// `<`, `<=`, `>`, `>=` are the subset order, as for `frozenset`.
    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let Ok(o) = to_set(other) else {
            return Ok(py.NotImplemented());
        };
        let s = self.set;
        let subset = s & o == s;
        let superset = s & o == o;
        let answer = match op {
            CompareOp::Eq => s == o,
            CompareOp::Ne => s != o,
            CompareOp::Le => subset,
            CompareOp::Lt => subset && s != o,
            CompareOp::Ge => superset,
            CompareOp::Gt => superset && s != o,
        };
        Ok(PyBool::new(py, answer).to_owned().into_any().unbind())
    }

    /// Equal to the hash of its mask, since a set equals its mask.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.__int__(py)?.bind(py).hash()
    }

    /// The 169-bit mask: bit `Hex.index` for each hex of the set.
    fn __int__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let [a, b, c] = self.set.0;
        let low = (u128::from(b) << 64) | u128::from(a);
        let high = c.into_pyobject(py)?.lshift(128)?;
        Ok(high.bitor(low)?.unbind())
    }

    fn __index__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.__int__(py)
    }

    /// Whether the two sets share no hex.
    fn isdisjoint(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok((self.set & to_set(other)?).is_empty())
    }

    /// Whether every hex of this set is in `other`.
    fn issubset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let o = to_set(other)?;
        Ok(self.set & o == self.set)
    }

    /// Whether every hex of `other` is in this set.
    fn issuperset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let o = to_set(other)?;
        Ok(self.set & o == o)
    }

    /// `HexSet(['E11', 'F16'])`: evaluates to an equal set.
    fn __repr__(&self) -> String {
        let quoted: Vec<String> = self.names().into_iter().map(|n| format!("'{n}'")).collect();
        format!("HexSet([{}])", quoted.join(", "))
    }

    /// The set drawn on the board (the core's picture, without its final
    /// newline).
    fn __str__(&self) -> String {
        let mut text = self.set.board_text();
        text.pop();
        text
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let names = slf.get().names();
        Ok((
            slf.get_type().into_any(),
            PyTuple::new(py, [PyList::new(py, names)?])?,
        ))
    }
}
