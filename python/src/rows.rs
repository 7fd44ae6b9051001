//! `GameBatch[key]` for the keys NumPy takes along one axis: a slice, a
//! boolean mask with one flag per game, or integer indices (a list, a
//! tuple or an integer array, negative ones counting from the end). The
//! key is read into Rust once; the research crate's `range`, `take` and
//! `filter` build the new batch in one pass (a contiguous run of games
//! shares the batch's moves instead).

use cescacs_research::dataset::{GameBatch, TakeError};
use numpy::PyReadonlyArray1;
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PySlice, PyString};

/// What to give, for the messages of keys that are not one.
const KEYS: &str = "GameBatch indices must be an int, a slice, a bool mask of one flag per game, or a list or array of ints";

fn take_error(e: TakeError) -> PyErr {
    match e {
        TakeError::Index { .. } => PyIndexError::new_err(e.to_string()),
        TakeError::MaskLength { .. } => PyValueError::new_err(e.to_string()),
    }
}

/// The batch that `key` (anything but a single integer) picks out of
/// `batch`.
pub(crate) fn rows(batch: &GameBatch, key: &Bound<'_, PyAny>) -> PyResult<GameBatch> {
    let n = batch.len();
    if let Ok(s) = key.cast::<PySlice>() {
        let ind = s.indices(n as isize)?;
        let picked = if ind.step == 1 {
            let start = (ind.start.max(0) as usize).min(n);
            batch.range(start..start + ind.slicelength)
        } else {
            let picked: Vec<usize> = (0..ind.slicelength)
                .map(|k| (ind.start + k as isize * ind.step) as usize)
                .collect();
            batch.select(&picked)
        };
        return picked.ok_or_else(|| PyIndexError::new_err("slice out of range"));
    }
    if key.is_instance_of::<PyString>() || key.is_instance_of::<PyBytes>() {
        return Err(PyTypeError::new_err(KEYS));
    }
    let np = key.py().import("numpy")?;
    let array = np
        .call_method1("asarray", (key,))
        .map_err(|_| PyTypeError::new_err(KEYS))?;
    let ndim: usize = array.getattr("ndim")?.extract()?;
    let size: usize = array.getattr("size")?.extract()?;
    if ndim != 1 {
        return Err(PyValueError::new_err(format!(
            "{KEYS}; got an array of {ndim} dimensions"
        )));
    }
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    match kind.as_str() {
        "b" => {
            let mask: PyReadonlyArray1<'_, bool> =
                np.call_method1("ascontiguousarray", (array,))?.extract()?;
            batch.filter(mask.as_slice()?).map_err(take_error)
        }
        "i" | "u" => {
            let largest: u64 = if kind == "u" && size > 0 {
                array.call_method0("max")?.extract()?
            } else {
                0
            };
            if largest > i64::MAX as u64 {
                return Err(PyIndexError::new_err(format!(
                    "game index {largest} is out of range for {n} games"
                )));
            }
            let indices: PyReadonlyArray1<'_, i64> = np
                .call_method1("ascontiguousarray", (array, "int64"))?
                .extract()?;
            batch.take(indices.as_slice()?).map_err(take_error)
        }
        // `b[[]]`: NumPy reads an empty list as an empty float array.
        _ if size == 0 => batch.take(&[]).map_err(take_error),
        _ => Err(PyValueError::new_err(format!(
            "{KEYS}; got an array of dtype {}",
            array.getattr("dtype")?.str()?
        ))),
    }
}
