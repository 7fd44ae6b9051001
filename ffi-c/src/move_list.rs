//! Move lists: the legal moves (or the King's Leaps, or the castlings) of a
//! position, indexable from C.

use std::cell::{Ref, RefCell};
use std::ffi::c_char;
use std::sync::Arc;

use rules::{Move, MoveList, Position};

use super::cescacs_result;
use super::error::Error;
use super::guard::{borrow, guard, guard_out, guard_text, out_ptr, Handle};
use super::types::cescacs_move;

/// A list of legal moves of one position. Opaque; made by
/// `cescacs_game_legal_moves`, `cescacs_game_king_leaps`,
/// `cescacs_game_castlings` or (empty, to be refilled by
/// `cescacs_game_legal_moves_into`) `cescacs_move_list_new`, and released
/// with `cescacs_move_list_free`. It holds its own reference to the
/// position, so it stays valid (and its texts stay correct) whatever
/// happens to the game afterwards.
///
/// Reading its moves as `cescacs_move` values fills a cache inside the
/// list, so even the read-only functions must not run on one list from two
/// threads at once.
pub struct cescacs_move_list {
    /// The position the moves belong to (shared with the game, read-only);
    /// `None` for a new, never filled list.
    pub(crate) position: Option<Arc<Position>>,
    /// Inline, fixed capacity: one allocation per list, none per refill.
    moves: MoveList,
    /// `moves` as C values. Converted on the first read that needs them
    /// (`_get`, `_copy`, `_array`) rather than when filled, so that callers
    /// that only count or print the moves do not pay for it.
    c_moves: RefCell<CMoves>,
}

/// A list's moves as C values, kept across refills: each conversion
/// overwrites the slots of the last (`cescacs_move::overwrite`), writing
/// only what changed of the fields most moves leave alone.
#[derive(Default)]
struct CMoves {
    /// Valid values, at least one per move when `current`; the slots past
    /// the list's length hold earlier conversions' moves.
    slots: Vec<cescacs_move>,
    /// Whether the first slots are the list's moves; cleared by a refill.
    current: bool,
}

impl Handle for cescacs_move_list {
    const PARAM: &'static str = "list";
}

impl cescacs_move_list {
    fn empty() -> Box<cescacs_move_list> {
        Box::new(cescacs_move_list {
            position: None,
            moves: MoveList::new(),
            c_moves: RefCell::default(),
        })
    }

    /// A new list of `position`'s moves as `fill` writes them.
    pub(crate) fn boxed(
        position: &Arc<Position>,
        fill: impl FnOnce(&Position, &mut MoveList),
    ) -> *mut cescacs_move_list {
        let mut list = SPARE_LISTS
            .with_borrow_mut(Vec::pop)
            .unwrap_or_else(cescacs_move_list::empty);
        list.refresh_position(position);
        list.moves.clear();
        list.c_moves.get_mut().current = false;
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
        self.c_moves.get_mut().current = false;
        position.legal_moves_into(&mut self.moves);
    }

    /// Whether the moves belong to `position`.
    pub(crate) fn is_of(&self, position: &Arc<Position>) -> bool {
        match &self.position {
            Some(p) => Arc::ptr_eq(p, position) || **p == **position,
            None => false,
        }
    }

    /// The moves as C values, converted now if this is the first read
    /// since the list was filled. The slice's storage stays put until the
    /// list is refilled or freed (both need `&mut self`).
    #[inline]
    pub(crate) fn c_moves(&self) -> Ref<'_, [cescacs_move]> {
        if !self.c_moves.borrow().current {
            self.convert();
        }
        Ref::map(self.c_moves.borrow(), |c| &c.slots[..self.moves.len()])
    }

    /// Brings the C values up to date. Out of line, so that the reads after
    /// the first (one `cescacs_move_list_get` per move) stay a few
    /// instructions.
    #[inline(never)]
    fn convert(&self) {
        let mut c = self.c_moves.borrow_mut();
        if c.slots.len() < self.moves.len() {
            c.slots.resize(self.moves.len(), cescacs_move::default());
        }
        for (slot, m) in c.slots.iter_mut().zip(self.moves.iter()) {
            slot.overwrite(m);
        }
        c.current = true;
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
        self.moves
            .get(index)
            .copied()
            .ok_or_else(|| self.out_of_range(index))
    }

    fn out_of_range(&self, index: usize) -> Error {
        Error::new(
            cescacs_result::IndexOutOfRange,
            format!(
                "index {index} is out of range: the list has {} moves",
                self.moves.len()
            ),
        )
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
    // SAFETY: `list_out` is NULL or writable (the header's contract).
    unsafe {
        guard_out("cescacs_move_list_new", list_out, "list_out", || {
            Ok(Box::into_raw(cescacs_move_list::empty()))
        })
    }
}

/// Releases a move list. `cescacs_move_list_free(NULL)` does nothing.
#[no_mangle]
pub unsafe extern "C" fn cescacs_move_list_free(list: *mut cescacs_move_list) {
    if !list.is_null() {
        // SAFETY: every list handle comes from `Box::into_raw`, and the
        // caller frees each one once and uses it no more (the header's
        // contract).
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
    static SPARE_LISTS: RefCell<Vec<Box<cescacs_move_list>>> = const { RefCell::new(Vec::new()) };
}

/// Writes the number of moves in the list to `*len_out`.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_move_list_len(
    list: *const cescacs_move_list,
    len_out: *mut usize,
) -> cescacs_result {
    // SAFETY: `list` is NULL or a live handle and `len_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_move_list_len", len_out, "len_out", || {
            Ok(borrow(list)?.moves.len())
        })
    }
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
    // SAFETY: `list` is NULL or a live handle and `move_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_move_list_get", move_out, "move_out", || {
            let l = borrow(list)?;
            let moves = l.c_moves();
            moves
                .get(index)
                .copied()
                .ok_or_else(|| l.out_of_range(index))
        })
    }
}

/// Writes to `*moves_out` a pointer to the list's moves, an array of
/// `*len_out` values in list order, and their number to `*len_out`: every
/// move without a call per move or a copy. The array belongs to the list:
/// it is read-only and stays valid, unchanged, until the list is refilled
/// (`cescacs_game_legal_moves_into`) or freed. The pointer is never NULL,
/// even for an empty list.
///
/// The moves are converted to `cescacs_move` values on the first call of
/// this function, `cescacs_move_list_get` or `cescacs_move_list_copy` after
/// the list was filled; later calls cost only the call.
///
/// Errors: `NULL_POINTER` (`list`, `moves_out` or `len_out` NULL; both
/// outputs are then untouched).
#[no_mangle]
pub unsafe extern "C" fn cescacs_move_list_array(
    list: *const cescacs_move_list,
    moves_out: *mut *const cescacs_move,
    len_out: *mut usize,
) -> cescacs_result {
    guard("cescacs_move_list_array", || {
        out_ptr(moves_out, "moves_out")?;
        out_ptr(len_out, "len_out")?;
        // SAFETY: `list` is NULL or a live handle (the header's contract).
        let l = unsafe { borrow(list) }?;
        // The pointer outlives the `Ref`: the slice is changed or freed
        // only by a refill or a free, which end the array's documented
        // validity.
        let moves = l.c_moves();
        // SAFETY: both out-pointers are not NULL (checked above), so they
        // are writable (the header's contract).
        unsafe {
            moves_out.write(moves.as_ptr());
            len_out.write(moves.len());
        }
        Ok(())
    })
}

/// Copies every move of the list, in order, into `moves_out` (room for
/// `capacity` moves) and writes the number of moves to `*len_out`: one call
/// instead of one `cescacs_move_list_get` per move. `CESCACS_MAX_MOVES`
/// entries are always enough. (`cescacs_move_list_array` reads them in
/// place, without the copy.)
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
        // SAFETY: `list` is NULL or a live handle (the header's contract).
        let l = unsafe { borrow(list) }?;
        let n = l.moves.len();
        // SAFETY: not NULL (checked above), so writable (the header's contract).
        unsafe { len_out.write(n) };
        if capacity < n {
            return Err(Error::new(
                cescacs_result::BufferTooSmall,
                format!("the list has {n} moves, the array has room for {capacity}"),
            ));
        }
        if n > 0 {
            let moves = l.c_moves();
            // SAFETY: `moves_out` is not NULL (`capacity` ≥ `n` > 0, checked
            // above) and has room for `capacity` moves (the header's
            // contract); it cannot overlap the list's own array.
            unsafe { std::ptr::copy_nonoverlapping(moves.as_ptr(), moves_out, n) };
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
    // SAFETY: `list` is NULL or a live handle, `buf` NULL or `len` bytes,
    // `out_len` NULL or writable (the header's contract).
    unsafe {
        guard_text("cescacs_move_list_ctl", buf, len, out_len, || {
            let (m, position) = borrow(list)?.get_with_position(index)?;
            Ok(position.ctl(&m))
        })
    }
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
    // SAFETY: `list` is NULL or a live handle, `buf` NULL or `len` bytes,
    // `out_len` NULL or writable (the header's contract).
    unsafe {
        guard_text("cescacs_move_list_long", buf, len, out_len, || {
            Ok(borrow(list)?.get(index)?.long())
        })
    }
}
