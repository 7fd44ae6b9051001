//! `PositionsReader`, `PositionRecord`, `PositionsFileError`: the training
//! positions files (`cescacs_research::positions`, the one reader of the
//! format) for Python, a record at a time or a NumPy batch at a time.
//! `cescacs.positions` wraps the reader.

use std::fs::File;
use std::io::BufReader;

use cescacs_research::positions::{record_offset, PositionsError, Reader, Record};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::create_exception;
use pyo3::exceptions::{PyFileNotFoundError, PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::board::PyBoard;

create_exception!(
    cescacs,
    PositionsFileError,
    PyValueError,
    "A positions file cannot be read: not one (wrong magic), a version this package does not read, truncated, or a record whose content is not a record's. `.record` and `.offset` say where (`None` for the header)."
);

/// Registers the classes and the exception on the native module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPositionsReader>()?;
    m.add_class::<PyPositionRecord>()?;
    m.add(
        "PositionsFileError",
        m.py().get_type::<PositionsFileError>(),
    )
}

/// The Python exception of `e`, about the file `path`: an `OSError`
/// (`FileNotFoundError` for a missing file) for the system's errors, a
/// `PositionsFileError` with `.record` and `.offset` for the content's.
fn positions_error(py: Python<'_>, path: &str, e: PositionsError) -> PyErr {
    let (record, offset) = match &e {
        PositionsError::Io { source, .. } => {
            let message = format!("{path}: {e}");
            return match source.kind() {
                std::io::ErrorKind::NotFound => PyFileNotFoundError::new_err(message),
                _ => PyOSError::new_err(message),
            };
        }
        PositionsError::Truncated { record, offset, .. }
        | PositionsError::BadRecord { record, offset, .. } => (Some(*record), Some(*offset)),
        _ => (None, None),
    };
    let err = PositionsFileError::new_err(format!("{path}: {e}"));
    let v = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail.
    let _ = v.setattr("record", record);
    let _ = v.setattr("offset", offset);
    err
}

/// One record of a positions file: a searched position and its labels.
#[pyclass(module = "cescacs", name = "PositionRecord", frozen)]
pub(crate) struct PyPositionRecord {
    record: Record,
    /// The record's index in its file (0 is the first).
    #[pyo3(get)]
    index: u64,
    path: String,
}

#[pymethods]
impl PyPositionRecord {
    /// The packed position (58 bytes, zero-padded).
    #[getter]
    fn packed<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.record.packed)
    }

    /// The search's score, centipawns for the side to move (a mate as ±20,000).
    #[getter]
    fn score(&self) -> i16 {
        self.record.score
    }

    /// The result byte: White's points 0–3, 255 for a game stopped unfinished.
    #[getter]
    fn result(&self) -> u8 {
        self.record.result
    }

    /// White's points in the game, `None` when it was stopped unfinished.
    #[getter]
    fn white_points(&self) -> Option<u8> {
        self.record.white_points()
    }

    /// The position's ply in its game.
    #[getter]
    fn ply(&self) -> u16 {
        self.record.ply
    }

    /// The position as a `Board` (no move stack, no special capture);
    /// `PositionsFileError` if the packed bytes are no position.
    fn board(&self, py: Python<'_>) -> PyResult<PyBoard> {
        let pos = self.record.position().map_err(|source| {
            let e = PositionsError::BadRecord {
                record: self.index,
                offset: record_offset(self.index),
                reason: source.into(),
            };
            positions_error(py, &self.path, e)
        })?;
        Ok(PyBoard::at(pos))
    }

    fn __repr__(&self) -> String {
        format!(
            "PositionRecord(index={}, score={}, result={}, ply={})",
            self.index, self.record.score, self.record.result, self.record.ply
        )
    }
}

/// A positions file read in order, one record in memory at a time.
#[pyclass(module = "cescacs", name = "_PositionsReader")]
pub(crate) struct PyPositionsReader {
    /// `None` after an error or `close()`.
    reader: Option<Reader<BufReader<File>>>,
    path: String,
    /// The records read so far.
    read: u64,
}

impl PyPositionsReader {
    /// The next record, `None` at the end; after an error or `close()`, `None`.
    fn next_record(&mut self, py: Python<'_>) -> PyResult<Option<Record>> {
        let Some(reader) = self.reader.as_mut() else {
            return Ok(None);
        };
        match reader.read_record() {
            Ok(Some(r)) => {
                self.read += 1;
                Ok(Some(r))
            }
            Ok(None) => Ok(None),
            Err(e) => {
                self.reader = None;
                Err(positions_error(py, &self.path, e))
            }
        }
    }
}

#[pymethods]
impl PyPositionsReader {
    /// Opens the file and checks its header.
    #[new]
    fn py_new(py: Python<'_>, path: String) -> PyResult<PyPositionsReader> {
        let reader = Reader::open(&path).map_err(|e| positions_error(py, &path, e))?;
        Ok(PyPositionsReader {
            reader: Some(reader),
            path,
            read: 0,
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PyPositionRecord>> {
        let index = self.read;
        Ok(self.next_record(py)?.map(|record| PyPositionRecord {
            record,
            index,
            path: self.path.clone(),
        }))
    }

    /// The records read so far.
    #[getter]
    fn records_read(&self) -> u64 {
        self.read
    }

    /// Up to `n` next records as NumPy arrays: `packed` (k × 58 `uint8`),
    /// `score` (`int16`), `result` (`uint8`), `ply` (`uint16`), k < n only
    /// at the end of the file.
    fn read_batch<'py>(&mut self, py: Python<'py>, n: usize) -> PyResult<Bound<'py, PyDict>> {
        let (mut packed, mut score, mut result, mut ply) = (
            Vec::with_capacity(n.min(1 << 16) * 58),
            Vec::with_capacity(n.min(1 << 16)),
            Vec::with_capacity(n.min(1 << 16)),
            Vec::with_capacity(n.min(1 << 16)),
        );
        let failed = {
            let reader = &mut self.reader;
            py.detach(|| {
                let r = reader.as_mut()?;
                while score.len() < n {
                    match r.read_record() {
                        Ok(Some(rec)) => {
                            packed.extend_from_slice(&rec.packed);
                            score.push(rec.score);
                            result.push(rec.result);
                            ply.push(rec.ply);
                        }
                        Ok(None) => break,
                        Err(e) => {
                            *reader = None;
                            return Some(e);
                        }
                    }
                }
                None
            })
        };
        self.read += score.len() as u64;
        if let Some(e) = failed {
            return Err(positions_error(py, &self.path, e));
        }
        let k = score.len();
        let d = PyDict::new(py);
        d.set_item("packed", PyArray1::from_vec(py, packed).reshape([k, 58])?)?;
        d.set_item("score", PyArray1::from_vec(py, score))?;
        d.set_item("result", PyArray1::from_vec(py, result))?;
        d.set_item("ply", PyArray1::from_vec(py, ply))?;
        Ok(d)
    }

    /// Closes the file; the reader yields nothing more.
    fn close(&mut self) {
        self.reader = None;
    }
}
