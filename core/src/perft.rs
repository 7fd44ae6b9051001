//! Perft: the number of legal move sequences of a given length, the
//! standard check of a move generator (counts in RULES.md §8).

use crate::moves::Move;
use crate::position::Position;

/// Counts the leaves of the legal move tree `depth` plies deep. The last ply
/// is counted without playing its moves ("bulk counting").
///
/// ```
/// use cescacs::{perft, Position};
/// assert_eq!(perft(&Position::default(), 2), 4_612);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut total = 0;
            for m in pos.legal_moves() {
                let mut child = pos.clone();
                child.play_unchecked(m);
                total += perft(&child, depth - 1);
            }
            total
        }
    }
}

/// Perft split by first move: each legal move with the leaf count below it.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| (m, perft(&pos.after(m), depth - 1)))
        .collect()
}
