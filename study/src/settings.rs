//! Match settings as the front ends take them (`cescacs match`'s flags,
//! `cescacs.study.MatchSpec`'s fields), turned into a [`Match`]: each
//! setting read by the crate's own parsers ([`EngineSpec::parse`],
//! [`TimeControl::parse`], [`ResignRule::parse`], [`DrawRule::parse`],
//! [`Opening::read_book`], the evaluation's), with the defaults of
//! `cescacs match` and the names the games give the two sides. A bad
//! setting is a [`SettingsError`] naming its [`Field`].

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use cescacs_engine::{EngineOptions, EvalConfig};

use crate::{
    Abstain, Adjudication, Contender, DrawRule, EngineSpec, Entrant, Match, Opening, Player,
    ResignRule, SearchLimits, TimeControl,
};

/// The settings of a match, as text and numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchSettings {
    /// A's search depth (3 when none of `tc`, `movetime` and `nodes` is given).
    pub depth: Option<u32>,
    /// B's search depth (A's minus one when both sides are built in, else A's).
    pub vs_depth: Option<u32>,
    /// A's evaluation: the hand-written one as `default`, `material`, or
    /// changes like `mobility=0,king=8`; or `nnue`, the built-in network.
    /// The hand-written `default` is this field's default, so a study of
    /// evaluation terms compares like with like.
    pub eval: String,
    /// B's evaluation (same form).
    pub vs_eval: String,
    /// A's external engine, as [`EngineSpec::parse`] reads it (none: built in).
    pub engine: Option<String>,
    /// B's external engine (none: built in).
    pub vs_engine: Option<String>,
    /// Time control `BASE+INC` in seconds.
    pub tc: Option<String>,
    /// Milliseconds a move, both sides.
    pub movetime: Option<u64>,
    /// Nodes a search, both sides.
    pub nodes: Option<u64>,
    /// Latency allowed beyond a side's time before it loses on time, ms.
    pub timemargin: u64,
    /// The opening book's file (PDTL lines or CTL-PGN records); none: random openings.
    pub openings: Option<PathBuf>,
    /// Opening pairs.
    pub pairs: usize,
    /// Seed of the random openings.
    pub seed: u64,
    /// Plies (after the opening) after which a game counts as a draw.
    pub max_plies: usize,
    /// Games played at once (0: all cores).
    pub threads: usize,
    /// Transposition table per built-in engine, MiB.
    pub hash_mb: usize,
    /// Play without castling (built-in engines only).
    pub no_castling: bool,
    /// Gaits A never plays unless forced: `leaps`, `castling` or `both`.
    pub abstain: Option<String>,
    /// Resign adjudication `movecount=N score=CP`.
    pub resign: Option<String>,
    /// Draw adjudication `movenumber=N movecount=N score=CP`.
    pub draw: Option<String>,
}

impl Default for MatchSettings {
    /// `cescacs match`'s defaults: both sides built in, evaluation
    /// `default`, 100 pairs, seed 0, 300 plies, 8 MiB, margin 100 ms.
    fn default() -> Self {
        MatchSettings {
            depth: None,
            vs_depth: None,
            eval: "default".to_string(),
            vs_eval: "default".to_string(),
            engine: None,
            vs_engine: None,
            tc: None,
            movetime: None,
            nodes: None,
            timemargin: 100,
            openings: None,
            pairs: 100,
            seed: 0,
            max_plies: 300,
            threads: 0,
            hash_mb: 8,
            no_castling: false,
            abstain: None,
            resign: None,
            draw: None,
        }
    }
}

/// The setting a [`SettingsError`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// [`MatchSettings::depth`].
    Depth,
    /// [`MatchSettings::vs_depth`].
    VsDepth,
    /// [`MatchSettings::eval`].
    Eval,
    /// [`MatchSettings::vs_eval`].
    VsEval,
    /// [`MatchSettings::engine`].
    Engine,
    /// [`MatchSettings::vs_engine`].
    VsEngine,
    /// [`MatchSettings::tc`].
    Tc,
    /// [`MatchSettings::openings`].
    Openings,
    /// [`MatchSettings::hash_mb`].
    HashMb,
    /// [`MatchSettings::no_castling`].
    NoCastling,
    /// [`MatchSettings::abstain`].
    Abstain,
    /// [`MatchSettings::resign`].
    Resign,
    /// [`MatchSettings::draw`].
    Draw,
}

impl Field {
    /// The field's name in [`MatchSettings`] (`vs_eval`).
    pub fn name(self) -> &'static str {
        match self {
            Field::Depth => "depth",
            Field::VsDepth => "vs_depth",
            Field::Eval => "eval",
            Field::VsEval => "vs_eval",
            Field::Engine => "engine",
            Field::VsEngine => "vs_engine",
            Field::Tc => "tc",
            Field::Openings => "openings",
            Field::HashMb => "hash_mb",
            Field::NoCastling => "no_castling",
            Field::Abstain => "abstain",
            Field::Resign => "resign",
            Field::Draw => "draw",
        }
    }

    /// The `cescacs match` flag that sets it (`--vs-eval`; both engines are `--engine`).
    pub fn flag(self) -> &'static str {
        match self {
            Field::Depth => "--depth",
            Field::VsDepth => "--vs-depth",
            Field::Eval => "--eval",
            Field::VsEval => "--vs-eval",
            Field::Engine | Field::VsEngine => "--engine",
            Field::Tc => "--tc",
            Field::Openings => "--openings",
            Field::HashMb => "--hash",
            Field::NoCastling => "--no-castling",
            Field::Abstain => "--abstain",
            Field::Resign => "--resign",
            Field::Draw => "--draw",
        }
    }
}

/// A bad setting: which one, and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingsError {
    /// The setting.
    pub field: Field,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field.name(), self.message)
    }
}

impl std::error::Error for SettingsError {}

fn bad(field: Field, message: impl Into<String>) -> SettingsError {
    SettingsError {
        field,
        message: message.into(),
    }
}

/// A match and the names of its sides.
pub struct Described {
    /// The match.
    pub m: Match,
    /// How the games name A and B.
    pub names: (String, String),
}

impl MatchSettings {
    /// A's and B's bounds: `depth` (3 when no `tc`, `movetime` or `nodes`
    /// is given), `nodes`, `movetime`; B searches to `vs_depth`, else
    /// (both sides built in) A's depth minus one, else A's depth.
    pub fn limits(&self) -> (SearchLimits, SearchLimits) {
        let timed = self.tc.is_some() || self.movetime.is_some() || self.nodes.is_some();
        let depth = self.depth.or(if timed { None } else { Some(3) });
        let a = SearchLimits {
            depth,
            nodes: self.nodes,
            movetime: self.movetime.map(Duration::from_millis),
        };
        let builtin = self.engine.is_none() && self.vs_engine.is_none();
        let b_depth = match (self.vs_depth, depth) {
            (Some(d), _) => Some(d),
            (None, Some(d)) if builtin => Some(d.saturating_sub(1).max(1)),
            (None, d) => d,
        };
        (
            a.clone(),
            SearchLimits {
                depth: b_depth,
                ..a
            },
        )
    }

    fn abstention(&self) -> Result<Abstain, SettingsError> {
        Ok(match self.abstain.as_deref() {
            None => Abstain::default(),
            Some("leaps") => Abstain {
                king_leaps: true,
                castling: false,
            },
            Some("castling") => Abstain {
                king_leaps: false,
                castling: true,
            },
            Some("both") => Abstain {
                king_leaps: true,
                castling: true,
            },
            Some(other) => {
                return Err(bad(
                    Field::Abstain,
                    format!("give 'leaps', 'castling' or 'both', not {other:?}"),
                ))
            }
        })
    }

    /// Side A (`b` false) or B: its external engine, or the built-in
    /// engine with its evaluation and (A only) abstentions.
    fn contender(
        &self,
        b: bool,
        limits: SearchLimits,
        abstain: Abstain,
    ) -> Result<(Contender, String), SettingsError> {
        let (text, field, eval, eval_field, depth_field) = if b {
            (
                self.vs_engine.as_deref(),
                Field::VsEngine,
                self.vs_eval.as_str(),
                Field::VsEval,
                Field::VsDepth,
            )
        } else {
            (
                self.engine.as_deref(),
                Field::Engine,
                self.eval.as_str(),
                Field::Eval,
                Field::Depth,
            )
        };
        if let Some(text) = text {
            if eval != "default" || abstain != Abstain::default() {
                let side = if b { "B" } else { "A" };
                return Err(bad(eval_field, format!("the evaluation and abstain set the built-in engine, and side {side} is the engine {text:?}")));
            }
            let spec = EngineSpec::parse(text).map_err(|e| {
                bad(
                    field,
                    format!("{e} (give \"cmd=COMMAND name=NAME option.NAME=VALUE …\")"),
                )
            })?;
            let name = spec.name.clone();
            return Ok((Contender::external(spec, limits), name));
        }
        if limits.depth.is_some_and(|d| d == 0 || d > 64) {
            return Err(bad(depth_field, "give a depth in 1..64"));
        }
        let use_nnue = eval == "nnue";
        let config: EvalConfig = if use_nnue {
            EvalConfig::default()
        } else {
            eval.parse().map_err(|e| bad(eval_field, format!("{e}")))?
        };
        let options = EngineOptions {
            hash_mb: self.hash_mb,
            threads: 1,
            eval: config,
            use_nnue,
            ..EngineOptions::default()
        };
        options
            .validate()
            .map_err(|e| bad(Field::HashMb, e.to_string()))?;
        let player = Player {
            depth: limits.depth.unwrap_or(0),
            options,
            abstain,
        };
        let name = builtin_name(
            &limits,
            eval,
            self.abstain
                .as_deref()
                .filter(|_| abstain != Abstain::default()),
        );
        Ok((
            Contender {
                entrant: Entrant::Builtin(player),
                limits,
            },
            name,
        ))
    }

    /// The match these settings describe (no engine started, the
    /// opening book read), with the names the games give its sides.
    pub fn describe(&self) -> Result<Described, SettingsError> {
        let (la, lb) = self.limits();
        let (a, a_name) = self.contender(false, la, self.abstention()?)?;
        let (b, b_name) = self.contender(true, lb, Abstain::default())?;
        if self.engine.is_some() && self.vs_engine.is_some() && a_name == b_name {
            return Err(bad(
                Field::VsEngine,
                format!("both sides are named {a_name:?}: give each engine its own name=NAME"),
            ));
        }
        if self.no_castling && (self.engine.is_some() || self.vs_engine.is_some()) {
            return Err(bad(
                Field::NoCastling,
                "a game without castling is for the built-in engine only (PDTL does not carry it)",
            ));
        }
        let mut m = Match::new(a, b, self.pairs);
        m.seed = self.seed;
        m.threads = self.threads;
        m.max_plies = self.max_plies;
        m.start.set_castling_allowed(!self.no_castling);
        m.tc = self
            .tc
            .as_deref()
            .map(TimeControl::parse)
            .transpose()
            .map_err(|e| {
                bad(
                    Field::Tc,
                    format!("{e} (give \"BASE+INC\" in seconds, as \"10+0.1\")"),
                )
            })?;
        m.margin = Duration::from_millis(self.timemargin);
        m.adjudication = Adjudication {
            resign: self
                .resign
                .as_deref()
                .map(ResignRule::parse)
                .transpose()
                .map_err(|e| {
                    bad(
                        Field::Resign,
                        format!("{e} (give \"movecount=N score=CP\")"),
                    )
                })?,
            draw: self
                .draw
                .as_deref()
                .map(DrawRule::parse)
                .transpose()
                .map_err(|e| {
                    bad(
                        Field::Draw,
                        format!("{e} (give \"movenumber=N movecount=N score=CP\")"),
                    )
                })?,
        };
        m.book = self.openings.as_deref().map(read_book).transpose()?;
        for (side, c) in [("A", &m.a), ("B", &m.b)] {
            if c.limits.is_empty() && m.tc.is_none() {
                return Err(bad(
                    Field::Depth,
                    format!("{side} has no limit: give tc, movetime, depth or nodes"),
                ));
            }
        }
        Ok(Described {
            m,
            names: (a_name, b_name),
        })
    }
}

/// The openings of the book at `path`.
fn read_book(path: &Path) -> Result<Vec<Opening>, SettingsError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| bad(Field::Openings, format!("{}: {e}", path.display())))?;
    Opening::read_book(&text).map_err(|e| {
        bad(
            Field::Openings,
            format!(
                "{}: {e} (give a file of PDTL lines or CTL-PGN games)",
                path.display()
            ),
        )
    })
}

/// How the games name a built-in side: `depth 3, eval default` (the
/// bound it searches to, its evaluation, what it abstains from).
fn builtin_name(limits: &SearchLimits, eval: &str, abstain: Option<&str>) -> String {
    let bound = match (limits.depth, limits.nodes, limits.movetime) {
        (Some(d), None, None) => format!("depth {d}"),
        (None, None, None) => "built-in".to_string(),
        _ => format!("built-in {}", limits.go_params()),
    };
    format!(
        "{bound}, eval {eval}{}",
        abstain.map_or(String::new(), |a| format!(", abstains from {a}"))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_sides_default_to_depths_three_and_two() {
        let d = MatchSettings::default().describe().unwrap();
        assert_eq!(
            d.names,
            (
                "depth 3, eval default".to_string(),
                "depth 2, eval default".to_string()
            )
        );
        assert_eq!(d.m.pairs, 100);
    }

    #[test]
    fn abstaining_is_in_a_side_name() {
        let s = MatchSettings {
            depth: Some(2),
            abstain: Some("leaps".to_string()),
            ..Default::default()
        };
        assert_eq!(
            s.describe().unwrap().names.0,
            "depth 2, eval default, abstains from leaps"
        );
    }

    #[test]
    fn the_default_evaluation_is_hand_written_and_nnue_names_the_network() {
        let s = MatchSettings {
            vs_eval: "nnue".to_string(),
            ..Default::default()
        };
        let d = s.describe().unwrap();
        assert_eq!(d.names.1, "depth 2, eval nnue");
        let (Entrant::Builtin(a), Entrant::Builtin(b)) = (&d.m.a.entrant, &d.m.b.entrant) else {
            panic!("both sides are built in")
        };
        assert!(!a.options.use_nnue);
        assert!(b.options.use_nnue);
    }

    #[test]
    fn bad_settings_name_their_field() {
        let cases = [
            (
                MatchSettings {
                    vs_eval: "nonsense=1".to_string(),
                    ..Default::default()
                },
                Field::VsEval,
            ),
            (
                MatchSettings {
                    depth: Some(65),
                    ..Default::default()
                },
                Field::Depth,
            ),
            (
                MatchSettings {
                    abstain: Some("pawns".to_string()),
                    ..Default::default()
                },
                Field::Abstain,
            ),
            (
                MatchSettings {
                    tc: Some("fast".to_string()),
                    ..Default::default()
                },
                Field::Tc,
            ),
            (
                MatchSettings {
                    engine: Some("cmd=x".to_string()),
                    eval: "material".to_string(),
                    ..Default::default()
                },
                Field::Eval,
            ),
            (
                MatchSettings {
                    engine: Some("cmd=x".to_string()),
                    no_castling: true,
                    ..Default::default()
                },
                Field::NoCastling,
            ),
            (
                MatchSettings {
                    openings: Some("/nonexistent/book.pdtl".into()),
                    ..Default::default()
                },
                Field::Openings,
            ),
        ];
        for (s, field) in cases {
            assert_eq!(s.describe().err().map(|e| e.field), Some(field));
        }
        assert_eq!(Field::VsEval.flag(), "--vs-eval");
        assert_eq!(Field::VsEval.name(), "vs_eval");
    }
}
