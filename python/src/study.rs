//! `cescacs.study`'s Rust half: the study crate's matches
//! (`cescacs_study::Match`, built-in settings and external UCI engines,
//! as `cescacs match` plays them, the spec read by study_spec.rs) and the
//! match statistics
//! (`cescacs_study::stats`, fastchess's pentanomial Elo, LOS and SPRT).
//! python/cescacs/study.py shapes them into a spec, tables and a summary.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use cescacs::Color;
use cescacs_study::stats::{report, EloEstimate, Hypothesis, Pentanomial, Sprt};
use cescacs_study::{game_pgn, Described, GameRecord, Match, MatchError, MatchResult};
use pyo3::exceptions::{PyChildProcessError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::study_spec::{bad, Settings};

/// One game as `_study_match` returns it: pair, whether A had White, A's
/// and B's points, plies played (the opening's not counted), whether it
/// ended by the rules, the opening's plies, the game in CTL-PGN, its
/// `Termination` tag (a game decided off the board), and under a clock
/// the mover's time left after each engine move and White's and Black's
/// time left at the end, in seconds.
type GameRow = (
    usize,
    bool,
    u8,
    u8,
    usize,
    bool,
    usize,
    String,
    Option<&'static str>,
    Vec<f64>,
    Option<f64>,
    Option<f64>,
);

/// The row of a game.
fn row(g: &GameRecord, names: &(String, String), tc: Option<&str>) -> GameRow {
    let clocks: Vec<f64> = g.clocks.iter().map(Duration::as_secs_f64).collect();
    // The first engine move is White's when the start's mover is White after an even opening.
    let white_first = (g.start.turn() == Color::White) == (g.opening % 2 == 0);
    let last = |parity: usize| {
        (0..clocks.len())
            .rev()
            .find(|i| i % 2 == parity)
            .map(|i| clocks[i])
    };
    let (white, black) = if white_first {
        (last(0), last(1))
    } else {
        (last(1), last(0))
    };
    (
        g.pair,
        g.a_color == Color::White,
        g.points.0,
        g.points.1,
        g.plies,
        g.finished(),
        g.opening,
        game_pgn(g, (&names.0, &names.1), tc),
        g.ending.termination_tag(),
        clocks,
        white,
        black,
    )
}

/// The names the games of a spec give A and B (the settings checked, no
/// engine started).
#[pyfunction]
pub(crate) fn _study_names(settings: Settings) -> PyResult<(String, String)> {
    Ok(settings.describe()?.names)
}

/// The error of a match that could not start: an engine that did not
/// start is a `ChildProcessError` of (engine name, what went wrong).
fn match_error(e: MatchError) -> PyErr {
    match e {
        MatchError::EngineStart { name, error } => PyChildProcessError::new_err((name, error)),
        MatchError::Settings(s) => PyValueError::new_err(("engine", s)),
    }
}

/// Plays the match a spec's `settings` describe, with the GIL released:
/// with `pairs` the range `first_pair .. first_pair + pairs` of its pairs
/// (the whole match's games for them), otherwise the whole match, stopped
/// when `sprt` (`elo0=0,elo1=5[,alpha=0.05,beta=0.05]`) accepts H0 or H1
/// after a pair. Ctrl-C stops a whole match after the games under way
/// (then `KeyboardInterrupt` is raised). External engines are started once
/// before any game.
#[pyfunction]
#[pyo3(signature = (settings, *, first_pair = 0, pairs = None, sprt = None))]
pub(crate) fn _study_match(
    py: Python<'_>,
    settings: Settings,
    first_pair: usize,
    pairs: Option<usize>,
    sprt: Option<&str>,
) -> PyResult<Vec<GameRow>> {
    let Described { m, names } = settings.describe()?;
    let sprt = sprt.map(Sprt::parse).transpose().map_err(|e| {
        bad(
            "sprt",
            format!("{e} (give \"elo0=E0,elo1=E1[,alpha=A,beta=B]\")"),
        )
    })?;
    let tc = m.time_control_tag();
    let result = match pairs {
        Some(n) => {
            let end = first_pair
                .checked_add(n)
                .ok_or_else(|| PyValueError::new_err("first_pair + pairs overflows"))?;
            py.detach(|| m.run_pairs(first_pair..end, &|_| {}))
                .map_err(match_error)?
        }
        None => run_whole(py, &m, sprt.as_ref())?,
    };
    Ok(result
        .games
        .iter()
        .map(|g| row(g, &names, tc.as_deref()))
        .collect())
}

/// Plays a whole match on its own thread while this one, the GIL
/// released, looks for Ctrl-C every 50 ms; the match stops (after the
/// games under way) at an SPRT decision or an interrupt.
fn run_whole(py: Python<'_>, m: &Match, sprt: Option<&Sprt>) -> PyResult<MatchResult> {
    let stop = AtomicBool::new(false);
    let tally = Mutex::new((Pentanomial::default(), HashMap::new()));
    let on_game = |g: &GameRecord, _done: usize| {
        let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
        let (pairs, pending) = &mut *t;
        let share = f64::from(g.points.0) / f64::from(g.points.0 + g.points.1);
        let decided = match pending.remove(&g.pair) {
            Some(first) => {
                pairs.add_pair(first, share);
                sprt.is_some_and(|s| s.decide(pairs).is_some())
            }
            None => {
                pending.insert(g.pair, share);
                false
            }
        };
        !decided && !stop.load(Ordering::Relaxed)
    };
    let mut interrupt = None;
    let result = py.detach(|| {
        std::thread::scope(|s| {
            let runner = s.spawn(|| m.run_until(&on_game));
            while !runner.is_finished() {
                std::thread::sleep(Duration::from_millis(50));
                if interrupt.is_none() {
                    if let Err(e) = Python::attach(|py| py.check_signals()) {
                        stop.store(true, Ordering::Relaxed);
                        interrupt = Some(e);
                    }
                }
            }
            runner
                .join()
                .unwrap_or_else(|p| std::panic::resume_unwind(p))
        })
    });
    if let Some(e) = interrupt {
        return Err(e);
    }
    result.map_err(match_error)
}

/// The statistics of a match's games, each given as (pair, A's points,
/// B's points): the pentanomial counts, the Elo estimate, and with an
/// `sprt` spec (`elo0=0,elo1=5[,alpha=0.05,beta=0.05]`) its LLR, bounds
/// and decision; `lines` are fastchess's summary lines.
#[pyfunction]
#[pyo3(signature = (points, sprt = None))]
pub(crate) fn _study_stats<'py>(
    py: Python<'py>,
    points: Vec<(usize, u8, u8)>,
    sprt: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let game_points = |a, b| matches!((a, b), (3, 0) | (2, 1) | (1, 1) | (1, 2) | (0, 3));
    if let Some(&(pair, a, b)) = points.iter().find(|&&(_, a, b)| !game_points(a, b)) {
        return Err(PyValueError::new_err(format!(
            "pair {pair}: {a}-{b} are not a game's points (3-0, 2-1, 1-1, 1-2, 0-3)"
        )));
    }
    let sprt = sprt
        .map(Sprt::parse)
        .transpose()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let p = Pentanomial::from_points(points.iter().map(|&(pair, a, b)| (pair, (a, b))));
    let e = EloEstimate::from_pentanomial(&p);
    let d = PyDict::new(py);
    d.set_item("pentanomial", p.counts().to_vec())?;
    d.set_item("pairs", p.pairs())?;
    let figures = [
        ("score", e.score),
        ("variance", e.variance),
        ("elo", e.elo),
        ("elo_error_95", e.error_95),
        ("nelo", e.nelo),
        ("nelo_error_95", e.nelo_error_95),
        ("los", e.los),
    ];
    for (k, v) in figures {
        d.set_item(k, v)?;
    }
    if let Some(s) = &sprt {
        let llr = s.llr(&p);
        let (lower, upper) = s.bounds();
        let decision = s
            .decide_llr(llr)
            .map(|h| if h == Hypothesis::H1 { "H1" } else { "H0" });
        let sd = PyDict::new(py);
        for (k, v) in [
            ("elo0", s.elo0),
            ("elo1", s.elo1),
            ("alpha", s.alpha),
            ("beta", s.beta),
            ("llr", llr),
            ("lower", lower),
            ("upper", upper),
        ] {
            sd.set_item(k, v)?;
        }
        sd.set_item("decision", decision)?;
        d.set_item("sprt", sd)?;
    } else {
        d.set_item("sprt", py.None())?;
    }
    d.set_item("lines", report::summary(&p, sprt.as_ref()))?;
    Ok(d)
}
