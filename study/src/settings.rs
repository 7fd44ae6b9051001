//! Match settings as the front ends take them (`cescacs match`'s flags,
//! `cescacs.study.MatchSpec`'s fields), turned into a [`Match`]: each
//! setting read by the crate's own parsers ([`Side::parse`],
//! [`TimeControl::parse`], [`ResignRule::parse`], [`DrawRule::parse`],
//! [`Opening::read_book`], the evaluation's), with the defaults of
//! `cescacs match` and the names the games give the two sides. A bad
//! setting is a [`SettingsError`] naming its [`Field`].

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use cescacs_engine::{EngineOptions, EvalConfig};

use crate::side::{Engine, Limits};
use crate::{
    Abstain, Adjudication, BookFormat, DrawRule, Match, Opening, ResignRule, Side, TimeControl,
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
    /// A's external engine, as [`Side::parse`] reads it (none: built in);
    /// its own bounds (`tc=`, `st=`, `depth=`, `nodes=`, `timemargin=`)
    /// come before the match's.
    pub engine: Option<String>,
    /// B's external engine (none: built in).
    pub vs_engine: Option<String>,
    /// fastchess's `-each`: words read before each external engine's own
    /// (its own win); for a built-in side only bounds.
    pub each: Option<String>,
    /// Time control `[MOVES/]BASE[+INC]` in seconds.
    pub tc: Option<String>,
    /// Milliseconds a move, both sides.
    pub movetime: Option<u64>,
    /// Nodes a search, both sides.
    pub nodes: Option<u64>,
    /// Latency allowed beyond a side's time before it loses on time, ms.
    pub timemargin: u64,
    /// The opening book's file (PDTL lines or CTL-PGN records); none: random openings.
    pub openings: Option<PathBuf>,
    /// The book's form, `epd` (PDTL lines) or `pgn`; none: told by its first character.
    pub openings_format: Option<String>,
    /// The book's order, `sequential` (the default) or `random` (shuffled by the seed).
    pub openings_order: Option<String>,
    /// The book's first entry, 1-based.
    pub openings_start: usize,
    /// Moves of each book opening played (none: all).
    pub openings_plies: Option<usize>,
    /// Opening pairs.
    pub pairs: usize,
    /// Games in all, instead of `2 × pairs` (odd: the last opening played once).
    pub games: Option<usize>,
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
    /// `default`, 100 pairs, seed 0, 300 plies, 8 MiB, the default margin.
    fn default() -> Self {
        MatchSettings {
            depth: None,
            vs_depth: None,
            eval: "default".to_string(),
            vs_eval: "default".to_string(),
            engine: None,
            vs_engine: None,
            each: None,
            tc: None,
            movetime: None,
            nodes: None,
            timemargin: crate::r#match::DEFAULT_MARGIN_MS,
            openings: None,
            openings_format: None,
            openings_order: None,
            openings_start: 1,
            openings_plies: None,
            pairs: 100,
            games: None,
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
    /// [`MatchSettings::each`].
    Each,
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
            Field::Each => "each",
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
            Field::Each => "--each",
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
    /// The bounds the match's own settings give A and B: `tc`,
    /// `movetime`, `nodes`, and the depth: A's `depth`; B's `vs_depth`,
    /// else (both sides built in) A's depth minus one, else A's depth. An
    /// engine's own bounds and `-each`'s come before these; a side left
    /// without any bound searches to depth 3 (B: 2 when both are built in).
    fn limits(&self) -> Result<(Limits, Limits), SettingsError> {
        let tc = self
            .tc
            .as_deref()
            .map(TimeControl::parse)
            .transpose()
            .map_err(|e| {
                bad(
                    Field::Tc,
                    format!("{e} (give \"[MOVES/]BASE[+INC]\" in seconds, as \"10+0.1\")"),
                )
            })?;
        let a = Limits {
            tc,
            movetime: self.movetime.map(Duration::from_millis),
            depth: self.depth,
            nodes: self.nodes,
            margin: None,
        };
        let b_depth = match (self.vs_depth, self.depth) {
            (Some(d), _) => Some(d),
            (None, Some(d)) if self.both_builtin() => Some(d.saturating_sub(1).max(1)),
            (None, d) => d,
        };
        Ok((
            a.clone(),
            Limits {
                depth: b_depth,
                ..a
            },
        ))
    }

    fn both_builtin(&self) -> bool {
        self.engine.is_none() && self.vs_engine.is_none()
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

    /// The bounds `-each` sets (for a built-in side): its words must all
    /// be bounds.
    fn each_limits(&self) -> Result<Limits, SettingsError> {
        let mut limits = Limits::default();
        let Some(text) = self.each.as_deref() else {
            return Ok(limits);
        };
        let words = crate::engine::split_words(text).map_err(|e| bad(Field::Each, e.0))?;
        for word in words {
            let set = word
                .split_once('=')
                .map(|(k, v)| limits.set(k, v))
                .transpose()
                .map_err(|e| bad(Field::Each, e.0))?;
            if set != Some(true) {
                return Err(bad(Field::Each, format!("{word:?}: a built-in side takes only bounds (tc, st, depth, nodes, timemargin) from each")));
            }
        }
        Ok(limits)
    }

    /// The external engine side `text` describes, `-each`'s words read first.
    fn external(&self, text: &str, field: Field) -> Result<Side, SettingsError> {
        let all = match &self.each {
            Some(each) => format!("{each} {text}"),
            None => text.to_string(),
        };
        Side::parse(&all).map_err(|e| {
            bad(
                field,
                format!("{e} (give \"cmd=COMMAND name=NAME option.NAME=VALUE …\")"),
            )
        })
    }

    /// Side A (`b` false) or B: its external engine, or the built-in
    /// engine with its evaluation and (A only) abstentions; left without
    /// any bound, it searches to depth 3 (B: 2 when both are built in).
    fn side(&self, b: bool, limits: Limits, abstain: Abstain) -> Result<Side, SettingsError> {
        let default_depth = |mut limits: Limits| {
            if limits.is_empty() {
                limits.depth = Some(if b && self.both_builtin() { 2 } else { 3 });
            }
            limits
        };
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
            let mut side = self.external(text, field)?;
            side.limits = default_depth(side.limits.or(&limits));
            return Ok(side);
        }
        let limits = default_depth(self.each_limits()?.or(&limits));
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
        let name = builtin_name(
            &limits,
            eval,
            self.abstain
                .as_deref()
                .filter(|_| abstain != Abstain::default()),
        );
        Ok(Side {
            name,
            engine: Engine::Builtin { options, abstain },
            limits,
        })
    }

    /// The match these settings describe (no engine started, the
    /// opening book read), with the names the games give its sides.
    pub fn describe(&self) -> Result<Described, SettingsError> {
        let (la, lb) = self.limits()?;
        let a = self.side(false, la, self.abstention()?)?;
        let b = self.side(true, lb, Abstain::default())?;
        let (a_name, b_name) = (a.name.clone(), b.name.clone());
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
        if let Some(games) = self.games {
            m.games = games;
        }
        m.seed = self.seed;
        m.threads = self.threads;
        m.max_plies = self.max_plies;
        m.start.set_castling_allowed(!self.no_castling);
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
        m.book = self.book()?;
        for (side, c) in [("A", &m.a), ("B", &m.b)] {
            if c.limits.is_empty() {
                return Err(bad(
                    Field::Depth,
                    format!("{side} has no limit: give tc, movetime, depth or nodes"),
                ));
            }
        }
        if m.a.limits.tc.is_some() != m.b.limits.tc.is_some() {
            return Err(bad(Field::Tc, "give both sides a clock (tc) or neither"));
        }
        Ok(Described {
            m,
            names: (a_name, b_name),
        })
    }
}

impl MatchSettings {
    /// The opening book, read and arranged (none: random openings).
    fn book(&self) -> Result<Option<Vec<Opening>>, SettingsError> {
        let Some(path) = self.openings.as_deref() else {
            return Ok(None);
        };
        let format = self
            .openings_format
            .as_deref()
            .map(BookFormat::parse)
            .transpose()
            .map_err(|e| bad(Field::Openings, e))?;
        let random = match self.openings_order.as_deref() {
            None | Some("sequential") => false,
            Some("random") => true,
            Some(other) => {
                return Err(bad(
                    Field::Openings,
                    format!("order={other}: give sequential or random"),
                ))
            }
        };
        if self.openings_start == 0 {
            return Err(bad(Field::Openings, "start=0: the first entry is 1"));
        }
        let book = read_book(path, format, self.openings_plies)?;
        Ok(Some(Opening::arrange(
            book,
            random,
            self.seed,
            self.openings_start,
        )))
    }
}

/// The openings of the book at `path`.
fn read_book(
    path: &Path,
    format: Option<BookFormat>,
    plies: Option<usize>,
) -> Result<Vec<Opening>, SettingsError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| bad(Field::Openings, format!("{}: {e}", path.display())))?;
    let format = format.unwrap_or(if text.trim_start().starts_with('[') {
        BookFormat::Pgn
    } else {
        BookFormat::Pdtl
    });
    let read = Opening::read_book_as(&text, format, plies);
    read.map_err(|e| {
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
fn builtin_name(limits: &Limits, eval: &str, abstain: Option<&str>) -> String {
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
        assert_eq!(d.m.games, 200);
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
        let (Engine::Builtin { options: a, .. }, Engine::Builtin { options: b, .. }) =
            (&d.m.a.engine, &d.m.b.engine)
        else {
            panic!("both sides are built in")
        };
        assert!(!a.use_nnue);
        assert!(b.use_nnue);
    }

    #[test]
    fn each_words_come_before_an_engines_own_and_bound_a_builtin_side() {
        let s = MatchSettings {
            engine: Some("cmd=./dev name=dev tc=5+0.05".to_string()),
            each: Some("tc=10+0.1 option.Hash=16".to_string()),
            ..Default::default()
        };
        // A keeps its own clock and gets each's option; B, built in, takes each's clock.
        let d = s.describe().err().map(|e| e.field);
        assert_eq!(d, Some(Field::Each), "a built-in side takes no option");
        let s = MatchSettings {
            each: Some("tc=10+0.1".to_string()),
            ..s
        };
        let d = s.describe().unwrap();
        assert_eq!(d.m.a.limits.tc.unwrap().to_string(), "5+0.05");
        assert_eq!(d.m.b.limits.tc.unwrap().to_string(), "10+0.1");
        assert_eq!(d.m.b.limits.depth, None, "a clock needs no default depth");
        assert_eq!(d.names.0, "dev");
        let s = MatchSettings {
            engine: Some("cmd=./dev option.Hash=16".to_string()),
            each: Some("option.Hash=8".to_string()),
            vs_engine: Some("cmd=./base depth=2".to_string()),
            ..Default::default()
        };
        let d = s.describe().unwrap();
        let options = |side: &Side| side.spec().unwrap().options.clone();
        let pair = |n: &str, v: &str| (n.to_string(), v.to_string());
        // The engine's own option is sent after each's, so it is the one set.
        assert_eq!(options(&d.m.a), [pair("Hash", "8"), pair("Hash", "16")]);
        assert_eq!(d.m.a.limits.depth, Some(3));
        assert_eq!(d.m.b.limits.depth, Some(2));
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
