//! Zobrist hashing of positions, for repetition (RULES.md §7.2).
//!
//! The keys are fixed pseudo-random numbers generated at compile time
//! (splitmix64), so hashes are stable across runs, platforms and bindings.

use crate::geometry::{Hex, HEX_COUNT};
use crate::piece::{Color, Piece};
use crate::position::{CastlingRights, Position, SpecialCapture};

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const PIECE_KEYS: usize = 2 * 9 * HEX_COUNT;
/// piece-square keys, then side to move, 2×8 castling-rights keys,
/// 169 en-passant-pawn keys, 2 step-count keys, 2×169 scornful keys.
const KEY_COUNT: usize = PIECE_KEYS + 1 + 16 + HEX_COUNT + 2 + 2 * HEX_COUNT;

static KEYS: [u64; KEY_COUNT] = {
    let mut out = [0u64; KEY_COUNT];
    let mut state = 0x0C35_CAC5_2020_0720;
    let mut i = 0;
    while i < KEY_COUNT {
        let (s, k) = splitmix(state);
        state = s;
        out[i] = k;
        i += 1;
    }
    out
};

const TURN: usize = PIECE_KEYS;
const RIGHTS: usize = TURN + 1;
const EP_PAWN: usize = RIGHTS + 16;
const EP_STEPS: usize = EP_PAWN + HEX_COUNT;
const SCORN: usize = EP_STEPS + 2;

#[inline(always)]
pub(crate) fn piece_key(p: Piece, h: Hex) -> u64 {
    KEYS[(p.color.index() * 9 + p.role.index()) * HEX_COUNT + h.index()]
}

#[inline(always)]
pub(crate) fn turn_key() -> u64 {
    KEYS[TURN]
}

#[inline(always)]
pub(crate) fn rights_key(color: Color, r: CastlingRights) -> u64 {
    KEYS[RIGHTS + color.index() * 8 + r.bits() as usize]
}

fn special_key(s: SpecialCapture) -> u64 {
    match s {
        SpecialCapture::None => 0,
        SpecialCapture::EnPassant { pawn, steps } => KEYS[EP_PAWN + pawn.index()] ^ KEYS[EP_STEPS + (steps as usize - 2)],
        SpecialCapture::Scornful { capturer, pawn } => KEYS[SCORN + capturer.index()] ^ KEYS[SCORN + HEX_COUNT + pawn.index()],
    }
}

impl Position {
    /// The Zobrist hash of the position's identity for repetition (RULES.md
    /// §7.2): placement, side to move, normalised castling rights, and the
    /// en passant / scornful state only when such a capture is legal now.
    /// Clocks and the move number are not part of it.
    ///
    /// ```
    /// use cescacs::Position;
    /// let mut pos = Position::default();
    /// let start = pos.zobrist_hash();
    /// for m in ["NG3-I7", "NG25-I21", "NI7-G3", "NI21-G25"] {
    ///     let mv = pos.parse_ctl(m).unwrap();
    ///     pos.play(mv).unwrap();
    /// }
    /// assert_eq!(pos.zobrist_hash(), start);
    /// ```
    pub fn zobrist_hash(&self) -> u64 {
        self.hash ^ self.live_special_key()
    }

    /// The same hash computed from nothing (the incremental one must equal it).
    pub fn zobrist_hash_from_scratch(&self) -> u64 {
        self.base_hash_from_scratch() ^ self.live_special_key()
    }

    fn live_special_key(&self) -> u64 {
        if self.has_legal_special_capture() {
            special_key(self.special)
        } else {
            0
        }
    }

    /// Placement, turn and rights: the part kept up to date by make-move.
    pub(crate) fn base_hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for hex in Hex::all() {
            if let Some(p) = self.piece_at(hex) {
                h ^= piece_key(p, hex);
            }
        }
        if self.turn == Color::Black {
            h ^= turn_key();
        }
        for c in Color::ALL {
            h ^= rights_key(c, self.rights[c.index()]);
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use crate::moves::MoveKind;
    use crate::position::{Position, SpecialCapture};
    use crate::selfplay::random_game;

    /// The shortcut the hash takes must agree with the full move list in
    /// every position of many random games (a few thousand of which have an
    /// en passant or scornful capture pending).
    #[test]
    fn special_capture_test_agrees_with_the_move_list() {
        let start = Position::default();
        let (mut pending, mut live) = (0, 0);
        for seed in 0..150 {
            let game = random_game(&start, seed, 300);
            for pos in game.history().positions() {
                let want = pos.legal_moves().iter().any(|m| matches!(m.kind(), MoveKind::EnPassant | MoveKind::ScornfulCapture));
                assert_eq!(pos.has_legal_special_capture(), want, "{}", pos.to_pdtl());
                pending += usize::from(pos.special != SpecialCapture::None);
                live += usize::from(want);
            }
        }
        assert!(pending > 1000 && live > 100, "{pending} positions with a special capture pending, {live} live");
    }
}
