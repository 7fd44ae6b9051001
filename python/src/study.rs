//! `cescacs.study`'s Rust half: the study crate's built-in matches
//! (`cescacs_study::Match`, the engine at fixed depths against itself, as
//! `cescacs match` plays them) and the match statistics
//! (`cescacs_study::stats`, fastchess's pentanomial Elo, LOS and SPRT).
//! python/cescacs/study.py shapes them into a spec, tables and a summary.

use cescacs::Color;
use cescacs_engine::{EngineOptions, EvalConfig};
use cescacs_study::stats::{report, EloEstimate, Hypothesis, Pentanomial, Sprt};
use cescacs_study::{Abstain, GameRecord, Match, Player};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// One game as `_study_match` returns it: pair, whether A had White, A's
/// and B's points, plies played (the opening's not counted), whether it
/// ended by the rules, the opening's plies, the game in CTL-PGN.
type GameRow = (usize, bool, u8, u8, usize, bool, usize, String);

/// The match of a spec (the arguments of `cescacs match`).
#[allow(clippy::too_many_arguments)]
fn build_match(depth: u32, vs_depth: u32, eval: &str, vs_eval: &str, seed: u64, max_plies: usize, threads: usize, hash_mb: usize, no_castling: bool, abstain: Option<&str>) -> PyResult<Match> {
    let bad = |e: String| PyValueError::new_err(e);
    let eval_a: EvalConfig = eval.parse().map_err(|e| bad(format!("eval: {e}")))?;
    let eval_b: EvalConfig = vs_eval.parse().map_err(|e| bad(format!("vs_eval: {e}")))?;
    if !(1..=64).contains(&depth) || !(1..=64).contains(&vs_depth) {
        return Err(bad("depth and vs_depth must be 1..64".to_string()));
    }
    let abstain = match abstain {
        None => Abstain::default(),
        Some("leaps") => Abstain { king_leaps: true, castling: false },
        Some("castling") => Abstain { king_leaps: false, castling: true },
        Some("both") => Abstain { king_leaps: true, castling: true },
        Some(other) => return Err(bad(format!("abstain takes 'leaps', 'castling' or 'both', not {other:?}"))),
    };
    let options = |eval| EngineOptions { hash_mb, threads: 1, eval };
    options(eval_a).validate().map_err(|e| bad(e.to_string()))?;
    let a = Player { depth, options: options(eval_a), abstain };
    let mut m = Match::new(a, Player::new(vs_depth, options(eval_b)), 0);
    m.seed = seed;
    m.threads = threads;
    m.max_plies = max_plies;
    m.start.set_castling_allowed(!no_castling);
    Ok(m)
}

/// A game in CTL-PGN as `cescacs match --pgn` writes it without a clock:
/// Event `cescacs match`, Round `pair.1` (A White) or `pair.2` (A Black,
/// pairs counted from 1), White and Black named by the caller, the match's
/// Result.
fn game_pgn(g: &GameRecord, a_name: &str, b_name: &str) -> String {
    let a_white = g.a_color == Color::White;
    let round = format!("{}.{}", g.pair + 1, if a_white { 1 } else { 2 });
    let (white, black) = if a_white { (a_name, b_name) } else { (b_name, a_name) };
    let tags = [("Event", "cescacs match"), ("Round", round.as_str()), ("White", white), ("Black", black)];
    cescacs::pgn::write_game(&g.to_game(&tags))
}

/// Plays pairs `first_pair .. first_pair + pairs` of the built-in match a
/// spec describes (the games `cescacs match` plays for them, numbered as
/// in the whole match), `threads` games at a time (0: every core), with
/// the GIL released. A and B name the players in the CTL-PGN.
#[pyfunction]
#[pyo3(signature = (*, depth, vs_depth, eval, vs_eval, first_pair, pairs, seed, max_plies, threads, hash_mb, no_castling, abstain, a_name, b_name))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn _study_match(
    py: Python<'_>,
    depth: u32,
    vs_depth: u32,
    eval: &str,
    vs_eval: &str,
    first_pair: usize,
    pairs: usize,
    seed: u64,
    max_plies: usize,
    threads: usize,
    hash_mb: usize,
    no_castling: bool,
    abstain: Option<&str>,
    a_name: &str,
    b_name: &str,
) -> PyResult<Vec<GameRow>> {
    let m = build_match(depth, vs_depth, eval, vs_eval, seed, max_plies, threads, hash_mb, no_castling, abstain)?;
    let end = first_pair.checked_add(pairs).ok_or_else(|| PyValueError::new_err("first_pair + pairs overflows"))?;
    let result = py.detach(|| m.run_pairs(first_pair..end, &|_| {})).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let row = |g: &GameRecord| (g.pair, g.a_color == Color::White, g.points.0, g.points.1, g.plies, g.finished(), g.opening, game_pgn(g, a_name, b_name));
    Ok(result.games.iter().map(row).collect())
}

/// The statistics of a match's games, each given as (pair, A's points,
/// B's points): the pentanomial counts, the Elo estimate, and with an
/// `sprt` spec (`elo0=0,elo1=5[,alpha=0.05,beta=0.05]`) its LLR, bounds
/// and decision; `lines` are fastchess's summary lines.
#[pyfunction]
#[pyo3(signature = (points, sprt = None))]
pub(crate) fn _study_stats<'py>(py: Python<'py>, points: Vec<(usize, u8, u8)>, sprt: Option<&str>) -> PyResult<Bound<'py, PyDict>> {
    let game_points = |a, b| matches!((a, b), (3, 0) | (2, 1) | (1, 1) | (1, 2) | (0, 3));
    if let Some(&(pair, a, b)) = points.iter().find(|&&(_, a, b)| !game_points(a, b)) {
        return Err(PyValueError::new_err(format!("pair {pair}: {a}-{b} are not a game's points (3-0, 2-1, 1-1, 1-2, 0-3)")));
    }
    let sprt = sprt.map(Sprt::parse).transpose().map_err(|e| PyValueError::new_err(e.to_string()))?;
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
        let decision = s.decide_llr(llr).map(|h| if h == Hypothesis::H1 { "H1" } else { "H0" });
        let sd = PyDict::new(py);
        for (k, v) in [("elo0", s.elo0), ("elo1", s.elo1), ("alpha", s.alpha), ("beta", s.beta), ("llr", llr), ("lower", lower), ("upper", upper)] {
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
