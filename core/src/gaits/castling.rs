//! The 24 castlings (RULES.md §4.3–§4.6) as data: each one's name, the
//! King's destination and each rook's move and path, resolved for both
//! colours at compile time, and what playing one moves.

use crate::bitboard::Bitboard;
use crate::geometry::{ray_const, Dir, Hex};
use crate::piece::{Color, Piece};
use crate::position::Position;

use super::{KING_HOME, KING_ROOK_HOME, QUEEN_ROOK_HOME};

/// One of the 24 castlings, identified by its index in [`Castling::ALL`].
///
/// ```
/// use cescacs::{Castling, Color};
/// let c = Castling::from_name("KRK-HIO").unwrap();
/// assert_eq!(c.king_to(Color::White).to_string(), "H6");
/// assert_eq!(c.rook_moves(Color::White)[0].1.to_string(), "I5");
/// assert!(!c.is_double());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Castling(u8);

/// Which rook(s) a castling moves.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum CastlingRooks {
    /// `KRK`: the king's rook (I3 / I25).
    KingRook,
    /// `KRD`: the queen's rook (C3 / C25).
    QueenRook,
    /// `KRR`: both rooks (double castling).
    Both,
}

/// White's table: name, King's destination, king's rook (destination, path),
/// queen's rook (destination, path). Paths list every hex crossed,
/// destination last; (column, line) pairs.
struct Spec {
    name: &'static str,
    king_to: (u8, u8),
    king_rook: Option<RookSpec>,
    queen_rook: Option<RookSpec>,
}

/// A rook's destination and the hexes it crosses, as (column, line) pairs.
type RookSpec = ((u8, u8), &'static [(u8, u8)]);

// Column indices: D 5, E 6, F 7, G 8, H 9, I 10, K 11.
const I5: (u8, u8) = (10, 5);
const I7: (u8, u8) = (10, 7);
const K4: (u8, u8) = (11, 4);
const H4: (u8, u8) = (9, 4);
const H6: (u8, u8) = (9, 6);
const H8: (u8, u8) = (9, 8);
const G5: (u8, u8) = (8, 5);
const G7: (u8, u8) = (8, 7);
const F6: (u8, u8) = (7, 6);
const E5: (u8, u8) = (6, 5);
const E7: (u8, u8) = (6, 7);
const E1: (u8, u8) = (6, 1);
const D2: (u8, u8) = (5, 2);
const D4: (u8, u8) = (5, 4);

const KR_I5_I7: &[(u8, u8)] = &[I5, I7];
const KR_K4: &[(u8, u8)] = &[K4];
const KR_H4: &[(u8, u8)] = &[H4];
const KR_I5: &[(u8, u8)] = &[I5];
const KR_G5: &[(u8, u8)] = &[H4, G5];
const KR_E7: &[(u8, u8)] = &[H4, G5, F6, E7];
const KR_F6: &[(u8, u8)] = &[H4, G5, F6];
const QR_D4: &[(u8, u8)] = &[D4];
const QR_E1: &[(u8, u8)] = &[D2, E1];
const QR_H8: &[(u8, u8)] = &[D4, E5, F6, G7, H8];
const QR_G7: &[(u8, u8)] = &[D4, E5, F6, G7];
const QR_E5: &[(u8, u8)] = &[D4, E5];
const QR_F6: &[(u8, u8)] = &[D4, E5, F6];

const SPECS: [Spec; 24] = [
    Spec {
        name: "KRK-II",
        king_to: I5,
        king_rook: Some((I7, KR_I5_I7)),
        queen_rook: None,
    },
    Spec {
        name: "KRK-IK",
        king_to: I5,
        king_rook: Some((K4, KR_K4)),
        queen_rook: None,
    },
    Spec {
        name: "KRK-IH",
        king_to: I5,
        king_rook: Some((H4, KR_H4)),
        queen_rook: None,
    },
    Spec {
        name: "KRK-HIO",
        king_to: H6,
        king_rook: Some((I5, KR_I5)),
        queen_rook: None,
    },
    Spec {
        name: "KRK-HIOO",
        king_to: H6,
        king_rook: Some((I7, KR_I5_I7)),
        queen_rook: None,
    },
    Spec {
        name: "KRK-HH",
        king_to: H6,
        king_rook: Some((H4, KR_H4)),
        queen_rook: None,
    },
    Spec {
        name: "KRK-HG",
        king_to: H6,
        king_rook: Some((G5, KR_G5)),
        queen_rook: None,
    },
    Spec {
        name: "KRK-FG",
        king_to: F6,
        king_rook: Some((G5, KR_G5)),
        queen_rook: None,
    },
    Spec {
        name: "KRK-FE",
        king_to: F6,
        king_rook: Some((E7, KR_E7)),
        queen_rook: None,
    },
    Spec {
        name: "KRK-EF",
        king_to: E5,
        king_rook: Some((F6, KR_F6)),
        queen_rook: None,
    },
    Spec {
        name: "KRK-EE",
        king_to: E5,
        king_rook: Some((E7, KR_E7)),
        queen_rook: None,
    },
    Spec {
        name: "KRD-DD",
        king_to: D2,
        king_rook: None,
        queen_rook: Some((D4, QR_D4)),
    },
    Spec {
        name: "KRD-DE",
        king_to: D2,
        king_rook: None,
        queen_rook: Some((E1, QR_E1)),
    },
    Spec {
        name: "KRD-HH",
        king_to: H6,
        king_rook: None,
        queen_rook: Some((H8, QR_H8)),
    },
    Spec {
        name: "KRD-HG",
        king_to: H6,
        king_rook: None,
        queen_rook: Some((G7, QR_G7)),
    },
    Spec {
        name: "KRD-FG",
        king_to: F6,
        king_rook: None,
        queen_rook: Some((G7, QR_G7)),
    },
    Spec {
        name: "KRD-FE",
        king_to: F6,
        king_rook: None,
        queen_rook: Some((E5, QR_E5)),
    },
    Spec {
        name: "KRD-EF",
        king_to: E5,
        king_rook: None,
        queen_rook: Some((F6, QR_F6)),
    },
    Spec {
        name: "KRD-ED",
        king_to: E5,
        king_rook: None,
        queen_rook: Some((D4, QR_D4)),
    },
    Spec {
        name: "KRR-HIH",
        king_to: H6,
        king_rook: Some((I7, KR_I5_I7)),
        queen_rook: Some((H8, QR_H8)),
    },
    Spec {
        name: "KRR-HGG",
        king_to: H6,
        king_rook: Some((G5, KR_G5)),
        queen_rook: Some((G7, QR_G7)),
    },
    Spec {
        name: "KRR-FGG",
        king_to: F6,
        king_rook: Some((G5, KR_G5)),
        queen_rook: Some((G7, QR_G7)),
    },
    Spec {
        name: "KRR-FEE",
        king_to: F6,
        king_rook: Some((E7, KR_E7)),
        queen_rook: Some((E5, QR_E5)),
    },
    Spec {
        name: "KRR-EEF",
        king_to: E5,
        king_rook: Some((E7, KR_E7)),
        queen_rook: Some((F6, QR_F6)),
    },
];

/// A castling resolved for one colour: everything the move generator needs.
#[derive(Copy, Clone, Debug)]
pub(crate) struct CastlingGeometry {
    pub king_to: Hex,
    /// (from, to) of the king's rook, if it moves.
    pub king_rook: Option<(Hex, Hex)>,
    /// (from, to) of the queen's rook, if it moves.
    pub queen_rook: Option<(Hex, Hex)>,
    /// Every hex a rook crosses (destinations included): must be empty.
    pub path: Bitboard,
    /// Whether a hex the castling vacates (the King's or a rook's home)
    /// lies on a line from the King's destination with hexes beyond it.
    /// Only then can the move uncover an attack on that destination: the
    /// pieces it adds are the mover's own and only block. Otherwise a
    /// destination unattacked before the move is safe after it.
    pub uncovers: bool,
}

/// Whether vacating `v` can open a line onto `to`: `v` lies on a ray from
/// `to` and the ray goes on beyond `v`.
const fn opens_line(to: Hex, v: Hex) -> bool {
    let mut d = 0;
    while d < 12 {
        let dir = Dir::ALL[d];
        if ray_const(dir, to).contains(v) && !ray_const(dir, v).is_empty() {
            return true;
        }
        d += 1;
    }
    false
}

/// [`opens_line`] for a rook that moves (`(from, to)`), if any.
const fn rook_uncovers(king_to: Hex, rook: Option<(Hex, Hex)>) -> bool {
    match rook {
        Some((from, _)) => opens_line(king_to, from),
        None => false,
    }
}

const fn at(p: (u8, u8), color: usize) -> Hex {
    if color == 0 {
        Hex::at(p.0, p.1)
    } else {
        Hex::at(p.0, 28 - p.1)
    }
}

const fn path_bits(path: &[(u8, u8)], color: usize, mut acc: [u64; 3]) -> [u64; 3] {
    let mut i = 0;
    while i < path.len() {
        let h = at(path[i], color).index();
        acc[h >> 6] |= 1 << (h & 63);
        i += 1;
    }
    acc
}

const fn build_geometry(color: usize) -> [CastlingGeometry; 24] {
    let dummy = CastlingGeometry {
        king_to: Hex::at(7, 14),
        king_rook: None,
        queen_rook: None,
        path: Bitboard::EMPTY,
        uncovers: true,
    };
    let mut out = [dummy; 24];
    let mut i = 0;
    while i < 24 {
        let s = &SPECS[i];
        let mut bits = [0u64; 3];
        let king_rook = match s.king_rook {
            Some((to, path)) => {
                bits = path_bits(path, color, bits);
                Some((KING_ROOK_HOME[color], at(to, color)))
            }
            None => None,
        };
        let queen_rook = match s.queen_rook {
            Some((to, path)) => {
                bits = path_bits(path, color, bits);
                Some((QUEEN_ROOK_HOME[color], at(to, color)))
            }
            None => None,
        };
        let king_to = at(s.king_to, color);
        let uncovers = opens_line(king_to, KING_HOME[color])
            || rook_uncovers(king_to, king_rook)
            || rook_uncovers(king_to, queen_rook);
        out[i] = CastlingGeometry {
            king_to,
            king_rook,
            queen_rook,
            path: Bitboard(bits),
            uncovers,
        };
        i += 1;
    }
    out
}

pub(crate) const GEOMETRY: [[CastlingGeometry; 24]; 2] = [build_geometry(0), build_geometry(1)];

impl Castling {
    /// All 24 castlings: 11 with the king's rook, 8 with the queen's rook, 5 double.
    pub const ALL: [Castling; 24] = {
        let mut out = [Castling(0); 24];
        let mut i = 0;
        while i < 24 {
            out[i] = Castling(i as u8);
            i += 1;
        }
        out
    };

    /// Index `0..24` in the table of RULES.md §4.5.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The castling of index `i` (`0..24`), `None` beyond.
    pub const fn from_index(i: usize) -> Option<Castling> {
        if i < 24 {
            Some(Castling(i as u8))
        } else {
            None
        }
    }

    /// The CTL-AN name, e.g. `KRK-HIO`, `KRR-EEF` (same for both colours).
    pub const fn name(self) -> &'static str {
        SPECS[self.0 as usize].name
    }

    /// Looks a castling up by its CTL-AN name.
    pub fn from_name(name: &str) -> Option<Castling> {
        SPECS
            .iter()
            .position(|s| s.name == name)
            .map(|i| Castling(i as u8))
    }

    /// Which rook(s) the castling moves.
    pub const fn rooks(self) -> CastlingRooks {
        let s = &SPECS[self.0 as usize];
        match (s.king_rook.is_some(), s.queen_rook.is_some()) {
            (true, true) => CastlingRooks::Both,
            (true, false) => CastlingRooks::KingRook,
            _ => CastlingRooks::QueenRook,
        }
    }

    /// Whether both rooks move (the five `KRR` castlings).
    pub const fn is_double(self) -> bool {
        matches!(self.rooks(), CastlingRooks::Both)
    }

    /// The King's destination for `color`.
    pub const fn king_to(self, color: Color) -> Hex {
        GEOMETRY[color.index()][self.0 as usize].king_to
    }

    /// The rook moves `(from, to)`, sorted by origin (queen's rook first).
    pub fn rook_moves(self, color: Color) -> Vec<(Hex, Hex)> {
        let g = &GEOMETRY[color.index()][self.0 as usize];
        g.queen_rook.into_iter().chain(g.king_rook).collect()
    }

    pub(crate) const fn geometry(self, color: Color) -> &'static CastlingGeometry {
        &GEOMETRY[color.index()][self.0 as usize]
    }
}

impl std::fmt::Display for Castling {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Position {
    /// Plays castling `c` of `us`: the King from its home to its
    /// destination, then each rook that moves (all lifted first, as a
    /// rook may land where the King stood).
    #[inline(always)]
    pub(crate) fn play_castling(&mut self, c: Castling, us: Color, king_from: Hex) {
        let g = c.geometry(us);
        let king = self.take(king_from).expect("castling king");
        let rooks: [Option<(Hex, Hex, Piece)>; 2] = [
            g.queen_rook
                .map(|(f, t)| (f, t, self.take(f).expect("castling rook"))),
            g.king_rook
                .map(|(f, t)| (f, t, self.take(f).expect("castling rook"))),
        ];
        self.put(g.king_to, king);
        for (_, t, p) in rooks.into_iter().flatten() {
            self.put(t, p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_match_the_spec() {
        let count = |r| Castling::ALL.iter().filter(|c| c.rooks() == r).count();
        assert_eq!(count(CastlingRooks::KingRook), 11);
        assert_eq!(count(CastlingRooks::QueenRook), 8);
        assert_eq!(count(CastlingRooks::Both), 5);
    }

    #[test]
    fn black_table_mirrors_white() {
        for c in Castling::ALL {
            assert_eq!(c.king_to(Color::Black), c.king_to(Color::White).mirror());
            let w = c.rook_moves(Color::White);
            let b = c.rook_moves(Color::Black);
            for ((wf, wt), (bf, bt)) in w.iter().zip(&b) {
                assert_eq!((*bf, *bt), (wf.mirror(), wt.mirror()));
            }
        }
        assert_eq!(
            Castling::from_name("KRK-HIOO")
                .unwrap()
                .rook_moves(Color::Black)[0]
                .1
                .to_string(),
            "I21"
        );
    }

    #[test]
    fn only_the_queen_rook_castlings_to_d2_can_uncover_their_destination() {
        for color in Color::ALL {
            let uncovering: Vec<&str> = Castling::ALL
                .iter()
                .filter(|c| c.geometry(color).uncovers)
                .map(|c| c.name())
                .collect();
            assert_eq!(uncovering, ["KRD-DD", "KRD-DE"], "{color}");
        }
    }

    #[test]
    fn every_rook_destination_is_orthogonally_adjacent_to_the_king() {
        for color in Color::ALL {
            for c in Castling::ALL {
                let k = c.king_to(color);
                for (_, to) in c.rook_moves(color) {
                    assert!(
                        crate::geometry::Dir::ORTHOGONAL
                            .iter()
                            .any(|&d| k.step(d) == Some(to)),
                        "{c} {to}"
                    );
                }
            }
        }
    }
}
