//! Attack maps and pins, as front ends and research code ask for them
//! (RULES.md §5.1): which hexes a piece attacks, every hex a side attacks,
//! and which pieces are pinned to their King.
//!
//! "Attacked" is the check-detection sense: a piece attacks a hex if it
//! could capture there were an enemy piece on it, pins and its own King's
//! safety ignored. King's Leaps never attack (§5.2), and an Elephant's
//! two-step attack needs the hex between empty. The hex-side questions
//! (`is_attacked`, `attackers`, `checkers`) live with the position; this
//! module answers the piece-side ones with the same table of who attacks
//! along which direction ([`attacks_along`]), so the two views agree by
//! construction and are checked against each other in `tests/attacks.rs`.

use crate::bitboard::Bitboard;
use crate::geometry::{Dir, Hex, JUMP_LIST};
use crate::piece::Color;
use crate::position::{attacks_along, Position};

impl Position {
    /// The hexes the piece on `h` attacks (empty if `h` is empty): along
    /// each direction up to and including the first occupied hex, as far
    /// as its kind reaches, and its knight jumps.
    ///
    /// ```
    /// use cescacs::{Color, Hex, Position};
    ///
    /// // A White Elephant on F14 with a Black pawn on F16 in front of it.
    /// let pos: Position = "/27:1k/16:3p3/14:3E3/1:1K/ w -- - 0 1".parse().unwrap();
    /// let mut hexes: Vec<String> = pos.attacks("F14".parse().unwrap()).map(|h: Hex| h.to_string()).collect();
    /// hexes.sort();
    /// // F16 (the pawn) but not F18 behind it; two diagonal steps forward, two back.
    /// assert_eq!(hexes, ["E11", "E17", "F16", "G11", "G17"]);
    /// assert!(pos.attacked_hexes(Color::White).contains("F16".parse().unwrap()));
    /// ```
    pub fn attacks(&self, h: Hex) -> Bitboard {
        let Some(piece) = self.piece_at(h) else {
            return Bitboard::EMPTY;
        };
        let mut out = Bitboard::EMPTY;
        if piece.role.jumps() {
            let jl = &JUMP_LIST;
            for &t in &jl.targets[h.index()][..jl.len[h.index()] as usize] {
                out.insert(Hex::from_u8(t));
            }
        }
        for d in Dir::ALL {
            // `attacks_along` looks from the attacked hex back to the
            // attacker: the direction back is the opposite one.
            let back = d.opposite();
            let mut next = h.step(d);
            let mut dist = 1;
            while let Some(t) = next {
                if !attacks_along(piece.role, piece.color, back, dist) {
                    break;
                }
                out.insert(t);
                if self.piece_at(t).is_some() {
                    break;
                }
                next = t.step(d);
                dist += 1;
            }
        }
        out
    }

    /// Every hex attacked by `by`: the union of [`Position::attacks`] over
    /// its pieces (hexes holding `by`'s own pieces included, as they are
    /// defended).
    pub fn attacked_hexes(&self, by: Color) -> Bitboard {
        self.occupied_by(by)
            .fold(Bitboard::EMPTY, |acc, h| acc | self.attacks(h))
    }

    /// If the piece of `color` on `h` is pinned to its King (moving off the
    /// line would expose the King to the pinning piece), the hexes it may
    /// still move to: from the King (excluded) to the pinning piece
    /// (included). `None` if it is not pinned, or `h` holds no piece of
    /// `color`, or holds its King.
    ///
    /// ```
    /// use cescacs::{Color, Position};
    ///
    /// // A Black Elephant on G5 attacks G1 two steps down, through G3: the
    /// // White Knight on G3 is pinned, free only to take the Elephant.
    /// let pos: Position = "/27:1k/5:3e2/3:2N1/1:1K/ w -- - 0 1".parse().unwrap();
    /// let ray: Vec<String> = pos.pin(Color::White, "G3".parse().unwrap()).unwrap().map(|h| h.to_string()).collect();
    /// assert_eq!(ray, ["G3", "G5"]);
    /// assert!(pos.is_pinned(Color::White, "G3".parse().unwrap()));
    /// assert!(!pos.is_pinned(Color::Black, "G5".parse().unwrap()));
    /// ```
    pub fn pin(&self, color: Color, h: Hex) -> Option<Bitboard> {
        self.pin_ray(color, h)
    }

    /// Whether the piece of `color` on `h` is pinned to its King (see
    /// [`Position::pin`]).
    pub fn is_pinned(&self, color: Color, h: Hex) -> bool {
        self.pin(color, h).is_some()
    }
}
