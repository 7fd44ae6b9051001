//! The game handle: a position and the positions before it (for undo).

use std::ffi::c_char;
use std::sync::Arc;

use rules::{Move, MoveTextError, Position};

use super::cescacs_result;
use super::error::{borrow, borrow_mut, guard, out_ptr, text_arg, write_text, Error};
use super::move_list::cescacs_move_list;
use super::types::{cescacs_color, cescacs_hex, cescacs_outcome, cescacs_role};

/// A game: the current position and the positions before each move played
/// through the handle (for `cescacs_game_undo`). Opaque; create it with
/// `cescacs_game_new`, `cescacs_game_from_pdtl` or `cescacs_game_clone`,
/// release it with `cescacs_game_free`.
///
/// A handle is not synchronised: use it from one thread at a time (distinct
/// handles may be used from different threads at once).
pub struct cescacs_game {
    /// Shared with the move lists made from this position, so that making a
    /// list does not copy the position.
    pub(crate) position: Arc<Position>,
    history: Vec<Arc<Position>>,
}

impl cescacs_game {
    fn boxed(position: Position) -> *mut cescacs_game {
        Box::into_raw(Box::new(cescacs_game {
            position: Arc::new(position),
            history: Vec::new(),
        }))
    }

    /// Makes `m`, which must be legal in the current position.
    fn push(&mut self, m: Move) {
        let next = Arc::new(self.position.after(m));
        self.history
            .push(std::mem::replace(&mut self.position, next));
    }
}

fn move_text_error(e: MoveTextError) -> Error {
    let code = match e {
        MoveTextError::Empty
        | MoveTextError::BadHex { .. }
        | MoveTextError::Syntax { .. }
        | MoveTextError::UnknownCastling { .. } => cescacs_result::BadMoveText,
        MoveTextError::NoSuchPiece { .. }
        | MoveTextError::Separator { .. }
        | MoveTextError::CapturedPiece { .. }
        | MoveTextError::PromotionRequired { .. }
        | MoveTextError::Illegal { .. } => cescacs_result::IllegalMove,
    };
    Error::new(code, e.to_string())
}

/// Creates a game at the initial position and writes its handle to
/// `*game_out`. Free it with `cescacs_game_free`.
///
/// Errors: `NULL_POINTER` (`game_out` NULL).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_new(game_out: *mut *mut cescacs_game) -> cescacs_result {
    guard("cescacs_game_new", || {
        out_ptr(game_out, "game_out")?;
        // SAFETY: checked non-NULL.
        unsafe { *game_out = cescacs_game::boxed(Position::default()) };
        Ok(())
    })
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
    guard("cescacs_game_from_pdtl", || {
        out_ptr(game_out, "game_out")?;
        // SAFETY: caller's NUL-terminated string.
        let text = unsafe { text_arg(pdtl, "pdtl") }?;
        let position = Position::from_pdtl(text)
            .map_err(|e| Error::new(cescacs_result::BadPdtl, e.to_string()))?;
        // SAFETY: checked non-NULL.
        unsafe { *game_out = cescacs_game::boxed(position) };
        Ok(())
    })
}

/// Copies a game (position and undo history) into a new, independent
/// handle written to `*game_out`. Free it with `cescacs_game_free`.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_clone(
    game: *const cescacs_game,
    game_out: *mut *mut cescacs_game,
) -> cescacs_result {
    guard("cescacs_game_clone", || {
        out_ptr(game_out, "game_out")?;
        // SAFETY: caller's handle.
        let g = unsafe { borrow(game, "game") }?;
        let copy = Box::new(cescacs_game {
            position: g.position.clone(),
            history: g.history.clone(),
        });
        // SAFETY: checked non-NULL.
        unsafe { *game_out = Box::into_raw(copy) };
        Ok(())
    })
}

/// Releases a game handle. `cescacs_game_free(NULL)` does nothing. Move
/// lists obtained from the game stay valid (they hold their own copy of the
/// position).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_free(game: *mut cescacs_game) {
    if !game.is_null() {
        // SAFETY: a handle from Box::into_raw, freed once by the caller's contract.
        // Dropping a Position and a Vec of them cannot panic.
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
    guard("cescacs_game_pdtl", || {
        // SAFETY: caller's handle and buffer.
        let g = unsafe { borrow(game, "game") }?;
        unsafe { write_text(&g.position.to_pdtl(), buf, len, out_len) }
    })
}

/// Writes the side to move to `*color_out`.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_turn(
    game: *const cescacs_game,
    color_out: *mut cescacs_color,
) -> cescacs_result {
    guard("cescacs_game_turn", || {
        out_ptr(color_out, "color_out")?;
        // SAFETY: caller's handle; out-pointer checked.
        let g = unsafe { borrow(game, "game") }?;
        unsafe { *color_out = g.position.turn().into() };
        Ok(())
    })
}

/// Writes whether the side to move is in check to `*check_out`.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_is_check(
    game: *const cescacs_game,
    check_out: *mut bool,
) -> cescacs_result {
    guard("cescacs_game_is_check", || {
        out_ptr(check_out, "check_out")?;
        // SAFETY: caller's handle; out-pointer checked.
        let g = unsafe { borrow(game, "game") }?;
        unsafe { *check_out = g.position.is_check() };
        Ok(())
    })
}

/// Writes the state of the game in the current position to `*outcome_out`:
/// checkmate and stalemate (both wins), the 75-move draw and insufficient
/// material, or `CESCACS_TERMINATION_NONE` while the game goes on.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_outcome(
    game: *const cescacs_game,
    outcome_out: *mut cescacs_outcome,
) -> cescacs_result {
    guard("cescacs_game_outcome", || {
        out_ptr(outcome_out, "outcome_out")?;
        // SAFETY: caller's handle; out-pointer checked.
        let g = unsafe { borrow(game, "game") }?;
        unsafe { *outcome_out = g.position.outcome().into() };
        Ok(())
    })
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
        // SAFETY: caller's handle; out-pointers checked.
        let g = unsafe { borrow(game, "game") }?;
        let h = hex.to_core()?;
        match g.position.piece_at(h) {
            None => unsafe { *role_out = cescacs_role::None },
            Some(p) => unsafe {
                *role_out = p.role.into();
                *color_out = p.color.into();
            },
        }
        Ok(())
    })
}

unsafe fn new_list(
    function: &'static str,
    game: *const cescacs_game,
    list_out: *mut *mut cescacs_move_list,
    fill: fn(&Position, &mut rules::MoveList),
) -> cescacs_result {
    guard(function, || {
        out_ptr(list_out, "list_out")?;
        // SAFETY: caller's handle; out-pointer checked.
        let g = unsafe { borrow(game, "game") }?;
        let list = cescacs_move_list::boxed(&g.position, fill);
        unsafe { *list_out = list };
        Ok(())
    })
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
    // SAFETY: forwarded caller contract.
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
        // SAFETY: caller's handles.
        let g = unsafe { borrow(game, "game") }?;
        let l = unsafe { borrow_mut(list, "list") }?;
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
    // SAFETY: forwarded caller contract.
    unsafe {
        new_list(
            "cescacs_game_king_leaps",
            game,
            list_out,
            |p, l| *l = p.king_leaps(),
        )
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
    // SAFETY: forwarded caller contract.
    unsafe {
        new_list(
            "cescacs_game_castlings",
            game,
            list_out,
            |p, l| *l = p.castlings(),
        )
    }
}

/// Plays move `index` of `list`, which must have been generated from the
/// game's current position (by `cescacs_game_legal_moves`,
/// `cescacs_game_king_leaps` or `cescacs_game_castlings`).
///
/// Errors: `NULL_POINTER`, `STALE_MOVE_LIST` (the list belongs to another
/// position), `INDEX_OUT_OF_RANGE`. On error the game is unchanged.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_play(
    game: *mut cescacs_game,
    list: *const cescacs_move_list,
    index: usize,
) -> cescacs_result {
    guard("cescacs_game_play", || {
        // SAFETY: caller's handles.
        let g = unsafe { borrow_mut(game, "game") }?;
        let l = unsafe { borrow(list, "list") }?;
        if !l.is_of(&g.position) {
            return Err(Error::new(
                cescacs_result::StaleMoveList,
                "the move list was generated for another position than the game's current one",
            ));
        }
        let m = l.get(index)?;
        g.push(m);
        Ok(())
    })
}

/// Plays the move written in CTL-AN (NOTATION.md §3, e.g. `"E7-E13"`,
/// `"NG3-I7"`, `"KRK-HIO"`, `"A23=N"`; check marks and assessments are
/// accepted and ignored).
///
/// Errors: `NULL_POINTER`, `INVALID_UTF8`, `BAD_MOVE_TEXT` (unreadable
/// text), `ILLEGAL_MOVE` (readable, but not a legal move here). On error the
/// game is unchanged.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_play_ctl(
    game: *mut cescacs_game,
    text: *const c_char,
) -> cescacs_result {
    guard("cescacs_game_play_ctl", || {
        // SAFETY: caller's handle and string.
        let g = unsafe { borrow_mut(game, "game") }?;
        let t = unsafe { text_arg(text, "text") }?;
        let m = g.position.parse_ctl(t).map_err(move_text_error)?;
        g.push(m);
        Ok(())
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
        // SAFETY: caller's handle and string.
        let g = unsafe { borrow_mut(game, "game") }?;
        let t = unsafe { text_arg(text, "text") }?;
        let m = g.position.parse_long(t).map_err(move_text_error)?;
        g.push(m);
        Ok(())
    })
}

/// Takes back the last move played through this handle (or its original,
/// for a clone).
///
/// Errors: `NULL_POINTER`, `NOTHING_TO_UNDO` (no move was played since the
/// game was created).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_undo(game: *mut cescacs_game) -> cescacs_result {
    guard("cescacs_game_undo", || {
        // SAFETY: caller's handle.
        let g = unsafe { borrow_mut(game, "game") }?;
        let previous = g
            .history
            .pop()
            .ok_or_else(|| Error::new(cescacs_result::NothingToUndo, "no move to take back"))?;
        g.position = previous;
        Ok(())
    })
}

/// Writes to `*count_out` the number of moves `cescacs_game_undo` can take
/// back.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_history_len(
    game: *const cescacs_game,
    count_out: *mut usize,
) -> cescacs_result {
    guard("cescacs_game_history_len", || {
        out_ptr(count_out, "count_out")?;
        // SAFETY: caller's handle; out-pointer checked.
        let g = unsafe { borrow(game, "game") }?;
        unsafe { *count_out = g.history.len() };
        Ok(())
    })
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
    guard("cescacs_game_perft", || {
        out_ptr(nodes_out, "nodes_out")?;
        // SAFETY: caller's handle; out-pointer checked.
        let g = unsafe { borrow(game, "game") }?;
        let n = rules::perft(&g.position, depth);
        unsafe { *nodes_out = n };
        Ok(())
    })
}
