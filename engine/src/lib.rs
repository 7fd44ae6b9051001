//! # cescacs-engine
//!
//! A C'escacs engine over the `cescacs` rules: iterative deepening with
//! principal variation search, a shared transposition table keyed by the
//! core's Zobrist hash, quiescence over captures and promotions, static
//! exchange evaluation, move ordering (hash move, MVV-LVA, killers,
//! history, losing captures last), null-move pruning,
//! late-move reductions, aspiration windows, reverse futility and futility
//! pruning, check extension and mate scores, and a time manager for games
//! on the clock. The end of the game is the core's (checkmate, stalemate as
//! a win for the stalemating side, repetition, the 75-move rule,
//! insufficient material).
//!
//! ```
//! use cescacs::History;
//! use cescacs_engine::{Engine, Limits};
//!
//! let mut engine = Engine::new(Default::default());
//! let result = engine.search(&History::default(), &Limits::depth(2), |_| {});
//! assert!(result.best_move.is_some());
//! assert_eq!(result.depth, 2);
//! ```
//!
//! [`Engine::search`] is the one search call. What ends a search is its
//! [`Limits`] (depth, nodes, time, the clocks, a mate found, and
//! `searchmoves`); how it runs is the engine's [`EngineOptions`] (threads,
//! `multipv`, move overhead, level); and the engine's [`Control`] stops it
//! or ends its pondering from another thread. Its reports ([`Info`]) come
//! to the callback as it runs.
//!
//! At a fixed depth on one thread a search is deterministic (same
//! position, same history, fresh engine: same move, score, PV and node
//! count). With [`EngineOptions::threads`] above 1 the helpers search the
//! same tree and share the table (Lazy SMP); the result is then that of
//! the main thread, and no longer deterministic.
//!
//! [`Limits::search_moves`] restricts the root to some moves (UCI
//! `searchmoves`); [`EngineOptions::multipv`] asks for the best N root
//! moves, each with its score and PV ([`SearchResult::lines`], UCI
//! `MultiPV`). [`Wdl`] turns a score into win, draw and loss chances (UCI
//! `UCI_ShowWDL`).
//! [`EngineOptions::skill`] weakens the engine ([`Skill`], UCI `Skill Level`
//! and `UCI_Elo`). The search knows nothing of games between engines:
//! matches, balance studies and fits are the `cescacs-study` crate's.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod aspiration;
mod clock;
mod control;
mod engine;
mod eval;
mod evaluator;
mod futility;
mod info;
mod limits;
mod multipv;
pub mod nnue;
mod options;
mod ordering;
mod prune;
mod quiesce;
mod reduce;
mod result;
mod score;
mod search;
mod see;
mod skill;
mod timeman;
mod tt;
mod wdl;

pub use control::Control;
pub use engine::Engine;
pub use eval::{
    piece_values, EvalConfig, EvalConfigError, DEPTH2_VALUES, FITTED_VALUES, REFERENCE_VALUES,
    SITE_VALUES,
};
pub use info::{CurrMoveInfo, Info, LineInfo, ScoreBound};
pub use limits::{ClockSeconds, Limits, LimitsError, MAX_SECONDS};
pub use options::{
    EngineOptions, OptionsError, DEFAULT_MOVE_OVERHEAD, MAX_HASH_MB, MAX_MOVE_OVERHEAD,
    MAX_MULTIPV, MAX_THREADS,
};
pub use result::{PvLine, SearchResult};
pub use score::{Score, MAX_PLY};
pub use skill::{
    Skill, SkillError, ERRING_NODES, MAX_ELO, MAX_SKILL_LEVEL, MIN_ELO, SKILL_ELO, SKILL_NODES,
};
pub use tt::TableAllocError;
pub use wdl::{Wdl, WdlModel, WdlOutcome};
