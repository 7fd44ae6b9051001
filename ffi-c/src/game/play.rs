//! Moves played on the game, read in its current position without playing
//! them, and taken back; and the perft count of the current position.

use std::ffi::c_char;

use rules::{Game, GameError, Move, MoveTextError, Position};

use super::{
    borrow, borrow_mut, cescacs_game, cescacs_move, cescacs_move_list, cescacs_result, game_error,
    guard, guard_out, move_text_error, text_arg, Error, RawMove,
};

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
    unsafe {
        parse_move(
            "cescacs_game_parse_ctl",
            game,
            text,
            move_out,
            Position::parse_ctl,
        )
    }
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
    unsafe {
        parse_move(
            "cescacs_game_parse_long",
            game,
            text,
            move_out,
            Position::parse_long,
        )
    }
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
