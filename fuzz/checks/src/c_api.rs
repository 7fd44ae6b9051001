//! The C API target's driver and checks, shared by the cargo-fuzz target
//! (`fuzz/fuzz_targets/c_api.rs`, which calls the functions of the
//! `cescacs-ffi` sources linked in, instrumented) and the stable replay test
//! (`ffi-c/tests/fuzz_c_api_replay.rs`, which compiles the same sources in).
//!
//! Bytes choose a sequence of C calls on a few game and move-list slots,
//! with NULL handles and out-pointers, stale lists, out-of-range indexes,
//! too-small buffers and arbitrary (also invalid UTF-8) texts. Every call
//! must return a known result code other than `CESCACS_RESULT_PANIC`, write
//! nothing on failure (buffers are checked against a sentinel), and agree
//! with a small model (what `undo` restores, down to the start of a game
//! read from CTL-PGN; when a list is stale; that a finished game refuses
//! every move with `CESCACS_RESULT_GAME_OVER`; what a text round trip gives,
//! one game or several through `cescacs_games_from_pgn`). No move played,
//! listed or read from CTL-PGN takes a King. Everything is freed at the end:
//! the fuzzer's leak detection finds what is not.
//!
//! The functions are reached through [`Api`], a table of function pointers
//! (filled by `linked_api!`), so the driver could also run on a loaded
//! shared library.

#![allow(clippy::missing_safety_doc, non_camel_case_types, dead_code)]

use std::ffi::{c_char, c_void, CStr};
use std::ptr::{null, null_mut};

pub type cescacs_result = u32;
pub const OK: u32 = 0;
pub const NULL_POINTER: u32 = 1;
pub const INVALID_UTF8: u32 = 2;
pub const BAD_PDTL: u32 = 3;
pub const BAD_MOVE_TEXT: u32 = 4;
pub const ILLEGAL_MOVE: u32 = 5;
pub const STALE_MOVE_LIST: u32 = 6;
pub const INDEX_OUT_OF_RANGE: u32 = 7;
pub const BAD_HEX: u32 = 8;
pub const NOTHING_TO_UNDO: u32 = 9;
pub const BUFFER_TOO_SMALL: u32 = 10;
pub const PANIC: u32 = 11;
pub const BAD_PGN: u32 = 12;
pub const NOT_FOUND: u32 = 13;
pub const GAME_OVER: u32 = 14;
pub const BAD_ARGUMENT: u32 = 15;
pub const OUT_OF_MEMORY: u32 = 16;
/// Every result code of `cescacs_result` (include/cescacs.h), by the name of
/// its constant without the `CESCACS_RESULT_` prefix, in value order. The
/// replay test (ffi-c/tests/fuzz_c_api_replay.rs) reads the header and
/// requires this very list, so a code added to the library cannot be
/// missed here.
pub const RESULT_CODES: [(&str, u32); 17] = [
    ("OK", OK),
    ("NULL_POINTER", NULL_POINTER),
    ("INVALID_UTF8", INVALID_UTF8),
    ("BAD_PDTL", BAD_PDTL),
    ("BAD_MOVE_TEXT", BAD_MOVE_TEXT),
    ("ILLEGAL_MOVE", ILLEGAL_MOVE),
    ("STALE_MOVE_LIST", STALE_MOVE_LIST),
    ("INDEX_OUT_OF_RANGE", INDEX_OUT_OF_RANGE),
    ("BAD_HEX", BAD_HEX),
    ("NOTHING_TO_UNDO", NOTHING_TO_UNDO),
    ("BUFFER_TOO_SMALL", BUFFER_TOO_SMALL),
    ("PANIC", PANIC),
    ("BAD_PGN", BAD_PGN),
    ("NOT_FOUND", NOT_FOUND),
    ("GAME_OVER", GAME_OVER),
    ("BAD_ARGUMENT", BAD_ARGUMENT),
    ("OUT_OF_MEMORY", OUT_OF_MEMORY),
];
/// The largest result code.
const LAST_RESULT: u32 = RESULT_CODES[RESULT_CODES.len() - 1].1;
/// `CESCACS_VERSION_MAJOR`, `_MINOR`, `_PATCH` of include/cescacs.h.
const VERSION: (u32, u32, u32) = (0, 1, 0);
/// `CESCACS_HEX_COUNT`, `CESCACS_HEX_CORNERS`.
const HEX_COUNT: usize = 169;
const HEX_CORNERS: usize = 6;
const ROLE_KING: u32 = 9;
const MAX_MOVES: usize = 512;

/// Opaque handles (`cescacs_game`, `cescacs_move_list`, `cescacs_line`,
/// `cescacs_game_batch`, `cescacs_pgn_reader`).
pub type Game = c_void;
pub type List = c_void;
pub type Line = c_void;
pub type Batch = c_void;
pub type Reader = c_void;

/// `cescacs_outcome` (include/cescacs.h).
#[repr(C)]
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub termination: u32,
    pub winner: u32,
    pub white_points: u8,
    pub black_points: u8,
}

/// `cescacs_batch_game`.
#[repr(C)]
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct BatchGame {
    pub first_move: u64,
    pub plies: u64,
    pub termination: u32,
    pub white_points: u8,
    pub black_points: u8,
}

/// `cescacs_hex`.
#[repr(C)]
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct Hex {
    pub column: u8,
    pub line: u8,
}

/// `cescacs_point`.
#[repr(C)]
#[derive(Copy, Clone, Default, Debug, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

/// `cescacs_placed_piece`.
#[repr(C)]
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct PlacedPiece {
    pub hex: Hex,
    pub role: u32,
    pub color: u32,
}

/// `cescacs_rook_move`.
#[repr(C)]
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct RookMove {
    pub from: Hex,
    pub to: Hex,
}

/// `cescacs_move`.
#[repr(C)]
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct Move {
    pub kind: u32,
    pub from: Hex,
    pub to: Hex,
    pub role: u32,
    pub captured: u32,
    pub promotion: u32,
    /// A C `bool` (one byte): a `u8` here, so that `cescacs_game_play_move`
    /// can be given values other than 0 and 1 without Rust UB.
    pub is_capture: u8,
    pub rook_move_count: u8,
    pub rook_moves: [RookMove; 2],
}

/// Calls `$callback!` with the C functions this driver uses and their
/// signatures (those of include/cescacs.h), so that the table type and the
/// code filling it are written from one list.
#[doc(hidden)]
#[macro_export]
macro_rules! c_functions {
    (($($callback:tt)+) $($extra:tt)?) => {
        $($callback)+! {
            ($($extra)?)
            cescacs_last_error: fn() -> *const c_char;
            cescacs_last_error_location: fn(*mut usize, *mut usize) -> bool;
            cescacs_result_name: fn(u32) -> *const c_char;
            cescacs_version: fn() -> *const c_char;
            cescacs_game_new: fn(*mut *mut Game) -> u32;
            cescacs_game_from_pdtl: fn(*const c_char, *mut *mut Game) -> u32;
            cescacs_game_from_pgn: fn(*const c_char, *mut *mut Game) -> u32;
            cescacs_games_from_pgn: fn(*const c_char, *mut *mut Game, usize, *mut usize) -> u32;
            cescacs_game_clone: fn(*const Game, *mut *mut Game) -> u32;
            cescacs_game_free: fn(*mut Game) -> ();
            cescacs_game_pdtl: fn(*const Game, *mut c_char, usize, *mut usize) -> u32;
            cescacs_game_turn: fn(*const Game, *mut u32) -> u32;
            cescacs_game_is_check: fn(*const Game, *mut bool) -> u32;
            cescacs_game_outcome: fn(*const Game, *mut Outcome) -> u32;
            cescacs_game_piece_at: fn(*const Game, Hex, *mut u32, *mut u32) -> u32;
            cescacs_game_legal_moves: fn(*const Game, *mut *mut List) -> u32;
            cescacs_game_legal_moves_into: fn(*const Game, *mut List) -> u32;
            cescacs_game_king_leaps: fn(*const Game, *mut *mut List) -> u32;
            cescacs_game_castlings: fn(*const Game, *mut *mut List) -> u32;
            cescacs_game_play: fn(*mut Game, *const List, usize) -> u32;
            cescacs_game_play_ctl: fn(*mut Game, *const c_char) -> u32;
            cescacs_game_play_long: fn(*mut Game, *const c_char) -> u32;
            cescacs_game_undo: fn(*mut Game) -> u32;
            cescacs_game_history_len: fn(*const Game, *mut usize) -> u32;
            cescacs_game_perft: fn(*const Game, u32, *mut u64) -> u32;
            cescacs_game_write_pgn: fn(*const Game, *mut c_char, usize, *mut usize) -> u32;
            cescacs_game_result: fn(*const Game, *mut c_char, usize, *mut usize) -> u32;
            cescacs_game_tag: fn(*const Game, *const c_char, *mut c_char, usize, *mut usize) -> u32;
            cescacs_game_ply_count: fn(*const Game, *mut usize) -> u32;
            cescacs_game_move_at: fn(*const Game, usize, *mut Move) -> u32;
            cescacs_game_move_ctl_at: fn(*const Game, usize, *mut c_char, usize, *mut usize) -> u32;
            cescacs_game_pdtl_at: fn(*const Game, usize, *mut c_char, usize, *mut usize) -> u32;
            cescacs_game_zobrist_hash: fn(*const Game, *mut u64) -> u32;
            cescacs_game_repetition_count: fn(*const Game, *mut usize) -> u32;
            cescacs_game_is_repetition: fn(*const Game, u32, *mut bool) -> u32;
            cescacs_game_can_claim_draw: fn(*const Game, *mut bool) -> u32;
            cescacs_move_list_new: fn(*mut *mut List) -> u32;
            cescacs_move_list_free: fn(*mut List) -> ();
            cescacs_move_list_len: fn(*const List, *mut usize) -> u32;
            cescacs_move_list_get: fn(*const List, usize, *mut Move) -> u32;
            cescacs_move_list_copy: fn(*const List, *mut Move, usize, *mut usize) -> u32;
            cescacs_move_list_ctl: fn(*const List, usize, *mut c_char, usize, *mut usize) -> u32;
            cescacs_move_list_long: fn(*const List, usize, *mut c_char, usize, *mut usize) -> u32;
            cescacs_hex_is_valid: fn(Hex) -> bool;
            cescacs_hex_parse: fn(*const c_char, *mut Hex) -> u32;
            cescacs_hex_write: fn(Hex, *mut c_char, usize, *mut usize) -> u32;
            cescacs_game_find_moves: fn(*const Game, Hex, Hex, *mut *mut List) -> u32;
            cescacs_game_play_move: fn(*mut Game, *const Move) -> u32;
            cescacs_game_parse_ctl: fn(*const Game, *const c_char, *mut Move) -> u32;
            cescacs_game_parse_long: fn(*const Game, *const c_char, *mut Move) -> u32;
            cescacs_move_list_array: fn(*const List, *mut *const Move, *mut usize) -> u32;
            cescacs_game_tag_count: fn(*const Game, *mut usize) -> u32;
            cescacs_game_tag_name_at: fn(*const Game, usize, *mut c_char, usize, *mut usize) -> u32;
            cescacs_game_tag_value_at: fn(*const Game, usize, *mut c_char, usize, *mut usize) -> u32;
            cescacs_game_set_tag: fn(*mut Game, *const c_char, *const c_char) -> u32;
            cescacs_game_comment_count: fn(*const Game, usize, *mut usize) -> u32;
            cescacs_game_comment: fn(*const Game, usize, usize, *mut c_char, usize, *mut usize) -> u32;
            cescacs_game_opening_comment_count: fn(*const Game, *mut usize) -> u32;
            cescacs_game_opening_comment: fn(*const Game, usize, *mut c_char, usize, *mut usize) -> u32;
            cescacs_game_final_comment_count: fn(*const Game, *mut usize) -> u32;
            cescacs_game_final_comment: fn(*const Game, usize, *mut c_char, usize, *mut usize) -> u32;
            cescacs_game_add_comment: fn(*mut Game, usize, *const c_char) -> u32;
            cescacs_game_add_opening_comment: fn(*mut Game, *const c_char) -> u32;
            cescacs_game_add_final_comment: fn(*mut Game, *const c_char) -> u32;
            cescacs_game_assessment: fn(*const Game, usize, *mut u8) -> u32;
            cescacs_game_set_assessment: fn(*mut Game, usize, u8) -> u32;
            cescacs_game_variation_label: fn(*const Game, usize, usize, *mut c_char, usize, *mut usize) -> u32;
            cescacs_game_variation_count: fn(*const Game, usize, *mut usize) -> u32;
            cescacs_game_variation_ctl: fn(*const Game, usize, usize, *mut c_char, usize, *mut usize) -> u32;
            cescacs_game_variation: fn(*const Game, usize, usize, *mut *mut Game) -> u32;
            cescacs_game_pieces: fn(*const Game, *mut PlacedPiece, usize, *mut usize) -> u32;
            cescacs_game_board_text: fn(*const Game, bool, *mut c_char, usize, *mut usize) -> u32;
            cescacs_game_is_attacked: fn(*const Game, u32, Hex, *mut bool) -> u32;
            cescacs_game_attackers: fn(*const Game, u32, Hex, *mut Hex, usize, *mut usize) -> u32;
            cescacs_game_attacks: fn(*const Game, Hex, *mut Hex, usize, *mut usize) -> u32;
            cescacs_game_attacked_hexes: fn(*const Game, u32, *mut Hex, usize, *mut usize) -> u32;
            cescacs_game_checkers: fn(*const Game, *mut Hex, usize, *mut usize) -> u32;
            cescacs_game_pin: fn(*const Game, u32, Hex, *mut Hex, usize, *mut usize) -> u32;
            cescacs_game_is_pinned: fn(*const Game, u32, Hex, *mut bool) -> u32;
            cescacs_hex_center: fn(Hex, *mut Point) -> u32;
            cescacs_hex_corners: fn(Hex, *mut Point) -> u32;
            cescacs_hex_at_point: fn(f64, f64, *mut Hex) -> u32;
            cescacs_pgn_reader_from_text: fn(*const c_char, *mut *mut Reader) -> u32;
            cescacs_pgn_reader_free: fn(*mut Reader) -> ();
            cescacs_selfplay: fn(usize, usize, u64, u64, usize, *const c_char, *mut *mut Batch) -> u32;
            cescacs_game_batch_read_pgn: fn(*mut Reader, usize, *mut *mut Batch) -> u32;
            cescacs_game_batch_len: fn(*const Batch, *mut usize) -> u32;
            cescacs_game_batch_moves: fn(*const Batch, *mut *const u16, *mut usize) -> u32;
            cescacs_game_batch_offsets: fn(*const Batch, *mut *const u64, *mut usize) -> u32;
            cescacs_game_batch_info: fn(*const Batch, usize, *mut BatchGame) -> u32;
            cescacs_game_batch_game: fn(*const Batch, usize, *mut *mut Game) -> u32;
            cescacs_game_batch_origin: fn(*const Batch, *mut u64, *mut u64) -> u32;
            cescacs_game_batch_free: fn(*mut Batch) -> ();
            cescacs_game_mainline: fn(*const Game, *mut *mut Line) -> u32;
            cescacs_line_variation: fn(*const Line, usize, usize, *mut *mut Line) -> u32;
            cescacs_line_free: fn(*mut Line) -> ();
            cescacs_line_depth: fn(*const Line, *mut usize) -> u32;
            cescacs_line_start_ply: fn(*const Line, *mut usize) -> u32;
            cescacs_line_ply_count: fn(*const Line, *mut usize) -> u32;
            cescacs_line_move_at: fn(*const Line, usize, *mut Move) -> u32;
            cescacs_line_move_ctl_at: fn(*const Line, usize, *mut c_char, usize, *mut usize) -> u32;
            cescacs_line_pdtl_at: fn(*const Line, usize, *mut c_char, usize, *mut usize) -> u32;
            cescacs_line_label: fn(*const Line, *mut c_char, usize, *mut usize) -> u32;
            cescacs_line_opening_comment_count: fn(*const Line, *mut usize) -> u32;
            cescacs_line_opening_comment: fn(*const Line, usize, *mut c_char, usize, *mut usize) -> u32;
            cescacs_line_comment_count: fn(*const Line, usize, *mut usize) -> u32;
            cescacs_line_comment: fn(*const Line, usize, usize, *mut c_char, usize, *mut usize) -> u32;
            cescacs_line_assessment: fn(*const Line, usize, *mut u8) -> u32;
            cescacs_line_variation_count: fn(*const Line, usize, *mut usize) -> u32;
            cescacs_line_game: fn(*const Line, *mut *mut Game) -> u32;
        }
    };
}

macro_rules! api_table {
    (() $($name:ident : fn($($arg:ty),*) -> $ret:ty;)*) => {
        /// The C API as function pointers.
        pub struct Api {
            $(pub $name: unsafe extern "C" fn($($arg),*) -> $ret,)*
        }

        impl Api {
            /// Fills the table from `lookup` (symbol name to address).
            ///
            /// # Safety
            /// Every address must be the function of that name of
            /// include/cescacs.h.
            pub unsafe fn load(mut lookup: impl FnMut(&str) -> *const c_void) -> Result<Api, String> {
                Ok(Api {
                    $($name: {
                        let p = lookup(stringify!($name));
                        if p.is_null() {
                            return Err(format!("no symbol {}", stringify!($name)));
                        }
                        // SAFETY: the caller vouches for the signature.
                        unsafe { std::mem::transmute::<*const c_void, unsafe extern "C" fn($($arg),*) -> $ret>(p) }
                    },)*
                })
            }
        }
    };
}
c_functions!((api_table));

/// `linked_api!(krate)`: the table filled with the functions of the Rust
/// crate `krate` (the C ABI crate's sources, linked in).
#[macro_export]
macro_rules! linked_api {
    ($krate:tt) => {
        $crate::c_functions!(($crate::linked_api_of) $krate)
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! linked_api_of {
    (($krate:tt) $($name:ident : fn($($arg:ty),*) -> $ret:ty;)*) => {
        // SAFETY: each name maps to the function of that name, whose
        // signature the header (generated from it) gives.
        unsafe {
            $crate::c_api::Api::load(|name| match name {
                $(stringify!($name) => $krate::$name as *const std::ffi::c_void,)*
                _ => std::ptr::null(),
            })
        }
    };
}

/// Start positions besides the fuzzer's own texts: the initial position, a
/// King's Leap and castling study, en passant, a scornful step, a pawn
/// awaiting promotion, a promotion, a mate and a stalemate.
const PDTLS: [&str; 8] = [
    "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1",
    "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1",
    "/27:1k/17:4p3/16:4P2/14:3K3/ w -- G17@19 0 2",
    "/28:v/27:dk/26:gjg/25:rnnr/24:1ejep/23:2ee2/22:1pp4/21:1p2p3/20:3p3/14:1P1pppP/13:3P4/11:2P5/8:5P1/7:1j2P3/6:1PPJ3/5:2Ep2/4:1EJE1/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr F14 0 23",
    "/28:v/27:dk/26:Pj1/25:1nnr/24:rejep/23:3e2/21:7G/20:1p4J/19:6J1/18:3p3/16:2p4/15:1P6/13:2RP4/8:3N3/6:3J3/5:p1E3/4:jE1Eg/3:2NR/2:G1K/1:D1/0:V/ b -kr - 0 50",
    "/27:1k/21:1P6/1:1K/ w -- - 0 1",
    "/28:v/25:kDnr/24:p1jep/23:4pp/22:1N2p2/21:2e1p3/20:2pd3/13:2j5/9:4J3/8:5j1/7:2N2P2/6:2P1P2/5:PPR3/4:PE1EP/3:R3/2:K2/ b -- - 2 35",
    "/28:k/24:2K2/ b -- - 0 1",
];

/// The 169 hexes in board order (line, then column), as
/// `cescacs_hex_is_valid` says.
fn valid_hexes(api: &Api) -> &'static [Hex] {
    static HEXES: std::sync::OnceLock<Vec<Hex>> = std::sync::OnceLock::new();
    HEXES.get_or_init(|| {
        let mut v = Vec::new();
        for line in 0..32u8 {
            for column in 0..32u8 {
                let h = Hex { column, line };
                // SAFETY: a plain value call.
                if unsafe { (api.cescacs_hex_is_valid)(h) } {
                    v.push(h);
                }
            }
        }
        assert_eq!(v.len(), HEX_COUNT, "CESCACS_HEX_COUNT");
        v
    })
}

/// The centre of a hex by the formula of `cescacs_hex_center`.
fn center_of(h: Hex) -> (f64, f64) {
    (
        1.5 * (f64::from(h.column) - 7.0),
        3f64.sqrt() / 2.0 * (f64::from(h.line) - 14.0),
    )
}

/// What a run did (the fuzz target prints the totals).
#[derive(Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CStats {
    pub calls: u64,
    pub played: u64,
    /// Moves refused with `GAME_OVER` (the game had ended).
    pub game_over: u64,
    /// Games read by `cescacs_games_from_pgn`.
    pub games_read: u64,
    /// Moves taken back by running `cescacs_game_undo` to the start of a
    /// game read from CTL-PGN.
    pub undone_to_start: u64,
    /// Move texts read by `cescacs_game_parse_ctl` / `_long`.
    pub parsed: u64,
    /// Games opened from a variation (`cescacs_game_variation`).
    pub variations: u64,
    /// Tags set and comments added (and the game read back).
    pub annotated: u64,
    /// Games of batches (self-play or CTL-PGN) checked against their
    /// rebuilt game handles.
    pub batch_games: u64,
    /// Lines of a record entered with `cescacs_line_variation` and checked
    /// against the game `cescacs_line_game` makes of them.
    pub lines: u64,
}

const SLOTS: usize = 4;
const SENTINEL: u8 = 0xA5;

/// The fuzzer's bytes, read front to back; zeros once exhausted.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }
    fn index(&mut self) -> usize {
        usize::from(self.byte())
    }
    /// A NUL-terminated text: a length byte and that many bytes (interior
    /// NULs cut the text short, as they would in C).
    fn text(&mut self) -> Vec<u8> {
        let n = self.index();
        let take = n.min(self.0.len());
        let (t, rest) = self.0.split_at(take);
        self.0 = rest;
        let mut v: Vec<u8> = t.iter().copied().take_while(|&b| b != 0).collect();
        v.push(0);
        v
    }
}

/// A move list slot: the handle and the PDTL of the position it was made
/// for (`None` for an empty list from `cescacs_move_list_new`).
struct ListSlot {
    list: *mut List,
    pdtl: Option<String>,
}

/// A game slot: the handle and the PDTLs before each of its moves, those
/// read from CTL-PGN included (what `undo` must restore, last first).
struct GameSlot {
    game: *mut Game,
    undo: Vec<String>,
}

// The ops of `Driver::step`, by subject.
mod batches;
mod board;
mod games;
mod lines;
mod lists;
mod records;

struct Driver<'a> {
    api: &'a Api,
    games: [Option<GameSlot>; SLOTS],
    lists: [Option<ListSlot>; SLOTS],
    stats: CStats,
}

impl Drop for Driver<'_> {
    fn drop(&mut self) {
        for slot in 0..SLOTS {
            self.free_game(slot);
            self.free_list(slot);
        }
    }
}

fn c_str(p: *const c_char) -> String {
    assert!(!p.is_null(), "NULL string");
    // SAFETY: the library returns NUL-terminated strings.
    let s = unsafe { CStr::from_ptr(p) };
    s.to_str()
        .unwrap_or_else(|_| panic!("not UTF-8: {s:?}"))
        .to_string()
}

impl Driver<'_> {
    /// A result code: known, not a caught panic; after a failure the last
    /// error message is there.
    fn rc(&mut self, what: &str, rc: u32) -> u32 {
        self.stats.calls += 1;
        assert!(rc <= LAST_RESULT, "{what}: unknown result code {rc}");
        // SAFETY: plain calls without arguments.
        let (name, message) = unsafe {
            (
                c_str((self.api.cescacs_result_name)(rc)),
                c_str((self.api.cescacs_last_error)()),
            )
        };
        assert_ne!(rc, PANIC, "{what}: {name}: {message}");
        if rc != OK {
            assert!(!message.is_empty(), "{what}: {name} without a message");
        }
        rc
    }

    fn game(&self, slot: usize) -> *mut Game {
        self.games[slot % SLOTS]
            .as_ref()
            .map_or(null_mut(), |g| g.game)
    }

    fn list(&self, slot: usize) -> *mut List {
        self.lists[slot % SLOTS]
            .as_ref()
            .map_or(null_mut(), |l| l.list)
    }

    fn free_game(&mut self, slot: usize) {
        if let Some(g) = self.games[slot % SLOTS].take() {
            // SAFETY: a live handle of ours, freed once.
            unsafe { (self.api.cescacs_game_free)(g.game) };
        }
    }

    fn free_list(&mut self, slot: usize) {
        if let Some(l) = self.lists[slot % SLOTS].take() {
            // SAFETY: a live handle of ours, freed once.
            unsafe { (self.api.cescacs_move_list_free)(l.list) };
        }
    }

    /// Keeps a new game in `slot` (freeing the game there), with the
    /// positions `undo` must restore.
    fn keep_game(&mut self, slot: usize, game: *mut Game, undo: Vec<String>) {
        self.free_game(slot);
        self.games[slot % SLOTS] = Some(GameSlot { game, undo });
    }

    /// The undo model of a game read from CTL-PGN: the PDTL before each of
    /// its moves (`pdtl_at` 0 to plies - 1). No recorded move takes a King
    /// (Kings are never captured).
    fn recorded(&mut self, game: *const Game) -> Vec<String> {
        // SAFETY: `game` is a live handle of this run; `out` is a local.
        let plies = self.count(|api, out| unsafe { (api.cescacs_game_ply_count)(game, out) });
        let mut before = Vec::with_capacity(plies);
        for ply in 0..plies {
            let m = self.move_at(game, ply).expect("a ply below the count");
            before.push(self.pdtl_at(game, ply));
            assert_ne!(
                m.captured, ROLE_KING,
                "{}: ply {ply} of a game read from CTL-PGN takes a King: {m:?}",
                before[ply]
            );
        }
        before
    }

    /// `cescacs_game_undo` until `NOTHING_TO_UNDO` takes `game` back through
    /// every position of `undo` (last first) to its start: the game read
    /// from CTL-PGN is then empty.
    fn undo_to_start(&mut self, game: *mut Game, mut undo: Vec<String>) {
        while let Some(before) = undo.pop() {
            assert_eq!(
                // SAFETY: a live handle of this run.
                self.rc("undo to start", unsafe {
                    (self.api.cescacs_game_undo)(game)
                }),
                OK
            );
            assert_eq!(
                self.pdtl(game),
                before,
                "undo to the start: {} moves left",
                undo.len()
            );
            self.stats.undone_to_start += 1;
        }
        assert_eq!(
            // SAFETY: a live handle of this run.
            self.rc("undo at the start", unsafe {
                (self.api.cescacs_game_undo)(game)
            }),
            NOTHING_TO_UNDO
        );
        // SAFETY: as above; `out` is a local.
        let plies = self.count(|api, out| unsafe { (api.cescacs_game_ply_count)(game, out) });
        assert_eq!(
            (plies, self.history_len(game)),
            (0, 0),
            "undo to the start left moves"
        );
    }

    fn keep_list(&mut self, slot: usize, list: *mut List, pdtl: Option<String>) {
        self.free_list(slot);
        self.lists[slot % SLOTS] = Some(ListSlot { list, pdtl });
    }

    /// A `usize` out-value of a call that must succeed.
    fn count(&mut self, call: impl FnOnce(&Api, *mut usize) -> u32) -> usize {
        let mut n = usize::MAX;
        let rc = call(self.api, &mut n);
        assert_eq!(self.rc("count", rc), OK);
        n
    }

    fn move_at(&mut self, game: *const Game, ply: usize) -> Option<Move> {
        let mut m = Move::default();
        // SAFETY: a live game, a valid out-pointer.
        let rc = unsafe { (self.api.cescacs_game_move_at)(game, ply, &mut m) };
        match self.rc("move_at", rc) {
            OK => Some(m),
            rc => {
                assert_eq!(rc, INDEX_OUT_OF_RANGE);
                None
            }
        }
    }

    /// Calls a text writer `f(buf, len, out_len)` with a buffer shape the
    /// fuzzer picks: NULL with length 0 (asks for the length), NULL with a
    /// length (refused), a small buffer or a large one, `out_len` NULL or
    /// not. Checks the writer's contract and returns the text it wrote.
    fn text_out(
        &mut self,
        what: &str,
        b: &mut Bytes,
        f: impl Fn(*mut c_char, usize, *mut usize) -> u32,
    ) -> Result<String, u32> {
        let shape = b.byte();
        let mut out_len = usize::MAX;
        let out_ptr: *mut usize = if shape & 0x80 != 0 {
            null_mut()
        } else {
            &mut out_len
        };
        match shape & 0x7F {
            0 => {
                let rc = self.rc(what, f(null_mut(), 0, out_ptr));
                if rc == BUFFER_TOO_SMALL && !out_ptr.is_null() {
                    assert_ne!(
                        out_len,
                        usize::MAX,
                        "{what}: the needed length was not written"
                    );
                }
                // The empty text fits in no buffer either (it needs its NUL).
                assert_ne!(rc, OK, "{what}: wrote into a NULL buffer");
                Err(rc)
            }
            1 => {
                let rc = self.rc(what, f(null_mut(), 7, out_ptr));
                assert_ne!(rc, OK, "{what}: wrote into a NULL buffer");
                Err(rc)
            }
            s => {
                let len = if s < 0x40 { usize::from(s) } else { 4096 };
                let mut buf = vec![SENTINEL; len];
                let rc = self.rc(what, f(buf.as_mut_ptr().cast(), len, out_ptr));
                match rc {
                    OK => {
                        let nul = buf
                            .iter()
                            .position(|&c| c == 0)
                            .unwrap_or_else(|| panic!("{what}: no NUL"));
                        if !out_ptr.is_null() {
                            assert_eq!(out_len, nul, "{what}: reported length");
                        }
                        assert!(
                            buf[nul + 1..].iter().all(|&c| c == SENTINEL),
                            "{what}: wrote past the NUL"
                        );
                        Ok(String::from_utf8(buf[..nul].to_vec())
                            .unwrap_or_else(|_| panic!("{what}: not UTF-8")))
                    }
                    BUFFER_TOO_SMALL => {
                        assert!(
                            buf.iter().all(|&c| c == SENTINEL),
                            "{what}: touched a too-small buffer"
                        );
                        if !out_ptr.is_null() {
                            assert!(
                                out_len >= len,
                                "{what}: {out_len} bytes and its NUL fit in {len}"
                            );
                        }
                        Err(rc)
                    }
                    rc => {
                        assert!(
                            buf.iter().all(|&c| c == SENTINEL),
                            "{what}: wrote on failure"
                        );
                        Err(rc)
                    }
                }
            }
        }
    }

    /// The game's PDTL through a large buffer (must succeed).
    fn pdtl(&mut self, game: *const Game) -> String {
        let mut buf = vec![0u8; 4096];
        let mut n = 0;
        // SAFETY: a live game, a buffer of the stated length.
        let rc = unsafe {
            (self.api.cescacs_game_pdtl)(game, buf.as_mut_ptr().cast(), buf.len(), &mut n)
        };
        assert_eq!(self.rc("pdtl", rc), OK);
        String::from_utf8(buf[..n].to_vec()).expect("UTF-8 PDTL")
    }

    /// The position after `ply` moves of the game (must exist).
    fn pdtl_at(&mut self, game: *const Game, ply: usize) -> String {
        let mut buf = vec![0u8; 4096];
        let mut n = 0;
        // SAFETY: a live game, a buffer of the stated length.
        let rc = unsafe {
            (self.api.cescacs_game_pdtl_at)(game, ply, buf.as_mut_ptr().cast(), buf.len(), &mut n)
        };
        assert_eq!(self.rc("pdtl_at", rc), OK);
        String::from_utf8(buf[..n].to_vec()).expect("UTF-8 PDTL")
    }

    /// The game in CTL-PGN: the length asked first, then written.
    fn write_pgn(&mut self, game: *const Game) -> String {
        let mut n = 0;
        // SAFETY: a live game; NULL and 0 ask for the length.
        let rc = unsafe { (self.api.cescacs_game_write_pgn)(game, null_mut(), 0, &mut n) };
        assert_eq!(self.rc("write_pgn(size)", rc), BUFFER_TOO_SMALL);
        let mut buf = vec![0u8; n + 1];
        // SAFETY: a live game, a buffer of the stated length.
        let rc = unsafe {
            (self.api.cescacs_game_write_pgn)(game, buf.as_mut_ptr().cast(), buf.len(), &mut n)
        };
        assert_eq!(self.rc("write_pgn", rc), OK);
        String::from_utf8(buf[..n].to_vec()).expect("UTF-8 CTL-PGN")
    }

    /// Whether the game has ended by the rules (its outcome is not NONE):
    /// then every move is refused with `GAME_OVER`.
    fn is_over(&mut self, game: *const Game) -> bool {
        let mut o = Outcome::default();
        assert_eq!(
            // SAFETY: a live game, a valid out-pointer.
            self.rc("outcome", unsafe {
                (self.api.cescacs_game_outcome)(game, &mut o)
            }),
            OK
        );
        o.termination != 0
    }

    /// The last move of a game that has one.
    fn last_move(&mut self, game: *const Game) -> Move {
        // SAFETY: `game` is a live handle of this run; `out` is a local.
        let plies = self.count(|api, out| unsafe { (api.cescacs_game_ply_count)(game, out) });
        self.move_at(game, plies - 1).expect("the last ply")
    }

    fn history_len(&mut self, game: *const Game) -> usize {
        // SAFETY: `game` is a live handle of this run; `out` is a local.
        self.count(|api, out| unsafe { (api.cescacs_game_history_len)(game, out) })
    }

    /// After a successful move on `slot`: the history grew by one and the
    /// undo model remembers `before`.
    fn moved(&mut self, slot: usize, before: String, history: usize) {
        let game = self.game(slot);
        assert_eq!(
            self.history_len(game),
            history + 1,
            "a played move is in the history"
        );
        let m = self.last_move(game);
        assert_ne!(
            m.captured, ROLE_KING,
            "{before}: a move taking a King was played: {m:?}"
        );
        if let Some(g) = self.games[slot % SLOTS].as_mut() {
            g.undo.push(before);
        }
        self.stats.played += 1;
    }

    /// The game is as it was before a refused (or read-only) call: the same
    /// position and the same history length.
    fn assert_unchanged(&mut self, game: *const Game, before: &str, history: usize, what: &str) {
        assert_eq!(self.pdtl(game), before, "{what} changed the game");
        assert_eq!(
            self.history_len(game),
            history,
            "{what} changed the history"
        );
    }

    /// Plays a move text (CTL-AN or long) on `slot`: a game that is over
    /// refuses any text with `GAME_OVER` (checked before reading the text,
    /// after the UTF-8 check); a refused move leaves the game unchanged.
    fn play_text(&mut self, slot: usize, text: &[u8], long: bool) {
        let game = self.game(slot);
        let play = if long {
            self.api.cescacs_game_play_long
        } else {
            self.api.cescacs_game_play_ctl
        };
        if game.is_null() {
            // SAFETY: NULL game, valid text.
            let rc = unsafe { play(null_mut(), text.as_ptr().cast()) };
            assert_eq!(self.rc("play text on NULL", rc), NULL_POINTER);
            return;
        }
        let before = self.pdtl(game);
        let history = self.history_len(game);
        let over = self.is_over(game);
        let utf8 = std::str::from_utf8(&text[..text.len() - 1]).is_ok();
        // SAFETY: live game, NUL-terminated text.
        let rc = self.rc("play text", unsafe { play(game, text.as_ptr().cast()) });
        match rc {
            OK => {
                assert!(
                    !over,
                    "play text: {text:?} played after the end of the game"
                );
                self.moved(slot, before, history);
                return;
            }
            INVALID_UTF8 => assert!(!utf8),
            GAME_OVER => {
                assert!(
                    over && utf8,
                    "play text: GAME_OVER, but over: {over}, UTF-8: {utf8}"
                );
                self.stats.game_over += 1;
            }
            rc => {
                assert!(
                    matches!(rc, BAD_MOVE_TEXT | ILLEGAL_MOVE),
                    "play text: {rc}"
                );
                assert!(!over, "play text: {rc} instead of GAME_OVER");
            }
        }
        self.assert_unchanged(game, &before, history, "a refused move text");
    }

    /// Every legal move of a live game, in the generator's order.
    fn legal(&mut self, game: *const Game) -> Vec<Move> {
        let mut list = null_mut();
        assert_eq!(
            // SAFETY: a live game, a local out-pointer.
            self.rc("legal_moves", unsafe {
                (self.api.cescacs_game_legal_moves)(game, &mut list)
            }),
            OK
        );
        let moves = self.list_moves(list);
        // SAFETY: the list just made, freed once.
        unsafe { (self.api.cescacs_move_list_free)(list) };
        moves
    }

    /// The moves of a live list, through `cescacs_move_list_copy`.
    fn list_moves(&mut self, list: *const List) -> Vec<Move> {
        let mut all = vec![Move::default(); MAX_MOVES];
        let mut n = usize::MAX;
        // SAFETY: a live list, an array of MAX_MOVES moves.
        let rc =
            unsafe { (self.api.cescacs_move_list_copy)(list, all.as_mut_ptr(), MAX_MOVES, &mut n) };
        assert_eq!(self.rc("copy", rc), OK);
        all.truncate(n);
        all
    }

    /// A hex argument: mostly one of the 169 hexes, sometimes any pair.
    fn hex_arg(&mut self, b: &mut Bytes) -> Hex {
        let c = b.byte();
        if c < 0xC0 {
            valid_hexes(self.api)[usize::from(c) % HEX_COUNT]
        } else {
            Hex {
                column: b.byte() & 0x1F,
                line: b.byte() & 0x3F,
            }
        }
    }

    /// Calls an array writer `f(buf, len, count_out)` (hexes, pieces) with
    /// a shape the fuzzer picks: NULL with 0 (asks for the count), NULL with
    /// a length (refused), `count_out` NULL (refused), a small array or one
    /// of `max` entries. Checks the contract (nothing written past the
    /// count, an untouched array and count on failure but for the count of
    /// `BUFFER_TOO_SMALL`) and returns the entries written.
    fn array_out<T: Copy + PartialEq + std::fmt::Debug>(
        &mut self,
        what: &str,
        b: &mut Bytes,
        sentinel: T,
        max: usize,
        f: impl Fn(*mut T, usize, *mut usize) -> u32,
    ) -> Result<Vec<T>, u32> {
        let shape = b.byte();
        let mut count = usize::MAX;
        if shape & 0x80 != 0 {
            let mut buf = vec![sentinel; max];
            let rc = self.rc(what, f(buf.as_mut_ptr(), max, null_mut()));
            assert!(
                rc != OK && rc != BUFFER_TOO_SMALL,
                "{what}: NULL count_out gave {rc}"
            );
            assert!(
                buf.iter().all(|x| *x == sentinel),
                "{what}: wrote with a NULL count_out"
            );
            return Err(rc);
        }
        let (mut buf, len, null_buf) = match shape & 0x7F {
            0 => (Vec::new(), 0, true),
            1 => (Vec::new(), 7, true),
            s if s < 0x40 => (
                vec![sentinel; usize::from(s) - 2],
                usize::from(s) - 2,
                false,
            ),
            _ => (vec![sentinel; max], max, false),
        };
        let p = if null_buf {
            null_mut()
        } else {
            buf.as_mut_ptr()
        };
        let rc = self.rc(what, f(p, len, &mut count));
        match rc {
            OK => {
                assert!(
                    !(null_buf && len > 0),
                    "{what}: OK with a NULL array of length {len}"
                );
                assert!(
                    count <= len && count <= max,
                    "{what}: count {count} in an array of {len}"
                );
                assert!(
                    buf[count.min(buf.len())..].iter().all(|x| *x == sentinel),
                    "{what}: wrote past the count"
                );
                Ok(buf[..count.min(buf.len())].to_vec())
            }
            BUFFER_TOO_SMALL => {
                assert!(
                    count > len && count <= max,
                    "{what}: BUFFER_TOO_SMALL with count {count} for {len}"
                );
                assert!(
                    !(null_buf && len > 0),
                    "{what}: NULL array of length {len} not refused"
                );
                assert!(
                    buf.iter().all(|x| *x == sentinel),
                    "{what}: touched a too-small array"
                );
                Err(rc)
            }
            rc => {
                assert_eq!(count, usize::MAX, "{what}: wrote the count on failure {rc}");
                assert!(
                    buf.iter().all(|x| *x == sentinel),
                    "{what}: wrote on failure {rc}"
                );
                if null_buf && len > 0 {
                    assert_eq!(rc, NULL_POINTER, "{what}: NULL array with a length");
                }
                Err(rc)
            }
        }
    }

    /// A hex set answer through an array of `CESCACS_HEX_COUNT` (must
    /// succeed), checked to be valid hexes in board order.
    fn hexes(&mut self, what: &str, f: impl Fn(*mut Hex, usize, *mut usize) -> u32) -> Vec<Hex> {
        let mut buf = vec![Hex::default(); HEX_COUNT];
        let mut n = usize::MAX;
        assert_eq!(
            self.rc(what, f(buf.as_mut_ptr(), HEX_COUNT, &mut n)),
            OK,
            "{what}"
        );
        buf.truncate(n);
        self.board_order(what, &buf);
        buf
    }

    /// Valid hexes, strictly in board order (line, then column).
    fn board_order(&self, what: &str, hexes: &[Hex]) {
        for h in hexes {
            assert!(
                // SAFETY: a plain value call.
                unsafe { (self.api.cescacs_hex_is_valid)(*h) },
                "{what}: {h:?} is not a hex"
            );
        }
        assert!(
            hexes
                .windows(2)
                .all(|w| (w[0].line, w[0].column) < (w[1].line, w[1].column)),
            "{what}: not in board order: {hexes:?}"
        );
    }

    /// Every piece of a live game (`cescacs_game_pieces`, must succeed).
    fn pieces(&mut self, game: *const Game) -> Vec<PlacedPiece> {
        let mut buf = vec![PlacedPiece::default(); HEX_COUNT];
        let mut n = usize::MAX;
        // SAFETY: a live game, an array of HEX_COUNT entries.
        let rc =
            unsafe { (self.api.cescacs_game_pieces)(game, buf.as_mut_ptr(), HEX_COUNT, &mut n) };
        assert_eq!(self.rc("pieces", rc), OK);
        buf.truncate(n);
        buf
    }

    /// A text of a live game read by index with a large buffer (must
    /// succeed).
    fn text_at(&mut self, what: &str, f: impl Fn(*mut c_char, usize, *mut usize) -> u32) -> String {
        let mut buf = vec![0u8; 1 << 16];
        let mut n = usize::MAX;
        assert_eq!(
            self.rc(what, f(buf.as_mut_ptr().cast(), buf.len(), &mut n)),
            OK,
            "{what}"
        );
        String::from_utf8(buf[..n].to_vec()).unwrap_or_else(|_| panic!("{what}: not UTF-8"))
    }

    /// The tags of a live game, (name, value) in order.
    fn tags(&mut self, game: *const Game) -> Vec<(String, String)> {
        // SAFETY: a live game; the closures pass their locals.
        unsafe {
            let n = self.count(|api, out| (api.cescacs_game_tag_count)(game, out));
            (0..n)
                .map(|i| {
                    let api = self.api;
                    let name = self.text_at("tag_name_at", |buf, len, out| {
                        (api.cescacs_game_tag_name_at)(game, i, buf, len, out)
                    });
                    let value = self.text_at("tag_value_at", |buf, len, out| {
                        (api.cescacs_game_tag_value_at)(game, i, buf, len, out)
                    });
                    (name, value)
                })
                .collect()
        }
    }

    /// The game in CTL-PGN reads back (`cescacs_game_from_pgn`) and writes
    /// the same text again; returns the game read (the caller frees it).
    fn pgn_round_trip(&mut self, game: *const Game) -> *mut Game {
        let text = self.write_pgn(game);
        let c = text.clone() + "\0";
        let mut g = null_mut();
        // SAFETY: a NUL-terminated text, a local out-pointer.
        let rc = unsafe { (self.api.cescacs_game_from_pgn)(c.as_ptr().cast(), &mut g) };
        // SAFETY: a plain call.
        let why = c_str(unsafe { (self.api.cescacs_last_error)() });
        assert_eq!(
            self.rc("from_pgn(written)", rc),
            OK,
            "{text:?} does not read back: {why}"
        );
        let again = self.write_pgn(g);
        assert_eq!(again, text, "CTL-PGN round trip through the C API");
        g
    }

    /// Checks the result of a call reading item `index` of a list of items
    /// of a live (`!null_game`) or NULL game: a NULL game is refused, an
    /// index out of range too (or the NULL buffer first).
    fn indexed(what: &str, r: &Result<String, u32>, null_game: bool, in_range: bool) {
        if null_game {
            assert!(matches!(r, Err(NULL_POINTER)), "{what}(NULL game): {r:?}");
        } else if !in_range {
            assert!(
                matches!(r, Err(INDEX_OUT_OF_RANGE | NULL_POINTER)),
                "{what}: out of range: {r:?}"
            );
        } else {
            assert!(
                !matches!(r, Err(INDEX_OUT_OF_RANGE)),
                "{what}: in range: {r:?}"
            );
        }
    }

    /// One call (or a small group of related calls) chosen by the bytes;
    /// the ops are in c_api/ by subject (games, lists, records, board).
    fn step(&mut self, b: &mut Bytes) {
        let op = b.byte() % 42;
        let slot = b.index() % SLOTS;
        let game = self.game(slot);
        // SAFETY: every op keeps the contract of the calls it makes: handles
        // are live ones of ours or NULL, out-pointers are valid or NULL,
        // buffers have the length given, texts are NUL-terminated.
        unsafe {
            match op {
                0 => self.op_game_new(b, slot),
                1 => self.op_game_from_pdtl(b, slot),
                2 => self.op_game_from_pgn(b, slot),
                3 => self.op_game_clone(b, slot, game),
                4 => self.free_game(slot),
                5 => self.op_game_pdtl(b, game),
                6 => self.op_game_turn(b, game),
                7 => self.op_piece_at(b, game),
                8..=10 => self.op_game_legal_moves(op, b, game),
                11 => self.op_game_legal_moves_into(b, game),
                12 => self.op_move_list_new(slot),
                13 => self.free_list(slot),
                14 => self.op_list_len_get_copy(b, slot),
                15 | 16 => self.op_move_list_ctl(op, b, slot),
                17 => self.op_play_from_list(b, slot),
                18 => self.op_move_list_long(b, slot),
                19 => self.op_game_undo(slot, game),
                20 => self.op_game_perft(b, game),
                21 => self.op_game_write_pgn(b, game),
                22 => self.op_game_result(b, game),
                23 => self.op_move_ctl_at(b, game),
                24 => self.op_hex_parse(b),
                25 => self.op_games_from_pgn(b, slot),
                27 => self.op_game_find_moves(b, game),
                28 => self.op_play_move_value(b, slot, game),
                29 => self.op_parse_move_text(b, slot, game),
                30 => self.op_move_list_array(b, slot),
                31 => self.op_tags_by_index(b, game),
                32 => self.op_game_set_tag(b, game),
                33 => self.op_read_comments(b, game),
                34 => self.op_add_comment(b, game),
                35 => self.op_variations(b, game),
                36 => self.op_game_pieces(b, game),
                37 => self.op_game_board_text(b, game),
                38 => self.op_threats(b, game),
                39 => self.op_hex_geometry(b),
                40 => self.op_assessments(b, game),
                41 => self.op_game_batch(b, slot),
                _ => self.op_result_name_and_version(b),
            }
        }
    }
}

/// Target 5 (`c_api`): runs the call sequence the bytes describe.
pub fn check_c_api(api: &Api, data: &[u8]) -> CStats {
    let mut driver = Driver {
        api,
        games: Default::default(),
        lists: Default::default(),
        stats: CStats::default(),
    };
    let mut b = Bytes(data);
    // Bound the work per input (each step can generate moves a few times).
    for _ in 0..256 {
        if b.0.is_empty() {
            break;
        }
        driver.step(&mut b);
    }
    driver.stats
}
