//! What a search gives back: its best move, score and principal
//! variation, and with MultiPV its best root lines.

use std::time::Duration;

use cescacs::Move;

use crate::score::Score;

/// One of a search's root lines (MultiPV): a root move's score and its
/// principal variation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PvLine {
    /// From the side to move's view.
    pub score: Score,
    /// The principal variation, the root move first.
    pub pv: Vec<Move>,
}

/// The outcome of a search.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchResult {
    /// `None` only when the side to move has no legal move.
    pub best_move: Option<Move>,
    /// From the side to move's view (for a position without moves: mated
    /// is `Mate(0)`, stalemated `Cp(-20000)`).
    pub score: Score,
    /// The principal variation, `best_move` first.
    pub pv: Vec<Move>,
    /// The deepest completed iteration (0 if none completed). A search
    /// stopped inside an iteration whose first root move was searched in
    /// full answers with that iteration's best move, score and PV, and
    /// the depth of the one before.
    pub depth: u32,
    /// The deepest ply reached, quiescence and extensions included.
    pub seldepth: u32,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Time the search took.
    pub time: Duration,
    /// The best [`EngineOptions::multipv`](crate::EngineOptions::multipv) root lines (fewer when the root has
    /// fewer moves), best first: the first is `score` and `pv`. Empty only
    /// without a legal move.
    pub lines: Vec<PvLine>,
}
