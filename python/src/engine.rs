//! `cescacs._cescacs.Engine`: the engine crate (`cescacs-engine`) behind
//! `cescacs.engine` (python/cescacs/engine.py, shaped like python-chess's
//! `chess.engine`). The search runs with the GIL released and stops on
//! Ctrl-C (`crate::work`).

use std::time::Duration;

use cescacs_engine::{Engine, EngineOptions, Limits, Score};
use pyo3::exceptions::PyValueError;
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
    #[new]
    #[pyo3(signature = (hash_mb = 16, threads = 1))]
    fn new(hash_mb: usize, threads: usize) -> PyResult<PyEngine> {
        if !(1..=65536).contains(&hash_mb) {
            return Err(PyValueError::new_err(format!("hash_mb must be 1..65536, not {hash_mb}")));
        }
        if !(1..=256).contains(&threads) {
            return Err(PyValueError::new_err(format!("threads must be 1..256, not {threads}")));
        }
        Ok(PyEngine { engine: Engine::new(EngineOptions { hash_mb, threads, ..EngineOptions::default() }) })
    }

    /// Forgets what earlier searches learnt.
    fn new_game(&mut self) {
        self.engine.new_game();
    }

    /// Searches `board`'s position (its move stack counts for repetition).
    /// Limits: `depth` plies, `time` seconds, `nodes`; none of them: the
    /// search runs until Ctrl-C (then `KeyboardInterrupt`).
    #[pyo3(signature = (board, depth = None, time = None, nodes = None))]
    fn _search(
        &mut self,
        py: Python<'_>,
        board: PyRef<'_, PyBoard>,
        depth: Option<u32>,
        time: Option<f64>,
        nodes: Option<u64>,
    ) -> PyResult<SearchTuple> {
        if depth == Some(0) {
            return Err(PyValueError::new_err("depth must be at least 1"));
        }
        let time = match time {
            Some(t) if !(t.is_finite() && (0.0..1e9).contains(&t)) => {
                return Err(PyValueError::new_err(format!("time must be a number of seconds >= 0, not {t}")));
            }
            t => t.map(Duration::from_secs_f64),
        };
        if nodes == Some(0) {
            return Err(PyValueError::new_err("nodes must be at least 1"));
        }
        let history = board.hist()?.clone();
        drop(board);
        let limits = Limits { depth, time, nodes, stop: None };
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
