//! The one worker loop of random self-play, behind both
//! [`RandomGames`](super::RandomGames) (games as records) and
//! [`SelfPlay`](crate::dataset::SelfPlay) (games into a batch): which
//! games a run plays, their seeds, and how they are shared out over the
//! threads. Only what is kept of a game differs between the two, so the
//! same arguments give the same games.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use cescacs::random::game_seed;
use cescacs::{workers, Interrupted, Position};

/// Games a worker takes at a time: few, so that the workers finish
/// together (the last block of a run is the only time one waits on the
/// other: four games are about half a millisecond), yet enough that the
/// shared counter and the lock are rarely touched.
const BLOCK: usize = 4;

/// The games of a run: `n` games from `start` (the initial position when
/// `None`), game `i` drawn from the stream of `game_seed(seed, first + i)`,
/// at most `max_plies` plies each, on `threads` workers (0: all cores),
/// stopped early once `cancel` is set.
#[derive(Clone, Copy)]
pub(crate) struct Plan<'a> {
    pub(crate) n: usize,
    pub(crate) first: u64,
    pub(crate) start: Option<&'a Position>,
    pub(crate) seed: u64,
    pub(crate) max_plies: usize,
    pub(crate) threads: usize,
    pub(crate) cancel: Option<&'a AtomicBool>,
}

impl Plan<'_> {
    /// `n` games, seed 0, from game 0 of the stream, at most 300 plies each.
    pub(crate) fn new(n: usize) -> Self {
        Plan {
            n,
            first: 0,
            start: None,
            seed: 0,
            max_plies: 300,
            threads: 0,
            cancel: None,
        }
    }

    /// Plays the games, [`BLOCK`] at a time per worker, and hands each
    /// block to `deliver` in game order as soon as the blocks before it are
    /// delivered, so a run holds only its output and the few blocks that
    /// finished early (each holds `BLOCK` games, the last one the rest).
    /// Each worker makes its scratch space once with `scratch`;
    /// `game(scratch, start, seed, block)` plays one game from `start` with
    /// that seed into its block. `cancel` is read before each block; `what`
    /// names the work in a worker's panic message.
    pub(crate) fn play<W, B: Default + Send>(
        &self,
        what: &str,
        scratch: impl Fn(&Position) -> W + Sync,
        game: impl Fn(&mut W, &Position, u64, &mut B) + Sync,
        deliver: impl FnMut(B) + Send,
    ) -> Result<(), Interrupted> {
        let initial;
        let start = match self.start {
            Some(p) => p,
            None => {
                initial = Position::default();
                &initial
            }
        };
        let blocks = self.n.div_ceil(BLOCK);
        let next = AtomicUsize::new(0);
        let order = Mutex::new(InOrder {
            next: 0,
            early: Vec::new(),
            deliver,
        });
        let work = || -> Result<(), Interrupted> {
            let mut w = scratch(start);
            loop {
                let b = next.fetch_add(1, Ordering::Relaxed);
                if b >= blocks {
                    return Ok(());
                }
                if self.cancel.is_some_and(|f| f.load(Ordering::Relaxed)) {
                    return Err(Interrupted);
                }
                let mut block = B::default();
                for i in b * BLOCK..((b + 1) * BLOCK).min(self.n) {
                    game(
                        &mut w,
                        start,
                        game_seed(self.seed, self.first.wrapping_add(i as u64)),
                        &mut block,
                    );
                }
                order
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .arrive(b, block);
            }
        };
        workers::run(workers::worker_count(self.threads, blocks), what, work)
    }
}

/// The blocks of a run put back in order: block `next` is delivered as it
/// arrives, a later one waits in `early` until the blocks before it are in.
struct InOrder<B, D> {
    next: usize,
    early: Vec<(usize, B)>,
    deliver: D,
}

impl<B, D: FnMut(B)> InOrder<B, D> {
    /// Block number `b` has been played.
    fn arrive(&mut self, b: usize, block: B) {
        if b != self.next {
            self.early.push((b, block));
            return;
        }
        (self.deliver)(block);
        self.next += 1;
        while let Some(i) = self.early.iter().position(|&(k, _)| k == self.next) {
            (self.deliver)(self.early.swap_remove(i).1);
            self.next += 1;
        }
    }
}
