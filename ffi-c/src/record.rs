//! What a game record holds besides its moves: tags, comments and
//! variations (NOTATION.md §6), read by index and changed for writing with
//! `cescacs_game_write_pgn`. The record is the core's `Game`; this file
//! only translates.
//!
//! Comments come in three places, each read by index: the opening comments
//! (before the first move), the comments on each move of the main line, and
//! the final comments (after the result). Variations hang on the move they
//! replace; each can be read as a text of moves or opened as a game of its
//! own, whose moves, comments and nested variations the same functions read
//! (at the cost of a copy of its own moves, sharing what is nested in it;
//! `line.rs` walks any depth without a game a level).

use std::ffi::c_char;

use rules::Game;

use super::cescacs_result;
use super::error::Error;
use super::game::cescacs_game;
use super::guard::{borrow, borrow_mut, guard, guard_out, guard_text, text_arg};

pub(crate) fn index_error(what: &str, index: usize, count: usize) -> Error {
    Error::new(
        cescacs_result::IndexOutOfRange,
        format!("{what} {index} is out of range: there are {count}"),
    )
}

/// The annotated move at `ply` of the main line.
fn annotated(record: &Game, ply: usize) -> Result<&rules::AnnotatedMove, Error> {
    let moves = &record.mainline().moves;
    moves
        .get(ply)
        .ok_or_else(|| index_error("ply", ply, moves.len()))
}

/// Entry `index` of `items`, or `INDEX_OUT_OF_RANGE` naming `what`.
pub(crate) fn nth<'a, T>(items: &'a [T], index: usize, what: &str) -> Result<&'a T, Error> {
    items
        .get(index)
        .ok_or_else(|| index_error(what, index, items.len()))
}

/// A tag name the CTL-PGN reader reads back: letters, digits and `_`; not
/// one of the tags the reader consumes (`PDTL`, `DPTL`, `Redefine`).
/// Writes to `*count_out` the number of tags of the game (`Variant` and the
/// Seven Tag Roster, which a new game has at their defaults and a game read
/// from CTL-PGN with its values, then the record's other tags in file order
/// and those set with `cescacs_game_set_tag`). Tag
/// `i` (0 ≤ i < count) is read with `cescacs_game_tag_name_at` and
/// `cescacs_game_tag_value_at`.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_tag_count(
    game: *const cescacs_game,
    count_out: *mut usize,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle and `count_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_game_tag_count", count_out, "count_out", || {
            Ok(borrow(game)?.record.tags.len())
        })
    }
}

/// Writes the name of tag `index` (0-based, file order; see
/// `cescacs_game_tag_count`) and a terminating NUL into `buf` (room for
/// `len` bytes), and its length to `*out_len` if `out_len` is not NULL.
///
/// Errors: `NULL_POINTER` (`game` NULL, or `buf` NULL with `len` > 0),
/// `INDEX_OUT_OF_RANGE`, `BUFFER_TOO_SMALL` (the buffer is untouched and
/// `*out_len` gets the needed length).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_tag_name_at(
    game: *const cescacs_game,
    index: usize,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle, `buf` NULL or `len` bytes,
    // `out_len` NULL or writable (the header's contract).
    unsafe {
        guard_text("cescacs_game_tag_name_at", buf, len, out_len, || {
            Ok(nth(&borrow(game)?.record.tags, index, "tag")?.0.as_str())
        })
    }
}

/// Writes the value of tag `index` (0-based, file order; see
/// `cescacs_game_tag_count`) and a terminating NUL into `buf` (room for
/// `len` bytes), and its length to `*out_len` if `out_len` is not NULL.
///
/// Errors: as `cescacs_game_tag_name_at`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_tag_value_at(
    game: *const cescacs_game,
    index: usize,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle, `buf` NULL or `len` bytes,
    // `out_len` NULL or writable (the header's contract).
    unsafe {
        guard_text("cescacs_game_tag_value_at", buf, len, out_len, || {
            Ok(nth(&borrow(game)?.record.tags, index, "tag")?.1.as_str())
        })
    }
}

/// Sets the first tag called `name` to `value` (both NUL-terminated
/// UTF-8), or appends the tag if the game has none of that name; written by
/// `cescacs_game_write_pgn` as `[name "value"]`. The core's rules of a tag
/// (`Game::try_set_tag`): a name is letters, digits and `_` (`"Event"`,
/// `"White"`, `"Date"`, ...); the value fits on one line; `Variant` is only
/// `C'escacs` (exactly). The `Result` tag takes only a result (`"3-0"`, `"0-3"`,
/// `"2-1"`, `"1-2"`, `"1-1"`, `"*"`) and also states it, as after a
/// resignation or an agreed draw: it becomes `cescacs_game_result` and the
/// written result line until the moves change.
///
/// Errors: `NULL_POINTER`, `INVALID_UTF8`, `BAD_ARGUMENT` (not a tag name;
/// `PDTL`, `DPTL` and `Redefine`, which are not tags of a record but its
/// start position and letters; a value with a line break; another
/// `Variant`; a `Result` value that is not a result). The game is unchanged
/// on error.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_set_tag(
    game: *mut cescacs_game,
    name: *const c_char,
    value: *const c_char,
) -> cescacs_result {
    guard("cescacs_game_set_tag", || {
        // SAFETY: `name` and `value` are NULL or NUL-terminated strings
        // (the header's contract).
        let (name, value) = unsafe { (text_arg(name, "name")?, text_arg(value, "value")?) };
        // SAFETY: `game` is NULL or a live handle used by this call alone
        // (the header's contract).
        let g = unsafe { borrow_mut(game) }?;
        // The rules of a tag are the core's (Game::try_set_tag).
        g.record_mut()
            .try_set_tag(name, value)
            .map_err(|e| Error::new(cescacs_result::BadArgument, e.to_string()))
    })
}

/// The body of the comment-count functions.
unsafe fn comment_count(
    function: &'static str,
    game: *const cescacs_game,
    count_out: *mut usize,
    comments: impl FnOnce(&Game) -> Result<&Vec<String>, Error>,
) -> cescacs_result {
    // SAFETY: this function's contract is the header's for both pointers.
    unsafe {
        guard_out(function, count_out, "count_out", || {
            Ok(comments(&borrow(game)?.record)?.len())
        })
    }
}

/// The body of the functions that write one comment.
unsafe fn comment_text(
    function: &'static str,
    game: *const cescacs_game,
    index: usize,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
    comments: impl FnOnce(&Game) -> Result<&Vec<String>, Error>,
) -> cescacs_result {
    // SAFETY: this function's contract is the header's for every pointer.
    unsafe {
        guard_text(function, buf, len, out_len, || {
            let g = borrow(game)?;
            Ok(nth(comments(&g.record)?, index, "comment")?.as_str())
        })
    }
}

/// The body of the functions that add a comment: `text` goes after the
/// comments `comments` picks (the game is unchanged on error).
unsafe fn add_comment(
    function: &'static str,
    game: *mut cescacs_game,
    text: *const c_char,
    comments: impl FnOnce(&mut Game) -> Result<&mut Vec<String>, Error>,
) -> cescacs_result {
    guard(function, || {
        // SAFETY: `text` is NULL or a NUL-terminated string (this
        // function's contract, the header's).
        let text = unsafe { text_arg(text, "text") }?;
        // SAFETY: `game` is NULL or a live handle used by this call alone
        // (this function's contract, the header's).
        let g = unsafe { borrow_mut(game) }?;
        comments(g.record_mut())?.push(text.to_string());
        Ok(())
    })
}

/// Writes to `*count_out` the number of comments on the move at `ply`
/// (0 ≤ `ply` < `cescacs_game_ply_count`) of the main line: the comments a
/// CTL-PGN record writes after the move's line, `{ @W: ... }` or
/// `{ @B: ... }`, and those added with `cescacs_game_add_comment`. Read
/// each with `cescacs_game_comment`.
///
/// Errors: `NULL_POINTER`, `INDEX_OUT_OF_RANGE` (no move `ply`).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_comment_count(
    game: *const cescacs_game,
    ply: usize,
    count_out: *mut usize,
) -> cescacs_result {
    // SAFETY: the arguments, unchanged, under the same contract.
    unsafe {
        comment_count("cescacs_game_comment_count", game, count_out, |r| {
            Ok(&annotated(r, ply)?.comments)
        })
    }
}

/// Writes comment `index` on the move at `ply` of the main line (see
/// `cescacs_game_comment_count`), without its braces and its `@W:` /
/// `@B:` prefix (the writer adds the prefix of the side that made the
/// move), and a terminating NUL into `buf` (room for `len` bytes), and its
/// length to `*out_len` if `out_len` is not NULL. UTF-8; it may span
/// several lines.
///
/// Errors: `NULL_POINTER` (`game` NULL, or `buf` NULL with `len` > 0),
/// `INDEX_OUT_OF_RANGE` (no move `ply`, or no comment `index`),
/// `BUFFER_TOO_SMALL` (the buffer is untouched and `*out_len` gets the
/// needed length).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_comment(
    game: *const cescacs_game,
    ply: usize,
    index: usize,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> cescacs_result {
    // SAFETY: the arguments, unchanged, under the same contract.
    unsafe {
        comment_text(
            "cescacs_game_comment",
            game,
            index,
            buf,
            len,
            out_len,
            |r| Ok(&annotated(r, ply)?.comments),
        )
    }
}

/// Writes to `*count_out` the number of opening comments: those before the
/// first move (the context of the game). Read each with
/// `cescacs_game_opening_comment`.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_opening_comment_count(
    game: *const cescacs_game,
    count_out: *mut usize,
) -> cescacs_result {
    // SAFETY: the arguments, unchanged, under the same contract.
    unsafe {
        comment_count("cescacs_game_opening_comment_count", game, count_out, |r| {
            Ok(&r.mainline().comments)
        })
    }
}

/// Writes opening comment `index` (see
/// `cescacs_game_opening_comment_count`) as `cescacs_game_comment` writes a
/// move's comment.
///
/// Errors: `NULL_POINTER` (`game` NULL, or `buf` NULL with `len` > 0),
/// `INDEX_OUT_OF_RANGE`, `BUFFER_TOO_SMALL` (the buffer is untouched and
/// `*out_len` gets the needed length).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_opening_comment(
    game: *const cescacs_game,
    index: usize,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> cescacs_result {
    // SAFETY: the arguments, unchanged, under the same contract.
    unsafe {
        comment_text(
            "cescacs_game_opening_comment",
            game,
            index,
            buf,
            len,
            out_len,
            |r| Ok(&r.mainline().comments),
        )
    }
}

/// Writes to `*count_out` the number of final comments: those after the
/// result line. Read each with `cescacs_game_final_comment`.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_final_comment_count(
    game: *const cescacs_game,
    count_out: *mut usize,
) -> cescacs_result {
    // SAFETY: the arguments, unchanged, under the same contract.
    unsafe {
        comment_count("cescacs_game_final_comment_count", game, count_out, |r| {
            Ok(&r.final_comments)
        })
    }
}

/// Writes final comment `index` (see `cescacs_game_final_comment_count`)
/// as `cescacs_game_comment` writes a move's comment.
///
/// Errors: as `cescacs_game_opening_comment`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_final_comment(
    game: *const cescacs_game,
    index: usize,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> cescacs_result {
    // SAFETY: the arguments, unchanged, under the same contract.
    unsafe {
        comment_text(
            "cescacs_game_final_comment",
            game,
            index,
            buf,
            len,
            out_len,
            |r| Ok(&r.final_comments),
        )
    }
}

/// Adds the comment `text` (NUL-terminated UTF-8, without braces or an
/// `@W:` / `@B:` prefix) after the existing comments on the move at `ply`
/// (0 ≤ `ply` < `cescacs_game_ply_count`; the last move is
/// `ply_count - 1`). `cescacs_game_write_pgn` writes it as `{ @W: text }`
/// or `{ @B: text }` after the move's line, with a `}` in the text written
/// as `)` and the text trimmed, as every CTL-PGN comment. Taking the move
/// back with `cescacs_game_undo` takes its comments with it.
///
/// Errors: `NULL_POINTER`, `INVALID_UTF8`, `INDEX_OUT_OF_RANGE` (no move
/// `ply`). The game is unchanged on error.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_add_comment(
    game: *mut cescacs_game,
    ply: usize,
    text: *const c_char,
) -> cescacs_result {
    // SAFETY: the arguments, unchanged, under the same contract.
    unsafe {
        add_comment("cescacs_game_add_comment", game, text, |r| {
            let count = r.len();
            r.move_comments_mut(ply)
                .ok_or_else(|| index_error("ply", ply, count))
        })
    }
}

/// Adds the comment `text` (NUL-terminated UTF-8, without braces) after
/// the existing opening comments: those before the first move, which
/// describe the context of the game. `cescacs_game_write_pgn` writes each
/// as `{ text }` before the moves (trimmed, a `}` in the text written as
/// `)`).
///
/// Errors: `NULL_POINTER`, `INVALID_UTF8`. The game is unchanged on error.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_add_opening_comment(
    game: *mut cescacs_game,
    text: *const c_char,
) -> cescacs_result {
    // SAFETY: the arguments, unchanged, under the same contract.
    unsafe {
        add_comment("cescacs_game_add_opening_comment", game, text, |r| {
            Ok(r.comments_mut())
        })
    }
}

/// Adds the comment `text` (NUL-terminated UTF-8, without braces) after
/// the existing final comments: those `cescacs_game_write_pgn` writes
/// after the result line, e.g. how the game was decided.
///
/// Errors: `NULL_POINTER`, `INVALID_UTF8`. The game is unchanged on error.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_add_final_comment(
    game: *mut cescacs_game,
    text: *const c_char,
) -> cescacs_result {
    // SAFETY: the arguments, unchanged, under the same contract.
    unsafe {
        add_comment("cescacs_game_add_final_comment", game, text, |r| {
            Ok(&mut r.final_comments)
        })
    }
}

/// Writes to `*nag_out` the assessment of the move at `ply` (0 ≤ `ply` <
/// `cescacs_game_ply_count`) of the main line as a PGN numeric annotation
/// glyph: 1 `!`, 2 `?`, 3 `!!`, 4 `??`, 5 `!?`, 6 `?!`, 7 `◇` (forced), or
/// 0 if the move has none.
///
/// Errors: `NULL_POINTER`, `INDEX_OUT_OF_RANGE` (no move `ply`).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_assessment(
    game: *const cescacs_game,
    ply: usize,
    nag_out: *mut u8,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle and `nag_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_game_assessment", nag_out, "nag_out", || {
            Ok(annotated(&borrow(game)?.record, ply)?
                .assessment
                .map_or(0, |a| a.nag()))
        })
    }
}

/// Sets the assessment of the move at `ply` (0 ≤ `ply` <
/// `cescacs_game_ply_count`) of the main line to glyph `nag` (1 … 7, see
/// `cescacs_game_assessment`), or clears it with 0.
/// `cescacs_game_write_pgn` writes it after the move (`E7-E13 !?`).
///
/// Errors: `NULL_POINTER`, `INDEX_OUT_OF_RANGE` (no move `ply`),
/// `BAD_ARGUMENT` (`nag` > 7). The game is unchanged on error.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_set_assessment(
    game: *mut cescacs_game,
    ply: usize,
    nag: u8,
) -> cescacs_result {
    guard("cescacs_game_set_assessment", || {
        let assessment = match nag {
            0 => None,
            n => Some(rules::Assessment::from_nag(n).ok_or_else(|| {
                Error::new(
                    cescacs_result::BadArgument,
                    format!("no assessment glyph ${n} (1 … 7, or 0 for none)"),
                )
            })?),
        };
        // SAFETY: `game` is NULL or a live handle used by this call alone
        // (the header's contract).
        let g = unsafe { borrow_mut(game) }?;
        let count = g.record.len();
        *g.record_mut()
            .assessment_mut(ply)
            .ok_or_else(|| index_error("ply", ply, count))? = assessment;
        Ok(())
    })
}

/// Writes to `*count_out` the number of variations of the move at `ply`
/// (0 ≤ `ply` < `cescacs_game_ply_count`) of the main line: the
/// alternatives a CTL-PGN record gives in parentheses after the move, each
/// starting from the position before it (`cescacs_game_pdtl_at(game, ply,
/// ...)`). Read each with `cescacs_game_variation_ctl` or
/// `cescacs_game_variation`.
///
/// Errors: `NULL_POINTER`, `INDEX_OUT_OF_RANGE` (no move `ply`).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_variation_count(
    game: *const cescacs_game,
    ply: usize,
    count_out: *mut usize,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle and `count_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out(
            "cescacs_game_variation_count",
            count_out,
            "count_out",
            || Ok(annotated(&borrow(game)?.record, ply)?.variations.len()),
        )
    }
}

/// Variation `index` of the move at `ply` as the core builds it.
fn variation(g: &cescacs_game, ply: usize, index: usize) -> Result<Game, Error> {
    let count = annotated(&g.record, ply)?.variations.len();
    if index >= count {
        return Err(index_error("variation", index, count));
    }
    g.record.variation(ply, index).ok_or_else(|| {
        Error::new(
            cescacs_result::IllegalMove,
            format!("variation {index} of ply {ply} holds an illegal move"),
        )
    })
}

/// The moves of variation `index` of the move at `ply` in canonical CTL-AN,
/// played from the position before that move: the variation's own moves
/// only, not what is nested in them.
fn variation_ctl(g: &cescacs_game, ply: usize, index: usize) -> Result<String, Error> {
    let v = nth(&annotated(&g.record, ply)?.variations, index, "variation")?;
    let illegal = || {
        Error::new(
            cescacs_result::IllegalMove,
            format!("variation {index} of ply {ply} holds an illegal move"),
        )
    };
    let mut pos = g.record.position_at(ply).ok_or_else(illegal)?.clone();
    let mut moves = Vec::with_capacity(v.line.moves.len());
    for am in &v.line.moves {
        moves.push(pos.ctl(&am.mv));
        pos.play(am.mv).map_err(|_| illegal())?;
    }
    Ok(moves.join(" "))
}

/// Writes the moves of variation `index` of the move at `ply` (see
/// `cescacs_game_variation_count`) in canonical CTL-AN, separated by single
/// spaces, from the position before the move at `ply` (the variation's
/// first move replaces it): e.g. `"K4-K10 GL5-H6+^ KG1-H4 GH6×RI3
/// KH4×GI3"`. UTF-8, with a terminating NUL, into `buf` (room for `len`
/// bytes), and its length to `*out_len` if `out_len` is not NULL. Only the
/// moves: the variation's comments, assessments and nested variations are
/// read from the game `cescacs_game_variation` makes of it.
///
/// Errors: `NULL_POINTER` (`game` NULL, or `buf` NULL with `len` > 0),
/// `INDEX_OUT_OF_RANGE` (no move `ply`, or no variation `index`),
/// `BUFFER_TOO_SMALL` (the buffer is untouched and `*out_len` gets the
/// needed length).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_variation_ctl(
    game: *const cescacs_game,
    ply: usize,
    index: usize,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle, `buf` NULL or `len` bytes,
    // `out_len` NULL or writable (the header's contract).
    unsafe {
        guard_text("cescacs_game_variation_ctl", buf, len, out_len, || {
            variation_ctl(borrow(game)?, ply, index)
        })
    }
}

/// Writes the label of variation `index` of the move at `ply` (see
/// `cescacs_game_variation_count`): the `n` of its `$[n]` mark, by which
/// comments elsewhere refer to it (`#12.n`), or an empty string if it has
/// none. UTF-8, with a terminating NUL, into `buf` (room for `len` bytes),
/// and its length to `*out_len` if `out_len` is not NULL.
///
/// Errors: as `cescacs_game_variation_ctl`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_variation_label(
    game: *const cescacs_game,
    ply: usize,
    index: usize,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle, `buf` NULL or `len` bytes,
    // `out_len` NULL or writable (the header's contract).
    unsafe {
        guard_text("cescacs_game_variation_label", buf, len, out_len, || {
            let variations = &annotated(&borrow(game)?.record, ply)?.variations;
            Ok(nth(variations, index, "variation")?
                .label
                .as_deref()
                .unwrap_or(""))
        })
    }
}

/// Writes to `*game_out` a new game holding variation `index` of the move
/// at `ply` (see `cescacs_game_variation_count`): its start position is the
/// position before the move at `ply`, its main line the variation's moves
/// with their comments and their own variations (read them with the
/// functions of this section: nested variations are variations of this
/// game), its opening comments the variation's. It has a new game's tags
/// (`Variant` and the roster at their defaults), and its result is the rules' (`*` unless the variation ends the game). The new
/// handle is independent of `game`: a front end can play on from it. Free
/// it with `cescacs_game_free`.
///
/// This copies the variation's own moves and plays their positions; the
/// variations nested in it are shared with `game`'s record. Line handles
/// (`cescacs_game_mainline`, `cescacs_line_variation`) walk nested
/// variations without a game handle a level, and `cescacs_line_game` makes
/// a game of any line.
///
/// Errors: `NULL_POINTER`, `INDEX_OUT_OF_RANGE` (no move `ply`, or no
/// variation `index`).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_variation(
    game: *const cescacs_game,
    ply: usize,
    index: usize,
    game_out: *mut *mut cescacs_game,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle and `game_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_game_variation", game_out, "game_out", || {
            Ok(cescacs_game::boxed(variation(borrow(game)?, ply, index)?))
        })
    }
}
