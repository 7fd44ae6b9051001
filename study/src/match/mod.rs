//! Matches between two sides, for measuring strength: games from seeded
//! random openings or a book, each opening played twice with the colours
//! swapped, several at once. Built-in sides at fixed depths give the same
//! games whatever the concurrency (every game starts from cleared tables);
//! external UCI engines run as processes, one per running game and side,
//! under the match's clock, and lose the games where they fault.

use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use cescacs::{Color, History, Position};

pub(crate) mod adjudication;
pub(crate) mod clock;
mod game;
mod opening;
mod pair_range;
mod pgn;
mod record;
mod result;
mod scheduler;

pub use adjudication::{Adjudication, DrawRule, ResignRule, Verdict};
pub use clock::{clk_comment, Clocks, Overstep, TimeControl};
pub use opening::{BookFormat, Opening};
pub use pgn::game_pgn;
pub use record::{Ending, GameRecord};
pub use result::MatchResult;

use crate::engine::instance::Instance;
use crate::engine::{UciEngine, UciOption, HANDSHAKE_TIMEOUT};
use crate::side::Side;
use game::{play, GameRules, Table};
use opening::random_opening;
use scheduler::run_games;

/// A match: games from openings each played with A as White and then as
/// Black (games `2k` and `2k + 1` share opening `k`; an odd count leaves
/// the last opening's second game unplayed).
#[derive(Clone, Debug)]
pub struct Match {
    /// The first side, whose share of the points the match measures.
    pub a: Side,
    /// The second side.
    pub b: Side,
    /// How many games in all.
    pub games: usize,
    /// The seed of the random openings.
    pub seed: u64,
    /// Random plies of each opening: a number drawn in this range.
    pub opening_plies: (usize, usize),
    /// Openings read from a book, used in turn (from the first again when
    /// the pairs outnumber them) instead of random ones.
    pub book: Option<Vec<Opening>>,
    /// A game still going after this many engine plies counts as a draw.
    pub max_plies: usize,
    /// Games played at once (each with its own engines); 0 for every
    /// available core.
    pub threads: usize,
    /// The position the random openings start from (the castling option
    /// included).
    pub start: Position,
    /// The latency allowed beyond a side's time or `movetime` before it
    /// loses on time (unless the side's limits set their own).
    pub margin: Duration,
    /// How long an external engine searching without a clock or a
    /// `movetime` may go without answering before it loses.
    pub silence: Duration,
    /// How long an external engine has to answer `uci` and `isready`.
    pub startup: Duration,
    /// Score adjudication (none by default).
    pub adjudication: Adjudication,
}

/// Why a match could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchError {
    /// An external engine did not start or did not answer `uci`/`isready`.
    EngineStart {
        /// The engine's name.
        name: String,
        /// What went wrong.
        error: String,
    },
    /// The settings do not make a match (a side without any bound, …).
    Settings(String),
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::EngineStart { name, error } => write!(f, "engine {name}: {error}"),
            MatchError::Settings(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for MatchError {}

/// The latency a side is allowed beyond its time by default: the time
/// between the runner's `go` and its reading of `bestmove` that is not the
/// engine's thinking (pipes, the reader thread, the scheduler of a loaded
/// machine). docs/MATCH.md has the measurement behind it.
pub const DEFAULT_MARGIN: Duration = Duration::from_millis(DEFAULT_MARGIN_MS);

/// [`DEFAULT_MARGIN`] in milliseconds.
pub const DEFAULT_MARGIN_MS: u64 = 250;

impl Match {
    /// The openings the games start from: one a pair of games.
    pub fn pairs(&self) -> usize {
        self.games.div_ceil(2)
    }

    /// The PGN `TimeControl` of the games, when both sides play the same
    /// clock.
    pub fn time_control_tag(&self) -> Option<String> {
        match (self.a.limits.tc, self.b.limits.tc) {
            (Some(a), Some(b)) if a == b => Some(a.to_string()),
            _ => None,
        }
    }

    /// A match of `pairs` openings (`2 × pairs` games) between `a` and
    /// `b`: seed 0, random openings of 4 to 8 plies, games cut at 300
    /// plies, one game at a time, a [`DEFAULT_MARGIN`], 60 s of silence
    /// allowed, 10 s to start an engine.
    pub fn new(a: Side, b: Side, pairs: usize) -> Match {
        Match {
            a,
            b,
            games: 2 * pairs,
            seed: 0,
            opening_plies: (4, 8),
            book: None,
            max_plies: 300,
            threads: 1,
            start: Position::default(),
            margin: DEFAULT_MARGIN,
            silence: Duration::from_secs(60),
            startup: HANDSHAKE_TIMEOUT,
            adjudication: Adjudication::default(),
        }
    }

    /// The opening of pair `i`: the book's opening `i` (modulo its size,
    /// with the castling option of [`Match::start`]), or random legal moves from the start, never one that ends the game,
    /// drawn from the stream [`cescacs::random::game_seed`] gives the
    /// match's seed and `i`.
    pub fn opening(&self, i: usize) -> History {
        match &self.book {
            Some(book) if !book.is_empty() => {
                let mut opening = book[i % book.len()].clone();
                opening
                    .start
                    .set_castling_allowed(self.start.castling_allowed());
                opening.history()
            }
            _ => random_opening(&self.start, self.seed, i as u64, self.opening_plies),
        }
    }

    /// Checks the settings and starts each external engine once (`uci` →
    /// `uciok`, its options checked against those it declares and set,
    /// `isready` → `readyok`), so that a wrong command or a refused option
    /// fails before any game. Returns the options each side's engine
    /// declares (none for the built-in engine).
    pub fn check(&self) -> Result<[Vec<UciOption>; 2], MatchError> {
        if self.a.limits.tc.is_some() != self.b.limits.tc.is_some() {
            return Err(MatchError::Settings(
                "give both sides a clock (tc) or neither".to_string(),
            ));
        }
        let mut declared = [Vec::new(), Vec::new()];
        for (i, (label, side)) in [("A", &self.a), ("B", &self.b)].into_iter().enumerate() {
            if side.limits.is_empty() {
                return Err(MatchError::Settings(format!(
                    "{label} has no limit: give a clock, a movetime, a depth or a node count"
                )));
            }
            if let Some(spec) = side.spec() {
                if !self.start.castling_allowed() {
                    return Err(MatchError::Settings(format!("engine {}: a game without castling is for the built-in engine only (PDTL does not carry it)", side.name)));
                }
                let engine =
                    UciEngine::start(spec, self.startup).map_err(|e| MatchError::EngineStart {
                        name: side.name.clone(),
                        error: e.to_string(),
                    })?;
                declared[i] = engine.options.clone();
            }
        }
        Ok(declared)
    }

    /// Plays every game; `progress` is called after each with the count
    /// done.
    pub fn run(&self, progress: &(dyn Fn(usize) + Sync)) -> Result<MatchResult, MatchError> {
        self.run_until(&|_, done| {
            progress(done);
            true
        })
    }

    /// Plays the games (after [`Match::check`]); `on_game` is told each
    /// game as it ends, with the count done, and stops the match by
    /// returning false (games under way still finish and are kept).
    pub fn run_until(
        &self,
        on_game: &(dyn Fn(&GameRecord, usize) -> bool + Sync),
    ) -> Result<MatchResult, MatchError> {
        self.check()?;
        Ok(self.play(on_game, &AtomicBool::new(false)))
    }

    /// Plays the games of a match already [checked](Match::check), as
    /// [`Match::run_until`] does; once `abort` is raised the games under
    /// way are abandoned at their next move (and not recorded), so an
    /// interrupted match ends within a move with the games it finished.
    pub fn play(
        &self,
        on_game: &(dyn Fn(&GameRecord, usize) -> bool + Sync),
        abort: &AtomicBool,
    ) -> MatchResult {
        let rules = GameRules {
            max_plies: self.max_plies,
            margin: self.margin,
            silence: self.silence,
            startup: self.startup,
            adjudication: self.adjudication,
        };
        let engines = || (Instance::new(&self.a), Instance::new(&self.b));
        let play_one = |(a, b): &mut (Instance, Instance), g: usize| {
            let a_color = if g % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let mut table = Table {
                a: (&self.a, a),
                b: (&self.b, b),
                a_color,
            };
            play(&rules, g / 2, self.opening(g / 2), &mut table, abort)
        };
        let games = run_games(self.games, self.threads, engines, play_one, on_game);
        MatchResult { games }
    }
}
