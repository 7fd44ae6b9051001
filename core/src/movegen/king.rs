//! The King's moves: steps tested with the King lifted, the King's Leaps
//! and the castlings (RULES.md §4–§5).

use crate::bitboard::Bitboard;
use crate::castling::{Castling, CastlingRooks, KING_HOME, LEAP_HEXES, LEAP_ZONE};
use crate::geometry::{neighbours, Hex};
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, Role};
use crate::position::Position;

use super::sink::Moves;

impl Position {
    /// The hexes the King of `us` on `king` may step to as far as the board
    /// goes: not an own piece, not the enemy King (Kings are never captured,
    /// RULES.md §3.1), not the enemy's leap zone while its King is unmoved
    /// (§5.2). [`Position::king_step`] then tests for attacks.
    #[inline(always)]
    pub(super) fn king_step_candidates(&self, king: Hex, us: Color) -> Bitboard {
        let blocked = self.by_color[us.index()] | self.by_role[Role::King.index()] | self.forbidden_leap_zone(us);
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
        Some(Move::new(king, t, Role::King, self.piece_at(t).map(|p| p.role), MoveKind::Normal))
    }

    /// The leap hexes the unmoved King of the side to move may land on as
    /// far as attacks go: free of own pieces and Kings, outside the enemy
    /// leap zone (RULES.md §5.2) and unattacked. No leap hex is on a line
    /// through the King's home, so the King there shields none of them: one
    /// attack test per hex serves the leaps (King lifted) and the castlings
    /// (attacked before the move, RULES.md §4.3).
    pub(super) fn safe_leap_hexes(&self) -> Bitboard {
        let us = self.turn;
        let blocked = self.by_color[us.index()] | self.by_role[Role::King.index()] | self.forbidden_leap_zone(us);
        LEAP_ZONE[us.index()].without(blocked).filter(|&t| !self.is_attacked(t, !us)).collect()
    }

    /// King's Leaps (RULES.md §4.2) to the hexes of `safe`
    /// ([`Position::safe_leap_hexes`]); caller checks "unmoved" and "not in check".
    pub(super) fn gen_leaps<L: Moves>(&self, safe: Bitboard, list: &mut L) {
        let us = self.turn;
        let king = KING_HOME[us.index()];
        for t in LEAP_HEXES[us.index()] {
            if !safe.contains(t) {
                continue;
            }
            // A leap is no attack, so a set-up position may have the enemy
            // King on a leap hex of our unmoved King (§5.2): `safe` holds no
            // King, as Kings are never captured (RULES.md §3.1).
            let captured = self.piece_at(t).map(|p| p.role);
            if captured.is_some() && !self.castling_allowed {
                continue;
            }
            list.add(Move::new(king, t, Role::King, captured, MoveKind::KingLeap));
        }
    }

    /// Castlings (RULES.md §4.3–§4.6) whose King lands on a hex of `safe`
    /// ([`Position::safe_leap_hexes`]); caller checks "unmoved" and "not in
    /// check".
    pub(super) fn gen_castlings<L: Moves>(&self, safe: Bitboard, list: &mut L) {
        if !self.castling_allowed {
            return;
        }
        let us = self.turn;
        let them = !us;
        let rights = self.rights[us.index()];
        if !rights.queen_rook() && !rights.king_rook() {
            return;
        }
        let king = KING_HOME[us.index()];
        let occupied = self.by_color[0] | self.by_color[1];
        // The King's destination must be empty and safe before the move:
        // one answer per leap hex, shared by the up to nine castlings that
        // land there.
        let open = safe.without(occupied);
        if open.is_empty() {
            return;
        }
        for c in Castling::ALL {
            let ok_rights = match c.rooks() {
                CastlingRooks::KingRook => rights.king_rook(),
                CastlingRooks::QueenRook => rights.queen_rook(),
                CastlingRooks::Both => rights.king_rook() && rights.queen_rook(),
            };
            if !ok_rights {
                continue;
            }
            let g = c.geometry(us);
            if !open.contains(g.king_to) || !(occupied & g.path).is_empty() {
                continue;
            }
            // Safe before the move stays safe after it unless a vacated
            // home hex opens a line onto the destination: only then is the
            // castling played on a copy and tested.
            let m = Move::new(king, g.king_to, Role::King, None, MoveKind::Castling(c));
            if !g.uncovers || !self.after(m).is_attacked(g.king_to, them) {
                list.add(m);
            }
        }
    }
}
