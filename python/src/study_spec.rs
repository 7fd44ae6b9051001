//! A `cescacs.study.MatchSpec` as the study crate's match: each setting
//! read by the study crate's own parsers (`EngineSpec::parse`,
//! `TimeControl::parse`, `ResignRule::parse`, `DrawRule::parse`,
//! `Opening::read_book`, the evaluation's) with the defaults of
//! `cescacs match`, and the names the games give the two sides. A bad
//! setting is a `ValueError` whose arguments are the field and what is
//! wrong with it (python/cescacs/study.py raises it as `MatchSpecValueError`).

use std::time::Duration;

use cescacs_engine::{EngineOptions, EvalConfig};
use cescacs_study::{Abstain, Adjudication, Contender, DrawRule, EngineSpec, Entrant, Match, Opening, Player, ResignRule, SearchLimits, TimeControl};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The settings of a `MatchSpec`, read from the dict study.py gives.
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
pub(crate) struct Settings {
    depth: Option<u32>,
    vs_depth: Option<u32>,
    eval: String,
    vs_eval: String,
    engine: Option<String>,
    vs_engine: Option<String>,
    tc: Option<String>,
    movetime: Option<u64>,
    nodes: Option<u64>,
    timemargin: u64,
    openings: Option<String>,
    pairs: usize,
    seed: u64,
    max_plies: usize,
    threads: usize,
    hash_mb: usize,
    no_castling: bool,
    abstain: Option<String>,
    resign: Option<String>,
    draw: Option<String>,
}

/// The error of a bad setting: a `ValueError` carrying (field, message).
pub(crate) fn bad(field: &str, message: impl Into<String>) -> PyErr {
    PyValueError::new_err((field.to_string(), message.into()))
}

/// A match and the names of its sides.
pub(crate) struct Described {
    /// The match.
    pub m: Match,
    /// How the games name A and B.
    pub names: (String, String),
}

impl Settings {
    /// A's and B's bounds as `cescacs match` sets them: `depth` (3 when
    /// no `tc`, `movetime` or `nodes` is given), `nodes`, `movetime`; B
    /// searches to `vs_depth`, else (both sides built in) A's depth minus
    /// one, else A's depth.
    fn limits(&self) -> (SearchLimits, SearchLimits) {
        let timed = self.tc.is_some() || self.movetime.is_some() || self.nodes.is_some();
        let depth = self.depth.or(if timed { None } else { Some(3) });
        let a = SearchLimits { depth, nodes: self.nodes, movetime: self.movetime.map(Duration::from_millis) };
        let builtin = self.engine.is_none() && self.vs_engine.is_none();
        let b_depth = match (self.vs_depth, depth) {
            (Some(d), _) => Some(d),
            (None, Some(d)) if builtin => Some(d.saturating_sub(1).max(1)),
            (None, d) => d,
        };
        (a.clone(), SearchLimits { depth: b_depth, ..a })
    }

    fn abstain(&self) -> PyResult<Abstain> {
        Ok(match self.abstain.as_deref() {
            None => Abstain::default(),
            Some("leaps") => Abstain { king_leaps: true, castling: false },
            Some("castling") => Abstain { king_leaps: false, castling: true },
            Some("both") => Abstain { king_leaps: true, castling: true },
            Some(other) => return Err(bad("abstain", format!("give 'leaps', 'castling' or 'both', not {other:?}"))),
        })
    }

    /// One side: the external engine `spec` (the field named `field`),
    /// or the built-in engine with the evaluation `eval` (the field
    /// `eval_field`) and `abstain`.
    fn contender(&self, spec: (Option<&str>, &str), limits: SearchLimits, eval: (&str, &str), abstain: Abstain) -> PyResult<(Contender, String)> {
        let (text, field) = spec;
        if let Some(text) = text {
            if eval.0 != "default" || abstain != Abstain::default() {
                return Err(bad(eval.1, format!("{} and abstain set the built-in engine, and this side is {field}={text:?}", eval.1)));
            }
            let spec = EngineSpec::parse(text).map_err(|e| bad(field, format!("{e} (give \"cmd=COMMAND name=NAME option.NAME=VALUE …\")")))?;
            let name = spec.name.clone();
            return Ok((Contender::external(spec, limits), name));
        }
        if limits.depth.is_some_and(|d| d == 0 || d > 64) {
            return Err(bad(if field == "engine" { "depth" } else { "vs_depth" }, "give a depth in 1..64"));
        }
        let config: EvalConfig = eval.0.parse().map_err(|e| bad(eval.1, format!("{e}")))?;
        let options = EngineOptions { hash_mb: self.hash_mb, threads: 1, eval: config };
        options.validate().map_err(|e| bad("hash_mb", e.to_string()))?;
        let player = Player { depth: limits.depth.unwrap_or(0), options, abstain };
        let name = builtin_name(&limits, eval.0, self.abstain.as_deref().filter(|_| abstain != Abstain::default()));
        Ok((Contender { entrant: Entrant::Builtin(player), limits }, name))
    }

    /// The match these settings describe (no engine started).
    pub(crate) fn describe(&self) -> PyResult<Described> {
        let (la, lb) = self.limits();
        let (a, a_name) = self.contender((self.engine.as_deref(), "engine"), la, (&self.eval, "eval"), self.abstain()?)?;
        let (b, b_name) = self.contender((self.vs_engine.as_deref(), "vs_engine"), lb, (&self.vs_eval, "vs_eval"), Abstain::default())?;
        if self.engine.is_some() && self.vs_engine.is_some() && a_name == b_name {
            return Err(bad("vs_engine", format!("both sides are named {a_name:?}: give each engine its own name=NAME")));
        }
        if self.no_castling && (self.engine.is_some() || self.vs_engine.is_some()) {
            return Err(bad("no_castling", "a game without castling is for the built-in engine only (PDTL does not carry it)"));
        }
        let mut m = Match::new(a, b, self.pairs);
        m.seed = self.seed;
        m.threads = self.threads;
        m.max_plies = self.max_plies;
        m.start.set_castling_allowed(!self.no_castling);
        m.tc = self.tc.as_deref().map(TimeControl::parse).transpose().map_err(|e| bad("tc", format!("{e} (give \"BASE+INC\" in seconds, as \"10+0.1\")")))?;
        m.margin = Duration::from_millis(self.timemargin);
        m.adjudication = Adjudication {
            resign: self.resign.as_deref().map(ResignRule::parse).transpose().map_err(|e| bad("resign", format!("{e} (give \"movecount=N score=CP\")")))?,
            draw: self.draw.as_deref().map(DrawRule::parse).transpose().map_err(|e| bad("draw", format!("{e} (give \"movenumber=N movecount=N score=CP\")")))?,
        };
        if let Some(path) = &self.openings {
            let text = std::fs::read_to_string(path).map_err(|e| bad("openings", format!("{path}: {e}")))?;
            m.book = Some(Opening::read_book(&text).map_err(|e| bad("openings", format!("{path}: {e} (give a file of PDTL lines or CTL-PGN games)")))?);
        }
        for (side, c) in [("A", &m.a), ("B", &m.b)] {
            if c.limits.is_empty() && m.tc.is_none() {
                return Err(bad("depth", format!("{side} has no limit: give tc, movetime, depth or nodes")));
            }
        }
        Ok(Described { m, names: (a_name, b_name) })
    }
}

/// How the games name a built-in side: `depth 3, eval default` (the
/// bound it searches to, its evaluation, what it abstains from), as
/// `cescacs match` names it.
fn builtin_name(limits: &SearchLimits, eval: &str, abstain: Option<&str>) -> String {
    let bound = match (limits.depth, limits.nodes, limits.movetime) {
        (Some(d), None, None) => format!("depth {d}"),
        (None, None, None) => "built-in".to_string(),
        _ => format!("built-in {}", limits.go_params()),
    };
    format!("{bound}, eval {eval}{}", abstain.map_or(String::new(), |a| format!(", abstains from {a}")))
}
