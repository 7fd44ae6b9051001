//! Functions over many positions (or one long perft) that run in Rust with
//! the GIL released, split over the available cores.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use cescacs::{workers, Interrupted, Position};
use cescacs_research::selfplay::RandomGames;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::board::PyBoard;
use crate::errors::{pdtl_error, InvalidPdtlError};
use crate::game::PyGame;
use crate::moves::sorted_long;
use crate::work::{interruptible, perft_of};

/// What the work on one position of a batch may use.
struct Share<'a> {
    /// Set on Ctrl-C: give up with `Interrupted`.
    stop: &'a AtomicBool,
    /// Threads for this position's own work: 1 when the batch is already
    /// split over the cores, 0 (all cores) when positions run one by one.
    threads: usize,
}

/// Runs `f` on every PDTL with the GIL released, split over the available
/// cores (at most 8, on the rules crate's worker pool) when there are
/// enough positions; the results keep the input order.
/// Ctrl-C stops it between positions (and inside `f` if `f` reads the flag).
fn batch<T: Send>(
    py: Python<'_>,
    pdtls: &[String],
    f: impl Fn(&Position, &Share<'_>) -> Result<T, Interrupted> + Sync,
) -> PyResult<Vec<Result<T, String>>> {
    let threads = workers::worker_count(0, pdtls.len()).min(8);
    let split = threads > 1 && pdtls.len() >= 64;
    interruptible(py, |stop| {
        let share = Share {
            stop,
            threads: if split { 1 } else { 0 },
        };
        let one = |t: &String| -> Result<Result<T, String>, Interrupted> {
            if stop.load(Ordering::Relaxed) {
                return Err(Interrupted);
            }
            match Position::from_pdtl(t.trim_end_matches(['\r', '\n'])) {
                Ok(p) => f(&p, &share).map(Ok),
                Err(e) => Ok(Err(e.to_string())),
            }
        };
        if !split {
            return pdtls.iter().map(one).collect();
        }
        let chunk = pdtls.len().div_ceil(threads);
        let done = Mutex::new(Vec::with_capacity(threads));
        workers::for_each(
            threads,
            "batch",
            pdtls.chunks(chunk).enumerate(),
            |(c, part)| {
                let results = part.iter().map(one).collect::<Result<Vec<_>, _>>()?;
                done.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((c, results));
                Ok(())
            },
        )?;
        let mut done = done.into_inner().unwrap_or_else(|e| e.into_inner());
        done.sort_unstable_by_key(|&(c, _)| c);
        Ok(done.into_iter().flat_map(|(_, results)| results).collect())
    })
}

/// The strings of a Python iterable; a single `str` is refused, since it
/// would iterate by character. Checks for Ctrl-C every 65,536 items, since
/// reading millions of strings takes seconds with the GIL held.
fn collect_strings(pdtls: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if pdtls.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "expected an iterable of PDTL strings, got a single str",
        ));
    }
    let mut out = Vec::new();
    for (i, item) in pdtls.try_iter()?.enumerate() {
        if i % 65_536 == 65_535 {
            pdtls.py().check_signals()?;
        }
        out.push(item?.extract::<String>()?);
    }
    Ok(out)
}

/// The batch results for Python: `errors="raise"` turns the first failure
/// into `InvalidPdtlError` (naming its index), `errors="none"` into `None`.
fn finish<T>(results: Vec<Result<T, String>>, errors: &str) -> PyResult<Vec<Option<T>>> {
    let raise = match errors {
        "raise" => true,
        "none" => false,
        other => {
            return Err(PyValueError::new_err(format!(
                "errors must be 'raise' or 'none', not {other:?}"
            )))
        }
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
pub(crate) fn count_legal_moves(
    py: Python<'_>,
    pdtls: &Bound<'_, PyAny>,
    errors: &str,
) -> PyResult<Vec<Option<usize>>> {
    let input = collect_strings(pdtls)?;
    let r = batch(py, &input, |p, _| Ok(p.count_legal_moves()))?;
    finish(r, errors)
}

/// The legal moves of each PDTL as long forms sorted by byte order (GIL
/// released, multi-threaded). `errors` as for `count_legal_moves`.
#[pyfunction]
#[pyo3(signature = (pdtls, *, errors = "raise"))]
pub(crate) fn legal_moves_long(
    py: Python<'_>,
    pdtls: &Bound<'_, PyAny>,
    errors: &str,
) -> PyResult<Vec<Option<Vec<String>>>> {
    let input = collect_strings(pdtls)?;
    let r = batch(py, &input, |p, _| Ok(sorted_long(&p.legal_moves())))?;
    finish(r, errors)
}

/// Perft of each PDTL at `depth` (GIL released, multi-threaded: over the
/// positions when there are many, else within each one's perft; Ctrl-C
/// stops it with `KeyboardInterrupt`).
#[pyfunction]
#[pyo3(signature = (pdtls, depth, *, errors = "raise"))]
pub(crate) fn perft_many(
    py: Python<'_>,
    pdtls: &Bound<'_, PyAny>,
    depth: u32,
    errors: &str,
) -> PyResult<Vec<Option<u64>>> {
    let input = collect_strings(pdtls)?;
    let r = batch(py, &input, |p, share| {
        p.perft_job(depth)
            .threads(share.threads)
            .cancel_flag(share.stop)
            .run()
    })?;
    finish(r, errors)
}

/// Perft of one position (a PDTL string or a `Board`): see `Board.perft`.
#[pyfunction]
#[pyo3(signature = (position, depth, *, threads = None))]
pub(crate) fn perft(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    depth: u32,
    threads: Option<usize>,
) -> PyResult<u64> {
    let pos = if let Ok(b) = position.cast::<PyBoard>() {
        b.borrow().pos()?.clone()
    } else {
        Position::from_pdtl(&position.extract::<String>()?).map_err(pdtl_error)?
    };
    perft_of(py, &pos, depth, threads)
}

/// The output lines of `moves --long --batch` for these input lines: the
/// sorted long forms joined by single spaces, or `error: <message>`.
#[pyfunction]
pub(crate) fn _moves_batch_lines(py: Python<'_>, lines: Vec<String>) -> PyResult<Vec<String>> {
    let r = batch(py, &lines, |p, _| {
        Ok(sorted_long(&p.legal_moves()).join(" "))
    })?;
    Ok(r.into_iter()
        .map(|r| r.unwrap_or_else(|e| format!("error: {e}")))
        .collect())
}

/// `n` games of uniformly random legal moves, generated in Rust on all
/// cores (or `threads`) with the GIL released; game `i` depends only on
/// `seed` and `i`, so a seed gives the same games whatever the thread
/// count. A game stops where the rules end it or after `max_plies` plies
/// (then its result is `*`); `max_plies=None` sets no limit (the rules'
/// automatic draws, the 75-move rule among them, end every game). `start`: a `Board` or PDTL to start from (the
/// initial position by default). Ctrl-C stops it with `KeyboardInterrupt`.
#[pyfunction]
#[pyo3(signature = (n, *, max_plies = Some(300), seed = 0, threads = None, start = None), text_signature = "(n, *, max_plies=300, seed=0, threads=None, start=None)")]
pub(crate) fn random_games(
    py: Python<'_>,
    n: usize,
    max_plies: Option<usize>,
    seed: u64,
    threads: Option<usize>,
    start: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<Py<PyGame>>> {
    let start = match start {
        None => Position::default(),
        Some(s) => match s.cast::<PyBoard>() {
            Ok(b) => b.borrow().pos()?.clone(),
            Err(_) => Position::from_pdtl(&s.extract::<String>()?).map_err(pdtl_error)?,
        },
    };
    let games = interruptible(py, |stop| {
        RandomGames::new(n)
            .start(&start)
            .seed(seed)
            .max_plies(max_plies.unwrap_or(usize::MAX))
            .threads(threads.unwrap_or(0))
            .cancel_flag(stop)
            .run()
    })?;
    games
        .into_iter()
        .map(|game| Py::new(py, PyGame::wrap(game)))
        .collect()
}
