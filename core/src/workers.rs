//! The one way the workspace spreads work over threads (parallel perft,
//! random games, engine matches): a number of scoped workers that each
//! take jobs from a shared counter until none is left, so they finish
//! together whatever the jobs cost.

/// The number of workers for `jobs` jobs: `requested` (0 for all
/// available cores), at most one per job, at least one.
pub fn worker_count(requested: usize, jobs: usize) -> usize {
    match requested {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
    .min(jobs)
    .max(1)
}

/// Runs `work` on `workers` scoped threads (on this thread when there is
/// one) and returns the first error; `work` takes its jobs itself. A
/// worker's panic is passed on (`what` names the work in the message).
pub fn run<E: Send>(workers: usize, what: &str, work: impl Fn() -> Result<(), E> + Sync) -> Result<(), E> {
    if workers <= 1 {
        return work();
    }
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers).map(|_| s.spawn(&work)).collect();
        handles.into_iter().try_for_each(|h| h.join().unwrap_or_else(|_| panic!("{what} worker panicked")))
    })
}
