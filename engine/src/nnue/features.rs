//! The network's inputs: one feature per hex, piece kind and colour, seen
//! from each side's perspective.
//!
//! In the frame of `side` a piece of colour `c` and kind `r` on hex `h` is
//! feature `(slot × 9 + r) × 169 + h'`, where `slot` is 0 for `side`'s own
//! pieces and 1 for the opponent's, `r` is [`Role::index`] and `h'` is `h`
//! for White and `h` mirrored across the midline ([`Hex::mirror`]) for
//! Black: the frame of `cescacs_research::encode::write_planes_for`, so both
//! sides see their own army at the bottom of the board, playing upwards.
//! The King is a kind like the others (9 kinds, 3,042 features).

use cescacs::{Bitboard, Color, Hex, Piece, Position, Role, HEX_COUNT};

/// Piece kinds per colour.
pub const KINDS: usize = Role::ALL.len();
/// Features per perspective: 169 hexes × 9 kinds × 2 colours.
pub const INPUTS: usize = HEX_COUNT * KINDS * 2;

/// The feature of `piece` on `h` in the frame of `side`.
#[inline]
pub fn feature(side: Color, piece: Piece, h: Hex) -> usize {
    let slot = usize::from(piece.color != side);
    let h = if side == Color::Black { h.mirror() } else { h };
    (slot * KINDS + piece.role.index()) * HEX_COUNT + h.index()
}

/// Calls `f` with every active feature of `pos` in the frame of `side`.
pub fn for_each_feature(pos: &Position, side: Color, mut f: impl FnMut(usize)) {
    for color in Color::ALL {
        for role in Role::ALL {
            let piece = Piece::new(color, role);
            for h in pos.pieces(piece) {
                f(feature(side, piece, h));
            }
        }
    }
}

/// The pieces that differ between `before` and `after`: `f(piece, hex,
/// added)` is called with each (piece, hex) of `before` that `after` lacks
/// (`added` false), then with each of `after` that `before` lacks (`added`
/// true), kind by kind. A move changes a handful of them (its origin and
/// destination, a capture, a castling rook, an en passant or scornful
/// capture, a promotion), whatever the kind of move.
pub fn for_each_change(before: &Position, after: &Position, mut f: impl FnMut(Piece, Hex, bool)) {
    // Hexes whose colour changed: a piece of one kind taking one of the same
    // kind leaves that kind's hexes as they were.
    let recoloured = Color::ALL.iter().fold(Bitboard::EMPTY, |m, &c| {
        m | (before.occupied_by(c) ^ after.occupied_by(c))
    });
    for role in Role::ALL {
        let (b, a) = (before.pieces_of_role(role), after.pieces_of_role(role));
        if ((a ^ b) | (recoloured & (a | b))).is_empty() {
            continue;
        }
        for color in Color::ALL {
            let piece = Piece::new(color, role);
            let (b, a) = (before.pieces(piece), after.pieces(piece));
            let diff = a ^ b;
            for h in b & diff {
                f(piece, h, false);
            }
            for h in a & diff {
                f(piece, h, true);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_are_distinct_and_in_range() {
        let pos = Position::default();
        for side in Color::ALL {
            let mut seen = std::collections::HashSet::new();
            for_each_feature(&pos, side, |f| {
                assert!(f < INPUTS);
                assert!(seen.insert(f), "feature {f} twice");
            });
            let army: usize = Role::ALL
                .iter()
                .map(|r| usize::from(r.initial_count()))
                .sum();
            assert_eq!(seen.len(), 2 * army);
        }
    }

    #[test]
    fn the_initial_position_looks_the_same_to_both_sides() {
        let pos = Position::default();
        let collect = |side| {
            let mut v = Vec::new();
            for_each_feature(&pos, side, |f| v.push(f));
            v.sort_unstable();
            v
        };
        assert_eq!(collect(Color::White), collect(Color::Black));
    }
}
