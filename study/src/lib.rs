//! # cescacs-study
//!
//! What the `cescacs-engine` search is measured with: matches between two
//! engine settings from seeded random openings ([`Match`]), players that
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
//! let result = m.run(&|_| {});
//! assert_eq!(result.games.len(), 2);
//! ```
//!
//! Matches give the same games whatever their thread count: each game
//! starts from cleared tables and searches to fixed depths.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod abstain;
pub mod fit;
mod r#match;
mod opening;
mod pair_range;
mod player;
mod record;
mod result;
pub mod stats;

pub use abstain::Abstain;
pub use player::Player;
pub use r#match::Match;
pub use record::GameRecord;
pub use result::MatchResult;
