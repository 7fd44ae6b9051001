//! # cescacs-study
//!
//! What the `cescacs-engine` search is measured with, laid out as
//! fastchess lays out its runner:
//!
//! - [`engine`]: the engines that play — an external UCI engine's process
//!   ([`UciEngine`]) and the options it declares, how it is started
//!   ([`EngineSpec`]), the built-in engine and the King's gaits it may
//!   abstain from ([`Abstain`]);
//! - [`Side`]: one side of a match, the one type for it: its name, its
//!   [`Engine`] and the [`Limits`] of its searches (clock, time a move,
//!   depth, nodes), read from fastchess's `-engine` words;
//! - `match`: the match ([`Match`]) — the scheduler, one game, the
//!   clocks ([`TimeControl`]), adjudication ([`Adjudication`]), openings
//!   (seeded random or a book, [`Opening`]), the records
//!   ([`GameRecord`], [`game_pgn`]);
//! - [`stats`]: the figures of a match as fastchess computes them
//!   (pentanomial counts, Elo, LOS, SPRT) and its report lines;
//! - [`fit`]: piece values fitted to game results (Texel's method).
//!
//! [`MatchSettings`] turns the front ends' settings (`cescacs match`,
//! `cescacs.study.MatchSpec`) into a [`Match`]. docs/MATCH.md describes the
//! runner; docs/ENGINE.md and docs/BALANCE.md have the runs.
//!
//! ```
//! use cescacs_engine::EngineOptions;
//! use cescacs_study::{Match, Side};
//!
//! let side = |depth| Side::builtin(depth, EngineOptions { hash_mb: 1, ..Default::default() });
//! let mut m = Match::new(side(2), side(1), 1);
//! m.max_plies = 6;
//! let result = m.run(&|_| {}).unwrap();
//! assert_eq!(result.games.len(), 2);
//! ```
//!
//! Matches of built-in sides at fixed depths give the same games whatever
//! their concurrency: each game starts from cleared tables.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod engine;
pub mod fit;
pub mod r#match;
mod settings;
mod side;
pub mod stats;

pub use engine::{
    info_score, split_words, Abstain, BestMove, EngineError, EngineSpec, SpecError, UciEngine,
    UciOption, HANDSHAKE_TIMEOUT,
};
pub use r#match::{
    clk_comment, game_pgn, Adjudication, BookFormat, Clocks, DrawRule, Ending, GameRecord, Match,
    MatchError, MatchResult, Opening, Overstep, ResignRule, TimeControl, Verdict, DEFAULT_MARGIN,
    DEFAULT_MARGIN_MS,
};
pub use settings::{Described, Field, MatchSettings, SettingsError};
pub use side::{Engine, Limits, Side};
