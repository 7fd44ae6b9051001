//! A CTL-PGN collection read game by game: a handle over the core's
//! streaming `pgn::Reader`, so a file of any size is walked once with one
//! game in memory at a time.

use std::ffi::{c_char, CStr};
use std::fs::File;
use std::io::{BufRead, BufReader, Cursor};

use rules::pgn::{GameEntry, Reader};

use super::cescacs_result;
use super::error::Error;
use super::game::cescacs_game;
use super::guard::{borrow_mut, guard, guard_out, out_ptr, text_arg, Handle};

/// A CTL-PGN reader: from `cescacs_pgn_reader_open` (a file) or
/// `cescacs_pgn_reader_from_text` (a text, copied); each
/// `cescacs_pgn_reader_next` gives the next game. Release it with
/// `cescacs_pgn_reader_free`. One thread at a time per reader.
pub struct cescacs_pgn_reader {
    games: Reader<Box<dyn BufRead + Send>>,
    /// Games handed out or refused so far.
    read: usize,
}

impl Handle for cescacs_pgn_reader {
    const PARAM: &'static str = "reader";
}

impl cescacs_pgn_reader {
    /// The games left, each counted as read when it is taken.
    pub(crate) fn entries(&mut self) -> impl Iterator<Item = GameEntry> + '_ {
        self.games.by_ref().inspect(|_| self.read += 1)
    }
}

fn boxed(src: Box<dyn BufRead + Send>) -> *mut cescacs_pgn_reader {
    Box::into_raw(Box::new(cescacs_pgn_reader {
        games: Reader::new(src),
        read: 0,
    }))
}

/// Opens the CTL-PGN file at `path` (a NUL-terminated file name) for
/// reading game by game, and writes a new reader to `*reader_out`.
///
/// Errors: `NULL_POINTER`, `BAD_ARGUMENT` (the file cannot be opened; the
/// message says why). `*reader_out` is written only on success.
#[no_mangle]
pub unsafe extern "C" fn cescacs_pgn_reader_open(
    path: *const c_char,
    reader_out: *mut *mut cescacs_pgn_reader,
) -> cescacs_result {
    // SAFETY: `path` is NULL or a NUL-terminated string and `reader_out`
    // NULL or writable (the header's contract).
    unsafe {
        guard_out("cescacs_pgn_reader_open", reader_out, "reader_out", || {
            if path.is_null() {
                return Err(Error::null("path"));
            }
            // Not NULL, and NUL-terminated (the header's contract).
            let name = CStr::from_ptr(path).to_string_lossy().into_owned();
            let file = File::open(&name).map_err(|e| {
                Error::new(
                    cescacs_result::BadArgument,
                    format!("cannot open {name:?}: {e}"),
                )
            })?;
            Ok(boxed(Box::new(BufReader::with_capacity(1 << 16, file))))
        })
    }
}

/// Makes a reader over a copy of `text`, a NUL-terminated CTL-PGN text
/// holding any number of games, and writes it to `*reader_out`.
///
/// Errors: `NULL_POINTER`, `INVALID_UTF8`. `*reader_out` is written only on
/// success.
#[no_mangle]
pub unsafe extern "C" fn cescacs_pgn_reader_from_text(
    text: *const c_char,
    reader_out: *mut *mut cescacs_pgn_reader,
) -> cescacs_result {
    // SAFETY: `text` is NULL or a NUL-terminated string and `reader_out`
    // NULL or writable (the header's contract).
    unsafe {
        guard_out(
            "cescacs_pgn_reader_from_text",
            reader_out,
            "reader_out",
            || {
                let text = text_arg(text, "text")?;
                Ok(boxed(Box::new(Cursor::new(text.as_bytes().to_vec()))))
            },
        )
    }
}

/// Reads the next game and writes a new game handle at its final position
/// to `*game_out` (free it with `cescacs_game_free`), the games cut as the
/// core's `pgn::Reader` cuts them (a tag line after some movetext, or a
/// result, starts the next game).
///
/// Errors: `NULL_POINTER`; `NOT_FOUND` (no game is left); `BAD_PGN` (this
/// game has an error: the message and `cescacs_last_error_location` say
/// where, counted from the start of the input; bytes that are not UTF-8
/// are such an error). After `BAD_PGN` the reader has moved past the bad
/// game: the next call reads the one after it. `*game_out` is written only
/// on success.
#[no_mangle]
pub unsafe extern "C" fn cescacs_pgn_reader_next(
    reader: *mut cescacs_pgn_reader,
    game_out: *mut *mut cescacs_game,
) -> cescacs_result {
    guard("cescacs_pgn_reader_next", || {
        out_ptr(game_out, "game_out")?;
        // SAFETY: `reader` is NULL or a live reader used by this call alone
        // (the header's contract).
        let r = unsafe { borrow_mut(reader) }?;
        let Some(entry) = r.games.next() else {
            return Err(Error::new(
                cescacs_result::NotFound,
                format!("no game is left after game {}", r.read),
            ));
        };
        r.read += 1;
        if let Some(e) = entry.errors.first() {
            return Err(Error::pgn(e));
        }
        let game = entry.game.expect("an entry without errors holds its game");
        // SAFETY: checked not NULL above; writable (the header's contract).
        unsafe { game_out.write(cescacs_game::boxed(game)) };
        Ok(())
    })
}

/// Releases a reader (NULL is ignored). The games it gave stay valid.
#[no_mangle]
pub unsafe extern "C" fn cescacs_pgn_reader_free(reader: *mut cescacs_pgn_reader) {
    if !reader.is_null() {
        // SAFETY: every reader comes from `Box::into_raw`, and the caller
        // frees each one once and uses it no more (the header's contract).
        drop(unsafe { Box::from_raw(reader) });
    }
}
