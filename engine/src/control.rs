//! Control of a search from outside it, apart from its limits: the one
//! stop flag and the pondering flag, shared by cloning, so another thread
//! (a UCI reader, a C caller, a Python thread) can stop a search or end
//! its pondering while it runs.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A handle on an engine's searches ([`Engine::control`](crate::Engine::control)):
/// clones share the same flags. A stop holds until [`Control::reset`], so a
/// stop that arrives before a search starts still stops it (after its first
/// iteration, as any stop).
#[derive(Clone, Debug, Default)]
pub struct Control(Arc<Flags>);

#[derive(Debug, Default)]
struct Flags {
    stop: AtomicBool,
    pondering: AtomicBool,
}

impl Control {
    /// A handle with neither flag set.
    pub fn new() -> Control {
        Control::default()
    }

    /// Stops the search under way (it answers with its best move so far).
    pub fn stop(&self) {
        self.0.stop.store(true, Ordering::Relaxed);
    }

    /// Whether [`Control::stop`] was called since the last reset.
    pub fn is_stopped(&self) -> bool {
        self.0.stop.load(Ordering::Relaxed)
    }

    /// Ends pondering (UCI `ponderhit`): the time limits apply from now on,
    /// counted from the search's start.
    pub fn ponderhit(&self) {
        self.0.pondering.store(false, Ordering::Relaxed);
    }

    /// Whether the search ponders: no time limit applies.
    pub fn is_pondering(&self) -> bool {
        self.0.pondering.load(Ordering::Relaxed)
    }

    /// Readies the handle for the next search: the stop cleared, pondering
    /// (UCI `go ponder`) as `ponder` says.
    pub fn reset(&self, ponder: bool) {
        self.0.stop.store(false, Ordering::Relaxed);
        self.0.pondering.store(ponder, Ordering::Relaxed);
    }

    /// The stop flag itself, for a caller whose own stop (a binding's
    /// Ctrl-C check) sets a borrowed `AtomicBool`.
    pub fn stop_flag(&self) -> &AtomicBool {
        &self.0.stop
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_flags_until_reset() {
        let a = Control::new();
        let b = a.clone();
        assert!(!a.is_stopped() && !a.is_pondering());
        b.reset(true);
        assert!(a.is_pondering());
        b.ponderhit();
        b.stop();
        assert!(a.is_stopped() && !a.is_pondering());
        assert!(a.stop_flag().load(Ordering::Relaxed));
        a.reset(false);
        assert!(!b.is_stopped());
    }
}
