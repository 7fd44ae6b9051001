//! The number of cores the batch loops of `encode` and `VecEnv` split their
//! work over, read from the system once per process: the standard
//! library reads it anew at every call (on Linux from the cgroup files,
//! about 50–100 µs), which is as much as a step of 64 environments.

use std::sync::OnceLock;

use cescacs::workers;

/// Workers for `jobs` jobs on all cores, as `workers::worker_count(0,
/// jobs)` but with the core count read once.
pub(crate) fn worker_count(jobs: usize) -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    let cores = *CORES.get_or_init(|| workers::worker_count(0, usize::MAX));
    workers::worker_count(cores, jobs)
}
