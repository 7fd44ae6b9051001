//! The C API target's driver and checks, shared by the cargo-fuzz target
//! (`fuzz/fuzz_targets/c_api.rs`, which calls the functions of the
//! `cescacs-ffi` sources linked in, instrumented) and the stable replay test
//! (`ffi-c/tests/fuzz_c_api_replay.rs`, which compiles the same sources in),
//! both including this file as `c_api` with `#[macro_use] #[path]`.
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
/// The largest result code.
const LAST_RESULT: u32 = BAD_ARGUMENT;
/// `CESCACS_VERSION_MAJOR`, `_MINOR`, `_PATCH` of include/cescacs.h.
const VERSION: (u32, u32, u32) = (0, 1, 0);
/// `CESCACS_HEX_COUNT`, `CESCACS_HEX_CORNERS`.
const HEX_COUNT: usize = 169;
const HEX_CORNERS: usize = 6;
const ROLE_KING: u32 = 9;
const MAX_MOVES: usize = 512;

/// Opaque handles (`cescacs_game`, `cescacs_move_list`).
pub type Game = c_void;
pub type List = c_void;

/// `cescacs_outcome` (include/cescacs.h).
#[repr(C)]
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub termination: u32,
    pub winner: u32,
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
macro_rules! c_functions {
    ($callback:ident $(, $extra:ident)?) => {
        $callback! {
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
c_functions!(api_table);

/// `linked_api!(krate)`: the table filled with the functions of the Rust
/// crate `krate` (the C ABI crate's sources, linked in).
macro_rules! linked_api {
    ($krate:ident) => {
        c_functions!(linked_api_of, $krate)
    };
}

macro_rules! linked_api_of {
    (($krate:ident) $($name:ident : fn($($arg:ty),*) -> $ret:ty;)*) => {
        // SAFETY: each name maps to the function of that name, whose
        // signature the header (generated from it) gives.
        unsafe {
            c_api::Api::load(|name| match name {
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
    (1.5 * (f64::from(h.column) - 7.0), 3f64.sqrt() / 2.0 * (f64::from(h.line) - 14.0))
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
    s.to_str().unwrap_or_else(|_| panic!("not UTF-8: {s:?}")).to_string()
}

impl Driver<'_> {
    /// A result code: known, not a caught panic; after a failure the last
    /// error message is there.
    fn rc(&mut self, what: &str, rc: u32) -> u32 {
        self.stats.calls += 1;
        assert!(rc <= LAST_RESULT, "{what}: unknown result code {rc}");
        // SAFETY: plain calls without arguments.
        let (name, message) = unsafe { (c_str((self.api.cescacs_result_name)(rc)), c_str((self.api.cescacs_last_error)())) };
        assert_ne!(rc, PANIC, "{what}: {name}: {message}");
        if rc != OK {
            assert!(!message.is_empty(), "{what}: {name} without a message");
        }
        rc
    }

    fn game(&self, slot: usize) -> *mut Game {
        self.games[slot % SLOTS].as_ref().map_or(null_mut(), |g| g.game)
    }

    fn list(&self, slot: usize) -> *mut List {
        self.lists[slot % SLOTS].as_ref().map_or(null_mut(), |l| l.list)
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
            assert_ne!(m.captured, ROLE_KING, "{}: ply {ply} of a game read from CTL-PGN takes a King: {m:?}", before[ply]);
        }
        before
    }

    /// `cescacs_game_undo` until `NOTHING_TO_UNDO` takes `game` back through
    /// every position of `undo` (last first) to its start: the game read
    /// from CTL-PGN is then empty.
    fn undo_to_start(&mut self, game: *mut Game, mut undo: Vec<String>) {
        while let Some(before) = undo.pop() {
            // SAFETY: a live handle of this run.
            assert_eq!(self.rc("undo to start", unsafe { (self.api.cescacs_game_undo)(game) }), OK);
            assert_eq!(self.pdtl(game), before, "undo to the start: {} moves left", undo.len());
            self.stats.undone_to_start += 1;
        }
        // SAFETY: a live handle of this run.
        assert_eq!(self.rc("undo at the start", unsafe { (self.api.cescacs_game_undo)(game) }), NOTHING_TO_UNDO);
        // SAFETY: as above; `out` is a local.
        let plies = self.count(|api, out| unsafe { (api.cescacs_game_ply_count)(game, out) });
        assert_eq!((plies, self.history_len(game)), (0, 0), "undo to the start left moves");
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
    fn text_out(&mut self, what: &str, b: &mut Bytes, f: impl Fn(*mut c_char, usize, *mut usize) -> u32) -> Result<String, u32> {
        let shape = b.byte();
        let mut out_len = usize::MAX;
        let out_ptr: *mut usize = if shape & 0x80 != 0 { null_mut() } else { &mut out_len };
        match shape & 0x7F {
            0 => {
                let rc = self.rc(what, f(null_mut(), 0, out_ptr));
                if rc == BUFFER_TOO_SMALL && !out_ptr.is_null() {
                    assert_ne!(out_len, usize::MAX, "{what}: the needed length was not written");
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
                        let nul = buf.iter().position(|&c| c == 0).unwrap_or_else(|| panic!("{what}: no NUL"));
                        if !out_ptr.is_null() {
                            assert_eq!(out_len, nul, "{what}: reported length");
                        }
                        assert!(buf[nul + 1..].iter().all(|&c| c == SENTINEL), "{what}: wrote past the NUL");
                        Ok(String::from_utf8(buf[..nul].to_vec()).unwrap_or_else(|_| panic!("{what}: not UTF-8")))
                    }
                    BUFFER_TOO_SMALL => {
                        assert!(buf.iter().all(|&c| c == SENTINEL), "{what}: touched a too-small buffer");
                        if !out_ptr.is_null() {
                            assert!(out_len >= len, "{what}: {out_len} bytes and its NUL fit in {len}");
                        }
                        Err(rc)
                    }
                    rc => {
                        assert!(buf.iter().all(|&c| c == SENTINEL), "{what}: wrote on failure");
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
        let rc = unsafe { (self.api.cescacs_game_pdtl)(game, buf.as_mut_ptr().cast(), buf.len(), &mut n) };
        assert_eq!(self.rc("pdtl", rc), OK);
        String::from_utf8(buf[..n].to_vec()).expect("UTF-8 PDTL")
    }

    /// The position after `ply` moves of the game (must exist).
    fn pdtl_at(&mut self, game: *const Game, ply: usize) -> String {
        let mut buf = vec![0u8; 4096];
        let mut n = 0;
        // SAFETY: a live game, a buffer of the stated length.
        let rc = unsafe { (self.api.cescacs_game_pdtl_at)(game, ply, buf.as_mut_ptr().cast(), buf.len(), &mut n) };
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
        let rc = unsafe { (self.api.cescacs_game_write_pgn)(game, buf.as_mut_ptr().cast(), buf.len(), &mut n) };
        assert_eq!(self.rc("write_pgn", rc), OK);
        String::from_utf8(buf[..n].to_vec()).expect("UTF-8 CTL-PGN")
    }

    /// Whether the game has ended by the rules (its outcome is not NONE):
    /// then every move is refused with `GAME_OVER`.
    fn is_over(&mut self, game: *const Game) -> bool {
        let mut o = Outcome::default();
        // SAFETY: a live game, a valid out-pointer.
        assert_eq!(self.rc("outcome", unsafe { (self.api.cescacs_game_outcome)(game, &mut o) }), OK);
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
        assert_eq!(self.history_len(game), history + 1, "a played move is in the history");
        let m = self.last_move(game);
        assert_ne!(m.captured, ROLE_KING, "{before}: a move taking a King was played: {m:?}");
        if let Some(g) = self.games[slot % SLOTS].as_mut() {
            g.undo.push(before);
        }
        self.stats.played += 1;
    }

    /// The game is as it was before a refused (or read-only) call: the same
    /// position and the same history length.
    fn assert_unchanged(&mut self, game: *const Game, before: &str, history: usize, what: &str) {
        assert_eq!(self.pdtl(game), before, "{what} changed the game");
        assert_eq!(self.history_len(game), history, "{what} changed the history");
    }

    /// Plays a move text (CTL-AN or long) on `slot`: a game that is over
    /// refuses any text with `GAME_OVER` (checked before reading the text,
    /// after the UTF-8 check); a refused move leaves the game unchanged.
    fn play_text(&mut self, slot: usize, text: &[u8], long: bool) {
        let game = self.game(slot);
        let play = if long { self.api.cescacs_game_play_long } else { self.api.cescacs_game_play_ctl };
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
                assert!(!over, "play text: {text:?} played after the end of the game");
                self.moved(slot, before, history);
                return;
            }
            INVALID_UTF8 => assert!(!utf8),
            GAME_OVER => {
                assert!(over && utf8, "play text: GAME_OVER, but over: {over}, UTF-8: {utf8}");
                self.stats.game_over += 1;
            }
            rc => {
                assert!(matches!(rc, BAD_MOVE_TEXT | ILLEGAL_MOVE), "play text: {rc}");
                assert!(!over, "play text: {rc} instead of GAME_OVER");
            }
        }
        self.assert_unchanged(game, &before, history, "a refused move text");
    }

    /// Every legal move of a live game, in the generator's order.
    fn legal(&mut self, game: *const Game) -> Vec<Move> {
        let mut list = null_mut();
        // SAFETY: a live game, a local out-pointer.
        assert_eq!(self.rc("legal_moves", unsafe { (self.api.cescacs_game_legal_moves)(game, &mut list) }), OK);
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
        let rc = unsafe { (self.api.cescacs_move_list_copy)(list, all.as_mut_ptr(), MAX_MOVES, &mut n) };
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
            Hex { column: b.byte() & 0x1F, line: b.byte() & 0x3F }
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
            assert!(rc != OK && rc != BUFFER_TOO_SMALL, "{what}: NULL count_out gave {rc}");
            assert!(buf.iter().all(|x| *x == sentinel), "{what}: wrote with a NULL count_out");
            return Err(rc);
        }
        let (mut buf, len, null_buf) = match shape & 0x7F {
            0 => (Vec::new(), 0, true),
            1 => (Vec::new(), 7, true),
            s if s < 0x40 => (vec![sentinel; usize::from(s) - 2], usize::from(s) - 2, false),
            _ => (vec![sentinel; max], max, false),
        };
        let p = if null_buf { null_mut() } else { buf.as_mut_ptr() };
        let rc = self.rc(what, f(p, len, &mut count));
        match rc {
            OK => {
                assert!(!(null_buf && len > 0), "{what}: OK with a NULL array of length {len}");
                assert!(count <= len && count <= max, "{what}: count {count} in an array of {len}");
                assert!(buf[count.min(buf.len())..].iter().all(|x| *x == sentinel), "{what}: wrote past the count");
                Ok(buf[..count.min(buf.len())].to_vec())
            }
            BUFFER_TOO_SMALL => {
                assert!(count > len && count <= max, "{what}: BUFFER_TOO_SMALL with count {count} for {len}");
                assert!(!(null_buf && len > 0), "{what}: NULL array of length {len} not refused");
                assert!(buf.iter().all(|x| *x == sentinel), "{what}: touched a too-small array");
                Err(rc)
            }
            rc => {
                assert_eq!(count, usize::MAX, "{what}: wrote the count on failure {rc}");
                assert!(buf.iter().all(|x| *x == sentinel), "{what}: wrote on failure {rc}");
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
        assert_eq!(self.rc(what, f(buf.as_mut_ptr(), HEX_COUNT, &mut n)), OK, "{what}");
        buf.truncate(n);
        self.board_order(what, &buf);
        buf
    }

    /// Valid hexes, strictly in board order (line, then column).
    fn board_order(&self, what: &str, hexes: &[Hex]) {
        for h in hexes {
            // SAFETY: a plain value call.
            assert!(unsafe { (self.api.cescacs_hex_is_valid)(*h) }, "{what}: {h:?} is not a hex");
        }
        assert!(hexes.windows(2).all(|w| (w[0].line, w[0].column) < (w[1].line, w[1].column)), "{what}: not in board order: {hexes:?}");
    }

    /// Every piece of a live game (`cescacs_game_pieces`, must succeed).
    fn pieces(&mut self, game: *const Game) -> Vec<PlacedPiece> {
        let mut buf = vec![PlacedPiece::default(); HEX_COUNT];
        let mut n = usize::MAX;
        // SAFETY: a live game, an array of HEX_COUNT entries.
        let rc = unsafe { (self.api.cescacs_game_pieces)(game, buf.as_mut_ptr(), HEX_COUNT, &mut n) };
        assert_eq!(self.rc("pieces", rc), OK);
        buf.truncate(n);
        buf
    }

    /// A text of a live game read by index with a large buffer (must
    /// succeed).
    fn text_at(&mut self, what: &str, f: impl Fn(*mut c_char, usize, *mut usize) -> u32) -> String {
        let mut buf = vec![0u8; 1 << 16];
        let mut n = usize::MAX;
        assert_eq!(self.rc(what, f(buf.as_mut_ptr().cast(), buf.len(), &mut n)), OK, "{what}");
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
                    let name = self.text_at("tag_name_at", |buf, len, out| (api.cescacs_game_tag_name_at)(game, i, buf, len, out));
                    let value = self.text_at("tag_value_at", |buf, len, out| (api.cescacs_game_tag_value_at)(game, i, buf, len, out));
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
        assert_eq!(self.rc("from_pgn(written)", rc), OK, "{text:?} does not read back: {why}");
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
            assert!(matches!(r, Err(INDEX_OUT_OF_RANGE | NULL_POINTER)), "{what}: out of range: {r:?}");
        } else {
            assert!(!matches!(r, Err(INDEX_OUT_OF_RANGE)), "{what}: in range: {r:?}");
        }
    }

    /// One call (or a small group of related calls) chosen by the bytes.
    fn step(&mut self, b: &mut Bytes) {
        let api = self.api;
        let op = b.byte() % 41;
        let slot = b.index() % SLOTS;
        let game = self.game(slot);
        // SAFETY: for every call below, handles are live ones of ours or
        // NULL, out-pointers are valid or NULL, buffers have the length
        // given, texts are NUL-terminated.
        unsafe {
            match op {
                0 => {
                    let mut g = null_mut();
                    if b.byte() & 1 == 0 {
                        assert_eq!(self.rc("new", (api.cescacs_game_new)(&mut g)), OK);
                        self.keep_game(slot, g, Vec::new());
                    } else {
                        assert_eq!(self.rc("new(NULL)", (api.cescacs_game_new)(null_mut())), NULL_POINTER);
                    }
                }
                1 => {
                    let choice = b.byte();
                    let text = if choice < 0x40 {
                        let mut t = PDTLS[usize::from(choice) % PDTLS.len()].as_bytes().to_vec();
                        t.push(0);
                        t
                    } else {
                        b.text()
                    };
                    let mut g = null_mut();
                    match self.rc("from_pdtl", (api.cescacs_game_from_pdtl)(text.as_ptr().cast(), &mut g)) {
                        OK => {
                            let written = self.pdtl(g);
                            // The canonical text reads back to itself.
                            let mut h = null_mut();
                            let c = written.clone() + "\0";
                            assert_eq!(self.rc("from_pdtl again", (api.cescacs_game_from_pdtl)(c.as_ptr().cast(), &mut h)), OK);
                            assert_eq!(self.pdtl(h), written);
                            (api.cescacs_game_free)(h);
                            self.keep_game(slot, g, Vec::new());
                        }
                        INVALID_UTF8 => assert!(g.is_null() && std::str::from_utf8(&text[..text.len() - 1]).is_err()),
                        rc => assert!(rc == BAD_PDTL && g.is_null(), "from_pdtl: {rc}"),
                    }
                    assert_eq!(self.rc("from_pdtl(NULL)", (api.cescacs_game_from_pdtl)(null(), &mut g)), NULL_POINTER);
                }
                2 => {
                    let text = b.text();
                    let mut g = null_mut();
                    match self.rc("from_pgn", (api.cescacs_game_from_pgn)(text.as_ptr().cast(), &mut g)) {
                        OK => {
                            let undo = self.recorded(g);
                            if b.byte() & 1 == 1 {
                                self.undo_to_start(g, undo);
                                self.keep_game(slot, g, Vec::new());
                            } else {
                                self.keep_game(slot, g, undo);
                            }
                        }
                        INVALID_UTF8 => assert!(g.is_null()),
                        rc => {
                            assert!(rc == BAD_PGN && g.is_null(), "from_pgn: {rc}");
                            let (mut line, mut column) = (0, 0);
                            assert!((api.cescacs_last_error_location)(&mut line, &mut column));
                            assert!(line >= 1 && column >= 1);
                        }
                    }
                }
                3 => {
                    let mut g = null_mut();
                    let rc = self.rc("clone", (api.cescacs_game_clone)(game, &mut g));
                    if game.is_null() {
                        assert_eq!(rc, NULL_POINTER);
                    } else {
                        assert_eq!(rc, OK);
                        assert_eq!(self.pdtl(g), self.pdtl(game));
                        let undo = self.games[slot].as_ref().map(|s| s.undo.clone()).unwrap_or_default();
                        let history = self.history_len(game);
                        assert_eq!(self.history_len(g), history, "a clone keeps the undo history");
                        self.keep_game(b.index(), g, undo);
                    }
                }
                4 => self.free_game(slot),
                5 => {
                    let r = self.text_out("pdtl", b, |buf, len, out| (api.cescacs_game_pdtl)(game, buf, len, out));
                    if let Ok(text) = &r {
                        assert_eq!(*text, self.pdtl(game));
                    }
                    if game.is_null() {
                        assert!(matches!(r, Err(NULL_POINTER)), "pdtl(NULL): {r:?}");
                    }
                }
                6 => {
                    // The plain queries, with the out-pointer NULL or not.
                    let null_out = b.byte() & 1 == 1;
                    let mut u = 0u32;
                    let mut flag = false;
                    let mut o = Outcome::default();
                    let mut n = 0usize;
                    let mut h = 0u64;
                    let rcs = [
                        (api.cescacs_game_turn)(game, if null_out { null_mut() } else { &mut u }),
                        (api.cescacs_game_is_check)(game, if null_out { null_mut() } else { &mut flag }),
                        (api.cescacs_game_outcome)(game, if null_out { null_mut() } else { &mut o }),
                        (api.cescacs_game_history_len)(game, if null_out { null_mut() } else { &mut n }),
                        (api.cescacs_game_ply_count)(game, if null_out { null_mut() } else { &mut n }),
                        (api.cescacs_game_zobrist_hash)(game, if null_out { null_mut() } else { &mut h }),
                        (api.cescacs_game_repetition_count)(game, if null_out { null_mut() } else { &mut n }),
                        (api.cescacs_game_is_repetition)(game, u32::from(b.byte()), if null_out { null_mut() } else { &mut flag }),
                        (api.cescacs_game_can_claim_draw)(game, if null_out { null_mut() } else { &mut flag }),
                    ];
                    for rc in rcs {
                        let want = if null_out || game.is_null() { NULL_POINTER } else { OK };
                        assert_eq!(self.rc("query", rc), want);
                    }
                    if !null_out && !game.is_null() {
                        assert!(o.termination <= 5 && o.winner <= 2, "{o:?}");
                        let mut list = null_mut();
                        assert_eq!(self.rc("legal_moves", (api.cescacs_game_legal_moves)(game, &mut list)), OK);
                        let mut len = 0;
                        assert_eq!(self.rc("len", (api.cescacs_move_list_len)(list, &mut len)), OK);
                        (api.cescacs_move_list_free)(list);
                        // Mate and stalemate are exactly "no legal move" (an
                        // automatic draw earlier in the record comes first).
                        if len == 0 {
                            assert!(matches!(o.termination, 1..=5), "no legal move but {o:?}");
                        } else {
                            assert!(!matches!(o.termination, 1 | 2), "{len} legal moves but {o:?}");
                        }
                    }
                }
                7 => {
                    let hex = Hex { column: b.byte() % 20, line: b.byte() % 32 };
                    let valid = (api.cescacs_hex_is_valid)(hex);
                    let (mut role, mut color) = (u32::MAX, u32::MAX);
                    let rc = self.rc("piece_at", (api.cescacs_game_piece_at)(game, hex, &mut role, &mut color));
                    if game.is_null() {
                        assert_eq!(rc, NULL_POINTER);
                    } else if valid {
                        assert_eq!(rc, OK);
                        assert!(role <= 9);
                        assert!(role == 0 || color <= 1);
                    } else {
                        assert_eq!(rc, BAD_HEX);
                        assert_eq!((role, color), (u32::MAX, u32::MAX), "piece_at wrote on failure");
                    }
                }
                8..=10 => {
                    let make = [api.cescacs_game_legal_moves, api.cescacs_game_king_leaps, api.cescacs_game_castlings][usize::from(op - 8)];
                    let mut list = null_mut();
                    let rc = self.rc("make list", make(game, &mut list));
                    if game.is_null() {
                        assert!(rc == NULL_POINTER && list.is_null());
                    } else {
                        assert_eq!(rc, OK);
                        let pdtl = self.pdtl(game);
                        self.keep_list(b.index(), list, Some(pdtl));
                    }
                }
                11 => {
                    let target = b.index();
                    let list = self.list(target);
                    let rc = self.rc("legal_moves_into", (api.cescacs_game_legal_moves_into)(game, list));
                    if game.is_null() || list.is_null() {
                        assert_eq!(rc, NULL_POINTER);
                    } else {
                        assert_eq!(rc, OK);
                        let pdtl = self.pdtl(game);
                        if let Some(l) = self.lists[target % SLOTS].as_mut() {
                            l.pdtl = Some(pdtl);
                        }
                    }
                }
                12 => {
                    let mut list = null_mut();
                    assert_eq!(self.rc("list_new", (api.cescacs_move_list_new)(&mut list)), OK);
                    let mut n = usize::MAX;
                    assert_eq!(self.rc("len", (api.cescacs_move_list_len)(list, &mut n)), OK);
                    assert_eq!(n, 0);
                    self.keep_list(slot, list, None);
                    assert_eq!(self.rc("list_new(NULL)", (api.cescacs_move_list_new)(null_mut())), NULL_POINTER);
                }
                13 => self.free_list(slot),
                14 => {
                    // len, get (index maybe out of range) and copy (capacity
                    // maybe too small) agree.
                    let list = self.list(slot);
                    let mut len = usize::MAX;
                    let rc = self.rc("len", (api.cescacs_move_list_len)(list, &mut len));
                    if list.is_null() {
                        assert_eq!(rc, NULL_POINTER);
                        let mut m = Move::default();
                        assert_eq!(self.rc("get(NULL)", (api.cescacs_move_list_get)(list, 0, &mut m)), NULL_POINTER);
                        return;
                    }
                    assert_eq!(rc, OK);
                    assert!(len <= MAX_MOVES);
                    let index = b.index();
                    let mut m = Move::default();
                    let rc = self.rc("get", (api.cescacs_move_list_get)(list, index, &mut m));
                    assert_eq!(rc, if index < len { OK } else { INDEX_OUT_OF_RANGE });
                    if rc != OK {
                        assert_eq!(m, Move::default(), "get wrote on failure");
                    }
                    assert_ne!(m.captured, ROLE_KING, "a listed move takes a King: {m:?}");
                    let capacity = if b.byte() & 1 == 0 { usize::from(b.byte()) } else { MAX_MOVES };
                    let mut all = vec![Move::default(); capacity];
                    let mut n = usize::MAX;
                    let rc = self.rc("copy", (api.cescacs_move_list_copy)(list, all.as_mut_ptr(), capacity, &mut n));
                    if capacity >= len {
                        assert_eq!((rc, n), (OK, len));
                        if index < len {
                            assert_eq!(all[index], m);
                        }
                    } else {
                        assert_eq!(rc, BUFFER_TOO_SMALL);
                        assert!(all.iter().all(|x| *x == Move::default()), "copy wrote on failure");
                    }
                    assert_eq!(self.rc("copy(NULL)", (api.cescacs_move_list_copy)(list, null_mut(), 3, &mut n)), NULL_POINTER);
                }
                15 | 16 => {
                    let list = self.list(slot);
                    let index = b.index();
                    let f = if op == 15 { api.cescacs_move_list_ctl } else { api.cescacs_move_list_long };
                    let r = self.text_out("list text", b, |buf, len, out| f(list, index, buf, len, out));
                    if let Ok(text) = r {
                        assert!(!text.is_empty() && text.len() < 32, "{text:?}: CESCACS_MOVE_TEXT_MAX");
                    }
                }
                17 => {
                    // Plays a list move; the list's game may have moved on.
                    let list = self.list(slot);
                    let index = b.index();
                    let target = b.index() % SLOTS;
                    let game = self.game(target);
                    let mut len = 0;
                    if !list.is_null() {
                        assert_eq!(self.rc("len", (api.cescacs_move_list_len)(list, &mut len)), OK);
                        let mut m = Move::default();
                        if index < len {
                            assert_eq!(self.rc("get", (api.cescacs_move_list_get)(list, index, &mut m)), OK);
                        }
                        assert_ne!(m.captured, ROLE_KING, "a listed move takes a King: {m:?}");
                    }
                    let (before, history, over) =
                        if game.is_null() { (String::new(), 0, false) } else { (self.pdtl(game), self.history_len(game), self.is_over(game)) };
                    let rc = self.rc("play", (api.cescacs_game_play)(game, list, index));
                    if game.is_null() || list.is_null() {
                        assert_eq!(rc, NULL_POINTER);
                        return;
                    }
                    // Fresh exactly when made for the game's current position.
                    match self.lists[slot].as_ref().and_then(|l| l.pdtl.clone()) {
                        Some(of) if of == before => {
                            let want = if index >= len {
                                INDEX_OUT_OF_RANGE
                            } else if over {
                                GAME_OVER
                            } else {
                                OK
                            };
                            assert_eq!(rc, want, "play: index {index} of {len}, game over: {over}");
                        }
                        Some(of) => assert_eq!(rc, STALE_MOVE_LIST, "play: list of {of:?}, game at {before:?}"),
                        // A list never filled belongs to no position.
                        None => assert!(matches!(rc, STALE_MOVE_LIST | INDEX_OUT_OF_RANGE), "play on a new list: {rc}"),
                    }
                    if rc == OK {
                        self.moved(target, before, history);
                    } else {
                        self.stats.game_over += u64::from(rc == GAME_OVER);
                        self.assert_unchanged(game, &before, history, "a refused play");
                    }
                }
                18 => {
                    // A text of the fuzzer's, or a move text of a list.
                    let long = b.byte() & 1 == 1;
                    let list = self.list(b.index());
                    let text = if !list.is_null() && b.byte() & 1 == 0 {
                        let mut buf = vec![0u8; 64];
                        let f = if long { api.cescacs_move_list_long } else { api.cescacs_move_list_ctl };
                        match f(list, b.index(), buf.as_mut_ptr().cast(), buf.len(), null_mut()) {
                            OK => buf[..=buf.iter().position(|&c| c == 0).expect("NUL")].to_vec(),
                            rc => {
                                self.rc("list text", rc);
                                return;
                            }
                        }
                    } else {
                        b.text()
                    };
                    self.play_text(slot, &text, long);
                }
                19 => {
                    let rc = self.rc("undo", (api.cescacs_game_undo)(game));
                    if game.is_null() {
                        assert_eq!(rc, NULL_POINTER);
                        return;
                    }
                    let expected = self.games[slot].as_mut().and_then(|g| g.undo.pop());
                    match expected {
                        Some(before) => {
                            assert_eq!(rc, OK);
                            assert_eq!(self.pdtl(game), before, "undo restores the position before the move");
                        }
                        None => assert_eq!(rc, NOTHING_TO_UNDO),
                    }
                }
                20 => {
                    // perft 0 and 1 agree with the legal moves (deeper is slow).
                    let depth = u32::from(b.byte() % 2);
                    let mut nodes = u64::MAX;
                    let rc = self.rc("perft", (api.cescacs_game_perft)(game, depth, &mut nodes));
                    if game.is_null() {
                        assert_eq!(rc, NULL_POINTER);
                        return;
                    }
                    assert_eq!(rc, OK);
                    if depth == 0 {
                        assert_eq!(nodes, 1);
                    } else {
                        let mut list = null_mut();
                        assert_eq!(self.rc("legal", (api.cescacs_game_legal_moves)(game, &mut list)), OK);
                        let mut n = 0;
                        assert_eq!(self.rc("len", (api.cescacs_move_list_len)(list, &mut n)), OK);
                        (api.cescacs_move_list_free)(list);
                        assert_eq!(nodes, n as u64);
                    }
                }
                21 => {
                    // CTL-PGN: written text reads back and writes the same.
                    let r = self.text_out("write_pgn", b, |buf, len, out| (api.cescacs_game_write_pgn)(game, buf, len, out));
                    if let Ok(text) = r {
                        let c = text.clone() + "\0";
                        let mut g = null_mut();
                        let rc = self.rc("from_pgn(written)", (api.cescacs_game_from_pgn)(c.as_ptr().cast(), &mut g));
                        assert_eq!(rc, OK, "{text:?} does not read back: {}", c_str((api.cescacs_last_error)()));
                        let mut buf = vec![0u8; text.len() + 1];
                        let mut n = 0;
                        assert_eq!(self.rc("write_pgn again", (api.cescacs_game_write_pgn)(g, buf.as_mut_ptr().cast(), buf.len(), &mut n)), OK);
                        (api.cescacs_game_free)(g);
                        assert_eq!(&buf[..n], text.as_bytes(), "CTL-PGN round trip through the C API");
                    }
                }
                22 => {
                    let r = self.text_out("result", b, |buf, len, out| (api.cescacs_game_result)(game, buf, len, out));
                    if let Ok(text) = r {
                        assert!(["3-0", "0-3", "2-1", "1-2", "1-1", "*"].contains(&text.as_str()), "{text:?}");
                    }
                    let name = b.text();
                    let r = self.text_out("tag", b, |buf, len, out| (api.cescacs_game_tag)(game, name.as_ptr().cast(), buf, len, out));
                    if let Err(rc) = r {
                        assert!(matches!(rc, NULL_POINTER | INVALID_UTF8 | NOT_FOUND | BUFFER_TOO_SMALL), "tag: {rc}");
                    }
                }
                23 => {
                    let ply = b.index();
                    let plies = if game.is_null() { 0 } else { self.count(|api, out| (api.cescacs_game_ply_count)(game, out)) };
                    if !game.is_null() {
                        let m = self.move_at(game, ply);
                        assert_eq!(m.is_some(), ply < plies);
                    }
                    let r = self.text_out("move_ctl_at", b, |buf, len, out| (api.cescacs_game_move_ctl_at)(game, ply, buf, len, out));
                    if game.is_null() {
                        assert!(matches!(r, Err(NULL_POINTER)));
                    } else if r.is_ok() {
                        assert!(ply < plies);
                    }
                    let r = self.text_out("pdtl_at", b, |buf, len, out| (api.cescacs_game_pdtl_at)(game, ply, buf, len, out));
                    if let Ok(text) = r {
                        assert!(ply <= plies);
                        if ply == plies {
                            assert_eq!(text, self.pdtl(game));
                        }
                    }
                }
                24 => {
                    let text = b.text();
                    let mut hex = Hex { column: 0xEE, line: 0xEE };
                    match self.rc("hex_parse", (api.cescacs_hex_parse)(text.as_ptr().cast(), &mut hex)) {
                        OK => {
                            assert!((api.cescacs_hex_is_valid)(hex));
                            let mut buf = [0u8; 4];
                            let mut n = 0;
                            assert_eq!(self.rc("hex_write", (api.cescacs_hex_write)(hex, buf.as_mut_ptr().cast(), 4, &mut n)), OK);
                            let mut again = Hex::default();
                            assert_eq!(self.rc("hex_parse again", (api.cescacs_hex_parse)(buf.as_ptr().cast(), &mut again)), OK);
                            assert_eq!(again, hex);
                        }
                        rc => {
                            assert!(matches!(rc, BAD_HEX | INVALID_UTF8), "hex_parse: {rc}");
                            assert_eq!(hex, Hex { column: 0xEE, line: 0xEE }, "hex_parse wrote on failure");
                        }
                    }
                    let any = Hex { column: b.byte(), line: b.byte() };
                    let valid = (api.cescacs_hex_is_valid)(any);
                    let r = self.text_out("hex_write", b, |buf, len, out| (api.cescacs_hex_write)(any, buf, len, out));
                    if !valid {
                        assert!(matches!(r, Err(BAD_HEX | NULL_POINTER | BUFFER_TOO_SMALL)), "hex_write of {any:?}: {r:?}");
                    }
                }
                25 => {
                    // Every game of a CTL-PGN text: the fuzzer's, or the
                    // games of the live slots written and joined the way
                    // `pgn::write_games` joins them (then each game read
                    // writes its slot's text again).
                    let mut written = Vec::new();
                    let text = if b.byte() < 0x40 {
                        for s in 0..SLOTS {
                            let g = self.game(s);
                            if !g.is_null() {
                                written.push(self.write_pgn(g));
                            }
                        }
                        let mut t = written.join("\n").into_bytes();
                        t.push(0);
                        t
                    } else {
                        b.text()
                    };
                    let own = written.len();
                    let utf8 = std::str::from_utf8(&text[..text.len() - 1]).is_ok();
                    // The size query: NULL and 0 give the count.
                    let mut count = usize::MAX;
                    let rc = self.rc("games_from_pgn(size)", (api.cescacs_games_from_pgn)(text.as_ptr().cast(), null_mut(), 0, &mut count));
                    match rc {
                        OK | BUFFER_TOO_SMALL => assert_eq!(rc == OK, count == 0, "games_from_pgn(size): {count} games"),
                        INVALID_UTF8 => {
                            assert!(!utf8 && count == usize::MAX, "games_from_pgn: INVALID_UTF8 (count {count})");
                            return;
                        }
                        rc => {
                            assert!(rc == BAD_PGN && count == usize::MAX, "games_from_pgn: {rc} (count {count})");
                            assert!(written.is_empty(), "the games of the slots do not read back: {}", c_str((api.cescacs_last_error)()));
                            let (mut line, mut column) = (0, 0);
                            assert!((api.cescacs_last_error_location)(&mut line, &mut column));
                            assert!(line >= 1 && column >= 1);
                            return;
                        }
                    }
                    if !written.is_empty() {
                        assert_eq!(count, own, "games_from_pgn: the written games of {own} slots");
                    }
                    // Calls that must fail without writing anything: NULL
                    // text, NULL count, NULL array with a length, an array
                    // one handle too small (only the count is written).
                    let shape = b.byte();
                    let mut handles = vec![null_mut::<Game>(); count + usize::from(shape >> 5)];
                    let mut n = usize::MAX;
                    let (what, rc) = match shape & 3 {
                        0 => ("games_from_pgn(NULL text)", (api.cescacs_games_from_pgn)(null(), handles.as_mut_ptr(), handles.len(), &mut n)),
                        1 => ("games_from_pgn(NULL count)", (api.cescacs_games_from_pgn)(text.as_ptr().cast(), handles.as_mut_ptr(), handles.len(), null_mut())),
                        _ => ("games_from_pgn(NULL array)", (api.cescacs_games_from_pgn)(text.as_ptr().cast(), null_mut(), handles.len().max(1), &mut n)),
                    };
                    assert_eq!(self.rc(what, rc), NULL_POINTER, "{what}");
                    assert!(n == usize::MAX && handles.iter().all(|h| h.is_null()), "{what} wrote");
                    if count > 0 && shape & 4 != 0 {
                        let rc = (api.cescacs_games_from_pgn)(text.as_ptr().cast(), handles.as_mut_ptr(), count - 1, &mut n);
                        assert_eq!(self.rc("games_from_pgn(too small)", rc), BUFFER_TOO_SMALL);
                        assert_eq!(n, count, "games_from_pgn(too small): the count");
                        assert!(handles.iter().all(|h| h.is_null()), "games_from_pgn wrote into a too-small array");
                        n = usize::MAX;
                    }
                    let rc = (api.cescacs_games_from_pgn)(text.as_ptr().cast(), handles.as_mut_ptr(), handles.len(), &mut n);
                    assert_eq!(self.rc("games_from_pgn", rc), OK);
                    assert_eq!(n, count, "games_from_pgn: the count");
                    assert!(handles[..count].iter().all(|h| !h.is_null()), "games_from_pgn: a NULL handle");
                    assert!(handles[count..].iter().all(|h| h.is_null()), "games_from_pgn wrote past the count");
                    self.stats.games_read += count as u64;
                    // Keep the first games in the slots from `slot` on (the
                    // first one maybe taken back to its start), free the rest.
                    let keep = usize::from(b.byte() % 3);
                    let undo_first = b.byte() & 1 == 1;
                    // Games are told apart by their tags: a game without tags
                    // that opens with a comment, after another game, reads as
                    // that game's final comment (NOTATION.md §6.1; see
                    // pgn::write_games). Those two games are not compared.
                    let merged = |i: usize| written.get(i).is_some_and(|w| w.starts_with('{')) && i > 0;
                    for (i, &g) in handles[..count].iter().enumerate() {
                        if let Some(w) = written.get(i).filter(|_| !merged(i) && !merged(i + 1)) {
                            assert_eq!(&self.write_pgn(g), w, "game {i} of the slots' CTL-PGN reads back different");
                        }
                        let mut undo = self.recorded(g);
                        if i == 0 && undo_first {
                            self.undo_to_start(g, std::mem::take(&mut undo));
                        }
                        if i < keep {
                            self.keep_game(slot + i, g, undo);
                        } else {
                            (api.cescacs_game_free)(g);
                        }
                    }
                }
                27 => {
                    // The moves between two hexes: those of a legal move, or
                    // the fuzzer's (maybe not hexes).
                    let pick = b.byte();
                    let legal = if game.is_null() { Vec::new() } else { self.legal(game) };
                    let (from, to) = match legal.get(usize::from(pick)) {
                        Some(m) if pick < 0x80 => (m.from, m.to),
                        _ => (self.hex_arg(b), self.hex_arg(b)),
                    };
                    let null_out = b.byte() & 1 == 1;
                    let mut list = null_mut();
                    let rc = self.rc("find_moves", (api.cescacs_game_find_moves)(game, from, to, if null_out { null_mut() } else { &mut list }));
                    let valid = (api.cescacs_hex_is_valid)(from) && (api.cescacs_hex_is_valid)(to);
                    if game.is_null() || null_out || !valid {
                        let want = if game.is_null() || null_out { NULL_POINTER } else { BAD_HEX };
                        assert_eq!(rc, want, "find_moves {from:?}-{to:?}");
                        assert!(list.is_null(), "find_moves wrote on failure");
                        return;
                    }
                    assert_eq!(rc, OK);
                    let found = self.list_moves(list);
                    let want: Vec<Move> = legal.into_iter().filter(|m| m.from == from && m.to == to).collect();
                    assert_eq!(found, want, "find_moves {from:?}-{to:?}: the legal moves between them, in order");
                    let pdtl = self.pdtl(game);
                    self.keep_list(b.index(), list, Some(pdtl));
                }
                28 => {
                    // A move value: a list's, a legal one, a past one of the
                    // game or a zero one, maybe with one field changed.
                    let choice = b.byte();
                    let mut m = Move::default();
                    match choice % 4 {
                        0 => {
                            let list = self.list(b.index());
                            let i = b.index();
                            if !list.is_null() {
                                let rc = self.rc("get", (api.cescacs_move_list_get)(list, i, &mut m));
                                assert!(matches!(rc, OK | INDEX_OUT_OF_RANGE));
                            }
                        }
                        1 if !game.is_null() => m = self.legal(game).get(b.index()).copied().unwrap_or_default(),
                        2 if !game.is_null() => m = self.move_at(game, b.index()).unwrap_or_default(),
                        _ => {}
                    }
                    let v = b.byte();
                    match b.byte() % 16 {
                        0 => m.kind = u32::from(v),
                        1 => m.from.column = v,
                        2 => m.from.line = v,
                        3 => m.to.column = v,
                        4 => m.to.line = v,
                        5 => m.role = u32::from(v),
                        6 => m.captured = u32::from(v),
                        7 => m.promotion = u32::from(v),
                        8 => m.is_capture = v,
                        9 => m.rook_move_count = v,
                        10 => m.rook_moves[usize::from(v & 1)].to.line = v >> 1,
                        11 => m.rook_moves[usize::from(v & 1)].from.column = v >> 1,
                        _ => {}
                    }
                    let null_mv = choice & 0x80 != 0;
                    let mv: *const Move = if null_mv { null() } else { &m };
                    if game.is_null() {
                        assert_eq!(self.rc("play_move(NULL)", (api.cescacs_game_play_move)(game, mv)), NULL_POINTER);
                        return;
                    }
                    let (before, history, over) = (self.pdtl(game), self.history_len(game), self.is_over(game));
                    let legal = self.legal(game).contains(&m);
                    let rc = self.rc("play_move", (api.cescacs_game_play_move)(game, mv));
                    let want = if null_mv {
                        NULL_POINTER
                    } else if over {
                        GAME_OVER
                    } else if legal {
                        OK
                    } else {
                        ILLEGAL_MOVE
                    };
                    assert_eq!(rc, want, "play_move {m:?}: over {over}, legal {legal}");
                    if rc == OK {
                        self.moved(slot, before, history);
                        assert_eq!(self.last_move(game), m, "play_move: the move recorded is the one given");
                    } else {
                        self.stats.game_over += u64::from(rc == GAME_OVER);
                        self.assert_unchanged(game, &before, history, "a refused play_move");
                    }
                }
                29 => {
                    // Reading a move text without playing it: the fuzzer's
                    // text, or a list's; then maybe playing the move read.
                    let long = b.byte() & 1 == 1;
                    let lslot = b.index();
                    let list = self.list(lslot);
                    let mut listed = None;
                    let text = if !list.is_null() && b.byte() & 1 == 0 {
                        let i = b.index();
                        let mut buf = vec![0u8; 64];
                        let f = if long { api.cescacs_move_list_long } else { api.cescacs_move_list_ctl };
                        match f(list, i, buf.as_mut_ptr().cast(), buf.len(), null_mut()) {
                            OK => {
                                let mut m = Move::default();
                                assert_eq!(self.rc("get", (api.cescacs_move_list_get)(list, i, &mut m)), OK);
                                listed = Some(m);
                                buf[..=buf.iter().position(|&c| c == 0).expect("NUL")].to_vec()
                            }
                            rc => {
                                self.rc("list text", rc);
                                return;
                            }
                        }
                    } else {
                        b.text()
                    };
                    let parse = if long { api.cescacs_game_parse_long } else { api.cescacs_game_parse_ctl };
                    let sentinel = Move { kind: 0xEEEE, ..Move::default() };
                    let mut m = sentinel;
                    assert_eq!(self.rc("parse(NULL text)", parse(game, null(), &mut m)), NULL_POINTER);
                    assert_eq!(self.rc("parse(NULL out)", parse(game, text.as_ptr().cast(), null_mut())), NULL_POINTER);
                    assert_eq!(m, sentinel, "parse wrote on failure");
                    if game.is_null() {
                        assert_eq!(self.rc("parse(NULL game)", parse(game, text.as_ptr().cast(), &mut m)), NULL_POINTER);
                        assert_eq!(m, sentinel, "parse wrote on failure");
                        return;
                    }
                    let (before, history) = (self.pdtl(game), self.history_len(game));
                    let fresh = self.lists[lslot % SLOTS].as_ref().and_then(|l| l.pdtl.clone()).as_deref() == Some(before.as_str());
                    let utf8 = std::str::from_utf8(&text[..text.len() - 1]).is_ok();
                    let rc = self.rc("parse", parse(game, text.as_ptr().cast(), &mut m));
                    self.assert_unchanged(game, &before, history, "parse");
                    match rc {
                        OK => {
                            self.stats.parsed += 1;
                            assert!(self.legal(game).contains(&m), "parse: {text:?} read as a move that is not legal: {m:?}");
                            assert_ne!(m.captured, ROLE_KING, "parse: {text:?} takes a King");
                            if let (Some(l), true) = (listed, fresh) {
                                assert_eq!(m, l, "parse: the text of a listed move reads as another move");
                            }
                        }
                        INVALID_UTF8 => assert!(!utf8),
                        rc => {
                            assert!(matches!(rc, BAD_MOVE_TEXT | ILLEGAL_MOVE), "parse: {rc}");
                            assert!(!(listed.is_some() && fresh), "parse: the text {text:?} of a listed move is refused: {rc}");
                        }
                    }
                    if rc != OK {
                        assert_eq!(m, sentinel, "parse wrote on failure");
                    } else if b.byte() & 1 == 1 {
                        let over = self.is_over(game);
                        let rc = self.rc("play_move(parsed)", (api.cescacs_game_play_move)(game, &m));
                        if over {
                            assert_eq!(rc, GAME_OVER);
                            self.stats.game_over += 1;
                        } else {
                            assert_eq!(rc, OK, "a parsed move does not play");
                            self.moved(slot, before, history);
                        }
                    }
                }
                30 => {
                    // The moves of a list in place.
                    let list = self.list(slot);
                    let variant = b.byte() % 4;
                    let mut p: *const Move = null();
                    let mut n = usize::MAX;
                    let f = api.cescacs_move_list_array;
                    let rc = self.rc(
                        "list_array",
                        match variant {
                            0 => f(list, &mut p, &mut n),
                            1 => f(list, null_mut(), &mut n),
                            2 => f(list, &mut p, null_mut()),
                            _ => f(null(), &mut p, &mut n),
                        },
                    );
                    if variant != 0 || list.is_null() {
                        assert_eq!(rc, NULL_POINTER);
                        assert!(p.is_null() && n == usize::MAX, "list_array wrote on failure");
                        return;
                    }
                    assert_eq!(rc, OK);
                    assert!(!p.is_null(), "list_array: a NULL array");
                    let moves = self.list_moves(list);
                    assert_eq!(n, moves.len(), "list_array: the length");
                    assert_eq!(std::slice::from_raw_parts(p, n), &moves[..], "list_array: the moves");
                    let (mut p2, mut n2) = (null(), 0);
                    assert_eq!(self.rc("list_array again", f(list, &mut p2, &mut n2)), OK);
                    assert_eq!((p2, n2), (p, n), "list_array: the array moved without a refill");
                }
                31 => {
                    // Tags by index; each name's first value is what
                    // cescacs_game_tag gives.
                    let null_out = b.byte() & 1 == 1;
                    let mut count = usize::MAX;
                    let rc = self.rc("tag_count", (api.cescacs_game_tag_count)(game, if null_out { null_mut() } else { &mut count }));
                    if game.is_null() || null_out {
                        assert_eq!((rc, count), (NULL_POINTER, usize::MAX), "tag_count(NULL)");
                    } else {
                        assert_eq!(rc, OK);
                    }
                    let count = if game.is_null() { 0 } else { self.count(|api, out| (api.cescacs_game_tag_count)(game, out)) };
                    let index = b.index();
                    let r = self.text_out("tag_name_at", b, |buf, len, out| (api.cescacs_game_tag_name_at)(game, index, buf, len, out));
                    Self::indexed("tag_name_at", &r, game.is_null(), index < count);
                    let r = self.text_out("tag_value_at", b, |buf, len, out| (api.cescacs_game_tag_value_at)(game, index, buf, len, out));
                    Self::indexed("tag_value_at", &r, game.is_null(), index < count);
                    if !game.is_null() {
                        let tags = self.tags(game);
                        for (name, _) in &tags {
                            let first = &tags.iter().find(|(n, _)| n == name).expect("the name").1;
                            let c = name.clone() + "\0";
                            let value = self.text_at("tag", |buf, len, out| (api.cescacs_game_tag)(game, c.as_ptr().cast(), buf, len, out));
                            assert_eq!(&value, first, "tag {name:?}: the first value of that name");
                        }
                    }
                }
                32 => {
                    // Setting a tag: a name and a value the fuzzer picks
                    // (known ones, or its texts), maybe NULL.
                    const NAMES: [&str; 10] = ["Event", "Site", "Date", "White", "Result", "Variant", "PDTL", "Redefine", "Bad name", "Évent_2"];
                    const VALUES: [&str; 16] = [
                        "3-0",
                        "0-3",
                        "2-1",
                        "1-2",
                        "1-1",
                        "*",
                        "C'escacs",
                        " C'escacs ",
                        "two\nlines",
                        "1-0",
                        "a \"quoted\" \\ value",
                        "",
                        "line\u{2028}separator",
                        "next\u{85}line",
                        "tab\tand ] bracket",
                        "back\\",
                    ];
                    let pick = b.byte();
                    let mut name = if pick < 0x80 { NAMES[usize::from(pick) % NAMES.len()].as_bytes().to_vec() } else { b.text() };
                    if pick < 0x80 {
                        name.push(0);
                    }
                    let pick = b.byte();
                    let mut value = if pick < 0x80 { VALUES[usize::from(pick) % VALUES.len()].as_bytes().to_vec() } else { b.text() };
                    if pick < 0x80 {
                        value.push(0);
                    }
                    let nulls = b.byte() % 8;
                    let name_p: *const c_char = if nulls == 1 { null() } else { name.as_ptr().cast() };
                    let value_p: *const c_char = if nulls == 2 { null() } else { value.as_ptr().cast() };
                    let name_s = std::str::from_utf8(&name[..name.len() - 1]).ok();
                    let value_s = std::str::from_utf8(&value[..value.len() - 1]).ok();
                    if game.is_null() {
                        // (The texts may be checked first.)
                        let rc = self.rc("set_tag(NULL)", (api.cescacs_game_set_tag)(game, name_p, value_p));
                        let bad_text = (nulls != 1 && name_s.is_none()) || (nulls != 2 && value_s.is_none());
                        assert!(rc == NULL_POINTER || (rc == INVALID_UTF8 && bad_text), "set_tag(NULL): {rc}");
                        return;
                    }
                    let (pgn, tags, pdtl, history) = (self.write_pgn(game), self.tags(game), self.pdtl(game), self.history_len(game));
                    let rc = self.rc("set_tag", (api.cescacs_game_set_tag)(game, name_p, value_p));
                    assert_eq!(self.pdtl(game), pdtl, "set_tag changed the position");
                    assert_eq!(self.history_len(game), history, "set_tag changed the moves");
                    match rc {
                        OK => {
                            let (name, value) = (name_s.expect("UTF-8 name"), value_s.expect("UTF-8 value"));
                            assert!(nulls != 1 && nulls != 2);
                            let now = self.tags(game);
                            let new = !tags.iter().any(|(n, _)| n == name);
                            assert_eq!(now.len(), tags.len() + usize::from(new), "set_tag {name:?}: the tag count");
                            let at = now.iter().position(|(n, _)| n == name).expect("the tag set");
                            let stored = now[at].1.clone();
                            if name == "Result" {
                                let result = self.text_at("result", |buf, len, out| (api.cescacs_game_result)(game, buf, len, out));
                                assert_eq!(stored, result, "set_tag Result {value:?}: the game's result");
                            } else {
                                assert_eq!(stored, value, "set_tag {name:?}: the value");
                            }
                            for (i, t) in tags.iter().enumerate() {
                                if i != at {
                                    assert_eq!(&now[i], t, "set_tag {name:?} changed another tag");
                                }
                            }
                            // The tag is written and read back.
                            self.stats.annotated += 1;
                            let g = self.pgn_round_trip(game);
                            let back = self.tags(g);
                            (api.cescacs_game_free)(g);
                            let no_result = |t: &Vec<(String, String)>| t.iter().filter(|(n, _)| n != "Result").cloned().collect::<Vec<_>>();
                            assert_eq!(no_result(&back), no_result(&now), "set_tag {name:?} {value:?}: the tags read back");
                        }
                        rc => {
                            match rc {
                                NULL_POINTER => assert!(nulls == 1 || nulls == 2),
                                INVALID_UTF8 => assert!(name_s.is_none() || value_s.is_none()),
                                BAD_ARGUMENT => assert!(name_s.is_some() && value_s.is_some()),
                                rc => panic!("set_tag: {rc}"),
                            }
                            assert_eq!(self.write_pgn(game), pgn, "a refused set_tag changed the game");
                        }
                    }
                }
                33 => {
                    // Comments: opening, final, or those of a move.
                    let kind = b.byte() % 3;
                    let plies = if game.is_null() { 0 } else { self.count(|api, out| (api.cescacs_game_ply_count)(game, out)) };
                    let ply = if b.byte() & 1 == 0 { plies.wrapping_sub(1 + b.index() % 3) } else { b.index() };
                    let null_out = b.byte() & 1 == 1;
                    let mut count = usize::MAX;
                    let out = if null_out { null_mut() } else { &mut count as *mut usize };
                    let rc = self.rc(
                        "comment_count",
                        match kind {
                            0 => (api.cescacs_game_opening_comment_count)(game, out),
                            1 => (api.cescacs_game_final_comment_count)(game, out),
                            _ => (api.cescacs_game_comment_count)(game, ply, out),
                        },
                    );
                    let in_range = kind < 2 || ply < plies;
                    if game.is_null() || null_out {
                        assert_eq!(rc, NULL_POINTER);
                    } else if !in_range {
                        assert_eq!(rc, INDEX_OUT_OF_RANGE, "comment_count of ply {ply} of {plies}");
                    } else {
                        assert_eq!(rc, OK);
                    }
                    if rc != OK {
                        assert_eq!(count, usize::MAX, "comment_count wrote on failure");
                    }
                    let n = if rc == OK { count } else { 0 };
                    let index = b.index() % (n + 2);
                    let r = self.text_out("comment", b, |buf, len, out| match kind {
                        0 => (api.cescacs_game_opening_comment)(game, index, buf, len, out),
                        1 => (api.cescacs_game_final_comment)(game, index, buf, len, out),
                        _ => (api.cescacs_game_comment)(game, ply, index, buf, len, out),
                    });
                    if rc == OK || game.is_null() {
                        Self::indexed("comment", &r, game.is_null(), index < n);
                    } else if !null_out {
                        assert!(matches!(r, Err(INDEX_OUT_OF_RANGE | NULL_POINTER)), "comment of ply {ply} of {plies}: {r:?}");
                    }
                }
                34 => {
                    // Adding a comment to a move, before the first move or
                    // after the result (maybe not a move, maybe a NULL or
                    // invalid text); the game still reads back.
                    let mut text = b.text();
                    if text.len() == 1 && b.byte() & 1 == 0 {
                        text = b"a } brace { and\nlines  \0".to_vec();
                    }
                    let flags = b.byte();
                    let null_text = flags & 0x80 != 0;
                    // Bits 4-5: 1 an opening comment, 2 a final one, else a move's.
                    let kind = match (flags >> 4) & 3 {
                        1 => 0,
                        2 => 1,
                        _ => 2,
                    };
                    let plies = if game.is_null() { 0 } else { self.count(|api, out| (api.cescacs_game_ply_count)(game, out)) };
                    let ply = if b.byte() & 1 == 0 { plies.wrapping_sub(1 + b.index() % 2) } else { b.index() };
                    let text_p: *const c_char = if null_text { null() } else { text.as_ptr().cast() };
                    let utf8 = std::str::from_utf8(&text[..text.len() - 1]).ok();
                    let add = |g: *mut Game| match kind {
                        0 => (api.cescacs_game_add_opening_comment)(g, text_p),
                        1 => (api.cescacs_game_add_final_comment)(g, text_p),
                        _ => (api.cescacs_game_add_comment)(g, ply, text_p),
                    };
                    if game.is_null() {
                        // (The text may be checked first.)
                        let rc = self.rc("add_comment(NULL)", add(game));
                        assert!(rc == NULL_POINTER || (rc == INVALID_UTF8 && !null_text && utf8.is_none()), "add_comment(NULL): {rc}");
                        return;
                    }
                    let in_range = kind < 2 || ply < plies;
                    let count = |me: &mut Self| match kind {
                        0 => me.count(|api, out| (api.cescacs_game_opening_comment_count)(game, out)),
                        1 => me.count(|api, out| (api.cescacs_game_final_comment_count)(game, out)),
                        _ => me.count(|api, out| (api.cescacs_game_comment_count)(game, ply, out)),
                    };
                    let before = if in_range { count(self) } else { 0 };
                    let pgn = self.write_pgn(game);
                    let rc = self.rc("add_comment", add(game));
                    match rc {
                        OK => {
                            assert!(!null_text && in_range);
                            let n = count(self);
                            assert_eq!(n, before + 1, "add_comment: the count");
                            let last = self.text_at("comment", |buf, len, out| match kind {
                                0 => (api.cescacs_game_opening_comment)(game, n - 1, buf, len, out),
                                1 => (api.cescacs_game_final_comment)(game, n - 1, buf, len, out),
                                _ => (api.cescacs_game_comment)(game, ply, n - 1, buf, len, out),
                            });
                            assert_eq!(Some(last.as_str()), utf8, "add_comment: the comment read");
                            self.stats.annotated += 1;
                            let g = self.pgn_round_trip(game);
                            (api.cescacs_game_free)(g);
                        }
                        rc => {
                            match rc {
                                NULL_POINTER => assert!(null_text),
                                INVALID_UTF8 => assert!(utf8.is_none() && !null_text),
                                INDEX_OUT_OF_RANGE => assert!(!in_range && !null_text),
                                rc => panic!("add_comment: {rc}"),
                            }
                            assert_eq!(self.write_pgn(game), pgn, "a refused add_comment changed the game");
                        }
                    }
                }
                35 => {
                    // Variations of a move: counted, written, opened as games.
                    let plies = if game.is_null() { 0 } else { self.count(|api, out| (api.cescacs_game_ply_count)(game, out)) };
                    let ply = if b.byte() & 1 == 0 { b.index() % (plies + 1) } else { b.index() };
                    let mut count = usize::MAX;
                    let rc = self.rc("variation_count", (api.cescacs_game_variation_count)(game, ply, &mut count));
                    if game.is_null() {
                        assert_eq!(rc, NULL_POINTER);
                    } else {
                        assert_eq!(rc, if ply < plies { OK } else { INDEX_OUT_OF_RANGE }, "variation_count of ply {ply} of {plies}");
                    }
                    assert_eq!(self.rc("variation_count(NULL out)", (api.cescacs_game_variation_count)(game, ply, null_mut())), NULL_POINTER);
                    let n = if rc == OK { count } else { 0 };
                    let index = if b.byte() & 1 == 0 { b.index() % (n + 1) } else { b.index() };
                    let in_range = ply < plies && index < n;
                    let r = self.text_out("variation_ctl", b, |buf, len, out| (api.cescacs_game_variation_ctl)(game, ply, index, buf, len, out));
                    Self::indexed("variation_ctl", &r, game.is_null(), in_range);
                    // The label (no byte of its own, so the seeds keep their
                    // meaning): a size query, then a buffer of 16 bytes.
                    let mut need = usize::MAX;
                    let rc = self.rc("variation_label", (api.cescacs_game_variation_label)(game, ply, index, null_mut(), 0, &mut need));
                    let mut buf = [SENTINEL; 16];
                    let mut n = usize::MAX;
                    let rc2 = self.rc("variation_label", (api.cescacs_game_variation_label)(game, ply, index, buf.as_mut_ptr().cast(), buf.len(), &mut n));
                    if game.is_null() {
                        assert_eq!((rc, rc2), (NULL_POINTER, NULL_POINTER));
                    } else if !in_range {
                        assert_eq!((rc, rc2), (INDEX_OUT_OF_RANGE, INDEX_OUT_OF_RANGE));
                    } else {
                        assert_eq!(rc, BUFFER_TOO_SMALL, "variation_label size query");
                        if rc2 == OK {
                            assert_eq!(n, need, "variation_label: the length");
                            let label = std::str::from_utf8(&buf[..n]).expect("a UTF-8 label");
                            assert!(buf[n] == 0 && label.bytes().all(|c| c.is_ascii_digit()), "variation_label: {label:?}");
                        } else {
                            assert!(rc2 == BUFFER_TOO_SMALL && need >= buf.len(), "variation_label: {rc2}");
                        }
                    }
                    if rc2 != OK {
                        assert!(buf.iter().all(|&c| c == SENTINEL), "variation_label wrote on failure");
                    }
                    let null_out = b.byte() & 1 == 1;
                    let mut v = null_mut();
                    let rc = self.rc("variation", (api.cescacs_game_variation)(game, ply, index, if null_out { null_mut() } else { &mut v }));
                    if game.is_null() || null_out {
                        assert_eq!(rc, NULL_POINTER);
                    } else if !in_range {
                        assert_eq!(rc, INDEX_OUT_OF_RANGE);
                    } else {
                        assert_eq!(rc, OK, "variation {index} of ply {ply}");
                    }
                    if rc != OK {
                        assert!(v.is_null(), "variation wrote on failure");
                        return;
                    }
                    // No tags, the start before the move, the moves of the text.
                    assert_eq!(self.count(|api, out| (api.cescacs_game_tag_count)(v, out)), 0, "a variation has no tags");
                    assert_eq!(self.pdtl_at(v, 0), self.pdtl_at(game, ply), "a variation starts before its move");
                    let text = self.text_at("variation_ctl", |buf, len, out| (api.cescacs_game_variation_ctl)(game, ply, index, buf, len, out));
                    let vplies = self.count(|api, out| (api.cescacs_game_ply_count)(v, out));
                    let moves: Vec<String> =
                        (0..vplies).map(|i| self.text_at("move_ctl_at", |buf, len, out| (api.cescacs_game_move_ctl_at)(v, i, buf, len, out))).collect();
                    assert_eq!(moves.join(" "), text, "variation_ctl: the moves of the variation's game");
                    let undo = self.recorded(v);
                    self.keep_game(b.index(), v, undo);
                    self.stats.variations += 1;
                }
                36 => {
                    // Every piece, against piece_at.
                    let sentinel = PlacedPiece { hex: Hex { column: 0xEE, line: 0xEE }, role: 0xEEEE, color: 0xEEEE };
                    let r = self.array_out("pieces", b, sentinel, HEX_COUNT, |buf, len, out| (api.cescacs_game_pieces)(game, buf, len, out));
                    if game.is_null() {
                        assert!(matches!(r, Err(NULL_POINTER)), "pieces(NULL): {r:?}");
                        return;
                    }
                    let all = self.pieces(game);
                    if let Ok(ps) = &r {
                        assert_eq!(ps, &all);
                    }
                    let hexes: Vec<Hex> = all.iter().map(|p| p.hex).collect();
                    self.board_order("pieces", &hexes);
                    let mut kings = [0; 2];
                    for p in &all {
                        assert!((1..=9).contains(&p.role) && p.color <= 1, "pieces: {p:?}");
                        let (mut role, mut color) = (u32::MAX, u32::MAX);
                        assert_eq!(self.rc("piece_at", (api.cescacs_game_piece_at)(game, p.hex, &mut role, &mut color)), OK);
                        assert_eq!((role, color), (p.role, p.color), "pieces and piece_at");
                        if p.role == ROLE_KING {
                            kings[p.color as usize] += 1;
                        }
                    }
                    assert_eq!(kings, [1, 1], "one King each");
                    let mut occupied = 0;
                    for &h in valid_hexes(api) {
                        let (mut role, mut color) = (u32::MAX, u32::MAX);
                        assert_eq!(self.rc("piece_at", (api.cescacs_game_piece_at)(game, h, &mut role, &mut color)), OK);
                        occupied += usize::from(role != 0);
                    }
                    assert_eq!(occupied, all.len(), "pieces: every occupied hex");
                }
                37 => {
                    // The board as text.
                    let unicode = b.byte() & 1 == 1;
                    let r = self.text_out("board_text", b, |buf, len, out| (api.cescacs_game_board_text)(game, unicode, buf, len, out));
                    if game.is_null() {
                        assert!(matches!(r, Err(NULL_POINTER)), "board_text(NULL): {r:?}");
                        return;
                    }
                    if let Ok(text) = r {
                        assert!(text.ends_with('\n'));
                        let rows: Vec<&str> = text.split_terminator('\n').collect();
                        assert_eq!(rows.len(), 30, "board_text: 29 lines and the letters");
                        if !unicode {
                            assert!(text.is_ascii(), "board_text: not ASCII");
                            let pieces = rows[..29].iter().flat_map(|r| r.chars()).filter(char::is_ascii_alphabetic).count();
                            let empty = rows[..29].iter().flat_map(|r| r.chars()).filter(|&c| c == '.').count();
                            let all = self.pieces(game).len();
                            assert_eq!((pieces, empty), (all, HEX_COUNT - all), "board_text: pieces and empty hexes");
                        }
                    }
                }
                38 => {
                    // Threats: one call with the fuzzer's arguments, then
                    // the answers checked against each other.
                    let by = match b.byte() {
                        x if x < 0xF0 => u32::from(x & 1),
                        x => u32::from(x) << (x & 7),
                    };
                    let hex = self.hex_arg(b);
                    let which = b.byte() % 7;
                    let (color_ok, hex_ok) = (by <= 1, (api.cescacs_hex_is_valid)(hex));
                    let sentinel = Hex { column: 0xEE, line: 0xEE };
                    let (uses_color, uses_hex) = [(true, true), (true, true), (false, true), (true, false), (false, false), (true, true), (true, true)][usize::from(which)];
                    let (rc, shape_null) = match which {
                        0 | 6 => {
                            let null_out = b.byte() & 1 == 1;
                            let mut flag = false;
                            let f = if which == 0 { api.cescacs_game_is_attacked } else { api.cescacs_game_is_pinned };
                            let rc = self.rc("threat flag", f(game, by, hex, if null_out { null_mut() } else { &mut flag }));
                            (rc, null_out)
                        }
                        _ => {
                            let r = self.array_out("threat hexes", b, sentinel, HEX_COUNT, |buf, len, out| match which {
                                1 => (api.cescacs_game_attackers)(game, by, hex, buf, len, out),
                                2 => (api.cescacs_game_attacks)(game, hex, buf, len, out),
                                3 => (api.cescacs_game_attacked_hexes)(game, by, buf, len, out),
                                4 => (api.cescacs_game_checkers)(game, buf, len, out),
                                _ => (api.cescacs_game_pin)(game, by, hex, buf, len, out),
                            });
                            if let Ok(hexes) = &r {
                                self.board_order("threat hexes", hexes);
                            }
                            match r {
                                Ok(_) => (OK, false),
                                Err(NULL_POINTER) => (NULL_POINTER, true),
                                Err(rc) => (rc, false),
                            }
                        }
                    };
                    let bad_color = uses_color && !color_ok;
                    let bad_hex = uses_hex && !hex_ok;
                    if game.is_null() || shape_null {
                        assert_eq!(rc, NULL_POINTER, "threat {which}");
                    } else if bad_color || bad_hex {
                        assert!(
                            (bad_color && rc == BAD_ARGUMENT) || (bad_hex && rc == BAD_HEX),
                            "threat {which}: by {by}, {hex:?}: {rc}"
                        );
                    } else {
                        assert!(matches!(rc, OK | BUFFER_TOO_SMALL), "threat {which}: {rc}");
                    }
                    if game.is_null() || !color_ok || !hex_ok {
                        return;
                    }
                    // The answers agree.
                    let attacked = self.hexes("attacked_hexes", |buf, len, out| (api.cescacs_game_attacked_hexes)(game, by, buf, len, out));
                    let attackers = self.hexes("attackers", |buf, len, out| (api.cescacs_game_attackers)(game, by, hex, buf, len, out));
                    let mut flag = false;
                    assert_eq!(self.rc("is_attacked", (api.cescacs_game_is_attacked)(game, by, hex, &mut flag)), OK);
                    assert_eq!(flag, attacked.contains(&hex), "is_attacked and attacked_hexes: {hex:?} by {by}");
                    assert_eq!(flag, !attackers.is_empty(), "is_attacked and attackers: {hex:?} by {by}");
                    let pieces = self.pieces(game);
                    for a in &attackers {
                        assert!(pieces.iter().any(|p| p.hex == *a && p.color == by), "attackers: {a:?} holds no piece of {by}");
                        let attacks = self.hexes("attacks", |buf, len, out| (api.cescacs_game_attacks)(game, *a, buf, len, out));
                        assert!(attacks.contains(&hex), "attackers: {a:?} does not attack {hex:?}");
                    }
                    let pin = self.hexes("pin", |buf, len, out| (api.cescacs_game_pin)(game, by, hex, buf, len, out));
                    assert_eq!(self.rc("is_pinned", (api.cescacs_game_is_pinned)(game, by, hex, &mut flag)), OK);
                    assert_eq!(flag, !pin.is_empty(), "is_pinned and pin");
                    if flag {
                        let p = pieces.iter().find(|p| p.hex == hex).expect("a pinned piece is there");
                        assert!(p.color == by && p.role != ROLE_KING && pin.contains(&hex), "pin: {p:?}: {pin:?}");
                    }
                    // Checkers: the other side's attackers of the King to move.
                    let mut turn = u32::MAX;
                    let mut check = false;
                    assert_eq!(self.rc("turn", (api.cescacs_game_turn)(game, &mut turn)), OK);
                    assert_eq!(self.rc("is_check", (api.cescacs_game_is_check)(game, &mut check)), OK);
                    let checkers = self.hexes("checkers", |buf, len, out| (api.cescacs_game_checkers)(game, buf, len, out));
                    let king = pieces.iter().find(|p| p.role == ROLE_KING && p.color == turn).expect("the King to move").hex;
                    let by_other = self.hexes("attackers", |buf, len, out| (api.cescacs_game_attackers)(game, 1 - turn, king, buf, len, out));
                    assert_eq!(checkers, by_other, "checkers: the attackers of the King to move");
                    assert_eq!(check, !checkers.is_empty(), "is_check and checkers");
                    // Now and then: attacked_hexes is the union of attacks.
                    if b.byte() < 0x20 {
                        let mut union = Vec::new();
                        for p in pieces.iter().filter(|p| p.color == by) {
                            union.extend(self.hexes("attacks", |buf, len, out| (api.cescacs_game_attacks)(game, p.hex, buf, len, out)));
                        }
                        union.sort_by_key(|h| (h.line, h.column));
                        union.dedup();
                        assert_eq!(union, attacked, "attacked_hexes: the union of the attacks of {by}'s pieces");
                    }
                }
                39 => {
                    // The plane geometry of the hexes.
                    let hex = self.hex_arg(b);
                    let valid = (api.cescacs_hex_is_valid)(hex);
                    let far = Point { x: 1e300, y: -1e300 };
                    let mut c = far;
                    let rc = self.rc("hex_center", (api.cescacs_hex_center)(hex, &mut c));
                    assert_eq!(self.rc("hex_center(NULL)", (api.cescacs_hex_center)(hex, null_mut())), NULL_POINTER);
                    let mut corners = [far; HEX_CORNERS + 1];
                    let rc2 = self.rc("hex_corners", (api.cescacs_hex_corners)(hex, corners.as_mut_ptr()));
                    assert_eq!(self.rc("hex_corners(NULL)", (api.cescacs_hex_corners)(hex, null_mut())), NULL_POINTER);
                    assert_eq!(corners[HEX_CORNERS], far, "hex_corners wrote past 6 points");
                    if !valid {
                        assert_eq!((rc, rc2), (BAD_HEX, BAD_HEX), "{hex:?}");
                        assert!(c == far && corners.iter().all(|p| *p == far), "hex_center / hex_corners wrote on failure");
                    } else {
                        assert_eq!((rc, rc2), (OK, OK));
                        let (x, y) = center_of(hex);
                        assert!((c.x - x).abs() < 1e-9 && (c.y - y).abs() < 1e-9, "hex_center {hex:?}: {c:?}");
                        let h3 = 3f64.sqrt() / 2.0;
                        let offsets = [(1.0, 0.0), (0.5, h3), (-0.5, h3), (-1.0, 0.0), (-0.5, -h3), (0.5, -h3)];
                        for (p, (dx, dy)) in corners.iter().zip(offsets) {
                            assert!((p.x - x - dx).abs() < 1e-9 && (p.y - y - dy).abs() < 1e-9, "hex_corners {hex:?}: {corners:?}");
                            // Inside, towards each corner: the same hex.
                            let mut h = Hex::default();
                            assert_eq!(self.rc("hex_at_point", (api.cescacs_hex_at_point)(x + 0.9 * dx, y + 0.9 * dy, &mut h)), OK);
                            assert_eq!(h, hex, "hex_at_point near a corner of {hex:?}");
                        }
                        let mut h = Hex::default();
                        assert_eq!(self.rc("hex_at_point", (api.cescacs_hex_at_point)(x, y, &mut h)), OK);
                        assert_eq!(h, hex, "hex_at_point of the centre");
                    }
                    // Any point: the fuzzer's bits, or a small one.
                    let (x, y) = if b.byte() & 1 == 0 {
                        let mut bits = [0u8; 16];
                        bits.iter_mut().for_each(|x| *x = b.byte());
                        (f64::from_le_bytes(bits[..8].try_into().unwrap()), f64::from_le_bytes(bits[8..].try_into().unwrap()))
                    } else {
                        (f64::from(b.byte() as i8) / 8.0, f64::from(b.byte() as i8) / 8.0)
                    };
                    let mut h = Hex { column: 0xEE, line: 0xEE };
                    let rc = self.rc("hex_at_point", (api.cescacs_hex_at_point)(x, y, &mut h));
                    assert_eq!(self.rc("hex_at_point(NULL)", (api.cescacs_hex_at_point)(x, y, null_mut())), NULL_POINTER);
                    match rc {
                        OK => {
                            assert!((api.cescacs_hex_is_valid)(h), "hex_at_point ({x}, {y}): {h:?}");
                            let (cx, cy) = center_of(h);
                            assert!((cx - x).hypot(cy - y) <= 1.0 + 1e-9, "hex_at_point ({x}, {y}): {h:?} is not there");
                        }
                        NOT_FOUND => {
                            assert_eq!(h, Hex { column: 0xEE, line: 0xEE }, "hex_at_point wrote on failure");
                            if x.is_finite() && y.is_finite() {
                                for &v in valid_hexes(api) {
                                    let (cx, cy) = center_of(v);
                                    assert!((cx - x).hypot(cy - y) >= 0.86, "hex_at_point ({x}, {y}): NOT_FOUND inside {v:?}");
                                }
                            }
                        }
                        rc => panic!("hex_at_point: {rc}"),
                    }
                }
                40 => {
                    // Assessments: read, set (a glyph 0..=7, or a bad one),
                    // read back and written as CTL-PGN.
                    let plies = if game.is_null() { 0 } else { self.count(|api, out| (api.cescacs_game_ply_count)(game, out)) };
                    let ply = if b.byte() & 1 == 0 { b.index() % (plies + 1) } else { b.index() };
                    let null_out = b.byte() & 1 == 1;
                    let mut nag = 0xEE;
                    let rc = self.rc("assessment", (api.cescacs_game_assessment)(game, ply, if null_out { null_mut() } else { &mut nag }));
                    if game.is_null() || null_out {
                        assert_eq!(rc, NULL_POINTER);
                    } else {
                        assert_eq!(rc, if ply < plies { OK } else { INDEX_OUT_OF_RANGE }, "assessment of ply {ply} of {plies}");
                    }
                    if rc == OK {
                        assert!(nag <= 7, "assessment: glyph {nag}");
                    } else {
                        assert_eq!(nag, 0xEE, "assessment wrote on failure");
                    }
                    let set = if b.byte() & 1 == 0 { b.byte() % 8 } else { b.byte() };
                    let pgn = if game.is_null() { String::new() } else { self.write_pgn(game) };
                    let rc = self.rc("set_assessment", (api.cescacs_game_set_assessment)(game, ply, set));
                    if game.is_null() {
                        assert!(rc == NULL_POINTER || (rc == BAD_ARGUMENT && set > 7), "set_assessment(NULL): {rc}");
                        return;
                    }
                    match rc {
                        OK => {
                            assert!(ply < plies && set <= 7);
                            let mut back = 0xEE;
                            assert_eq!(self.rc("assessment", (api.cescacs_game_assessment)(game, ply, &mut back)), OK);
                            assert_eq!(back, set, "set_assessment then assessment");
                            self.stats.annotated += 1;
                            let g = self.pgn_round_trip(game);
                            let mut read = 0xEE;
                            assert_eq!(self.rc("assessment", (api.cescacs_game_assessment)(g, ply, &mut read)), OK);
                            assert_eq!(read, set, "an assessment written and read back");
                            (api.cescacs_game_free)(g);
                        }
                        rc => {
                            match rc {
                                BAD_ARGUMENT => assert!(set > 7),
                                INDEX_OUT_OF_RANGE => assert!(ply >= plies && set <= 7),
                                rc => panic!("set_assessment: {rc}"),
                            }
                            assert_eq!(self.write_pgn(game), pgn, "a refused set_assessment changed the game");
                        }
                    }
                }
                _ => {
                    let code = u32::from(b.byte());
                    let name = c_str((api.cescacs_result_name)(code));
                    assert!(name.starts_with("CESCACS_RESULT_"), "{name}");
                    assert_eq!(name == "CESCACS_RESULT_UNKNOWN", code > LAST_RESULT);
                    let version = c_str((api.cescacs_version)());
                    assert_eq!(version, format!("{}.{}.{}", VERSION.0, VERSION.1, VERSION.2), "cescacs_version and CESCACS_VERSION_*");
                    let (mut line, mut column) = (usize::MAX, usize::MAX);
                    if !(api.cescacs_last_error_location)(&mut line, &mut column) {
                        assert_eq!((line, column), (usize::MAX, usize::MAX));
                    }
                    (api.cescacs_last_error_location)(null_mut(), null_mut());
                }
            }
        }
    }
}

/// Target 5 (`c_api`): runs the call sequence the bytes describe.
pub fn check_c_api(api: &Api, data: &[u8]) -> CStats {
    let mut driver = Driver { api, games: Default::default(), lists: Default::default(), stats: CStats::default() };
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
