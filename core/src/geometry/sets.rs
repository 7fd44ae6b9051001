//! Hex sets precomputed per hex and direction, at compile time: rays,
//! neighbours, knight-jump targets, and the slider walks built on them.

use super::{Dir, Hex, HEX_COUNT, JUMPS_CONST, NONE, STEP_TABLE};
use crate::bitboard::Bitboard;

const fn build_rays() -> [[Bitboard; HEX_COUNT]; 12] {
    let mut out = [[Bitboard::EMPTY; HEX_COUNT]; 12];
    let mut d = 0;
    while d < 12 {
        let mut h = 0;
        while h < HEX_COUNT {
            out[d][h] = ray_const(Dir(d as u8), Hex(h as u8));
            h += 1;
        }
        d += 1;
    }
    out
}

/// [`ray`] for tables built at compile time (walks the step table).
pub(crate) const fn ray_const(d: Dir, h: Hex) -> Bitboard {
    let mut b = [0u64; 3];
    let mut s = STEP_TABLE[d.0 as usize][h.0 as usize];
    while s != NONE {
        b[s as usize >> 6] |= 1 << (s & 63);
        s = STEP_TABLE[d.0 as usize][s as usize];
    }
    Bitboard(b)
}

/// `RAYS[d][h]`: every hex from `h` (excluded) to the edge in direction `d`.
static RAYS: [[Bitboard; HEX_COUNT]; 12] = build_rays();

/// Every hex from `h` (excluded) to the edge in direction `d`.
#[inline(always)]
pub(crate) fn ray(d: Dir, h: Hex) -> Bitboard {
    RAYS[d.index()][h.index()]
}

const fn build_ray_lens() -> [[u8; HEX_COUNT]; 12] {
    let mut out = [[0; HEX_COUNT]; 12];
    let mut d = 0;
    while d < 12 {
        let mut h = 0;
        while h < HEX_COUNT {
            let mut s = STEP_TABLE[d][h];
            while s != NONE {
                out[d][h] += 1;
                s = STEP_TABLE[d][s as usize];
            }
            h += 1;
        }
        d += 1;
    }
    out
}

/// `RAY_LENS[d][h]`: the number of hexes of `RAYS[d][h]`.
static RAY_LENS: [[u8; HEX_COUNT]; 12] = build_ray_lens();

/// The number of moves a slider on `h` has along direction `d` through
/// `occupied`, landing anywhere but on `own` pieces, counted without
/// building the set. A ray blocked on hex `f` holds `len(h) − len(f)`
/// hexes up to `f` (its hexes beyond `f` are `f`'s own ray), so a count is
/// two bytes of [`RAY_LENS`].
#[inline(always)]
pub(crate) fn ray_count(d: Dir, h: Hex, own: Bitboard, occupied: Bitboard) -> u32 {
    let block = ray(d, h) & occupied;
    let mut n = u32::from(RAY_LENS[d.index()][h.index()]);
    if !block.is_empty() {
        let f = first_on_ray(d, block);
        n -= u32::from(RAY_LENS[d.index()][f.index()]) + u32::from(own.contains(f));
    }
    n
}

const fn build_lines() -> [[Bitboard; HEX_COUNT]; 2] {
    let mut out = [[Bitboard::EMPTY; HEX_COUNT]; 2];
    let mut d = 0;
    while d < 12 {
        let mut h = 0;
        while h < HEX_COUNT {
            let r = ray_const(Dir(d as u8), Hex(h as u8));
            let kind = if d < 6 { 0 } else { 1 };
            let mut w = 0;
            while w < 3 {
                out[kind][h].0[w] |= r.0[w];
                w += 1;
            }
            h += 1;
        }
        d += 1;
    }
    out
}

/// `LINES[0][h]`: the hexes of the six orthogonal rays from `h`;
/// `LINES[1][h]`: those of the six diagonal rays.
static LINES: [[Bitboard; HEX_COUNT]; 2] = build_lines();

const fn build_directions() -> [[u8; HEX_COUNT]; HEX_COUNT] {
    let mut out = [[NO_DIRECTION; HEX_COUNT]; HEX_COUNT];
    let mut d = 0;
    while d < 12 {
        let mut h = 0;
        while h < HEX_COUNT {
            let mut s = STEP_TABLE[d][h];
            while s != NONE {
                out[h][s as usize] = d as u8;
                s = STEP_TABLE[d][s as usize];
            }
            h += 1;
        }
        d += 1;
    }
    out
}

const NO_DIRECTION: u8 = 12;

/// `DIRECTIONS[h][t]`: the direction of the ray from `h` through `t`, or
/// [`NO_DIRECTION`] (a hex lies on one ray from `h` at most).
static DIRECTIONS: [[u8; HEX_COUNT]; HEX_COUNT] = build_directions();

/// The direction of the ray from `from` through `to`, if `to` is on one.
#[inline(always)]
pub(crate) fn direction_between(from: Hex, to: Hex) -> Option<Dir> {
    let d = DIRECTIONS[from.index()][to.index()];
    (d != NO_DIRECTION).then_some(Dir(d))
}

/// The rays from `h` that hold a hex of `orthogonal` (looking along the
/// orthogonal rays) or of `diagonal` (along the diagonal ones), as bit `d`
/// for [`Dir`] `d`: lets a ray walk visit only the rays where a piece
/// stands that it is looking for, in the order of [`Dir::ALL`].
#[inline(always)]
pub(crate) fn rays_holding(h: Hex, orthogonal: Bitboard, diagonal: Bitboard) -> u16 {
    let on_lines = (LINES[0][h.index()] & orthogonal) | (LINES[1][h.index()] & diagonal);
    on_lines.fold(0u16, |dirs, t| dirs | 1 << DIRECTIONS[h.index()][t.index()])
}

/// The first hex of `block`, a subset of a ray in direction `d`, met when
/// walking that ray (a bit scan: see [`Dir::grows`]).
#[inline(always)]
pub(crate) fn first_on_ray(d: Dir, block: Bitboard) -> Hex {
    Hex(if d.grows() {
        block.lowest_index()
    } else {
        block.highest_index()
    } as u8)
}

/// The hexes a slider on `h` reaches along direction `d` through `occupied`:
/// the ray up to and including its first piece.
#[inline(always)]
fn ray_attacks(d: Dir, h: Hex, occupied: Bitboard) -> Bitboard {
    let ray = ray(d, h);
    let block = ray & occupied;
    if block.is_empty() {
        ray
    } else {
        ray.without(self::ray(d, first_on_ray(d, block)))
    }
}

/// The hexes a slider on `h` reaches through `occupied` along the
/// orthogonal directions, the diagonal ones, or both.
#[inline(always)]
pub(crate) fn slide_targets(
    h: Hex,
    orthogonal: bool,
    diagonal: bool,
    occupied: Bitboard,
) -> Bitboard {
    let first = neighbours(h, orthogonal, diagonal);
    // Hemmed in on every side (as most sliders are in the opening): only
    // the neighbours.
    if first.without(occupied).is_empty() {
        return first;
    }
    // A range of table indices (not a slice of `Dir`s): the compiler unrolls
    // it with constant table offsets.
    let lo = if orthogonal { 0 } else { 6 };
    let hi = if diagonal { 12 } else { 6 };
    let mut to = Bitboard::EMPTY;
    for d in lo..hi {
        to |= ray_attacks(Dir(d), h, occupied);
    }
    to
}

/// The neighbours of each hex along the orthogonal directions, the
/// diagonal ones, and all twelve (the King's steps, RULES.md §3.1).
static NEIGHBOURS: [[Bitboard; HEX_COUNT]; 3] = [
    step_sets(&Dir::ORTHOGONAL),
    step_sets(&Dir::DIAGONAL),
    step_sets(&Dir::ALL),
];

/// The neighbours of `h` along the orthogonal directions, the diagonal
/// ones, or both: the first hex of each of those rays.
#[inline(always)]
pub(crate) fn neighbours(h: Hex, orthogonal: bool, diagonal: bool) -> Bitboard {
    let kind = match (orthogonal, diagonal) {
        (true, false) => 0,
        (false, true) => 1,
        _ => 2,
    };
    NEIGHBOURS[kind][h.index()]
}

/// For each hex, the set of its neighbours in the directions `dirs` (built
/// at compile time: pawn and Elephant step sets).
pub(crate) const fn step_sets(dirs: &[Dir]) -> [Bitboard; HEX_COUNT] {
    let mut out = [Bitboard::EMPTY; HEX_COUNT];
    let mut h = 0;
    while h < HEX_COUNT {
        let mut b = [0u64; 3];
        let mut i = 0;
        while i < dirs.len() {
            let t = STEP_TABLE[dirs[i].0 as usize][h];
            if t != NONE {
                b[t as usize >> 6] |= 1 << (t & 63);
            }
            i += 1;
        }
        out[h] = Bitboard(b);
        h += 1;
    }
    out
}

const fn build_jump_sets() -> [Bitboard; HEX_COUNT] {
    let mut out = [Bitboard::EMPTY; HEX_COUNT];
    let mut h = 0;
    while h < HEX_COUNT {
        let mut b = [0u64; 3];
        let mut k = 0;
        while k < 12 {
            let t = JUMPS_CONST[k][h];
            if t != NONE {
                b[t as usize >> 6] |= 1 << (t & 63);
            }
            k += 1;
        }
        out[h] = Bitboard(b);
        h += 1;
    }
    out
}

/// `JUMP_SETS[h]`: the knight-jump targets of `h` as a set.
pub(crate) static JUMP_SETS: [Bitboard; HEX_COUNT] = build_jump_sets();
