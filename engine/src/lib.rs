//! # cescacs-engine
//!
//! A C'escacs engine over the `cescacs` rules: iterative deepening with
//! principal variation search, a shared transposition table keyed by the
//! core's Zobrist hash, quiescence over captures and promotions, move
//! ordering (hash move, MVV-LVA, killers, history), check extension and
//! mate scores. The end of the game is the core's (checkmate, stalemate as
//! a win for the stalemating side, repetition, the 75-move rule,
//! insufficient material).
//!
//! ```
//! use cescacs::History;
//! use cescacs_engine::{Engine, Limits};
//!
//! let mut engine = Engine::new(Default::default());
//! let result = engine.search(&History::default(), &Limits::depth(2));
//! assert!(result.best_move.is_some());
//! assert_eq!(result.depth, 2);
//! ```
//!
//! At a fixed depth on one thread a search is deterministic (same
//! position, same history, fresh engine: same move, score, PV and node
//! count). With [`EngineOptions::threads`] above 1 the helpers search the
//! same tree and share the table (Lazy SMP); the result is then that of
//! the main thread, and no longer deterministic.

#![forbid(unsafe_code)]

mod abstain;
mod arena;
mod engine;
mod eval;
pub mod fit;
mod limits;
mod ordering;
mod score;
mod search;
mod tt;

pub use arena::{GameRecord, Match, MatchResult, Player};
pub use abstain::Abstain;
pub use engine::{Engine, EngineOptions, Info, SearchResult};
pub use eval::{EvalConfig, EvalConfigError, FITTED_VALUES, REFERENCE_VALUES, SITE_VALUES};
pub use limits::Limits;
pub use score::{Score, MAX_PLY};
