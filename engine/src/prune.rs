//! Null-move pruning: at a node outside the principal variation whose
//! static score already reaches beta, the side to move passes and the
//! opponent is searched to a reduced depth; if passing still holds beta,
//! a real move would too, and the node is cut.
//!
//! Passing is not a C'escacs move, so the test is wrong where every move
//! hurts (zugzwang). It is not tried in check, at the root, twice in a
//! row, nor for a side with only its King, pawns and Elephants (where
//! zugzwang is common).

use cescacs::{Color, Piece, Position, Role};

use crate::score::DECIDED;
use crate::search::Searcher;

/// The least depth at which the null move is tried.
const NULL_MIN_DEPTH: i32 = 2;
/// The depth from which the reduction grows from 2 to 3 plies.
const NULL_DEEP: i32 = 6;

/// Whether `color` has a piece other than its King, pawns and Elephants.
fn has_officers(pos: &Position, color: Color) -> bool {
    Role::ALL
        .iter()
        .filter(|r| !matches!(r, Role::Pawn | Role::Elephant | Role::King))
        .any(|&r| !pos.pieces(Piece::new(color, r)).is_empty())
}

impl Searcher<'_> {
    /// The null-move test at a non-PV node (`beta` the null window's upper
    /// bound) `ply` plies from the root with `depth` left: `Some(beta)` to
    /// cut the node, `None` to search it; `eval` is the node's static score
    /// (computed only out of check: the side to move is not in check).
    pub(crate) fn null_move_cut(
        &mut self,
        pos: &Position,
        eval: i32,
        depth: i32,
        beta: i32,
        ply: usize,
    ) -> Option<i32> {
        debug_assert!(!pos.is_check(), "no null move out of check");
        if depth < NULL_MIN_DEPTH || ply == 0 || self.null_before(ply) || beta.abs() >= DECIDED {
            return None;
        }
        if !has_officers(pos, pos.turn()) || eval < beta {
            return None;
        }
        let r = if depth >= NULL_DEEP { 3 } else { 2 };
        let child = pos.after_null();
        let child_hash = child.zobrist_hash();
        self.push_null(child_hash, ply + 1);
        self.eval.push(pos, &child);
        let score = -self.negamax(
            &child,
            child_hash,
            depth - 1 - r,
            -beta,
            -beta + 1,
            ply + 1,
            0,
        );
        self.eval.pop();
        self.pop_null(ply + 1);
        (!self.stopped && score >= beta).then_some(beta)
    }
}
