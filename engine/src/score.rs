//! Scores: centipawns from the side to move's view, and the bands that
//! mean a won or lost game.
//!
//! A checkmate `n` plies away scores `MATE - n`; a stalemate (a win for the
//! stalemating side, RULES.md §6) scores `STALEMATE - n`, below every mate
//! (it earns 2 points, a mate 3) and above every material balance.

use std::fmt;

/// The deepest ply a search reaches (extensions included).
pub const MAX_PLY: usize = 128;

pub(crate) const INFINITY: i32 = 32_000;
pub(crate) const MATE: i32 = 31_000;
pub(crate) const STALEMATE: i32 = 20_000;
/// Scores at or beyond this magnitude are decided games (mate or stalemate).
pub(crate) const DECIDED: i32 = STALEMATE - MAX_PLY as i32;

/// A search score from the side to move's view.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Score {
    /// Material and position, in centipawns (a pawn is 100). A won
    /// stalemate `n` plies away is reported as `20000 - n` (and a lost one
    /// as its negation): UCI has no word for it.
    Cp(i32),
    /// Checkmate in this many moves (of the side to move; negative: the
    /// side to move is mated), as UCI's `score mate`.
    Mate(i32),
}

impl Score {
    /// The public form of an internal score.
    pub(crate) fn from_internal(s: i32) -> Score {
        if s >= MATE - MAX_PLY as i32 {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -(MATE - MAX_PLY as i32) {
            Score::Mate(-((MATE + s) / 2))
        } else {
            Score::Cp(s)
        }
    }
}

impl fmt::Display for Score {
    /// UCI's form: `cp 35`, `mate 3`, `mate -2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(c) => write!(f, "cp {c}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// A decided score as stored in the table: relative to the stored node,
/// not to the root (so the same mate found along two paths agrees).
pub(crate) fn to_tt(s: i32, ply: usize) -> i32 {
    if s >= DECIDED {
        s + ply as i32
    } else if s <= -DECIDED {
        s - ply as i32
    } else {
        s
    }
}

/// The inverse of [`to_tt`] at `ply`.
pub(crate) fn from_tt(s: i32, ply: usize) -> i32 {
    if s >= DECIDED {
        s - ply as i32
    } else if s <= -DECIDED {
        s + ply as i32
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distances_in_moves() {
        assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_internal(-MATE), Score::Mate(0));
        assert_eq!(Score::from_internal(-(MATE - 2)), Score::Mate(-1));
        assert_eq!(Score::from_internal(STALEMATE - 1), Score::Cp(19_999));
        assert_eq!(Score::Mate(-1).to_string(), "mate -1");
        assert_eq!(from_tt(to_tt(MATE - 5, 3), 3), MATE - 5);
    }
}
