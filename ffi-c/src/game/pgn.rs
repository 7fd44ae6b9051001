//! Games read from and written as CTL-PGN text, with the record's result
//! and tags.

use std::ffi::c_char;

use super::{
    borrow, cescacs_game, cescacs_result, guard, guard_out, guard_text, out_ptr, text_arg, Error,
};

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
/// to learn the count, then with an array of that many handles (the text
/// is then read twice; an array large enough at once reads it once). All
/// games are held at once: for a collection of any size, the
/// `cescacs_pgn_reader` functions read a file or text once, one game at a
/// time, in memory bounded by the largest game.
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
                format!(
                    "the text holds {} games, the array has room for {len}",
                    games.len()
                ),
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

/// Writes the game in canonical CTL-PGN (NOTATION.md §6: the tags —
/// `[Variant "C'escacs"]` first, the Seven Tag Roster `Event`, `Site`,
/// `Date`, `Round`, `White`, `Black`, `Result` in that order, `?` for those
/// the game has no value of (the date with `?` for each unknown digit), the
/// game's other tags, and a `PDTL` tag last when the game does not start
/// from the initial position — the comments, one full move per line in
/// canonical CTL-AN, the variations, the result line, a final newline) and
/// a terminating NUL into `buf` (room for `len` bytes), and its length
/// without the NUL to `*out_len` if `out_len` is not NULL. The text is
/// UTF-8.
///
/// The moves played through the handle are included. The result is
/// `cescacs_game_result`'s (the 2020-07-20 record keeps its stated `0-3`
/// until its moves change), in the result line and the `Result` tag.
/// Reading the text back with `cescacs_game_from_pgn` and writing it again
/// gives the same text.
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
/// sensitive: `"Event"`, `"White"`, `"Result"`, ...) of a game, and a
/// terminating NUL, into `buf` (room for `len` bytes), and its length to
/// `*out_len` if `out_len` is not NULL. A new game and a game read from
/// CTL-PGN have `Variant` and the Seven Tag Roster (`"?"` where the record
/// gives none; `Result` the game's result). The `PDTL` and `Redefine` tags
/// are not kept as tags: the start position is
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
