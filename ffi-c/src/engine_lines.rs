//! MultiPV from C: how many root lines an engine's searches find, and each
//! line of the last search (its root move, score and principal variation),
//! best first. The first line is the search result's best move.

use std::ffi::c_char;

use rules::Position;
use search::{PvLine, Score};

use super::cescacs_result;
use super::engine::{cescacs_engine, cescacs_score_kind, no_search};
use super::error::Error;
use super::guard::{borrow, guard, guard_text, out_ptr};
use super::types::{cescacs_move, CESCACS_MOVE_TEXT_MAX};

/// The most lines `cescacs_engine_set_multipv` takes (Stockfish's bound).
pub const CESCACS_MULTIPV_MAX: u32 = 500;

/// One root line of a search (MultiPV): its root move, the move's score
/// and the length of its principal variation.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct cescacs_pv_line {
    /// The line's root move.
    pub first_move: cescacs_move,
    /// The root move's index in the list `cescacs_game_legal_moves` makes
    /// for the searched position.
    pub first_index: usize,
    /// The root move in CTL-AN (UTF-8, NUL-terminated).
    pub first_ctl: [c_char; CESCACS_MOVE_TEXT_MAX],
    /// How to read `score`: centipawns or moves to mate.
    pub score_kind: cescacs_score_kind,
    /// The line's score from the side to move's view (see `score_kind`).
    pub score: i32,
    /// Moves in the line's principal variation: read them with
    /// `cescacs_engine_line_pv` or `cescacs_engine_line_pv_text`.
    pub pv_len: usize,
}

/// Sets how many root lines the engine's next searches find (1 to
/// `CESCACS_MULTIPV_MAX`; 1 when the engine is made): each iteration
/// searches the root once per line without the moves of the lines before
/// it, so `lines` lines cost about `lines` searches. Read them with
/// `cescacs_engine_lines` after the search.
///
/// Errors: `NULL_POINTER`, `BAD_ARGUMENT` (0 or above the maximum).
#[no_mangle]
pub unsafe extern "C" fn cescacs_engine_set_multipv(
    engine: *const cescacs_engine,
    lines: u32,
) -> cescacs_result {
    guard("cescacs_engine_set_multipv", || {
        // SAFETY: `engine` is NULL or a live handle (the header's contract).
        let e = unsafe { borrow(engine) }?;
        if !(1..=CESCACS_MULTIPV_MAX).contains(&lines) {
            return Err(Error::new(
                cescacs_result::BadArgument,
                format!("multipv must be 1..{CESCACS_MULTIPV_MAX}, not {lines}"),
            ));
        }
        e.lock().engine.set_multipv(lines as usize);
        Ok(())
    })
}

/// Copies the root lines of the engine's last search, best first, into
/// `buf` (room for `len` lines) and writes their number to `*count_out`:
/// as many as `cescacs_engine_set_multipv` asked for, fewer when the
/// position has fewer legal moves, none without one. If they do not fit,
/// `buf` is untouched, the number is still written and the result is
/// `BUFFER_TOO_SMALL` (ask with `buf` NULL and `len` 0).
///
/// Errors: `NULL_POINTER`, `NOT_FOUND` (no search yet), `BUFFER_TOO_SMALL`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_engine_lines(
    engine: *const cescacs_engine,
    buf: *mut cescacs_pv_line,
    len: usize,
    count_out: *mut usize,
) -> cescacs_result {
    guard("cescacs_engine_lines", || {
        out_ptr(count_out, "count_out")?;
        if buf.is_null() && len != 0 {
            return Err(Error::null("buf (with a non-zero length)"));
        }
        // SAFETY: `engine` is NULL or a live handle (the header's contract).
        let e = unsafe { borrow(engine) }?;
        let inner = e.lock();
        let (root, r) = inner.last.as_ref().ok_or_else(no_search)?;
        // SAFETY: not NULL (checked above), so writable (the header's contract).
        unsafe { count_out.write(r.lines.len()) };
        if r.lines.len() > len {
            return Err(Error::new(
                cescacs_result::BufferTooSmall,
                format!(
                    "the search has {} lines, the array has room for {len}",
                    r.lines.len()
                ),
            ));
        }
        let legal = root.legal_moves();
        for (i, line) in r.lines.iter().enumerate() {
            let c = c_line(root, &legal, line);
            // SAFETY: `i` < `len` and `buf` is not NULL (`len` > 0 here), so
            // entry `i` is writable (the header's contract).
            unsafe { buf.add(i).write(c) };
        }
        Ok(())
    })
}

fn c_line(root: &Position, legal: &[rules::Move], line: &PvLine) -> cescacs_pv_line {
    let (score_kind, score) = match line.score {
        Score::Cp(c) => (cescacs_score_kind::Cp, c),
        Score::Mate(n) => (cescacs_score_kind::Mate, n),
    };
    let first = line.pv[0];
    let mut first_ctl = [0 as c_char; CESCACS_MOVE_TEXT_MAX];
    // CTL-AN is at most 17 bytes: it fits with its NUL.
    for (slot, &b) in first_ctl.iter_mut().zip(
        root.ctl(&first)
            .as_bytes()
            .iter()
            .take(CESCACS_MOVE_TEXT_MAX - 1),
    ) {
        *slot = b as c_char;
    }
    let first_index = legal.iter().position(|x| *x == first).unwrap_or(0);
    cescacs_pv_line {
        first_move: first.into(),
        first_index,
        first_ctl,
        score_kind,
        score,
        pv_len: line.pv.len(),
    }
}

/// Line `line` (0 for the best) of the engine's last search.
fn line_of<T>(
    engine: *const cescacs_engine,
    line: usize,
    read: impl FnOnce(&Position, &PvLine) -> T,
) -> Result<T, Error> {
    // SAFETY: `engine` is NULL or a live handle (the callers' contract).
    let e = unsafe { borrow(engine) }?;
    let inner = e.lock();
    let (root, r) = inner.last.as_ref().ok_or_else(no_search)?;
    let l = r.lines.get(line).ok_or_else(|| {
        Error::new(
            cescacs_result::NotFound,
            format!(
                "the last search has {} lines, not a line {line}",
                r.lines.len()
            ),
        )
    })?;
    Ok(read(root, l))
}

/// Copies the principal variation of line `line` (0 for the best) of the
/// engine's last search into `buf` (room for `len` moves) and writes its
/// length to `*count_out`, as `cescacs_engine_pv` does for the best line.
///
/// Errors: `NULL_POINTER`, `NOT_FOUND` (no search yet, or no such line),
/// `BUFFER_TOO_SMALL` (`buf` untouched, the length still written).
#[no_mangle]
pub unsafe extern "C" fn cescacs_engine_line_pv(
    engine: *const cescacs_engine,
    line: usize,
    buf: *mut cescacs_move,
    len: usize,
    count_out: *mut usize,
) -> cescacs_result {
    guard("cescacs_engine_line_pv", || {
        out_ptr(count_out, "count_out")?;
        if buf.is_null() && len != 0 {
            return Err(Error::null("buf (with a non-zero length)"));
        }
        let pv = line_of(engine, line, |_, l| l.pv.clone())?;
        // SAFETY: not NULL (checked above), so writable (the header's contract).
        unsafe { count_out.write(pv.len()) };
        if pv.len() > len {
            return Err(Error::new(
                cescacs_result::BufferTooSmall,
                format!(
                    "the PV has {} moves, the array has room for {len}",
                    pv.len()
                ),
            ));
        }
        for (i, &m) in pv.iter().enumerate() {
            // SAFETY: `i` < `len` and `buf` is not NULL, so entry `i` is writable.
            unsafe { buf.add(i).write(m.into()) };
        }
        Ok(())
    })
}

/// Writes the principal variation of line `line` (0 for the best) of the
/// engine's last search in CTL-AN, moves separated by single spaces, and a
/// terminating NUL into `buf` (room for `len` bytes), its length to
/// `*out_len` if not NULL, as `cescacs_engine_pv_text` does for the best line.
///
/// Errors: `NULL_POINTER`, `NOT_FOUND` (no search yet, or no such line),
/// `BUFFER_TOO_SMALL` (the buffer is untouched and `*out_len` gets the
/// needed length).
#[no_mangle]
pub unsafe extern "C" fn cescacs_engine_line_pv_text(
    engine: *const cescacs_engine,
    line: usize,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> cescacs_result {
    // SAFETY: `engine` is NULL or a live handle, `buf` NULL or `len` bytes,
    // `out_len` NULL or writable (the header's contract).
    unsafe {
        guard_text("cescacs_engine_line_pv_text", buf, len, out_len, || {
            line_of(engine, line, |root, l| {
                let mut pos = root.clone();
                let mut words = Vec::with_capacity(l.pv.len());
                for &m in &l.pv {
                    words.push(pos.ctl(&m));
                    pos.play_unchecked(m);
                }
                words.join(" ")
            })
        })
    }
}
