//! Castling rights (RULES.md §4.7): which Kings and home Rooks have never
//! moved, and how a move changes that.

use crate::bitboard::Bitboard;
use crate::geometry::Hex;
use crate::moves::Move;
use crate::piece::{Color, Piece, Role};
use crate::position::Position;
use crate::zobrist;

use super::{CastlingRooks, KING_HOME, KING_ROOK_HOME, QUEEN_ROOK_HOME};

/// Which Kings and home Rooks of one side have never moved (RULES.md §4.7).
///
/// Rights are normalised: a right is dropped as soon as its piece is not on
/// its home hex, and a King that has moved keeps no rook rights (the PDTL
/// part is then `-`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct CastlingRights(u8);

impl CastlingRights {
    const KING: u8 = 1;
    const QUEEN_ROOK: u8 = 2;
    const KING_ROOK: u8 = 4;

    /// No right: the King has moved.
    pub const NONE: CastlingRights = CastlingRights(0);

    /// The three flags as bits (1 King, 2 queen's rook, 4 king's rook).
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Every right: King and both rooks unmoved.
    pub const ALL: CastlingRights = CastlingRights(7);

    /// The rights of a side whose King (`king`), queen's rook and king's
    /// rook have never moved; without the King, no right at all.
    pub const fn new(king: bool, queen_rook: bool, king_rook: bool) -> CastlingRights {
        if !king {
            return CastlingRights(0);
        }
        CastlingRights(
            Self::KING
                | if queen_rook { Self::QUEEN_ROOK } else { 0 }
                | if king_rook { Self::KING_ROOK } else { 0 },
        )
    }

    /// The King has never moved: King's Leaps are possible.
    pub const fn king(self) -> bool {
        self.0 & Self::KING != 0
    }

    /// The queen's rook (C3 / C25) has never moved.
    pub const fn queen_rook(self) -> bool {
        self.0 & Self::QUEEN_ROOK != 0
    }

    /// The king's rook (I3 / I25) has never moved.
    pub const fn king_rook(self) -> bool {
        self.0 & Self::KING_ROOK != 0
    }

    /// Whether the rook(s) a castling moves have their rights.
    pub(crate) const fn allows(self, rooks: CastlingRooks) -> bool {
        match rooks {
            CastlingRooks::KingRook => self.king_rook(),
            CastlingRooks::QueenRook => self.queen_rook(),
            CastlingRooks::Both => self.king_rook() && self.queen_rook(),
        }
    }
}

/// The home hexes of the Kings and the castling Rooks: where castling
/// rights live (RULES.md §4.7).
const RIGHTS_HOMES: Bitboard = {
    let homes = [KING_HOME, QUEEN_ROOK_HOME, KING_ROOK_HOME];
    let mut b = [0u64; 3];
    let mut i = 0;
    while i < 6 {
        let h = homes[i / 2][i % 2].index();
        b[h >> 6] |= 1 << (h & 63);
        i += 1;
    }
    Bitboard(b)
};

impl Position {
    /// Drops the rights `m`, just played by `us`, loses: every right of
    /// `us` when its King moves, and any right whose piece has left its
    /// home hex or been captured there.
    #[inline(always)]
    pub(crate) fn update_rights(&mut self, m: Move, us: Color) {
        if m.role == Role::King {
            self.hash ^= zobrist::rights_key(us, self.rights[us.index()].bits())
                ^ zobrist::rights_key(us, CastlingRights::NONE.bits());
            self.rights[us.index()] = CastlingRights::NONE;
        }
        // Rights are normalized in every position (the PDTL reader does it):
        // only a move from or onto a home hex can change them.
        if RIGHTS_HOMES.contains(m.from) || RIGHTS_HOMES.contains(m.to) {
            self.normalize_rights();
        }
    }

    /// Drops every right whose piece is not on its home hex (RULES.md §4.7).
    pub(crate) fn normalize_rights(&mut self) {
        for color in Color::ALL {
            let i = color.index();
            let r = self.rights[i];
            let home = |h: Hex, role| self.piece_at(h) == Some(Piece::new(color, role));
            let king = r.king() && home(KING_HOME[i], Role::King);
            let queen_rook = r.queen_rook() && home(QUEEN_ROOK_HOME[i], Role::Rook);
            let king_rook = r.king_rook() && home(KING_ROOK_HOME[i], Role::Rook);
            let new = CastlingRights::new(king, queen_rook, king_rook);
            self.hash ^=
                zobrist::rights_key(color, r.bits()) ^ zobrist::rights_key(color, new.bits());
            self.rights[i] = new;
        }
    }
}
