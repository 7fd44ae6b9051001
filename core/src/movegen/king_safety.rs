//! King safety: one walk of the twelve rays and the knight jumps from the
//! King finds the checkers, the hexes that answer a check, and the pinned
//! pieces with the line each may still move along.

use arrayvec::ArrayVec;

use crate::bitboard::Bitboard;
use crate::geometry::{first_on_ray, ray, rays_holding, Dir, Hex, JUMP_SETS};
use crate::piece::Color;
use crate::position::Position;

/// What the King's ray walk found.
pub(super) struct KingSafety {
    pub(super) checkers: u32,
    /// Hexes a non-King move must land on: when in single check, the checker
    /// and the hexes between it and the King; otherwise every hex.
    pub(super) check_mask: Bitboard,
    pub(super) pinned: Bitboard,
    pub(super) pins: ArrayVec<Pin, 12>,
}

/// A piece pinned to its King: three bytes, so that [`KingSafety`] is
/// small to return (a set per pin made it 450 bytes, copied every ply).
#[derive(Clone, Copy)]
pub(super) struct Pin {
    pub(super) piece: Hex,
    /// From the King towards the piece.
    pub(super) dir: Dir,
    pub(super) pinner: Hex,
}

impl Pin {
    /// The hexes the pinned piece may move to: between the King on `king`
    /// and the pinner, the pinner included.
    #[inline(always)]
    pub(super) fn line(&self, king: Hex) -> Bitboard {
        ray(self.dir, king).without(ray(self.dir, self.pinner))
    }
}

impl KingSafety {
    #[inline(always)]
    pub(super) fn allowed(&self, king: Hex, from: Hex) -> Bitboard {
        let mut allowed = self.check_mask;
        if self.pinned.contains(from) {
            for pin in &self.pins {
                if pin.piece == from {
                    allowed &= pin.line(king);
                }
            }
        }
        allowed
    }
}

impl Position {
    /// The hexes `us`'s piece on `h` may move to if it is pinned to its
    /// King (between the King and the pinner, pinner included), from
    /// [`Position::king_safety`]; `None` if it is not pinned.
    pub(crate) fn pin_ray(&self, us: Color, h: Hex) -> Option<Bitboard> {
        let king = self.kings[us.index()];
        self.king_safety(us)
            .pins
            .iter()
            .find(|pin| pin.piece == h)
            .map(|pin| pin.line(king))
    }

    /// Walks the twelve rays and the knight jumps from `us`'s King.
    pub(super) fn king_safety(&self, us: Color) -> KingSafety {
        let them = !us;
        let king = self.kings[us.index()];
        let ki = king.index();
        let mut out = KingSafety {
            checkers: 0,
            check_mask: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
            pins: ArrayVec::new(),
        };
        for t in JUMP_SETS[ki] & self.jumpers(them) {
            out.checkers += 1;
            out.check_mask.insert(t);
        }
        // Along each ray with an attacker of its kind (in the order of
        // `Dir::ALL`, which orders the pins): the first piece,
        // and if it is ours the piece behind it, straight from the ray
        // tables. Behind one own piece only a long-range attacker (a
        // slider, or an Elephant two hexes away) can stand, so it pins.
        let occupied = self.by_color[0] | self.by_color[1];
        let ours = self.by_color[us.index()];
        let [orthogonal, diagonal] = self.ray_attackers(king, them);
        let mut dirs = rays_holding(king, orthogonal, diagonal);
        while dirs != 0 {
            let d = Dir::ALL[dirs.trailing_zeros() as usize];
            dirs &= dirs - 1;
            let ray_from_king = ray(d, king);
            let attackers = ray_from_king
                & if d.is_orthogonal() {
                    orthogonal
                } else {
                    diagonal
                };
            let block = ray_from_king & occupied;
            let first = first_on_ray(d, block);
            if attackers.contains(first) {
                out.checkers += 1;
                out.check_mask |= ray_from_king.without(ray(d, first));
                continue;
            }
            if !ours.contains(first) {
                continue;
            }
            // Not empty: an attacker lies beyond `first`.
            let second = first_on_ray(d, block & ray(d, first));
            if attackers.contains(second) {
                out.pinned.insert(first);
                out.pins.push(Pin {
                    piece: first,
                    dir: d,
                    pinner: second,
                });
            }
        }
        if out.checkers == 0 {
            out.check_mask = Bitboard::FULL;
        }
        out
    }

    /// What [`Position::king_safety`] says of one move of `us`'s piece
    /// (not the King) on `from` to `to`: `None` if the King's safety forbids
    /// it, else whether `us` is in check. The same walk, keeping only the
    /// pin of `from`: resolving a written move tests one move, not a list.
    pub(super) fn allows_piece_move(&self, us: Color, from: Hex, to: Hex) -> Option<bool> {
        let them = !us;
        let king = self.kings[us.index()];
        let jumpers = JUMP_SETS[king.index()] & self.jumpers(them);
        let mut checkers = jumpers.count_few();
        let mut allowed = if checkers == 0 {
            Bitboard::FULL
        } else {
            jumpers
        };
        let occupied = self.by_color[0] | self.by_color[1];
        let [orthogonal, diagonal] = self.ray_attackers(king, them);
        let mut dirs = rays_holding(king, orthogonal, diagonal);
        while dirs != 0 {
            let d = Dir::ALL[dirs.trailing_zeros() as usize];
            dirs &= dirs - 1;
            let ray_from_king = ray(d, king);
            let attackers = ray_from_king
                & if d.is_orthogonal() {
                    orthogonal
                } else {
                    diagonal
                };
            let block = ray_from_king & occupied;
            let first = first_on_ray(d, block);
            if attackers.contains(first) {
                checkers += 1;
                if checkers > 1 {
                    return None;
                }
                allowed &= ray_from_king.without(ray(d, first));
                continue;
            }
            if first != from || !self.by_color[us.index()].contains(first) {
                continue;
            }
            // Not empty: an attacker lies beyond `from`.
            let pinner = first_on_ray(d, block & ray(d, first));
            if attackers.contains(pinner) {
                allowed &= ray_from_king.without(ray(d, pinner));
            }
        }
        if checkers > 1 || !allowed.contains(to) {
            return None;
        }
        Some(checkers > 0)
    }
}

#[cfg(test)]
mod tests {
    use crate::geometry::Hex;
    use crate::movegen::random_positions;
    use crate::piece::Role;
    use crate::position::Position;

    /// The one-move test agrees with the full walk for every move of every
    /// piece but the King, to every hex, in many random positions.
    #[test]
    fn one_move_test_agrees_with_the_walk() {
        let start = Position::default();
        let (mut forbidden, mut checked) = (0, 0);
        for seed in 0..40 {
            for pos in &random_positions(&start, seed, 200) {
                let us = pos.turn;
                let safety = pos.king_safety(us);
                let king = pos.kings[us.index()];
                for from in Hex::all() {
                    match pos.piece_at(from) {
                        Some(p) if p.color == us && p.role != Role::King => {}
                        _ => continue,
                    }
                    for to in Hex::all() {
                        let want = (safety.checkers <= 1
                            && safety.allowed(king, from).contains(to))
                        .then_some(safety.checkers > 0);
                        let got = pos.allows_piece_move(us, from, to);
                        assert_eq!(got, want, "{} {from} {to}", pos.to_pdtl());
                        forbidden += usize::from(got.is_none());
                        checked += usize::from(got == Some(true));
                    }
                }
            }
        }
        assert!(
            forbidden > 1000 && checked > 1000,
            "{forbidden} forbidden, {checked} in check"
        );
    }
}
