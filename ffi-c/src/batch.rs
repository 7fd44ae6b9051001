//! Many games held compactly: a handle over the research crate's `GameBatch` (one
//! `uint16_t` move index per ply, offsets, each game's start, result and
//! termination), made by random self-play or from a CTL-PGN reader. Its
//! moves and offsets are lent to C as read-only arrays; a game is rebuilt
//! as a `cescacs_game` only when asked for.

use std::ffi::c_char;

use research::dataset::{GameBatch, SelfPlay};
use rules::Position;

use super::cescacs_result;
use super::error::Error;
use super::game::cescacs_game;
use super::guard::{borrow, borrow_mut, guard, guard_out, out_ptr, text_arg, Handle};
use super::pgn_reader::cescacs_pgn_reader;
use super::types::cescacs_termination;

/// The most worker threads `cescacs_selfplay` takes.
pub const CESCACS_SELFPLAY_MAX_THREADS: usize = 256;

/// Many games: one `uint16_t` per ply (the move's index in the move-index
/// space of the Rust `cescacs_research::encode` and Python `cescacs.encode`),
/// offsets into those moves, and each game's start position, result and
/// termination; no tags, comments or variations. Made by
/// `cescacs_selfplay` or `cescacs_game_batch_read_pgn`, released with
/// `cescacs_game_batch_free`. It never changes once made, so it may be read
/// from several threads at once.
pub struct cescacs_game_batch {
    batch: GameBatch,
}

impl Handle for cescacs_game_batch {
    const PARAM: &'static str = "batch";
}

fn boxed(batch: GameBatch) -> *mut cescacs_game_batch {
    Box::into_raw(Box::new(cescacs_game_batch { batch }))
}

impl cescacs_game_batch {
    /// `index` if it names a game of the batch.
    fn game_index(&self, index: usize) -> Result<usize, Error> {
        if index < self.batch.len() {
            Ok(index)
        } else {
            Err(Error::new(
                cescacs_result::IndexOutOfRange,
                format!(
                    "game {index} is out of range: the batch has {} games",
                    self.batch.len()
                ),
            ))
        }
    }
}

/// One game of a batch: where its moves are, how many, how it ended and its
/// result.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct cescacs_batch_game {
    /// Where its moves begin among those of `cescacs_game_batch_moves`:
    /// they are `moves[first_move]` to `moves[first_move + plies - 1]`
    /// (`first_move` is `offsets[i]`).
    pub first_move: u64,
    /// The number of its moves.
    pub plies: u64,
    /// How the game ended by the rules, `CESCACS_TERMINATION_NONE` if it
    /// had not (a self-play game stopped at `max_plies`, or a record that
    /// stops before the end).
    pub termination: cescacs_termination,
    /// The game's result as points: 3-0 / 0-3 (mate), 2-1 / 1-2
    /// (stalemate), 1-1 (draw), 0-0 for `"*"` (unfinished or unknown). For a
    /// self-play game this is the rules' result; for a game read from
    /// CTL-PGN, the one its text states. These are White's points.
    pub white_points: u8,
    /// Black's points of the game's result (see `white_points`).
    pub black_points: u8,
}

/// Plays `n` games of uniformly random legal moves and writes them as a new
/// batch to `*batch_out`: game `i` is game `first + i` of the random-game
/// stream of `seed`, the same game the Rust `cescacs::selfplay` and Python
/// `cescacs.selfplay` play for these arguments, whatever the number of
/// threads (so shards of one dataset can be made anywhere, with `first`).
/// Each game stops where the rules end it or after `max_plies` plies.
/// `start_pdtl` is the start position of every game (NUL-terminated PDTL),
/// or NULL for the initial position. `threads` is the number of worker
/// threads, 0 for all available cores, at most
/// `CESCACS_SELFPLAY_MAX_THREADS`. The call returns when every game is
/// played. Free the batch with `cescacs_game_batch_free`.
///
/// Errors: `NULL_POINTER` (`batch_out`), `INVALID_UTF8`, `BAD_PDTL`,
/// `BAD_ARGUMENT` (`threads` above `CESCACS_SELFPLAY_MAX_THREADS`).
/// `*batch_out` is written only on success.
#[no_mangle]
pub unsafe extern "C" fn cescacs_selfplay(
    n: usize,
    max_plies: usize,
    seed: u64,
    first: u64,
    threads: usize,
    start_pdtl: *const c_char,
    batch_out: *mut *mut cescacs_game_batch,
) -> cescacs_result {
    // SAFETY: `start_pdtl` is NULL or a NUL-terminated string and
    // `batch_out` NULL or writable (the header's contract).
    unsafe {
        guard_out("cescacs_selfplay", batch_out, "batch_out", || {
            if threads > CESCACS_SELFPLAY_MAX_THREADS {
                return Err(Error::new(
                    cescacs_result::BadArgument,
                    format!("threads must be 0 (all cores) to {CESCACS_SELFPLAY_MAX_THREADS}, not {threads}"),
                ));
            }
            let start = if start_pdtl.is_null() {
                Position::default()
            } else {
                text_arg(start_pdtl, "start_pdtl")?
                    .parse::<Position>()
                    .map_err(|e| Error::new(cescacs_result::BadPdtl, e.to_string()))?
            };
            let batch = SelfPlay::new(n)
                .start(&start)
                .seed(seed)
                .first(first)
                .max_plies(max_plies)
                .threads(threads)
                .run()
                .expect("no cancel flag is set");
            Ok(boxed(batch))
        })
    }
}

/// Reads the next games of `reader`, at most `max_games` of them (`SIZE_MAX`
/// for all that are left), and writes them as a new batch to `*batch_out`:
/// each game's main line, start position and stated result. When no game
/// is left the batch is empty, so `while` a read batch has games, a file of
/// any size goes through in batches of `max_games`. Free it with
/// `cescacs_game_batch_free`.
///
/// Errors: `NULL_POINTER`; `BAD_PGN` at the first game with an error (the
/// message and `cescacs_last_error_location` say where, counted from the
/// start of the input): no batch is made, the games read before it in
/// this call are dropped, and the reader has moved past the bad game.
/// `*batch_out` is written only on success.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_batch_read_pgn(
    reader: *mut cescacs_pgn_reader,
    max_games: usize,
    batch_out: *mut *mut cescacs_game_batch,
) -> cescacs_result {
    guard("cescacs_game_batch_read_pgn", || {
        out_ptr(batch_out, "batch_out")?;
        // SAFETY: `reader` is NULL or a live reader used by this call alone
        // (the header's contract).
        let r = unsafe { borrow_mut(reader) }?;
        let batch =
            GameBatch::from_pgn_entries(r.entries(), max_games).map_err(|e| Error::pgn(&e))?;
        // SAFETY: checked not NULL above; writable (the header's contract).
        unsafe { batch_out.write(boxed(batch)) };
        Ok(())
    })
}

/// Writes the number of games of `batch` to `*len_out`.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_batch_len(
    batch: *const cescacs_game_batch,
    len_out: *mut usize,
) -> cescacs_result {
    // SAFETY: `batch` is NULL or a live handle and `len_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_game_batch_len", len_out, "len_out", || {
            Ok(borrow(batch)?.batch.len())
        })
    }
}

/// Lends every game's move indices, end to end: writes a pointer to them to
/// `*moves_out` and their number (the total plies) to `*len_out`. Game `i`'s
/// moves are `moves[offsets[i] .. offsets[i + 1]]` (see
/// `cescacs_game_batch_offsets`). The array belongs to the batch: read it,
/// never write or free it; it stays valid, unchanged, until the batch is
/// freed. With no moves the pointer is not NULL but must not be read.
///
/// Errors: `NULL_POINTER`. Nothing is written on error.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_batch_moves(
    batch: *const cescacs_game_batch,
    moves_out: *mut *const u16,
    len_out: *mut usize,
) -> cescacs_result {
    guard("cescacs_game_batch_moves", || {
        out_ptr(moves_out, "moves_out")?;
        out_ptr(len_out, "len_out")?;
        // SAFETY: `batch` is NULL or a live handle (the header's contract).
        let moves = unsafe { borrow(batch) }?.batch.moves();
        // SAFETY: both checked not NULL above; writable (the header's
        // contract).
        unsafe {
            moves_out.write(moves.as_ptr());
            len_out.write(moves.len());
        }
        Ok(())
    })
}

/// Lends the games' offsets into the moves: writes a pointer to them to
/// `*offsets_out` and their number, the number of games + 1, to `*len_out`.
/// `offsets[0]` is 0, they never decrease, and the last one is the number
/// of moves. Owned by the batch like `cescacs_game_batch_moves`' array:
/// read-only, valid until the batch is freed.
///
/// Errors: `NULL_POINTER`. Nothing is written on error.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_batch_offsets(
    batch: *const cescacs_game_batch,
    offsets_out: *mut *const u64,
    len_out: *mut usize,
) -> cescacs_result {
    guard("cescacs_game_batch_offsets", || {
        out_ptr(offsets_out, "offsets_out")?;
        out_ptr(len_out, "len_out")?;
        // SAFETY: `batch` is NULL or a live handle (the header's contract).
        let offsets = unsafe { borrow(batch) }?.batch.offsets();
        // SAFETY: both checked not NULL above; writable (the header's
        // contract).
        unsafe {
            offsets_out.write(offsets.as_ptr());
            len_out.write(offsets.len());
        }
        Ok(())
    })
}

/// Writes game `index`'s place in the moves, length, termination and result
/// to `*game_out`.
///
/// Errors: `NULL_POINTER`, `INDEX_OUT_OF_RANGE` (`index` ≥ the number of
/// games).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_batch_info(
    batch: *const cescacs_game_batch,
    index: usize,
    game_out: *mut cescacs_batch_game,
) -> cescacs_result {
    // SAFETY: `batch` is NULL or a live handle and `game_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_game_batch_info", game_out, "game_out", || {
            let b = borrow(batch)?;
            let i = b.game_index(index)?;
            let termination = b.batch.terminations()[i];
            let (white_points, black_points) = b.batch.results()[i].points().unwrap_or((0, 0));
            Ok(cescacs_batch_game {
                first_move: b.batch.offsets()[i],
                plies: b.batch.plies(i) as u64,
                termination: termination.into(),
                white_points,
                black_points,
            })
        })
    }
}

/// Rebuilds game `index` as a new game handle at its final position (free
/// it with `cescacs_game_free`): its start, every move and, as its stated
/// result, the batch's (`cescacs_game_result`). Independent of the batch.
///
/// Errors: `NULL_POINTER`, `INDEX_OUT_OF_RANGE` (`index` ≥ the number of
/// games). `*game_out` is written only on success.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_batch_game(
    batch: *const cescacs_game_batch,
    index: usize,
    game_out: *mut *mut cescacs_game,
) -> cescacs_result {
    // SAFETY: `batch` is NULL or a live handle and `game_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_game_batch_game", game_out, "game_out", || {
            let b = borrow(batch)?;
            let i = b.game_index(index)?;
            Ok(cescacs_game::boxed(
                b.batch.game(i).expect("the index is in range"),
            ))
        })
    }
}

/// For a batch made by `cescacs_selfplay`, writes the `seed` and `first` it
/// was made with to `*seed_out` and `*first_out`.
///
/// Errors: `NULL_POINTER`, `NOT_FOUND` (the batch was read from CTL-PGN:
/// its games come from no seed). Nothing is written on error.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_batch_origin(
    batch: *const cescacs_game_batch,
    seed_out: *mut u64,
    first_out: *mut u64,
) -> cescacs_result {
    guard("cescacs_game_batch_origin", || {
        out_ptr(seed_out, "seed_out")?;
        out_ptr(first_out, "first_out")?;
        // SAFETY: `batch` is NULL or a live handle (the header's contract).
        let origin = unsafe { borrow(batch) }?.batch.origin().ok_or_else(|| {
            Error::new(
                cescacs_result::NotFound,
                "the batch was not made by self-play: it has no seed",
            )
        })?;
        // SAFETY: both checked not NULL above; writable (the header's
        // contract).
        unsafe {
            seed_out.write(origin.seed);
            first_out.write(origin.first);
        }
        Ok(())
    })
}

/// Releases a batch (NULL is ignored). The games made from it stay valid;
/// its moves and offsets arrays are gone.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_batch_free(batch: *mut cescacs_game_batch) {
    if !batch.is_null() {
        // SAFETY: every batch comes from `Box::into_raw`, and the caller
        // frees each one once and uses it no more (the header's contract).
        drop(unsafe { Box::from_raw(batch) });
    }
}
