//! The engine (crate `cescacs-engine`) from C: a handle that searches a
//! game's current position within limits, a stop call usable from another
//! thread while a search runs, and the best move, score and principal
//! variation out (MultiPV's further lines: `engine_lines.rs`).

use std::ffi::c_char;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use rules::Position;
use search::{Control, Engine, EngineOptions, Limits, Score, SearchResult, TableAllocError};

use super::cescacs_result;
use super::error::Error;
use super::game::cescacs_game;
use super::guard::{borrow, guard, guard_out, guard_text, out_ptr, Handle};
use super::types::{cescacs_move, CESCACS_MOVE_TEXT_MAX};

/// A searching engine with its transposition table. Make it with
/// `cescacs_engine_new`, release it with `cescacs_engine_free` (not while a
/// search on it runs).
///
/// One search at a time per engine: `cescacs_engine_search` calls on one
/// engine from several threads wait for each other. `cescacs_engine_stop`
/// is the one call that may be made from another thread while a search
/// runs.
pub struct cescacs_engine {
    /// The engine's stop flag: set by `cescacs_engine_stop`, cleared when
    /// a search starts.
    control: Control,
    inner: Mutex<Inner>,
}

pub(crate) struct Inner {
    pub(crate) engine: Engine,
    /// The last search's root and result, for the PV calls.
    pub(crate) last: Option<(Position, SearchResult)>,
}

impl Handle for cescacs_engine {
    const PARAM: &'static str = "engine";
}

impl cescacs_engine {
    /// The engine's state. A panic during an earlier search (caught at the
    /// boundary) leaves it usable: the state is only a cache.
    pub(crate) fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// What ends a search; 0 in a field means no such limit. All three 0: the
/// search runs until `cescacs_engine_stop` (or its maximum depth, 127).
#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct cescacs_search_limits {
    /// Deepest iteration, in plies.
    pub depth: u32,
    /// Most nodes searched.
    pub nodes: u64,
    /// Wall-clock milliseconds.
    pub time_ms: u64,
}

/// The clocks of a game on the clock, for `cescacs_engine_search_clock`:
/// the engine's time manager spends the time of the side to move.
/// Milliseconds; a side with 0 left still gets a searched move; 0 in
/// `moves_to_go` means the time is for the rest of the game.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct cescacs_clock {
    /// White's time left.
    pub white_ms: u64,
    /// Black's time left.
    pub black_ms: u64,
    /// White's increment per move.
    pub white_inc_ms: u64,
    /// Black's increment per move.
    pub black_inc_ms: u64,
    /// Moves to the next time control (0: none).
    pub moves_to_go: u32,
}

/// How `cescacs_search_result.score` reads.
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum cescacs_score_kind {
    /// Centipawns from the side to move's view (a pawn is 100). A won
    /// stalemate `n` plies away is `20000 - n`, a lost one its negation.
    Cp = 0,
    /// Checkmate in `score` moves: positive, the side to move mates;
    /// negative or 0, it is mated.
    Mate = 1,
}

/// The result of a search.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct cescacs_search_result {
    /// False only when the side to move has no legal move (then the
    /// `best_*` fields are zero).
    pub has_move: bool,
    /// The best move found.
    pub best_move: cescacs_move,
    /// The best move's index in the list `cescacs_game_legal_moves` makes
    /// for the searched position: play it with `cescacs_game_play`.
    pub best_index: usize,
    /// The best move in CTL-AN (UTF-8, NUL-terminated), as
    /// `cescacs_move_list_ctl` writes it.
    pub best_ctl: [c_char; CESCACS_MOVE_TEXT_MAX],
    /// How to read `score`: centipawns or moves to mate.
    pub score_kind: cescacs_score_kind,
    /// The best move's score from the side to move's view (see `score_kind`).
    pub score: i32,
    /// The deepest completed iteration (0 if none completed).
    pub depth: u32,
    /// The deepest ply reached, quiescence and extensions included.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall-clock milliseconds the search took.
    pub time_ms: u64,
    /// Moves in the principal variation (best move first): read them with
    /// `cescacs_engine_pv` or `cescacs_engine_pv_text`.
    pub pv_len: usize,
}

/// Creates an engine with a transposition table of `hash_mb` MiB (1 to
/// 65536) searching on `threads` threads (1 to 256; above 1, helper threads
/// share the table and results are no longer deterministic), and writes
/// its handle to `*engine_out`. Free it with `cescacs_engine_free`.
///
/// Errors: `NULL_POINTER`, `BAD_ARGUMENT` (a size out of range),
/// `OUT_OF_MEMORY` (the table cannot be allocated).
#[no_mangle]
pub unsafe extern "C" fn cescacs_engine_new(
    hash_mb: usize,
    threads: u32,
    engine_out: *mut *mut cescacs_engine,
) -> cescacs_result {
    // SAFETY: `engine_out` is NULL or writable (the header's contract).
    unsafe {
        guard_out("cescacs_engine_new", engine_out, "engine_out", || {
            let options = EngineOptions {
                hash_mb,
                threads: threads as usize,
                ..EngineOptions::default()
            };
            options
                .validate()
                .map_err(|e| Error::new(cescacs_result::BadArgument, e.to_string()))?;
            let engine = Engine::try_new(options).map_err(out_of_memory)?;
            Ok(Box::into_raw(Box::new(cescacs_engine {
                control: engine.control(),
                inner: Mutex::new(Inner { engine, last: None }),
            })))
        })
    }
}

/// The error of a table that cannot be allocated.
fn out_of_memory(e: TableAllocError) -> Error {
    Error::new(cescacs_result::OutOfMemory, e.to_string())
}

/// Resizes the engine's transposition table to `hash_mb` MiB (1 to 65536),
/// which clears it. When the new table cannot be allocated the engine keeps
/// its table and what it holds.
///
/// Errors: `NULL_POINTER`, `BAD_ARGUMENT` (a size out of range),
/// `OUT_OF_MEMORY`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_engine_set_hash(
    engine: *const cescacs_engine,
    hash_mb: usize,
) -> cescacs_result {
    guard("cescacs_engine_set_hash", || {
        // SAFETY: `engine` is NULL or a live handle (the header's contract).
        let e = unsafe { borrow(engine) }?;
        EngineOptions {
            hash_mb,
            ..EngineOptions::default()
        }
        .validate()
        .map_err(|err| Error::new(cescacs_result::BadArgument, err.to_string()))?;
        e.lock()
            .engine
            .try_set_hash_mb(hash_mb)
            .map_err(out_of_memory)
    })
}

/// Releases an engine; NULL is a no-op. No search may be running on it.
#[no_mangle]
pub unsafe extern "C" fn cescacs_engine_free(engine: *mut cescacs_engine) {
    if !engine.is_null() {
        // SAFETY: every engine handle comes from `Box::into_raw`, and the
        // caller frees each one once, with no call on it under way (the
        // header's contract).
        drop(unsafe { Box::from_raw(engine) });
    }
}

/// Clears the engine's table: the next search is as a fresh engine's (at a
/// fixed depth on one thread, the same result every time).
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_engine_new_game(engine: *const cescacs_engine) -> cescacs_result {
    guard("cescacs_engine_new_game", || {
        // SAFETY: `engine` is NULL or a live handle (the header's contract).
        let e = unsafe { borrow(engine) }?;
        e.lock().engine.new_game();
        Ok(())
    })
}

/// Searches the current position of `game` (its earlier positions count
/// for repetition) within `limits` and writes the result to `*result_out`.
/// Blocks until a limit is reached or `cescacs_engine_stop` is called; the
/// game is only read. Depth 1 is always completed before a time limit or a
/// stop ends the search (it takes milliseconds).
///
/// Errors: `NULL_POINTER`. `*result_out` is written only on success.
#[no_mangle]
pub unsafe extern "C" fn cescacs_engine_search(
    engine: *const cescacs_engine,
    game: *const cescacs_game,
    limits: *const cescacs_search_limits,
    result_out: *mut cescacs_search_result,
) -> cescacs_result {
    // SAFETY: forwarded under the same contract, with no clock.
    unsafe {
        search_with(
            "cescacs_engine_search",
            engine,
            game,
            limits,
            None,
            result_out,
        )
    }
}

/// `cescacs_engine_search` on the clock: `clock` (not NULL) gives each
/// side's time left and increment, and the moves to the next time control;
/// the engine spends the time of the side to move (a soft limit between
/// iterations, more when its best move changes, a hard limit that stops
/// it, a 10 ms margin per move), beside the limits of `limits`.
///
/// Errors: `NULL_POINTER`. `*result_out` is written only on success.
#[no_mangle]
pub unsafe extern "C" fn cescacs_engine_search_clock(
    engine: *const cescacs_engine,
    game: *const cescacs_game,
    limits: *const cescacs_search_limits,
    clock: *const cescacs_clock,
    result_out: *mut cescacs_search_result,
) -> cescacs_result {
    // SAFETY: forwarded under the same contract.
    unsafe {
        search_with(
            "cescacs_engine_search_clock",
            engine,
            game,
            limits,
            Some(clock),
            result_out,
        )
    }
}

/// The body of both search calls: `clock` is `None` for a search without
/// one, `Some` of a pointer that must not be NULL otherwise.
///
/// # Safety
/// As `cescacs_engine_search_clock`'s contract.
unsafe fn search_with(
    name: &'static str,
    engine: *const cescacs_engine,
    game: *const cescacs_game,
    limits: *const cescacs_search_limits,
    clock: Option<*const cescacs_clock>,
    result_out: *mut cescacs_search_result,
) -> cescacs_result {
    // SAFETY: `engine` and `game` are NULL or live handles, `limits` and
    // `clock` NULL or readable, `result_out` NULL or writable (the header's
    // contract).
    unsafe {
        guard_out(name, result_out, "result_out", || {
            let e = borrow(engine)?;
            let g = borrow(game)?;
            // SAFETY: NULL or readable (the header's contract); any bits are a valid value.
            let l = *limits.as_ref().ok_or_else(|| Error::null("limits"))?;
            let c = match clock {
                None => None,
                Some(c) => Some(*c.as_ref().ok_or_else(|| Error::null("clock"))?),
            };
            let mut inner = e.lock();
            e.control.reset(false);
            let limits = engine_limits(&l, c.as_ref());
            // The engine is the one judge of limits (0 reads as "no limit",
            // which it accepts); a refusal would be BAD_ARGUMENT.
            limits
                .validate()
                .map_err(|e| Error::new(cescacs_result::BadArgument, e.to_string()))?;
            let history = g.record.history();
            let result = inner.engine.search(history, &limits, |_| {});
            let root = history.position().clone();
            let out = c_result(&root, &result);
            inner.last = Some((root, result));
            Ok(out)
        })
    }
}

/// The engine's limits from the C structs (0: no such limit).
fn engine_limits(l: &cescacs_search_limits, clock: Option<&cescacs_clock>) -> Limits {
    let ms = |v: u64| (v > 0).then(|| Duration::from_millis(v));
    let mut limits = Limits {
        depth: (l.depth > 0).then_some(l.depth),
        nodes: (l.nodes > 0).then_some(l.nodes),
        time: ms(l.time_ms),
        ..Limits::default()
    };
    if let Some(c) = clock {
        limits.white_time = Some(Duration::from_millis(c.white_ms));
        limits.black_time = Some(Duration::from_millis(c.black_ms));
        limits.white_inc = Some(Duration::from_millis(c.white_inc_ms));
        limits.black_inc = Some(Duration::from_millis(c.black_inc_ms));
        limits.moves_to_go = (c.moves_to_go > 0).then_some(c.moves_to_go);
    }
    limits
}

fn c_result(root: &Position, r: &SearchResult) -> cescacs_search_result {
    let (score_kind, score) = match r.score {
        Score::Cp(c) => (cescacs_score_kind::Cp, c),
        Score::Mate(n) => (cescacs_score_kind::Mate, n),
    };
    let mut best_ctl = [0 as c_char; CESCACS_MOVE_TEXT_MAX];
    let (best_move, best_index) = match r.best_move {
        Some(m) => {
            let text = root.ctl(&m);
            // CTL-AN is at most 17 bytes: it fits with its NUL.
            for (slot, &b) in best_ctl
                .iter_mut()
                .zip(text.as_bytes().iter().take(CESCACS_MOVE_TEXT_MAX - 1))
            {
                *slot = b as c_char;
            }
            let index = root.legal_moves().iter().position(|x| *x == m).unwrap_or(0);
            (m.into(), index)
        }
        None => (cescacs_move::default(), 0),
    };
    cescacs_search_result {
        has_move: r.best_move.is_some(),
        best_move,
        best_index,
        best_ctl,
        score_kind,
        score,
        depth: r.depth,
        seldepth: r.seldepth,
        nodes: r.nodes,
        time_ms: r.time.as_millis().min(u128::from(u64::MAX)) as u64,
        pv_len: r.pv.len(),
    }
}

/// Asks the search running on `engine` (from another thread) to stop as
/// soon as it can; that `cescacs_engine_search` call then returns the best
/// move found so far. Without a search running it does nothing (a search
/// clears the request when it starts). Safe to call from any thread while
/// the engine is searching.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_engine_stop(engine: *const cescacs_engine) -> cescacs_result {
    guard("cescacs_engine_stop", || {
        // SAFETY: `engine` is NULL or a live handle (the header's contract);
        // only its atomic flag is touched, which other threads may share.
        let e = unsafe { borrow(engine) }?;
        e.control.stop();
        Ok(())
    })
}

/// Copies the principal variation of the engine's last search into `buf`
/// (room for `len` moves) and writes its length to `*count_out`. If it does
/// not fit, `buf` is untouched, the length is still written and the result
/// is `BUFFER_TOO_SMALL` (ask with `buf` NULL and `len` 0).
///
/// Errors: `NULL_POINTER` (`engine` or `count_out` NULL, or `buf` NULL with
/// `len` > 0), `NOT_FOUND` (no search yet), `BUFFER_TOO_SMALL`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_engine_pv(
    engine: *const cescacs_engine,
    buf: *mut cescacs_move,
    len: usize,
    count_out: *mut usize,
) -> cescacs_result {
    guard("cescacs_engine_pv", || {
        out_ptr(count_out, "count_out")?;
        if buf.is_null() && len != 0 {
            return Err(Error::null("buf (with a non-zero length)"));
        }
        // SAFETY: `engine` is NULL or a live handle (the header's contract).
        let e = unsafe { borrow(engine) }?;
        let inner = e.lock();
        let (_, r) = inner.last.as_ref().ok_or_else(no_search)?;
        // SAFETY: not NULL (checked above), so writable (the header's contract).
        unsafe { count_out.write(r.pv.len()) };
        if r.pv.len() > len {
            return Err(Error::new(
                cescacs_result::BufferTooSmall,
                format!(
                    "the PV has {} moves, the array has room for {len}",
                    r.pv.len()
                ),
            ));
        }
        for (i, &m) in r.pv.iter().enumerate() {
            // SAFETY: `i` < `len` and `buf` is not NULL (`len` > 0 here), so
            // entry `i` is writable (the header's contract).
            unsafe { buf.add(i).write(m.into()) };
        }
        Ok(())
    })
}

/// Writes the principal variation of the engine's last search in CTL-AN,
/// moves separated by single spaces (`"NG3-I7 NG25-I21"`), and a
/// terminating NUL into `buf` (room for `len` bytes), its length to
/// `*out_len` if not NULL.
///
/// Errors: `NULL_POINTER` (`engine` NULL, or `buf` NULL with `len` > 0),
/// `NOT_FOUND` (no search yet), `BUFFER_TOO_SMALL` (the buffer is untouched
/// and `*out_len` gets the needed length).
#[no_mangle]
pub unsafe extern "C" fn cescacs_engine_pv_text(
    engine: *const cescacs_engine,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> cescacs_result {
    // SAFETY: `engine` is NULL or a live handle, `buf` NULL or `len` bytes,
    // `out_len` NULL or writable (the header's contract).
    unsafe {
        guard_text("cescacs_engine_pv_text", buf, len, out_len, || {
            let e = borrow(engine)?;
            let inner = e.lock();
            let (root, r) = inner.last.as_ref().ok_or_else(no_search)?;
            let mut pos = root.clone();
            let mut words = Vec::with_capacity(r.pv.len());
            for &m in &r.pv {
                words.push(pos.ctl(&m));
                pos.play_unchecked(m);
            }
            Ok(words.join(" "))
        })
    }
}

pub(crate) fn no_search() -> Error {
    Error::new(cescacs_result::NotFound, "the engine has not searched yet")
}
