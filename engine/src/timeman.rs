//! The time manager: when a search on the clock stops.
//!
//! From the clock of the side to move (time left, increment, moves to the
//! next time control) it sets two limits, as Stockfish's `timeman.cpp`
//! does:
//! - a **soft** limit, checked between iterations: no new iteration starts
//!   once it is near (an iteration takes several times the one before), and
//!   it grows while the best move changes between iterations and shrinks
//!   while it stays;
//! - a **hard** limit, checked during the search: it stops at once, even
//!   inside depth 1 once a root move has been searched in full (the one
//!   time limit that does not wait for depth 1: a clock can be lost).
//!
//! A safety margin (the move overhead: the time a move takes to reach the
//! clock) is kept out of both for every move to come. `movetime` is a hard
//! limit of its own. While the engine ponders no time limit applies; when
//! pondering ends (UCI `ponderhit`) the limits count from the search's
//! start, as Stockfish counts them from `go ponder`: the time spent
//! pondering on the move played is time the engine has already thought.

use std::time::Duration;

use cescacs::Color;

use crate::clock::Instant;
use crate::control::Control;
use crate::limits::Limits;
/// How many moves the time left is shared over when the clock gives no
/// moves to go (C'escacs games are long).
const HORIZON: u32 = 50;
/// The hard limit as a multiple of the soft one, at most (an iteration
/// takes several times the one before, so a search often ends on it).
const HARD_PER_SOFT: f64 = 3.0;
/// The share of the time left the hard limit never passes.
const HARD_SHARE: f64 = 0.8;
/// A new iteration starts only before this share of the (scaled) soft limit.
const NEW_ITERATION_SHARE: f64 = 0.5;

/// The soft and hard limits of one move on the clock.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct Budget {
    /// Start no iteration after (a share of) this.
    pub soft: Duration,
    /// Stop at this.
    pub hard: Duration,
}

/// The budget of a move with `left` on the clock, `inc` added after it,
/// `moves_to_go` to the next time control (`None` or 0: the rest of the
/// game) and `overhead` lost per move.
pub(crate) fn budget(
    left: Duration,
    inc: Duration,
    moves_to_go: Option<u32>,
    overhead: Duration,
) -> Budget {
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let (left, inc, overhead) = (ms(left), ms(inc), ms(overhead));
    let mtg = f64::from(
        moves_to_go
            .filter(|&m| m > 0)
            .map_or(HORIZON, |m| m.min(HORIZON)),
    );
    // The time of the moves ahead: what is left, the increments of all but
    // this move, less the overhead of each (and two spare).
    let pool = (left + inc * (mtg - 1.0) - overhead * (mtg + 2.0)).max(1.0);
    // The last move before a time control may use most of what is left.
    let share = if mtg <= 1.0 { 0.7 } else { 0.25 };
    let ceiling = ((left - overhead) * HARD_SHARE).max(left * 0.1).max(0.5);
    let soft = (pool / mtg).min(left * share).min(ceiling).max(0.1);
    let hard = (soft * HARD_PER_SOFT).min(ceiling).max(soft);
    let d = |v: f64| Duration::from_secs_f64(v / 1000.0);
    Budget {
        soft: d(soft),
        hard: d(hard),
    }
}

/// How much the best move moved between iterations: a decaying count of
/// changes that scales the soft limit (0.7 while it stays, up to about
/// 2.2 while it changes at every iteration).
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Instability {
    changes: f64,
}

impl Instability {
    /// One iteration more, whose best move is `now` (`before`: the last one's).
    pub fn record<M: PartialEq>(&mut self, before: Option<M>, now: M) {
        let changed = before.is_some_and(|b| b != now);
        self.changes = self.changes * 0.5 + if changed { 1.0 } else { 0.0 };
    }

    /// The soft limit's scale.
    pub fn factor(&self) -> f64 {
        0.7 + 0.75 * self.changes
    }
}

/// The time limits of one search, shared by its threads.
pub(crate) struct TimeControl {
    start: Instant,
    movetime: Option<Duration>,
    budget: Option<Budget>,
    /// Its pondering flag: set while the engine ponders.
    control: Control,
}

impl TimeControl {
    /// The time limits of `limits` for a search that started at `start`
    /// with `turn` to move, `overhead` lost per move and `control` saying
    /// while it ponders.
    pub fn new(
        start: Instant,
        limits: &Limits,
        turn: Color,
        overhead: Duration,
        control: Control,
    ) -> TimeControl {
        let (left, inc) = match turn {
            Color::White => (limits.white_time, limits.white_inc),
            Color::Black => (limits.black_time, limits.black_inc),
        };
        let budget =
            left.map(|left| budget(left, inc.unwrap_or_default(), limits.moves_to_go, overhead));
        TimeControl {
            start,
            movetime: limits.time,
            budget,
            control,
        }
    }

    /// When the clock started: `None` while pondering.
    fn origin(&self) -> Option<Instant> {
        (!self.control.is_pondering()).then_some(self.start)
    }

    /// Whether the search must stop now (`movetime` or the hard limit).
    pub fn past_hard(&self) -> bool {
        let Some(origin) = self.origin() else {
            return false;
        };
        let spent = origin.elapsed();
        self.movetime.is_some_and(|t| spent >= t) || self.budget.is_some_and(|b| spent >= b.hard)
    }

    /// Whether the clock's hard limit is past (the limit that applies
    /// before depth 1 is complete).
    pub fn past_clock_hard(&self) -> bool {
        let (Some(origin), Some(b)) = (self.origin(), self.budget) else {
            return false;
        };
        origin.elapsed() >= b.hard
    }

    /// Whether no new iteration should start, the soft limit scaled by `factor`.
    pub fn past_soft(&self, factor: f64) -> bool {
        let (Some(origin), Some(b)) = (self.origin(), self.budget) else {
            return false;
        };
        let target = b.soft.mul_f64(factor * NEW_ITERATION_SHARE).min(b.hard);
        origin.elapsed() >= target
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::DEFAULT_MOVE_OVERHEAD;

    fn ms(v: u64) -> Duration {
        Duration::from_millis(v)
    }

    #[test]
    fn limits_stay_inside_the_time_left() {
        for left in [1, 5, 10, 20, 50, 100, 500, 1_000, 10_000, 60_000, 3_600_000] {
            for inc in [0, 10, 1_000] {
                for mtg in [None, Some(1), Some(2), Some(40)] {
                    let b = budget(ms(left), ms(inc), mtg, DEFAULT_MOVE_OVERHEAD);
                    assert!(b.soft <= b.hard, "{left} {inc} {mtg:?}: {b:?}");
                    assert!(
                        b.hard <= ms(left).mul_f64(HARD_SHARE).max(ms(1)),
                        "{left} {inc} {mtg:?}: {b:?}"
                    );
                    assert!(b.soft > Duration::ZERO);
                }
            }
        }
        // One minute and 10 ms a move: about 1.2 s a move, the hard limit three times it.
        let b = budget(ms(60_000), ms(10), None, DEFAULT_MOVE_OVERHEAD);
        assert_eq!((b.soft.as_millis(), b.hard.as_millis()), (1199, 3598));
        // The last move before the control may take most of the time left.
        let b = budget(ms(10_000), ms(0), Some(1), DEFAULT_MOVE_OVERHEAD);
        assert_eq!((b.soft.as_millis(), b.hard.as_millis()), (7000, 7992));
    }

    #[test]
    fn a_changing_best_move_gives_more_time() {
        let mut i = Instability::default();
        i.record(None, 1);
        let calm = i.factor();
        i.record(Some(1), 2);
        i.record(Some(2), 3);
        assert!(i.factor() > 1.5 * calm, "{} {calm}", i.factor());
        for _ in 0..10 {
            i.record(Some(3), 3);
        }
        assert!((i.factor() - calm).abs() < 0.01);
    }
}
