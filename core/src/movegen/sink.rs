//! Where generated moves go (`Moves`): a move list, a filter on one origin
//! and its destinations, the check and pin masks of a piece. The perft
//! counter and the random-move sampler are `Moves` too.

use arrayvec::ArrayVec;

use crate::bitboard::Bitboard;
use crate::geometry::Hex;
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, Role};
use crate::position::Position;

use super::tables::PROMOTION_APPROACH;

/// Where generated moves go: a list, or (at perft's last ply) a counter, so
/// that one generator serves both and counting never builds moves.
pub(crate) trait Moves {
    fn add(&mut self, m: Move);
    /// Adds a move of `role` from `from` to each hex of `to` (which holds
    /// no own piece), capturing what stands there.
    fn add_set(&mut self, pos: &Position, from: Hex, role: Role, to: Bitboard);
    /// Adds the moves of the side to move's pawn on `from` that land on
    /// `allowed` (the check and pin constraints).
    fn add_pawn(&mut self, pos: &Position, from: Hex, occupied: Bitboard, allowed: Bitboard);
    /// Adds the moves of the side to move's `role` (not a King) on `from`
    /// that land on `allowed` (the check and pin constraints).
    ///
    /// This and the King's moves below are kept out of line in WebAssembly:
    /// the generator's function is then a third the size, which V8 compiles
    /// to optimised code in half the time (a perft spends the meantime in
    /// its baseline code; docs/WEB.md).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    fn add_piece(
        &mut self,
        pos: &Position,
        from: Hex,
        role: Role,
        own: Bitboard,
        occupied: Bitboard,
        allowed: Bitboard,
    ) where
        Self: Sized,
    {
        pos.gen_piece(from, role, own, occupied, allowed, self);
    }
    /// Adds the moves of the side to move's `role` (not a King) pieces on
    /// `pieces`, all held to `allowed`.
    #[inline(always)]
    fn add_pieces(
        &mut self,
        pos: &Position,
        role: Role,
        pieces: Bitboard,
        own: Bitboard,
        occupied: Bitboard,
        allowed: Bitboard,
    ) where
        Self: Sized,
    {
        for from in pieces {
            self.add_piece(pos, from, role, own, occupied, allowed);
        }
    }
    /// Adds the King's Leaps and castlings of the side to move (its King
    /// unmoved and not in check).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    fn add_king_gaits(&mut self, pos: &Position)
    where
        Self: Sized,
    {
        let safe = pos.safe_leap_hexes();
        // Every Leap and castling lands the King on a leap hex.
        if !safe.is_empty() {
            pos.gen_leaps(safe, |m| self.add(m));
            pos.gen_castlings(safe, |m| self.add(m));
        }
    }
    /// Adds the King's steps from `king` to the hexes of `candidates`
    /// ([`Position::king_step_candidates`]) that are not attacked. A sink
    /// that samples one move may keep the candidates instead and test only
    /// the one it draws ([`MoveGroups::choose`]).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    fn add_king_steps(&mut self, pos: &Position, king: Hex, candidates: Bitboard)
    where
        Self: Sized,
    {
        for t in candidates {
            if let Some(m) = pos.king_step(king, t) {
                self.add(m);
            }
        }
    }
}

impl<const N: usize> Moves for ArrayVec<Move, N> {
    #[inline(always)]
    fn add(&mut self, m: Move) {
        self.push(m);
    }
    #[inline(always)]
    fn add_set(&mut self, pos: &Position, from: Hex, role: Role, to: Bitboard) {
        to.for_each(|t| {
            let captured = pos.piece_at(t).map(|p| p.role);
            self.push(Move::new(from, t, role, captured, MoveKind::Normal));
        });
    }
    #[inline(always)]
    fn add_pawn(&mut self, pos: &Position, from: Hex, _: Bitboard, allowed: Bitboard) {
        let us = pos.turn;
        if PROMOTION_APPROACH[us.index()].contains(from) {
            pos.gen_pawn(
                from,
                us,
                &mut Sink {
                    list: self,
                    allowed,
                },
            );
            return;
        }
        // No promotion to expand: each step is one move.
        let mut add = |t: Hex, kind: MoveKind, captured: Option<Role>| {
            if allowed.contains(t) {
                self.push(Move::new(from, t, Role::Pawn, captured, kind));
            }
        };
        match us {
            Color::White => pos.pawn_steps::<false>(from, &mut add),
            Color::Black => pos.pawn_steps::<true>(from, &mut add),
        }
    }
}

/// Collects the moves of one origin landing on some hexes, dropping the others.
pub(super) struct FromOnly<'a, L: Moves> {
    pub(super) from: Hex,
    pub(super) dests: Bitboard,
    pub(super) list: &'a mut L,
}

impl<L: Moves> Moves for FromOnly<'_, L> {
    fn add(&mut self, m: Move) {
        if m.from == self.from && self.dests.contains(m.to) {
            self.list.add(m);
        }
    }
    fn add_set(&mut self, pos: &Position, from: Hex, role: Role, to: Bitboard) {
        if from == self.from {
            self.list.add_set(pos, from, role, to & self.dests);
        }
    }
    fn add_pawn(&mut self, pos: &Position, from: Hex, occupied: Bitboard, allowed: Bitboard) {
        if from == self.from {
            self.list
                .add_pawn(pos, from, occupied, allowed & self.dests);
        }
    }
}

/// Collects moves, dropping those outside the allowed mask of their piece.
pub(super) struct Sink<'a, L: Moves> {
    pub(super) list: &'a mut L,
    pub(super) allowed: Bitboard,
}

impl<L: Moves> Sink<'_, L> {
    #[inline(always)]
    pub(super) fn push(&mut self, m: Move) {
        if self.allowed.contains(m.to) {
            self.list.add(m);
        }
    }
}
