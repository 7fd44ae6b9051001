//! Perft: the number of legal move sequences of a given length, the
//! standard check of a move generator (counts in RULES.md §8), on one
//! thread ([`perft`], [`perft_divide`]) or on several with cancellation and
//! progress ([`Position::perft_job`]).

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use crate::moves::Move;
use crate::position::Position;
use crate::workers;

/// Counts the leaves of the legal move tree `depth` plies deep. The last ply
/// is counted without playing its moves ("bulk counting").
///
/// ```
/// use cescacs::{perft, Position};
/// assert_eq!(perft(&Position::default(), 2), 4_612);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut total = 0;
            for m in pos.legal_moves() {
                let mut child = pos.clone();
                child.play_unchecked(m);
                total += perft(&child, depth - 1);
            }
            total
        }
    }
}

/// Perft split by first move: each legal move with the leaf count below it
/// (one thread; [`PerftJob::divide`] is the parallel form).
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| (m, perft(&pos.after(m), depth - 1)))
        .collect()
}

/// A perft run stopped by its cancellation flag.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("perft interrupted")]
pub struct Interrupted;

/// How far a [`PerftJob`] has got: root moves whose subtree is fully counted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PerftProgress {
    /// Root moves fully counted.
    pub done: usize,
    /// Root moves in all.
    pub total: usize,
}

/// A perft run on several threads, built by [`Position::perft_job`]: the one
/// implementation behind the CLI's `perft` and the bindings.
///
/// The work is split into the positions after the first two plies (about
/// 4,600 from the initial position), which idle threads take in turn, so the
/// threads finish together whatever the shape of the tree. The cancellation
/// flag is read before each piece of work and at every node three or more
/// plies above the leaves, so a run stops within milliseconds of it being
/// set. The core does no I/O: progress goes to a callback, called from the
/// worker threads each time a root move's subtree is complete.
///
/// ```
/// use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
/// use cescacs::Position;
///
/// let pos = Position::default();
/// assert_eq!(pos.perft_job(3).threads(2).run(), Ok(340_385));
///
/// // Calls may arrive out of order from different threads: keep the maximum.
/// let done = AtomicUsize::new(0);
/// let split = pos
///     .perft_job(2)
///     .on_progress(&|p| { done.fetch_max(p.done, Ordering::Relaxed); })
///     .divide()
///     .unwrap();
/// assert_eq!((split.len(), done.load(Ordering::Relaxed)), (68, 68));
///
/// let stop = AtomicBool::new(true); // e.g. set by a Ctrl-C handler
/// assert!(pos.perft_job(5).cancel_flag(&stop).run().is_err());
/// ```
#[derive(Clone, Copy)]
pub struct PerftJob<'a> {
    pos: &'a Position,
    depth: u32,
    threads: usize,
    cancel: Option<&'a AtomicBool>,
    progress: Option<&'a (dyn Fn(PerftProgress) + Sync)>,
}

impl Position {
    /// A perft run of `depth` plies from this position, on all available
    /// cores unless [`PerftJob::threads`] says otherwise.
    pub fn perft_job(&self, depth: u32) -> PerftJob<'_> {
        PerftJob {
            pos: self,
            depth,
            threads: 0,
            cancel: None,
            progress: None,
        }
    }
}

impl<'a> PerftJob<'a> {
    /// Number of worker threads; 0 (the default) means all available cores.
    pub fn threads(mut self, n: usize) -> Self {
        self.threads = n;
        self
    }

    /// Stop early (with [`Interrupted`]) once `flag` is set.
    pub fn cancel_flag(mut self, flag: &'a AtomicBool) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Call `f` each time a root move's subtree is counted (from a worker
    /// thread; it should be quick).
    pub fn on_progress(mut self, f: &'a (dyn Fn(PerftProgress) + Sync)) -> Self {
        self.progress = Some(f);
        self
    }

    /// The number of leaves (1 at depth 0).
    pub fn run(&self) -> Result<u64, Interrupted> {
        if self.depth == 0 {
            return if self.cancelled() {
                Err(Interrupted)
            } else {
                Ok(1)
            };
        }
        Ok(self.divide()?.iter().map(|(_, n)| n).sum())
    }

    /// Each legal move with the leaf count below it, in generation order
    /// (empty at depth 0), like [`perft_divide`].
    pub fn divide(&self) -> Result<Vec<(Move, u64)>, Interrupted> {
        if self.cancelled() {
            return Err(Interrupted);
        }
        if self.depth == 0 {
            return Ok(Vec::new());
        }
        let roots = self.pos.legal_moves();
        let children: Vec<Position> = roots.iter().map(|&m| self.pos.after(m)).collect();
        // Work items: (root index, reply) below depth 2, else the root itself.
        let mut items: Vec<(usize, Option<Move>)> = Vec::new();
        let mut remaining: Vec<AtomicUsize> = Vec::with_capacity(roots.len());
        for (i, child) in children.iter().enumerate() {
            if self.depth >= 3 {
                let replies = child.legal_moves();
                remaining.push(AtomicUsize::new(replies.len()));
                items.extend(replies.into_iter().map(|m| (i, Some(m))));
            } else {
                remaining.push(AtomicUsize::new(1));
                items.push((i, None));
            }
        }
        let sums: Vec<AtomicU64> = roots.iter().map(|_| AtomicU64::new(0)).collect();
        let done = AtomicUsize::new(
            remaining
                .iter()
                .filter(|r| r.load(Ordering::Relaxed) == 0)
                .count(),
        );
        let next = AtomicUsize::new(0);
        let total = roots.len();

        let work = || -> Result<(), Interrupted> {
            loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(i, reply)) = items.get(k) else {
                    return Ok(());
                };
                if self.cancelled() {
                    return Err(Interrupted);
                }
                let n = match reply {
                    Some(m) => self.count(&children[i].after(m), self.depth - 2)?,
                    None => self.count(&children[i], self.depth - 1)?,
                };
                sums[i].fetch_add(n, Ordering::Relaxed);
                if remaining[i].fetch_sub(1, Ordering::AcqRel) == 1 {
                    let d = done.fetch_add(1, Ordering::AcqRel) + 1;
                    if let Some(f) = self.progress {
                        f(PerftProgress { done: d, total });
                    }
                }
            }
        };
        workers::run(
            workers::worker_count(self.threads, items.len()),
            "perft",
            work,
        )?;
        Ok(roots
            .into_iter()
            .zip(sums)
            .map(|(m, n)| (m, n.into_inner()))
            .collect())
    }

    fn cancelled(&self) -> bool {
        self.cancel.is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// [`perft`] that looks at the cancellation flag at every node three or
    /// more plies above the leaves (a depth-2 subtree is a few µs of work).
    fn count(&self, pos: &Position, depth: u32) -> Result<u64, Interrupted> {
        if depth <= 2 || self.cancel.is_none() {
            return Ok(perft(pos, depth));
        }
        if self.cancelled() {
            return Err(Interrupted);
        }
        let mut total = 0;
        for m in pos.legal_moves() {
            total += self.count(&pos.after(m), depth - 1)?;
        }
        Ok(total)
    }
}
