//! The game's main line: its moves and positions by ply, and the
//! repetition questions of the current position.

use std::ffi::c_char;

use super::{borrow, cescacs_game, cescacs_move, cescacs_result, guard_out, guard_text};

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
