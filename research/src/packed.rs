//! Positions packed into at most [`MAX_PACKED`] bytes, for training data:
//! what an evaluation sees (pieces, side to move, castling rights, halfmove
//! clock), not the special-capture state or the move number.
//!
//! | bytes | content |
//! |---|---|
//! | 0 | bit 0: Black to move; bits 1–3: White's castling rights (King, queen's rook, king's rook); bits 4–6: Black's |
//! | 1 | halfmove clock, saturating at 255 |
//! | 2 – 23 | occupancy: bit `i % 8` of byte `2 + i / 8` is hex `i` ([`Hex::index`] order), 169 bits |
//! | next ⌈k / 8⌉ | the colours of the k occupied hexes in hex order, one bit each (1: Black), low bit first |
//! | next ⌈k / 2⌉ | their kinds, a nibble each ([`Role::index`]), low nibble first |
//!
//! A full board (54 pieces) takes 58 bytes, and each capture shortens it;
//! Parquet's compression of the column takes it below that on disk
//! (docs/NNUE.md has the measurement).

use cescacs::{CastlingRights, Color, Hex, PdtlError, Piece, Position, Role, HEX_COUNT};

/// Bytes before the colours: flags, clock and occupancy.
const FIXED: usize = 2 + HEX_COUNT.div_ceil(8);
/// The longest packed position (both full armies).
pub const MAX_PACKED: usize = FIXED + 54usize.div_ceil(8) + 54 / 2;

/// Why bytes are not a packed position.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum UnpackError {
    /// Fewer bytes than the occupancy needs.
    #[error("packed position truncated: {found} bytes, {needed} needed")]
    Truncated {
        /// The bytes given.
        found: usize,
        /// The bytes the occupancy needs.
        needed: usize,
    },
    /// A nibble that is no piece kind.
    #[error("packed position: {0} is no piece kind")]
    WrongKind(u8),
    /// The pieces and rights make no legal set-up.
    #[error("packed position: {0}")]
    Position(#[from] PdtlError),
}

fn rights_bits(r: CastlingRights) -> u8 {
    u8::from(r.king()) | u8::from(r.queen_rook()) << 1 | u8::from(r.king_rook()) << 2
}

fn rights_from(bits: u8) -> CastlingRights {
    CastlingRights::new(bits & 1 != 0, bits & 2 != 0, bits & 4 != 0)
}

/// Appends `pos` packed (see the module docs) to `out`.
pub fn pack_into(pos: &Position, out: &mut Vec<u8>) {
    let flags = u8::from(pos.turn() == Color::Black)
        | rights_bits(pos.castling_rights(Color::White)) << 1
        | rights_bits(pos.castling_rights(Color::Black)) << 4;
    out.push(flags);
    out.push(pos.halfmove_clock().min(255) as u8);
    let start = out.len();
    out.resize(start + FIXED - 2, 0);
    let mut pieces = Vec::with_capacity(54);
    for h in Hex::all() {
        if let Some(p) = pos.piece_at(h) {
            out[start + h.index() / 8] |= 1 << (h.index() % 8);
            pieces.push(p);
        }
    }
    for chunk in pieces.chunks(8) {
        out.push(
            chunk
                .iter()
                .enumerate()
                .fold(0, |b, (i, p)| b | u8::from(p.color == Color::Black) << i),
        );
    }
    for pair in pieces.chunks(2) {
        out.push(
            pair[0].role.index() as u8 | pair.get(1).map_or(0, |p| (p.role.index() as u8) << 4),
        );
    }
}

/// `pos` packed (see the module docs).
pub fn pack(pos: &Position) -> Vec<u8> {
    let mut out = Vec::with_capacity(MAX_PACKED);
    pack_into(pos, &mut out);
    out
}

/// The position of packed bytes: no special capture, move number unknown.
/// Bytes after the position's own are ignored.
pub fn unpack(bytes: &[u8]) -> Result<Position, UnpackError> {
    let too_short = |needed| UnpackError::Truncated {
        found: bytes.len(),
        needed,
    };
    let occupancy = bytes.get(2..FIXED).ok_or(too_short(FIXED))?;
    let hexes: Vec<Hex> = Hex::all()
        .filter(|h| occupancy[h.index() / 8] >> (h.index() % 8) & 1 != 0)
        .collect();
    let k = hexes.len();
    let colours = bytes
        .get(FIXED..FIXED + k.div_ceil(8))
        .ok_or(too_short(FIXED + k.div_ceil(8)))?;
    let end = FIXED + k.div_ceil(8) + k.div_ceil(2);
    let kinds = bytes
        .get(FIXED + k.div_ceil(8)..end)
        .ok_or(too_short(end))?;
    let mut setup = cescacs::Setup::empty();
    for (i, h) in hexes.into_iter().enumerate() {
        let kind = kinds[i / 2] >> (4 * (i % 2)) & 0xF;
        let role = *Role::ALL
            .get(usize::from(kind))
            .ok_or(UnpackError::WrongKind(kind))?;
        let color = if colours[i / 8] >> (i % 8) & 1 != 0 {
            Color::Black
        } else {
            Color::White
        };
        setup.board[h.index()] = Some(Piece::new(color, role));
    }
    setup.turn = if bytes[0] & 1 != 0 {
        Color::Black
    } else {
        Color::White
    };
    setup.castling = [
        rights_from(bytes[0] >> 1 & 7),
        rights_from(bytes[0] >> 4 & 7),
    ];
    setup.halfmove_clock = u32::from(bytes[1]);
    setup.fullmove_number = None;
    Ok(Position::from_setup(&setup)?)
}
