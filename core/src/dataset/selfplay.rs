//! Random self-play written straight into a [`GameBatch`]: the games of
//! [`RandomGames`](crate::selfplay::RandomGames) for the same arguments,
//! without holding a [`Game`](crate::Game) (some 500 bytes a ply) for any of
//! them.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use super::{GameBatch, Origin};
use crate::movegen::MoveGroups;
use crate::perft::Interrupted;
use crate::position::Position;
use crate::record::GameResult;
use crate::selfplay::{game_seed, play_random, Walk};
use crate::workers;

/// Games a worker takes at a time: few, so that the workers finish
/// together (the last block of a run is the only time one waits on the
/// other: four games are about half a millisecond), yet enough that the
/// shared counter and the lock are rarely touched.
const BLOCK: usize = 4;

/// A self-play run into a [`GameBatch`], built like
/// [`RandomGames`](crate::selfplay::RandomGames) plus [`SelfPlay::first`].
#[derive(Clone, Copy)]
pub struct SelfPlay<'a> {
    n: usize,
    first: u64,
    start: Option<&'a Position>,
    seed: u64,
    max_plies: usize,
    threads: usize,
    cancel: Option<&'a AtomicBool>,
}

/// One block of games, played by one worker.
struct Block {
    moves: Vec<u16>,
    plies: Vec<u32>,
    results: Vec<GameResult>,
    terminations: Vec<Option<crate::Termination>>,
}

impl<'a> SelfPlay<'a> {
    /// `n` games, seed 0, from game 0 of the stream, at most 300 plies each.
    pub fn new(n: usize) -> Self {
        SelfPlay { n, first: 0, start: None, seed: 0, max_plies: 300, threads: 0, cancel: None }
    }

    /// Start at game `first` of the seed's stream: game `i` of the batch is
    /// game `first + i` of `SelfPlay::new(first + n)`, so shards of one
    /// dataset can be made anywhere.
    pub fn first(mut self, first: u64) -> Self {
        self.first = first;
        self
    }

    /// Start every game from `pos` instead of the initial position.
    pub fn start(mut self, pos: &'a Position) -> Self {
        self.start = Some(pos);
        self
    }

    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Stop each game after this many plies (unfinished, result `*`).
    pub fn max_plies(mut self, plies: usize) -> Self {
        self.max_plies = plies;
        self
    }

    /// Number of worker threads; 0 (the default) means all available cores.
    pub fn threads(mut self, n: usize) -> Self {
        self.threads = n;
        self
    }

    /// Stop early (with [`Interrupted`]) once `flag` is set; it is read
    /// before each block of games.
    pub fn cancel_flag(mut self, flag: &'a AtomicBool) -> Self {
        self.cancel = Some(flag);
        self
    }

    fn play_block(&self, b: usize, start: &Position, walk: &mut Walk, groups: &mut MoveGroups) -> Block {
        let games = b * BLOCK..((b + 1) * BLOCK).min(self.n);
        let mut out = Block { moves: Vec::new(), plies: Vec::new(), results: Vec::new(), terminations: Vec::new() };
        for i in games {
            walk.reset(start);
            play_random(walk, game_seed(self.seed, self.first.wrapping_add(i as u64)), self.max_plies, groups);
            out.moves.extend_from_slice(walk.moves());
            out.plies.push(walk.moves().len() as u32);
            let outcome = walk.outcome();
            out.results.push(outcome.map_or(GameResult::Unfinished, |o| GameResult::from_outcome(&o)));
            out.terminations.push(outcome.map(|o| o.termination));
        }
        out
    }

    /// The games, in index order.
    pub fn run(&self) -> Result<GameBatch, Interrupted> {
        let initial = Position::default();
        let start = self.start.unwrap_or(&initial);
        let blocks = self.n.div_ceil(BLOCK);
        let next = AtomicUsize::new(0);
        let done: Mutex<Vec<(usize, Block)>> = Mutex::new(Vec::with_capacity(blocks));
        let work = || -> Result<(), Interrupted> {
            let mut walk = Walk::new(start);
            let mut groups = MoveGroups::new();
            loop {
                let b = next.fetch_add(1, Ordering::Relaxed);
                if b >= blocks {
                    return Ok(());
                }
                if self.cancel.is_some_and(|f| f.load(Ordering::Relaxed)) {
                    return Err(Interrupted);
                }
                let block = self.play_block(b, start, &mut walk, &mut groups);
                done.lock().unwrap_or_else(|e| e.into_inner()).push((b, block));
            }
        };
        workers::run(workers::worker_count(self.threads, blocks), "self-play", work)?;
        let mut done = done.into_inner().unwrap_or_else(|e| e.into_inner());
        done.sort_unstable_by_key(|&(b, _)| b);
        let mut batch = GameBatch::new();
        batch.moves.reserve_exact(done.iter().map(|(_, b)| b.moves.len()).sum());
        batch.offsets.reserve_exact(self.n);
        batch.results.reserve_exact(self.n);
        batch.terminations.reserve_exact(self.n);
        batch.start_of = vec![0; self.n];
        batch.starts = vec![start.clone()];
        for (_, block) in done {
            batch.moves.extend_from_slice(&block.moves);
            for p in block.plies {
                let end = batch.offsets.last().copied().unwrap_or(0) + u64::from(p);
                batch.offsets.push(end);
            }
            batch.results.extend(block.results);
            batch.terminations.extend(block.terminations);
        }
        batch.origin = Some(Origin { seed: self.seed, first: self.first });
        Ok(batch)
    }
}
