//! Lines of a game record — the main line and the variations at any depth
//! — as read-only handles on the core's [`LineView`], which shares the
//! record: going one level down a nest of variations costs the moves of
//! the line entered, whatever the depth and whatever lies below it. The
//! record is the game handle's `Arc<Game>`, copied by that game only when
//! it changes (`cescacs_game::record_mut`); this file only translates.

use std::ffi::c_char;
use std::sync::Arc;

use rules::{AnnotatedMove, LineView, Position};

use super::cescacs_result;
use super::error::Error;
use super::game::cescacs_game;
use super::guard::{borrow, guard_out, guard_text, Handle};
use super::record::{index_error, nth};
use super::types::cescacs_move;

/// One line of a game record: its main line (`cescacs_game_mainline`) or a
/// variation at any depth (`cescacs_line_variation`), read by index: its
/// moves, the positions between them, comments, assessments and the
/// variations of each move. Going down one level costs the moves of the
/// line entered, not the record below it: a front end walks a record nested
/// a million levels deep in time linear in its size.
///
/// A line is a view of the record as it was when `cescacs_game_mainline`
/// was called: the game may change or be freed afterwards, the line still
/// reads the same record. Each line is a handle of its own: free every one
/// with `cescacs_line_free`, in any order (keep a line's handle to come
/// back to it from its variations). `cescacs_line_game` makes a game of a
/// line to play on from it.
///
/// Opaque. A handle is not synchronised: use it from one thread at a time
/// (distinct handles, lines of one record and their game included, may be
/// used from different threads at once: the record they share is only
/// read, and the game copies it before changing it).
pub struct cescacs_line {
    /// The core's view of the line, holding a share of the game's record.
    pub(crate) view: LineView,
}

impl Handle for cescacs_line {
    const PARAM: &'static str = "line";
}

impl cescacs_line {
    /// Move `index` of the line.
    fn annotated(&self, index: usize) -> Result<&AnnotatedMove, Error> {
        nth(&self.view.line().moves, index, "move")
    }

    /// The position before move `index` (0 ≤ `index` ≤ the move count; the
    /// count gives the position after the last move).
    fn position(&self, index: usize) -> Result<&Position, Error> {
        self.view
            .position(index)
            .ok_or_else(|| index_error("position", index, self.view.len() + 1))
    }

    /// The handle of variation `rank` of move `index`.
    fn enter(&self, index: usize, rank: usize) -> Result<cescacs_line, Error> {
        let count = self.annotated(index)?.variations.len();
        let view = self
            .view
            .variation(index, rank)
            .ok_or_else(|| index_error("variation", rank, count))?;
        Ok(cescacs_line { view })
    }
}

/// Writes to `*line_out` a new handle on the main line of `game`'s record
/// as it is now (the game's later moves and annotations do not show in
/// it). This shares the record: it copies nothing (the game copies its
/// record, once, when it first changes while lines of it exist). Free it
/// with `cescacs_line_free`.
///
/// Errors: `NULL_POINTER`. `*line_out` is written only on success.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_mainline(
    game: *const cescacs_game,
    line_out: *mut *mut cescacs_line,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle and `line_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_game_mainline", line_out, "line_out", || {
            let g = borrow(game)?;
            Ok(Box::into_raw(Box::new(cescacs_line {
                view: LineView::mainline(Arc::clone(&g.record)),
            })))
        })
    }
}

/// Writes to `*line_out` a new handle on variation `rank` of move `index`
/// of `line` (see `cescacs_line_variation_count`): an alternative to that
/// move, from the position before it. It costs the variation's own moves:
/// neither what is nested below it nor its depth. `line` stays valid. Free
/// the new handle with `cescacs_line_free`.
///
/// Errors: `NULL_POINTER`, `INDEX_OUT_OF_RANGE` (no move `index`, or no
/// variation `rank`). `*line_out` is written only on success.
#[no_mangle]
pub unsafe extern "C" fn cescacs_line_variation(
    line: *const cescacs_line,
    index: usize,
    rank: usize,
    line_out: *mut *mut cescacs_line,
) -> cescacs_result {
    // SAFETY: `line` is NULL or a live handle and `line_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_line_variation", line_out, "line_out", || {
            Ok(Box::into_raw(Box::new(borrow(line)?.enter(index, rank)?)))
        })
    }
}

/// Releases a line handle. `cescacs_line_free(NULL)` does nothing. The
/// other lines of the record, and its game, stay valid.
#[no_mangle]
pub unsafe extern "C" fn cescacs_line_free(line: *mut cescacs_line) {
    if !line.is_null() {
        // Dropping positions and the last share of a record (whose lines
        // are dropped with a loop, at any depth) cannot panic.
        // SAFETY: every line handle comes from `Box::into_raw`, and the
        // caller frees each one once and uses it no more (the header's
        // contract).
        drop(unsafe { Box::from_raw(line) });
    }
}

/// Writes to `*depth_out` how many variations are nested above `line`: 0
/// for the main line, 1 for its variations, 2 for theirs, and so on.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_line_depth(
    line: *const cescacs_line,
    depth_out: *mut usize,
) -> cescacs_result {
    // SAFETY: `line` is NULL or a live handle and `depth_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_line_depth", depth_out, "depth_out", || {
            Ok(borrow(line)?.view.depth())
        })
    }
}

/// Writes to `*ply_out` the number of plies from the game's start to the
/// line's first move: 0 for the main line; for a variation of move `index`
/// of a line, that line's start ply plus `index`. Move `i` of the line is
/// then ply `start + i` of the game (0-based), and its move number is
/// counted from there.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_line_start_ply(
    line: *const cescacs_line,
    ply_out: *mut usize,
) -> cescacs_result {
    // SAFETY: `line` is NULL or a live handle and `ply_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_line_start_ply", ply_out, "ply_out", || {
            Ok(borrow(line)?.view.start_ply())
        })
    }
}

/// Writes to `*count_out` the number of moves of `line`. They are read by
/// index, 0 ≤ `index` < count, with the `cescacs_line_` functions; the
/// positions between them are numbered 0 (before the first move) to count
/// (after the last).
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_line_ply_count(
    line: *const cescacs_line,
    count_out: *mut usize,
) -> cescacs_result {
    // SAFETY: `line` is NULL or a live handle and `count_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_line_ply_count", count_out, "count_out", || {
            Ok(borrow(line)?.view.len())
        })
    }
}

/// Writes move `index` of `line` (see `cescacs_line_ply_count`) to
/// `*move_out`.
///
/// Errors: `NULL_POINTER`, `INDEX_OUT_OF_RANGE`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_line_move_at(
    line: *const cescacs_line,
    index: usize,
    move_out: *mut cescacs_move,
) -> cescacs_result {
    // SAFETY: `line` is NULL or a live handle and `move_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_line_move_at", move_out, "move_out", || {
            Ok(borrow(line)?.annotated(index)?.mv.into())
        })
    }
}

/// Writes move `index` of `line` in canonical CTL-AN (as
/// `cescacs_game_move_ctl_at`, with its check or mate mark, UTF-8) and a
/// terminating NUL into `buf` (room for `len` bytes;
/// `CESCACS_MOVE_TEXT_MAX` are always enough), and its length to
/// `*out_len` if `out_len` is not NULL.
///
/// Errors: `NULL_POINTER` (`line` NULL, or `buf` NULL with `len` > 0),
/// `INDEX_OUT_OF_RANGE`, `BUFFER_TOO_SMALL` (the buffer is untouched and
/// `*out_len` gets the needed length).
#[no_mangle]
pub unsafe extern "C" fn cescacs_line_move_ctl_at(
    line: *const cescacs_line,
    index: usize,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> cescacs_result {
    // SAFETY: `line` is NULL or a live handle, `buf` NULL or `len` bytes,
    // `out_len` NULL or writable (the header's contract).
    unsafe {
        guard_text("cescacs_line_move_ctl_at", buf, len, out_len, || {
            let l = borrow(line)?;
            let mv = l.annotated(index)?.mv;
            Ok(l.position(index)?.ctl(&mv))
        })
    }
}

/// Writes the canonical PDTL of the position before move `index` of `line`
/// (0 ≤ `index` ≤ `cescacs_line_ply_count`: `index` 0 is the position the
/// line starts from, for a variation the one before the move it replaces;
/// the count gives the position after its last move) and a terminating NUL
/// into `buf` (room for `len` bytes), and its length to `*out_len` if
/// `out_len` is not NULL.
///
/// Errors: `NULL_POINTER` (`line` NULL, or `buf` NULL with `len` > 0),
/// `INDEX_OUT_OF_RANGE` (`index` above the move count), `BUFFER_TOO_SMALL`
/// (the buffer is untouched and `*out_len` gets the needed length).
#[no_mangle]
pub unsafe extern "C" fn cescacs_line_pdtl_at(
    line: *const cescacs_line,
    index: usize,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> cescacs_result {
    // SAFETY: `line` is NULL or a live handle, `buf` NULL or `len` bytes,
    // `out_len` NULL or writable (the header's contract).
    unsafe {
        guard_text("cescacs_line_pdtl_at", buf, len, out_len, || {
            Ok(borrow(line)?.position(index)?.to_pdtl())
        })
    }
}

/// Writes the label of `line`: the `n` of its `$[n]` mark, by which
/// comments elsewhere refer to it (`#12.n`), or an empty string if it has
/// none (the main line has none). UTF-8, with a terminating NUL, into `buf`
/// (room for `len` bytes), and its length to `*out_len` if `out_len` is not
/// NULL.
///
/// Errors: `NULL_POINTER` (`line` NULL, or `buf` NULL with `len` > 0),
/// `BUFFER_TOO_SMALL` (the buffer is untouched and `*out_len` gets the
/// needed length).
#[no_mangle]
pub unsafe extern "C" fn cescacs_line_label(
    line: *const cescacs_line,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> cescacs_result {
    // SAFETY: `line` is NULL or a live handle, `buf` NULL or `len` bytes,
    // `out_len` NULL or writable (the header's contract).
    unsafe {
        guard_text("cescacs_line_label", buf, len, out_len, || {
            Ok(borrow(line)?.view.label().unwrap_or(""))
        })
    }
}

/// Writes to `*count_out` the number of comments before the first move of
/// `line` (for the main line, the game's opening comments). Read each with
/// `cescacs_line_opening_comment`.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_line_opening_comment_count(
    line: *const cescacs_line,
    count_out: *mut usize,
) -> cescacs_result {
    // SAFETY: `line` is NULL or a live handle and `count_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out(
            "cescacs_line_opening_comment_count",
            count_out,
            "count_out",
            || Ok(borrow(line)?.view.line().comments.len()),
        )
    }
}

/// Writes comment `index` before the first move of `line` (see
/// `cescacs_line_opening_comment_count`) as `cescacs_game_comment` writes
/// a comment: without braces, UTF-8, with a terminating NUL, into `buf`
/// (room for `len` bytes), and its length to `*out_len` if `out_len` is not
/// NULL.
///
/// Errors: `NULL_POINTER` (`line` NULL, or `buf` NULL with `len` > 0),
/// `INDEX_OUT_OF_RANGE`, `BUFFER_TOO_SMALL` (the buffer is untouched and
/// `*out_len` gets the needed length).
#[no_mangle]
pub unsafe extern "C" fn cescacs_line_opening_comment(
    line: *const cescacs_line,
    index: usize,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> cescacs_result {
    // SAFETY: `line` is NULL or a live handle, `buf` NULL or `len` bytes,
    // `out_len` NULL or writable (the header's contract).
    unsafe {
        guard_text("cescacs_line_opening_comment", buf, len, out_len, || {
            Ok(nth(&borrow(line)?.view.line().comments, index, "comment")?.as_str())
        })
    }
}

/// Writes to `*count_out` the number of comments on move `index` of `line`
/// (see `cescacs_game_comment_count`). Read each with
/// `cescacs_line_comment`.
///
/// Errors: `NULL_POINTER`, `INDEX_OUT_OF_RANGE` (no move `index`).
#[no_mangle]
pub unsafe extern "C" fn cescacs_line_comment_count(
    line: *const cescacs_line,
    index: usize,
    count_out: *mut usize,
) -> cescacs_result {
    // SAFETY: `line` is NULL or a live handle and `count_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_line_comment_count", count_out, "count_out", || {
            Ok(borrow(line)?.annotated(index)?.comments.len())
        })
    }
}

/// Writes comment `comment` on move `index` of `line` (see
/// `cescacs_line_comment_count`) as `cescacs_game_comment` writes it: without
/// braces and `@W:` / `@B:` prefix, UTF-8, with a terminating NUL, into
/// `buf` (room for `len` bytes), and its length to `*out_len` if `out_len`
/// is not NULL.
///
/// Errors: `NULL_POINTER` (`line` NULL, or `buf` NULL with `len` > 0),
/// `INDEX_OUT_OF_RANGE` (no move `index`, or no comment `comment`),
/// `BUFFER_TOO_SMALL` (the buffer is untouched and `*out_len` gets the
/// needed length).
#[no_mangle]
pub unsafe extern "C" fn cescacs_line_comment(
    line: *const cescacs_line,
    index: usize,
    comment: usize,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> cescacs_result {
    // SAFETY: `line` is NULL or a live handle, `buf` NULL or `len` bytes,
    // `out_len` NULL or writable (the header's contract).
    unsafe {
        guard_text("cescacs_line_comment", buf, len, out_len, || {
            Ok(nth(
                &borrow(line)?.annotated(index)?.comments,
                comment,
                "comment",
            )?
            .as_str())
        })
    }
}

/// Writes to `*nag_out` the assessment of move `index` of `line` as a PGN
/// numeric annotation glyph (as `cescacs_game_assessment`: 1 `!`, 2 `?`, 3
/// `!!`, 4 `??`, 5 `!?`, 6 `?!`, 7 `◇`), or 0 if the move has none.
///
/// Errors: `NULL_POINTER`, `INDEX_OUT_OF_RANGE` (no move `index`).
#[no_mangle]
pub unsafe extern "C" fn cescacs_line_assessment(
    line: *const cescacs_line,
    index: usize,
    nag_out: *mut u8,
) -> cescacs_result {
    // SAFETY: `line` is NULL or a live handle and `nag_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_line_assessment", nag_out, "nag_out", || {
            Ok(borrow(line)?
                .annotated(index)?
                .assessment
                .map_or(0, |a| a.nag()))
        })
    }
}

/// Writes to `*count_out` the number of variations of move `index` of
/// `line`: the alternatives to that move, each from the position before it.
/// Enter each with `cescacs_line_variation`.
///
/// Errors: `NULL_POINTER`, `INDEX_OUT_OF_RANGE` (no move `index`).
#[no_mangle]
pub unsafe extern "C" fn cescacs_line_variation_count(
    line: *const cescacs_line,
    index: usize,
    count_out: *mut usize,
) -> cescacs_result {
    // SAFETY: `line` is NULL or a live handle and `count_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out(
            "cescacs_line_variation_count",
            count_out,
            "count_out",
            || Ok(borrow(line)?.annotated(index)?.variations.len()),
        )
    }
}

/// Writes to `*game_out` a new game holding `line` as `cescacs_game_variation`
/// makes one of a variation: its start position is the line's position 0,
/// its main line the line's moves with their comments, assessments and
/// nested variations, its opening comments the line's. It has a new game's
/// tags, and its result is the rules'. The new handle is independent: a front end can
/// play on from it. This copies the line's own moves (time and memory
/// linear in them; the variations nested in it are shared). Free it with
/// `cescacs_game_free`.
///
/// Errors: `NULL_POINTER`. `*game_out` is written only on success.
#[no_mangle]
pub unsafe extern "C" fn cescacs_line_game(
    line: *const cescacs_line,
    game_out: *mut *mut cescacs_game,
) -> cescacs_result {
    // SAFETY: `line` is NULL or a live handle and `game_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_line_game", game_out, "game_out", || {
            let game = borrow(line)?.view.to_game().ok_or_else(|| {
                Error::new(
                    cescacs_result::IllegalMove,
                    "the line holds an illegal move",
                )
            })?;
            Ok(cescacs_game::boxed(game))
        })
    }
}
