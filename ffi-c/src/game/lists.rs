//! New move lists of the game's current position: every legal move, the
//! King's Leaps, the castlings, the moves between two hexes.

use rules::Position;

use super::{
    borrow, borrow_mut, cescacs_game, cescacs_hex, cescacs_move_list, cescacs_result, guard,
    guard_out,
};

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
                l.extend(
                    p.legal_moves()
                        .into_iter()
                        .filter(|m| m.from() == from && m.to() == to),
                );
            }))
        })
    }
}
