//! What ends a search (depth, nodes, time, the clocks, a mate found) and
//! which root moves it chooses among; checked once, here, for every caller
//! (the CLI, the C ABI and the Python binding translate the error). The
//! time manager (`timeman.rs`) turns the clocks into limits. How a search
//! is controlled from outside (stop, pondering) is `control.rs`'s, and
//! what an engine reports (lines, move overhead) its options'.

use std::time::Duration;

use cescacs::Move;

/// Limits of one search; every limit set applies (the first reached ends
/// it). With none set the search runs until its
/// [`Control`](crate::Control) stops it or [`crate::MAX_PLY`] is reached.
///
/// Depth 1 is always completed before a time limit or a stop ends the
/// search (it takes milliseconds); a node limit ends it at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration (in plies, before extensions).
    pub depth: Option<u32>,
    /// Most nodes searched (all threads together): the search stops
    /// before visiting node `nodes + 1`.
    pub nodes: Option<u64>,
    /// Wall-clock time from the call.
    pub time: Option<Duration>,
    /// Stop once a mate in this many moves or fewer is found for the side
    /// to move (UCI `go mate`).
    pub mate: Option<u32>,
    /// The root moves to choose among (UCI `searchmoves`); `None`: every
    /// legal move. Only the root is restricted: the replies and the moves
    /// after them are searched in full. Listed moves that are not legal at
    /// the root are ignored; when none is legal every legal move is searched.
    pub search_moves: Option<Vec<Move>>,
    /// White's time left on its clock (UCI `wtime`). The clock of the side
    /// to move sets the search's soft and hard time limits.
    pub white_time: Option<Duration>,
    /// Black's time left on its clock (UCI `btime`).
    pub black_time: Option<Duration>,
    /// White's increment per move (UCI `winc`).
    pub white_inc: Option<Duration>,
    /// Black's increment per move (UCI `binc`).
    pub black_inc: Option<Duration>,
    /// Moves to the next time control (UCI `movestogo`); `None` or 0: the
    /// clock's time is for the rest of the game.
    pub moves_to_go: Option<u32>,
}

impl Default for Limits {
    /// No limit.
    fn default() -> Limits {
        Limits {
            depth: None,
            nodes: None,
            time: None,
            mate: None,
            search_moves: None,
            white_time: None,
            black_time: None,
            white_inc: None,
            black_inc: None,
            moves_to_go: None,
        }
    }
}

/// The clocks of a game, as a binding reads them (seconds; `None`: not given).
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct ClockSeconds {
    /// White's time left.
    pub white: Option<f64>,
    /// Black's time left.
    pub black: Option<f64>,
    /// White's increment per move.
    pub white_inc: Option<f64>,
    /// Black's increment per move.
    pub black_inc: Option<f64>,
    /// Moves to the next time control.
    pub moves_to_go: Option<u32>,
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
    /// A mate limit of 0 moves.
    #[error("mate must be at least 1 move")]
    ZeroMate,
}

impl Limits {
    /// A search to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A search of at most `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// A search of at most `time` on the clock.
    pub fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }

    /// A search on the clock: each side's time left and increment.
    pub fn clock(
        white: Duration,
        black: Duration,
        white_inc: Duration,
        black_inc: Duration,
    ) -> Limits {
        Limits {
            white_time: Some(white),
            black_time: Some(black),
            white_inc: Some(white_inc),
            black_inc: Some(black_inc),
            ..Limits::default()
        }
    }

    /// A search that stops at a mate in `moves` moves or fewer (and at no
    /// other limit).
    pub fn mate(moves: u32) -> Limits {
        Limits {
            mate: Some(moves),
            ..Limits::default()
        }
    }

    /// Whether a limit other than a stop or a mate found ends the search
    /// when `turn` is to move: a depth, nodes, a time or `turn`'s clock.
    pub fn is_bounded(&self, turn: cescacs::Color) -> bool {
        let clock = match turn {
            cescacs::Color::White => self.white_time,
            cescacs::Color::Black => self.black_time,
        };
        self.depth.is_some() || self.nodes.is_some() || self.time.is_some() || clock.is_some()
    }

    /// These limits, choosing among `moves` at the root only (UCI `searchmoves`).
    pub fn with_search_moves(mut self, moves: Vec<Move>) -> Limits {
        self.search_moves = Some(moves);
        self
    }

    /// Limits from the numbers a binding or a command line reads (`None`:
    /// no such limit), time in seconds, checked by [`Limits::validate`].
    pub fn checked(
        depth: Option<u32>,
        nodes: Option<u64>,
        seconds: Option<f64>,
    ) -> Result<Limits, LimitsError> {
        let limits = Limits {
            depth,
            nodes,
            time: duration(seconds)?,
            ..Limits::default()
        };
        limits.validate()?;
        Ok(limits)
    }

    /// These limits with the clocks of `clock`, each time checked as
    /// [`Limits::checked`] checks `seconds`.
    pub fn with_clock_seconds(self, clock: ClockSeconds) -> Result<Limits, LimitsError> {
        Ok(Limits {
            white_time: duration(clock.white)?,
            black_time: duration(clock.black)?,
            white_inc: duration(clock.white_inc)?,
            black_inc: duration(clock.black_inc)?,
            moves_to_go: clock.moves_to_go,
            ..self
        })
    }

    /// Whether every limit set can be searched to: a depth, a node count
    /// and a mate of at least 1, and a `search_moves` list with a move in it.
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
        if self.mate == Some(0) {
            return Err(LimitsError::ZeroMate);
        }
        Ok(())
    }
}

/// A number of seconds as a duration: finite, 0 or more, below [`MAX_SECONDS`].
fn duration(seconds: Option<f64>) -> Result<Option<Duration>, LimitsError> {
    match seconds {
        Some(s) if !(s.is_finite() && (0.0..MAX_SECONDS).contains(&s)) => {
            Err(LimitsError::BadTime(s))
        }
        s => Ok(s.map(Duration::from_secs_f64)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validation_names_the_bad_limit() {
        assert_eq!(Limits::depth(0).validate(), Err(LimitsError::ZeroDepth));
        assert_eq!(Limits::nodes(0).validate(), Err(LimitsError::ZeroNodes));
        assert_eq!(
            Limits::default().with_search_moves(Vec::new()).validate(),
            Err(LimitsError::NoSearchMoves)
        );
        assert_eq!(
            Limits::checked(None, None, Some(-0.5))
                .unwrap_err()
                .to_string(),
            "time must be a number of seconds >= 0, not -0.5"
        );
        for bad in [f64::NAN, f64::INFINITY, MAX_SECONDS] {
            assert!(
                matches!(
                    Limits::checked(None, None, Some(bad)),
                    Err(LimitsError::BadTime(_))
                ),
                "{bad}"
            );
        }
        assert_eq!(
            Limits::checked(Some(0), None, None)
                .unwrap_err()
                .to_string(),
            "depth must be at least 1"
        );
        let ok = Limits::checked(Some(3), Some(10), Some(0.25)).unwrap();
        assert_eq!(
            (ok.depth, ok.nodes, ok.time),
            (Some(3), Some(10), Some(Duration::from_millis(250)))
        );
        assert!(Limits::default().validate().is_ok());
        assert_eq!(
            Limits::mate(0).validate().unwrap_err().to_string(),
            "mate must be at least 1 move"
        );
        assert!(Limits::mate(2).validate().is_ok());
        assert!(!Limits::mate(2).is_bounded(cescacs::Color::White));
        let clock = ClockSeconds {
            white: Some(60.0),
            black_inc: Some(-1.0),
            ..ClockSeconds::default()
        };
        assert_eq!(
            Limits::default().with_clock_seconds(clock).unwrap_err(),
            LimitsError::BadTime(-1.0)
        );
        let clock = ClockSeconds {
            white: Some(60.0),
            black: Some(0.5),
            moves_to_go: Some(3),
            ..ClockSeconds::default()
        };
        let l = Limits::depth(2).with_clock_seconds(clock).unwrap();
        assert_eq!(
            (
                l.depth,
                l.white_time,
                l.black_time,
                l.white_inc,
                l.moves_to_go
            ),
            (
                Some(2),
                Some(Duration::from_secs(60)),
                Some(Duration::from_millis(500)),
                None,
                Some(3)
            )
        );
        assert!(
            l.is_bounded(cescacs::Color::Black)
                && !Limits::default().is_bounded(cescacs::Color::White)
        );
        let only_black = Limits {
            black_time: Some(Duration::from_secs(1)),
            ..Limits::default()
        };
        assert!(
            only_black.is_bounded(cescacs::Color::Black)
                && !only_black.is_bounded(cescacs::Color::White)
        );
    }
}
