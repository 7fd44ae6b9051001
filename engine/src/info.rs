//! What a search reports while it runs (UCI's `info` lines): each
//! iteration's lines, root lines that fell outside the aspiration window,
//! and the root move being searched.

use std::time::Duration;

use cescacs::Move;

use crate::score::Score;

/// How a reported score bounds the line's true score (UCI's `lowerbound`
/// and `upperbound`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ScoreBound {
    /// The score of a completed search of the line.
    Exact,
    /// The line failed high: its true score is at least this.
    Lower,
    /// The line failed low: its true score is at most this.
    Upper,
}

/// One report of a search, passed to the `on_info` of
/// [`Engine::search`](crate::Engine::search).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Info {
    /// A root line: after each completed iteration one per MultiPV line,
    /// and, with one line, each search of the root that fell outside its
    /// aspiration window (a bound).
    Line(LineInfo),
    /// The main thread starts searching a root move.
    CurrMove(CurrMoveInfo),
}

impl Info {
    /// The line of a completed iteration (not a bound, not a root move):
    /// what a caller that keeps only the search's progress wants.
    pub fn completed_line(&self) -> Option<&LineInfo> {
        match self {
            Info::Line(l) if l.bound == ScoreBound::Exact => Some(l),
            _ => None,
        }
    }
}

/// A root line of a search (UCI's `info depth … pv …`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LineInfo {
    /// The iteration's depth, in plies.
    pub depth: u32,
    /// The deepest ply reached, quiescence and extensions included.
    pub seldepth: u32,
    /// The line's score, from the side to move's view.
    pub score: Score,
    /// Whether `score` is exact or a bound.
    pub bound: ScoreBound,
    /// Nodes of all threads so far.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation, the root move first.
    pub pv: Vec<Move>,
    /// Which line this is, 1 for the best (UCI's `multipv`).
    pub multipv: usize,
    /// How full the table is, per mille of its entries written in this
    /// search (UCI's `hashfull`).
    pub hashfull: u32,
}

/// The root move the main thread starts searching (UCI's `currmove`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CurrMoveInfo {
    /// The iteration's depth, in plies.
    pub depth: u32,
    /// The root move.
    pub mv: Move,
    /// Its place in the iteration's search order, from 1 (UCI's `currmovenumber`).
    pub number: usize,
    /// Time since the search started.
    pub time: Duration,
}
