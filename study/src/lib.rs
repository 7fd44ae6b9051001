//! # cescacs-study
//!
//! What the `cescacs-engine` search is measured with: matches between two
//! sides from seeded random openings or a book ([`Match`]), each side the
//! built-in engine at some settings ([`Player`]) or an external UCI engine
//! ([`EngineSpec`], driven by [`UciEngine`]) under a clock
//! ([`TimeControl`]), with faults, adjudication ([`Adjudication`]) and
//! CTL-PGN records ([`GameRecord::to_game`]); players that
//! abstain from the King's special gaits to measure what they are worth
//! ([`Abstain`], through the search's root-move filter
//! [`Limits::search_moves`](cescacs_engine::Limits::search_moves)), and
//! piece values fitted to the results of such games ([`fit`], Texel's
//! method). The [`stats`] of a match (pentanomial counts, Elo, LOS, SPRT)
//! are fastchess's. docs/ENGINE.md and docs/BALANCE.md have the runs.
//!
//! ```
//! use cescacs_engine::EngineOptions;
//! use cescacs_study::{Match, Player};
//!
//! let player = |depth| Player { depth, options: EngineOptions { hash_mb: 1, ..Default::default() }, abstain: Default::default() };
//! let mut m = Match::new(player(2), player(1), 1);
//! m.max_plies = 6;
//! let result = m.run(&|_| {}).unwrap();
//! assert_eq!(result.games.len(), 2);
//! ```
//!
//! Matches of built-in sides at fixed depths give the same games whatever
//! their concurrency: each game starts from cleared tables.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod abstain;
mod adjudication;
mod clock;
mod contender;
mod engine_spec;
pub mod fit;
mod game;
mod r#match;
mod opening;
mod pair_range;
mod player;
mod record;
mod result;
mod scheduler;
mod seat;
mod settings;
pub mod stats;
mod uci_engine;

pub use abstain::Abstain;
pub use adjudication::{Adjudication, DrawRule, ResignRule, Verdict};
pub use clock::{clk_comment, Clocks, Overstep, TimeControl};
pub use contender::{Contender, Entrant, SearchLimits};
pub use engine_spec::{split_words, EngineSpec, SpecError};
pub use opening::Opening;
pub use player::Player;
pub use r#match::{Match, MatchError};
pub use record::{Ending, GameRecord};
pub use result::MatchResult;
pub use settings::{Described, Field, MatchSettings, SettingsError};
pub use uci_engine::{info_score, BestMove, EngineError, UciEngine, HANDSHAKE_TIMEOUT};
