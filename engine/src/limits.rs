//! What ends a search: depth, nodes, time, or a flag another thread sets.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// Limits of one search; every limit set applies (the first reached ends
/// it). With none set the search runs until [`Limits::stop`] is set or
/// [`crate::MAX_PLY`] is reached.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration (in plies, before extensions).
    pub depth: Option<u32>,
    /// Most nodes searched (all threads together): the search stops
    /// before visiting node `nodes + 1`.
    pub nodes: Option<u64>,
    /// Wall-clock time from the call.
    pub time: Option<Duration>,
    /// Set it (from any thread) to stop the search: it returns the best
    /// move found so far.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Limits {
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    pub fn nodes(nodes: u64) -> Limits {
        Limits { nodes: Some(nodes), ..Limits::default() }
    }

    pub fn time(time: Duration) -> Limits {
        Limits { time: Some(time), ..Limits::default() }
    }

    /// These limits, also stopped by `flag`.
    pub fn with_stop(mut self, flag: Arc<AtomicBool>) -> Limits {
        self.stop = Some(flag);
        self
    }
}
