//! Time controls and the game clock the runner keeps for both sides by
//! wall time: `BASE+INC` seconds, the increment added after each move, a
//! side whose time runs out beyond the latency margin losing on time (as
//! fastchess and cutechess-cli keep them).

use std::fmt;
use std::time::Duration;

use cescacs::Color;

/// A time control: `base` for the game, `increment` added after each move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time for the whole game.
    pub base: Duration,
    /// Time added after each move.
    pub increment: Duration,
}

impl TimeControl {
    /// Reads `BASE+INC` or `BASE` in seconds (`10+0.1`, `60`, `0.5+0.01`).
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let seconds = |s: &str| -> Result<Duration, String> {
            let v: f64 = s
                .trim()
                .parse()
                .map_err(|_| format!("{s:?} is not a number of seconds"))?;
            Duration::try_from_secs_f64(v)
                .map_err(|_| format!("{s:?} is not a number of seconds >= 0"))
        };
        let (base, increment) = match text.split_once('+') {
            Some((b, i)) => (seconds(b)?, seconds(i)?),
            None => (seconds(text)?, Duration::ZERO),
        };
        if base.is_zero() && increment.is_zero() {
            return Err(format!("{text:?}: a time control needs some time"));
        }
        Ok(TimeControl { base, increment })
    }
}

impl fmt::Display for TimeControl {
    /// The PGN `TimeControl` form: `BASE+INC` in seconds (`10+0.1`), or
    /// `BASE` without an increment.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.base.as_secs_f64())?;
        if !self.increment.is_zero() {
            write!(f, "+{}", self.increment.as_secs_f64())?;
        }
        Ok(())
    }
}

/// Both sides' time left under a time control.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    tc: TimeControl,
    left: [Duration; 2],
}

/// A move's time beyond what its side had left (and the margin).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Overstep(pub Duration);

fn index(c: Color) -> usize {
    usize::from(c == Color::Black)
}

impl Clocks {
    /// Both clocks at `tc`'s base time.
    pub fn new(tc: TimeControl) -> Clocks {
        Clocks {
            tc,
            left: [tc.base; 2],
        }
    }

    /// The time control.
    pub fn time_control(&self) -> TimeControl {
        self.tc
    }

    /// The time `side` has left.
    pub fn left(&self, side: Color) -> Duration {
        self.left[index(side)]
    }

    /// How long `side` may think before it has lost: its time left plus
    /// the margin.
    pub fn allowance(&self, side: Color, margin: Duration) -> Duration {
        self.left(side) + margin
    }

    /// Charges `side` for a move that took `elapsed`: its time left drops
    /// by it (to zero at worst, within `margin` of a loss), then the
    /// increment is added. A move that overran the time left by more than
    /// `margin` loses; the clock then shows zero.
    pub fn charge(
        &mut self,
        side: Color,
        elapsed: Duration,
        margin: Duration,
    ) -> Result<(), Overstep> {
        let left = &mut self.left[index(side)];
        if elapsed > *left + margin {
            let over = elapsed - *left;
            *left = Duration::ZERO;
            return Err(Overstep(over));
        }
        *left = left.saturating_sub(elapsed) + self.tc.increment;
        Ok(())
    }

    /// The `go` parameters of this clock: `wtime … btime … winc … binc …`
    /// in milliseconds.
    pub fn go_params(&self) -> String {
        let inc = self.tc.increment.as_millis();
        format!(
            "wtime {} btime {} winc {inc} binc {inc}",
            self.left[0].as_millis(),
            self.left[1].as_millis()
        )
    }
}

/// A clock reading as PGN's `[%clk H:MM:SS.s]` (tenths, rounded down).
pub fn clk_comment(left: Duration) -> String {
    let tenths = left.as_millis() / 100;
    let (h, rest) = (tenths / 36_000, tenths % 36_000);
    format!(
        "[%clk {h}:{:02}:{:02}.{}]",
        rest / 600,
        rest / 10 % 60,
        rest % 10
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_and_print_in_seconds() {
        let tc = TimeControl::parse("10+0.1").unwrap();
        assert_eq!(
            tc,
            TimeControl {
                base: Duration::from_secs(10),
                increment: Duration::from_millis(100)
            }
        );
        assert_eq!(tc.to_string(), "10+0.1");
        assert_eq!(TimeControl::parse("60").unwrap().to_string(), "60");
        assert!(TimeControl::parse("0+0").is_err());
        assert!(TimeControl::parse("ten").is_err());
        assert!(TimeControl::parse("-1+1").is_err());
    }

    #[test]
    fn clocks_charge_moves_and_add_the_increment() {
        let ms = Duration::from_millis;
        let mut c = Clocks::new(TimeControl {
            base: ms(1000),
            increment: ms(100),
        });
        assert_eq!(c.go_params(), "wtime 1000 btime 1000 winc 100 binc 100");
        c.charge(Color::White, ms(300), ms(50)).unwrap();
        assert_eq!(c.left(Color::White), ms(800));
        // Over by 40 ms, within the 50 ms margin: zero, then the increment.
        c.charge(Color::Black, ms(1040), ms(50)).unwrap();
        assert_eq!(c.left(Color::Black), ms(100));
        assert_eq!(
            c.charge(Color::Black, ms(200), ms(50)),
            Err(Overstep(ms(100)))
        );
        assert_eq!(c.left(Color::Black), Duration::ZERO);
    }

    #[test]
    fn clock_comments_show_tenths() {
        assert_eq!(
            clk_comment(Duration::from_millis(4_160)),
            "[%clk 0:00:04.1]"
        );
        assert_eq!(clk_comment(Duration::from_secs(3_725)), "[%clk 1:02:05.0]");
    }
}
