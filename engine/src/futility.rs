//! Futility pruning near the horizon, on the static score of a node outside
//! the principal variation and not in check:
//! - reverse futility (static null move): a static score above beta by a
//!   margin per ply left cuts the node; the opponent is unlikely to win the
//!   margin back in so few plies;
//! - futility: with one or two plies left, a static score below alpha by a
//!   margin leaves the quiet moves that give no check unsearched (after the
//!   first move); such a move seldom gains that much.

use crate::score::DECIDED;

/// The most plies left at which reverse futility cuts.
const REVERSE_DEPTH: i32 = 3;
/// Reverse futility margin a ply left, centipawns.
const REVERSE_MARGIN: i32 = 120;
/// Futility margins by plies left (1 and 2), centipawns.
const MARGINS: [i32; 3] = [0, 150, 300];

/// The score that cuts a node with `depth` left whose static score is
/// `eval` against `beta`, if reverse futility cuts it.
pub(crate) fn reverse_cut(eval: i32, depth: i32, beta: i32) -> Option<i32> {
    let cuts =
        depth <= REVERSE_DEPTH && beta.abs() < DECIDED && eval - REVERSE_MARGIN * depth >= beta;
    cuts.then_some(eval)
}

/// Whether the quiet moves of a node with `depth` left and static score
/// `eval` are futile against `alpha`.
pub(crate) fn quiets_futile(eval: i32, depth: i32, alpha: i32) -> bool {
    (1..=2).contains(&depth) && alpha.abs() < DECIDED && eval + MARGINS[depth as usize] <= alpha
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn margins_grow_with_depth_and_spare_mate_scores() {
        assert_eq!(reverse_cut(500, 3, 140), Some(500));
        assert_eq!(reverse_cut(500, 3, 141), None);
        assert_eq!(reverse_cut(500, 4, 0), None);
        assert_eq!(reverse_cut(30_000, 1, DECIDED), None);
        assert!(quiets_futile(0, 1, 150));
        assert!(!quiets_futile(0, 1, 149));
        assert!(!quiets_futile(0, 2, 299));
        assert!(!quiets_futile(0, 3, 10_000));
    }
}
