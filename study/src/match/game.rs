//! One game of a match between two sides: the moves asked for in turn,
//! each checked by the rules crate, the clocks charged by wall time, and
//! the game ended by the rules, the ply limit, an adjudication or a fault
//! (or abandoned, unrecorded, when the match is interrupted).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use cescacs::{Color, History, Position};

use crate::engine::instance::{Answer, Fault, Instance, Request};
use crate::r#match::adjudication::{Adjudication, Adjudicator};
use crate::r#match::clock::Clocks;
use crate::r#match::record::{Ending, GameRecord};
use crate::side::Side;

/// What every game of a match shares.
#[derive(Clone, Debug)]
pub(crate) struct GameRules {
    /// A game still going after this many engine plies is a draw.
    pub max_plies: usize,
    /// The latency a side is allowed beyond its time (unless its own
    /// limits set one).
    pub margin: Duration,
    /// How long a side without a clock or `movetime` may think.
    pub silence: Duration,
    /// How long an external engine has to start and answer `isready`.
    pub startup: Duration,
    /// Score adjudication.
    pub adjudication: Adjudication,
}

/// The UCI `position` line of a game, extended move by move.
struct PositionLine(String);

impl PositionLine {
    fn new(h: &History) -> PositionLine {
        let start = h.start();
        let mut text = if *start == Position::default() {
            "position startpos moves".to_string()
        } else {
            format!("position pdtl {} moves", start.to_pdtl())
        };
        for (pos, m) in h.positions().zip(h.moves()) {
            text.push(' ');
            text.push_str(&pos.ctl(&m));
        }
        PositionLine(text)
    }

    fn push(&mut self, ctl: &str) {
        self.0.push(' ');
        self.0.push_str(ctl);
    }
}

/// The sides of a game with their running engines: A's and B's, and the
/// colour A plays.
pub(crate) struct Table<'a> {
    pub a: (&'a Side, &'a mut Instance),
    pub b: (&'a Side, &'a mut Instance),
    pub a_color: Color,
}

impl Table<'_> {
    fn side(&mut self, color: Color) -> (&Side, &mut Instance) {
        let (side, engine) = if color == self.a_color {
            &mut self.a
        } else {
            &mut self.b
        };
        (side, engine)
    }
}

/// Plays the game of pair `pair` from `opening` at `table`; `None` when
/// `abort` is raised before it ends (checked before each move).
pub(crate) fn play(
    rules: &GameRules,
    pair: usize,
    opening: History,
    table: &mut Table<'_>,
    abort: &AtomicBool,
) -> Option<GameRecord> {
    let opening_len = opening.len();
    let mut h = opening;
    let mut clocks = match (
        table.side(Color::White).0.limits.tc,
        table.side(Color::Black).0.limits.tc,
    ) {
        (Some(w), Some(b)) => Some(Clocks::new(w, b)),
        _ => None,
    };
    let mut left = Vec::new();
    let ending = 'game: {
        for color in [Color::White, Color::Black] {
            let (side, engine) = table.side(color);
            if let Err(f) = engine.new_game(side, rules.startup) {
                break 'game fault_ending(color, f, false);
            }
        }
        let mut line = PositionLine::new(&h);
        let mut adjudicator = Adjudicator::new(rules.adjudication);
        while h.outcome().is_none() {
            if abort.load(Ordering::Relaxed) {
                return None;
            }
            if h.len() >= opening_len + rules.max_plies {
                break 'game Ending::MaxPlies;
            }
            let color = h.position().turn();
            let (side, engine) = table.side(color);
            let movetime = side.limits.movetime;
            let margin = side.limits.margin.unwrap_or(rules.margin);
            let timed = clocks.is_some() || movetime.is_some();
            let allowance = match (&clocks, movetime) {
                (_, Some(t)) => t + margin,
                (Some(c), None) => c.allowance(color, margin),
                (None, None) => rules.silence,
            };
            let start = Instant::now();
            let request = Request {
                game: &h,
                position: &line.0,
                clocks: clocks.as_ref(),
                deadline: start + allowance,
            };
            let answer = engine.think(side, &request);
            let elapsed = start.elapsed();
            let Answer { m, score } = match answer {
                Ok(a) => a,
                Err(f) => break 'game fault_ending(color, f, timed),
            };
            if let Some(c) = &mut clocks {
                if c.charge(color, elapsed, margin).is_err() {
                    break 'game Ending::TimeForfeit(color);
                }
                left.push(c.left(color));
            } else if movetime.is_some_and(|t| elapsed > t + margin) {
                break 'game Ending::TimeForfeit(color);
            }
            let ctl = h.position().ctl(&m);
            h.push_unchecked(m);
            line.push(&ctl);
            let zeroing = h.position().halfmove_clock() == 0;
            if let Some(v) = adjudicator.after_move(color, score, zeroing, h.len() / 2) {
                if h.outcome().is_none() {
                    break 'game Ending::Adjudicated(v);
                }
            }
        }
        Ending::Rules(h.outcome().expect("the loop ends at the rules' end"))
    };
    // An engine that failed once the match was interrupted may have been
    // interrupted itself (a terminal's Ctrl-C reaches its process group):
    // no result of the game's.
    let faulted = matches!(ending, Ending::Crashed(_) | Ending::Stalled(_));
    if faulted && abort.load(Ordering::Relaxed) {
        return None;
    }
    Some(record(pair, table.a_color, h, opening_len, ending, left))
}

/// The ending a fault of `side` gives: silence under a clock or a
/// `movetime` is a loss on time.
fn fault_ending(side: Color, fault: Fault, timed: bool) -> Ending {
    match fault {
        Fault::Illegal(text) => Ending::IllegalMove(side, text),
        Fault::Silent if timed => Ending::TimeForfeit(side),
        Fault::Silent => Ending::Stalled(side),
        Fault::Crashed(_) => Ending::Crashed(side),
    }
}

/// The record of a game that ended with `ending`.
fn record(
    pair: usize,
    a_color: Color,
    h: History,
    opening: usize,
    ending: Ending,
    clocks: Vec<Duration>,
) -> GameRecord {
    let white_black = match (&ending, ending.loser()) {
        (Ending::Rules(outcome), _) => outcome.points(),
        (_, Some(Color::White)) => (0, 3),
        (_, Some(Color::Black)) => (3, 0),
        (_, None) => (1, 1),
    };
    let points = if a_color == Color::White {
        white_black
    } else {
        (white_black.1, white_black.0)
    };
    let start = h.start().clone();
    let plies = h.len() - opening;
    GameRecord {
        pair,
        a_color,
        points,
        plies,
        ending,
        start,
        moves: h.moves().collect(),
        opening,
        clocks,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_lines_name_the_start_and_every_move() {
        let mut h = History::default();
        assert_eq!(PositionLine::new(&h).0, "position startpos moves");
        let m = h.position().parse_ctl("E7-E13").unwrap();
        h.push_unchecked(m);
        assert_eq!(PositionLine::new(&h).0, "position startpos moves E7-E13");
        let start: Position = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1".parse().unwrap();
        let line = PositionLine::new(&History::new(start.clone()));
        assert_eq!(line.0, format!("position pdtl {} moves", start.to_pdtl()));
    }

    #[test]
    fn faults_end_games_as_fastchess_ends_them() {
        assert_eq!(
            fault_ending(Color::White, Fault::Silent, true),
            Ending::TimeForfeit(Color::White)
        );
        assert_eq!(
            fault_ending(Color::Black, Fault::Silent, false),
            Ending::Stalled(Color::Black)
        );
        assert_eq!(
            fault_ending(Color::Black, Fault::Crashed("x".into()), true),
            Ending::Crashed(Color::Black)
        );
    }
}
