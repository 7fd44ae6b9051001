//! The special captures (RULES.md §3.7.4–§3.7.5): en passant after a
//! pawn's double or triple step, and the scornful capture of a pawn that
//! stepped obliquely past an enemy pawn facing it. The record a position
//! keeps ([`SpecialCapture`]), what a move leaves in it, the captures it
//! allows as far as the pieces go, and its checks when read from PDTL. The
//! move generator tests the King's safety of the candidates; the PDTL
//! reader and writer handle the text.
//!
//! `mod.rs` holds the record; `board.rs` holds what needs the board: the
//! record a move leaves, the candidate captures and the checks of a record
//! read from PDTL.

use arrayvec::ArrayVec;

use crate::geometry::Hex;
use crate::piece::Color;

mod board;

/// The one special capture possible on the next move (RULES.md §3.7.4–5).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum SpecialCapture {
    /// No special capture is possible.
    None,
    /// The pawn (or the piece it promoted into) on `pawn` made a double
    /// (`steps == 2`) or triple (`steps == 3`) step; the hexes it crossed
    /// are en passant targets.
    EnPassant {
        /// Where the stepped pawn stands.
        pawn: Hex,
        /// 2 for a double step, 3 for a triple step.
        steps: u8,
    },
    /// The pawn (or promoted piece) on `pawn` made a scornful step; the
    /// pawn on `capturer` may take it.
    Scornful {
        /// The pawn that may capture.
        capturer: Hex,
        /// The scornful pawn (or promoted piece).
        pawn: Hex,
    },
}

impl SpecialCapture {
    /// The en passant target hexes (empty for other records), nearest to the
    /// stepped pawn first. `mover` is the side that made the step. At most
    /// two (a triple step passes two hexes), kept inline, as the generator
    /// asks for them at every position after a pawn's long step.
    pub fn en_passant_targets(self, mover: Color) -> ArrayVec<Hex, 2> {
        match self {
            SpecialCapture::EnPassant { pawn, steps } => {
                let back = -2 * mover.forward();
                // A record read from text may claim more steps: the PDTL
                // reader then finds its hexes do not match and refuses it.
                (1..steps as i8)
                    .take(2)
                    .filter_map(|k| pawn.offset(0, back * k))
                    .collect()
            }
            _ => ArrayVec::new(),
        }
    }

    /// The hex of the piece an en passant capture removes (it stands beyond
    /// the capturer's destination), `None` for other records.
    #[inline(always)]
    pub(crate) fn en_passant_victim(self) -> Option<Hex> {
        match self {
            SpecialCapture::EnPassant { pawn, .. } => Some(pawn),
            _ => None,
        }
    }
}
