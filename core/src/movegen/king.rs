//! The King's ordinary steps (RULES.md §3.1, §5.2), tested with the King
//! lifted. Its special gaits, the Leaps and castlings, are in
//! [`crate::gaits`].

use crate::bitboard::Bitboard;
use crate::geometry::{neighbours, Hex};
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, Role};
use crate::position::Position;

impl Position {
    /// The hexes the King of `us` on `king` may step to as far as the board
    /// goes: not an own piece, not the enemy King (Kings are never captured,
    /// RULES.md §3.1), not the enemy's leap zone while its King is unmoved
    /// (§5.2). [`Position::king_step`] then tests for attacks.
    #[inline(always)]
    pub(super) fn king_step_candidates(&self, king: Hex, us: Color) -> Bitboard {
        let blocked = self.by_color[us.index()]
            | self.by_role[Role::King.index()]
            | self.forbidden_leap_zone(us);
        neighbours(king, true, true).without(blocked)
    }

    /// The side to move's King step from `king` to `t` (one of
    /// [`Position::king_step_candidates`]), if `t` is not attacked with the
    /// King lifted (so that it does not shield `t` from a slider behind it).
    #[inline(always)]
    pub(super) fn king_step(&self, king: Hex, t: Hex) -> Option<Move> {
        if self.attacked_ignoring(t, !self.turn, Some(king)) {
            return None;
        }
        Some(Move::new(
            king,
            t,
            Role::King,
            self.piece_at(t).map(|p| p.role),
            MoveKind::Normal,
        ))
    }
}
