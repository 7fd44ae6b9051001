//! Legal move generation (RULES.md §3–§5).
//!
//! Strategy: one walk of the twelve rays from the side's King finds the
//! checkers (and the hexes that block or capture them) and the pinned pieces
//! (with the hexes they may still move to). Ordinary moves are then filtered
//! by those masks without playing them; King moves test their destination
//! with the King lifted off the board. The rare moves whose legality depends
//! on more than one hex changing — en passant (two hexes vacated) and
//! castling (rooks leave their homes) — are played on a copy and tested
//! (RULES.md §5.4, "make-and-test").

use std::sync::LazyLock;

use arrayvec::ArrayVec;

use crate::bitboard::Bitboard;
use crate::castling::{Castling, CastlingRooks, KING_HOME, LEAP_HEXES, LEAP_ZONE};
use crate::geometry::{distance, first_on_ray, neighbours, ray, ray_count, slide_targets, step_const, step_sets, Dir, Hex, HEX_COUNT, JUMP_SETS};
use crate::moves::{Move, MoveKind, MoveList, MAX_MOVES};
use crate::piece::{Color, Piece, Role};
use crate::position::{attacks_along, Position, SpecialCapture};

/// The 8 triple-step hexes per side (RULES.md §3.7.2).
const TRIPLE_STEP_HEXES: [Bitboard; 2] = [triple_hexes(0), triple_hexes(1)];

const fn triple_hexes(color: usize) -> Bitboard {
    // B4, C5, D6, E7, G7, H6, I5, K4 (White); mirrored for Black.
    const WHITE: [(u8, u8); 8] = [(3, 4), (4, 5), (5, 6), (6, 7), (8, 7), (9, 6), (10, 5), (11, 4)];
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
static TRIPLE_STEP_FROM: [[bool; HEX_COUNT]; 2] = {
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
static PAWN_PUSHES: [[Bitboard; HEX_COUNT]; 2] = [pawn_pushes(Color::White), pawn_pushes(Color::Black)];

const fn pawn_pushes(color: Color) -> [Bitboard; HEX_COUNT] {
    let mut out = [Bitboard::EMPTY; HEX_COUNT];
    let mut i = 0;
    while i < HEX_COUNT {
        let from = Hex::from_u8(i as u8);
        let steps = if TRIPLE_STEP_HEXES[color.index()].contains(from) { 3 } else { 2 };
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
static PROMOTION_ZONE: [Bitboard; 2] = [promotion_zone(Color::White), promotion_zone(Color::Black)];

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
static PROMOTION_APPROACH: [Bitboard; 2] = [promotion_approach(Color::White), promotion_approach(Color::Black)];

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
const PAWN_OBLIQUE_DIRS: [[Dir; 2]; 2] = [[Dir::FILE_UP, Dir::FILE_INV_UP], [Dir::FILE_DOWN, Dir::FILE_INV_DOWN]];
/// A pawn's captures (±1, 3f) per colour (RULES.md §3.7.3).
const PAWN_CAPTURE_DIRS: [[Dir; 2]; 2] = [[Dir::LINE_UP, Dir::LINE_INV_UP], [Dir::LINE_DOWN, Dir::LINE_INV_DOWN]];
/// An Elephant's four (±1, ±3) diagonal steps (RULES.md §3.5).
const ELEPHANT_DIAGONAL_DIRS: [Dir; 4] = [Dir::LINE_UP, Dir::LINE_DOWN, Dir::LINE_INV_UP, Dir::LINE_INV_DOWN];

static PAWN_OBLIQUES: [[Bitboard; HEX_COUNT]; 2] = [step_sets(&PAWN_OBLIQUE_DIRS[0]), step_sets(&PAWN_OBLIQUE_DIRS[1])];
static PAWN_CAPTURES: [[Bitboard; HEX_COUNT]; 2] = [step_sets(&PAWN_CAPTURE_DIRS[0]), step_sets(&PAWN_CAPTURE_DIRS[1])];
static ELEPHANT_DIAGONALS: [Bitboard; HEX_COUNT] = step_sets(&ELEPHANT_DIAGONAL_DIRS);

/// What the King's ray walk found.
struct KingSafety {
    checkers: u32,
    /// Hexes a non-King move must land on: when in single check, the checker
    /// and the hexes between it and the King; otherwise every hex.
    check_mask: Bitboard,
    pinned: Bitboard,
    pins: ArrayVec<Pin, 12>,
}

/// A piece pinned to its King: three bytes, so that [`KingSafety`] is
/// small to return (a set per pin made it 450 bytes, copied every ply).
#[derive(Clone, Copy)]
struct Pin {
    piece: Hex,
    /// From the King towards the piece.
    dir: Dir,
    pinner: Hex,
}

impl Pin {
    /// The hexes the pinned piece may move to: between the King on `king`
    /// and the pinner, the pinner included.
    #[inline(always)]
    fn line(&self, king: Hex) -> Bitboard {
        ray(self.dir, king).without(ray(self.dir, self.pinner))
    }
}

impl KingSafety {
    #[inline(always)]
    fn allowed(&self, king: Hex, from: Hex) -> Bitboard {
        let mut allowed = self.check_mask;
        if self.pinned.contains(from) {
            for pin in &self.pins {
                if pin.piece == from {
                    allowed &= pin.line(king);
                }
            }
        }
        allowed
    }
}

/// Where generated moves go: a list, or (at perft's last ply) a counter, so
/// that one generator serves both and counting never builds moves.
pub(crate) trait Moves {
    fn add(&mut self, m: Move);
    /// Adds a move of `role` from `from` to each hex of `to` (which holds
    /// no own piece), capturing what stands there.
    fn add_set(&mut self, pos: &Position, from: Hex, role: Role, to: Bitboard);
    /// Adds the moves of the side to move's pawn on `from` that land on
    /// `allowed` (the check and pin constraints).
    fn add_pawn(&mut self, pos: &Position, from: Hex, occupied: Bitboard, allowed: Bitboard);
    /// Adds the moves of the side to move's `role` (not a King) on `from`
    /// that land on `allowed` (the check and pin constraints).
    #[inline(always)]
    fn add_piece(&mut self, pos: &Position, from: Hex, role: Role, own: Bitboard, occupied: Bitboard, allowed: Bitboard)
    where
        Self: Sized,
    {
        pos.gen_piece(from, role, own, occupied, allowed, self);
    }
    /// Adds the moves of the side to move's `role` (not a King) pieces on
    /// `pieces`, all held to `allowed`.
    #[inline(always)]
    fn add_pieces(&mut self, pos: &Position, role: Role, pieces: Bitboard, own: Bitboard, occupied: Bitboard, allowed: Bitboard)
    where
        Self: Sized,
    {
        for from in pieces {
            self.add_piece(pos, from, role, own, occupied, allowed);
        }
    }
    /// Adds the King's Leaps and castlings of the side to move (its King
    /// unmoved and not in check).
    #[inline(always)]
    fn add_king_gaits(&mut self, pos: &Position)
    where
        Self: Sized,
    {
        let safe = pos.safe_leap_hexes();
        // Every Leap and castling lands the King on a leap hex.
        if !safe.is_empty() {
            pos.gen_leaps(safe, self);
            pos.gen_castlings(safe, self);
        }
    }
    /// Adds the King's steps from `king` to the hexes of `candidates`
    /// ([`Position::king_step_candidates`]) that are not attacked. A sink
    /// that samples one move may keep the candidates instead and test only
    /// the one it draws ([`MoveGroups::choose`]).
    #[inline(always)]
    fn add_king_steps(&mut self, pos: &Position, king: Hex, candidates: Bitboard)
    where
        Self: Sized,
    {
        for t in candidates {
            if let Some(m) = pos.king_step(king, t) {
                self.add(m);
            }
        }
    }
}

impl<const N: usize> Moves for ArrayVec<Move, N> {
    #[inline(always)]
    fn add(&mut self, m: Move) {
        self.push(m);
    }
    #[inline(always)]
    fn add_set(&mut self, pos: &Position, from: Hex, role: Role, to: Bitboard) {
        to.for_each(|t| {
            let captured = pos.piece_at(t).map(|p| p.role);
            self.push(Move::new(from, t, role, captured, MoveKind::Normal));
        });
    }
    #[inline(always)]
    fn add_pawn(&mut self, pos: &Position, from: Hex, _: Bitboard, allowed: Bitboard) {
        let us = pos.turn;
        if PROMOTION_APPROACH[us.index()].contains(from) {
            pos.gen_pawn(from, us, &mut Sink { list: self, allowed });
            return;
        }
        // No promotion to expand: each step is one move.
        let mut add = |t: Hex, kind: MoveKind, captured: Option<Role>| {
            if allowed.contains(t) {
                self.push(Move::new(from, t, Role::Pawn, captured, kind));
            }
        };
        match us {
            Color::White => pos.pawn_steps::<false>(from, &mut add),
            Color::Black => pos.pawn_steps::<true>(from, &mut add),
        }
    }
}

/// Counts moves without building them.
///
/// The target sets of the pieces are summed as 2-bit counters per hex (a
/// carry-save adder: `ones` and `twos` are the low and high bits), so a set
/// costs a few word operations instead of a popcount; only a hex reached a
/// fourth time overflows into `n`. [`Counter::total`] popcounts the two
/// planes once per position.
#[derive(Default)]
pub(crate) struct Counter {
    ones: Bitboard,
    twos: Bitboard,
    n: usize,
}

impl Counter {
    /// The number of moves added.
    #[inline(always)]
    pub(crate) fn total(&self) -> usize {
        self.n + self.ones.count() as usize + 2 * self.twos.count() as usize
    }
}

impl Counter {
    /// Counts the moves of free sliders (see [`Counter::add_pieces`]),
    /// with the knight jumps of the roles that also jump.
    #[inline(always)]
    fn add_sliders<const ORTHOGONAL: bool, const DIAGONAL: bool, const JUMPS: bool>(
        &mut self,
        pieces: Bitboard,
        own: Bitboard,
        occupied: Bitboard,
    ) {
        pieces.for_each(|from| {
            // Rays blocked on their first hex give a capture or nothing; only
            // the open ones are walked (in the opening most sliders have
            // none).
            let first = neighbours(from, ORTHOGONAL, DIAGONAL);
            let captures = (first & occupied).without(own);
            if !captures.is_empty() {
                self.n += captures.count_few() as usize;
            }
            self.n += first
                .without(occupied)
                .map(|t| ray_count(Dir::towards_neighbour(from, t), from, own, occupied) as usize)
                .sum::<usize>();
            if JUMPS {
                self.add_targets(JUMP_SETS[from.index()].without(own));
            }
        });
    }

    /// Adds one move per hex of `to` (the carry-save adder).
    #[inline(always)]
    fn add_targets(&mut self, to: Bitboard) {
        let carry = self.ones & to;
        self.ones ^= to;
        let overflow = self.twos & carry;
        self.twos ^= carry;
        if !overflow.is_empty() {
            self.n += 4 * overflow.count() as usize;
        }
    }
}

impl Moves for Counter {
    #[inline(always)]
    fn add(&mut self, _: Move) {
        self.n += 1;
    }
    #[inline(always)]
    fn add_set(&mut self, _: &Position, _: Hex, _: Role, to: Bitboard) {
        self.add_targets(to);
    }
    #[inline(always)]
    fn add_pawn(&mut self, pos: &Position, from: Hex, occupied: Bitboard, allowed: Bitboard) {
        self.n += pos.count_pawn(from, pos.turn, occupied, allowed);
    }
    /// Pieces held to no mask (not in check, not pinned) are counted
    /// without building their target sets: sliders ray by ray, only along
    /// their open rays ([`ray_count`]); pawns that cannot promote, Knights
    /// and Elephants on the board's bytes. Pawns that may promote, and every
    /// piece under a mask, take the general path.
    #[inline(always)]
    fn add_pieces(&mut self, pos: &Position, role: Role, pieces: Bitboard, own: Bitboard, occupied: Bitboard, allowed: Bitboard) {
        if allowed == Bitboard::FULL {
            // Constant arguments per role, so that each ray loop unrolls.
            match role {
                Role::Bishop => return self.add_sliders::<false, true, false>(pieces, own, occupied),
                Role::Rook => return self.add_sliders::<true, false, false>(pieces, own, occupied),
                Role::Queen => return self.add_sliders::<true, true, false>(pieces, own, occupied),
                Role::Pegasus => return self.add_sliders::<false, true, true>(pieces, own, occupied),
                Role::Wyvern => return self.add_sliders::<true, false, true>(pieces, own, occupied),
                Role::Pawn => {
                    let us = pos.turn;
                    let approach = PROMOTION_APPROACH[us.index()];
                    self.n += match us {
                        Color::White => pos.count_free_pawns::<false>(pieces.without(approach)),
                        Color::Black => pos.count_free_pawns::<true>(pieces.without(approach)),
                    };
                    for from in pieces & approach {
                        self.n += pos.count_pawn(from, us, occupied, allowed);
                    }
                    return;
                }
                Role::Knight => {
                    self.n += pos.count_free_knights(pieces, own, occupied);
                    return;
                }
                Role::Elephant => {
                    self.n += match pos.turn {
                        Color::White => pos.count_free_elephants::<false>(pieces),
                        Color::Black => pos.count_free_elephants::<true>(pieces),
                    };
                    return;
                }
                Role::King => {}
            }
        }
        for from in pieces {
            self.add_piece(pos, from, role, own, occupied, allowed);
        }
    }
}

/// Some legal moves, as the generator found them.
#[derive(Clone, Copy)]
enum Group {
    One(Move),
    /// The `n` moves of the piece on `from` to each hex of `to`.
    Set { from: Hex, role: Role, to: Bitboard, n: u8 },
    /// The `n` moves of the pawn on `from` held to `allowed`.
    Pawn { from: Hex, allowed: Bitboard, n: u8 },
    /// The moves of the piece on `from` held to `allowed`, not generated
    /// yet: at most `n` ([`MOVE_BOUNDS`]).
    Unknown { from: Hex, role: Role, allowed: Bitboard, n: u8 },
}

impl Group {
    /// The number of moves of the group (an upper bound for `Unknown`).
    #[inline(always)]
    fn weight(&self) -> usize {
        match *self {
            Group::One(_) => 1,
            Group::Set { n, .. } | Group::Pawn { n, .. } | Group::Unknown { n, .. } => usize::from(n),
        }
    }

    /// The group's `k`-th move (`k < weight()`, not `Unknown`) in `pos`.
    fn get(&self, pos: &Position, k: usize) -> Move {
        match *self {
            Group::One(m) => m,
            Group::Set { from, role, to, .. } => {
                let t = to.into_iter().nth(k).expect("k < the size of the set");
                Move::new(from, t, role, pos.piece_at(t).map(|p| p.role), MoveKind::Normal)
            }
            Group::Pawn { from, allowed, .. } => {
                let mut list = MoveList::new();
                pos.gen_pawn(from, pos.turn, &mut Sink { list: &mut list, allowed });
                list[k]
            }
            Group::Unknown { .. } => unreachable!("an unknown group is generated before it is read"),
        }
    }

    #[inline(always)]
    fn set(from: Hex, role: Role, to: Bitboard) -> Group {
        // At most 72 targets: a Queen's rays from the centre.
        Group::Set { from, role, to, n: to.count() as u8 }
    }

    #[inline(always)]
    fn pawn(pos: &Position, from: Hex, occupied: Bitboard, allowed: Bitboard) -> Group {
        // At most 3 steps + 2 obliques + 2 captures, times the few
        // promotion choices: far below 256.
        Group::Pawn { from, allowed, n: pos.count_pawn(from, pos.turn, occupied, allowed) as u8 }
    }
}

/// `CASTLINGS_TO[colour][i][rights]`: the castlings whose King lands on
/// leap hex `i` ([`LEAP_HEXES`]) and whose rooks have their rights
/// (`rights`: bit 0 the king's rook, bit 1 the queen's rook).
static CASTLINGS_TO: LazyLock<[[[u8; 4]; 5]; 2]> = LazyLock::new(|| {
    let mut out = [[[0; 4]; 5]; 2];
    for color in Color::ALL {
        for c in Castling::ALL {
            let i = LEAP_HEXES[color.index()]
                .iter()
                .position(|&t| t == c.king_to(color))
                .expect("a castling's King lands on a leap hex");
            for (r, n) in out[color.index()][i].iter_mut().enumerate() {
                let (king_rook, queen_rook) = (r & 1 != 0, r & 2 != 0);
                let ok = match c.rooks() {
                    CastlingRooks::KingRook => king_rook,
                    CastlingRooks::QueenRook => queen_rook,
                    CastlingRooks::Both => king_rook && queen_rook,
                };
                *n += u8::from(ok);
            }
        }
    }
    out
});

/// Upper bounds on the number of moves of the pieces of one colour.
/// [`MoveGroups::choose`] draws against these and generates only the pieces
/// it draws.
struct MoveBounds {
    /// `piece[role][hex]`: the targets of the piece on an empty board, each
    /// promotion hex of a pawn counted for the six promotion choices.
    piece: [[u8; HEX_COUNT]; 8],
    /// `role[role]`: the largest `piece[role][hex]` (for pawns, off
    /// `near_promotion`), so that a role's pieces are bounded by a count.
    role: [u16; 8],
    /// The hexes from which a pawn may promote with its next move, and
    /// the largest bound of a pawn there.
    near_promotion: Bitboard,
    near_max: u16,
}

impl MoveBounds {
    /// A bound on the moves of the `role` pieces on `pieces`: more work
    /// saved, a looser bound than the sum of `piece`.
    #[inline(always)]
    fn of_role(&self, role: Role, pieces: Bitboard) -> usize {
        let r = role.index();
        if role == Role::Pawn {
            let near = (pieces & self.near_promotion).count() as usize;
            (pieces.count() as usize - near) * usize::from(self.role[r]) + near * usize::from(self.near_max)
        } else {
            pieces.count_few() as usize * usize::from(self.role[r])
        }
    }
}

static MOVE_BOUNDS: LazyLock<[MoveBounds; 2]> = LazyLock::new(|| {
    Color::ALL.map(|us| {
        let c = us.index();
        let mut b = MoveBounds { piece: [[0; HEX_COUNT]; 8], role: [0; 8], near_promotion: Bitboard::EMPTY, near_max: 0 };
        let byte = |n: u32| u8::try_from(n).expect("fewer than 256 moves per piece");
        for from in Hex::all() {
            let i = from.index();
            let reach = PAWN_PUSHES[c][i] | PAWN_OBLIQUES[c][i] | PAWN_CAPTURES[c][i];
            let promotions = (reach & PROMOTION_ZONE[c]).count();
            let n = byte(reach.count() + promotions * (Role::REGAINABLE.len() as u32 - 1));
            b.piece[Role::Pawn.index()][i] = n;
            if promotions > 0 {
                b.near_promotion.insert(from);
                b.near_max = b.near_max.max(n.into());
            } else {
                b.role[Role::Pawn.index()] = b.role[Role::Pawn.index()].max(n.into());
            }
            for role in Role::ALL.into_iter().filter(|&r| r != Role::Pawn && r != Role::King) {
                let n = byte(piece_targets(from, role, us, Bitboard::EMPTY).count());
                b.piece[role.index()][i] = n;
                b.role[role.index()] = b.role[role.index()].max(n.into());
            }
        }
        b
    })
});

/// The legal moves of a position as far as random play needs them, so that
/// one move is drawn uniformly without generating the others (see
/// [`crate::selfplay`]). Rejection sampling over a superset of the moves:
///
/// - the pieces of each role but the King stand for a bound of their moves
///   ([`MoveBounds::of_role`]) until a draw lands on them; then each piece
///   stands for its own bound until a draw lands on it; then its moves are
///   generated and the bound becomes their number;
/// - the King's steps are unchecked candidates until one is drawn; then it
///   is tested for attacks (those tests were a quarter of random play);
/// - the King's Leaps and castlings stand for a bound
///   ([`Position::king_gait_bound`]) until a draw lands on them;
/// - pinned pieces stand for their own bound from the start; the rest (en
///   passant and scornful captures, forced promotions) are listed.
///
/// A draw that lands on a slot that turns out to be no legal move is
/// repeated. Each draw is uniform over the remaining slots, every legal
/// move keeps its one slot, so the move drawn is uniform over the legal
/// moves. Random play generates a few pieces a ply instead of all of them.
pub(crate) struct MoveGroups {
    /// Per role: its free (unpinned) pieces whose moves are not generated
    /// yet, their weight (a bound of their moves: [`MoveBounds::of_role`]
    /// until `role_split`, then the sum of each piece's bound), the sum of
    /// those weights, and where the pieces may move.
    role_pieces: [Bitboard; 8],
    role_weights: [u16; 8],
    role_split: [bool; 8],
    roles_weight: usize,
    allowed: Bitboard,
    groups: ArrayVec<Group, MAX_MOVES>,
    /// The groups' weights, apart for a quick scan.
    weights: ArrayVec<u8, MAX_MOVES>,
    /// The sum of the groups' weights.
    weight: usize,
    /// [`MOVE_BOUNDS`] of the side to move.
    bounds: &'static MoveBounds,
    /// The King's Leaps and castlings once generated (`gaits_known`), and
    /// their weight: their number, or a bound
    /// ([`Position::king_gait_bound`]) before.
    gaits: MoveList,
    gaits_known: bool,
    gaits_weight: usize,
    king: Hex,
    /// The King's step destinations not yet tested for attacks, and their
    /// number.
    king_steps: Bitboard,
    king_step_count: usize,
}

impl MoveGroups {
    pub(crate) fn new() -> MoveGroups {
        MoveGroups {
            role_pieces: [Bitboard::EMPTY; 8],
            role_weights: [0; 8],
            role_split: [false; 8],
            roles_weight: 0,
            allowed: Bitboard::EMPTY,
            groups: ArrayVec::new(),
            weights: ArrayVec::new(),
            weight: 0,
            bounds: &MOVE_BOUNDS[0],
            gaits: MoveList::new(),
            gaits_known: true,
            gaits_weight: 0,
            king: Hex::from_u8(0),
            king_steps: Bitboard::EMPTY,
            king_step_count: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, g: Group) {
        let w = g.weight();
        if w > 0 {
            self.weight += w;
            self.groups.push(g);
            self.weights.push(w as u8);
        }
    }

    /// A uniformly random legal move of `pos` (the position these groups
    /// were generated for), or `None` if it has none; `below(n)` draws a
    /// uniform index under `n`.
    pub(crate) fn choose(&mut self, pos: &Position, mut below: impl FnMut(usize) -> usize) -> Option<Move> {
        loop {
            let n = self.roles_weight + self.weight + self.gaits_weight + self.king_step_count;
            if n == 0 {
                return None;
            }
            let mut k = below(n);
            let i = if k < self.roles_weight {
                let r = find_slot(&self.role_weights, &mut k).expect("k < the sum of the role weights");
                if !self.role_split[r] {
                    // The block's first slots become its pieces' bounds, in
                    // order; the rest are no move.
                    self.split_role(r);
                    if k >= usize::from(self.role_weights[r]) {
                        continue;
                    }
                }
                // Slot k of the block: the piece, then its moves.
                let (from, bound) = self.role_pieces[r]
                    .map(|h| (h, usize::from(self.bounds.piece[r][h.index()])))
                    .find(|&(_, b)| {
                        k < b || {
                            k -= b;
                            false
                        }
                    })
                    .expect("k < the block's weight");
                self.role_pieces[r].remove(from);
                self.role_weights[r] -= bound as u16;
                self.roles_weight -= bound;
                let g = pos.piece_group(from, Role::ALL[r], self.allowed);
                debug_assert!(g.weight() <= bound, "{:?} on {from}: the bound holds", Role::ALL[r]);
                if k >= g.weight() {
                    self.push(g);
                    continue;
                }
                self.push(g);
                self.groups.len() - 1
            } else {
                k -= self.roles_weight;
                if k >= self.weight + self.gaits_weight {
                    let t = self.king_steps.into_iter().nth(k - self.weight - self.gaits_weight).expect("k < n");
                    self.king_steps.remove(t);
                    self.king_step_count -= 1;
                    if let Some(m) = pos.king_step(self.king, t) {
                        return Some(m);
                    }
                    continue;
                }
                if k >= self.weight {
                    // The Leaps and castlings: generated when first drawn.
                    k -= self.weight;
                    if !self.gaits_known {
                        self.gaits_known_now(pos);
                        if k >= self.gaits_weight {
                            continue;
                        }
                    }
                    return Some(self.gaits[k]);
                }
                let i = find_slot(&self.weights, &mut k).expect("k < the sum of the weights");
                if let Group::Unknown { from, role, allowed, n } = self.groups[i] {
                    let g = pos.piece_group(from, role, allowed);
                    debug_assert!(g.weight() <= usize::from(n), "{role:?} on {from}: the bound holds");
                    self.weight = self.weight - usize::from(n) + g.weight();
                    self.weights[i] = g.weight() as u8;
                    self.groups[i] = g;
                    if k >= g.weight() {
                        continue;
                    }
                }
                i
            };
            return Some(self.groups[i].get(pos, k));
        }
    }

    /// Generates the King's Leaps and castlings in place of their bound.
    fn gaits_known_now(&mut self, pos: &Position) {
        self.gaits.clear();
        let safe = pos.safe_leap_hexes();
        pos.gen_leaps(safe, &mut self.gaits);
        pos.gen_castlings(safe, &mut self.gaits);
        debug_assert!(self.gaits.len() <= self.gaits_weight, "the bound of the King's gaits holds");
        self.gaits_weight = self.gaits.len();
        self.gaits_known = true;
    }

    /// Replaces the bound of the role `r`'s pieces with the sum of each
    /// piece's bound (at most the role's bound).
    fn split_role(&mut self, r: usize) {
        let sum: usize = self.role_pieces[r].map(|h| usize::from(self.bounds.piece[r][h.index()])).sum();
        debug_assert!(sum <= usize::from(self.role_weights[r]), "the role's bound holds");
        self.roles_weight = self.roles_weight - usize::from(self.role_weights[r]) + sum;
        self.role_weights[r] = sum as u16;
        self.role_split[r] = true;
    }

    /// Every legal move, each piece generated (for tests).
    #[cfg(test)]
    fn all(&mut self, pos: &Position) -> Vec<Move> {
        for r in 0..8 {
            for from in std::mem::take(&mut self.role_pieces[r]) {
                self.push(pos.piece_group(from, Role::ALL[r], self.allowed));
            }
        }
        let mut out = Vec::new();
        for g in &mut self.groups {
            if let Group::Unknown { from, role, allowed, .. } = *g {
                *g = pos.piece_group(from, role, allowed);
            }
            out.extend((0..g.weight()).map(|k| g.get(pos, k)));
        }
        if !self.gaits_known {
            self.gaits_known_now(pos);
        }
        out.extend(self.gaits.iter().copied());
        out.extend(self.king_steps.into_iter().filter_map(|t| pos.king_step(self.king, t)));
        out
    }
}

impl Position {
    /// The moves of the side to move's `role` on `from` held to `allowed`,
    /// as [`Position::gen_piece`] generates them.
    fn piece_group(&self, from: Hex, role: Role, allowed: Bitboard) -> Group {
        let own = self.by_color[self.turn.index()];
        let occupied = own | self.by_color[(!self.turn).index()];
        let mut piece = PieceGroup(Group::Set { from, role, to: Bitboard::EMPTY, n: 0 });
        self.gen_piece(from, role, own, occupied, allowed, &mut piece);
        piece.0
    }
}

impl Moves for MoveGroups {
    #[inline(always)]
    fn add(&mut self, m: Move) {
        self.push(Group::One(m));
    }
    #[inline(always)]
    fn add_set(&mut self, _: &Position, from: Hex, role: Role, to: Bitboard) {
        self.push(Group::set(from, role, to));
    }
    #[inline(always)]
    fn add_pawn(&mut self, pos: &Position, from: Hex, occupied: Bitboard, allowed: Bitboard) {
        self.push(Group::pawn(pos, from, occupied, allowed));
    }
    #[inline(always)]
    fn add_piece(&mut self, _: &Position, from: Hex, role: Role, _: Bitboard, _: Bitboard, allowed: Bitboard) {
        if !allowed.is_empty() {
            let n = self.bounds.piece[role.index()][from.index()];
            self.push(Group::Unknown { from, role, allowed, n });
        }
    }
    #[inline(always)]
    fn add_pieces(&mut self, _: &Position, role: Role, pieces: Bitboard, _: Bitboard, _: Bitboard, allowed: Bitboard) {
        if !allowed.is_empty() && !pieces.is_empty() {
            // Every free piece has the same `allowed`: the check mask.
            let w = self.bounds.of_role(role, pieces);
            self.role_pieces[role.index()] = pieces;
            self.role_weights[role.index()] = u16::try_from(w).expect("a bound of a few hundred moves");
            self.role_split[role.index()] = false;
            self.roles_weight += w;
            self.allowed = allowed;
        }
    }
    #[inline(always)]
    fn add_king_gaits(&mut self, pos: &Position) {
        self.gaits_weight = pos.king_gait_bound();
        self.gaits_known = self.gaits_weight == 0;
        self.gaits.clear();
    }
    #[inline(always)]
    fn add_king_steps(&mut self, _: &Position, king: Hex, candidates: Bitboard) {
        self.king = king;
        self.king_steps = candidates;
        self.king_step_count = candidates.count() as usize;
    }
}

/// The index of the weight whose slots hold slot `k` of `weights` (laid end
/// to end), and `k` made relative to it; `None` past the last slot.
#[inline(always)]
fn find_slot<W: Copy + Into<usize>>(weights: &[W], k: &mut usize) -> Option<usize> {
    weights.iter().position(|&w| {
        let w = w.into();
        *k < w || {
            *k -= w;
            false
        }
    })
}

/// Catches the one group [`Position::gen_piece`] makes of a piece's moves.
struct PieceGroup(Group);

impl Moves for PieceGroup {
    fn add(&mut self, _: Move) {
        unreachable!("a piece's moves come as a target set or as a pawn's")
    }
    #[inline(always)]
    fn add_set(&mut self, _: &Position, from: Hex, role: Role, to: Bitboard) {
        self.0 = Group::set(from, role, to);
    }
    #[inline(always)]
    fn add_pawn(&mut self, pos: &Position, from: Hex, occupied: Bitboard, allowed: Bitboard) {
        self.0 = Group::pawn(pos, from, occupied, allowed);
    }
}

/// The hexes the `role` (not a Pawn or a King) of `us` on `from` reaches
/// through `occupied`, own pieces included (the caller masks them).
#[inline(always)]
fn piece_targets(from: Hex, role: Role, us: Color, occupied: Bitboard) -> Bitboard {
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

/// Collects the moves of one origin landing on some hexes, dropping the others.
struct FromOnly<'a, L: Moves> {
    from: Hex,
    dests: Bitboard,
    list: &'a mut L,
}

impl<L: Moves> Moves for FromOnly<'_, L> {
    fn add(&mut self, m: Move) {
        if m.from == self.from && self.dests.contains(m.to) {
            self.list.add(m);
        }
    }
    fn add_set(&mut self, pos: &Position, from: Hex, role: Role, to: Bitboard) {
        if from == self.from {
            self.list.add_set(pos, from, role, to & self.dests);
        }
    }
    fn add_pawn(&mut self, pos: &Position, from: Hex, occupied: Bitboard, allowed: Bitboard) {
        if from == self.from {
            self.list.add_pawn(pos, from, occupied, allowed & self.dests);
        }
    }
}

/// Collects moves, dropping those outside the allowed mask of their piece.
struct Sink<'a, L: Moves> {
    list: &'a mut L,
    allowed: Bitboard,
}

impl<L: Moves> Sink<'_, L> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        if self.allowed.contains(m.to) {
            self.list.add(m);
        }
    }
}

impl Position {
    /// Every legal move of the side to move.
    ///
    /// ```
    /// use cescacs::Position;
    /// let pos: Position = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1".parse().unwrap();
    /// let moves = pos.legal_moves();
    /// assert_eq!(moves.len(), 90);
    /// assert_eq!(moves.iter().filter(|m| m.castling().is_some()).count(), 24);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }

    /// Replaces the contents of `list` with the legal moves: lets a caller
    /// that keeps a list (a binding, a front end) refill it in place.
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        self.generate(list);
    }

    /// The legal moves of the piece on `from` (castlings included when it
    /// is the King), in the order of [`Position::legal_moves`]: what a
    /// front end shows for a selected piece, and what reading a move text
    /// needs, at a fraction of the cost of every move.
    ///
    /// ```
    /// use cescacs::{Hex, Position};
    /// let pos = Position::default();
    /// let g3: Hex = "G3".parse().unwrap();
    /// let knight: Vec<_> = pos.legal_moves().into_iter().filter(|m| m.from() == g3).collect();
    /// assert_eq!(pos.legal_moves_from(g3).as_slice(), knight.as_slice());
    /// assert!(pos.legal_moves_from("G25".parse().unwrap()).is_empty()); // not the mover's
    /// ```
    pub fn legal_moves_from(&self, from: Hex) -> MoveList {
        let mut list = MoveList::new();
        self.gen_from(from, Bitboard::FULL, &mut list);
        list
    }

    /// The legal moves from `from` to `to` other than castlings: the few a
    /// move text can name (promotions apart), without a full move list.
    pub(crate) fn legal_moves_from_to(&self, from: Hex, to: Hex) -> ArrayVec<Move, 16> {
        let mut list = ArrayVec::new();
        self.gen_from(from, Bitboard::from_hex(to), &mut list);
        list.retain(|m| m.castling().is_none());
        list
    }

    /// Adds the legal moves of the piece on `from` that land on `dests`
    /// (a castling by its King's destination), in the order of [`Position::generate`].
    fn gen_from<L: Moves>(&self, from: Hex, dests: Bitboard, list: &mut L) {
        let us = self.turn;
        let Some(piece) = self.piece_at(from).filter(|p| p.color == us) else {
            return;
        };
        let king = self.kings[us.index()];
        let safety = self.king_safety(us);
        let in_check = safety.checkers > 0;
        if !in_check && self.has_awaiting_promotion(us) {
            // The in-place promotions are the only legal moves.
            if piece.role == Role::Pawn && PROMOTION_ZONE[us.index()].contains(from) && dests.contains(from) {
                for r in self.regainable(us, from) {
                    let mut m = Move::new(from, from, Role::Pawn, None, MoveKind::ForcedPromotion);
                    m.promotion = Some(r);
                    list.add(m);
                }
            }
            return;
        }
        let mut only = FromOnly { from, dests, list };
        if piece.role == Role::King {
            only.add_king_steps(self, king, self.king_step_candidates(king, us) & dests);
            if !in_check && self.rights[us.index()].king() {
                only.add_king_gaits(self);
            }
            return;
        }
        if safety.checkers < 2 {
            let own = self.by_color[us.index()];
            let occupied = own | self.by_color[(!us).index()];
            let allowed = match safety.pins.iter().find(|pin| pin.piece == from) {
                Some(pin) => safety.check_mask & pin.line(king),
                None => safety.check_mask,
            };
            self.gen_piece(from, piece.role, own, occupied, allowed & dests, only.list);
            self.gen_special_captures(us, &safety, &mut only);
        }
    }

    /// Replaces `groups` with the legal moves, kept as generated, for
    /// picking one by its index (see [`MoveGroups`]). Filled in place: the
    /// buffer is large, returning it would copy it.
    pub(crate) fn legal_move_groups_into(&self, groups: &mut MoveGroups) {
        groups.role_pieces = [Bitboard::EMPTY; 8];
        groups.role_weights = [0; 8];
        groups.roles_weight = 0;
        groups.groups.clear();
        groups.weights.clear();
        groups.weight = 0;
        groups.bounds = &MOVE_BOUNDS[self.turn.index()];
        groups.king_steps = Bitboard::EMPTY;
        groups.king_step_count = 0;
        groups.gaits.clear();
        groups.gaits_known = true;
        groups.gaits_weight = 0;
        self.generate(groups);
    }

    /// Number of legal moves (what perft counts at its last ply), counted
    /// without building the moves: slider and jump targets are popcounts of
    /// sets already masked by the pin and check constraints.
    pub fn count_legal_moves(&self) -> usize {
        let mut n = Counter::default();
        self.generate(&mut n);
        n.total()
    }

    /// The King's Leaps legal right now.
    pub fn king_leaps(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.rights[self.turn.index()].king() && !self.is_check() && !self.forced_promotion_pending() {
            self.gen_leaps(self.safe_leap_hexes(), &mut list);
        }
        list
    }

    /// The castlings legal right now.
    pub fn castlings(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.rights[self.turn.index()].king() && !self.is_check() && !self.forced_promotion_pending() {
            self.gen_castlings(self.safe_leap_hexes(), &mut list);
        }
        list
    }

    /// Whether the side to move must make an in-place promotion now
    /// (RULES.md §3.7.8).
    pub fn forced_promotion_pending(&self) -> bool {
        let us = self.turn;
        !self.is_check() && self.has_awaiting_promotion(us)
    }

    /// Whether a pawn of `us` waits on its promotion hex with a piece to
    /// regain: when `us` is not in check, its in-place promotion is then
    /// the only legal move (RULES.md §3.7.8).
    fn has_awaiting_promotion(&self, us: Color) -> bool {
        self.awaiting_pawns(us).any(|h| self.regainable(us, h).next().is_some())
    }

    /// Pawns of `color` standing on their own promotion hex.
    pub fn awaiting_pawns(&self, color: Color) -> impl Iterator<Item = Hex> + '_ {
        self.pieces(Piece::new(color, Role::Pawn)) & PROMOTION_ZONE[color.index()]
    }

    fn generate<L: Moves>(&self, list: &mut L) {
        let us = self.turn;
        let king = self.kings[us.index()];
        let safety = self.king_safety(us);
        let in_check = safety.checkers > 0;

        if !in_check {
            let mut forced = false;
            for h in self.awaiting_pawns(us) {
                for r in self.regainable(us, h) {
                    let mut m = Move::new(h, h, Role::Pawn, None, MoveKind::ForcedPromotion);
                    m.promotion = Some(r);
                    list.add(m);
                    forced = true;
                }
            }
            if forced {
                return;
            }
        }

        if safety.checkers < 2 {
            let own = self.by_color[us.index()];
            let occupied = own | self.by_color[(!us).index()];
            // Unpinned pieces role by role (the role is known without a
            // look-up of the board), then the pinned ones, held to their
            // pin line.
            let free = own.without(safety.pinned);
            for role in Role::ALL {
                if role != Role::King {
                    list.add_pieces(self, role, free & self.by_role[role.index()], own, occupied, safety.check_mask);
                }
            }
            for pin in &safety.pins {
                let role = self.piece_at(pin.piece).expect("a pinned piece").role;
                list.add_piece(self, pin.piece, role, own, occupied, safety.check_mask & pin.line(king));
            }
            self.gen_special_captures(us, &safety, list);
        }

        list.add_king_steps(self, king, self.king_step_candidates(king, us));
        if !in_check && self.rights[us.index()].king() {
            list.add_king_gaits(self);
        }
    }

    /// Adds the moves of the `role` (not a King) of the side to move on
    /// `from` that land on `allowed` (the check and pin constraints).
    #[inline(always)]
    fn gen_piece<L: Moves>(&self, from: Hex, role: Role, own: Bitboard, occupied: Bitboard, allowed: Bitboard, list: &mut L) {
        if allowed.is_empty() {
            return;
        }
        if role == Role::Pawn {
            list.add_pawn(self, from, occupied, allowed);
        } else {
            list.add_set(self, from, role, (piece_targets(from, role, self.turn, occupied) & allowed).without(own));
        }
    }

    /// The hexes `us`'s piece on `h` may move to if it is pinned to its
    /// King (between the King and the pinner, pinner included), from
    /// [`Position::king_safety`]; `None` if it is not pinned.
    pub(crate) fn pin_ray(&self, us: Color, h: Hex) -> Option<Bitboard> {
        let king = self.kings[us.index()];
        self.king_safety(us).pins.iter().find(|pin| pin.piece == h).map(|pin| pin.line(king))
    }

    /// Walks the twelve rays and the knight jumps from `us`'s King.
    fn king_safety(&self, us: Color) -> KingSafety {
        let them = !us;
        let king = self.kings[us.index()];
        let ki = king.index();
        let mut out = KingSafety {
            checkers: 0,
            check_mask: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
            pins: ArrayVec::new(),
        };
        for t in JUMP_SETS[ki] & self.jumpers(them) {
            out.checkers += 1;
            out.check_mask.insert(t);
        }
        // Along each ray: the first piece, and if it is ours the piece
        // behind it, straight from the ray tables.
        let occupied = self.by_color[0] | self.by_color[1];
        let theirs = self.by_color[them.index()];
        for d in Dir::ALL {
            let ray_from_king = ray(d, king);
            // No enemy piece on the ray: neither a check nor a pin along it.
            if (ray_from_king & theirs).is_empty() {
                continue;
            }
            let block = ray_from_king & occupied;
            let first = first_on_ray(d, block);
            let p = self.piece_at(first).expect("an occupied hex");
            if p.color == them {
                if attacks_along(p.role, them, d, distance(d, king, first)) {
                    out.checkers += 1;
                    out.check_mask |= ray_from_king.without(ray(d, first));
                }
                continue;
            }
            let behind = block & ray(d, first);
            if behind.is_empty() {
                continue;
            }
            let second = first_on_ray(d, behind);
            let q = self.piece_at(second).expect("an occupied hex");
            // Behind one own piece, only a long-range attacker (a slider, or
            // an Elephant two hexes away) pins it.
            if q.color == them && attacks_along(q.role, them, d, distance(d, king, second)) {
                out.pinned.insert(first);
                out.pins.push(Pin { piece: first, dir: d, pinner: second });
            }
        }
        if out.checkers == 0 {
            out.check_mask = Bitboard::FULL;
        }
        out
    }

    /// Pushes a pawn move to `to`, expanding promotions (RULES.md §3.7.6).
    #[inline(always)]
    fn push_pawn_move<L: Moves>(&self, sink: &mut Sink<L>, us: Color, m: Move) {
        if PROMOTION_ZONE[us.index()].contains(m.to) {
            let mut any = false;
            for r in Role::REGAINABLE {
                if self.is_regainable(us, r, m.to) {
                    let mut pm = m;
                    pm.promotion = Some(r);
                    sink.push(pm);
                    any = true;
                }
            }
            if !any {
                sink.push(m);
            }
        } else {
            sink.push(m);
        }
    }

    fn gen_pawn<L: Moves>(&self, from: Hex, us: Color, sink: &mut Sink<L>) {
        let mut add = |t: Hex, kind: MoveKind, captured: Option<Role>| {
            self.push_pawn_move(sink, us, Move::new(from, t, Role::Pawn, captured, kind));
        };
        match us {
            Color::White => self.pawn_steps::<false>(from, &mut add),
            Color::Black => self.pawn_steps::<true>(from, &mut add),
        }
    }

    /// The moves of the side to move's pawn on `from` (RULES.md §3.7.1–
    /// §3.7.3), before promotion choices and the check and pin masks:
    /// `add(to, kind, captured)` for each, in this order: straight steps, oblique
    /// steps (scornful when an enemy pawn faces it), captures. The one walk
    /// behind listing ([`Position::gen_pawn`]) and counting
    /// ([`Position::count_free_pawns`]). On the board's bytes, with the
    /// colour a constant (`BLACK`) so that every direction is one: a step
    /// is a look-up at a fixed row of the step table, and off-board steps
    /// land on the wall, which is neither empty nor held.
    #[inline(always)]
    fn pawn_steps<const BLACK: bool>(&self, from: Hex, mut add: impl FnMut(Hex, MoveKind, Option<Role>)) {
        let us = if BLACK { Color::Black } else { Color::White };
        let hex = |i: usize| Hex::from_u8(i as u8);
        let fwd = Dir::forward(us);
        let s1 = from.step_or_wall(fwd);
        if self.is_vacant_at(s1) {
            add(hex(s1), MoveKind::Normal, None);
            let s2 = hex(s1).step_or_wall(fwd);
            if self.is_vacant_at(s2) {
                add(hex(s2), MoveKind::DoubleStep, None);
                if TRIPLE_STEP_FROM[us.index()][from.index()] {
                    let s3 = hex(s2).step_or_wall(fwd);
                    if self.is_vacant_at(s3) {
                        add(hex(s3), MoveKind::TripleStep, None);
                    }
                }
            }
        }
        let faced = self.holds_at(s1, !us) && self.piece_at(hex(s1)).is_some_and(|p| p.role == Role::Pawn);
        let oblique = if faced { MoveKind::ScornfulStep } else { MoveKind::Normal };
        for d in PAWN_OBLIQUE_DIRS[us.index()] {
            let t = from.step_or_wall(d);
            if self.is_vacant_at(t) {
                add(hex(t), oblique, None);
            }
        }
        for d in PAWN_CAPTURE_DIRS[us.index()] {
            let t = from.step_or_wall(d);
            if self.holds_at(t, !us) {
                add(hex(t), MoveKind::Normal, self.piece_at(hex(t)).map(|p| p.role));
            }
        }
    }

    /// The number of legal moves of the pawn on `from` (promotion choices
    /// counted), as [`Position::gen_pawn`] would list them. A pawn has few
    /// targets: one popcount here is cheaper than the counter's adder.
    #[inline(always)]
    fn count_pawn(&self, from: Hex, us: Color, occupied: Bitboard, allowed: Bitboard) -> usize {
        let fwd = Dir::forward(us);
        // Straight steps stop before the first piece ahead.
        let mut pushes = PAWN_PUSHES[us.index()][from.index()];
        let block = pushes & occupied;
        if !block.is_empty() {
            let first = first_on_ray(fwd, block);
            pushes = pushes.without(ray(fwd, first)).without(Bitboard::from_hex(first));
        }
        let to = (pushes
            | PAWN_OBLIQUES[us.index()][from.index()].without(occupied)
            | (PAWN_CAPTURES[us.index()][from.index()] & self.by_color[(!us).index()]))
            & allowed;
        let mut n = to.count() as usize;
        for t in to & PROMOTION_ZONE[us.index()] {
            let choices = Role::REGAINABLE.iter().filter(|&&r| self.is_regainable(us, r, t)).count();
            n += choices.max(1) - 1;
        }
        n
    }

    /// [`Position::count_pawn`] for the pawns on `pawns`, of the side to
    /// move, held to no mask and unable to promote this move: the steps of
    /// [`Position::pawn_steps`], counted.
    #[inline(always)]
    fn count_free_pawns<const BLACK: bool>(&self, pawns: Bitboard) -> usize {
        pawns
            .map(|from| {
                let mut n = 0;
                self.pawn_steps::<BLACK>(from, |_, _, _| n += 1);
                n
            })
            .sum()
    }

    /// The number of moves of the side to move's Knights on `knights` held
    /// to no mask: their jumps to hexes without an own piece, and their
    /// rides through an empty jump hex to an empty hex (never a jump's hex:
    /// a ride goes twice as far).
    #[inline(always)]
    fn count_free_knights(&self, knights: Bitboard, own: Bitboard, occupied: Bitboard) -> usize {
        knights
            .map(|from| {
                let jumps = JUMP_SETS[from.index()];
                let rides = jumps
                    .without(occupied)
                    .map(|mid| usize::from(self.is_vacant_at(from.ride_beyond_or_wall(mid))))
                    .sum::<usize>();
                jumps.without(own).count_few() as usize + rides
            })
            .sum()
    }

    /// The number of moves of the side to move's Elephants on `elephants`
    /// held to no mask ([`elephant_targets`] without own pieces). `BLACK` as
    /// in [`Position::count_free_pawns`].
    #[inline(always)]
    fn count_free_elephants<const BLACK: bool>(&self, elephants: Bitboard) -> usize {
        let us = if BLACK { Color::Black } else { Color::White };
        let fwd = Dir::forward(us);
        // Empty or an enemy piece (the wall is neither).
        let lands = |i: usize| usize::from(self.is_vacant_at(i) || self.holds_at(i, !us));
        elephants
            .map(|from| {
                let mut n = 0;
                for d in ELEPHANT_DIAGONAL_DIRS {
                    n += lands(from.step_or_wall(d));
                }
                let one = from.step_or_wall(fwd);
                if self.is_vacant_at(one) {
                    n += 1 + lands(Hex::from_u8(one as u8).step_or_wall(fwd));
                } else {
                    n += usize::from(self.holds_at(one, !us));
                }
                n
            })
            .sum()
    }

    /// The hexes the King of `us` on `king` may step to as far as the board
    /// goes: not an own piece, not the enemy King (Kings are never captured,
    /// RULES.md §3.1), not the enemy's leap zone while its King is unmoved
    /// (§5.2). [`Position::king_step`] then tests for attacks.
    #[inline(always)]
    fn king_step_candidates(&self, king: Hex, us: Color) -> Bitboard {
        let blocked = self.by_color[us.index()] | self.by_role[Role::King.index()] | self.forbidden_leap_zone(us);
        neighbours(king, true, true).without(blocked)
    }

    /// The side to move's King step from `king` to `t` (one of
    /// [`Position::king_step_candidates`]), if `t` is not attacked with the
    /// King lifted (so that it does not shield `t` from a slider behind it).
    #[inline(always)]
    fn king_step(&self, king: Hex, t: Hex) -> Option<Move> {
        if self.attacked_ignoring(t, !self.turn, Some(king)) {
            return None;
        }
        Some(Move::new(king, t, Role::King, self.piece_at(t).map(|p| p.role), MoveKind::Normal))
    }

    /// A bound on the King's Leaps and castlings of the side to move (its
    /// King unmoved): the leap hexes [`Position::safe_leap_hexes`] would test
    /// for attacks, plus, while castling is allowed, the castlings whose
    /// rooks have their rights and whose King lands on an empty one of them.
    /// No attack test: random play tests only if a draw lands on these.
    fn king_gait_bound(&self) -> usize {
        let us = self.turn;
        let blocked = self.by_color[us.index()] | self.by_role[Role::King.index()] | self.forbidden_leap_zone(us);
        let candidates = LEAP_ZONE[us.index()].without(blocked);
        let mut n = candidates.count_few() as usize;
        let rights = self.rights[us.index()];
        if self.castling_allowed && (rights.king_rook() || rights.queen_rook()) {
            let open = candidates.without(self.by_color[(!us).index()]);
            let r = usize::from(rights.king_rook()) | usize::from(rights.queen_rook()) << 1;
            for (i, &t) in LEAP_HEXES[us.index()].iter().enumerate() {
                if open.contains(t) {
                    n += usize::from(CASTLINGS_TO[us.index()][i][r]);
                }
            }
        }
        n
    }

    /// The leap hexes the unmoved King of the side to move may land on as
    /// far as attacks go: free of own pieces and Kings, outside the enemy
    /// leap zone (RULES.md §5.2) and unattacked. No leap hex is on a line
    /// through the King's home, so the King there shields none of them: one
    /// attack test per hex serves the leaps (King lifted) and the castlings
    /// (attacked before the move, RULES.md §4.3).
    fn safe_leap_hexes(&self) -> Bitboard {
        let us = self.turn;
        let blocked = self.by_color[us.index()] | self.by_role[Role::King.index()] | self.forbidden_leap_zone(us);
        LEAP_ZONE[us.index()].without(blocked).filter(|&t| !self.is_attacked(t, !us)).collect()
    }

    /// King's Leaps (RULES.md §4.2) to the hexes of `safe`
    /// ([`Position::safe_leap_hexes`]); caller checks "unmoved" and "not in check".
    fn gen_leaps<L: Moves>(&self, safe: Bitboard, list: &mut L) {
        let us = self.turn;
        let king = KING_HOME[us.index()];
        for t in LEAP_HEXES[us.index()] {
            if !safe.contains(t) {
                continue;
            }
            // A leap is no attack, so a set-up position may have the enemy
            // King on a leap hex of our unmoved King (§5.2): `safe` holds no
            // King, as Kings are never captured (RULES.md §3.1).
            let captured = self.piece_at(t).map(|p| p.role);
            if captured.is_some() && !self.castling_allowed {
                continue;
            }
            list.add(Move::new(king, t, Role::King, captured, MoveKind::KingLeap));
        }
    }

    /// Castlings (RULES.md §4.3–§4.6) whose King lands on a hex of `safe`
    /// ([`Position::safe_leap_hexes`]); caller checks "unmoved" and "not in
    /// check".
    fn gen_castlings<L: Moves>(&self, safe: Bitboard, list: &mut L) {
        if !self.castling_allowed {
            return;
        }
        let us = self.turn;
        let them = !us;
        let rights = self.rights[us.index()];
        if !rights.queen_rook() && !rights.king_rook() {
            return;
        }
        let king = KING_HOME[us.index()];
        let occupied = self.by_color[0] | self.by_color[1];
        // The King's destination must be empty and safe before the move:
        // one answer per leap hex, shared by the up to nine castlings that
        // land there.
        let open = safe.without(occupied);
        if open.is_empty() {
            return;
        }
        for c in Castling::ALL {
            let ok_rights = match c.rooks() {
                CastlingRooks::KingRook => rights.king_rook(),
                CastlingRooks::QueenRook => rights.queen_rook(),
                CastlingRooks::Both => rights.king_rook() && rights.queen_rook(),
            };
            if !ok_rights {
                continue;
            }
            let g = c.geometry(us);
            if !open.contains(g.king_to) || !(occupied & g.path).is_empty() {
                continue;
            }
            // Safe before the move stays safe after it unless a vacated
            // home hex opens a line onto the destination: only then is the
            // castling played on a copy and tested.
            let m = Move::new(king, g.king_to, Role::King, None, MoveKind::Castling(c));
            if !g.uncovers || !self.after(m).is_attacked(g.king_to, them) {
                list.add(m);
            }
        }
    }

    /// En passant (played on a copy and tested) and scornful captures.
    fn gen_special_captures<L: Moves>(&self, us: Color, safety: &KingSafety, list: &mut L) {
        match self.special {
            SpecialCapture::None => {}
            SpecialCapture::EnPassant { pawn, .. } => {
                let Some(victim) = self.piece_at(pawn) else { return };
                if victim.color == us {
                    return;
                }
                let f = us.forward();
                for t in self.special.en_passant_targets(!us) {
                    if self.piece_at(t).is_some() {
                        continue;
                    }
                    for dc in [1, -1] {
                        let Some(from) = t.offset(dc, -3 * f) else { continue };
                        if self.piece_at(from) != Some(Piece::new(us, Role::Pawn)) {
                            continue;
                        }
                        let m = Move::new(from, t, Role::Pawn, Some(victim.role), MoveKind::EnPassant);
                        let after = self.after(m);
                        if !after.is_attacked(after.kings[us.index()], !us) {
                            list.add(m);
                        }
                    }
                }
            }
            SpecialCapture::Scornful { capturer, pawn } => {
                if self.piece_at(capturer) != Some(Piece::new(us, Role::Pawn)) {
                    return;
                }
                let Some(victim) = self.piece_at(pawn) else { return };
                if victim.color == us || victim.role == Role::King || safety.checkers > 1 {
                    return;
                }
                let mut sink = Sink { list, allowed: safety.allowed(self.kings[us.index()], capturer) };
                let m = Move::new(capturer, pawn, Role::Pawn, Some(victim.role), MoveKind::ScornfulCapture);
                self.push_pawn_move(&mut sink, us, m);
            }
        }
    }

    /// Whether an en passant or scornful capture is legal now: what the
    /// repetition hash needs (RULES.md §7.2), answered by the one
    /// generator function for those captures without listing the other
    /// moves (the same early exits as [`Position::legal_moves`]).
    pub(crate) fn has_legal_special_capture(&self) -> bool {
        if self.special == SpecialCapture::None {
            return false;
        }
        let us = self.turn;
        let safety = self.king_safety(us);
        if safety.checkers > 1 {
            return false;
        }
        if safety.checkers == 0 && self.has_awaiting_promotion(us) {
            return false; // a forced promotion is the only legal move
        }
        let mut n = Counter::default();
        self.gen_special_captures(us, &safety, &mut n);
        n.total() > 0
    }

    /// Finds the legal move with this origin, destination and promotion
    /// (the identity of ordinary moves, RULES.md §5.5).
    pub fn find_move(&self, from: Hex, to: Hex, promotion: Option<Role>) -> Option<Move> {
        self.legal_moves_from_to(from, to).into_iter().find(|m| m.promotion == promotion)
    }

    /// The legal castling `c`, if it is legal here.
    pub fn find_castling(&self, c: Castling) -> Option<Move> {
        self.castlings().into_iter().find(|m| m.castling() == Some(c))
    }
}

#[cfg(test)]
mod tests {
    use super::MoveGroups;
    use crate::moves::Move;
    use crate::position::Position;
    use crate::selfplay::{random_game, SplitMix64};

    /// The groups, generated, hold exactly the legal moves, and `choose`
    /// draws a legal move, or `None` when there is none, in every position of many random games and of set-up
    /// positions with promotions, checks, pins, leaps and castlings.
    #[test]
    fn move_groups_hold_the_legal_moves() {
        use std::collections::HashSet;
        let mut positions: Vec<Position> = Vec::new();
        for seed in 0..60 {
            positions.extend(random_game(&Position::default(), seed, 300).history().positions().cloned());
        }
        for file in ["probes.jsonl", "castling.jsonl"] {
            let data = std::fs::read_to_string(format!("{}/../tests/data/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
            for line in data.lines().filter(|l| !l.trim().is_empty()) {
                let pdtl = line.split("\"pdtl\":\"").nth(1).and_then(|r| r.split('"').next()).expect("a pdtl field");
                positions.push(pdtl.parse().unwrap());
            }
        }
        let mut groups = MoveGroups::new();
        let mut rejected = 0;
        for pos in &positions {
            let moves = pos.legal_moves();
            pos.legal_move_groups_into(&mut groups);
            let slots = groups.roles_weight + groups.weight + groups.king_step_count;
            let all = groups.all(pos);
            let legal: HashSet<Move> = moves.iter().copied().collect();
            assert_eq!(all.len(), moves.len(), "{}", pos.to_pdtl());
            assert_eq!(all.into_iter().collect::<HashSet<_>>(), legal, "{}", pos.to_pdtl());
            rejected += slots - moves.len();
            // Always drawing the first or the last slot generates and
            // drops the slots one by one until a legal move comes.
            for last in [false, true] {
                pos.legal_move_groups_into(&mut groups);
                let drawn = groups.choose(pos, |n| if last { n - 1 } else { 0 });
                assert_eq!(drawn.is_some(), !moves.is_empty(), "{}", pos.to_pdtl());
                assert!(drawn.is_none_or(|m| legal.contains(&m)), "{}", pos.to_pdtl());
            }
        }
        assert!(positions.len() > 15_000);
        assert!(rejected > 100_000, "the rejection path is exercised: {rejected}");
    }

    /// `choose` is uniform over the legal moves, rejected slots and all:
    /// a King with attacked steps, pieces with far fewer moves than their
    /// bounds, a pin, a check, a promotion with its choices, and the 24
    /// castlings and the Leaps of an unmoved King.
    #[test]
    fn choose_is_uniform() {
        for pdtl in [
            "/27:1k/25:r3/13:3K3/3:R2R/ w -- - 0 1",
            "/28:r/26:kr1/24:Ge1ep/23:1p4/22:2p1p2/19:5p2/14:2P4/12:2n4/11:2j5/8:3PP2/5:P2ePP/4:PE1EP/3:1v1R/2:1J1/1:1K/0:V/ w KR- - 0 38",
            "/27:1k/24:2r2/20:4j2/14:3K3/5:5P/ w -- - 1 2",
            "/27:1k/21:1P6/1:1K/ w -- - 0 1",
            "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1",
        ] {
            let pos: Position = pdtl.parse().unwrap();
            let moves = pos.legal_moves();
            let mut groups = MoveGroups::new();
            let mut rng = SplitMix64::new(5);
            let draws = 400 * moves.len();
            let mut seen = std::collections::HashMap::<Move, usize>::new();
            for _ in 0..draws {
                pos.legal_move_groups_into(&mut groups);
                *seen.entry(groups.choose(&pos, |n| rng.below(n)).unwrap()).or_default() += 1;
            }
            assert_eq!(seen.len(), moves.len(), "{pdtl}");
            // 400 expected per move; a fixed seed, and ±30 % is over five
            // standard deviations (20) either way.
            assert!(seen.values().all(|&c| (280..=520).contains(&c)), "{pdtl}: {seen:?}");
        }
    }

    /// `choose` is uniform on positions of random games: a chi-square test
    /// per position (200 draws per legal move), as z-scores. A bias such as
    /// King steps drawn twice as often gives z in the tens.
    #[test]
    fn choose_is_uniform_on_random_positions() {
        let mut positions = Vec::new();
        for seed in 0..40 {
            positions.extend(random_game(&Position::default(), seed, 200).history().positions().step_by(37).cloned());
        }
        let mut rng = SplitMix64::new(99);
        let mut groups = MoveGroups::new();
        let mut zs = Vec::new();
        for pos in &positions {
            let moves = pos.legal_moves();
            if moves.len() < 2 {
                continue;
            }
            let per = 200;
            let mut seen = std::collections::HashMap::<Move, usize>::new();
            for _ in 0..per * moves.len() {
                pos.legal_move_groups_into(&mut groups);
                *seen.entry(groups.choose(pos, |n| rng.below(n)).unwrap()).or_default() += 1;
            }
            assert_eq!(seen.len(), moves.len(), "{}", pos.to_pdtl());
            let chi: f64 = seen.values().map(|&c| (c as f64 - per as f64).powi(2) / per as f64).sum();
            let df = (moves.len() - 1) as f64;
            zs.push((chi - df) / (2.0 * df).sqrt());
        }
        assert!(zs.len() > 200);
        let mean = zs.iter().sum::<f64>() / zs.len() as f64;
        // A fixed seed: these are the values of this run (mean 0.003, the
        // largest |z| 3.5), with room.
        assert!(mean.abs() < 0.3, "mean z {mean}");
        assert!(zs.iter().all(|z| z.abs() < 5.0), "{zs:?}");
    }
}
