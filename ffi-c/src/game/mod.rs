//! The game handle: a core game record (start position, main line, tags,
//! result, with every position of the line), and its final position shared
//! with the move lists made from it. Every rule — legality, the end of the
//! game, no move after the end, undo, the written result — is the core's
//! `Game`; these files only translate.
//!
//! This file holds the handle, its making and freeing, and the current
//! position's plain facts; the functions by concern are in the submodules
//! (declared in the header's order: cbindgen writes a module's functions
//! before its submodules', in declaration order).

use std::ffi::c_char;
use std::sync::Arc;

use rules::{Game, GameError, Move, MoveTextError, Position};

// The parent's names, for the submodules too (`super::` keeps the files
// usable where a bench or test compiles them under another crate root).
use super::cescacs_result;
use super::error::Error;
use super::guard::{borrow, borrow_mut, guard, guard_out, guard_text, out_ptr, text_arg, Handle};
use super::move_list::cescacs_move_list;
use super::types::{
    cescacs_color, cescacs_hex, cescacs_move, cescacs_outcome, cescacs_role, RawMove,
};

mod lists;

mod play;

mod pgn;

mod history;

pub use history::*;
pub use lists::*;
pub use pgn::*;
pub use play::*;

/// A game: a record of the moves from a start position (read from CTL-PGN,
/// or empty for a new game) followed by the moves played through the
/// handle. Every move can be taken back with `cescacs_game_undo`, those
/// read from CTL-PGN included. A game that has ended (checkmate,
/// stalemate, fivefold repetition, 75-move rule, insufficient material)
/// takes no further move (`GAME_OVER`) until a move is taken back: the
/// policy of the core's `Game`, the same in Rust, C and Python.
/// Opaque; create it with `cescacs_game_new`, `cescacs_game_from_pdtl`,
/// `cescacs_game_from_pgn` or `cescacs_game_clone`, release it with
/// `cescacs_game_free`.
///
/// A handle is not synchronised: use it from one thread at a time (distinct
/// handles may be used from different threads at once).
pub struct cescacs_game {
    /// The record's final position. Shared with the move lists made from
    /// this position, so that making a list does not copy the position, and
    /// a list can tell whether it is still the game's current one.
    pub(crate) position: Arc<Position>,
    /// The core's game record, shared with the line handles made from it
    /// (`cescacs_game_mainline`) and with clones of the game: changed
    /// through [`cescacs_game::record_mut`], which copies it first while it
    /// is shared, so a line keeps the record it was made from.
    pub(crate) record: Arc<Game>,
}

impl Handle for cescacs_game {
    const PARAM: &'static str = "game";
}

impl cescacs_game {
    pub(crate) fn boxed(record: Game) -> *mut cescacs_game {
        Box::into_raw(Box::new(cescacs_game {
            position: Arc::new(record.position().clone()),
            record: Arc::new(record),
        }))
    }

    /// The record, to change: copied first if a line handle or a clone
    /// still shares it (copy on write).
    pub(crate) fn record_mut(&mut self) -> &mut Game {
        Arc::make_mut(&mut self.record)
    }

    /// Plays `m` under the core's rules (legal, and the game not over).
    fn push(&mut self, m: Move) -> Result<(), Error> {
        self.record_mut().push(m).map_err(game_error)?;
        self.position = Arc::new(self.record.position().clone());
        Ok(())
    }

    /// Plays a move text read by `read` (the core's `Game::push_ctl` or
    /// `push_long`): a finished game refuses it before reading it.
    fn push_text(
        &mut self,
        text: &str,
        read: fn(&mut Game, &str) -> Result<Move, GameError>,
    ) -> Result<(), Error> {
        read(self.record_mut(), text).map_err(game_error)?;
        self.position = Arc::new(self.record.position().clone());
        Ok(())
    }

    /// Takes back the last move.
    fn undo(&mut self) -> Result<(), Error> {
        if self.record.is_empty() {
            return Err(Error::new(
                cescacs_result::NothingToUndo,
                "no move to take back",
            ));
        }
        self.record_mut().pop();
        self.position = Arc::new(self.record.position().clone());
        Ok(())
    }

    /// The move at `ply` (0-based) of the main line.
    fn move_at(&self, ply: usize) -> Result<Move, Error> {
        self.record.moves().nth(ply).ok_or_else(|| {
            Error::new(
                cescacs_result::IndexOutOfRange,
                format!(
                    "ply {ply} is out of range: the game has {} moves",
                    self.record.len()
                ),
            )
        })
    }

    /// The position after `ply` plies (0 = the start).
    fn position_at(&self, ply: usize) -> Result<&Position, Error> {
        self.record.position_at(ply).ok_or_else(|| {
            Error::new(
                cescacs_result::IndexOutOfRange,
                format!(
                    "ply {ply} is out of range: the game has positions 0 to {}",
                    self.record.len()
                ),
            )
        })
    }
}

/// Bad text (syntax) and illegal moves (resolution) are told apart by the
/// core's error type.
fn move_text_error(e: MoveTextError) -> Error {
    let code = match e {
        MoveTextError::Syntax(_) => cescacs_result::BadMoveText,
        MoveTextError::Resolve(_) => cescacs_result::IllegalMove,
    };
    Error::new(code, e.to_string())
}

fn game_error(e: GameError) -> Error {
    match e {
        GameError::MoveText(t) => move_text_error(t),
        GameError::Illegal(i) => Error::new(cescacs_result::IllegalMove, i.to_string()),
        GameError::GameOver(_) => Error::new(cescacs_result::GameOver, e.to_string()),
    }
}

/// Creates a game at the initial position and writes its handle to
/// `*game_out`. Free it with `cescacs_game_free`.
///
/// Errors: `NULL_POINTER` (`game_out` NULL).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_new(game_out: *mut *mut cescacs_game) -> cescacs_result {
    // SAFETY: `game_out` is NULL or writable (the header's contract).
    unsafe {
        guard_out("cescacs_game_new", game_out, "game_out", || {
            Ok(cescacs_game::boxed(Game::new()))
        })
    }
}

/// Creates a game at the position `pdtl` (NUL-terminated PDTL, NOTATION.md
/// §5; every accepted form, missing trailing fields get their defaults) and
/// writes its handle to `*game_out`. Free it with `cescacs_game_free`.
///
/// Errors: `NULL_POINTER`, `INVALID_UTF8`, `BAD_PDTL` (the last error
/// message names the field and the offending text). `*game_out` is written
/// only on success.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_from_pdtl(
    pdtl: *const c_char,
    game_out: *mut *mut cescacs_game,
) -> cescacs_result {
    // SAFETY: `pdtl` is NULL or a NUL-terminated string and `game_out` NULL
    // or writable (the header's contract).
    unsafe {
        guard_out("cescacs_game_from_pdtl", game_out, "game_out", || {
            let position = Position::from_pdtl(text_arg(pdtl, "pdtl")?)
                .map_err(|e| Error::new(cescacs_result::BadPdtl, e.to_string()))?;
            Ok(cescacs_game::boxed(Game::from_position(position)))
        })
    }
}

/// Copies a game (record, position and undo history) into a new,
/// independent handle written to `*game_out` (the two share the record
/// until either changes). Free it with `cescacs_game_free`.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_clone(
    game: *const cescacs_game,
    game_out: *mut *mut cescacs_game,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle and `game_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_game_clone", game_out, "game_out", || {
            let g = borrow(game)?;
            Ok(Box::into_raw(Box::new(cescacs_game {
                position: g.position.clone(),
                // Shared until either changes (`record_mut`).
                record: Arc::clone(&g.record),
            })))
        })
    }
}

/// Releases a game handle. `cescacs_game_free(NULL)` does nothing. Move
/// lists obtained from the game stay valid (they hold their own copy of the
/// position).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_free(game: *mut cescacs_game) {
    if !game.is_null() {
        // Dropping positions and a game record cannot panic.
        // SAFETY: every game handle comes from `Box::into_raw`, and the
        // caller frees each one once and uses it no more (the header's
        // contract).
        drop(unsafe { Box::from_raw(game) });
    }
}

/// Writes the canonical PDTL of the current position and a terminating NUL
/// into `buf` (room for `len` bytes), and its length without the NUL to
/// `*out_len` if `out_len` is not NULL.
///
/// Errors: `NULL_POINTER` (`game` NULL, or `buf` NULL with `len` > 0),
/// `BUFFER_TOO_SMALL` (the buffer is untouched and `*out_len` gets the needed
/// length: call with `buf` NULL and `len` 0 to ask for it).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_pdtl(
    game: *const cescacs_game,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle, `buf` NULL or `len` bytes,
    // `out_len` NULL or writable (the header's contract).
    unsafe {
        guard_text("cescacs_game_pdtl", buf, len, out_len, || {
            Ok(borrow(game)?.position.to_pdtl())
        })
    }
}

/// Writes the side to move to `*color_out`.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_turn(
    game: *const cescacs_game,
    color_out: *mut cescacs_color,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle and `color_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_game_turn", color_out, "color_out", || {
            Ok(borrow(game)?.position.turn().into())
        })
    }
}

/// Writes whether the side to move is in check to `*check_out`.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_is_check(
    game: *const cescacs_game,
    check_out: *mut bool,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle and `check_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_game_is_check", check_out, "check_out", || {
            Ok(borrow(game)?.position.is_check())
        })
    }
}

/// Writes how the game ended to `*outcome_out`: checkmate and stalemate
/// (both wins) in the current position, or the automatic draws by fivefold
/// repetition, the 75-move rule and insufficient material; or
/// `CESCACS_TERMINATION_NONE` while the game goes on. The core judges the
/// whole record (RULES.md §6): the first point where the game ended counts,
/// even if moves were played after an automatic draw.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_outcome(
    game: *const cescacs_game,
    outcome_out: *mut cescacs_outcome,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle and `outcome_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_game_outcome", outcome_out, "outcome_out", || {
            Ok(borrow(game)?.record.outcome().into())
        })
    }
}

/// Writes the piece on `hex` to `*role_out` and `*color_out`;
/// `*role_out` = `CESCACS_ROLE_NONE` (and `*color_out` untouched) on an
/// empty hex.
///
/// Errors: `NULL_POINTER`, `BAD_HEX`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_piece_at(
    game: *const cescacs_game,
    hex: cescacs_hex,
    role_out: *mut cescacs_role,
    color_out: *mut cescacs_color,
) -> cescacs_result {
    guard("cescacs_game_piece_at", || {
        out_ptr(role_out, "role_out")?;
        out_ptr(color_out, "color_out")?;
        // SAFETY: `game` is NULL or a live handle (the header's contract).
        let g = unsafe { borrow(game) }?;
        let piece = g.position.piece_at(hex.to_core()?);
        // SAFETY: both out-pointers are not NULL (checked above), so they
        // are writable (the header's contract).
        unsafe {
            match piece {
                None => role_out.write(cescacs_role::None),
                Some(p) => {
                    role_out.write(p.role.into());
                    color_out.write(p.color.into());
                }
            }
        }
        Ok(())
    })
}
