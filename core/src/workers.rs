//! The worker pool: a number of scoped threads that each take jobs from a
//! shared source until none is left, so they finish together whatever the
//! jobs cost. Parallel perft uses it, and so do the crates over the rules
//! (self-play and datasets in `cescacs-research`, engine matches in
//! `cescacs-study`, the bindings' batch calls), so that every parallel
//! loop counts its threads the same way and passes a worker's panic on
//! alike.
//!
//! ```
//! use std::sync::atomic::{AtomicUsize, Ordering};
//!
//! use cescacs::workers;
//!
//! // Sum 0..1000 on up to four workers that take numbers from a counter.
//! let (next, sum) = (AtomicUsize::new(0), AtomicUsize::new(0));
//! let work = || -> Result<(), ()> {
//!     loop {
//!         let i = next.fetch_add(1, Ordering::Relaxed);
//!         if i >= 1000 {
//!             return Ok(());
//!         }
//!         sum.fetch_add(i, Ordering::Relaxed);
//!     }
//! };
//! workers::run(workers::worker_count(4, 1000), "sum", work).unwrap();
//! assert_eq!(sum.into_inner(), 499_500);
//! ```

/// The number of workers for `jobs` jobs: `requested` (0 for all
/// available cores), at most one per job, at least one.
pub fn worker_count(requested: usize, jobs: usize) -> usize {
    match requested {
        0 => cores(),
        n => n,
    }
    .min(jobs)
    .max(1)
}

/// The available cores, read from the system once per process: the
/// standard library reads them anew at every call (on Linux from the
/// cgroup files, 50–100 µs), as much as a small batch's whole work.
fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Runs `work` on `workers` scoped threads (on this thread when there is
/// one) and returns the first error; `work` takes its jobs itself. A
/// worker's panic is passed on (`what` names the work in the message).
pub fn run<E: Send>(
    workers: usize,
    what: &str,
    work: impl Fn() -> Result<(), E> + Sync,
) -> Result<(), E> {
    if workers <= 1 {
        return work();
    }
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers).map(|_| s.spawn(&work)).collect();
        handles.into_iter().try_for_each(|h| {
            h.join()
                .unwrap_or_else(|_| panic!("{what} worker panicked"))
        })
    })
}

/// Runs `f` on every job of `jobs` on `workers` scoped threads, each
/// worker taking the next job (in `jobs`' order) until none is left, and
/// returns the first error; a worker stops at its first error. For jobs
/// known in advance, such as the chunks of an output buffer:
///
/// ```
/// let mut out = vec![0u32; 100];
/// cescacs::workers::for_each(2, "squares", out.chunks_mut(10).enumerate(), |(c, chunk)| {
///     for (i, o) in chunk.iter_mut().enumerate() {
///         *o = ((c * 10 + i) * (c * 10 + i)) as u32;
///     }
///     Ok::<(), ()>(())
/// })
/// .unwrap();
/// assert_eq!(out[99], 9801);
/// ```
pub fn for_each<J, E: Send>(
    workers: usize,
    what: &str,
    jobs: impl IntoIterator<Item = J, IntoIter: Send>,
    f: impl Fn(J) -> Result<(), E> + Sync,
) -> Result<(), E> {
    let jobs = std::sync::Mutex::new(jobs.into_iter());
    run(workers, what, || loop {
        // The lock is released before the job runs.
        let job = jobs.lock().unwrap_or_else(|e| e.into_inner()).next();
        match job {
            Some(job) => f(job)?,
            None => return Ok(()),
        }
    })
}
