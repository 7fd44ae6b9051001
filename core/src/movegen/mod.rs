//! Legal move generation (RULES.md §3–§5).
//!
//! Strategy: one walk of the twelve rays from the side's King finds the
//! checkers (and the hexes that block or capture them) and the pinned pieces
//! (with the hexes they may still move to). Ordinary moves are then filtered
//! by those masks without playing them; King moves test their destination
//! with the King lifted off the board. An en passant capture (two hexes
//! vacated) tests the King's hex on the board with those hexes emptied and
//! its landing hex filled; a castling whose rook leaves a line open is
//! played on a copy and tested (RULES.md §5.4, "make-and-test").
//!
//! The files: `tables` (step and ride tables), `king_safety` (checks and
//! pins), `sink` (where moves go), `generate` (the generator), `king` (the
//! King's steps; its Leaps and castlings are in [`crate::gaits`]), `counter` (perft's counter),
//! `sampler` (the random-move sampler), `tactical` (the captures and
//! promotions alone, [`Position::tactical_moves_into`]), `rank` (a move's
//! rank for storage, [`Position::move_rank`]) and `any_move` (whether any
//! legal move exists, [`Position::has_legal_move`]). This file holds the
//! public API.

use arrayvec::ArrayVec;

use crate::bitboard::Bitboard;
use crate::geometry::{neighbours, Hex};
use crate::moves::{Move, MoveList};
use crate::piece::{Color, Piece, Role};
use crate::position::Position;

mod any_move;
mod counter;
mod generate;
mod king;
mod king_safety;
mod rank;
mod sampler;
mod sink;
mod tables;
mod tactical;

use counter::Counter;
#[cfg(test)]
pub(crate) use sampler::random_positions;
pub use sampler::MoveGroups;
use tables::PROMOTION_ZONE;

impl Position {
    /// Every legal move of the side to move.
    ///
    /// ```
    /// use cescacs::Position;
    /// let pos: Position = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1".parse().unwrap();
    /// let moves = pos.legal_moves();
    /// assert_eq!(moves.len(), 90);
    /// assert_eq!(moves.iter().filter(|m| m.castling().is_some()).count(), 24);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }

    /// Replaces the contents of `list` with the legal moves: lets a caller
    /// that keeps a list (a binding, a front end) refill it in place.
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        self.generate(list);
    }

    /// The legal moves of the piece on `from` (castlings included when it
    /// is the King), in the order of [`Position::legal_moves`]: what a
    /// front end shows for a selected piece, and what reading a move text
    /// needs, at a fraction of the cost of every move.
    ///
    /// ```
    /// use cescacs::{Hex, Position};
    /// let pos = Position::default();
    /// let g3: Hex = "G3".parse().unwrap();
    /// let knight: Vec<_> = pos.legal_moves().into_iter().filter(|m| m.from() == g3).collect();
    /// assert_eq!(pos.legal_moves_from(g3).as_slice(), knight.as_slice());
    /// assert!(pos.legal_moves_from("G25".parse().unwrap()).is_empty()); // not the mover's
    /// ```
    pub fn legal_moves_from(&self, from: Hex) -> MoveList {
        let mut list = MoveList::new();
        self.gen_from(from, Bitboard::FULL, &mut list);
        list
    }

    /// The legal moves from `from` to `to` other than castlings: the few a
    /// move text can name (promotions apart), without a full move list.
    pub(crate) fn legal_moves_from_to(&self, from: Hex, to: Hex) -> ArrayVec<Move, 16> {
        let mut list = ArrayVec::new();
        match self.piece_at(from) {
            // A piece (not a pawn or a King) makes one move to a hex at most:
            // test that one move rather than generate the piece's.
            Some(p) if p.color == self.turn && !matches!(p.role, Role::Pawn | Role::King) => {
                if let Some(m) = self.piece_move_to(from, p.role, to) {
                    list.push(m);
                }
            }
            // A pawn's few moves to one hex (a step or a capture, each
            // perhaps promoting; a special capture).
            Some(p) if p.color == self.turn && p.role == Role::Pawn => {
                self.pawn_moves_to(from, to, &mut list);
            }
            // The King's step to a neighbouring hex, tested alone (its Leaps
            // and castlings land farther): no King safety worked out, no
            // leap hex tested.
            Some(p)
                if p.color == self.turn
                    && p.role == Role::King
                    && neighbours(from, true, true).contains(to) =>
            {
                let us = self.turn;
                let forced = self.has_awaiting_promotion(us) && !self.is_check();
                if !forced && self.king_step_candidates(from, us).contains(to) {
                    if let Some(m) = self.king_step(from, to) {
                        list.push(m);
                    }
                }
            }
            _ => {
                self.gen_from(from, Bitboard::from_hex(to), &mut list);
                list.retain(|m| m.castling().is_none());
            }
        }
        list
    }

    /// Number of legal moves (what perft counts at its last ply), counted
    /// without building the moves: slider and jump targets are popcounts of
    /// sets already masked by the pin and check constraints.
    pub fn count_legal_moves(&self) -> usize {
        let mut n = Counter::default();
        self.generate(&mut n);
        n.total()
    }

    /// Whether the side to move must make an in-place promotion now
    /// (RULES.md §3.7.8).
    pub fn forced_promotion_pending(&self) -> bool {
        let us = self.turn;
        !self.is_check() && self.has_awaiting_promotion(us)
    }

    /// Whether a pawn of `us` waits on its promotion hex with a piece to
    /// regain: when `us` is not in check, its in-place promotion is then
    /// the only legal move (RULES.md §3.7.8).
    #[inline(always)]
    fn has_awaiting_promotion(&self, us: Color) -> bool {
        let awaiting = self.pieces(Piece::new(us, Role::Pawn)) & PROMOTION_ZONE[us.index()];
        !awaiting.is_empty()
            && awaiting
                .into_iter()
                .any(|h| self.regainable(us, h).next().is_some())
    }

    /// Pawns of `color` standing on their own promotion hex.
    pub fn awaiting_pawns(&self, color: Color) -> impl Iterator<Item = Hex> + '_ {
        self.pieces(Piece::new(color, Role::Pawn)) & PROMOTION_ZONE[color.index()]
    }

    /// Finds the legal move with this origin, destination and promotion
    /// (the identity of ordinary moves, RULES.md §5.5).
    pub fn find_move(&self, from: Hex, to: Hex, promotion: Option<Role>) -> Option<Move> {
        self.legal_moves_from_to(from, to)
            .into_iter()
            .find(|m| m.promotion == promotion)
    }
}
