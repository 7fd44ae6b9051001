//! `cescacs._cescacs.Engine`: the engine crate (`cescacs-engine`) behind
//! `cescacs.engine` (python/cescacs/engine.py, shaped like python-chess's
//! `chess.engine`). The search runs with the GIL released and stops on
//! Ctrl-C (`crate::work`).

use std::sync::Mutex;

use cescacs::Move;
use cescacs_engine::{ClockSeconds, Control, Engine, EngineOptions, Info, Limits, Score, Skill};
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;

use crate::board::PyBoard;
use crate::moves::{new_move, new_moves, PyMove};
use crate::work::interruptible_on;

/// An engine with its transposition table (kept between searches; cleared
/// by `new_game`). One search at a time: a second thread calling into the
/// same engine while it searches gets a `RuntimeError` (already borrowed).
#[pyclass(module = "cescacs", name = "_Engine")]
pub(crate) struct PyEngine {
    engine: Engine,
}

/// What `_search` returns: best move (or None), score kind ("cp" or
/// "mate"), score, PV, depth, seldepth, nodes, seconds, and the root lines
/// (MultiPV, best first), each as score kind, score and PV.
type SearchTuple = (
    Option<Py<PyMove>>,
    &'static str,
    i32,
    Vec<Py<PyMove>>,
    u32,
    u32,
    u64,
    f64,
    Vec<LineTuple>,
);

/// One root line: score kind, score, PV.
type LineTuple = (&'static str, i32, Vec<Py<PyMove>>);

/// What `_search` passes its `on_info` after each iteration, once per
/// line: line number (1 for the best), score kind, score, PV, depth,
/// seldepth, nodes, seconds.
type InfoTuple = (
    usize,
    &'static str,
    i32,
    Vec<Py<PyMove>>,
    u32,
    u32,
    u64,
    f64,
);

/// A flag that stops a search from another Python thread (`set`), for
/// `cescacs.engine`'s `analysis()`.
#[pyclass(module = "cescacs", name = "_Stop")]
pub(crate) struct PyStop {
    control: Control,
}

#[pymethods]
impl PyStop {
    #[new]
    fn new() -> PyStop {
        PyStop {
            control: Control::new(),
        }
    }

    /// Asks the search that holds this flag to stop.
    fn set(&self) {
        self.control.stop();
    }

    /// Whether `set` was called.
    fn is_set(&self) -> bool {
        self.control.is_stopped()
    }
}

/// A score as the Python side reads it.
fn score_pair(s: Score) -> (&'static str, i32) {
    match s {
        Score::Cp(c) => ("cp", c),
        Score::Mate(n) => ("mate", n),
    }
}

/// Calls `on_info` with each iteration's lines; the first error it raises
/// is kept and stops the search.
fn info_caller<'a>(
    on_info: &'a Py<PyAny>,
    failed: &'a Mutex<Option<PyErr>>,
    stop: &'a Control,
) -> impl FnMut(&Info) + 'a {
    move |info: &Info| {
        let Some(info) = info.completed_line() else {
            return;
        };
        Python::attach(|py| {
            let (kind, score) = score_pair(info.score);
            let call = new_moves(py, info.pv.clone()).and_then(|pv| {
                let t: InfoTuple = (
                    info.multipv,
                    kind,
                    score,
                    pv,
                    info.depth,
                    info.seldepth,
                    info.nodes,
                    info.time.as_secs_f64(),
                );
                on_info.call1(py, (t,)).map(drop)
            });
            if let Err(e) = call {
                failed
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get_or_insert(e);
                stop.stop();
            }
        })
    }
}

#[pymethods]
impl PyEngine {
    /// A table that cannot be allocated raises `MemoryError`.
    #[new]
    #[pyo3(signature = (hash_mb = 16, threads = 1))]
    fn new(hash_mb: usize, threads: usize) -> PyResult<PyEngine> {
        let options = EngineOptions {
            hash_mb,
            threads,
            ..EngineOptions::default()
        };
        options
            .validate()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let engine = Engine::try_new(options).map_err(|e| PyMemoryError::new_err(e.to_string()))?;
        Ok(PyEngine { engine })
    }

    /// Checks search limits as `_search` takes them (the engine's check,
    /// raised as `ValueError`); `cescacs.engine.Limit` calls it when made.
    /// A negative `depth`, `nodes` or `remaining_moves` reads as 0, which is
    /// refused (for `remaining_moves`: read as none).
    #[staticmethod]
    #[pyo3(signature = (depth = None, time = None, nodes = None, clock = None))]
    fn _check_limit(
        depth: Option<i64>,
        time: Option<f64>,
        nodes: Option<i64>,
        clock: Option<Clock>,
    ) -> PyResult<()> {
        let depth = depth.map(|d| u32::try_from(d.max(0)).unwrap_or(u32::MAX));
        let nodes = nodes.map(|n| n.max(0) as u64);
        limits(depth, time, nodes, clock).map(drop)
    }

    /// Resizes the table (which clears it); `MemoryError` when the new one
    /// cannot be allocated (the engine keeps its table).
    fn _set_hash(&mut self, hash_mb: usize) -> PyResult<()> {
        let options = EngineOptions {
            hash_mb,
            ..*self.engine.options()
        };
        options
            .validate()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        self.engine
            .try_set_hash_mb(hash_mb)
            .map_err(|e| PyMemoryError::new_err(e.to_string()))
    }

    /// Searches on `threads` threads from the next search on.
    fn _set_threads(&mut self, threads: usize) -> PyResult<()> {
        let options = EngineOptions {
            threads,
            ..*self.engine.options()
        };
        options
            .validate()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        self.engine.set_threads(threads);
        Ok(())
    }

    /// Plays at strength `level` (0..=20; 20 the plain search) from the
    /// next search on, or, with `limit`, at the ladder's level for `elo`
    /// (`SKILL_ELO[0]..=SKILL_ELO[20]`). Both are checked (`ValueError` out of range, and
    /// nothing changes). `seed` seeds a weak level's choices.
    #[pyo3(signature = (level = 20, elo = 1000, limit = false, seed = 0))]
    fn _set_skill(&mut self, level: i64, elo: i64, limit: bool, seed: u64) -> PyResult<()> {
        let as_u32 = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
        let bad = |e: cescacs_engine::SkillError| PyValueError::new_err(e.to_string());
        let by_level = Skill::new(as_u32(level)).map_err(bad)?;
        let by_elo = Skill::from_elo(as_u32(elo)).map_err(bad)?;
        self.engine
            .set_skill(if limit { by_elo } else { by_level }.with_seed(seed));
        Ok(())
    }

    /// Evaluates with the network (`true`) or the hand-written terms from
    /// the next search on (UCI `Use NNUE`).
    fn _set_use_nnue(&mut self, on: bool) {
        self.engine.set_use_nnue(on);
    }

    /// Reads the network file at `path` (`None`: the network built in) and
    /// evaluates with it (UCI `EvalFile`). A file that cannot be read as a
    /// network raises `ValueError` saying why; the engine keeps its network.
    #[pyo3(signature = (path = None))]
    fn _load_network(&mut self, path: Option<std::path::PathBuf>) -> PyResult<()> {
        match path {
            None => self
                .engine
                .set_network(cescacs_engine::nnue::Network::default_network()),
            Some(p) => self.engine.load_network(&p).map_err(|e| {
                PyValueError::new_err(format!("{}: {e}; the network is unchanged", p.display()))
            })?,
        }
        Ok(())
    }

    /// The static evaluation of `board`'s position in centipawns for its
    /// side to move, by the evaluation the engine searches with.
    fn _static_eval(&self, board: PyRef<'_, PyBoard>) -> PyResult<i32> {
        Ok(self.engine.static_eval(board.hist()?.position()))
    }

    /// Forgets what earlier searches learnt.
    fn new_game(&mut self) {
        self.engine.new_game();
    }

    /// Searches `board`'s position (its move stack counts for repetition).
    /// Limits: `depth` plies, `time` seconds, `nodes`, `clock` (White's and
    /// Black's time left and increments in seconds, moves to the next
    /// control); none of them: the search runs until Ctrl-C (then
    /// `KeyboardInterrupt`) or `stop` is set. `multipv` root lines;
    /// `on_info` is called after each iteration with each line's
    /// `InfoTuple` (on the search's thread, holding the GIL).
    #[pyo3(signature = (board, depth = None, time = None, nodes = None, clock = None, multipv = 1, on_info = None, stop = None))]
    #[allow(clippy::too_many_arguments)]
    fn _search(
        &mut self,
        py: Python<'_>,
        board: PyRef<'_, PyBoard>,
        depth: Option<u32>,
        time: Option<f64>,
        nodes: Option<u64>,
        clock: Option<Clock>,
        multipv: usize,
        on_info: Option<Py<PyAny>>,
        stop: Option<PyRef<'_, PyStop>>,
    ) -> PyResult<SearchTuple> {
        let limits = limits(depth, time, nodes, clock)?;
        limits
            .validate()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        EngineOptions {
            multipv,
            ..EngineOptions::default()
        }
        .validate()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
        // The caller's stop (or a fresh one) is the engine's stop flag, and
        // Ctrl-C sets it too.
        let control = stop.map_or_else(Control::new, |s| s.control.clone());
        let history = board.hist()?.clone();
        drop(board);
        let engine = &mut self.engine;
        engine.set_multipv(multipv);
        engine.set_control(control.clone());
        let failed = Mutex::new(None);
        let r = interruptible_on(py, control.stop_flag(), |_| {
            Ok(match &on_info {
                Some(f) => engine.search(&history, &limits, info_caller(f, &failed, &control)),
                None => engine.search(&history, &limits, |_| {}),
            })
        })?;
        if let Some(e) = failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
            return Err(e);
        }
        let (kind, score) = score_pair(r.score);
        let best = r.best_move.map(|m| new_move(py, &m)).transpose()?;
        let lines = r
            .lines
            .into_iter()
            .map(|l| line_tuple(py, l.score, l.pv))
            .collect::<PyResult<Vec<_>>>()?;
        Ok((
            best,
            kind,
            score,
            new_moves(py, r.pv)?,
            r.depth,
            r.seldepth,
            r.nodes,
            r.time.as_secs_f64(),
            lines,
        ))
    }
}

fn line_tuple(py: Python<'_>, score: Score, pv: Vec<Move>) -> PyResult<LineTuple> {
    let (kind, score) = score_pair(score);
    Ok((kind, score, new_moves(py, pv)?))
}

/// The clocks as `cescacs.engine.Limit` passes them: White's and Black's
/// time left, their increments (seconds) and the moves to the next control.
type Clock = (
    Option<f64>,
    Option<f64>,
    Option<f64>,
    Option<f64>,
    Option<i64>,
);

/// The engine's limits from Python's numbers (`None`: no such limit),
/// checked by the engine; its refusal raised as `ValueError`.
fn limits(
    depth: Option<u32>,
    seconds: Option<f64>,
    nodes: Option<u64>,
    clock: Option<Clock>,
) -> PyResult<Limits> {
    let err = |e: cescacs_engine::LimitsError| PyValueError::new_err(e.to_string());
    let limits = Limits::checked(depth, nodes, seconds).map_err(err)?;
    let Some((white, black, white_inc, black_inc, moves)) = clock else {
        return Ok(limits);
    };
    let moves_to_go = moves.map(|m| u32::try_from(m.max(0)).unwrap_or(u32::MAX));
    limits
        .with_clock_seconds(ClockSeconds {
            white,
            black,
            white_inc,
            black_inc,
            moves_to_go,
        })
        .map_err(err)
}
