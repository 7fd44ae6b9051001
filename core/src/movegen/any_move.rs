//! Whether the side to move has a legal move at all: the checkmate and
//! stalemate test, asked of every game's last position. It walks the
//! generator's cases and stops at the first move; in check, each piece is
//! only asked whether it reaches one of the few hexes that answer the
//! check, instead of working out all its moves.

use crate::moves::Move;
use crate::piece::{Color, Role};
use crate::position::{Position, SpecialCapture};

use super::sink::Moves;
use super::tables::{piece_reaches, piece_targets, PAWN_CAPTURES, PAWN_OBLIQUES, PAWN_PUSHES};
use crate::bitboard::Bitboard;
use crate::geometry::Hex;

/// A sink that only notes whether a move arrived.
#[derive(Default)]
struct Found(bool);

impl Moves for Found {
    fn add(&mut self, _: Move) {
        self.0 = true;
    }
    fn add_set(&mut self, _: &Position, _: Hex, _: Role, to: Bitboard) {
        self.0 |= !to.is_empty();
    }
    fn add_pawn(&mut self, pos: &Position, from: Hex, _: Bitboard, allowed: Bitboard) {
        self.0 |= pos.pawn_moves_into(from, allowed);
    }
}

impl Position {
    /// Whether the side to move has a legal move: `!legal_moves().is_empty()`,
    /// without listing them.
    ///
    /// ```
    /// use cescacs::Position;
    /// assert!(Position::default().has_legal_move());
    /// ```
    pub fn has_legal_move(&self) -> bool {
        let us = self.turn;
        let king = self.kings[us.index()];
        let safety = self.king_safety(us);
        let in_check = safety.checkers > 0;
        if !in_check && self.has_awaiting_promotion(us) {
            return true;
        }
        let own = self.by_color[us.index()];
        if self
            .king_step_candidates(king, us)
            .any(|t| self.king_step(king, t).is_some())
        {
            return true;
        }
        if safety.checkers >= 2 {
            return false;
        }
        let occupied = own | self.by_color[(!us).index()];
        let moves = |from: Hex, role: Role, allowed: Bitboard| {
            if allowed.is_empty() {
                false
            } else if role == Role::Pawn {
                self.pawn_moves_into(from, allowed)
            } else if in_check {
                // A few hexes to try, each along one line.
                allowed
                    .without(own)
                    .any(|t| piece_reaches(from, role, us, occupied, t))
            } else {
                !(piece_targets(from, role, us, occupied) & allowed)
                    .without(own)
                    .is_empty()
            }
        };
        let free = own.without(safety.pinned);
        for role in Role::ALL {
            if role != Role::King
                && (free & self.by_role[role.index()])
                    .any(|from| moves(from, role, safety.check_mask))
            {
                return true;
            }
        }
        for pin in &safety.pins {
            let role = self.piece_at(pin.piece).expect("a pinned piece").role;
            if moves(pin.piece, role, safety.check_mask & pin.line(king)) {
                return true;
            }
        }
        let mut found = Found::default();
        if self.special != SpecialCapture::None {
            self.gen_special_captures(us, &safety, &mut found);
            if found.0 {
                return true;
            }
        }
        if !in_check && self.rights[us.index()].king() {
            found.add_king_gaits(self);
        }
        found.0
    }

    /// Whether the side to move's pawn on `from` has a move landing on
    /// `allowed` (each of its steps is a move, promoting or not).
    fn pawn_moves_into(&self, from: Hex, allowed: Bitboard) -> bool {
        let us = self.turn;
        let i = from.index();
        let reach = PAWN_PUSHES[us.index()][i]
            | PAWN_OBLIQUES[us.index()][i]
            | PAWN_CAPTURES[us.index()][i];
        if (reach & allowed).is_empty() {
            return false;
        }
        let mut any = false;
        let add = |t: Hex, _, _| any |= allowed.contains(t);
        match us {
            Color::White => self.pawn_steps::<false>(from, add),
            Color::Black => self.pawn_steps::<true>(from, add),
        }
        any
    }
}

#[cfg(test)]
mod tests {
    use crate::movegen::random_positions;
    use crate::Position;

    /// The answer is the move list's in the positions of random games and
    /// in every position one move after them that is in check (where the
    /// check's line narrows the test), mates and stalemates among them.
    #[test]
    fn has_legal_move_agrees_with_the_move_list() {
        let (mut checks, mut stuck) = (0, 0);
        let mut agree = |pos: &Position| {
            let none = pos.legal_moves().is_empty();
            assert_eq!(pos.has_legal_move(), !none, "{}", pos.to_pdtl());
            stuck += usize::from(none);
        };
        for seed in 0..40 {
            for pos in random_positions(&Position::default(), seed, 300) {
                agree(&pos);
                for m in pos.legal_moves() {
                    let after = pos.after(m);
                    if after.is_check() {
                        checks += 1;
                        agree(&after);
                    }
                }
            }
        }
        assert!(checks > 10_000, "{checks} positions in check");
        assert!(stuck > 20, "{stuck} positions without a legal move");
    }
}
