//! Time controls and the game clock the runner keeps for both sides by
//! wall time: `BASE+INC` seconds, the increment added after each move, a
//! side whose time runs out beyond the latency margin losing on time (as
//! fastchess and cutechess-cli keep them).

use std::fmt;
use std::time::Duration;

use cescacs::Color;

/// A time control: `base` for the game (or for each `moves` moves),
/// `increment` added after each move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Moves of a period: after each `moves` moves of a side, `base` is
    /// added to its clock again (fastchess's `40/60+0.6`); `None`: the
    /// whole game is one period.
    pub moves: Option<u32>,
    /// Time for a period (the whole game without `moves`).
    pub base: Duration,
    /// Time added after each move.
    pub increment: Duration,
}

impl TimeControl {
    /// Reads fastchess's `[MOVES/]BASE[+INC]`: seconds (`10+0.1`, `60`,
    /// `0.5+0.01`), or minutes and seconds (`1:30+1`), with a period of
    /// MOVES moves (`40/10+0.1`).
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let seconds = |s: &str| -> Result<Duration, String> {
            let v: f64 = s
                .trim()
                .parse()
                .map_err(|_| format!("{s:?} is not a number of seconds"))?;
            Duration::try_from_secs_f64(v)
                .map_err(|_| format!("{s:?} is not a number of seconds >= 0"))
        };
        let (moves, rest) = match text.split_once('/') {
            Some((m, rest)) => {
                let m: u32 = m
                    .trim()
                    .parse()
                    .ok()
                    .filter(|&m| m > 0)
                    .ok_or_else(|| format!("{m:?} is not a number of moves > 0"))?;
                (Some(m), rest)
            }
            None => (None, text),
        };
        let (base, increment) = match rest.split_once('+') {
            Some((b, i)) => (b, seconds(i)?),
            None => (rest, Duration::ZERO),
        };
        let base = match base.split_once(':') {
            Some((min, sec)) => seconds(min)? * 60 + seconds(sec)?,
            None => seconds(base)?,
        };
        if base.is_zero() && increment.is_zero() {
            return Err(format!("{text:?}: a time control needs some time"));
        }
        Ok(TimeControl {
            moves,
            base,
            increment,
        })
    }
}

impl fmt::Display for TimeControl {
    /// fastchess's form, also PGN's `TimeControl`: `[MOVES/]BASE[+INC]` in
    /// seconds (`10+0.1`, `40/60`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(m) = self.moves {
            write!(f, "{m}/")?;
        }
        write!(f, "{}", self.base.as_secs_f64())?;
        if !self.increment.is_zero() {
            write!(f, "+{}", self.increment.as_secs_f64())?;
        }
        Ok(())
    }
}

/// Both sides' time left, each under its own time control.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    tc: [TimeControl; 2],
    left: [Duration; 2],
    moves: [u32; 2],
}

/// A move's time beyond what its side had left (and the margin).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Overstep(pub Duration);

fn index(c: Color) -> usize {
    usize::from(c == Color::Black)
}

impl Clocks {
    /// White's clock at `white`'s base time, Black's at `black`'s.
    pub fn new(white: TimeControl, black: TimeControl) -> Clocks {
        Clocks {
            tc: [white, black],
            left: [white.base, black.base],
            moves: [0; 2],
        }
    }

    /// `side`'s time control.
    pub fn time_control(&self, side: Color) -> TimeControl {
        self.tc[index(side)]
    }

    /// The time `side` has left.
    pub fn left(&self, side: Color) -> Duration {
        self.left[index(side)]
    }

    /// The moves `side` has to play before its next period starts (UCI's
    /// `movestogo`), under a time control with periods.
    pub fn moves_to_go(&self, side: Color) -> Option<u32> {
        let n = self.time_control(side).moves?;
        Some(n - self.moves[index(side)] % n)
    }

    /// How long `side` may think before it has lost: its time left plus
    /// the margin.
    pub fn allowance(&self, side: Color, margin: Duration) -> Duration {
        self.left(side) + margin
    }

    /// Charges `side` for a move that took `elapsed`: its time left drops
    /// by it (to zero at worst, within `margin` of a loss), then the
    /// increment is added, and the base again when the move ends a period.
    /// A move that overran the time left by more than `margin` loses; the
    /// clock then shows zero.
    pub fn charge(
        &mut self,
        side: Color,
        elapsed: Duration,
        margin: Duration,
    ) -> Result<(), Overstep> {
        let i = index(side);
        let tc = self.tc[i];
        let left = &mut self.left[i];
        if elapsed > *left + margin {
            let over = elapsed - *left;
            *left = Duration::ZERO;
            return Err(Overstep(over));
        }
        *left = left.saturating_sub(elapsed) + tc.increment;
        self.moves[i] += 1;
        if tc.moves.is_some_and(|n| self.moves[i] % n == 0) {
            *left += tc.base;
        }
        Ok(())
    }

    /// The `go` parameters of this clock for `side` to move: `wtime …
    /// btime … winc … binc …` in milliseconds, and `movestogo N` under a
    /// time control with periods.
    pub fn go_params(&self, side: Color) -> String {
        let mut go = format!(
            "wtime {} btime {} winc {} binc {}",
            self.left[0].as_millis(),
            self.left[1].as_millis(),
            self.tc[0].increment.as_millis(),
            self.tc[1].increment.as_millis()
        );
        if let Some(n) = self.moves_to_go(side) {
            go.push_str(&format!(" movestogo {n}"));
        }
        go
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
                moves: None,
                base: Duration::from_secs(10),
                increment: Duration::from_millis(100)
            }
        );
        let periods = TimeControl::parse("40/1:30+0.5").unwrap();
        assert_eq!(periods.moves, Some(40));
        assert_eq!(periods.base, Duration::from_secs(90));
        assert_eq!(periods.to_string(), "40/90+0.5");
        assert!(TimeControl::parse("0/10").is_err());
        assert!(TimeControl::parse("x/10").is_err());
        assert_eq!(tc.to_string(), "10+0.1");
        assert_eq!(TimeControl::parse("60").unwrap().to_string(), "60");
        assert!(TimeControl::parse("0+0").is_err());
        assert!(TimeControl::parse("ten").is_err());
        assert!(TimeControl::parse("-1+1").is_err());
    }

    #[test]
    fn clocks_charge_moves_and_add_the_increment() {
        let ms = Duration::from_millis;
        let tc = TimeControl {
            moves: None,
            base: ms(1000),
            increment: ms(100),
        };
        let mut c = Clocks::new(tc, tc);
        assert_eq!(
            c.go_params(Color::White),
            "wtime 1000 btime 1000 winc 100 binc 100"
        );
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
    fn periods_give_the_base_again_and_count_the_moves_to_go() {
        let ms = Duration::from_millis;
        let white = TimeControl::parse("2/1").unwrap();
        let black = TimeControl::parse("3+0.5").unwrap();
        let mut c = Clocks::new(white, black);
        assert_eq!(
            c.go_params(Color::White),
            "wtime 1000 btime 3000 winc 0 binc 500 movestogo 2"
        );
        c.charge(Color::White, ms(400), ms(0)).unwrap();
        assert_eq!(c.moves_to_go(Color::White), Some(1));
        assert_eq!(c.moves_to_go(Color::Black), None);
        c.charge(Color::White, ms(500), ms(0)).unwrap();
        // Two moves played: the period's second starts with 100 ms left plus a second.
        assert_eq!(c.left(Color::White), ms(1100));
        assert_eq!(c.moves_to_go(Color::White), Some(2));
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
