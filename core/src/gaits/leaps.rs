//! The King's Leaps (RULES.md §4.2): the five hexes an unmoved King may
//! leap to, and the leap zone they make (§5.2).

use crate::bitboard::Bitboard;
use crate::geometry::Hex;
use crate::piece::Color;
use crate::position::Position;

/// The five King's Leap hexes per colour, in the order I, H, F, E, D.
pub const LEAP_HEXES: [[Hex; 5]; 2] = [
    [
        Hex::at(10, 5),
        Hex::at(9, 6),
        Hex::at(7, 6),
        Hex::at(6, 5),
        Hex::at(5, 2),
    ],
    [
        Hex::at(10, 23),
        Hex::at(9, 22),
        Hex::at(7, 22),
        Hex::at(6, 23),
        Hex::at(5, 26),
    ],
];

/// The leap hexes as a set, per colour (the "leap zone" of RULES.md §5.2).
pub const LEAP_ZONE: [Bitboard; 2] = [leap_zone(0), leap_zone(1)];

const fn leap_zone(c: usize) -> Bitboard {
    let mut b = [0u64; 3];
    let mut i = 0;
    while i < 5 {
        let h = LEAP_HEXES[c][i].index();
        b[h >> 6] |= 1 << (h & 63);
        i += 1;
    }
    Bitboard(b)
}

impl Position {
    /// The leap zone forbidden to `color`'s King: the leap hexes of the
    /// opposing King while it is unmoved (RULES.md §5.2).
    pub fn forbidden_leap_zone(&self, color: Color) -> Bitboard {
        if self.rights[(!color).index()].king() {
            LEAP_ZONE[(!color).index()]
        } else {
            Bitboard::EMPTY
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gaits::KING_HOME;
    use crate::geometry::{ray_const, Dir};

    #[test]
    fn no_leap_hex_is_on_a_line_through_the_king_home() {
        // So the King at home shields no leap hex: an attack test on a leap
        // hex gives the same answer with the King lifted or not.
        for color in Color::ALL {
            for t in LEAP_HEXES[color.index()] {
                assert!(
                    Dir::ALL
                        .iter()
                        .all(|&d| !ray_const(d, t).contains(KING_HOME[color.index()])),
                    "{t}"
                );
            }
        }
    }
}
