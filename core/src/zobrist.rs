//! Zobrist keys for the repetition hash (RULES.md §7.2); the position
//! combines them (`position/hash.rs`).
//!
//! The keys are fixed pseudo-random numbers generated at compile time
//! (splitmix64), so hashes are stable across runs, platforms and bindings.

use crate::geometry::{Hex, HEX_COUNT};
use crate::piece::{Color, Piece};

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
pub(crate) fn rights_key(color: Color, rights: u8) -> u64 {
    KEYS[RIGHTS + color.index() * 8 + rights as usize]
}

/// The key of a pawn that may be taken en passant on `pawn`, after a step of `steps` (2 or 3).
#[inline(always)]
pub(crate) fn en_passant_key(pawn: Hex, steps: u8) -> u64 {
    KEYS[EP_PAWN + pawn.index()] ^ KEYS[EP_STEPS + (steps as usize - 2)]
}

/// The key of a scornful capture of the pawn on `pawn` by the pawn on `capturer`.
#[inline(always)]
pub(crate) fn scornful_key(capturer: Hex, pawn: Hex) -> u64 {
    KEYS[SCORN + capturer.index()] ^ KEYS[SCORN + HEX_COUNT + pawn.index()]
}
