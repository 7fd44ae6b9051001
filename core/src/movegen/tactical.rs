//! The legal captures and promotions alone ([`Position::tactical_moves_into`]):
//! what a quiescence search plays past its horizon. The generator runs as
//! for every move, with a sink that keeps only the hexes holding an enemy
//! piece of each piece's targets, so the quiet moves are never built.

use crate::bitboard::Bitboard;
use crate::geometry::Hex;
use crate::moves::{Move, MoveList};
use crate::piece::Role;
use crate::position::Position;

use super::sink::{Moves, Sink};

/// Keeps the captures and promotions of the moves generated into it.
struct Tactical<'a> {
    list: &'a mut MoveList,
    /// The opponent's pieces: where an ordinary capture lands.
    enemy: Bitboard,
}

impl Moves for Tactical<'_> {
    #[inline(always)]
    fn add(&mut self, m: Move) {
        if m.is_capture() || m.promotion().is_some() {
            self.list.push(m);
        }
    }

    #[inline(always)]
    fn add_set(&mut self, pos: &Position, from: Hex, role: Role, to: Bitboard) {
        self.list.add_set(pos, from, role, to & self.enemy);
    }

    /// A pawn's steps are few: each goes through [`Tactical::add`]'s filter
    /// (its special captures land on empty hexes, its promotions anywhere).
    #[inline(always)]
    fn add_pawn(&mut self, pos: &Position, from: Hex, _: Bitboard, allowed: Bitboard) {
        pos.gen_pawn(
            from,
            pos.turn,
            &mut Sink {
                list: self,
                allowed,
            },
        );
    }

    #[inline(always)]
    fn add_king_steps(&mut self, pos: &Position, king: Hex, candidates: Bitboard) {
        for t in candidates & self.enemy {
            if let Some(m) = pos.king_step(king, t) {
                self.list.push(m);
            }
        }
    }
}

impl Position {
    /// Replaces the contents of `list` with the legal captures and
    /// promotions (forced in-place promotions included), in the order of
    /// [`Position::legal_moves`]: what a quiescence search plays, without
    /// building the quiet moves.
    ///
    /// ```
    /// use cescacs::{MoveList, Position};
    /// let pos: Position = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1".parse().unwrap();
    /// let mut list = MoveList::new();
    /// pos.tactical_moves_into(&mut list);
    /// let expected: Vec<_> = pos.legal_moves().into_iter().filter(|m| m.is_capture() || m.promotion().is_some()).collect();
    /// assert_eq!(list.as_slice(), expected.as_slice());
    /// ```
    pub fn tactical_moves_into(&self, list: &mut MoveList) {
        list.clear();
        let enemy = self.by_color[(!self.turn).index()];
        self.generate(&mut Tactical { list, enemy });
    }
}

#[cfg(test)]
mod tests {
    use super::super::random_positions;
    use crate::moves::MoveList;
    use crate::position::Position;

    #[test]
    fn the_tactical_moves_are_the_legal_captures_and_promotions_in_order() {
        let starts = [
            Position::default(),
            "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1".parse().unwrap(),
        ];
        let (mut positions, mut tactical, mut special, mut promotions) = (0, 0, 0, 0);
        let mut list = MoveList::new();
        for start in &starts {
            for seed in 0..80 {
                for pos in random_positions(start, seed, 400) {
                    pos.tactical_moves_into(&mut list);
                    let expected: Vec<_> = pos
                        .legal_moves()
                        .into_iter()
                        .filter(|m| m.is_capture() || m.promotion().is_some())
                        .collect();
                    assert_eq!(list.as_slice(), expected.as_slice(), "{}", pos.to_pdtl());
                    positions += 1;
                    tactical += list.len();
                    special += list
                        .iter()
                        .filter(|m| {
                            m.is_capture() && m.to() != m.from() && pos.piece_at(m.to()).is_none()
                        })
                        .count();
                    promotions += list.iter().filter(|m| m.promotion().is_some()).count();
                }
            }
        }
        // The games reach captures of every kind, special ones (landing on
        // an empty hex) and promotions.
        assert!(
            positions > 20_000 && tactical > 50_000,
            "{positions} positions, {tactical} tactical moves"
        );
        assert!(
            special > 0 && promotions > 0,
            "{special} special captures, {promotions} promotions"
        );
    }
}
