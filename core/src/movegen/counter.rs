//! The perft counter: counts the legal moves at perft's last ply without
//! building them.

use crate::bitboard::Bitboard;
use crate::geometry::{first_on_ray, neighbours, ray, ray_count, Dir, Hex, JUMP_SETS};
use crate::moves::Move;
use crate::piece::{Color, Role};
use crate::position::Position;

use super::sink::Moves;
use super::tables::{
    ELEPHANT_DIAGONAL_DIRS, PAWN_CAPTURES, PAWN_OBLIQUES, PAWN_PUSHES, PROMOTION_APPROACH,
    PROMOTION_ZONE,
};

/// Counts moves without building them.
///
/// The target sets of the pieces are summed as 2-bit counters per hex (a
/// carry-save adder: `ones` and `twos` are the low and high bits), so a set
/// costs a few word operations instead of a popcount; only a hex reached a
/// fourth time overflows into `n`. [`Counter::total`] popcounts the two
/// planes once per position.
#[derive(Default)]
pub(crate) struct Counter {
    ones: Bitboard,
    twos: Bitboard,
    n: usize,
}

impl Counter {
    /// The number of moves added.
    #[inline(always)]
    pub(crate) fn total(&self) -> usize {
        self.n + self.ones.count() as usize + 2 * self.twos.count() as usize
    }
}

impl Counter {
    /// Counts the moves of free sliders (see [`Counter::add_pieces`]),
    /// with the knight jumps of the roles that also jump.
    #[inline(always)]
    fn add_sliders<const ORTHOGONAL: bool, const DIAGONAL: bool, const JUMPS: bool>(
        &mut self,
        pieces: Bitboard,
        own: Bitboard,
        occupied: Bitboard,
    ) {
        pieces.for_each(|from| {
            // Rays blocked on their first hex give a capture or nothing; only
            // the open ones are walked (in the opening most sliders have
            // none).
            let first = neighbours(from, ORTHOGONAL, DIAGONAL);
            let captures = (first & occupied).without(own);
            if !captures.is_empty() {
                self.n += captures.count_few() as usize;
            }
            self.n += first
                .without(occupied)
                .map(|t| ray_count(Dir::towards_neighbour(from, t), from, own, occupied) as usize)
                .sum::<usize>();
            if JUMPS {
                self.add_targets(JUMP_SETS[from.index()].without(own));
            }
        });
    }

    /// Adds one move per hex of `to` (the carry-save adder). WebAssembly
    /// counts the set instead (`i64.popcnt`): the two planes held through
    /// the whole generator cost V8 six of its registers, and perft runs about
    /// 5% more instructions with them.
    #[inline(always)]
    fn add_targets(&mut self, to: Bitboard) {
        if cfg!(target_arch = "wasm32") {
            self.n += to.count() as usize;
            return;
        }
        let carry = self.ones & to;
        self.ones ^= to;
        let overflow = self.twos & carry;
        self.twos ^= carry;
        if !overflow.is_empty() {
            self.n += 4 * overflow.count() as usize;
        }
    }
}

impl Moves for Counter {
    #[inline(always)]
    fn add(&mut self, _: Move) {
        self.n += 1;
    }
    #[inline(always)]
    fn add_set(&mut self, _: &Position, _: Hex, _: Role, to: Bitboard) {
        self.add_targets(to);
    }
    #[inline(always)]
    fn add_pawn(&mut self, pos: &Position, from: Hex, occupied: Bitboard, allowed: Bitboard) {
        self.n += pos.count_pawn(from, pos.turn, occupied, allowed);
    }
    /// Pieces held to no mask (not in check, not pinned) are counted
    /// without building their target sets: sliders ray by ray, only along
    /// their open rays ([`ray_count`]); pawns that cannot promote, Knights
    /// and Elephants on the board's bytes. Pawns that may promote, and every
    /// piece under a mask, take the general path.
    #[inline(always)]
    fn add_pieces(
        &mut self,
        pos: &Position,
        role: Role,
        pieces: Bitboard,
        own: Bitboard,
        occupied: Bitboard,
        allowed: Bitboard,
    ) {
        if allowed == Bitboard::FULL {
            // Constant arguments per role, so that each ray loop unrolls.
            match role {
                Role::Bishop => {
                    return self.add_sliders::<false, true, false>(pieces, own, occupied)
                }
                Role::Rook => return self.add_sliders::<true, false, false>(pieces, own, occupied),
                Role::Queen => return self.add_sliders::<true, true, false>(pieces, own, occupied),
                Role::Pegasus => {
                    return self.add_sliders::<false, true, true>(pieces, own, occupied)
                }
                Role::Wyvern => {
                    return self.add_sliders::<true, false, true>(pieces, own, occupied)
                }
                Role::Pawn => {
                    let us = pos.turn;
                    let approach = PROMOTION_APPROACH[us.index()];
                    self.n += match us {
                        Color::White => pos.count_free_pawns::<false>(pieces.without(approach)),
                        Color::Black => pos.count_free_pawns::<true>(pieces.without(approach)),
                    };
                    for from in pieces & approach {
                        self.n += pos.count_pawn(from, us, occupied, allowed);
                    }
                    return;
                }
                Role::Knight => {
                    self.n += pos.count_free_knights(pieces, own, occupied);
                    return;
                }
                Role::Elephant => {
                    self.n += match pos.turn {
                        Color::White => pos.count_free_elephants::<false>(pieces),
                        Color::Black => pos.count_free_elephants::<true>(pieces),
                    };
                    return;
                }
                Role::King => {}
            }
        }
        for from in pieces {
            self.add_piece(pos, from, role, own, occupied, allowed);
        }
    }
}

impl Position {
    /// The number of legal moves of the pawn on `from` (promotion choices
    /// counted), as [`Position::gen_pawn`] would list them. A pawn has few
    /// targets: one popcount here is cheaper than the counter's adder.
    #[inline(always)]
    pub(super) fn count_pawn(
        &self,
        from: Hex,
        us: Color,
        occupied: Bitboard,
        allowed: Bitboard,
    ) -> usize {
        let fwd = Dir::forward(us);
        // Straight steps stop before the first piece ahead.
        let mut pushes = PAWN_PUSHES[us.index()][from.index()];
        let block = pushes & occupied;
        if !block.is_empty() {
            let first = first_on_ray(fwd, block);
            pushes = pushes
                .without(ray(fwd, first))
                .without(Bitboard::from_hex(first));
        }
        let to = (pushes
            | PAWN_OBLIQUES[us.index()][from.index()].without(occupied)
            | (PAWN_CAPTURES[us.index()][from.index()] & self.by_color[(!us).index()]))
            & allowed;
        let mut n = to.count() as usize;
        for t in to & PROMOTION_ZONE[us.index()] {
            let choices = Role::REGAINABLE
                .iter()
                .filter(|&&r| self.is_regainable(us, r, t))
                .count();
            n += choices.max(1) - 1;
        }
        n
    }

    /// [`Position::count_pawn`] for the pawns on `pawns`, of the side to
    /// move, held to no mask and unable to promote this move: the steps of
    /// [`Position::pawn_steps`], counted.
    #[inline(always)]
    fn count_free_pawns<const BLACK: bool>(&self, pawns: Bitboard) -> usize {
        pawns
            .map(|from| {
                let mut n = 0;
                self.pawn_steps::<BLACK>(from, |_, _, _| n += 1);
                n
            })
            .sum()
    }

    /// The number of moves of the side to move's Knights on `knights` held
    /// to no mask: their jumps to hexes without an own piece, and their
    /// rides through an empty jump hex to an empty hex (never a jump's hex:
    /// a ride goes twice as far).
    #[inline(always)]
    fn count_free_knights(&self, knights: Bitboard, own: Bitboard, occupied: Bitboard) -> usize {
        knights
            .map(|from| {
                let jumps = JUMP_SETS[from.index()];
                let rides = jumps
                    .without(occupied)
                    .map(|mid| usize::from(self.is_vacant_at(from.ride_beyond_or_wall(mid))))
                    .sum::<usize>();
                jumps.without(own).count_few() as usize + rides
            })
            .sum()
    }

    /// The number of moves of the side to move's Elephants on `elephants`
    /// held to no mask ([`elephant_targets`] without own pieces). `BLACK` as
    /// in [`Position::count_free_pawns`].
    #[inline(always)]
    fn count_free_elephants<const BLACK: bool>(&self, elephants: Bitboard) -> usize {
        let us = if BLACK { Color::Black } else { Color::White };
        let fwd = Dir::forward(us);
        // Empty or an enemy piece (the wall is neither).
        let lands = |i: usize| usize::from(self.is_vacant_at(i) || self.holds_at(i, !us));
        elephants
            .map(|from| {
                let mut n = 0;
                for d in ELEPHANT_DIAGONAL_DIRS {
                    n += lands(from.step_or_wall(d));
                }
                let one = from.step_or_wall(fwd);
                if self.is_vacant_at(one) {
                    n += 1 + lands(Hex::from_u8(one as u8).step_or_wall(fwd));
                } else {
                    n += usize::from(self.holds_at(one, !us));
                }
                n
            })
            .sum()
    }
}
