//! Step and ride tables, computed at compile time, and the targets they
//! give a piece (RULES.md §3).

use crate::bitboard::Bitboard;
use crate::geometry::{
    direction_between, ray, slide_targets, step_const, step_sets, Dir, Hex, HEX_COUNT, JUMP_SETS,
};
use crate::piece::{Color, Role};

/// The 8 triple-step hexes per side (RULES.md §3.7.2).
const TRIPLE_STEP_HEXES: [Bitboard; 2] = [triple_hexes(0), triple_hexes(1)];

const fn triple_hexes(color: usize) -> Bitboard {
    // B4, C5, D6, E7, G7, H6, I5, K4 (White); mirrored for Black.
    const WHITE: [(u8, u8); 8] = [
        (3, 4),
        (4, 5),
        (5, 6),
        (6, 7),
        (8, 7),
        (9, 6),
        (10, 5),
        (11, 4),
    ];
    let mut b = [0u64; 3];
    let mut i = 0;
    while i < 8 {
        let (c, l) = WHITE[i];
        let h = Hex::at(c, if color == 0 { l } else { 28 - l }).index();
        b[h >> 6] |= 1 << (h & 63);
        i += 1;
    }
    Bitboard(b)
}

/// [`TRIPLE_STEP_HEXES`] as a table of flags (a byte to read, where a set
/// needs its word picked first).
pub(super) static TRIPLE_STEP_FROM: [[bool; HEX_COUNT]; 2] = {
    let mut out = [[false; HEX_COUNT]; 2];
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < HEX_COUNT {
            out[c][i] = TRIPLE_STEP_HEXES[c].contains(Hex::from_u8(i as u8));
            i += 1;
        }
        c += 1;
    }
    out
};

/// A pawn's straight steps per colour and hex as one set, before
/// blocking: two hexes ahead, three from a triple-step hex (RULES.md
/// §3.7.2).
pub(super) static PAWN_PUSHES: [[Bitboard; HEX_COUNT]; 2] =
    [pawn_pushes(Color::White), pawn_pushes(Color::Black)];

const fn pawn_pushes(color: Color) -> [Bitboard; HEX_COUNT] {
    let mut out = [Bitboard::EMPTY; HEX_COUNT];
    let mut i = 0;
    while i < HEX_COUNT {
        let from = Hex::from_u8(i as u8);
        let steps = if TRIPLE_STEP_HEXES[color.index()].contains(from) {
            3
        } else {
            2
        };
        let mut b = [0u64; 3];
        let mut at = from;
        let mut k = 0;
        while k < steps {
            match step_const(Dir::forward(color), at) {
                Some(t) => {
                    b[t.index() >> 6] |= 1 << (t.index() & 63);
                    at = t;
                }
                None => break,
            }
            k += 1;
        }
        out[i] = Bitboard(b);
        i += 1;
    }
    out
}

/// Each side's promotion hexes (RULES.md §1.6).
pub(super) static PROMOTION_ZONE: [Bitboard; 2] =
    [promotion_zone(Color::White), promotion_zone(Color::Black)];

const fn promotion_zone(color: Color) -> Bitboard {
    let mut b = [0u64; 3];
    let mut i = 0;
    while i < HEX_COUNT {
        if let Some(h) = Hex::from_index(i) {
            if h.is_promotion_hex(color) {
                b[i >> 6] |= 1 << (i & 63);
            }
        }
        i += 1;
    }
    Bitboard(b)
}

/// Per colour, the hexes from which a pawn may reach a promotion hex in
/// one move (or stands on one): the pawns whose count needs the choices.
pub(super) static PROMOTION_APPROACH: [Bitboard; 2] = [
    promotion_approach(Color::White),
    promotion_approach(Color::Black),
];

const fn promotion_approach(color: Color) -> Bitboard {
    let pushes = pawn_pushes(color);
    let zone = promotion_zone(color);
    let oblique = step_sets(&PAWN_OBLIQUE_DIRS[color.index()]);
    let capture = step_sets(&PAWN_CAPTURE_DIRS[color.index()]);
    let mut b = [0u64; 3];
    let mut i = 0;
    while i < HEX_COUNT {
        let mut near = zone.contains(Hex::from_u8(i as u8));
        let mut w = 0;
        while w < 3 {
            near |= (pushes[i].0[w] | oblique[i].0[w] | capture[i].0[w]) & zone.0[w] != 0;
            w += 1;
        }
        if near {
            b[i >> 6] |= 1 << (i & 63);
        }
        i += 1;
    }
    Bitboard(b)
}

/// A pawn's oblique steps (±1, f) per colour (RULES.md §3.7.1).
pub(super) const PAWN_OBLIQUE_DIRS: [[Dir; 2]; 2] = [
    [Dir::FILE_UP, Dir::FILE_INV_UP],
    [Dir::FILE_DOWN, Dir::FILE_INV_DOWN],
];
/// A pawn's captures (±1, 3f) per colour (RULES.md §3.7.3).
pub(super) const PAWN_CAPTURE_DIRS: [[Dir; 2]; 2] = [
    [Dir::LINE_UP, Dir::LINE_INV_UP],
    [Dir::LINE_DOWN, Dir::LINE_INV_DOWN],
];
/// An Elephant's four (±1, ±3) diagonal steps (RULES.md §3.5).
pub(super) const ELEPHANT_DIAGONAL_DIRS: [Dir; 4] = [
    Dir::LINE_UP,
    Dir::LINE_DOWN,
    Dir::LINE_INV_UP,
    Dir::LINE_INV_DOWN,
];

pub(super) static PAWN_OBLIQUES: [[Bitboard; HEX_COUNT]; 2] = [
    step_sets(&PAWN_OBLIQUE_DIRS[0]),
    step_sets(&PAWN_OBLIQUE_DIRS[1]),
];
pub(super) static PAWN_CAPTURES: [[Bitboard; HEX_COUNT]; 2] = [
    step_sets(&PAWN_CAPTURE_DIRS[0]),
    step_sets(&PAWN_CAPTURE_DIRS[1]),
];
static ELEPHANT_DIAGONALS: [Bitboard; HEX_COUNT] = step_sets(&ELEPHANT_DIAGONAL_DIRS);

/// The hexes the `role` (not a Pawn or a King) of `us` on `from` reaches
/// through `occupied`, own pieces included (the caller masks them).
#[inline(always)]
pub(super) fn piece_targets(from: Hex, role: Role, us: Color, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Elephant => elephant_targets(from, us, occupied),
        Role::Knight => JUMP_SETS[from.index()] | ride_targets(from, occupied),
        Role::Bishop => slide_targets(from, false, true, occupied),
        Role::Rook => slide_targets(from, true, false, occupied),
        Role::Queen => slide_targets(from, true, true, occupied),
        Role::Pegasus => slide_targets(from, false, true, occupied) | JUMP_SETS[from.index()],
        Role::Wyvern => slide_targets(from, true, false, occupied) | JUMP_SETS[from.index()],
        Role::Pawn | Role::King => unreachable!("pawns and Kings have their own generators"),
    }
}

/// Whether the `role` (not a Pawn or a King) of `us` on `from` reaches `to`
/// through `occupied`: [`piece_targets`]`(…).contains(to)`, with a slide
/// tested along its one ray instead of walking all of them.
#[inline(always)]
pub(super) fn piece_reaches(from: Hex, role: Role, us: Color, occupied: Bitboard, to: Hex) -> bool {
    match role {
        Role::Bishop => slides_to(from, to, false, true, occupied),
        Role::Rook => slides_to(from, to, true, false, occupied),
        Role::Queen => slides_to(from, to, true, true, occupied),
        Role::Pegasus => {
            JUMP_SETS[from.index()].contains(to) || slides_to(from, to, false, true, occupied)
        }
        Role::Wyvern => {
            JUMP_SETS[from.index()].contains(to) || slides_to(from, to, true, false, occupied)
        }
        _ => piece_targets(from, role, us, occupied).contains(to),
    }
}

/// Whether a slider on `from` moving along the orthogonal and/or diagonal
/// rays reaches `to`: `to` on such a ray, nothing between.
#[inline(always)]
fn slides_to(from: Hex, to: Hex, orthogonal: bool, diagonal: bool, occupied: Bitboard) -> bool {
    match direction_between(from, to) {
        Some(d)
            if (if d.is_orthogonal() {
                orthogonal
            } else {
                diagonal
            }) =>
        {
            let mut between = ray(d, from).without(ray(d, to));
            between.remove(to);
            (between & occupied).is_empty()
        }
        _ => false,
    }
}

/// An Elephant's destinations before masking own pieces (RULES.md §3.5):
/// one forward, two forward through an empty hex, the four (±1, ±3)
/// diagonals.
#[inline(always)]
fn elephant_targets(from: Hex, us: Color, occupied: Bitboard) -> Bitboard {
    let fwd = Dir::forward(us);
    let mut to = ELEPHANT_DIAGONALS[from.index()];
    if let Some(one) = from.step(fwd) {
        to.insert(one);
        if let Some(two) = one.step(fwd).filter(|_| !occupied.contains(one)) {
            to.insert(two);
        }
    }
    to
}

/// Knight rides (RULES.md §3.4): the same jump twice, through an empty hex
/// to an empty hex (a ride never captures).
#[inline(always)]
fn ride_targets(from: Hex, occupied: Bitboard) -> Bitboard {
    let mut to = Bitboard::EMPTY;
    JUMP_SETS[from.index()].without(occupied).for_each(|mid| {
        if let Some(t) = from.ride_beyond(mid).filter(|&t| !occupied.contains(t)) {
            to.insert(t);
        }
    });
    to
}
