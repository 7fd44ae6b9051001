//! The position: placement and game state (RULES.md §7.1), attack detection
//! and making moves.
//!
//! `Position` is a plain value (464 bytes): copy it to keep a state,
//! `play` on a copy to look ahead. Legal move generation lives in
//! [`crate::movegen`], the text formats in [`crate::pdtl`] and
//! [`crate::notation`].

use std::fmt;

use crate::bitboard::Bitboard;
use crate::gaits::CastlingRights;
use crate::geometry::{
    first_on_ray, neighbours, ray, rays_holding, step_const, step_sets, Dir, Hex, HexColor,
    HEX_COUNT, JUMP_SETS,
};
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, Piece, Role};
pub use crate::special_capture::SpecialCapture;
use crate::zobrist;

mod hash;

/// Why a move could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv} in position {pdtl}")]
pub struct IllegalMoveError {
    /// The move, in the long form.
    pub mv: String,
    /// The position, in PDTL.
    pub pdtl: String,
}

/// A C'escacs position. `Position::default()` is the initial position.
///
/// ```
/// use cescacs::Position;
/// let pos = Position::default();
/// assert_eq!(pos.legal_moves().len(), 68);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    /// One square per hex, then a wall ([`Square::WALL`]) where the step
    /// tables' off-board entries point ([`Hex::step_or_wall`]).
    board: [Square; HEX_COUNT + 1],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) by_role: [Bitboard; 9],
    pub(crate) kings: [Hex; 2],
    pub(crate) turn: Color,
    pub(crate) rights: [CastlingRights; 2],
    pub(crate) special: SpecialCapture,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: Option<u32>,
    pub(crate) castling_allowed: bool,
    /// Zobrist hash of placement, turn and rights, kept by make-move.
    pub(crate) hash: u64,
}

/// What stands on a hex, in one byte: 0 for nothing, else 1 + colour × 9 +
/// role. (An `Option<Piece>` takes two, and the board is the largest part
/// of a position, which random play and perft copy once per move and a game
/// keeps per ply.)
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Square(u8);

impl Square {
    const EMPTY: Square = Square(0);
    /// Off the board: neither empty nor a piece of either colour.
    const WALL: Square = Square(0xFF);

    #[inline(always)]
    const fn of(p: Piece) -> Square {
        Square(1 + p.color as u8 * 9 + p.role as u8)
    }

    #[inline(always)]
    fn get(self) -> Option<Piece> {
        SQUARE_PIECES[usize::from(self.0)]
    }
}

/// [`Square::get`] as a table: `SQUARE_PIECES[Square::of(p).0] == Some(p)`.
static SQUARE_PIECES: [Option<Piece>; 19] = {
    let mut out = [None; 19];
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 9 {
            let p = Piece::new(Color::ALL[c], Role::ALL[r]);
            out[Square::of(p).0 as usize] = Some(p);
            r += 1;
        }
        c += 1;
    }
    out
};

/// The initial PDTL (RULES.md §2.3).
pub const INITIAL_PDTL: &str = "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1";

impl Default for Position {
    fn default() -> Position {
        /// Read once: a game or a record starts from it again and again.
        static INITIAL: std::sync::LazyLock<Position> =
            std::sync::LazyLock::new(|| INITIAL_PDTL.parse().expect("the initial PDTL is valid"));
        INITIAL.clone()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({:?})", self.to_pdtl())
    }
}

/// The directions that lead from an attacked hex to a pawn of `color`
/// attacking it: pawns capture on (±1, +3f).
const fn pawn_attacker_dirs(color: Color) -> [Dir; 2] {
    match color {
        Color::White => [Dir::LINE_DOWN, Dir::LINE_INV_DOWN],
        Color::Black => [Dir::LINE_UP, Dir::LINE_INV_UP],
    }
}

/// Whether a piece of kind `role` and colour `by`, the first piece met at
/// distance `dist` along direction `d` from a hex, attacks that hex
/// (RULES.md §5.1). Sliders attack at any distance; a King, a pawn and an
/// Elephant's diagonal steps only next door; an Elephant's column attack
/// reaches two hexes (blockable), so it comes from behind the hex.
#[inline(always)]
pub(crate) const fn attacks_along(role: Role, by: Color, d: Dir, dist: u32) -> bool {
    if d.is_orthogonal() {
        role.slides_orthogonally()
            || (dist == 1 && matches!(role, Role::King))
            || (matches!(role, Role::Elephant)
                && d.index() == Dir::forward(by).opposite().index()
                && dist <= 2)
    } else {
        let pawn_dirs = pawn_attacker_dirs(by);
        role.slides_diagonally()
            || (dist == 1
                && (matches!(role, Role::King)
                    || (matches!(role, Role::Elephant) && !d.is_transversal())
                    || (matches!(role, Role::Pawn)
                        && (d.index() == pawn_dirs[0].index()
                            || d.index() == pawn_dirs[1].index()))))
    }
}

/// `PAWN_ATTACKERS[colour][h]`: the hexes from which a pawn of `colour`
/// attacks `h` (one step along [`pawn_attacker_dirs`]).
static PAWN_ATTACKERS: [[Bitboard; HEX_COUNT]; 2] = [
    step_sets(&pawn_attacker_dirs(Color::White)),
    step_sets(&pawn_attacker_dirs(Color::Black)),
];

/// `ELEPHANT_ATTACKERS[colour][h]`: the hexes from which an Elephant of
/// `colour` attacks `h` as [`attacks_along`] says: next door along the
/// four (±1, ±3) diagonals, and one or two hexes behind `h` along its
/// column (the two-hex attack is blocked by a piece between, which a ray
/// walk finds first).
static ELEPHANT_ATTACKERS: [[Bitboard; HEX_COUNT]; 2] = [
    elephant_attackers(Color::White),
    elephant_attackers(Color::Black),
];

const fn elephant_attackers(by: Color) -> [Bitboard; HEX_COUNT] {
    let mut out = step_sets(&[
        Dir::LINE_UP,
        Dir::LINE_DOWN,
        Dir::LINE_INV_UP,
        Dir::LINE_INV_DOWN,
    ]);
    let back = Dir::forward(by).opposite();
    let mut i = 0;
    while i < HEX_COUNT {
        let mut at = Hex::from_u8(i as u8);
        let mut k = 0;
        while k < 2 {
            match step_const(back, at) {
                Some(t) => {
                    out[i].0[t.index() >> 6] |= 1 << (t.index() & 63);
                    at = t;
                }
                None => break,
            }
            k += 1;
        }
        i += 1;
    }
    out
}

impl Position {
    /// The pieces of `by` that attack `h` along a ray when they are the
    /// first piece met on it from `h`: `[orthogonal rays, diagonal rays]`.
    /// [`attacks_along`] as sets, so that a ray walk needs one set test per
    /// ray and none of the board: the sliders of each kind, and the pieces
    /// that attack from next door (or an Elephant from two hexes away) on
    /// exactly those hexes. A hex lies on one ray from `h` at most, so the
    /// short-range attackers may sit in both sets.
    #[inline(always)]
    pub(crate) fn ray_attackers(&self, h: Hex, by: Color) -> [Bitboard; 2] {
        let r = &self.by_role;
        let near = (r[Role::King.index()] & neighbours(h, true, true))
            | (r[Role::Pawn.index()] & PAWN_ATTACKERS[by.index()][h.index()])
            | (r[Role::Elephant.index()] & ELEPHANT_ATTACKERS[by.index()][h.index()]);
        let theirs = self.by_color[by.index()];
        let queens = r[Role::Queen.index()] | near;
        [
            (r[Role::Rook.index()] | r[Role::Wyvern.index()] | queens) & theirs,
            (r[Role::Bishop.index()] | r[Role::Pegasus.index()] | queens) & theirs,
        ]
    }

    /// The pieces of `by` that make the knight jump.
    #[inline(always)]
    pub(crate) fn jumpers(&self, by: Color) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for role in Role::ALL {
            if role.jumps() {
                b |= self.by_role[role.index()];
            }
        }
        b & self.by_color[by.index()]
    }

    /// An empty board (no Kings: not a playable position until pieces are
    /// placed; used by the PDTL reader).
    pub(crate) fn empty() -> Position {
        Position {
            board: {
                let mut b = [Square::EMPTY; HEX_COUNT + 1];
                b[HEX_COUNT] = Square::WALL;
                b
            },
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 9],
            kings: [Hex::from_u8(0); 2],
            turn: Color::White,
            rights: [CastlingRights::NONE; 2],
            special: SpecialCapture::None,
            halfmove: 0,
            fullmove: Some(1),
            castling_allowed: true,
            hash: 0,
        }
    }

    // ----- accessors -------------------------------------------------------

    /// The piece on `h`, if any.
    #[inline(always)]
    pub fn piece_at(&self, h: Hex) -> Option<Piece> {
        self.board[h.index()].get()
    }

    /// Whether a hex is empty, `i` being its index or the wall's
    /// ([`Hex::step_or_wall`], which is not empty): one byte of the board,
    /// no test for the board's edge. For the generator's fast paths, where
    /// a set look-up costs a shift and a mask more.
    #[inline(always)]
    pub(crate) fn is_vacant_at(&self, i: usize) -> bool {
        self.board[i] == Square::EMPTY
    }

    /// Whether a piece of `color` stands on hex index `i`, which may be the
    /// wall's (which holds nothing): one byte, as [`Position::is_vacant_at`].
    #[inline(always)]
    pub(crate) fn holds_at(&self, i: usize, color: Color) -> bool {
        self.board[i].0.wrapping_sub(1 + 9 * color as u8) < 9
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The castling rights of `color`.
    pub fn castling_rights(&self, color: Color) -> CastlingRights {
        self.rights[color.index()]
    }

    /// The special capture possible on this move.
    pub fn special_capture(&self) -> SpecialCapture {
        self.special
    }

    /// Plies since the last capture or pawn move (RULES.md §6).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The full-move number, `None` when unknown (`?` in PDTL).
    pub fn fullmove_number(&self) -> Option<u32> {
        self.fullmove
    }

    /// The hex of `color`'s King.
    pub fn king(&self, color: Color) -> Hex {
        self.kings[color.index()]
    }

    /// Hexes holding pieces of `color`.
    pub fn occupied_by(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// Hexes holding pieces of kind `role` (both colours).
    pub fn pieces_of_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// Hexes holding `piece`.
    pub fn pieces(&self, piece: Piece) -> Bitboard {
        self.by_role[piece.role.index()] & self.by_color[piece.color.index()]
    }

    /// Whether castling is allowed (it is unless the "game without castling"
    /// option, RULES.md §4.8, is set; then leaps may not capture either).
    pub fn castling_allowed(&self) -> bool {
        self.castling_allowed
    }

    /// Sets the "game without castling" option (RULES.md §4.8). Not recorded in PDTL.
    pub fn set_castling_allowed(&mut self, allowed: bool) {
        self.castling_allowed = allowed;
    }

    // ----- board editing ---------------------------------------------------

    #[inline(always)]
    pub(crate) fn put(&mut self, h: Hex, p: Piece) {
        self.board[h.index()] = Square::of(p);
        self.hash ^= zobrist::piece_key(p, h);
        self.by_color[p.color.index()].insert(h);
        self.by_role[p.role.index()].insert(h);
        if p.role == Role::King {
            self.kings[p.color.index()] = h;
        }
    }

    #[inline(always)]
    pub(crate) fn take(&mut self, h: Hex) -> Option<Piece> {
        let p = self.board[h.index()].get()?;
        self.board[h.index()] = Square::EMPTY;
        self.hash ^= zobrist::piece_key(p, h);
        self.by_color[p.color.index()].remove(h);
        self.by_role[p.role.index()].remove(h);
        Some(p)
    }

    // ----- attacks ---------------------------------------------------------

    /// Whether hex `h` is attacked by side `by` (RULES.md §5.1): pins and
    /// `by`'s own King safety do not matter.
    pub fn is_attacked(&self, h: Hex, by: Color) -> bool {
        self.attacked_ignoring(h, by, None)
    }

    /// [`Position::is_attacked`] with the hex `ignore` treated as empty (used
    /// for King moves: the King does not shield the hex behind it).
    #[inline]
    pub(crate) fn attacked_ignoring(&self, h: Hex, by: Color, ignore: Option<Hex>) -> bool {
        self.scan_attackers(h, by, ignore, |_| true)
    }

    /// The pieces of the side not to move that attack the King of the side
    /// to move.
    pub fn checkers(&self) -> Bitboard {
        self.attackers(self.kings[self.turn.index()], !self.turn)
    }

    /// All pieces of `by` attacking hex `h`.
    pub fn attackers(&self, h: Hex, by: Color) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        self.scan_attackers(h, by, None, |s| {
            out.insert(s);
            false
        });
        out
    }

    /// Calls `found` with each piece of `by` that attacks `h` (the hex
    /// `ignore` counts as empty) until it returns `true`; returns whether it
    /// did. The one place that knows how pieces attack (RULES.md §5.1).
    #[inline(always)]
    fn scan_attackers(
        &self,
        h: Hex,
        by: Color,
        ignore: Option<Hex>,
        found: impl FnMut(Hex) -> bool,
    ) -> bool {
        let mut occupied = self.by_color[0] | self.by_color[1];
        if let Some(k) = ignore {
            occupied.remove(k);
        }
        self.scan_attackers_within::<false>(h, by, occupied, found)
    }

    /// The pieces of `by` that attack `h` when only the hexes of `occupied`
    /// hold pieces: a piece off `occupied` neither attacks nor blocks. A
    /// static exchange evaluation asks this as the exchange on `h` empties
    /// hexes, revealing the pieces behind them.
    ///
    /// ```
    /// use cescacs::{Color, Hex, Position};
    ///
    /// // Two White Rooks on one column: the one behind attacks F14 once the
    /// // front one has left.
    /// let pos: Position = "/27:1k/14:3p3/10:3R3/6:3R3/1:1K/ w -- - 0 1".parse().unwrap();
    /// let (f14, f10): (Hex, Hex) = ("F14".parse().unwrap(), "F10".parse().unwrap());
    /// let all = pos.occupied_by(Color::White) | pos.occupied_by(Color::Black);
    /// assert_eq!(pos.attackers_within(f14, Color::White, all).count(), 1);
    /// let mut without = all;
    /// without.remove(f10);
    /// let behind: Vec<String> = pos.attackers_within(f14, Color::White, without).map(|h| h.to_string()).collect();
    /// assert_eq!(behind, ["F6"]);
    /// ```
    pub fn attackers_within(&self, h: Hex, by: Color, occupied: Bitboard) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        self.scan_attackers_within::<true>(h, by, occupied, |s| {
            out.insert(s);
            false
        });
        out
    }

    /// Whether a piece of `by` attacks `h` when only the hexes of
    /// `occupied` hold pieces ([`Position::attackers_within`], stopping at
    /// the first): a move's King safety without playing it on a copy.
    #[inline]
    pub(crate) fn attacked_within(&self, h: Hex, by: Color, occupied: Bitboard) -> bool {
        self.scan_attackers_within::<true>(h, by, occupied, |_| true)
    }

    /// [`Position::scan_attackers`] with `occupied` the hexes that block;
    /// with `MASKED`, also the only hexes whose pieces attack (without it,
    /// the move generator's case, every piece of `by` on the board does).
    #[inline(always)]
    fn scan_attackers_within<const MASKED: bool>(
        &self,
        h: Hex,
        by: Color,
        occupied: Bitboard,
        mut found: impl FnMut(Hex) -> bool,
    ) -> bool {
        let mut jumpers = JUMP_SETS[h.index()] & self.jumpers(by);
        let [mut orthogonal, mut diagonal] = self.ray_attackers(h, by);
        if MASKED {
            jumpers &= occupied;
            orthogonal &= occupied;
            diagonal &= occupied;
        }
        // Knight jumps (Knight, Pegasus, Wyvern).
        for t in jumpers {
            if found(t) {
                return true;
            }
        }
        // Rays: the first piece met along each of the twelve directions,
        // skipping the rays without an attacker of their kind.
        let mut dirs = rays_holding(h, orthogonal, diagonal);
        while dirs != 0 {
            let d = Dir::ALL[dirs.trailing_zeros() as usize];
            dirs &= dirs - 1;
            let ray = ray(d, h);
            let attackers = ray
                & if d.is_orthogonal() {
                    orthogonal
                } else {
                    diagonal
                };
            let t = first_on_ray(d, ray & occupied);
            if attackers.contains(t) && found(t) {
                return true;
            }
        }
        false
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.attacked_ignoring(self.kings[self.turn.index()], !self.turn, None)
    }

    // ----- regainable pieces -------------------------------------------------

    /// The kinds `color` may promote to on hex `h` (RULES.md §3.7.7), in
    /// the order D V R G N J.
    pub fn regainable(&self, color: Color, h: Hex) -> impl Iterator<Item = Role> + '_ {
        Role::REGAINABLE
            .into_iter()
            .filter(move |&r| self.is_regainable(color, r, h))
    }

    pub(crate) fn is_regainable(&self, color: Color, role: Role, h: Hex) -> bool {
        let own = self.pieces(Piece::new(color, role));
        if role == Role::Bishop {
            let colour = h.color();
            !own.clone().any(|b| b.color() == colour)
        } else {
            own.count() < role.initial_count() as u32
        }
    }

    /// Whether `color` has a Bishop on a hex of each colour in `colours`.
    pub fn has_bishop_on(&self, color: Color, colour: HexColor) -> bool {
        self.pieces(Piece::new(color, Role::Bishop))
            .any(|b| b.color() == colour)
    }

    // ----- making moves ------------------------------------------------------

    /// Plays `m`, which must be legal in this position (use
    /// [`Position::play`] for moves of unknown legality).
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.turn;
        let them = !us;
        let previous_special = self.special;
        self.special = SpecialCapture::None;
        match m.kind {
            MoveKind::Castling(c) => self.play_castling(c, us, m.from),
            MoveKind::ForcedPromotion => {
                self.take(m.from);
                self.put(
                    m.from,
                    Piece::new(us, m.promotion.expect("forced promotion piece")),
                );
            }
            _ => {
                if m.kind == MoveKind::EnPassant {
                    if let Some(pawn) = previous_special.en_passant_victim() {
                        self.take(pawn);
                    }
                } else if m.captured.is_some() {
                    self.take(m.to);
                }
                let mut p = self.take(m.from).expect("a piece on the origin hex");
                if let Some(r) = m.promotion {
                    p = Piece::new(us, r);
                }
                self.put(m.to, p);
                self.note_special_capture(m, us);
            }
        }
        self.update_rights(m, us);
        self.halfmove = if m.is_zeroing() { 0 } else { self.halfmove + 1 };
        if us == Color::Black {
            self.fullmove = self.fullmove.map(|n| n + 1);
        }
        self.turn = them;
        self.hash ^= zobrist::turn_key();
    }

    /// Plays `m` if it is legal here; otherwise returns an error and leaves
    /// the position untouched.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        if self.legal_moves().contains(&m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMoveError {
                mv: m.long(),
                pdtl: self.to_pdtl(),
            })
        }
    }

    /// The position after `m` (which must be legal).
    pub fn after(&self, m: Move) -> Position {
        let mut p = self.clone();
        p.play_unchecked(m);
        p
    }

    /// The position with the other side to move and nothing else changed
    /// but the lapse of an en passant or scornful capture and the clocks:
    /// a "null move", which no rule allows, for a search's null-move
    /// pruning. `self` must not be in check.
    pub fn after_null(&self) -> Position {
        let mut p = self.clone();
        p.special = SpecialCapture::None;
        p.halfmove += 1;
        if p.turn == Color::Black {
            p.fullmove = p.fullmove.map(|n| n + 1);
        }
        p.turn = !p.turn;
        p.hash ^= zobrist::turn_key();
        p
    }
}
