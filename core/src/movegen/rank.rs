//! A move's rank: a small number that names one legal move of a position,
//! computed from attack sets by popcount without listing the moves. What
//! storage formats write in place of a move (the numbers stay below the
//! count of pseudo-legal moves, about a byte each).
//!
//! The order: the side to move's pieces other than the King, by hex index,
//! each owning a block of slots, one per hex its attack set reaches (not
//! holding an own piece), in hex order. A pawn's set is the hexes its steps
//! and captures reach; a hex of its promotion zone takes
//! `1 + Role::REGAINABLE.len()` slots (no promotion, then each regainable
//! kind). After every piece's block come the rest, in order of
//! `(from, to, castling, promotion)`: the King's moves and castlings and
//! the en passant and scornful captures. When an in-place promotion is
//! forced, the forced promotions alone, in that order.
//!
//! Slots are pseudo-legal: a slot may name no legal move (the reader tests
//! the one move it names), and every legal move has exactly one slot.

use crate::bitboard::Bitboard;
use crate::geometry::Hex;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Color, Role};
use crate::position::Position;

use super::tables::{piece_targets, PROMOTION_ZONE};

/// Slots of a promotion-zone hex in a pawn's block.
const ZONE_SLOTS: usize = 1 + Role::REGAINABLE.len();

/// The hexes below `h` (by index).
#[inline(always)]
fn below(h: Hex) -> Bitboard {
    let i = h.index();
    let mut b = [0u64; 3];
    for (w, word) in b.iter_mut().enumerate() {
        let lo = w * 64;
        *word = if i >= lo + 64 {
            u64::MAX
        } else if i > lo {
            (1u64 << (i - lo)) - 1
        } else {
            0
        };
    }
    Bitboard(b)
}

/// The sort key of the moves after the pieces' blocks.
fn tail_key(m: &Move) -> (usize, usize, Option<crate::Castling>, Option<Role>) {
    (m.from.index(), m.to.index(), m.castling(), m.promotion)
}

/// Whether a move belongs to the moves after the pieces' blocks.
fn in_tail(m: &Move) -> bool {
    m.role == Role::King || matches!(m.kind, MoveKind::EnPassant | MoveKind::ScornfulCapture)
}

impl Position {
    /// The rank of `m`, a legal move of this position: a small number
    /// (below the count of pseudo-legal moves) that names it, counted from
    /// attack sets without listing the legal moves; the inverse of
    /// [`Position::move_at_rank`]. Slots go to the side's pieces other than
    /// the King by hex, each piece's to the hexes it reaches by hex (a
    /// promotion-zone hex of a pawn: no promotion, then each of
    /// `Role::REGAINABLE`); after them the King's moves and the en passant
    /// and scornful captures, by origin, destination, castling and
    /// promotion; when an in-place promotion is forced, those alone. For a
    /// move that is not legal here the number names some other move or none.
    ///
    /// ```
    /// use cescacs::Position;
    /// let pos = Position::default();
    /// for m in &pos.legal_moves() {
    ///     assert_eq!(pos.move_at_rank(pos.move_rank(m)), Some(*m));
    /// }
    /// ```
    pub fn move_rank(&self, m: &Move) -> usize {
        if self.forced_now() {
            return self
                .sorted_tail(true)
                .iter()
                .position(|t| t == m)
                .unwrap_or(usize::MAX);
        }
        let us = self.turn;
        if in_tail(m) {
            let base = self.block_slots(us, self.pieces_but_king(us));
            return base
                + self
                    .sorted_tail(false)
                    .iter()
                    .position(|t| t == m)
                    .unwrap_or(usize::MAX - base);
        }
        let before = self.pieces_but_king(us) & below(m.from);
        let targets = self.block_targets(m.from, m.role, us);
        let inner = match m.role {
            Role::Pawn => {
                let slot = m.promotion.map_or(0, |r| {
                    1 + Role::REGAINABLE.iter().position(|&k| k == r).unwrap_or(0)
                });
                self.pawn_slots(us, targets & below(m.to)) + slot
            }
            _ => (targets & below(m.to)).count() as usize,
        };
        self.block_slots(us, before) + inner
    }

    /// The legal move of rank `rank` ([`Position::move_rank`]), or `None`
    /// if the rank names no legal move.
    pub fn move_at_rank(&self, rank: usize) -> Option<Move> {
        if self.forced_now() {
            return self.sorted_tail(true).get(rank).copied();
        }
        let us = self.turn;
        let mut rest = rank;
        for from in self.pieces_but_king(us) {
            let role = self.piece_at(from)?.role;
            let targets = self.block_targets(from, role, us);
            let slots = self.slots(us, role, targets);
            if rest >= slots {
                rest -= slots;
                continue;
            }
            if role != Role::Pawn {
                let mut hexes = targets;
                let to = hexes.nth(rest)?;
                return self.piece_move_to(from, role, to);
            }
            for to in targets {
                let n = if PROMOTION_ZONE[us.index()].contains(to) {
                    ZONE_SLOTS
                } else {
                    1
                };
                if rest >= n {
                    rest -= n;
                    continue;
                }
                let promotion = rest.checked_sub(1).map(|k| Role::REGAINABLE[k]);
                let found = self
                    .legal_moves_from_to(from, to)
                    .into_iter()
                    .find(|m| m.promotion == promotion && !in_tail(m));
                return found;
            }
            return None;
        }
        self.sorted_tail(false).get(rest).copied()
    }

    /// Whether only the forced in-place promotions are legal.
    fn forced_now(&self) -> bool {
        self.has_awaiting_promotion(self.turn) && !self.is_check()
    }

    /// The side's pieces other than its King.
    fn pieces_but_king(&self, us: Color) -> Bitboard {
        self.by_color[us.index()].without(Bitboard::from_hex(self.kings[us.index()]))
    }

    /// The hexes of the block of the `role` of `us` on `from`.
    fn block_targets(&self, from: Hex, role: Role, us: Color) -> Bitboard {
        let own = self.by_color[us.index()];
        let occupied = own | self.by_color[(!us).index()];
        match role {
            Role::Pawn => {
                let mut set = Bitboard::EMPTY;
                match us {
                    Color::White => self.pawn_steps::<false>(from, |t, _, _| set.insert(t)),
                    Color::Black => self.pawn_steps::<true>(from, |t, _, _| set.insert(t)),
                }
                set
            }
            _ => piece_targets(from, role, us, occupied).without(own),
        }
    }

    /// Slots of a block of `targets` for a piece of `role`.
    fn slots(&self, us: Color, role: Role, targets: Bitboard) -> usize {
        match role {
            Role::Pawn => self.pawn_slots(us, targets),
            _ => targets.count() as usize,
        }
    }

    /// Slots of the pawn targets `targets`.
    fn pawn_slots(&self, us: Color, targets: Bitboard) -> usize {
        let zone = (targets & PROMOTION_ZONE[us.index()]).count() as usize;
        targets.count() as usize + zone * (ZONE_SLOTS - 1)
    }

    /// Slots of the blocks of the pieces on `hexes`.
    fn block_slots(&self, us: Color, hexes: Bitboard) -> usize {
        hexes
            .map(|h| {
                let role = self.piece_at(h).expect("a piece of the side").role;
                self.slots(us, role, self.block_targets(h, role, us))
            })
            .sum()
    }

    /// The moves after the blocks (or every forced promotion), sorted.
    fn sorted_tail(&self, forced: bool) -> MoveList {
        let mut list = MoveList::new();
        if forced {
            self.legal_moves_into(&mut list);
        } else {
            list.extend(self.legal_moves_from(self.kings[self.turn.index()]));
            let mut origins = Bitboard::EMPTY;
            self.special_capture_candidates(self.turn, |m| origins.insert(m.from));
            for from in origins {
                list.extend(self.legal_moves_from(from).into_iter().filter(in_tail));
            }
        }
        list.sort_unstable_by_key(tail_key);
        list
    }
}

#[cfg(test)]
mod tests {
    use super::super::random_positions;
    use crate::position::Position;

    #[test]
    fn every_legal_move_has_one_rank_and_every_rank_one_move_at_most() {
        // Random games from the initial position and from a castling
        // position: promotions, forced promotions, special captures and
        // castlings among the moves.
        let starts = [
            Position::default(),
            "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1".parse().unwrap(),
        ];
        let (mut moves, mut max, mut named) = (0, 0, 0);
        for start in &starts {
            for seed in 0..60 {
                for pos in random_positions(start, seed, 400) {
                    let legal = pos.legal_moves();
                    let mut ranks: Vec<usize> = legal.iter().map(|m| pos.move_rank(m)).collect();
                    for (m, &r) in legal.iter().zip(&ranks) {
                        assert_eq!(pos.move_at_rank(r), Some(*m), "{} {m:?}", pos.to_pdtl());
                    }
                    let top = ranks.iter().copied().max().unwrap_or(0);
                    for r in 0..top + 8 {
                        if let Some(m) = pos.move_at_rank(r) {
                            assert!(legal.contains(&m));
                            assert_eq!(pos.move_rank(&m), r);
                            named += 1;
                        }
                    }
                    ranks.sort_unstable();
                    ranks.dedup();
                    assert_eq!(ranks.len(), legal.len());
                    moves += legal.len();
                    max = max.max(top);
                }
            }
        }
        assert_eq!(named, moves);
        assert!(
            moves > 500_000 && max < 400,
            "{moves} moves, highest rank {max}"
        );
    }
}
