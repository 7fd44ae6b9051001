//! A side at the board during a match: the built-in engine searching in
//! this process, or an external engine's process (started for a game when
//! it has none, dropped when it faults, so the next game restarts it).

use std::time::{Duration, Instant};

use cescacs::{History, Move};
use cescacs_engine::{Engine, EngineOptions, Limits, Score};

use crate::clock::Clocks;
use crate::contender::{Contender, Entrant, SearchLimits};
use crate::engine_spec::EngineSpec;
use crate::player::Player;
use crate::uci_engine::{EngineError, UciEngine};

/// How a side failed to give a move; it loses the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Fault {
    /// It answered a move that is not legal (or no move at all).
    Illegal(String),
    /// No `bestmove` before its time and the margin ran out.
    Silent,
    /// Its process exited, could not be written to, or did not start.
    Crashed(String),
}

/// What a side is asked for one move.
pub(crate) struct Request<'a> {
    /// The game so far.
    pub game: &'a History,
    /// The UCI `position` line of `game`.
    pub position: &'a str,
    /// The clocks, under a time control.
    pub clocks: Option<&'a Clocks>,
    /// When the side has lost if it has not answered.
    pub deadline: Instant,
}

/// A move and the score the side gave it (its own view).
pub(crate) struct Answer {
    pub m: Move,
    pub score: Option<Score>,
}

/// A side at the board.
pub(crate) enum Seat {
    Builtin {
        engine: Box<Engine>,
        player: Player,
        limits: SearchLimits,
    },
    External {
        spec: EngineSpec,
        limits: SearchLimits,
        process: Option<UciEngine>,
    },
}

impl Seat {
    /// The side `contender` describes; an external engine starts with its
    /// first game.
    pub(crate) fn new(contender: &Contender) -> Seat {
        let limits = contender.limits.clone();
        match &contender.entrant {
            Entrant::Builtin(player) => {
                let engine = Box::new(Engine::new(EngineOptions {
                    threads: 1,
                    ..player.options
                }));
                Seat::Builtin {
                    engine,
                    player: *player,
                    limits,
                }
            }
            Entrant::External(spec) => Seat::External {
                spec: spec.clone(),
                limits,
                process: None,
            },
        }
    }

    /// Readies the side for a new game: clears the built-in engine's
    /// tables; starts the external engine if it has no process, and sends
    /// it `ucinewgame`.
    pub(crate) fn new_game(&mut self, timeout: Duration) -> Result<(), Fault> {
        match self {
            Seat::Builtin { engine, .. } => {
                engine.new_game();
                Ok(())
            }
            Seat::External { spec, process, .. } => {
                let result = match process {
                    Some(p) => p.new_game(timeout),
                    None => UciEngine::start(spec, timeout)
                        .and_then(|mut p| p.new_game(timeout).map(|()| *process = Some(p))),
                };
                result.map_err(|e| {
                    *process = None;
                    Fault::Crashed(e.to_string())
                })
            }
        }
    }

    /// The side's move in `req.game`'s position.
    pub(crate) fn think(&mut self, req: &Request<'_>) -> Result<Answer, Fault> {
        match self {
            Seat::Builtin {
                engine,
                player,
                limits,
            } => {
                let limits = builtin_limits(limits, req.clocks, req.game);
                let result = engine.search(req.game, &player.restrict(req.game, limits), |_| {});
                let m = result
                    .best_move
                    .ok_or_else(|| Fault::Illegal("(none)".to_string()))?;
                Ok(Answer {
                    m,
                    score: Some(result.score),
                })
            }
            Seat::External {
                limits, process, ..
            } => {
                let Some(p) = process else {
                    return Err(Fault::Crashed("not running".to_string()));
                };
                let clock = req.clocks.map(|c| c.go_params()).unwrap_or_default();
                let go = ["go", clock.as_str(), limits.go_params().as_str()]
                    .iter()
                    .filter(|w| !w.is_empty())
                    .copied()
                    .collect::<Vec<_>>()
                    .join(" ");
                match p.search(req.position, &go, req.deadline) {
                    Ok(best) => {
                        let pos = req.game.position();
                        let m = pos
                            .parse_ctl(&best.text)
                            .or_else(|_| pos.parse_long(&best.text))
                            .map_err(|_| Fault::Illegal(best.text.clone()))?;
                        Ok(Answer {
                            m,
                            score: best.score,
                        })
                    }
                    Err(e) => {
                        *process = None;
                        Err(match e {
                            EngineError::Timeout(_) => Fault::Silent,
                            e => Fault::Crashed(e.to_string()),
                        })
                    }
                }
            }
        }
    }
}

/// The built-in engine's limits for one move: the side's bounds, and
/// under a clock (without a `movetime`) a share of its time left: a
/// twenty-fifth of it and three quarters of the increment, at most half
/// of it.
fn builtin_limits(limits: &SearchLimits, clocks: Option<&Clocks>, game: &History) -> Limits {
    let budget = clocks.map(|c| {
        let side = game.position().turn();
        let left = c.left(side);
        (left / 25 + c.time_control().increment * 3 / 4)
            .min(left / 2)
            .max(Duration::from_millis(1))
    });
    Limits {
        depth: limits.depth,
        nodes: limits.nodes,
        time: limits.movetime.or(budget),
        ..Limits::default()
    }
}
