//! Random self-play written straight into a [`GameBatch`]: the games of
//! [`RandomGames`](crate::selfplay::RandomGames) for the same arguments,
//! without holding a [`Game`](cescacs::Game) (some 500 bytes a ply) for any of
//! them.

use std::sync::atomic::AtomicBool;

use super::shared::SharedMoves;
use super::{GameBatch, Origin};
use crate::selfplay::{play_random, Plan, Walk};
use cescacs::{GameResult, Interrupted, MoveGroups, Position, Termination};

/// A self-play run into a [`GameBatch`], built like
/// [`RandomGames`](crate::selfplay::RandomGames) plus [`SelfPlay::first`].
#[derive(Clone, Copy)]
pub struct SelfPlay<'a> {
    plan: Plan<'a>,
}

/// One block of games, played by one worker.
#[derive(Default)]
struct Block {
    moves: Vec<u16>,
    plies: Vec<u32>,
    results: Vec<GameResult>,
    terminations: Vec<Option<Termination>>,
}

impl<'a> SelfPlay<'a> {
    /// `n` games, seed 0, from game 0 of the stream, at most 300 plies each.
    pub fn new(n: usize) -> Self {
        SelfPlay { plan: Plan::new(n) }
    }

    /// Start at game `first` of the seed's stream: game `i` of the batch is
    /// game `first + i` of `SelfPlay::new(first + n)`, so shards of one
    /// dataset can be made anywhere.
    pub fn first(mut self, first: u64) -> Self {
        self.plan.first = first;
        self
    }

    /// Start every game from `pos` instead of the initial position.
    pub fn start(mut self, pos: &'a Position) -> Self {
        self.plan.start = Some(pos);
        self
    }

    /// The run's seed (0 by default): game `i` is drawn from the stream
    /// of [`game_seed`](cescacs::random::game_seed)`(seed, i)`.
    pub fn seed(mut self, seed: u64) -> Self {
        self.plan.seed = seed;
        self
    }

    /// Stop each game after this many plies (unfinished, result `*`).
    pub fn max_plies(mut self, plies: usize) -> Self {
        self.plan.max_plies = plies;
        self
    }

    /// Number of worker threads; 0 (the default) means all available cores.
    pub fn threads(mut self, n: usize) -> Self {
        self.plan.threads = n;
        self
    }

    /// Stop early (with [`Interrupted`]) once `flag` is set; it is read
    /// before each block of games.
    pub fn cancel_flag(mut self, flag: &'a AtomicBool) -> Self {
        self.plan.cancel = Some(flag);
        self
    }

    /// The games, in index order.
    pub fn run(&self) -> Result<GameBatch, Interrupted> {
        let Plan {
            n,
            seed,
            first,
            max_plies,
            ..
        } = self.plan;
        let scratch = |start: &Position| (Walk::new(start), MoveGroups::new());
        let play = |(walk, groups): &mut (Walk, MoveGroups),
                    start: &Position,
                    game_seed,
                    out: &mut Block| {
            walk.reset(start);
            play_random(walk, game_seed, max_plies, groups);
            out.moves.extend_from_slice(walk.moves());
            out.plies.push(walk.moves().len() as u32);
            let outcome = walk.outcome();
            out.results
                .push(outcome.map_or(GameResult::Unfinished, |o| GameResult::from_outcome(&o)));
            out.terminations.push(outcome.map(|o| o.termination));
        };
        let mut filling = Filling {
            batch: GameBatch::new(),
            moves: Vec::new(),
            n,
        };
        let batch = &mut filling.batch;
        batch.offsets.reserve_exact(n);
        batch.results.reserve_exact(n);
        batch.terminations.reserve_exact(n);
        batch.start_of = vec![0; n];
        batch.starts = vec![self.plan.start.cloned().unwrap_or_default()];
        self.plan
            .play("self-play", scratch, play, |block| filling.append(block))?;
        let (mut batch, mut moves) = (filling.batch, filling.moves);
        moves.shrink_to_fit();
        batch.moves = SharedMoves::new(moves);
        batch.origin = Some(Origin { seed, first });
        Ok(batch)
    }
}

/// A self-play batch being filled, block by block in game order, straight
/// from the workers' blocks: no copy of the whole run is ever held beside
/// the batch, so the run's peak memory stays near the batch's size.
struct Filling {
    /// Every column but the moves.
    batch: GameBatch,
    /// The moves, put in the batch at the end.
    moves: Vec<u16>,
    /// The games of the run.
    n: usize,
}

impl Filling {
    /// Appends the next block's games.
    fn append(&mut self, block: Block) {
        self.reserve_moves(block.moves.len(), block.plies.len());
        let batch = &mut self.batch;
        self.moves.extend_from_slice(&block.moves);
        for p in block.plies {
            let end = batch.offsets.last().copied().unwrap_or(0) + u64::from(p);
            batch.offsets.push(end);
        }
        batch.results.extend(block.results);
        batch.terminations.extend(block.terminations);
    }

    /// Room for `more` moves of the next `games` games. Over the first
    /// 64th of the run the moves grow as a vector does (doubling: copies
    /// while they are small); then, when room runs out, it is reserved for
    /// the expected rest of the run (the mean length so far, and a margin
    /// of one part in 16), which usually lasts to the end: the moves are
    /// not copied, nor left with half their room unused, at full size.
    fn reserve_moves(&mut self, more: usize, games: usize) {
        let moves = &mut self.moves;
        if moves.capacity() - moves.len() >= more {
            return;
        }
        let done = self.batch.offsets.len() - 1 + games;
        if done < self.n / 64 {
            moves.reserve(more);
            return;
        }
        let played = moves.len() + more;
        let rest = (self.n - done) as u64 * played as u64 / done.max(1) as u64;
        let rest = usize::try_from(rest + rest / 16).unwrap_or(usize::MAX);
        moves.reserve_exact(more.saturating_add(rest));
    }
}
