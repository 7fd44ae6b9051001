//! The network's inputs: one feature per hex, piece kind and colour, seen
//! from each side's perspective.
//!
//! In the frame of `side` a piece of colour `c` and kind `r` on hex `h` is
//! feature `(slot × 9 + r) × 169 + h'`, where `slot` is 0 for `side`'s own
//! pieces and 1 for the opponent's, `r` is [`Role::index`] and `h'` is `h`
//! for White and `h` mirrored across the midline ([`Hex::mirror`]) for
//! Black: the frame of `cescacs_research::encode::write_planes_for`, so both
//! sides see their own army at the bottom of the board, playing upwards.
//! The King is a kind like the others (9 kinds, 3,042 features): input
//! kind 1.
//!
//! Input kind 2 (King buckets, as Stockfish's HalfKA) repeats these
//! features once per region of the board where `side`'s own King stands
//! ([`king_bucket`]): feature `bucket × 3,042 + f`, so each region has its
//! own weights for every piece. Only one region's block is active at a
//! time.

use cescacs::{Bitboard, Color, Hex, Piece, Position, Role, HEX_COUNT};

/// Piece kinds per colour.
pub const KINDS: usize = Role::ALL.len();
/// Features per perspective: 169 hexes × 9 kinds × 2 colours.
pub const INPUTS: usize = HEX_COUNT * KINDS * 2;

/// The most King buckets an input-kind-2 network may have: the regions
/// of [`king_region`].
pub const MAX_BUCKETS: usize = 6;

/// The region of the board where a King on `king` stands, `king` in its
/// own side's frame (White's hex, or Black's mirrored: home is G1 for
/// both). The regions follow where the rules put a King (docs/spec/RULES.md
/// §2.2, §4): it starts on G1, right of the centre column F, behind its
/// pawns (lines 4–8 at the start); its first move may be a King's Leap or
/// a castling to D2, E5, F6, H6 or I5. So:
///
/// | region | hexes (own frame) | where the King stands |
/// |---|---|---|
/// | 0 | lines 0–4, columns G–K | at home (G1) or beside it on the king's side: G3, H2, H4, I3, K4 |
/// | 1 | lines 5–8, columns G–Z | among its pawns on the king's side: the leaps and castlings to H6 and I5 |
/// | 2 | lines 0–4, columns B–F | behind its pawns on the centre and queen's side: the leap to D2 |
/// | 3 | lines 5–8, columns P–F | among its pawns on the centre and queen's side: the leaps to E5 and F6 |
/// | 4 | lines 9–14 | out in its own half (an endgame King, or one driven out) |
/// | 5 | lines 15–28 | in the opponent's half |
///
/// The order puts the King's home first, the regions its special moves
/// reach next and those out of its camp last: fewer buckets merge the
/// last regions into one ([`king_bucket`]), so two buckets are "at home"
/// and "elsewhere", five keep the camp's four regions apart.
pub fn king_region(king: Hex) -> usize {
    let (column, line) = (king.column(), king.line());
    // Column 8 is G, the King's home column; 7 is the centre column F.
    match line {
        0..=4 if column >= 8 => 0,
        5..=8 if column >= 8 => 1,
        0..=4 => 2,
        5..=8 => 3,
        9..=14 => 4,
        _ => 5,
    }
}

/// The bucket of `side`'s King on `king` (a hex of the board, not of a
/// frame) in a network of `buckets` buckets (1 to [`MAX_BUCKETS`]): its
/// [`king_region`] in `side`'s frame, the regions from `buckets − 1` on
/// merged into the last bucket.
#[inline]
pub fn king_bucket(side: Color, king: Hex, buckets: usize) -> usize {
    let king = if side == Color::Black {
        king.mirror()
    } else {
        king
    };
    king_region(king).min(buckets.max(1) - 1)
}

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
    fn the_king_regions_cover_the_board_as_documented() {
        let mut count = [0; MAX_BUCKETS];
        for h in Hex::all() {
            count[king_region(h)] += 1;
        }
        assert_eq!(count.iter().sum::<usize>(), HEX_COUNT);
        assert_eq!(count, [6, 13, 9, 15, 45, 81]);
        let at = |s: &str| s.parse::<Hex>().unwrap();
        let region_of = |s: &str| king_region(at(s));
        // Home and the five leap hexes (RULES.md §4.2).
        assert_eq!(region_of("G1"), 0);
        for (leap, region) in [("I5", 1), ("H6", 1), ("D2", 2), ("E5", 3), ("F6", 3)] {
            assert_eq!(region_of(leap), region, "{leap}");
        }
        for (hex, region) in [("G3", 0), ("K4", 0), ("F0", 2), ("B4", 2), ("P7", 3)] {
            assert_eq!(region_of(hex), region, "{hex}");
        }
        assert_eq!(region_of("F14"), 4);
        assert_eq!(region_of("F16"), 5);
        // Black's King is seen in Black's frame: G27 is its home.
        assert_eq!(king_bucket(Color::Black, at("G27"), 6), 0);
        assert_eq!(king_bucket(Color::Black, at("H22"), 6), 1);
        assert_eq!(king_bucket(Color::White, at("G27"), 6), 5);
        // Fewer buckets merge the last regions.
        assert_eq!(king_bucket(Color::White, at("G27"), 2), 1);
        assert_eq!(king_bucket(Color::White, at("G1"), 2), 0);
        assert_eq!(king_bucket(Color::White, at("E5"), 3), 2);
        assert_eq!(king_bucket(Color::White, at("E5"), 1), 0);
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
