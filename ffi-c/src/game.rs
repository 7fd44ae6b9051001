//! The game handle: a core game record (start position, main line, tags,
//! result, with every position of the line), and its final position shared
//! with the move lists made from it. Every rule — legality, the end of the
//! game, no move after the end, undo, the written result — is the core's
//! `Game`; this file only translates.

use std::ffi::c_char;
use std::sync::Arc;

use rules::{Game, GameError, Move, MoveTextError, Position};

use super::cescacs_result;
use super::error::{
    borrow, borrow_mut, guard, guard_out, guard_text, out_ptr, text_arg, Error, Handle,
};
use super::move_list::cescacs_move_list;
use super::types::{cescacs_color, cescacs_hex, cescacs_move, cescacs_outcome, cescacs_role, RawMove};

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
    /// The core's game record.
    pub(crate) record: Game,
}

impl Handle for cescacs_game {
    const PARAM: &'static str = "game";
}

impl cescacs_game {
    pub(crate) fn boxed(record: Game) -> *mut cescacs_game {
        Box::into_raw(Box::new(cescacs_game { position: Arc::new(record.position().clone()), record }))
    }

    /// Plays `m` under the core's rules (legal, and the game not over).
    fn push(&mut self, m: Move) -> Result<(), Error> {
        self.record.push(m).map_err(game_error)?;
        self.position = Arc::new(self.record.position().clone());
        Ok(())
    }

    /// Plays a move text read by `read` (the core's `Game::push_ctl` or
    /// `push_long`): a finished game refuses it before reading it.
    fn push_text(&mut self, text: &str, read: fn(&mut Game, &str) -> Result<Move, GameError>) -> Result<(), Error> {
        read(&mut self.record, text).map_err(game_error)?;
        self.position = Arc::new(self.record.position().clone());
        Ok(())
    }

    /// Takes back the last move.
    fn undo(&mut self) -> Result<(), Error> {
        self.record.pop().ok_or_else(|| Error::new(cescacs_result::NothingToUndo, "no move to take back"))?;
        self.position = Arc::new(self.record.position().clone());
        Ok(())
    }

    /// The move at `ply` (0-based) of the main line.
    fn move_at(&self, ply: usize) -> Result<Move, Error> {
        self.record.moves().nth(ply).ok_or_else(|| {
            Error::new(
                cescacs_result::IndexOutOfRange,
                format!("ply {ply} is out of range: the game has {} moves", self.record.len()),
            )
        })
    }

    /// The position after `ply` plies (0 = the start).
    fn position_at(&self, ply: usize) -> Result<&Position, Error> {
        self.record.position_at(ply).ok_or_else(|| {
            Error::new(
                cescacs_result::IndexOutOfRange,
                format!("ply {ply} is out of range: the game has positions 0 to {}", self.record.len()),
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
/// independent handle written to `*game_out`. Free it with `cescacs_game_free`.
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
                record: g.record.clone(),
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

/// The body of the functions that make a new list of the game's moves as
/// `fill` writes them.
///
/// # Safety
/// `game` is NULL or a live handle; `list_out` NULL or writable.
unsafe fn new_list(
    function: &'static str,
    game: *const cescacs_game,
    list_out: *mut *mut cescacs_move_list,
    fill: fn(&Position, &mut rules::MoveList),
) -> cescacs_result {
    // SAFETY: this function's contract is the header's for both pointers.
    unsafe {
        guard_out(function, list_out, "list_out", || {
            Ok(cescacs_move_list::boxed(&borrow(game)?.position, fill))
        })
    }
}

/// Writes to `*list_out` a new list of every legal move of the side to
/// move (in the generator's order; empty after mate or stalemate). Free it
/// with `cescacs_move_list_free`.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_legal_moves(
    game: *const cescacs_game,
    list_out: *mut *mut cescacs_move_list,
) -> cescacs_result {
    // SAFETY: the arguments, unchanged, under the same contract.
    unsafe {
        new_list(
            "cescacs_game_legal_moves",
            game,
            list_out,
            Position::legal_moves_into,
        )
    }
}

/// Replaces the contents of `list` (from `cescacs_move_list_new`, or any
/// other list) with every legal move of the side to move, as
/// `cescacs_game_legal_moves` would list them. Reusing one list this way
/// avoids an allocation per call.
///
/// Errors: `NULL_POINTER` (then `list` is unchanged).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_legal_moves_into(
    game: *const cescacs_game,
    list: *mut cescacs_move_list,
) -> cescacs_result {
    guard("cescacs_game_legal_moves_into", || {
        // SAFETY: `game` is NULL or a live handle (the header's contract).
        let g = unsafe { borrow(game) }?;
        // SAFETY: `list` is NULL or a live handle that only this call uses
        // (the header's contract); a list is never a game, so it cannot
        // alias `g`.
        let l = unsafe { borrow_mut(list) }?;
        l.refill(&g.position);
        Ok(())
    })
}

/// Writes to `*list_out` a new list of the King's Leaps legal right now
/// (at most five; kind `CESCACS_MOVE_KIND_KING_LEAP`), for front ends that
/// draw them. Free it with `cescacs_move_list_free`.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_king_leaps(
    game: *const cescacs_game,
    list_out: *mut *mut cescacs_move_list,
) -> cescacs_result {
    // SAFETY: the arguments, unchanged, under the same contract.
    unsafe {
        new_list("cescacs_game_king_leaps", game, list_out, |p, l| {
            *l = p.king_leaps()
        })
    }
}

/// Writes to `*list_out` a new list of the castlings legal right now (at
/// most 24). Free it with `cescacs_move_list_free`.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_castlings(
    game: *const cescacs_game,
    list_out: *mut *mut cescacs_move_list,
) -> cescacs_result {
    // SAFETY: the arguments, unchanged, under the same contract.
    unsafe {
        new_list("cescacs_game_castlings", game, list_out, |p, l| {
            *l = p.castlings()
        })
    }
}

/// Writes to `*list_out` a new list of every legal move whose King or
/// piece goes from `from` to `to`, in the generator's order: the moves a
/// front end offers when a piece is dragged from one hex to another. The
/// list is empty if there is none. Several moves can share two hexes: a
/// pawn's promotions (one per piece it may become), and, with castling
/// rights, up to nine King moves such as G1→H6 (the King's Leap and eight
/// castlings, told apart by their `rook_moves`). Play one with
/// `cescacs_game_play` and its index, read its texts with
/// `cescacs_move_list_ctl` / `cescacs_move_list_long`. Free it with
/// `cescacs_move_list_free`.
///
/// Errors: `NULL_POINTER`, `BAD_HEX` (`from` or `to` is not a hex of the
/// board).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_find_moves(
    game: *const cescacs_game,
    from: cescacs_hex,
    to: cescacs_hex,
    list_out: *mut *mut cescacs_move_list,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle and `list_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_game_find_moves", list_out, "list_out", || {
            let g = borrow(game)?;
            let (from, to) = (from.to_core()?, to.to_core()?);
            Ok(cescacs_move_list::boxed(&g.position, |p, l| {
                l.extend(p.legal_moves().into_iter().filter(|m| m.from() == from && m.to() == to));
            }))
        })
    }
}

/// Plays move `index` of `list`, which must have been generated from the
/// game's current position (by `cescacs_game_legal_moves`,
/// `cescacs_game_king_leaps` or `cescacs_game_castlings`).
///
/// Errors: `NULL_POINTER`, `STALE_MOVE_LIST` (the list belongs to another
/// position), `INDEX_OUT_OF_RANGE`, `GAME_OVER` (the game has ended). On
/// error the game is unchanged.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_play(
    game: *mut cescacs_game,
    list: *const cescacs_move_list,
    index: usize,
) -> cescacs_result {
    guard("cescacs_game_play", || {
        // SAFETY: `game` is NULL or a live handle that only this call uses
        // (the header's contract).
        let g = unsafe { borrow_mut(game) }?;
        // SAFETY: `list` is NULL or a live handle (the header's contract);
        // a list is never a game, so it cannot alias `g`.
        let l = unsafe { borrow(list) }?;
        if !l.is_of(&g.position) {
            return Err(Error::new(
                cescacs_result::StaleMoveList,
                "the move list was generated for another position than the game's current one",
            ));
        }
        let m = l.get(index)?;
        g.push(m)
    })
}

/// Plays the move written in CTL-AN (NOTATION.md §3, e.g. `"E7-E13"`,
/// `"NG3-I7"`, `"KRK-HIO"`, `"A23=N"`; check marks and assessments are
/// accepted and ignored).
///
/// Errors: `NULL_POINTER`, `INVALID_UTF8`, `BAD_MOVE_TEXT` (unreadable
/// text), `ILLEGAL_MOVE` (readable, but not a legal move here), `GAME_OVER`
/// (the game has ended; checked first). On error the game is unchanged.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_play_ctl(
    game: *mut cescacs_game,
    text: *const c_char,
) -> cescacs_result {
    guard("cescacs_game_play_ctl", || {
        // SAFETY: `game` is NULL or a live handle that only this call uses
        // (the header's contract).
        let g = unsafe { borrow_mut(game) }?;
        // SAFETY: `text` is NULL or a NUL-terminated string (the header's
        // contract).
        let t = unsafe { text_arg(text, "text") }?;
        g.push_text(t, Game::push_ctl)
    })
}

/// Plays the move written in the long form of the golden data (`"H6-H12"`,
/// `"F2-F0=D"`, `"A23=N"`, castlings as King then rooks
/// `"G1-H6+C3-H8+I3-I7"`).
///
/// Errors: as `cescacs_game_play_ctl`. On error the game is unchanged.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_play_long(
    game: *mut cescacs_game,
    text: *const c_char,
) -> cescacs_result {
    guard("cescacs_game_play_long", || {
        // SAFETY: `game` is NULL or a live handle that only this call uses
        // (the header's contract).
        let g = unsafe { borrow_mut(game) }?;
        // SAFETY: `text` is NULL or a NUL-terminated string (the header's
        // contract).
        let t = unsafe { text_arg(text, "text") }?;
        g.push_text(t, Game::push_long)
    })
}

/// Plays the move `*mv`, a `cescacs_move` value as the library writes them
/// (`cescacs_move_list_get`, `cescacs_game_parse_ctl`, ...): it must equal
/// one legal move of the current position in every field — kind, hexes,
/// pieces, `is_capture`, and the rook moves of a castling, with unused
/// entries zero. Every field must be initialised.
///
/// Errors: `NULL_POINTER`, `ILLEGAL_MOVE` (no legal move equals it),
/// `GAME_OVER` (the game has ended; checked first). On error the game is
/// unchanged.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_play_move(
    game: *mut cescacs_game,
    mv: *const cescacs_move,
) -> cescacs_result {
    guard("cescacs_game_play_move", || {
        // SAFETY: `game` is NULL or a live handle that only this call uses
        // (the header's contract).
        let g = unsafe { borrow_mut(game) }?;
        if mv.is_null() {
            return Err(Error::null("mv"));
        }
        // SAFETY: not NULL, so it points to an initialised `cescacs_move`
        // (the header's contract).
        let raw = unsafe { RawMove::read(mv) };
        if let Some(outcome) = g.record.outcome() {
            return Err(game_error(GameError::GameOver(outcome)));
        }
        let m = g
            .position
            .legal_moves()
            .into_iter()
            .find(|m| RawMove::of(m) == raw)
            .ok_or_else(|| {
                Error::new(
                    cescacs_result::IllegalMove,
                    format!(
                        "the move {} is not a legal move in {}",
                        raw.describe(),
                        g.position.to_pdtl()
                    ),
                )
            })?;
        g.push(m)
    })
}

/// Reads a move text with `read` (the core's `Position::parse_ctl` or
/// `parse_long`) in the game's current position.
///
/// # Safety
/// As the header's contract of the two functions that call it.
unsafe fn parse_move(
    function: &'static str,
    game: *const cescacs_game,
    text: *const c_char,
    move_out: *mut cescacs_move,
    read: fn(&Position, &str) -> Result<Move, MoveTextError>,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle, `text` NULL or a
    // NUL-terminated string and `move_out` NULL or writable (the header's
    // contract).
    unsafe {
        guard_out(function, move_out, "move_out", || {
            let g = borrow(game)?;
            let t = text_arg(text, "text")?;
            Ok(read(&g.position, t).map_err(move_text_error)?.into())
        })
    }
}

/// Reads a move written in CTL-AN (as `cescacs_game_play_ctl` does) in the
/// current position and writes it to `*move_out` without playing it: the
/// legal move the text names, to show, check or play later with
/// `cescacs_game_play_move`. The game is never changed; whether it has
/// ended does not matter (reading is about the position, like
/// `cescacs_game_legal_moves`; `cescacs_game_play_move` refuses to play
/// after the end).
///
/// Errors: `NULL_POINTER`, `INVALID_UTF8`, `BAD_MOVE_TEXT` (unreadable
/// text), `ILLEGAL_MOVE` (readable, but not a legal move here).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_parse_ctl(
    game: *const cescacs_game,
    text: *const c_char,
    move_out: *mut cescacs_move,
) -> cescacs_result {
    // SAFETY: the arguments, unchanged, under the same contract.
    unsafe { parse_move("cescacs_game_parse_ctl", game, text, move_out, Position::parse_ctl) }
}

/// Reads a move written in the long form (as `cescacs_game_play_long`
/// does: `"H6-H12"`, `"F2-F0=D"`, `"A23=N"`, `"G1-H6+C3-H8+I3-I7"`) in the
/// current position and writes it to `*move_out` without playing it, like
/// `cescacs_game_parse_ctl`.
///
/// Errors: as `cescacs_game_parse_ctl`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_parse_long(
    game: *const cescacs_game,
    text: *const c_char,
    move_out: *mut cescacs_move,
) -> cescacs_result {
    // SAFETY: the arguments, unchanged, under the same contract.
    unsafe { parse_move("cescacs_game_parse_long", game, text, move_out, Position::parse_long) }
}

/// Takes back the last move of the game, whether it was played through the
/// handle or read from CTL-PGN: calling it until `NOTHING_TO_UNDO` brings
/// the game back to its start position. A stated result of a record read
/// from CTL-PGN no longer applies once a move is taken back
/// (`cescacs_game_result`).
///
/// Errors: `NULL_POINTER`, `NOTHING_TO_UNDO` (the game is at its start).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_undo(game: *mut cescacs_game) -> cescacs_result {
    guard("cescacs_game_undo", || {
        // SAFETY: `game` is NULL or a live handle that only this call uses
        // (the header's contract).
        let g = unsafe { borrow_mut(game) }?;
        g.undo()
    })
}

/// Writes to `*count_out` the number of moves `cescacs_game_undo` can take
/// back: every move of the game, the same as `cescacs_game_ply_count` (kept
/// for compatibility: undo now reaches the moves read from CTL-PGN too).
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_history_len(
    game: *const cescacs_game,
    count_out: *mut usize,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle and `count_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_game_history_len", count_out, "count_out", || {
            Ok(borrow(game)?.record.len())
        })
    }
}

/// Writes to `*nodes_out` the perft count of the current position: the
/// number of legal move sequences `depth` plies long (1 for depth 0). The
/// initial position gives 68, 4 612, 340 385 and 25 048 957 for depths 1 to
/// 4. Depths above 4 can take a long time.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_perft(
    game: *const cescacs_game,
    depth: u32,
    nodes_out: *mut u64,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle and `nodes_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_game_perft", nodes_out, "nodes_out", || {
            Ok(rules::perft(&borrow(game)?.position, depth))
        })
    }
}

/// Reads one game from `pgn`, a NUL-terminated CTL-PGN text (NOTATION.md
/// §6, e.g. the contents of a `.ctl-pgn` file: tags, a `PDTL` start
/// position, comments, variations, assessments, the result), and writes a
/// new handle at the game's final position to `*game_out`. Every move,
/// those of variations included, is checked against the rules. Free the
/// handle with `cescacs_game_free`.
///
/// Moves played through the handle are appended to the record; every move,
/// those read included, can be taken back with `cescacs_game_undo`. Moves a
/// record shows after an automatic draw are kept (the game still ended
/// there, and takes no further move).
///
/// Errors: `NULL_POINTER`, `INVALID_UTF8`, `BAD_PGN` (the text is not
/// exactly one valid game: the last error message is the core's, `"line L,
/// column C: reason"`, and `cescacs_last_error_location` gives L and C).
/// `*game_out` is written only on success.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_from_pgn(
    pgn: *const c_char,
    game_out: *mut *mut cescacs_game,
) -> cescacs_result {
    // SAFETY: `pgn` is NULL or a NUL-terminated string and `game_out` NULL
    // or writable (the header's contract).
    unsafe {
        guard_out("cescacs_game_from_pgn", game_out, "game_out", || {
            let record =
                rules::pgn::read_game(text_arg(pgn, "pgn")?).map_err(|e| Error::pgn(&e))?;
            Ok(cescacs_game::boxed(record))
        })
    }
}

/// Reads every game of `pgn`, a NUL-terminated CTL-PGN text holding any
/// number of games (a `.ctl-pgn` collection), the way the core's
/// `pgn::Reader` cuts it: a tag line after some movetext, or a result,
/// starts the next game. Writes the number of games to `*count_out`, and
/// one new handle per game, in text order, to `games_out[0..count]`; free
/// each with `cescacs_game_free`. Call it with `games_out` NULL and `len` 0
/// to learn the count, then with an array of that many handles. The text is
/// read twice that way; its games are checked in full each time.
///
/// Errors: `NULL_POINTER` (`pgn` or `count_out` NULL, or `games_out` NULL
/// with `len` > 0), `INVALID_UTF8`, `BAD_PGN` (a game has an error: the
/// message and `cescacs_last_error_location` say where, counted from the
/// start of the text), `BUFFER_TOO_SMALL` (`len` is below the number of
/// games, which is written to `*count_out`). No handle is written on error.
#[no_mangle]
pub unsafe extern "C" fn cescacs_games_from_pgn(
    pgn: *const c_char,
    games_out: *mut *mut cescacs_game,
    len: usize,
    count_out: *mut usize,
) -> cescacs_result {
    guard("cescacs_games_from_pgn", || {
        out_ptr(count_out, "count_out")?;
        if games_out.is_null() && len != 0 {
            return Err(Error::null("games_out (with a non-zero length)"));
        }
        // SAFETY: `pgn` is NULL or a NUL-terminated string (the header's
        // contract); `text_arg` checks NULL and UTF-8.
        let text = unsafe { text_arg(pgn, "pgn") }?;
        let games = rules::pgn::read_games(text).map_err(|e| Error::pgn(&e))?;
        // SAFETY: checked not NULL above; writable (the header's contract).
        unsafe { count_out.write(games.len()) };
        if games.len() > len {
            return Err(Error::new(
                cescacs_result::BufferTooSmall,
                format!("the text holds {} games, the array has room for {len}", games.len()),
            ));
        }
        for (i, game) in games.into_iter().enumerate() {
            // SAFETY: `i` < count <= `len`, and `games_out` points to `len`
            // writable handles (the header's contract; not NULL when `len` > 0).
            unsafe { games_out.add(i).write(cescacs_game::boxed(game)) };
        }
        Ok(())
    })
}

/// Writes the game in canonical CTL-PGN (NOTATION.md §6: the tags, a
/// `PDTL` tag when the game does not start from the initial position, the
/// comments, one full move per line in canonical CTL-AN, the variations,
/// the result line, a final newline) and a terminating NUL into `buf` (room
/// for `len` bytes), and its length without the NUL to `*out_len` if
/// `out_len` is not NULL. The text is UTF-8.
///
/// The moves played through the handle are included. The result is
/// `cescacs_game_result`'s (the 2020-07-20 record keeps its stated `0-3`
/// until its moves change), and so is a `Result` tag. Reading the text back with
/// `cescacs_game_from_pgn` and writing it again gives the same text.
///
/// Errors: `NULL_POINTER` (`game` NULL, or `buf` NULL with `len` > 0),
/// `BUFFER_TOO_SMALL` (the buffer is untouched and `*out_len` gets the
/// needed length: call with `buf` NULL and `len` 0 to ask for it).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_write_pgn(
    game: *const cescacs_game,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle, `buf` NULL or `len`
    // bytes, `out_len` NULL or writable (the header's contract).
    unsafe {
        guard_text("cescacs_game_write_pgn", buf, len, out_len, || {
            Ok(rules::pgn::write_game(&borrow(game)?.record))
        })
    }
}

/// Writes the game's result as `cescacs_game_write_pgn` writes it — `"3-0"`,
/// `"0-3"`, `"2-1"`, `"1-2"`, `"1-1"` or `"*"` — and a terminating NUL into
/// `buf` (room for `len` bytes; 4 are always enough), and its length to
/// `*out_len` if `out_len` is not NULL. For a game read from CTL-PGN, while
/// its moves are unchanged (no move played or taken back), this is the
/// result the text states (its result line, else its `Result` tag), which
/// may contradict the rules (`cescacs_game_outcome`); otherwise it is the
/// rules' result of the game, `"*"` while it goes on. (The core's
/// `Game::result`, the same policy in Rust, C and Python.)
///
/// Errors: as `cescacs_game_write_pgn`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_result(
    game: *const cescacs_game,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle, `buf` NULL or `len`
    // bytes, `out_len` NULL or writable (the header's contract).
    unsafe {
        guard_text("cescacs_game_result", buf, len, out_len, || {
            Ok(borrow(game)?.record.result().as_str())
        })
    }
}

/// Writes the value of the first tag called `name` (NUL-terminated, case
/// sensitive: `"Event"`, `"White"`, `"Result"`, ...) of a game read from
/// CTL-PGN, and a terminating NUL, into `buf` (room for `len` bytes), and
/// its length to `*out_len` if `out_len` is not NULL. The `PDTL` and
/// `Redefine` tags are not kept as tags: the start position is
/// `cescacs_game_pdtl_at(game, 0, ...)` and the moves are in standard
/// letters.
///
/// Errors: `NULL_POINTER` (`game` or `name` NULL, or `buf` NULL with `len` >
/// 0), `INVALID_UTF8`, `NOT_FOUND` (no such tag), `BUFFER_TOO_SMALL` (the
/// buffer is untouched and `*out_len` gets the needed length).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_tag(
    game: *const cescacs_game,
    name: *const c_char,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle, `name`
    // NULL or a NUL-terminated string, `buf` NULL or `len`
    // bytes, `out_len` NULL or writable (the header's contract).
    unsafe {
        guard_text("cescacs_game_tag", buf, len, out_len, || {
            let g = borrow(game)?;
            let name = text_arg(name, "name")?;
            g.record.tag(name).ok_or_else(|| {
                Error::new(
                    cescacs_result::NotFound,
                    format!("the game has no tag {name:?}"),
                )
            })
        })
    }
}

/// Writes to `*count_out` the number of plies (half-moves) of the game's
/// main line: the moves read from CTL-PGN and those played through the
/// handle. The positions are numbered 0 (the start) to this count (the
/// current position).
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_ply_count(
    game: *const cescacs_game,
    count_out: *mut usize,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle and `count_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_game_ply_count", count_out, "count_out", || {
            Ok(borrow(game)?.record.len())
        })
    }
}

/// Writes the move at `ply` of the main line (0 ≤ `ply` <
/// `cescacs_game_ply_count`; move `ply` leads from position `ply` to
/// position `ply` + 1) to `*move_out`.
///
/// Errors: `NULL_POINTER`, `INDEX_OUT_OF_RANGE`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_move_at(
    game: *const cescacs_game,
    ply: usize,
    move_out: *mut cescacs_move,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle and `move_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_game_move_at", move_out, "move_out", || {
            Ok(borrow(game)?.move_at(ply)?.into())
        })
    }
}

/// Writes the move at `ply` of the main line in canonical CTL-AN (as
/// `cescacs_move_list_ctl`: `"NG3-I7"`, `"KRK-II"`, `"DC19-E25#"`, with its
/// check or mate mark, UTF-8) and a terminating NUL into `buf` (room for
/// `len` bytes; `CESCACS_MOVE_TEXT_MAX` are always enough), and its length
/// to `*out_len` if `out_len` is not NULL.
///
/// Errors: `NULL_POINTER` (`game` NULL, or `buf` NULL with `len` > 0),
/// `INDEX_OUT_OF_RANGE`, `BUFFER_TOO_SMALL` (the buffer is untouched and
/// `*out_len` gets the needed length).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_move_ctl_at(
    game: *const cescacs_game,
    ply: usize,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle, `buf` NULL or `len`
    // bytes, `out_len` NULL or writable (the header's contract).
    unsafe {
        guard_text("cescacs_game_move_ctl_at", buf, len, out_len, || {
            let g = borrow(game)?;
            let m = g.move_at(ply)?;
            Ok(g.position_at(ply)?.ctl(&m))
        })
    }
}

/// Writes the canonical PDTL of the position after `ply` plies of the main
/// line (0 = the start position, `cescacs_game_ply_count` = the current
/// position, as `cescacs_game_pdtl`) and a terminating NUL into `buf` (room
/// for `len` bytes), and its length to `*out_len` if `out_len` is not NULL.
///
/// Errors: `NULL_POINTER` (`game` NULL, or `buf` NULL with `len` > 0),
/// `INDEX_OUT_OF_RANGE` (`ply` above the ply count), `BUFFER_TOO_SMALL`
/// (the buffer is untouched and `*out_len` gets the needed length).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_pdtl_at(
    game: *const cescacs_game,
    ply: usize,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle, `buf` NULL or `len`
    // bytes, `out_len` NULL or writable (the header's contract).
    unsafe {
        guard_text("cescacs_game_pdtl_at", buf, len, out_len, || {
            Ok(borrow(game)?.position_at(ply)?.to_pdtl())
        })
    }
}

/// Writes the repetition identity of the current position (RULES.md §7.2)
/// as a 64-bit Zobrist hash to `*hash_out`: equal for positions that count
/// as the same for repetition (placement, side to move, castling rights,
/// and the en passant or scornful capture state only when such a capture
/// is legal now; not the clocks nor the move number), whatever the moves
/// that led to them, and different otherwise (but for hash collisions).
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_zobrist_hash(
    game: *const cescacs_game,
    hash_out: *mut u64,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle and `hash_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_game_zobrist_hash", hash_out, "hash_out", || {
            Ok(borrow(game)?.position.zobrist_hash())
        })
    }
}

/// Writes to `*count_out` how many times the current position has occurred
/// in the game (itself included: 1 for a new position), counted over the
/// whole main line from the start position.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_repetition_count(
    game: *const cescacs_game,
    count_out: *mut usize,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle and `count_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out(
            "cescacs_game_repetition_count",
            count_out,
            "count_out",
            || Ok(borrow(game)?.record.repetition_count()),
        )
    }
}

/// Writes to `*repetition_out` whether the current position has occurred
/// at least `count` times in the game (itself included): `count` 3 is the
/// claimable threefold repetition, 5 the automatic draw.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_is_repetition(
    game: *const cescacs_game,
    count: u32,
    repetition_out: *mut bool,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle and `repetition_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out(
            "cescacs_game_is_repetition",
            repetition_out,
            "repetition_out",
            || {
                let g = borrow(game)?;
                Ok(g.record
                    .is_repetition(usize::try_from(count).unwrap_or(usize::MAX)))
            },
        )
    }
}

/// Writes to `*claim_out` whether the side to move may claim a draw now
/// (RULES.md §6): the current position has occurred at least three times,
/// or the halfmove clock is at least 100 — in a game that is not over
/// (`cescacs_game_outcome`).
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_can_claim_draw(
    game: *const cescacs_game,
    claim_out: *mut bool,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle and `claim_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out(
            "cescacs_game_can_claim_draw",
            claim_out,
            "claim_out",
            || Ok(borrow(game)?.record.can_claim_draw()),
        )
    }
}
