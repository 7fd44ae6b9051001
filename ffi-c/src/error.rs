//! Result codes, the error type of the exported functions' bodies, the
//! thread-local last error message and the library's version.

use std::cell::{Cell, RefCell};
use std::ffi::{c_char, CStr, CString};

/// The result of every fallible call.
///
/// `CESCACS_RESULT_OK` (0) means success. Any other value means that nothing
/// was written to the outputs (except the needed length reported with
/// `CESCACS_RESULT_BUFFER_TOO_SMALL`) and that no handle was changed;
/// `cescacs_last_error()` then returns a human-readable reason.
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum cescacs_result {
    /// Success: every output was written.
    Ok = 0,
    /// A required pointer argument was NULL.
    NullPointer = 1,
    /// A text argument is not valid UTF-8.
    InvalidUtf8 = 2,
    /// The text is not a valid PDTL position (syntax, piece counts, the side
    /// not to move in check, ...).
    BadPdtl = 3,
    /// The move text cannot be read: empty, bad syntax, not a hex of the
    /// board, unknown castling name.
    BadMoveText = 4,
    /// The move is well formed but not legal in the current position (this
    /// includes naming a piece that is not there, a wrong capture mark or a
    /// missing promotion piece).
    IllegalMove = 5,
    /// The move list was generated for another position than the game's
    /// current one (the game has moved on, or it is another game's list).
    StaleMoveList = 6,
    /// An index is not below the length of the list.
    IndexOutOfRange = 7,
    /// The text or the (column, line) pair is not one of the 169 hexes.
    BadHex = 8,
    /// `cescacs_game_undo` on a game with no move to take back.
    NothingToUndo = 9,
    /// The caller's buffer cannot hold the text and its terminating NUL. The
    /// buffer is left untouched; the needed length (without the NUL) was
    /// written to the length out-pointer if it is not NULL.
    BufferTooSmall = 10,
    /// An internal error (a Rust panic) was caught at the boundary. The
    /// handles passed in are unchanged and still valid. Please report it.
    Panic = 11,
    /// The text is not a single valid CTL-PGN game (NOTATION.md §6): bad
    /// syntax, a move that is not legal, a wrong move number, no game or
    /// more than one. The last error message reads `"line L, column C:
    /// reason"`; `cescacs_last_error_location` gives L and C as numbers.
    BadPgn = 12,
    /// Nothing answers the question: the game has no tag of that name
    /// (`cescacs_game_tag`), the point is off the board
    /// (`cescacs_hex_at_point`), no game is left (`cescacs_pgn_reader_next`).
    NotFound = 13,
    /// The game has ended (checkmate, stalemate, fivefold repetition,
    /// 75-move rule, insufficient material): no move may follow. Take a move
    /// back with `cescacs_game_undo` to go on from an earlier position.
    GameOver = 14,
    /// An argument is outside its allowed values: a `cescacs_color` other
    /// than `CESCACS_COLOR_WHITE` (0) and `CESCACS_COLOR_BLACK` (1); a tag
    /// name or `Result` value `cescacs_game_set_tag` refuses.
    BadArgument = 15,
    /// The memory asked for cannot be had: an engine's transposition table
    /// (`cescacs_engine_new`, `cescacs_engine_set_hash`). Nothing changed.
    OutOfMemory = 16,
}

/// Every result code, in numeric order.
pub(crate) fn all_results() -> [cescacs_result; 17] {
    [
        cescacs_result::Ok,
        cescacs_result::NullPointer,
        cescacs_result::InvalidUtf8,
        cescacs_result::BadPdtl,
        cescacs_result::BadMoveText,
        cescacs_result::IllegalMove,
        cescacs_result::StaleMoveList,
        cescacs_result::IndexOutOfRange,
        cescacs_result::BadHex,
        cescacs_result::NothingToUndo,
        cescacs_result::BufferTooSmall,
        cescacs_result::Panic,
        cescacs_result::BadPgn,
        cescacs_result::NotFound,
        cescacs_result::GameOver,
        cescacs_result::BadArgument,
        cescacs_result::OutOfMemory,
    ]
}

impl cescacs_result {
    /// The name of the C constant, NUL-terminated.
    const fn c_name(self) -> &'static CStr {
        match self {
            cescacs_result::Ok => c"CESCACS_RESULT_OK",
            cescacs_result::NullPointer => c"CESCACS_RESULT_NULL_POINTER",
            cescacs_result::InvalidUtf8 => c"CESCACS_RESULT_INVALID_UTF8",
            cescacs_result::BadPdtl => c"CESCACS_RESULT_BAD_PDTL",
            cescacs_result::BadMoveText => c"CESCACS_RESULT_BAD_MOVE_TEXT",
            cescacs_result::IllegalMove => c"CESCACS_RESULT_ILLEGAL_MOVE",
            cescacs_result::StaleMoveList => c"CESCACS_RESULT_STALE_MOVE_LIST",
            cescacs_result::IndexOutOfRange => c"CESCACS_RESULT_INDEX_OUT_OF_RANGE",
            cescacs_result::BadHex => c"CESCACS_RESULT_BAD_HEX",
            cescacs_result::NothingToUndo => c"CESCACS_RESULT_NOTHING_TO_UNDO",
            cescacs_result::BufferTooSmall => c"CESCACS_RESULT_BUFFER_TOO_SMALL",
            cescacs_result::Panic => c"CESCACS_RESULT_PANIC",
            cescacs_result::BadPgn => c"CESCACS_RESULT_BAD_PGN",
            cescacs_result::NotFound => c"CESCACS_RESULT_NOT_FOUND",
            cescacs_result::GameOver => c"CESCACS_RESULT_GAME_OVER",
            cescacs_result::BadArgument => c"CESCACS_RESULT_BAD_ARGUMENT",
            cescacs_result::OutOfMemory => c"CESCACS_RESULT_OUT_OF_MEMORY",
        }
    }
}

/// An error on its way to the boundary: the code to return, the message
/// for `cescacs_last_error()` and, for an error in a text such as a CTL-PGN
/// record, its (line, column) for `cescacs_last_error_location()`.
#[derive(Debug)]
pub(crate) struct Error {
    pub(crate) code: cescacs_result,
    pub(crate) message: String,
    pub(crate) location: Option<(usize, usize)>,
}

impl Error {
    pub(crate) fn new(code: cescacs_result, message: impl Into<String>) -> Error {
        Error {
            code,
            message: message.into(),
            location: None,
        }
    }

    /// A CTL-PGN reading error: the core's message (`"line L, column C:
    /// reason"`) and its place.
    pub(crate) fn pgn(e: &rules::PgnError) -> Error {
        Error {
            code: cescacs_result::BadPgn,
            message: e.to_string(),
            location: Some((e.line, e.column)),
        }
    }

    pub(crate) fn null(what: &str) -> Error {
        Error::new(cescacs_result::NullPointer, format!("{what} is NULL"))
    }
}

thread_local! {
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
    static LAST_ERROR_LOCATION: Cell<Option<(usize, usize)>> = const { Cell::new(None) };
}

/// Records the reason of a failing call for `cescacs_last_error`.
pub(crate) fn set_last_error(message: String, location: Option<(usize, usize)>) {
    // A message never contains NUL (they come from our own formatting), but
    // be safe: a CString cannot hold one.
    let text = CString::new(message.replace('\0', "\\0")).unwrap_or_default();
    // During thread teardown the slots may be gone: then there is no one
    // left to read the message.
    let _ = LAST_ERROR.try_with(|slot| *slot.borrow_mut() = text);
    let _ = LAST_ERROR_LOCATION.try_with(|slot| slot.set(location));
}

/// The reason for the last error on this thread, as a NUL-terminated UTF-8
/// string; `""` if no call on this thread has failed yet.
///
/// Successful calls do not clear it: read it right after a call returned
/// something other than `CESCACS_RESULT_OK`. The pointer is never NULL, is
/// owned by the library and stays valid until the next failing call on the
/// same thread; copy the text to keep it.
#[no_mangle]
pub extern "C" fn cescacs_last_error() -> *const c_char {
    LAST_ERROR
        .try_with(|slot| slot.borrow().as_ptr())
        .unwrap_or(c"".as_ptr())
}

/// Whether the last error on this thread has a place in a text: for
/// `CESCACS_RESULT_BAD_PGN`, the line and the column (both 1-based, columns
/// counted in characters, not bytes) of the offending CTL-PGN text, the
/// numbers the message starts with. Then writes them to `*line_out` and
/// `*column_out` (either may be NULL) and returns true; otherwise (no error
/// yet, or an error of another kind) writes nothing and returns false.
///
/// Like `cescacs_last_error()` it never fails and never changes the last
/// error.
#[no_mangle]
pub unsafe extern "C" fn cescacs_last_error_location(
    line_out: *mut usize,
    column_out: *mut usize,
) -> bool {
    match LAST_ERROR_LOCATION.try_with(Cell::get) {
        Ok(Some((line, column))) => {
            // SAFETY: each out-pointer is written only if not NULL, and then
            // it is writable (the header's contract).
            unsafe {
                if !line_out.is_null() {
                    *line_out = line;
                }
                if !column_out.is_null() {
                    *column_out = column;
                }
            }
            true
        }
        _ => false,
    }
}

/// The name of a result code's constant, e.g. `"CESCACS_RESULT_BAD_PDTL"`,
/// or `"CESCACS_RESULT_UNKNOWN"` for a value that is not a result code.
/// The string is static: never free it.
#[no_mangle]
pub extern "C" fn cescacs_result_name(result: u32) -> *const c_char {
    all_results()
        .into_iter()
        .find(|r| *r as u32 == result)
        .map_or(c"CESCACS_RESULT_UNKNOWN", |r| r.c_name())
        .as_ptr()
}

/// The major version of the library: `cescacs_version()` is
/// `"MAJOR.MINOR.PATCH"` of `CESCACS_VERSION_MAJOR`,
/// `CESCACS_VERSION_MINOR` and `CESCACS_VERSION_PATCH`, the header's
/// version (compare them with `cescacs_version()` to check that a program
/// runs with the library it was built against).
pub const CESCACS_VERSION_MAJOR: u32 = 0;
/// The minor version of the library (see `CESCACS_VERSION_MAJOR`).
pub const CESCACS_VERSION_MINOR: u32 = 1;
/// The patch version of the library (see `CESCACS_VERSION_MAJOR`).
pub const CESCACS_VERSION_PATCH: u32 = 0;

// Cargo's version is the one source: the build fails if these literals
// (which cbindgen copies into the header) differ from it.
const _: () = assert!(CESCACS_VERSION_MAJOR == version_number(env!("CARGO_PKG_VERSION_MAJOR")));
const _: () = assert!(CESCACS_VERSION_MINOR == version_number(env!("CARGO_PKG_VERSION_MINOR")));
const _: () = assert!(CESCACS_VERSION_PATCH == version_number(env!("CARGO_PKG_VERSION_PATCH")));

/// A decimal version number read at compile time.
const fn version_number(digits: &str) -> u32 {
    let bytes = digits.as_bytes();
    assert!(!bytes.is_empty(), "empty version number");
    let mut n = 0u32;
    let mut i = 0;
    while i < bytes.len() {
        assert!(bytes[i].is_ascii_digit(), "version number with a non-digit");
        n = n * 10 + (bytes[i] - b'0') as u32;
        i += 1;
    }
    n
}

/// The library version (`"MAJOR.MINOR.PATCH"`, the values of
/// `CESCACS_VERSION_MAJOR`, `_MINOR` and `_PATCH`), a static string.
#[no_mangle]
pub extern "C" fn cescacs_version() -> *const c_char {
    const VERSION: &CStr =
        match CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes()) {
            Ok(v) => v,
            Err(_) => panic!("version contains NUL"),
        };
    VERSION.as_ptr()
}
