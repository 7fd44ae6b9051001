//! A side's engine at the board during a match: the built-in engine
//! searching in this process, or an external engine's process (started
//! for a game when it has none or its side restarts it every game, dropped
//! when it faults, so the next game starts it again). What it plays with
//! (its bounds, options, abstentions) is its [`Side`]'s, never copied here.

use std::time::{Duration, Instant};

use cescacs::{History, Move};
use cescacs_engine::Score;

use crate::engine::builtin;
use crate::engine::uci_process::{EngineError, UciEngine};
use crate::r#match::Clocks;
use crate::side::{Engine, Side};

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

/// A side's running engine.
pub(crate) enum Instance {
    /// The built-in engine.
    Builtin(Box<cescacs_engine::Engine>),
    /// An external engine's process, if one is running.
    Uci(Option<UciEngine>),
}

impl Instance {
    /// The engine of `side`; an external engine starts with its first game.
    pub(crate) fn new(side: &Side) -> Instance {
        match &side.engine {
            Engine::Builtin { options, .. } => {
                Instance::Builtin(Box::new(builtin::new_engine(options)))
            }
            Engine::Uci(_) => Instance::Uci(None),
        }
    }

    /// Readies the engine for a new game of `side`: clears the built-in
    /// engine's tables; starts the external engine if it has no process
    /// (or its side restarts it every game), and sends it `ucinewgame`.
    pub(crate) fn new_game(&mut self, side: &Side, timeout: Duration) -> Result<(), Fault> {
        match (self, &side.engine) {
            (Instance::Builtin(engine), _) => {
                engine.new_game();
                Ok(())
            }
            (Instance::Uci(process), Engine::Uci(spec)) => {
                if spec.restart {
                    *process = None;
                }
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
            (Instance::Uci(_), Engine::Builtin { .. }) => Err(not_the_sides()),
        }
    }

    /// `side`'s move in `req.game`'s position.
    pub(crate) fn think(&mut self, side: &Side, req: &Request<'_>) -> Result<Answer, Fault> {
        match (self, &side.engine) {
            (Instance::Builtin(engine), Engine::Builtin { abstain, .. }) => {
                let (m, score) =
                    builtin::best_move(engine, abstain, &side.limits, req.clocks, req.game);
                let m = m.ok_or_else(|| Fault::Illegal("(none)".to_string()))?;
                Ok(Answer {
                    m,
                    score: Some(score),
                })
            }
            (Instance::Uci(process), _) => {
                let Some(p) = process else {
                    return Err(Fault::Crashed("not running".to_string()));
                };
                let side_to_move = req.game.position().turn();
                let clock = req
                    .clocks
                    .map(|c| c.go_params(side_to_move))
                    .unwrap_or_default();
                let go = ["go", clock.as_str(), side.limits.go_params().as_str()]
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
            (Instance::Builtin(_), Engine::Uci(_)) => Err(not_the_sides()),
        }
    }
}

/// The fault of an engine asked to play for a side it was not made for
/// (an [`Instance`] is made from its side, so a match never meets it).
fn not_the_sides() -> Fault {
    Fault::Crashed("the running engine is not the side's".to_string())
}
