//! `cescacs.GameBatch` and `cescacs.selfplay`: many games held compactly in
//! the research crate's `dataset::GameBatch` (two bytes a ply), their arrays handed
//! to NumPy (the moves without a copy), games rebuilt on demand, and
//! training samples made in Rust with the GIL released.

use cescacs::{Interrupted, Position, HEX_COUNT};
use cescacs_research::dataset::{
    result_code, termination_code, BatchError, BatchParts, CtlMoves, GameBatch, Origin, SampleSpec,
    SamplesError, SelfPlay, RANK_VERSION, RESULTS, TERMINATIONS,
};
use cescacs_research::encode::{ACTIONS, PLANES};
use numpy::ndarray::ArrayView1;
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::board::PyBoard;
use crate::convert::move_kind_index;
use crate::errors::pdtl_error;
use crate::game::PyGame;
use crate::work::interruptible;

/// Many games held compactly in Rust: one `uint16` per ply (the
/// `cescacs.encode` move index), offsets, start positions, each game's
/// result and termination, and the seed of a self-play batch. `b[i]` builds
/// a `Game` on demand; `b[a:b]`, `b[mask]` and `b[[i, j, …]]` are new
/// batches, as NumPy picks rows; `b.moves` is a read-only NumPy view of the
/// batch's own memory.
#[pyclass(module = "cescacs", name = "GameBatch", frozen)]
pub(crate) struct PyGameBatch {
    pub(crate) batch: GameBatch,
}

/// Iterator over a batch's games.
#[pyclass(module = "cescacs", name = "_GameBatchIter")]
pub(crate) struct PyGameBatchIter {
    batch: Py<PyGameBatch>,
    next: usize,
}

#[pymethods]
impl PyGameBatchIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> Option<PyGame> {
        let game = self.batch.get().batch.game(self.next)?;
        self.next += 1;
        Some(PyGame::wrap(game))
    }
}

fn samples_error(e: SamplesError) -> PyErr {
    match e {
        SamplesError::Interrupted => pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted"),
        e => PyValueError::new_err(e.to_string()),
    }
}

#[pymethods]
impl PyGameBatch {
    /// The results by code of `results`: 0 `"3-0"`, 1 `"0-3"`, 2 `"2-1"`,
    /// 3 `"1-2"`, 4 `"1-1"`, 5 `"*"` (C'escacs points, White's first).
    #[classattr]
    #[allow(non_snake_case)]
    fn RESULTS() -> Vec<&'static str> {
        RESULTS.iter().map(|r| r.as_str()).collect()
    }

    /// The version of the rank encoding `ranks` makes and `_from_parts`
    /// reads (`to_arrow` records it in the schema's metadata).
    #[classattr]
    #[allow(non_snake_case)]
    fn RANK_VERSION() -> u32 {
        RANK_VERSION
    }

    /// The values of `cescacs.Termination` by code (`None` for code 0).
    #[classattr]
    #[allow(non_snake_case)]
    fn TERMINATIONS() -> Vec<Option<&'static str>> {
        TERMINATIONS.iter().map(|t| t.map(|t| t.name())).collect()
    }

    /// Pickles as its arrays and a checksum of them; loading checks the
    /// columns and the checksum and does not replay the moves (a pickle is
    /// trusted input, as Python's pickle module says; the checksum catches
    /// a damaged one). Batches travel between processes (Ray tasks,
    /// multiprocessing) at the speed of copying their arrays.
    fn __reduce__<'py>(
        slf: Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let this = slf.get();
        let b = &this.batch;
        let results = this._results(py);
        let terminations = this._terminations(py);
        let starts = this.starts();
        let sum = checksum(
            b.moves(),
            b.offsets(),
            &starts,
            b.start_indices(),
            &results.readonly(),
            &terminations.readonly(),
        )?;
        let args = (
            PyArray1::from_slice(py, b.moves()),
            this.offsets(py),
            starts,
            PyArray1::from_slice(py, b.start_indices()),
            results,
            terminations,
            b.origin().map(|o| (o.seed, o.first)),
            sum,
        );
        Ok((
            py.get_type::<PyGameBatch>().getattr("_from_pickle")?,
            args.into_pyobject(py)?,
        ))
    }

    /// A pickled batch (`__reduce__`): `ValueError` if its checksum or
    /// columns do not hold.
    #[staticmethod]
    #[allow(clippy::too_many_arguments)] // one argument per column
    fn _from_pickle(
        moves: PyReadonlyArray1<'_, u16>,
        offsets: PyReadonlyArray1<'_, i64>,
        starts: Vec<String>,
        start_indices: PyReadonlyArray1<'_, u32>,
        results: PyReadonlyArray1<'_, u8>,
        terminations: PyReadonlyArray1<'_, u8>,
        origin: Option<(u64, u64)>,
        sum: u64,
    ) -> PyResult<PyGameBatch> {
        let moves = moves.as_slice()?.to_vec();
        let unsigned = non_negative(offsets.as_slice()?, "offsets")?;
        let got = checksum(
            &moves,
            &unsigned,
            &starts,
            start_indices.as_slice()?,
            &results,
            &terminations,
        )?;
        if got != sum {
            return Err(PyValueError::new_err(
                "the pickled GameBatch is damaged (its checksum does not match)",
            ));
        }
        let parts = Columns {
            offsets,
            starts,
            start_indices,
            results,
            terminations,
            origin,
        }
        .parts(moves)?;
        Ok(PyGameBatch {
            batch: GameBatch::from_own_parts(parts).map_err(batch_error)?,
        })
    }

    fn __len__(&self) -> usize {
        self.batch.len()
    }

    /// `b[i]`: game `i` as a `Game` (negative indices count from the end).
    /// `b[slice]`, `b[mask]` (a bool array, one flag per game) and
    /// `b[indices]` (a list or integer array, in any order, repeats and
    /// negative indices allowed): a new `GameBatch` of those games, made in
    /// Rust in one pass. A slice of step 1 (or an ascending run of indices
    /// or of a mask's flags) shares this batch's moves: its `moves` is a view
    /// of the same memory (`np.shares_memory`), which stays valid while any
    /// batch or array holds it.
    /// `IndexError` for an index out of range, `ValueError` for a mask of
    /// the wrong length or an array of another dtype, `TypeError` for a key
    /// of another type.
    fn __getitem__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let n = self.batch.len();
        let single = if key.is_instance_of::<pyo3::types::PyInt>()
            || key.hasattr("__index__")? && !key.hasattr("__len__")?
        {
            key.extract::<isize>().ok()
        } else {
            None
        };
        let Some(i) = single else {
            let batch = crate::rows::rows(&self.batch, key)?;
            return Ok(Py::new(py, PyGameBatch { batch })?.into_any());
        };
        let j = if i < 0 { i + n as isize } else { i };
        let game = usize::try_from(j).ok().and_then(|j| self.batch.game(j));
        let game = game.ok_or_else(|| {
            PyIndexError::new_err(format!("game index {i} out of range for {n} games"))
        })?;
        Ok(Py::new(py, PyGame::wrap(game))?.into_any())
    }

    fn __iter__(slf: Bound<'_, Self>) -> PyGameBatchIter {
        PyGameBatchIter {
            batch: slf.unbind(),
            next: 0,
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyGameBatch>()
            .is_ok_and(|o| o.get().batch == self.batch)
    }

    fn __repr__(&self) -> String {
        let origin = self.batch.origin().map_or(String::new(), |o| {
            format!(", seed={}, first={}", o.seed, o.first)
        });
        format!(
            "<GameBatch {} games, {} plies{origin}>",
            self.batch.len(),
            self.batch.moves().len()
        )
    }

    /// Every game's move indices end to end, `uint16`, read-only: a view of
    /// the batch's memory (no copy; the array keeps the batch alive, and
    /// the batch the moves buffer it shares with the batches cut from it).
    #[getter]
    fn moves<'py>(slf: Bound<'py, Self>) -> PyResult<Bound<'py, PyArray1<u16>>> {
        let view = ArrayView1::from(slf.get().batch.moves());
        // SAFETY: the array points into the moves buffer of a frozen
        // `GameBatch`, which is never mutated after construction: the
        // buffer sits behind an `Arc` that the batch holds (other batches
        // cut from it may hold it too; none writes to a shared buffer), so
        // it neither moves nor changes while the batch lives, and the array
        // holds a reference to the batch (its NumPy base) for as long as it
        // lives; it is made read-only below, before Python sees it.
        let array = unsafe { PyArray1::borrow_from_array(&view, slf.clone().into_any()) };
        let kwargs = PyDict::new(slf.py());
        kwargs.set_item("write", false)?;
        array.call_method("setflags", (), Some(&kwargs))?;
        Ok(array)
    }

    /// `int64`, `len + 1`: game `i`'s moves are `moves[offsets[i]:offsets[i+1]]`.
    #[getter]
    fn offsets<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        PyArray1::from_vec(py, self.batch.offsets().iter().map(|&o| o as i64).collect())
    }

    /// `int64`: each game's number of plies.
    #[getter]
    fn plies<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        PyArray1::from_vec(
            py,
            self.batch
                .offsets()
                .windows(2)
                .map(|w| (w[1] - w[0]) as i64)
                .collect(),
        )
    }

    /// `uint8` codes into `GameBatch.RESULTS` ("3-0", "0-3", "2-1", "1-2",
    /// "1-1", "*"); `GameBatch.results` (Python) wraps them as labels.
    fn _results<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
        PyArray1::from_vec(
            py,
            self.batch
                .results()
                .iter()
                .map(|&r| result_code(r))
                .collect(),
        )
    }

    /// `uint8` codes into `GameBatch.TERMINATIONS` (0: the game had not
    /// ended); `GameBatch.terminations` (Python) wraps them as labels.
    fn _terminations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
        PyArray1::from_vec(
            py,
            self.batch
                .terminations()
                .iter()
                .map(|&t| termination_code(t))
                .collect(),
        )
    }

    /// The distinct start positions, as PDTL.
    #[getter]
    fn starts(&self) -> Vec<String> {
        self.batch.starts().iter().map(|p| p.to_pdtl()).collect()
    }

    /// `uint32`: each game's start, an index into `starts`.
    #[getter]
    fn start_indices<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
        PyArray1::from_slice(py, self.batch.start_indices())
    }

    /// The seed of a self-play batch (`None` for games read or gathered).
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.batch.origin().map(|o| o.seed)
    }

    /// The index in the seed's game stream of this batch's first game.
    #[getter]
    fn first(&self) -> Option<u64> {
        self.batch.origin().map(|o| o.first)
    }

    /// Bytes the batch holds (its buffers' capacity; the whole moves buffer
    /// when it shares one with the batch it was cut from).
    #[getter]
    fn nbytes(&self) -> usize {
        self.batch.heap_bytes()
    }

    /// Training samples (a dict of NumPy arrays), one per ply, or per entry
    /// of `plies` (flat ply indices into `moves`, in any order, repeats
    /// allowed, as NumPy's fancy indexing takes them):
    /// `game`, `ply` (`uint32`), `played` (`uint16` move index), `value`
    /// (`float32`, the final result from the mover's view: mate ±1,
    /// stalemate ±1/3, draw and unfinished 0); with `planes` the
    /// `(S, PLANES, 169)` `uint8` planes; with `legal` the legal moves as
    /// CSR, `legal` (`uint16`) and `legal_offsets` (`int64`, S + 1); with
    /// `mask` an `(S, ACTIONS)` bool mask (30 kB a sample). Made in Rust on
    /// all cores (or `threads`) with the GIL released.
    #[pyo3(signature = (*, plies = None, planes = true, legal = true, mask = false, threads = None))]
    fn samples<'py>(
        &self,
        py: Python<'py>,
        plies: Option<Vec<u64>>,
        planes: bool,
        legal: bool,
        mask: bool,
        threads: Option<usize>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let s = interruptible(py, |stop| {
            let spec = SampleSpec {
                plies: plies.as_deref(),
                planes,
                legal,
                mask,
                threads: threads.unwrap_or(0),
                cancel: Some(stop),
            };
            Ok(self.batch.samples(&spec))
        })?
        .map_err(samples_error)?;
        let n = s.game.len();
        let d = PyDict::new(py);
        d.set_item("game", PyArray1::from_vec(py, s.game))?;
        d.set_item("ply", PyArray1::from_vec(py, s.ply))?;
        d.set_item("played", PyArray1::from_vec(py, s.played))?;
        d.set_item("value", PyArray1::from_vec(py, s.value))?;
        if planes {
            d.set_item(
                "planes",
                PyArray1::from_vec(py, s.planes).reshape([n, PLANES, HEX_COUNT])?,
            )?;
        }
        if legal {
            d.set_item("legal", PyArray1::from_vec(py, s.legal))?;
            d.set_item(
                "legal_offsets",
                PyArray1::from_vec(py, s.legal_offsets.into_iter().map(|o| o as i64).collect()),
            )?;
        }
        if mask {
            d.set_item(
                "mask",
                PyArray1::from_vec(py, s.mask).reshape([n, *ACTIONS])?,
            )?;
        }
        Ok(d)
    }

    /// `uint16`, like `moves`: each move's rank (the rules crate's
    /// `Position::move_rank`, version `RANK_VERSION`): a slot among the position's
    /// pseudo-legal moves, the side's pieces by hex and each piece's targets
    /// by hex; small numbers, the compact encoding `write_parquet` stores
    /// with `moves="rank"`. Rust, all cores (or `threads`), GIL released.
    #[pyo3(signature = (*, threads = None))]
    fn ranks<'py>(&self, py: Python<'py>, threads: Option<usize>) -> Bound<'py, PyArray1<u16>> {
        let ranks = py.detach(|| self.batch.ranks(threads.unwrap_or(0)));
        PyArray1::from_vec(py, ranks)
    }

    /// `uint8`, like `moves`: each move's kind as its position in
    /// `list(cescacs.MoveKind)` (normal, double step, …, King's Leap,
    /// castling, forced promotion). Rust, all cores (or `threads`), GIL
    /// released.
    #[pyo3(signature = (*, threads = None))]
    fn move_kinds<'py>(&self, py: Python<'py>, threads: Option<usize>) -> Bound<'py, PyArray1<u8>> {
        let kinds = py.detach(|| self.batch.move_kinds(threads.unwrap_or(0)));
        PyArray1::from_vec(
            py,
            kinds
                .into_iter()
                .map(|k| move_kind_index(k) as u8)
                .collect(),
        )
    }

    /// A batch from raw arrays (what `to_arrow` writes; with `ranks`,
    /// `moves` holds ranks), every move checked by replaying it;
    /// `ValueError` says which game and ply is wrong.
    #[staticmethod]
    #[allow(clippy::too_many_arguments)] // one argument per column
    #[pyo3(signature = (moves, offsets, starts, start_indices, results, terminations, origin = None, ranks = false))]
    fn _from_parts(
        py: Python<'_>,
        moves: PyReadonlyArray1<'_, u16>,
        offsets: PyReadonlyArray1<'_, i64>,
        starts: Vec<String>,
        start_indices: PyReadonlyArray1<'_, u32>,
        results: PyReadonlyArray1<'_, u8>,
        terminations: PyReadonlyArray1<'_, u8>,
        origin: Option<(u64, u64)>,
        ranks: bool,
    ) -> PyResult<PyGameBatch> {
        let columns = Columns {
            offsets,
            starts,
            start_indices,
            results,
            terminations,
            origin,
        };
        let parts = columns.parts(moves.as_slice()?.to_vec())?;
        let batch = py.detach(|| {
            if ranks {
                GameBatch::from_rank_parts(parts, 0)
            } else {
                GameBatch::from_parts(parts, 0)
            }
        });
        Ok(PyGameBatch {
            batch: batch.map_err(batch_error)?,
        })
    }

    /// A batch from raw arrays with the moves as CTL-AN in Arrow's string
    /// layout (`text` bytes, `ply_offsets` into them, one move a ply), every
    /// move read and checked in one replay; `ValueError` says which game
    /// and ply is wrong.
    #[staticmethod]
    #[allow(clippy::too_many_arguments)] // one argument per column
    #[pyo3(signature = (text, ply_offsets, offsets, starts, start_indices, results, terminations, origin = None))]
    fn _from_ctl_parts(
        py: Python<'_>,
        text: PyReadonlyArray1<'_, u8>,
        ply_offsets: PyReadonlyArray1<'_, i64>,
        offsets: PyReadonlyArray1<'_, i64>,
        starts: Vec<String>,
        start_indices: PyReadonlyArray1<'_, u32>,
        results: PyReadonlyArray1<'_, u8>,
        terminations: PyReadonlyArray1<'_, u8>,
        origin: Option<(u64, u64)>,
    ) -> PyResult<PyGameBatch> {
        let ctl = CtlMoves {
            text: text.as_slice()?.to_vec(),
            offsets: non_negative(ply_offsets.as_slice()?, "ply offsets")?,
        };
        let parts = Columns {
            offsets,
            starts,
            start_indices,
            results,
            terminations,
            origin,
        }
        .parts(Vec::new())?;
        let batch = py
            .detach(|| GameBatch::from_ctl_parts(parts, &ctl, 0))
            .map_err(batch_error)?;
        Ok(PyGameBatch { batch })
    }

    /// Every move in CTL-AN with its check or mate mark, in Arrow's string
    /// layout: `(text, ply_offsets)`, the `uint8` UTF-8 bytes end to end
    /// and `int64` offsets (one more than `moves`): move `k` is
    /// `text[ply_offsets[k]:ply_offsets[k+1]]`. Rust, all cores (or
    /// `threads`), GIL released; `to_arrow(moves="ctl")` makes its column
    /// from these.
    #[pyo3(signature = (*, threads = None))]
    fn _ctl_text<'py>(
        &self,
        py: Python<'py>,
        threads: Option<usize>,
    ) -> (Bound<'py, PyArray1<u8>>, Bound<'py, PyArray1<i64>>) {
        let ctl = py.detach(|| self.batch.ctl_moves(threads.unwrap_or(0)));
        (
            PyArray1::from_vec(py, ctl.text),
            PyArray1::from_vec(py, ctl.offsets.into_iter().map(|o| o as i64).collect()),
        )
    }

    /// The games of these batches in order (`GameBatch.concat([a, b])`);
    /// the seed stays when each continues the previous one's stream.
    #[staticmethod]
    fn concat(batches: Vec<PyRef<'_, PyGameBatch>>) -> PyGameBatch {
        let mut batch = GameBatch::new();
        for b in &batches {
            batch.extend(&b.batch);
        }
        PyGameBatch { batch }
    }

    /// A batch of these `Game` records' main lines, starts and results.
    #[staticmethod]
    fn from_games(games: Vec<PyRef<'_, PyGame>>) -> PyGameBatch {
        PyGameBatch {
            batch: GameBatch::from_games(games.iter().map(|g| &g.game)),
        }
    }
}

/// The values of `codes` in `table` (a column of small codes, as NumPy holds
/// results and terminations); a code past the table is a ValueError naming `what`.
fn decode<T: Copy>(table: &[T], codes: &[u8], what: &str) -> PyResult<Vec<T>> {
    codes
        .iter()
        .map(|&c| {
            table
                .get(usize::from(c))
                .copied()
                .ok_or_else(|| PyValueError::new_err(format!("{what} code {c} is out of range")))
        })
        .collect()
}

/// The per-game columns of `_from_parts` and `_from_ctl_parts`.
struct Columns<'py> {
    offsets: PyReadonlyArray1<'py, i64>,
    starts: Vec<String>,
    start_indices: PyReadonlyArray1<'py, u32>,
    results: PyReadonlyArray1<'py, u8>,
    terminations: PyReadonlyArray1<'py, u8>,
    origin: Option<(u64, u64)>,
}

impl Columns<'_> {
    /// The research crate's parts, with these `moves`.
    fn parts(self, moves: Vec<u16>) -> PyResult<BatchParts> {
        Ok(BatchParts {
            moves,
            offsets: non_negative(self.offsets.as_slice()?, "offsets")?,
            starts: self
                .starts
                .iter()
                .map(|s| Position::from_pdtl(s).map_err(pdtl_error))
                .collect::<PyResult<_>>()?,
            start_of: self.start_indices.as_slice()?.to_vec(),
            results: decode(&RESULTS, self.results.as_slice()?, "result")?,
            terminations: decode(&TERMINATIONS, self.terminations.as_slice()?, "termination")?,
            origin: self.origin.map(|(seed, first)| Origin { seed, first }),
        })
    }
}

/// Offsets from NumPy's `int64`, refused if one is negative.
/// A 64-bit checksum (word-at-a-time multiply-rotate): it catches a
/// damaged pickle; it is no defence against a forged one, which can run any
/// code anyway.
struct Checksum(u64);

impl Checksum {
    fn word(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    /// The length, then the bytes eight at a time (the last word padded).
    fn bytes(&mut self, bytes: &[u8]) {
        self.word(bytes.len() as u64);
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.word(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        let mut last = [0u8; 8];
        last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
        self.word(u64::from_le_bytes(last));
    }
}

/// The checksum of a batch's columns, as `__reduce__` pickles them.
fn checksum(
    moves: &[u16],
    offsets: &[u64],
    starts: &[String],
    start_indices: &[u32],
    results: &PyReadonlyArray1<'_, u8>,
    terminations: &PyReadonlyArray1<'_, u8>,
) -> PyResult<u64> {
    let mut h = Checksum(0);
    h.word(moves.len() as u64);
    for c in moves.chunks(4) {
        let w = c
            .iter()
            .enumerate()
            .fold(0u64, |w, (k, &m)| w | u64::from(m) << (16 * k));
        h.word(w);
    }
    offsets.iter().for_each(|&o| h.word(o));
    starts.iter().for_each(|s| h.bytes(s.as_bytes()));
    start_indices.iter().for_each(|&i| h.word(u64::from(i)));
    h.bytes(results.as_slice()?);
    h.bytes(terminations.as_slice()?);
    Ok(h.0)
}

fn non_negative(offsets: &[i64], what: &str) -> PyResult<Vec<u64>> {
    offsets
        .iter()
        .map(|&o| {
            u64::try_from(o)
                .map_err(|_| PyValueError::new_err(format!("{what} must not be negative")))
        })
        .collect()
}

fn batch_error(e: BatchError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The start position of a `start` argument: a `Board` or a PDTL.
pub(crate) fn start_position(start: Option<&Bound<'_, PyAny>>) -> PyResult<Position> {
    match start {
        None => Ok(Position::default()),
        Some(s) => match s.cast::<PyBoard>() {
            Ok(b) => Ok(b.borrow().pos()?.clone()),
            Err(_) => Position::from_pdtl(&s.extract::<String>()?).map_err(pdtl_error),
        },
    }
}

/// `n` random games straight into a `GameBatch`: the games of
/// `random_games` with the same arguments, from game `first` of the seed's
/// stream (so `selfplay(n, first=k)[i] == selfplay(k + n)[k + i]`);
/// `max_plies=None` sets no limit, as for `random_games`. Rust,
/// all cores (or `threads`), GIL released; Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (n, *, max_plies = Some(300), seed = 0, threads = None, start = None, first = 0), text_signature = "(n, *, max_plies=300, seed=0, threads=None, start=None, first=0)")]
pub(crate) fn selfplay(
    py: Python<'_>,
    n: usize,
    max_plies: Option<usize>,
    seed: u64,
    threads: Option<usize>,
    start: Option<&Bound<'_, PyAny>>,
    first: u64,
) -> PyResult<PyGameBatch> {
    let start = start_position(start)?;
    let batch = interruptible(py, |stop| {
        SelfPlay::new(n)
            .start(&start)
            .seed(seed)
            .max_plies(max_plies.unwrap_or(usize::MAX))
            .first(first)
            .threads(threads.unwrap_or(0))
            .cancel_flag(stop)
            .run()
    })?;
    Ok(PyGameBatch { batch })
}

/// The games of a CTL-PGN file (a path, read by Rust in a stream) or text
/// as one `GameBatch` of their main lines; `InvalidPgnError` at the first
/// error (its line and column count from the start of the input).
#[pyfunction]
#[pyo3(signature = (source, *, is_path))]
pub(crate) fn _pgn_read_batch(
    py: Python<'_>,
    source: &str,
    is_path: bool,
) -> PyResult<PyGameBatch> {
    use cescacs::pgn::{PgnError, Reader};
    let read = |entries: &mut dyn Iterator<Item = cescacs::pgn::GameEntry>,
                stop: &std::sync::atomic::AtomicBool| {
        let stopped = || stop.load(std::sync::atomic::Ordering::Relaxed);
        let batch = GameBatch::from_pgn_entries(entries.take_while(|_| !stopped()), usize::MAX);
        if stopped() {
            return Err(Interrupted);
        }
        Ok(batch)
    };
    let outcome: Result<GameBatch, PgnError> = if is_path {
        let file = std::fs::File::open(source)
            .map_err(|e| pyo3::exceptions::PyOSError::new_err(format!("{source}: {e}")))?;
        interruptible(py, |stop| {
            read(&mut Reader::new(std::io::BufReader::new(file)), stop)
        })?
    } else {
        interruptible(py, |stop| read(&mut Reader::new(source.as_bytes()), stop))?
    };
    outcome
        .map(|batch| PyGameBatch { batch })
        .map_err(|e| crate::errors::pgn_error(py, &e))
}
