//! Plain value types shared with C: hexes, colours, piece kinds, moves,
//! outcomes, and their conversions from the core's types.

use std::ffi::c_char;
use std::sync::LazyLock;

use rules::{Castling, Color, Hex, Move, MoveKind, Outcome, Role, Termination};

use super::cescacs_result;
use super::error::Error;
use super::guard::{guard_out, guard_text, text_arg};

/// A buffer of this many bytes holds the CTL-AN or long-form text of any
/// move with its terminating NUL (the longest text, a Black double castling
/// in long form such as `"G27-H22+C25-H20+I25-I21"`, needs 24 bytes; the
/// longest CTL-AN, 17).
pub const CESCACS_MOVE_TEXT_MAX: usize = 32;

/// No position has more legal moves than this (the golden data's maximum is
/// 197): an array of this many `cescacs_move` holds any move list.
pub const CESCACS_MAX_MOVES: usize = 512;

// The core's fixed move-list capacity and this promise are one number.
const _: () = assert!(CESCACS_MAX_MOVES == rules::MAX_MOVES);

/// A buffer of this many bytes holds the text of any hex (`"F14"`) with its
/// terminating NUL.
pub const CESCACS_HEX_TEXT_MAX: usize = 4;

/// The number of hexes of the board: an array of this many `cescacs_hex`
/// holds any set of hexes the API answers with (attacked hexes,
/// attackers, pin rays, checkers). Those sets are written in board order:
/// by line from 0 to 28, each line from left to right (`F0 E1 G1 D2 F2 H2
/// C3 …`), the hexes' index order in the core.
pub const CESCACS_HEX_COUNT: usize = 169;

const _: () = assert!(CESCACS_HEX_COUNT == rules::HEX_COUNT);

/// A hex of the board, a small value type: `column` 0..=14 for the letters
/// `P T A B C D E F G H I K L X Z` (there is no J; F = 7 is the central
/// column) and cross-line `line` 0..=28. Only 169 pairs are hexes of the
/// board (column + line odd, within the board's outline): check with
/// `cescacs_hex_is_valid`. `"F14"` is {7, 14}.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct cescacs_hex {
    /// Column 0..=14: `P T A B C D E F G H I K L X Z` in that order.
    pub column: u8,
    /// Cross-line 0..=28.
    pub line: u8,
}

impl From<Hex> for cescacs_hex {
    fn from(h: Hex) -> cescacs_hex {
        hex_of(h)
    }
}

impl cescacs_hex {
    pub(crate) fn to_core(self) -> Result<Hex, Error> {
        Hex::new(self.column, self.line).ok_or_else(|| {
            Error::new(
                cescacs_result::BadHex,
                format!(
                    "(column {}, line {}) is not a hex of the board",
                    self.column, self.line
                ),
            )
        })
    }
}

/// A side.
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum cescacs_color {
    /// White, who moves first.
    White = 0,
    /// Black.
    Black = 1,
}

impl cescacs_color {
    /// Reads a colour argument, passed as its integer so that any value C
    /// sends is safe to receive; `BAD_ARGUMENT` for anything but the two
    /// constants.
    pub(crate) fn arg(value: u32, what: &str) -> Result<Color, Error> {
        match value {
            v if v == cescacs_color::White as u32 => Ok(Color::White),
            v if v == cescacs_color::Black as u32 => Ok(Color::Black),
            v => Err(Error::new(
                cescacs_result::BadArgument,
                format!(
                    "{what} is {v}, not a cescacs_color (CESCACS_COLOR_WHITE 0 or CESCACS_COLOR_BLACK 1)"
                ),
            )),
        }
    }
}

impl From<Color> for cescacs_color {
    fn from(c: Color) -> cescacs_color {
        match c {
            Color::White => cescacs_color::White,
            Color::Black => cescacs_color::Black,
        }
    }
}

/// A kind of piece (CTL-AN letter in brackets), or none.
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum cescacs_role {
    /// No piece (an empty hex, no capture, no promotion).
    None = 0,
    /// Pawn (P)
    Pawn = 1,
    /// Elephant, the Halberdier (E)
    Elephant = 2,
    /// Bishop (J)
    Bishop = 3,
    /// Knight (N)
    Knight = 4,
    /// Pegasus (G)
    Pegasus = 5,
    /// Rook (R)
    Rook = 6,
    /// Wyvern, the Dragon (V)
    Wyvern = 7,
    /// Queen (D)
    Queen = 8,
    /// King (K)
    King = 9,
}

impl From<Role> for cescacs_role {
    fn from(r: Role) -> cescacs_role {
        match r {
            Role::Pawn => cescacs_role::Pawn,
            Role::Elephant => cescacs_role::Elephant,
            Role::Bishop => cescacs_role::Bishop,
            Role::Knight => cescacs_role::Knight,
            Role::Pegasus => cescacs_role::Pegasus,
            Role::Rook => cescacs_role::Rook,
            Role::Wyvern => cescacs_role::Wyvern,
            Role::Queen => cescacs_role::Queen,
            Role::King => cescacs_role::King,
        }
    }
}

impl From<Option<Role>> for cescacs_role {
    #[inline(always)]
    fn from(r: Option<Role>) -> cescacs_role {
        r.map_or(cescacs_role::None, cescacs_role::from)
    }
}

/// What kind of move a `cescacs_move` is. A move has exactly one kind; when
/// several could apply, the first in this order wins:
///
/// 1. `SIMPLE_CASTLING` / `DOUBLE_CASTLING`: one of the 24 castlings (double:
///    the five `KRR-…` castlings that move both rooks);
/// 2. `FORCED_PROMOTION`: in-place promotion of a pawn awaiting promotion
///    (`from` == `to`);
/// 3. `PROMOTION`: a pawn move that promotes (`promotion` names the piece),
///    with or without a capture (see `is_capture`);
/// 4. `KING_LEAP`: one of the five King's Leaps, capturing or not;
/// 5. `EN_PASSANT`: en passant capture (`to` is the crossed hex the pawn
///    lands on, the captured pawn stands elsewhere);
/// 6. `SCORNFUL_CAPTURE`: the scorned pawn capturing the scornful pawn;
/// 7. `CAPTURE`: any other capture;
/// 8. `ORDINARY`: any other move, including pawn double and triple steps,
///    scornful steps, and a pawn reaching its promotion hex with nothing to
///    regain (it waits there: CTL-AN `=&`).
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum cescacs_move_kind {
    /// Any other move (8 in the priority order).
    Ordinary = 0,
    /// Any other capture (7).
    Capture = 1,
    /// En passant capture (5).
    EnPassant = 2,
    /// The scorned pawn capturing the scornful pawn (6).
    ScornfulCapture = 3,
    /// A pawn move that promotes (3).
    Promotion = 4,
    /// The in-place promotion of a pawn awaiting promotion (2).
    ForcedPromotion = 5,
    /// One of the five King's Leaps (4).
    KingLeap = 6,
    /// A castling with one rook (1).
    SimpleCastling = 7,
    /// A castling that moves both rooks (1).
    DoubleCastling = 8,
}

/// One rook move of a castling.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct cescacs_rook_move {
    /// The rook's hex before the castling.
    pub from: cescacs_hex,
    /// The rook's hex after it.
    pub to: cescacs_hex,
}

/// A legal move, as a plain value read from a move list with
/// `cescacs_move_list_get`, `cescacs_move_list_copy` or, in place,
/// `cescacs_move_list_array`. Its texts come from the list
/// (`cescacs_move_list_ctl`, `cescacs_move_list_long`).
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct cescacs_move {
    /// The kind of move (see `cescacs_move_kind` for the priority).
    pub kind: cescacs_move_kind,
    /// Origin: the King's home for castlings and King's Leaps, the pawn's
    /// hex for a forced promotion.
    pub from: cescacs_hex,
    /// Destination: the King's destination for castlings, the hex the pawn
    /// lands on for en passant, `from` for a forced promotion.
    pub to: cescacs_hex,
    /// The moving piece (`CESCACS_ROLE_PAWN` for promotions).
    pub role: cescacs_role,
    /// The captured piece, `CESCACS_ROLE_NONE` if the move captures nothing.
    pub captured: cescacs_role,
    /// The piece a pawn becomes (promotions and forced promotions), else
    /// `CESCACS_ROLE_NONE`.
    pub promotion: cescacs_role,
    /// Whether the move captures (en passant, scornful captures and
    /// capturing King's Leaps included).
    pub is_capture: bool,
    /// Number of valid entries in `rook_moves`: 1 for a simple castling, 2 for
    /// a double castling, 0 for every other move.
    pub rook_move_count: u8,
    /// The rook moves of a castling, queen's rook (C3 / C25) first; unused
    /// entries are zero.
    pub rook_moves: [cescacs_rook_move; 2],
}

impl Default for cescacs_move {
    /// An all-zero move (an ordinary move from and to {0, 0}), to fill
    /// arrays before they are written.
    fn default() -> cescacs_move {
        cescacs_move {
            kind: cescacs_move_kind::Ordinary,
            from: cescacs_hex::default(),
            to: cescacs_hex::default(),
            role: cescacs_role::None,
            captured: cescacs_role::None,
            promotion: cescacs_role::None,
            is_capture: false,
            rook_move_count: 0,
            rook_moves: [cescacs_rook_move::default(); 2],
        }
    }
}

/// The C kind of a core move (the priority documented on `cescacs_move_kind`).
#[inline]
pub fn kind_of(m: &Move) -> cescacs_move_kind {
    match m.kind() {
        MoveKind::Castling(c) if c.is_double() => cescacs_move_kind::DoubleCastling,
        MoveKind::Castling(_) => cescacs_move_kind::SimpleCastling,
        MoveKind::ForcedPromotion => cescacs_move_kind::ForcedPromotion,
        _ if m.promotion().is_some() => cescacs_move_kind::Promotion,
        MoveKind::KingLeap => cescacs_move_kind::KingLeap,
        MoveKind::EnPassant => cescacs_move_kind::EnPassant,
        MoveKind::ScornfulCapture => cescacs_move_kind::ScornfulCapture,
        _ if m.is_capture() => cescacs_move_kind::Capture,
        _ => cescacs_move_kind::Ordinary,
    }
}

/// `cescacs_hex` of each hex index, computed at compile time: a move's two
/// hexes become two loads, where `Hex::column`/`Hex::line` are four
/// bounds-checked lookups. 256 entries so that indexing by a `u8`-sized
/// index needs no bounds check either.
static HEXES: [cescacs_hex; 256] = {
    let mut table = [cescacs_hex { column: 0, line: 0 }; 256];
    let mut i = 0;
    while i < rules::HEX_COUNT {
        if let Some(h) = Hex::from_index(i) {
            table[i] = cescacs_hex {
                column: h.column(),
                line: h.line(),
            };
        }
        i += 1;
    }
    table
};

#[inline]
fn hex_of(h: Hex) -> cescacs_hex {
    HEXES[h.index()]
}

/// The parts of a castling's `cescacs_move` that no other move has: its
/// kind, `rook_moves` and `rook_move_count`.
type CastlingParts = (cescacs_move_kind, [cescacs_rook_move; 2], u8);

/// The castling parts of each castling for each colour (queen's rook
/// first, unused entries zero). Built on first use: the core gives the rook
/// moves as a `Vec`, an allocation per castling otherwise.
static CASTLING_PARTS: LazyLock<[[CastlingParts; 24]; 2]> = LazyLock::new(|| {
    let mut table = [[(
        cescacs_move_kind::SimpleCastling,
        [cescacs_rook_move::default(); 2],
        0,
    ); 24]; 2];
    for (color, row) in [Color::White, Color::Black].into_iter().zip(&mut table) {
        for (c, entry) in Castling::ALL.into_iter().zip(row.iter_mut()) {
            if c.is_double() {
                entry.0 = cescacs_move_kind::DoubleCastling;
            }
            for (slot, (from, to)) in entry.1.iter_mut().zip(c.rook_moves(color)) {
                *slot = cescacs_rook_move {
                    from: from.into(),
                    to: to.into(),
                };
                entry.2 += 1;
            }
        }
    }
    table
});

/// The castling parts of a castling that the King makes from `from`.
/// Inlined: out of line, a list of castlings paid a call each (wall clock
/// +4 % on a position with 24 castlings of 90 moves).
#[inline(always)]
fn castling_parts(c: Castling, from: Hex) -> CastlingParts {
    // Castlings start from the King's home, which tells the colour.
    let color = usize::from(from == rules::KING_HOME[1]);
    CASTLING_PARTS[color][c.index()]
}

impl cescacs_move {
    /// The C value of a core move. It reads the move in place (a 7-byte
    /// `Move` passed by value is first packed into a register, then taken
    /// apart again). Whole lists convert with [`cescacs_move::overwrite`].
    #[inline(always)]
    pub(crate) fn of(m: &Move) -> cescacs_move {
        let mut c = cescacs_move::default();
        c.overwrite(m);
        c
    }

    /// Makes `self`, any valid `cescacs_move`, the C value of `m`, in place.
    /// A list converts its moves into its own array this way, slot by slot
    /// over the values of its last conversion: the conversion is bound by
    /// its stores, and building each value whole costs a temporary or more
    /// stores. The rook fields, zero but in castlings, are written only when
    /// they change (`rook_move_count` is 0 exactly when both rook moves are
    /// zero).
    #[inline(always)]
    pub(crate) fn overwrite(&mut self, m: &Move) {
        let captured = m.captured();
        self.from = hex_of(m.from());
        self.to = hex_of(m.to());
        self.role = m.role().into();
        self.captured = captured.into();
        self.is_capture = captured.is_some();
        match m.kind() {
            MoveKind::Castling(c) => {
                (self.kind, self.rook_moves, self.rook_move_count) = castling_parts(c, m.from());
                self.promotion = cescacs_role::None;
                return;
            }
            // Most moves of a list are plain moves or captures (every
            // slide, jump and King step): told apart by the capture alone.
            MoveKind::Normal if m.promotion().is_none() => {
                self.kind = if captured.is_some() {
                    cescacs_move_kind::Capture
                } else {
                    cescacs_move_kind::Ordinary
                };
                self.promotion = cescacs_role::None;
            }
            _ => {
                self.kind = kind_of(m);
                self.promotion = m.promotion().into();
            }
        }
        if self.rook_move_count != 0 {
            self.rook_move_count = 0;
            self.rook_moves = [cescacs_rook_move::default(); 2];
        }
    }
}

/// A `cescacs_move` as a caller may have filled it: the same layout, every
/// enumeration as its integer and the flag as a byte, so that reading any
/// value a C program passes in is defined (an out-of-range enumeration or
/// `bool` read as the Rust type would not be). Compared whole with the
/// legal moves to find the one a caller means.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct RawMove {
    kind: u32,
    from: cescacs_hex,
    to: cescacs_hex,
    role: u32,
    captured: u32,
    promotion: u32,
    is_capture: u8,
    rook_move_count: u8,
    rook_moves: [cescacs_rook_move; 2],
}

// One layout, field by field.
const _: () = {
    use std::mem::{align_of, offset_of, size_of};
    assert!(size_of::<RawMove>() == size_of::<cescacs_move>());
    assert!(align_of::<RawMove>() == align_of::<cescacs_move>());
    assert!(offset_of!(RawMove, kind) == offset_of!(cescacs_move, kind));
    assert!(offset_of!(RawMove, from) == offset_of!(cescacs_move, from));
    assert!(offset_of!(RawMove, to) == offset_of!(cescacs_move, to));
    assert!(offset_of!(RawMove, role) == offset_of!(cescacs_move, role));
    assert!(offset_of!(RawMove, captured) == offset_of!(cescacs_move, captured));
    assert!(offset_of!(RawMove, promotion) == offset_of!(cescacs_move, promotion));
    assert!(offset_of!(RawMove, is_capture) == offset_of!(cescacs_move, is_capture));
    assert!(offset_of!(RawMove, rook_move_count) == offset_of!(cescacs_move, rook_move_count));
    assert!(offset_of!(RawMove, rook_moves) == offset_of!(cescacs_move, rook_moves));
};

impl RawMove {
    /// The raw form of a core move (as `cescacs_move::of` converts it).
    pub(crate) fn of(m: &Move) -> RawMove {
        RawMove::from(cescacs_move::of(m))
    }

    /// Reads the move a caller passed by pointer.
    ///
    /// # Safety
    /// `p` is not NULL, aligned, and points to a `cescacs_move` whose fields
    /// are all initialised (any values).
    pub(crate) unsafe fn read(p: *const cescacs_move) -> RawMove {
        // SAFETY: same size, alignment and field offsets (asserted above),
        // every field an integer type for which any initialised value is
        // valid; `p` is readable (this function's contract).
        unsafe { p.cast::<RawMove>().read() }
    }

    /// `from`-`to` and the kind, for error messages.
    pub(crate) fn describe(&self) -> String {
        let hex = |h: cescacs_hex| {
            h.to_core()
                .map_or_else(|_| format!("({}, {})", h.column, h.line), |h| h.to_string())
        };
        format!("{}-{} (kind {})", hex(self.from), hex(self.to), self.kind)
    }
}

impl From<cescacs_move> for RawMove {
    fn from(m: cescacs_move) -> RawMove {
        RawMove {
            kind: m.kind as u32,
            from: m.from,
            to: m.to,
            role: m.role as u32,
            captured: m.captured as u32,
            promotion: m.promotion as u32,
            is_capture: u8::from(m.is_capture),
            rook_move_count: m.rook_move_count,
            rook_moves: m.rook_moves,
        }
    }
}

impl From<Move> for cescacs_move {
    fn from(m: Move) -> cescacs_move {
        cescacs_move::of(&m)
    }
}

/// How a game ended.
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum cescacs_termination {
    /// The game is not over.
    None = 0,
    /// The side to move is mated: it loses 0-3.
    Checkmate = 1,
    /// The side to move has no legal move and is not in check: it loses 1-2
    /// (stalemate is a win in C'escacs).
    Stalemate = 2,
    /// The same position for the fifth time in the game: automatic draw.
    FivefoldRepetition = 3,
    /// The halfmove clock reached 150: automatic draw.
    SeventyFiveMoves = 4,
    /// Insufficient material as the rules define it: automatic draw.
    InsufficientMaterial = 5,
}

impl From<Option<Termination>> for cescacs_termination {
    fn from(t: Option<Termination>) -> cescacs_termination {
        match t {
            None => cescacs_termination::None,
            Some(Termination::Checkmate) => cescacs_termination::Checkmate,
            Some(Termination::Stalemate) => cescacs_termination::Stalemate,
            Some(Termination::FivefoldRepetition) => cescacs_termination::FivefoldRepetition,
            Some(Termination::SeventyFiveMoves) => cescacs_termination::SeventyFiveMoves,
            Some(Termination::InsufficientMaterial) => cescacs_termination::InsufficientMaterial,
        }
    }
}

/// Who won a finished game.
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum cescacs_winner {
    /// Nobody: a draw, or the game is not over.
    None = 0,
    /// White won.
    White = 1,
    /// Black won.
    Black = 2,
}

/// How a game ended, or that it goes on (RULES.md §6).
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct cescacs_outcome {
    /// `CESCACS_TERMINATION_NONE` while the game goes on.
    pub termination: cescacs_termination,
    /// Who won, `CESCACS_WINNER_NONE` for a draw or while the game goes on.
    pub winner: cescacs_winner,
    /// White's tournament points: 3-0 / 0-3 for mate, 2-1 / 1-2 for
    /// stalemate, 1-1 for a draw, 0-0 while the game goes on.
    pub white_points: u8,
    /// Black's tournament points (see `white_points`).
    pub black_points: u8,
}

impl From<Option<Outcome>> for cescacs_outcome {
    fn from(o: Option<Outcome>) -> cescacs_outcome {
        match o {
            None => cescacs_outcome {
                termination: cescacs_termination::None,
                winner: cescacs_winner::None,
                white_points: 0,
                black_points: 0,
            },
            Some(o) => {
                let (white_points, black_points) = o.points();
                cescacs_outcome {
                    termination: Some(o.termination).into(),
                    winner: match o.winner {
                        None => cescacs_winner::None,
                        Some(Color::White) => cescacs_winner::White,
                        Some(Color::Black) => cescacs_winner::Black,
                    },
                    white_points,
                    black_points,
                }
            }
        }
    }
}

/// Whether `hex` is one of the 169 hexes of the board.
#[no_mangle]
pub extern "C" fn cescacs_hex_is_valid(hex: cescacs_hex) -> bool {
    Hex::new(hex.column, hex.line).is_some()
}

/// Reads a hex from its text, e.g. `"F14"` (a lowercase column letter is
/// accepted: `"f14"`), into `*hex_out`.
///
/// Errors: `NULL_POINTER` (`text` or `hex_out` NULL), `INVALID_UTF8`,
/// `BAD_HEX` (not one of the 169 hexes, or extra characters).
#[no_mangle]
pub unsafe extern "C" fn cescacs_hex_parse(
    text: *const c_char,
    hex_out: *mut cescacs_hex,
) -> cescacs_result {
    // SAFETY: `text` is NULL or a NUL-terminated string and `hex_out` NULL
    // or writable (the header's contract).
    unsafe {
        guard_out("cescacs_hex_parse", hex_out, "hex_out", || {
            let hex: Hex = text_arg(text, "text")?
                .parse()
                .map_err(|e: rules::ParseHexError| {
                    Error::new(cescacs_result::BadHex, e.to_string())
                })?;
            Ok(hex.into())
        })
    }
}

/// Writes the text of `hex` (`"F14"`) and a terminating NUL into `buf`,
/// which has room for `len` bytes, and the text's length without the NUL to
/// `*out_len` (if `out_len` is not NULL). `CESCACS_HEX_TEXT_MAX` bytes are
/// always enough.
///
/// Errors: `BAD_HEX` (not a hex of the board), `NULL_POINTER` (`buf` NULL
/// with `len` > 0), `BUFFER_TOO_SMALL` (the buffer is untouched; `*out_len`
/// gets the needed length: call with `buf` NULL and `len` 0 to ask for it).
#[no_mangle]
pub unsafe extern "C" fn cescacs_hex_write(
    hex: cescacs_hex,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> cescacs_result {
    // SAFETY: `buf` is NULL or has `len` bytes and `out_len` is NULL or
    // writable (the header's contract).
    unsafe {
        guard_text("cescacs_hex_write", buf, len, out_len, || {
            Ok(hex.to_core()?.to_string())
        })
    }
}
