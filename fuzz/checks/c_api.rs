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
/// The largest result code.
const LAST_RESULT: u32 = GAME_OVER;
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
    pub is_capture: bool,
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
        assert_eq!(self.pdtl(game), before, "a refused move changed the game");
        assert_eq!(self.history_len(game), history);
    }

    /// One call (or a small group of related calls) chosen by the bytes.
    fn step(&mut self, b: &mut Bytes) {
        let api = self.api;
        let op = b.byte() % 27;
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
                        assert_eq!(self.pdtl(game), before, "a refused play changed the game");
                        assert_eq!(self.history_len(game), history);
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
                    for (i, &g) in handles[..count].iter().enumerate() {
                        if let Some(w) = written.get(i) {
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
                _ => {
                    let code = u32::from(b.byte());
                    let name = c_str((api.cescacs_result_name)(code));
                    assert!(name.starts_with("CESCACS_RESULT_"), "{name}");
                    assert_eq!(name == "CESCACS_RESULT_UNKNOWN", code > LAST_RESULT);
                    let version = c_str((api.cescacs_version)());
                    assert_eq!(version.split('.').count(), 3, "{version}");
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
