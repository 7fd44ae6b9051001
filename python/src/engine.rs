//! `cescacs._cescacs.Engine`: the engine crate (`cescacs-engine`) behind
//! `cescacs.engine` (python/cescacs/engine.py, shaped like python-chess's
//! `chess.engine`). The search runs with the GIL released and stops on
//! Ctrl-C (`crate::work`).

use cescacs_engine::{ClockSeconds, Engine, EngineOptions, Limits, Score};
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;

use crate::board::PyBoard;
use crate::moves::{new_move, new_moves, PyMove};
use crate::work::interruptible;

/// An engine with its transposition table (kept between searches; cleared
/// by `new_game`). One search at a time: a second thread calling into the
/// same engine while it searches gets a `RuntimeError` (already borrowed).
#[pyclass(module = "cescacs", name = "_Engine")]
pub(crate) struct PyEngine {
    engine: Engine,
}

/// What `_search` returns: best move (or None), score kind ("cp" or
/// "mate"), score, PV, depth, seldepth, nodes, seconds.
type SearchTuple = (Option<Py<PyMove>>, &'static str, i32, Vec<Py<PyMove>>, u32, u32, u64, f64);

#[pymethods]
impl PyEngine {
    /// A table that cannot be allocated raises `MemoryError`.
    #[new]
    #[pyo3(signature = (hash_mb = 16, threads = 1))]
    fn new(hash_mb: usize, threads: usize) -> PyResult<PyEngine> {
        let options = EngineOptions { hash_mb, threads, ..EngineOptions::default() };
        options.validate().map_err(|e| PyValueError::new_err(e.to_string()))?;
        let engine = Engine::try_new(options).map_err(|e| PyMemoryError::new_err(e.to_string()))?;
        Ok(PyEngine { engine })
    }

    /// Checks search limits as `_search` takes them (the engine's check,
    /// raised as `ValueError`); `cescacs.engine.Limit` calls it when made.
    /// A negative `depth`, `nodes` or `remaining_moves` reads as 0, which is
    /// refused (for `remaining_moves`: read as none).
    #[staticmethod]
    #[pyo3(signature = (depth = None, time = None, nodes = None, clock = None))]
    fn _check_limit(depth: Option<i64>, time: Option<f64>, nodes: Option<i64>, clock: Option<Clock>) -> PyResult<()> {
        let depth = depth.map(|d| u32::try_from(d.max(0)).unwrap_or(u32::MAX));
        let nodes = nodes.map(|n| n.max(0) as u64);
        limits(depth, time, nodes, clock).map(drop)
    }

    /// Forgets what earlier searches learnt.
    fn new_game(&mut self) {
        self.engine.new_game();
    }

    /// Searches `board`'s position (its move stack counts for repetition).
    /// Limits: `depth` plies, `time` seconds, `nodes`, `clock` (White's and
    /// Black's time left and increments in seconds, moves to the next
    /// control); none of them: the search runs until Ctrl-C (then
    /// `KeyboardInterrupt`).
    #[pyo3(signature = (board, depth = None, time = None, nodes = None, clock = None))]
    fn _search(
        &mut self,
        py: Python<'_>,
        board: PyRef<'_, PyBoard>,
        depth: Option<u32>,
        time: Option<f64>,
        nodes: Option<u64>,
        clock: Option<Clock>,
    ) -> PyResult<SearchTuple> {
        let limits = limits(depth, time, nodes, clock)?;
        let history = board.hist()?.clone();
        drop(board);
        let engine = &mut self.engine;
        let r = interruptible(py, |stop| Ok(engine.search_until(&history, &limits, stop)))?;
        let (kind, score) = match r.score {
            Score::Cp(c) => ("cp", c),
            Score::Mate(n) => ("mate", n),
        };
        let best = r.best_move.map(|m| new_move(py, &m)).transpose()?;
        Ok((best, kind, score, new_moves(py, r.pv)?, r.depth, r.seldepth, r.nodes, r.time.as_secs_f64()))
    }
}

/// The clocks as `cescacs.engine.Limit` passes them: White's and Black's
/// time left, their increments (seconds) and the moves to the next control.
type Clock = (Option<f64>, Option<f64>, Option<f64>, Option<f64>, Option<i64>);

/// The engine's limits from Python's numbers (`None`: no such limit),
/// checked by the engine; its refusal raised as `ValueError`.
fn limits(depth: Option<u32>, seconds: Option<f64>, nodes: Option<u64>, clock: Option<Clock>) -> PyResult<Limits> {
    let err = |e: cescacs_engine::LimitsError| PyValueError::new_err(e.to_string());
    let limits = Limits::checked(depth, nodes, seconds).map_err(err)?;
    let Some((white, black, white_inc, black_inc, moves)) = clock else { return Ok(limits) };
    let moves_to_go = moves.map(|m| u32::try_from(m.max(0)).unwrap_or(u32::MAX));
    limits.with_clock_seconds(ClockSeconds { white, black, white_inc, black_inc, moves_to_go }).map_err(err)
}
