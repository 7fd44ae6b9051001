//! What ends a search (depth, nodes, time, or a flag another thread sets)
//! and which root moves it chooses among; checked once, here, for every
//! caller (the CLI, the C ABI and the Python binding translate the error).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use cescacs::Move;

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
    /// The root moves to choose among (UCI `searchmoves`); `None`: every
    /// legal move. Only the root is restricted: the replies and the moves
    /// after them are searched in full. Listed moves that are not legal at
    /// the root are ignored; when none is legal every legal move is searched.
    pub search_moves: Option<Vec<Move>>,
}

/// The longest time limit [`Limits::checked`] takes, in seconds.
pub const MAX_SECONDS: f64 = 1e9;

/// What is wrong with a [`Limits`].
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LimitsError {
    /// A depth limit of 0.
    #[error("depth must be at least 1")]
    ZeroDepth,
    /// A node limit of 0.
    #[error("nodes must be at least 1")]
    ZeroNodes,
    /// A time in seconds that is negative, not finite or above [`MAX_SECONDS`].
    #[error("time must be a number of seconds >= 0, not {0}")]
    BadTime(f64),
    /// A `search_moves` list with no move in it.
    #[error("searchmoves must name at least one move")]
    NoSearchMoves,
}

impl Limits {
    /// A search to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    /// A search of at most `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits { nodes: Some(nodes), ..Limits::default() }
    }

    /// A search of at most `time` on the clock.
    pub fn time(time: Duration) -> Limits {
        Limits { time: Some(time), ..Limits::default() }
    }

    /// These limits, also stopped by `flag`.
    pub fn with_stop(mut self, flag: Arc<AtomicBool>) -> Limits {
        self.stop = Some(flag);
        self
    }

    /// These limits, choosing among `moves` at the root only (UCI `searchmoves`).
    pub fn with_search_moves(mut self, moves: Vec<Move>) -> Limits {
        self.search_moves = Some(moves);
        self
    }

    /// Limits from the numbers a binding or a command line reads (`None`:
    /// no such limit), time in seconds, checked by [`Limits::validate`].
    pub fn checked(depth: Option<u32>, nodes: Option<u64>, seconds: Option<f64>) -> Result<Limits, LimitsError> {
        let time = match seconds {
            Some(s) if !(s.is_finite() && (0.0..MAX_SECONDS).contains(&s)) => return Err(LimitsError::BadTime(s)),
            s => s.map(Duration::from_secs_f64),
        };
        let limits = Limits { depth, nodes, time, ..Limits::default() };
        limits.validate()?;
        Ok(limits)
    }

    /// Whether every limit set can be searched to: a depth and a node
    /// count of at least 1, and a `search_moves` list with a move in it.
    pub fn validate(&self) -> Result<(), LimitsError> {
        if self.depth == Some(0) {
            return Err(LimitsError::ZeroDepth);
        }
        if self.nodes == Some(0) {
            return Err(LimitsError::ZeroNodes);
        }
        if self.search_moves.as_ref().is_some_and(|m| m.is_empty()) {
            return Err(LimitsError::NoSearchMoves);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validation_names_the_bad_limit() {
        assert_eq!(Limits::depth(0).validate(), Err(LimitsError::ZeroDepth));
        assert_eq!(Limits::nodes(0).validate(), Err(LimitsError::ZeroNodes));
        assert_eq!(Limits::default().with_search_moves(Vec::new()).validate(), Err(LimitsError::NoSearchMoves));
        assert_eq!(Limits::checked(None, None, Some(-0.5)).unwrap_err().to_string(), "time must be a number of seconds >= 0, not -0.5");
        for bad in [f64::NAN, f64::INFINITY, MAX_SECONDS] {
            assert!(matches!(Limits::checked(None, None, Some(bad)), Err(LimitsError::BadTime(_))), "{bad}");
        }
        assert_eq!(Limits::checked(Some(0), None, None).unwrap_err().to_string(), "depth must be at least 1");
        let ok = Limits::checked(Some(3), Some(10), Some(0.25)).unwrap();
        assert_eq!((ok.depth, ok.nodes, ok.time), (Some(3), Some(10), Some(Duration::from_millis(250))));
        assert!(Limits::default().validate().is_ok());
    }
}
