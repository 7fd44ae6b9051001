//! Move lists: the legal moves (or the King's Leaps, or the castlings) of a
//! position, indexable from C.

use std::ffi::c_char;
use std::sync::Arc;

use rules::{Move, MoveList, Position};

use super::cescacs_result;
use super::error::{borrow, guard, out_ptr, write_text, Error};
use super::types::cescacs_move;

/// A list of legal moves of one position. Opaque; made by
/// `cescacs_game_legal_moves`, `cescacs_game_king_leaps`,
/// `cescacs_game_castlings` or (empty, to be refilled by
/// `cescacs_game_legal_moves_into`) `cescacs_move_list_new`, and released
/// with `cescacs_move_list_free`. It holds its own reference to the
/// position, so it stays valid (and its texts stay correct) whatever
/// happens to the game afterwards.
pub struct cescacs_move_list {
    /// The position the moves belong to (shared with the game, read-only);
    /// `None` for a new, never filled list.
    pub(crate) position: Option<Arc<Position>>,
    /// Inline, fixed capacity: one allocation per list, none per refill.
    pub(crate) moves: MoveList,
}

impl cescacs_move_list {
    /// A new list of `position`'s moves as `fill` writes them.
    pub(crate) fn boxed(position: &Arc<Position>, fill: impl FnOnce(&Position, &mut MoveList)) -> *mut cescacs_move_list {
        let mut list = SPARE_LISTS
            .with_borrow_mut(Vec::pop)
            .unwrap_or_else(|| Box::new(cescacs_move_list { position: None, moves: MoveList::new() }));
        list.refresh_position(position);
        list.moves.clear();
        fill(position, &mut list.moves);
        Box::into_raw(list)
    }

    /// Points the list at `position`, taking a reference only when it is
    /// not the one the list already holds.
    fn refresh_position(&mut self, position: &Arc<Position>) {
        if !matches!(&self.position, Some(p) if Arc::ptr_eq(p, position)) {
            self.position = Some(Arc::clone(position));
        }
    }

    /// Refills the list with `position`'s legal moves, taking a reference
    /// to the position only when it is not the one the list already holds.
    pub(crate) fn refill(&mut self, position: &Arc<Position>) {
        self.refresh_position(position);
        position.legal_moves_into(&mut self.moves);
    }

    /// Whether the moves belong to `position`.
    pub(crate) fn is_of(&self, position: &Arc<Position>) -> bool {
        match &self.position {
            Some(p) => Arc::ptr_eq(p, position) || **p == **position,
            None => false,
        }
    }

    /// Move `index` and the position it belongs to.
    pub(crate) fn get_with_position(&self, index: usize) -> Result<(Move, &Position), Error> {
        let m = self.get(index)?;
        // A list with moves always has its position.
        let p = self
            .position
            .as_deref()
            .ok_or_else(|| Error::new(cescacs_result::IndexOutOfRange, "the list is empty"))?;
        Ok((m, p))
    }

    pub(crate) fn get(&self, index: usize) -> Result<Move, Error> {
        self.moves.get(index).copied().ok_or_else(|| {
            Error::new(
                cescacs_result::IndexOutOfRange,
                format!(
                    "index {index} is out of range: the list has {} moves",
                    self.moves.len()
                ),
            )
        })
    }
}

/// Writes to `*list_out` a new, empty move list, to be filled (again and
/// again, without allocating once it has grown) by
/// `cescacs_game_legal_moves_into`. Free it with `cescacs_move_list_free`.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_move_list_new(
    list_out: *mut *mut cescacs_move_list,
) -> cescacs_result {
    guard("cescacs_move_list_new", || {
        out_ptr(list_out, "list_out")?;
        let list = Box::new(cescacs_move_list {
            position: None,
            moves: MoveList::new(),
        });
        // SAFETY: checked non-NULL.
        unsafe { *list_out = Box::into_raw(list) };
        Ok(())
    })
}

/// Releases a move list. `cescacs_move_list_free(NULL)` does nothing.
#[no_mangle]
pub unsafe extern "C" fn cescacs_move_list_free(list: *mut cescacs_move_list) {
    if !list.is_null() {
        // SAFETY: a handle from Box::into_raw, freed once by the caller's contract.
        let list = unsafe { Box::from_raw(list) };
        // Keep a few lists (without their positions) for the next
        // `cescacs_game_legal_moves` on this thread: a list is ~4 KiB, which
        // the allocator's per-thread caches do not hold.
        let _ = SPARE_LISTS.try_with(|spare| {
            let mut spare = spare.borrow_mut();
            if spare.len() < SPARE_LIST_LIMIT {
                let mut list = list;
                list.position = None;
                spare.push(list);
            }
        });
    }
}

/// How many freed lists each thread keeps for reuse.
const SPARE_LIST_LIMIT: usize = 4;

thread_local! {
    // Boxes on purpose: a spare list is handed out again as the same allocation.
    #[allow(clippy::vec_box)]
    static SPARE_LISTS: std::cell::RefCell<Vec<Box<cescacs_move_list>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Writes the number of moves in the list to `*len_out`.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_move_list_len(
    list: *const cescacs_move_list,
    len_out: *mut usize,
) -> cescacs_result {
    guard("cescacs_move_list_len", || {
        out_ptr(len_out, "len_out")?;
        // SAFETY: caller's handle; out-pointer checked.
        let l = unsafe { borrow(list, "list") }?;
        unsafe { *len_out = l.moves.len() };
        Ok(())
    })
}

/// Writes move `index` (0 ≤ `index` < length) to `*move_out`.
///
/// Errors: `NULL_POINTER`, `INDEX_OUT_OF_RANGE`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_move_list_get(
    list: *const cescacs_move_list,
    index: usize,
    move_out: *mut cescacs_move,
) -> cescacs_result {
    guard("cescacs_move_list_get", || {
        out_ptr(move_out, "move_out")?;
        // SAFETY: caller's handle; out-pointer checked.
        let l = unsafe { borrow(list, "list") }?;
        let m = l.get(index)?;
        unsafe { *move_out = m.into() };
        Ok(())
    })
}

/// Copies every move of the list, in order, into `moves_out` (room for
/// `capacity` moves) and writes the number of moves to `*len_out`: one call
/// instead of one `cescacs_move_list_get` per move. `CESCACS_MAX_MOVES`
/// entries are always enough.
///
/// Errors: `NULL_POINTER` (`list` or `len_out` NULL, or `moves_out` NULL with
/// `capacity` > 0), `BUFFER_TOO_SMALL` (`moves_out` is untouched and
/// `*len_out` gets the number of moves).
#[no_mangle]
pub unsafe extern "C" fn cescacs_move_list_copy(
    list: *const cescacs_move_list,
    moves_out: *mut cescacs_move,
    capacity: usize,
    len_out: *mut usize,
) -> cescacs_result {
    guard("cescacs_move_list_copy", || {
        out_ptr(len_out, "len_out")?;
        if moves_out.is_null() && capacity != 0 {
            return Err(Error::null("moves_out (with a non-zero capacity)"));
        }
        // SAFETY: caller's handle; out-pointers checked.
        let l = unsafe { borrow(list, "list") }?;
        let n = l.moves.len();
        unsafe { *len_out = n };
        if capacity < n {
            return Err(Error::new(
                cescacs_result::BufferTooSmall,
                format!("the list has {n} moves, the array has room for {capacity}"),
            ));
        }
        for (i, m) in l.moves.iter().enumerate() {
            // SAFETY: `moves_out` has room for `capacity` ≥ `n` moves.
            unsafe { moves_out.add(i).write((*m).into()) };
        }
        Ok(())
    })
}

/// Writes move `index` in canonical CTL-AN (NOTATION.md §3.8: `"NG3-I7"`,
/// `"RC3×RC25"`, `"KRK-HIO"`, `"A23=N"`, with its check or mate mark) and a
/// terminating NUL into `buf` (room for `len` bytes), and the text's length
/// in bytes without the NUL to `*out_len` if `out_len` is not NULL. The text
/// is UTF-8 (`×`, `∞`). `CESCACS_MOVE_TEXT_MAX` bytes are always enough.
///
/// Errors: `NULL_POINTER` (`list` NULL, or `buf` NULL with `len` > 0),
/// `INDEX_OUT_OF_RANGE`, `BUFFER_TOO_SMALL` (the buffer is untouched and
/// `*out_len` gets the needed length).
#[no_mangle]
pub unsafe extern "C" fn cescacs_move_list_ctl(
    list: *const cescacs_move_list,
    index: usize,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> cescacs_result {
    guard("cescacs_move_list_ctl", || {
        // SAFETY: caller's handle and buffer.
        let l = unsafe { borrow(list, "list") }?;
        let (m, position) = l.get_with_position(index)?;
        unsafe { write_text(&position.ctl(&m), buf, len, out_len) }
    })
}

/// Writes move `index` in the long form of the golden data (`"H6-H12"`,
/// `"F2-F0=D"`, `"A23=N"`, castlings as King then rooks
/// `"G1-H6+C3-H8+I3-I7"`) — the text `cescacs moves --long` prints — and a
/// terminating NUL into `buf`. Lengths and errors as
/// `cescacs_move_list_ctl`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_move_list_long(
    list: *const cescacs_move_list,
    index: usize,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> cescacs_result {
    guard("cescacs_move_list_long", || {
        // SAFETY: caller's handle and buffer.
        let l = unsafe { borrow(list, "list") }?;
        let m = l.get(index)?;
        unsafe { write_text(&m.long(), buf, len, out_len) }
    })
}
