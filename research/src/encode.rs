//! Fixed numeric encodings of positions and moves, for machine learning:
//! input planes over the 169 hexes and a move-index space for policies.
//! The Python package exposes them as NumPy arrays (`cescacs.encode`).
//!
//! # Planes
//!
//! [`write_planes`] fills `PLANES × 169` bytes, plane-major, the hex axis in
//! [`Hex::index`] order. Planes `0..18` are one-hot piece planes in the
//! order of [`piece_order`] (White's nine kinds in [`Role::ALL`] order, then
//! Black's); the others carry the state a model needs, named in
//! [`PLANE_NAMES`]:
//!
//! | plane | name | content |
//! |---|---|---|
//! | 18 | `white_to_move` | all 1 when White is to move |
//! | 19 | `castling_allowed` | all 1 unless castling is disallowed for the game |
//! | 20, 21 | `white_castling`, `black_castling` | the King's hex while it is unmoved, and each rook home hex whose right remains |
//! | 22 | `en_passant_targets` | the hexes an en passant capture may land on |
//! | 23 | `special_capture_pawn` | the pawn (or promoted piece) an en passant or scornful capture would take |
//! | 24 | `scornful_capturer` | the pawn that may make a scornful capture |
//! | 25 | `awaiting_promotion` | pawns of either side awaiting promotion |
//! | 26 | `halfmove_clock` | all the halfmove clock (0–150, saturating at 255) |
//! | 27 | `fullmove_number` | all the move number, saturating at 255 (0 when unknown) |
//!
//! # Move indices
//!
//! Every legal move of any position has one index below [`ACTIONS`], and two
//! different moves of a position never share one. The index depends only on
//! the move's identity ([`MoveId`]), so it needs no position:
//!
//! | range | moves | index |
//! |---|---|---|
//! | `0 .. 28,561` | every move without promotion (King's Leaps, en passant and scornful captures included) | `from × 169 + to` |
//! | `28,561 .. 29,773` | a pawn move that promotes: 202 slots, one per (origin, promotion hex) pair a pawn move can join (White's 15 hexes, then Black's, each with its origins one, two and three steps back, obliquely back and diagonally back) | 28,561 + slot × 6 + kind (D V R G N J) |
//! | `29,773 .. 29,953` | forced in-place promotions | 29,773 + promotion hex (of the 30) × 6 + kind |
//! | `29,953 .. 30,001` | castlings | 29,953 + colour × 24 + [`Castling::index`] |
//!
//! [`ACTIONS`] is 30,001; the 169 cells `from == to` of the first range are
//! never used.
//!
//! # A side's frame
//!
//! A player that learns one policy for both colours sees the board from its
//! own side, as PettingZoo's `chess_v6` shows it to Black. The frame of
//! `side` is the board mirrored across the midline when `side` is Black
//! (hex `(c, l)` ↦ `(c, 28 − l)`, [`Hex::mirror`], the symmetry that maps
//! Black's set-up onto White's, RULES.md §2.2) with the colours swapped, so
//! that `side` plays White: [`write_planes_for`] of a position for Black
//! is [`write_planes`] of the colour-swapped mirrored position, byte for
//! byte, and every legal move maps onto a legal move of that position.
//! Move indices follow the same frame ([`mirror_action`],
//! [`action_index_for`], [`write_legal_mask_for`]). White's frame is the
//! board as it is.

use std::sync::LazyLock;

use cescacs::{
    Castling, Color, Hex, Move, MoveId, Piece, Position, Role, SpecialCapture, HEX_COUNT,
    KING_HOME, KING_ROOK_HOME, QUEEN_ROOK_HOME,
};

/// One-hot piece planes: two colours × nine kinds.
pub const PIECE_PLANES: usize = 2 * Role::ALL.len();
/// All planes of [`write_planes`].
pub const PLANES: usize = PIECE_PLANES + 10;

/// The name of each plane, in order (pieces as `white_pawn` … `black_king`).
pub const PLANE_NAMES: [&str; PLANES] = [
    "white_pawn",
    "white_elephant",
    "white_bishop",
    "white_knight",
    "white_pegasus",
    "white_rook",
    "white_wyvern",
    "white_queen",
    "white_king",
    "black_pawn",
    "black_elephant",
    "black_bishop",
    "black_knight",
    "black_pegasus",
    "black_rook",
    "black_wyvern",
    "black_queen",
    "black_king",
    "white_to_move",
    "castling_allowed",
    "white_castling",
    "black_castling",
    "en_passant_targets",
    "special_capture_pawn",
    "scornful_capturer",
    "awaiting_promotion",
    "halfmove_clock",
    "fullmove_number",
];

/// The piece of each one-hot plane: White's kinds in [`Role::ALL`] order,
/// then Black's.
pub fn piece_order() -> [Piece; PIECE_PLANES] {
    let n = Role::ALL.len();
    std::array::from_fn(|i| Piece::new(Color::ALL[i / n], Role::ALL[i % n]))
}

/// Fills `out` (exactly [`PLANES`] × 169 bytes, plane-major) with the planes
/// of `pos`. Every byte is written.
///
/// ```
/// use cescacs_research::encode::{write_planes, PLANES, PLANE_NAMES};
/// use cescacs::{Hex, Position, HEX_COUNT};
///
/// let mut planes = vec![0u8; PLANES * HEX_COUNT];
/// write_planes(&Position::default(), &mut planes);
/// let king = PLANE_NAMES.iter().position(|&n| n == "white_king").unwrap();
/// let g1: Hex = "G1".parse().unwrap();
/// assert_eq!(planes[king * HEX_COUNT + g1.index()], 1);
/// assert_eq!(planes[king * HEX_COUNT..(king + 1) * HEX_COUNT].iter().map(|&b| b as u32).sum::<u32>(), 1);
/// ```
pub fn write_planes(pos: &Position, out: &mut [u8]) {
    write_planes_for(pos, Color::White, out);
}

/// Fills `out` as [`write_planes`] does, in the frame of `side` (see the
/// module documentation): for Black, the planes of the colour-swapped
/// position mirrored across the midline, so `white_*` planes hold `side`'s
/// pieces and rights, `black_*` planes the opponent's, and
/// `white_to_move` is all 1 when `side` is to move. For White, the same
/// bytes as [`write_planes`].
///
/// ```
/// use cescacs_research::encode::{write_planes, write_planes_for, PLANES, PLANE_NAMES};
/// use cescacs::{Color, Hex, Position, HEX_COUNT};
///
/// // The initial position is its own colour-swapped mirror: Black sees
/// // what White sees, except that it is not Black's turn.
/// let (mut white, mut black) = (vec![0u8; PLANES * HEX_COUNT], vec![0u8; PLANES * HEX_COUNT]);
/// write_planes(&Position::default(), &mut white);
/// write_planes_for(&Position::default(), Color::Black, &mut black);
/// let turn = PLANE_NAMES.iter().position(|&n| n == "white_to_move").unwrap();
/// for p in 0..PLANES {
///     let (w, b) = (&white[p * HEX_COUNT..(p + 1) * HEX_COUNT], &black[p * HEX_COUNT..(p + 1) * HEX_COUNT]);
///     assert_eq!(w == b, p != turn, "plane {p}");
/// }
/// ```
pub fn write_planes_for(pos: &Position, side: Color, out: &mut [u8]) {
    out.fill(0);
    write_frame_on_zeros(pos, side, out);
}

/// [`write_planes`] into bytes that are all zero already (a fresh
/// zeroed buffer, as training samples fill): the bytes that stay zero are
/// not written, so a sample costs one pass over its 4.7 kB, not two.
pub(crate) fn write_planes_on_zeros(pos: &Position, out: &mut [u8]) {
    write_frame_on_zeros(pos, Color::White, out);
}

/// [`write_planes_for`] into bytes that are all zero already (a fresh
/// zeroed array): the bytes that stay zero are not written.
pub fn write_planes_for_on_zeros(pos: &Position, side: Color, out: &mut [u8]) {
    write_frame_on_zeros(pos, side, out);
}

/// [`write_planes_for`] into bytes that are all zero already.
fn write_frame_on_zeros(pos: &Position, side: Color, out: &mut [u8]) {
    assert_eq!(
        out.len(),
        PLANES * HEX_COUNT,
        "write_planes needs PLANES × 169 bytes"
    );
    let mirrored = side == Color::Black;
    // The colour on the board that plays a plane's colour in this frame.
    let actual = |c: Color| if mirrored { !c } else { c };
    let mut set = |plane: usize, h: Hex| {
        let h = if mirrored { h.mirror() } else { h };
        out[plane * HEX_COUNT + h.index()] = 1;
    };
    for (plane, piece) in piece_order().into_iter().enumerate() {
        for h in pos.pieces(Piece::new(actual(piece.color), piece.role)) {
            set(plane, h);
        }
    }
    for color in Color::ALL {
        let c = actual(color);
        let rights = pos.castling_rights(c);
        let plane = PIECE_PLANES + 2 + color.index();
        if rights.king() {
            set(plane, KING_HOME[c.index()]);
        }
        if rights.queen_rook() {
            set(plane, QUEEN_ROOK_HOME[c.index()]);
        }
        if rights.king_rook() {
            set(plane, KING_ROOK_HOME[c.index()]);
        }
        for h in pos.awaiting_pawns(c) {
            set(PIECE_PLANES + 7, h);
        }
    }
    match pos.special_capture() {
        SpecialCapture::None => {}
        record @ SpecialCapture::EnPassant { pawn, .. } => {
            for h in record.en_passant_targets(!pos.turn()) {
                set(PIECE_PLANES + 4, h);
            }
            set(PIECE_PLANES + 5, pawn);
        }
        SpecialCapture::Scornful { capturer, pawn } => {
            set(PIECE_PLANES + 5, pawn);
            set(PIECE_PLANES + 6, capturer);
        }
    }
    let constant = |out: &mut [u8], plane: usize, value: u8| {
        out[plane * HEX_COUNT..(plane + 1) * HEX_COUNT].fill(value)
    };
    constant(out, PIECE_PLANES, u8::from(pos.turn() == side));
    constant(out, PIECE_PLANES + 1, u8::from(pos.castling_allowed()));
    constant(out, PIECE_PLANES + 8, pos.halfmove_clock().min(255) as u8);
    constant(
        out,
        PIECE_PLANES + 9,
        pos.fullmove_number().unwrap_or(0).min(255) as u8,
    );
}

/// The six kinds a pawn promotes to, in index order.
const PROMOTIONS: [Role; 6] = Role::REGAINABLE;

/// The promotion-move slots: for each (origin, promotion hex) pair a pawn
/// move can join, its slot; built once from the pawn geometry (RULES.md
/// §3.7: steps of 1, 2 and 3 hexes straight ahead, the two oblique steps,
/// the two diagonal captures).
struct ActionTable {
    /// `slot[from][to]`: the promotion slot of that pawn move, if any.
    slot: Vec<[u16; HEX_COUNT]>,
    /// The (from, to) pair of each promotion slot.
    pairs: Vec<(Hex, Hex)>,
    /// Index of each promotion hex (both sides) among the 30, or `NONE`.
    zone: [u16; HEX_COUNT],
    zone_hexes: Vec<Hex>,
}

const NONE: u16 = u16::MAX;
const ORDINARY: usize = HEX_COUNT * HEX_COUNT;

static TABLE: LazyLock<ActionTable> = LazyLock::new(|| {
    let mut t = ActionTable {
        slot: vec![[NONE; HEX_COUNT]; HEX_COUNT],
        pairs: Vec::new(),
        zone: [NONE; HEX_COUNT],
        zone_hexes: Vec::new(),
    };
    for color in Color::ALL {
        let f = color.forward();
        for to in Hex::all().filter(|&h| h.is_promotion_hex(color)) {
            t.zone[to.index()] = t.zone_hexes.len() as u16;
            t.zone_hexes.push(to);
            for (dc, dl) in [(0, 2), (0, 4), (0, 6), (1, 1), (-1, 1), (1, 3), (-1, 3)] {
                // The origin is behind the promotion hex.
                if let Some(from) = to.offset(-dc, -dl * f) {
                    t.slot[from.index()][to.index()] = t.pairs.len() as u16;
                    t.pairs.push((from, to));
                }
            }
        }
    }
    t
});

fn promotion_base() -> usize {
    ORDINARY
}

fn forced_base() -> usize {
    ORDINARY + TABLE.pairs.len() * PROMOTIONS.len()
}

fn castling_base() -> usize {
    forced_base() + TABLE.zone_hexes.len() * PROMOTIONS.len()
}

/// The size of the move-index space.
pub static ACTIONS: LazyLock<usize> = LazyLock::new(|| castling_base() + 2 * Castling::ALL.len());

fn promotion_kind(r: Role) -> Option<usize> {
    PROMOTIONS.iter().position(|&p| p == r)
}

/// The index of a move (by its identity), or `None` for an identity no
/// legal move can have (e.g. a promotion that no pawn move reaches).
///
/// ```
/// use cescacs_research::encode::{action_id, action_index, ACTIONS};
/// use cescacs::Position;
///
/// let pos = Position::default();
/// let mut seen = std::collections::HashSet::new();
/// for m in pos.legal_moves() {
///     let i = action_index(m.id()).unwrap();
///     assert!(i < *ACTIONS && seen.insert(i));
///     assert_eq!(action_id(i), Some(m.id()));
/// }
/// ```
#[inline]
pub fn action_index(id: MoveId) -> Option<usize> {
    match id {
        MoveId::Ordinary {
            from,
            to,
            promotion: None,
        } if from != to => Some(from.index() * HEX_COUNT + to.index()),
        MoveId::Ordinary {
            promotion: None, ..
        } => None,
        MoveId::Ordinary {
            from,
            to,
            promotion: Some(r),
        } => {
            let slot = TABLE.slot[from.index()][to.index()];
            (slot != NONE).then_some(())?;
            Some(promotion_base() + usize::from(slot) * PROMOTIONS.len() + promotion_kind(r)?)
        }
        MoveId::ForcedPromotion { hex, promotion } => {
            let z = TABLE.zone[hex.index()];
            (z != NONE).then_some(())?;
            Some(forced_base() + usize::from(z) * PROMOTIONS.len() + promotion_kind(promotion)?)
        }
        MoveId::Castling { color, castling } => {
            Some(castling_base() + color.index() * Castling::ALL.len() + castling.index())
        }
    }
}

/// The index of a legal move: [`action_index`] of its identity, with the
/// common case (neither a promotion nor a castling: `from × 169 + to`)
/// worked out without building the identity. Self-play asks it once a
/// ply, training samples once per legal move.
#[inline]
pub(crate) fn move_index(m: &Move) -> usize {
    if m.promotion().is_none() && m.castling().is_none() {
        return m.from().index() * HEX_COUNT + m.to().index();
    }
    action_index(m.id()).expect("every legal move has an index (tests/encode.rs)")
}

/// The move identity of an index (the inverse of [`action_index`]); `None`
/// at or above [`ACTIONS`] and for the `from == to` cells of the first range.
pub fn action_id(i: usize) -> Option<MoveId> {
    if i < ORDINARY {
        let (from, to) = (
            Hex::from_index(i / HEX_COUNT)?,
            Hex::from_index(i % HEX_COUNT)?,
        );
        return (from != to).then_some(MoveId::Ordinary {
            from,
            to,
            promotion: None,
        });
    }
    let k = PROMOTIONS.len();
    if i < forced_base() {
        let (slot, kind) = ((i - promotion_base()) / k, (i - promotion_base()) % k);
        let (from, to) = TABLE.pairs[slot];
        return Some(MoveId::Ordinary {
            from,
            to,
            promotion: Some(PROMOTIONS[kind]),
        });
    }
    if i < castling_base() {
        let (z, kind) = ((i - forced_base()) / k, (i - forced_base()) % k);
        return Some(MoveId::ForcedPromotion {
            hex: TABLE.zone_hexes[z],
            promotion: PROMOTIONS[kind],
        });
    }
    let c = i - castling_base();
    let n = Castling::ALL.len();
    (c < 2 * n).then(|| MoveId::Castling {
        color: Color::ALL[c / n],
        castling: Castling::ALL[c % n],
    })
}

/// Sets `out[action_index(m)]` for every legal move of `pos` (`out` holds
/// [`ACTIONS`] flags; the others are cleared).
pub fn write_legal_mask(pos: &Position, out: &mut [bool]) {
    write_legal_mask_for(pos, Color::White, out);
}

/// [`write_legal_mask`] in the frame of `side`: the flag of each legal
/// move is at its index as `side` sees it ([`action_index_for`]).
pub fn write_legal_mask_for(pos: &Position, side: Color, out: &mut [bool]) {
    out.fill(false);
    write_legal_mask_for_on_zeros(pos, side, out);
}

/// [`write_legal_mask_for`] into flags that are all `false` already (a
/// fresh zeroed array, as NumPy's `zeros` gives): only the legal moves'
/// flags are written, so a mask costs its moves, not a pass over its 30 kB.
pub fn write_legal_mask_for_on_zeros(pos: &Position, side: Color, out: &mut [bool]) {
    assert_eq!(out.len(), *ACTIONS, "write_legal_mask needs ACTIONS flags");
    for m in pos.legal_moves() {
        let i = action_index(m.id()).expect("every legal move has an index (tests/encode.rs)");
        out[if side == Color::Black {
            usize::from(MIRRORED[i])
        } else {
            i
        }] = true;
    }
}

/// The identity of a move seen in the other side's frame: its hexes
/// mirrored across the midline, a castling given to the other colour (Black's
/// castling table is White's mirrored, castling by castling).
fn mirror_id(id: MoveId) -> MoveId {
    match id {
        MoveId::Ordinary {
            from,
            to,
            promotion,
        } => MoveId::Ordinary {
            from: from.mirror(),
            to: to.mirror(),
            promotion,
        },
        MoveId::ForcedPromotion { hex, promotion } => MoveId::ForcedPromotion {
            hex: hex.mirror(),
            promotion,
        },
        MoveId::Castling { color, castling } => MoveId::Castling {
            color: !color,
            castling,
        },
    }
}

/// `MIRRORED[i]`: [`mirror_action`] of `i`, for every index.
static MIRRORED: LazyLock<Vec<u16>> = LazyLock::new(|| {
    (0..*ACTIONS)
        .map(|i| match action_id(i) {
            Some(id) => action_index(mirror_id(id))
                .expect("the index space is closed under the mirror (tests/encode.rs)")
                as u16,
            None => {
                (Hex::from_index(i / HEX_COUNT)
                    .expect("an unused cell is from == to")
                    .mirror()
                    .index()
                    * (HEX_COUNT + 1)) as u16
            }
        })
        .collect()
});

/// The index of move `i` in the other side's frame (the module
/// documentation's mirror), `None` at or above [`ACTIONS`]. A permutation of
/// `0..ACTIONS` that is its own inverse; it maps the unused `from == to`
/// cells onto each other. An agent that plays Black in its own frame
/// gives `j`; the move on the board is `mirror_action(j)`.
///
/// ```
/// use cescacs_research::encode::{action_index, mirror_action};
/// use cescacs::Position;
///
/// let pos = Position::default();
/// let e7_e13 = action_index(pos.parse_ctl("E7-E13").unwrap().id()).unwrap();
/// let black = pos.after(pos.parse_ctl("G7-G9").unwrap());
/// let e21_e15 = action_index(black.parse_ctl("E21-E15").unwrap().id()).unwrap();
/// assert_eq!(mirror_action(e21_e15), Some(e7_e13));
/// assert_eq!(mirror_action(e7_e13), Some(e21_e15));
/// ```
pub fn mirror_action(i: usize) -> Option<usize> {
    MIRRORED.get(i).map(|&j| usize::from(j))
}

/// [`action_index`] in the frame of `side`: for Black, the index of the
/// mirrored identity.
pub fn action_index_for(id: MoveId, side: Color) -> Option<usize> {
    action_index(if side == Color::Black {
        mirror_id(id)
    } else {
        id
    })
}

#[cfg(test)]
mod tests {
    use cescacs::random::game_seed;
    use cescacs::{History, MoveGroups, Position};

    use super::{action_index, move_index};
    use crate::selfplay::play_random;

    #[test]
    fn move_index_is_the_index_of_the_move_identity() {
        // Every legal move of every position of 300 random games: all kinds
        // of moves, promotions and castlings among them.
        let starts = [
            Position::default(),
            "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1".parse().unwrap(),
        ];
        let mut groups = MoveGroups::new();
        let (mut checked, mut special) = (0, 0);
        for start in &starts {
            for i in 0..150 {
                let mut history = History::new(start.clone());
                play_random(&mut history, game_seed(9, i), 300, &mut groups);
                for pos in history.positions() {
                    for m in &pos.legal_moves() {
                        assert_eq!(move_index(m), action_index(m.id()).unwrap(), "{m:?}");
                        checked += 1;
                        special += usize::from(m.promotion().is_some() || m.castling().is_some());
                    }
                }
            }
        }
        assert!(
            checked > 1_000_000 && special > 1_000,
            "{checked} moves, {special} promotions and castlings"
        );
    }
}
