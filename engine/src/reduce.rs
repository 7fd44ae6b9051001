//! Late-move reductions: a quiet move late in the order is rarely the
//! best, so it is searched first to a reduced depth with a null window; a
//! move that beats alpha even so is searched again to the full depth.
//!
//! The reduction grows with the logarithms of the depth left and of the
//! move's rank in the order (Stockfish's form). No move is reduced in
//! check, when it gives check, captures or promotes, nor among the first
//! [`FULL_DEPTH_MOVES`] moves.

use std::sync::OnceLock;

/// Moves searched at full depth before any is reduced.
pub(crate) const FULL_DEPTH_MOVES: usize = 3;
/// The least depth left at which a move is reduced.
pub(crate) const REDUCE_MIN_DEPTH: i32 = 3;
/// Table size in depth and in rank (larger ones use the last row or column).
const TABLE: usize = 64;

/// The reduction table: `[depth][rank]` in plies.
fn table() -> &'static [[u8; TABLE]; TABLE] {
    static T: OnceLock<[[u8; TABLE]; TABLE]> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = [[0u8; TABLE]; TABLE];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.75 + (d as f64).ln() * (i as f64).ln() / 2.25) as u8;
            }
        }
        t
    })
}

/// The reduction of the `rank`th move (0 first) with `depth` left, for a
/// quiet move that does not give check, at a node not in check; at most
/// `depth - 2` so that the reduced search keeps a ply.
pub(crate) fn reduction(depth: i32, rank: usize, pv_node: bool) -> i32 {
    if depth < REDUCE_MIN_DEPTH || rank < FULL_DEPTH_MOVES {
        return 0;
    }
    let d = (depth as usize).min(TABLE - 1);
    let r = i32::from(table()[d][rank.min(TABLE - 1)]) - i32::from(pv_node);
    r.clamp(0, depth - 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_grow_with_depth_and_rank_and_spare_early_moves() {
        assert_eq!(reduction(8, 2, false), 0);
        assert_eq!(reduction(2, 20, false), 0);
        assert!(reduction(8, 20, false) >= reduction(4, 20, false));
        assert!(reduction(8, 30, false) >= reduction(8, 4, false));
        assert!(reduction(8, 30, true) < reduction(8, 30, false));
        assert!(reduction(3, 60, false) <= 1);
    }
}
