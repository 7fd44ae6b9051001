//! Functions over many positions (or one long perft) that run in Rust with
//! the GIL released, split over the available cores.

use cescacs::{perft as core_perft, Position};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::board::PyBoard;
use crate::errors::{pdtl_error, InvalidPdtlError};
use crate::moves::sorted_long;

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

/// The strings of a Python iterable; a single `str` is refused, since it
/// would iterate by character.
fn collect_strings(pdtls: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if pdtls.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err("expected an iterable of PDTL strings, got a single str"));
    }
    pdtls.try_iter()?.map(|item| item?.extract::<String>()).collect()
}

/// The batch results for Python: `errors="raise"` turns the first failure
/// into `InvalidPdtlError` (naming its index), `errors="none"` into `None`.
fn finish<T>(results: Vec<Result<T, String>>, errors: &str) -> PyResult<Vec<Option<T>>> {
    let raise = match errors {
        "raise" => true,
        "none" => false,
        other => return Err(PyValueError::new_err(format!("errors must be 'raise' or 'none', not {other:?}"))),
    };
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
pub(crate) fn count_legal_moves(py: Python<'_>, pdtls: &Bound<'_, PyAny>, errors: &str) -> PyResult<Vec<Option<usize>>> {
    let input = collect_strings(pdtls)?;
    let r = batch(py, &input, |p| p.count_legal_moves());
    finish(r, errors)
}

/// The legal moves of each PDTL as long forms sorted by byte order (GIL
/// released, multi-threaded). `errors` as for `count_legal_moves`.
#[pyfunction]
#[pyo3(signature = (pdtls, *, errors = "raise"))]
pub(crate) fn legal_moves_long(py: Python<'_>, pdtls: &Bound<'_, PyAny>, errors: &str) -> PyResult<Vec<Option<Vec<String>>>> {
    let input = collect_strings(pdtls)?;
    let r = batch(py, &input, |p| sorted_long(&p.legal_moves()));
    finish(r, errors)
}

/// Perft of each PDTL at `depth` (GIL released, multi-threaded).
#[pyfunction]
#[pyo3(signature = (pdtls, depth, *, errors = "raise"))]
pub(crate) fn perft_many(py: Python<'_>, pdtls: &Bound<'_, PyAny>, depth: u32, errors: &str) -> PyResult<Vec<Option<u64>>> {
    let input = collect_strings(pdtls)?;
    let r = batch(py, &input, |p| core_perft(p, depth));
    finish(r, errors)
}

/// Perft of one position (a PDTL string or a `Board`), GIL released.
#[pyfunction]
pub(crate) fn perft(py: Python<'_>, position: &Bound<'_, PyAny>, depth: u32) -> PyResult<u64> {
    let pos = if let Ok(b) = position.cast::<PyBoard>() {
        b.borrow().pos().clone()
    } else {
        Position::from_pdtl(&position.extract::<String>()?).map_err(pdtl_error)?
    };
    Ok(py.detach(move || core_perft(&pos, depth)))
}

/// The output lines of `moves --long --batch` for these input lines: the
/// sorted long forms joined by single spaces, or `error: <message>`.
#[pyfunction]
pub(crate) fn _moves_batch_lines(py: Python<'_>, lines: Vec<String>) -> Vec<String> {
    batch(py, &lines, |p| sorted_long(&p.legal_moves()).join(" "))
    .into_iter()
    .map(|r| r.unwrap_or_else(|e| format!("error: {e}")))
    .collect()
}
