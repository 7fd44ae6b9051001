//! Matches between two sides, for measuring strength: games from seeded
//! random openings or a book, each opening played twice with the colours
//! swapped, several at once. Built-in sides at fixed depths give the same
//! games whatever the concurrency (every game starts from cleared tables);
//! external UCI engines run as processes, one per running game and side,
//! under the match's clock, and lose the games where they fault.

use std::fmt;
use std::time::Duration;

use cescacs::{Color, History, Position};

use crate::adjudication::Adjudication;
use crate::clock::TimeControl;
use crate::contender::Contender;
use crate::game::{play, GameRules, Table};
use crate::opening::{random_opening, Opening};
use crate::record::GameRecord;
use crate::result::MatchResult;
use crate::scheduler::run_games;
use crate::seat::Seat;
use crate::uci_engine::{UciEngine, HANDSHAKE_TIMEOUT};

/// A match: `pairs` openings, each played with A as White and as Black.
#[derive(Clone, Debug)]
pub struct Match {
    /// The first side, whose share of the points the match measures.
    pub a: Contender,
    /// The second side.
    pub b: Contender,
    /// How many openings; each is played twice.
    pub pairs: usize,
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
    /// Both sides' clock (`None`: no clock).
    pub tc: Option<TimeControl>,
    /// The latency allowed beyond a side's time or `movetime` before it
    /// loses on time.
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

impl Match {
    /// A match of `pairs` openings between `a` and `b`: seed 0, random
    /// openings of 4 to 8 plies, games cut at 300 plies, one game at a
    /// time, no clock, a 100 ms margin, 60 s of silence allowed, 10 s to
    /// start an engine.
    pub fn new(a: impl Into<Contender>, b: impl Into<Contender>, pairs: usize) -> Match {
        Match {
            a: a.into(),
            b: b.into(),
            pairs,
            seed: 0,
            opening_plies: (4, 8),
            book: None,
            max_plies: 300,
            threads: 1,
            start: Position::default(),
            tc: None,
            margin: Duration::from_millis(100),
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
    /// `uciok`, options, `isready` → `readyok`), so that a wrong command
    /// fails before any game.
    pub fn check(&self) -> Result<(), MatchError> {
        for (side, c) in [("A", &self.a), ("B", &self.b)] {
            if c.limits.is_empty() && self.tc.is_none() {
                return Err(MatchError::Settings(format!(
                    "{side} has no limit: give a clock, a movetime, a depth or a node count"
                )));
            }
            if let Some(spec) = c.spec() {
                if !self.start.castling_allowed() {
                    return Err(MatchError::Settings(format!("engine {}: a game without castling is for the built-in engine only (PDTL does not carry it)", spec.name)));
                }
                UciEngine::start(spec, self.startup).map_err(|e| MatchError::EngineStart {
                    name: spec.name.clone(),
                    error: e.to_string(),
                })?;
            }
        }
        Ok(())
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
        Ok(self.play_checked(on_game))
    }

    /// Plays the games of a match already [checked](Match::check).
    pub(crate) fn play_checked(
        &self,
        on_game: &(dyn Fn(&GameRecord, usize) -> bool + Sync),
    ) -> MatchResult {
        let rules = GameRules {
            max_plies: self.max_plies,
            tc: self.tc,
            margin: self.margin,
            silence: self.silence,
            startup: self.startup,
            adjudication: self.adjudication,
        };
        let seats = || (Seat::new(&self.a), Seat::new(&self.b));
        let play_one = |(a, b): &mut (Seat, Seat), g: usize| {
            let a_color = if g % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            play(
                &rules,
                g / 2,
                self.opening(g / 2),
                &mut Table { a, b, a_color },
            )
        };
        let games = run_games(2 * self.pairs, self.threads, seats, play_one, on_game);
        MatchResult { games }
    }
}
