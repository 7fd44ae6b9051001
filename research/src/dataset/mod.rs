//! Many games held compactly, for datasets: one `u16` per ply (the move's
//! [`action_index`](crate::encode::action_index)), offsets, the start
//! positions, and each game's result and termination. A [`Game`] is rebuilt
//! on demand ([`GameBatch::game`]); nothing else of a game is kept (no
//! tags, comments or variations).
//!
//! A batch is made by [`SelfPlay`] (the same games as
//! [`RandomGames`](crate::selfplay::RandomGames), written straight into the
//! batch), from records ([`GameBatch::push_game`], or a CTL-PGN collection
//! through [`GameBatch::from_pgn_entries`]), or from raw columns
//! ([`GameBatch::from_parts`], which checks every move). [`GameBatch::samples`]
//! turns it into training samples; [`GameBatch::ranks`] and
//! [`GameBatch::from_rank_parts`] give a smaller encoding for storage,
//! [`GameBatch::ctl_moves`] and [`GameBatch::from_ctl_parts`] a readable
//! one (CTL-AN text). [`GameBatch::range`], [`GameBatch::take`] and
//! [`GameBatch::filter`] pick games as array libraries pick rows; the
//! result and termination codes and names of a dataset are [`RESULTS`] and
//! [`TERMINATIONS`].
//!
//! ```
//! use cescacs_research::dataset::SelfPlay;
//! use cescacs_research::selfplay::RandomGames;
//!
//! let batch = SelfPlay::new(6).seed(3).max_plies(50).run().unwrap();
//! let games = RandomGames::new(6).seed(3).max_plies(50).run().unwrap();
//! assert_eq!(batch.len(), 6);
//! assert_eq!(batch.game(4).unwrap(), games[4]);
//! // Game i of a shard starting at `first` is game first + i of the stream.
//! let shard = SelfPlay::new(2).seed(3).max_plies(50).first(4).run().unwrap();
//! assert_eq!(shard.game(0).unwrap(), games[4]);
//! ```

mod ctl;
mod decode;
mod kinds;
mod labels;
mod pgn;
mod rank;
mod samples;
mod selfplay;
mod shared;
mod take;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::encode::{action_id, move_index};
use cescacs::{workers, Game, GameResult, History, Move, Position, Termination};
use shared::SharedMoves;

pub use ctl::CtlMoves;
pub use labels::{result_code, termination_code, termination_from_name, RESULTS, TERMINATIONS};
pub use rank::RANK_VERSION;
pub use samples::{SampleSpec, Samples, SamplesError};
pub use selfplay::SelfPlay;
pub use take::TakeError;

/// How many distinct start positions a batch looks through before it
/// stores a game's start as a new one (see `GameBatch::start_slot`).
const SHARED_STARTS: usize = 64;

/// Where the games of a self-play batch come from: game `i` of the batch
/// is game `first + i` of the random-game stream of `seed`
/// ([`game_seed`](cescacs::random::game_seed)).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Origin {
    /// The seed of the run.
    pub seed: u64,
    /// The index in the run's stream of the batch's first game.
    pub first: u64,
}

/// Many games, one `u16` per ply (see the module docs). Two batches are
/// equal when they hold the same games (moves, start positions, results,
/// terminations) and the same [`Origin`], however their starts are stored.
#[derive(Clone, Debug)]
pub struct GameBatch {
    /// Every game's move indices, end to end (shared with the batches
    /// cut from this one by [`GameBatch::range`], or with its parent).
    moves: SharedMoves,
    /// Game `i` is `moves[offsets[i]..offsets[i + 1]]`; `len() + 1` entries.
    offsets: Vec<u64>,
    /// The distinct start positions.
    starts: Vec<Position>,
    /// Each game's start, an index into `starts`.
    start_of: Vec<u32>,
    results: Vec<GameResult>,
    /// How each game ended by the rules (`None`: it had not).
    terminations: Vec<Option<Termination>>,
    origin: Option<Origin>,
}

impl PartialEq for GameBatch {
    fn eq(&self, other: &GameBatch) -> bool {
        self.moves[..] == other.moves[..]
            && self.offsets == other.offsets
            && self.results == other.results
            && self.terminations == other.terminations
            && self.origin == other.origin
            && (0..self.len()).all(|i| self.start(i) == other.start(i))
    }
}

impl Eq for GameBatch {}

impl Default for GameBatch {
    fn default() -> GameBatch {
        GameBatch::new()
    }
}

/// Raw columns for [`GameBatch::from_parts`].
#[derive(Clone, Debug, Default)]
pub struct BatchParts {
    /// Every game's move indices, end to end.
    pub moves: Vec<u16>,
    /// `n + 1` nondecreasing offsets into `moves`, from 0 to `moves.len()`.
    pub offsets: Vec<u64>,
    /// The distinct start positions.
    pub starts: Vec<Position>,
    /// One index into `starts` per game.
    pub start_of: Vec<u32>,
    /// Each game's result.
    pub results: Vec<GameResult>,
    /// The termination each game is stated to have; checked against the
    /// rules. Empty: each game's is the rules', and a game they end with a
    /// result of `*` gets theirs (move lists alone make a batch).
    pub terminations: Vec<Option<Termination>>,
    /// The seed stream the games come from, if any.
    pub origin: Option<Origin>,
}

/// Raw columns that do not make a batch; `game` counts from 0 in the parts.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[allow(missing_docs)] // The fields are named in each variant's message.
pub enum BatchError {
    /// The offsets do not cut `moves` into games.
    #[error("offsets must start at 0, never decrease and end at the number of moves ({moves})")]
    BadOffsets { moves: usize },
    /// A per-game column has the wrong length.
    #[error("{what} has {got} entries for {games} games")]
    Length {
        what: &'static str,
        got: usize,
        games: usize,
    },
    /// A game's start is not one of `starts`.
    #[error("game {game}: start index {index} but only {starts} start positions")]
    StartIndex {
        game: usize,
        index: u32,
        starts: usize,
    },
    /// A move is no move index at all.
    #[error("game {game}, ply {ply}: {index} is not a move index")]
    NotAnIndex { game: usize, ply: usize, index: u16 },
    /// A move is not legal where it is played.
    #[error("game {game}, ply {ply}: move index {index} ({long}) is not legal in {pdtl}")]
    Illegal {
        game: usize,
        ply: usize,
        index: u16,
        long: String,
        pdtl: String,
    },
    /// A rank names no legal move ([`GameBatch::from_rank_parts`]).
    #[error("game {game}, ply {ply}: rank {rank} names no legal move (the position has {legal} legal moves)")]
    Rank {
        game: usize,
        ply: usize,
        rank: u16,
        legal: usize,
    },
    /// A game's stated termination is not the rules' one.
    #[error("game {game}: stated termination {stated:?}, but the rules say {rules:?}")]
    Termination {
        game: usize,
        stated: Option<Termination>,
        rules: Option<Termination>,
    },
    /// A CTL-AN move does not name a legal move where it is played.
    #[error("game {game}, ply {ply}: {text:?} is not a legal CTL-AN move there ({error})")]
    Ctl {
        game: usize,
        ply: usize,
        text: String,
        error: String,
    },
    /// A CTL-AN column does not hold one move per ply.
    #[error("the CTL-AN moves ({moves}) must be one per ply ({plies}), with offsets that never decrease and stay within the text")]
    CtlOffsets { moves: usize, plies: u64 },
}

/// The history of `moves` from `start`, or where it stops being legal.
fn replay(start: &Position, moves: &[u16]) -> Result<History, (usize, u16, Option<String>)> {
    let mut h = History::with_capacity(start.clone(), moves.len());
    for (ply, &index) in moves.iter().enumerate() {
        let id = action_id(usize::from(index)).ok_or((ply, index, None))?;
        let m = h
            .position()
            .resolve(id)
            .ok_or_else(|| (ply, index, Some(id.long())))?;
        h.push_unchecked(m);
    }
    Ok(h)
}

/// The index of a move the library played or read (every legal move has one).
fn index_of(m: Move) -> u16 {
    move_index(&m) as u16
}

impl BatchParts {
    /// The number of games the offsets describe, if they start at 0, never
    /// decrease and end at the number of moves.
    fn game_count(&self) -> Result<usize, BatchError> {
        let bad = || BatchError::BadOffsets {
            moves: self.moves.len(),
        };
        let n = self.offsets.len().checked_sub(1).ok_or_else(bad)?;
        let ok = self.offsets[0] == 0
            && self.offsets.windows(2).all(|w| w[0] <= w[1])
            && self.offsets[n] == self.moves.len() as u64;
        if ok {
            Ok(n)
        } else {
            Err(bad())
        }
    }
}

impl GameBatch {
    /// An empty batch.
    pub fn new() -> GameBatch {
        GameBatch {
            moves: SharedMoves::default(),
            offsets: vec![0],
            starts: Vec::new(),
            start_of: Vec::new(),
            results: Vec::new(),
            terminations: Vec::new(),
            origin: None,
        }
    }

    /// Appends a record's main line, its start and its result (tags,
    /// comments and variations are not kept). The batch's [`Origin`] is
    /// dropped.
    pub fn push_game(&mut self, game: &Game) {
        let start = self.start_slot(game.start());
        self.push_raw(
            game.moves().map(index_of),
            start,
            game.result(),
            game.outcome().map(|o| o.termination),
        );
        self.origin = None;
    }

    /// The index of `start` in `starts`, added if new. Only the first
    /// [`SHARED_STARTS`] starts are searched, so a collection where every
    /// game has its own start costs linear time (and a start per game).
    fn start_slot(&mut self, start: &Position) -> u32 {
        let searched = &self.starts[..self.starts.len().min(SHARED_STARTS)];
        match searched.iter().position(|s| s == start) {
            Some(i) => i as u32,
            None => {
                self.starts.push(start.clone());
                self.starts.len() as u32 - 1
            }
        }
    }

    fn push_raw(
        &mut self,
        moves: impl Iterator<Item = u16>,
        start: u32,
        result: GameResult,
        termination: Option<Termination>,
    ) {
        let end = self.moves.edit(|v| {
            v.extend(moves);
            v.len()
        });
        self.offsets.push(end as u64);
        self.start_of.push(start);
        self.results.push(result);
        self.terminations.push(termination);
    }

    /// A batch of these records.
    pub fn from_games<'a>(games: impl IntoIterator<Item = &'a Game>) -> GameBatch {
        let mut b = GameBatch::new();
        for g in games {
            b.push_game(g);
        }
        b
    }

    /// A batch from raw columns, every move checked by replaying it
    /// (on all cores unless `threads` says otherwise; 0 means all).
    pub fn from_parts(parts: BatchParts, threads: usize) -> Result<GameBatch, BatchError> {
        if parts.terminations.is_empty() && !parts.start_of.is_empty() {
            return decode::decode(parts, threads, |at, _: &mut ()| decode::index_move(at));
        }
        parts.check_columns()?;
        let b = GameBatch::from_checked_parts(parts);
        b.check(threads)?;
        Ok(b)
    }

    /// A batch from columns that a batch of this crate wrote itself (a
    /// pickle, whose integrity its reader checks): the columns are checked,
    /// the moves are not replayed.
    pub fn from_own_parts(parts: BatchParts) -> Result<GameBatch, BatchError> {
        parts.check_columns()?;
        Ok(GameBatch::from_checked_parts(parts))
    }

    /// The batch of parts already checked (columns and every move).
    fn from_checked_parts(parts: BatchParts) -> GameBatch {
        GameBatch {
            moves: SharedMoves::new(parts.moves),
            offsets: parts.offsets,
            starts: parts.starts,
            start_of: parts.start_of,
            results: parts.results,
            terminations: parts.terminations,
            origin: parts.origin,
        }
    }

    /// Replays every game: each move legal, each termination the rules' one.
    fn check(&self, threads: usize) -> Result<(), BatchError> {
        let next = AtomicUsize::new(0);
        let first_error: Mutex<Option<(usize, BatchError)>> = Mutex::new(None);
        let work = || -> Result<(), ()> {
            loop {
                let game = next.fetch_add(1, Ordering::Relaxed);
                if game >= self.len() {
                    return Ok(());
                }
                let start = self.start(game);
                let err = match replay(start, self.game_moves(game)) {
                    Err((ply, index, None)) => Some(BatchError::NotAnIndex { game, ply, index }),
                    Err((ply, index, Some(long))) => {
                        let pdtl = replay(start, &self.game_moves(game)[..ply])
                            .map(|h| h.position().to_pdtl())
                            .unwrap_or_default();
                        Some(BatchError::Illegal {
                            game,
                            ply,
                            index,
                            long,
                            pdtl,
                        })
                    }
                    Ok(h) => {
                        let rules = h.outcome().map(|o| o.termination);
                        (rules != self.terminations[game]).then_some(BatchError::Termination {
                            game,
                            stated: self.terminations[game],
                            rules,
                        })
                    }
                };
                if let Some(e) = err {
                    let mut slot = first_error.lock().unwrap_or_else(|e| e.into_inner());
                    if slot.as_ref().is_none_or(|(g, _)| game < *g) {
                        *slot = Some((game, e));
                    }
                }
            }
        };
        let _ = workers::run(
            workers::worker_count(threads, self.len()),
            "batch-check",
            work,
        );
        match first_error.into_inner().unwrap_or_else(|e| e.into_inner()) {
            Some((_, e)) => Err(e),
            None => Ok(()),
        }
    }

    /// Number of games.
    pub fn len(&self) -> usize {
        self.start_of.len()
    }

    /// Whether the batch holds no game.
    pub fn is_empty(&self) -> bool {
        self.start_of.is_empty()
    }

    /// Every game's move indices, end to end (see [`GameBatch::offsets`]).
    pub fn moves(&self) -> &[u16] {
        &self.moves
    }

    /// Game `i`'s moves are `moves()[offsets()[i]..offsets()[i + 1]]`.
    pub fn offsets(&self) -> &[u64] {
        &self.offsets
    }

    /// Game `i`'s move indices. Panics if `i >= len()`.
    pub fn game_moves(&self, i: usize) -> &[u16] {
        &self.moves[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }

    /// Number of plies of game `i`. Panics if `i >= len()`.
    pub fn plies(&self, i: usize) -> usize {
        (self.offsets[i + 1] - self.offsets[i]) as usize
    }

    /// The distinct start positions.
    pub fn starts(&self) -> &[Position] {
        &self.starts
    }

    /// Each game's start, an index into [`GameBatch::starts`].
    pub fn start_indices(&self) -> &[u32] {
        &self.start_of
    }

    /// Game `i`'s start position. Panics if `i >= len()`.
    pub fn start(&self, i: usize) -> &Position {
        &self.starts[self.start_of[i] as usize]
    }

    /// Each game's result (the rules' one, or the one its record stated).
    pub fn results(&self) -> &[GameResult] {
        &self.results
    }

    /// How each game ended by the rules (`None`: it had not ended).
    pub fn terminations(&self) -> &[Option<Termination>] {
        &self.terminations
    }

    /// The seed stream of a self-play batch (`None` for other games).
    pub fn origin(&self) -> Option<Origin> {
        self.origin
    }

    /// Whether this batch's moves and `other`'s are in one buffer (a
    /// batch and the ranges cut from it, [`GameBatch::range`]).
    pub fn shares_moves_with(&self, other: &GameBatch) -> bool {
        self.moves.same_buffer(&other.moves)
    }

    /// Bytes held by the batch's buffers (capacity, not just length; the
    /// whole moves buffer even when shared with other batches).
    pub fn heap_bytes(&self) -> usize {
        self.moves.buffer_bytes()
            + self.offsets.capacity() * 8
            + self.starts.capacity() * std::mem::size_of::<Position>()
            + self.start_of.capacity() * 4
            + self.results.capacity() * std::mem::size_of::<GameResult>()
            + self.terminations.capacity() * std::mem::size_of::<Option<Termination>>()
    }

    /// Game `i` rebuilt as a record (the one [`crate::selfplay::random_game`]
    /// gives for a self-play batch), `None` if `i >= len()`.
    pub fn game(&self, i: usize) -> Option<Game> {
        if i >= self.len() {
            return None;
        }
        let history =
            replay(self.start(i), self.game_moves(i)).expect("a batch holds legal moves only");
        let mut game = Game::from_history(history);
        game.set_result(self.results[i]);
        Some(game)
    }

    /// The records, rebuilt one at a time.
    pub fn games(&self) -> impl ExactSizeIterator<Item = Game> + '_ {
        (0..self.len()).map(|i| self.game(i).expect("in range"))
    }
}

/// Games replayed per job of [`per_game`].
const GAMES_PER_JOB: usize = 64;

/// Runs `f(game, that game's slice of out)` for every game, on `threads`
/// workers (0: all cores); the first error by game order wins.
pub(super) fn per_game<T: Send>(
    offsets: &[u64],
    out: &mut [T],
    threads: usize,
    f: impl Fn(usize, &mut [T]) -> Result<(), BatchError> + Sync,
) -> Result<(), BatchError> {
    let games = offsets.len() - 1;
    let mut jobs = Vec::new();
    let mut rest = out;
    for g0 in (0..games).step_by(GAMES_PER_JOB) {
        let g1 = (g0 + GAMES_PER_JOB).min(games);
        let (mine, tail) =
            std::mem::take(&mut rest).split_at_mut((offsets[g1] - offsets[g0]) as usize);
        rest = tail;
        jobs.push((g0..g1, mine));
    }
    let first_error: Mutex<Option<(usize, BatchError)>> = Mutex::new(None);
    let threads = workers::worker_count(threads, jobs.len());
    let replay = |(games, slice): (std::ops::Range<usize>, &mut [T])| -> Result<(), ()> {
        let base = offsets[games.start];
        for g in games {
            let (a, b) = (
                (offsets[g] - base) as usize,
                (offsets[g + 1] - base) as usize,
            );
            if let Err(e) = f(g, &mut slice[a..b]) {
                let mut slot = first_error.lock().unwrap_or_else(|e| e.into_inner());
                if slot.as_ref().is_none_or(|(at, _)| g < *at) {
                    *slot = Some((g, e));
                }
                break;
            }
        }
        Ok(())
    };
    let _ = workers::for_each(threads, "batch replay", jobs, replay);
    match first_error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some((_, e)) => Err(e),
        None => Ok(()),
    }
}
