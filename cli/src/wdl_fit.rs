//! `cescacs wdl-fit`: fits the win/draw/loss model of `UCI_ShowWDL`
//! ([`cescacs_engine::WdlModel`]) on the engine's own games. It plays
//! `--games` self-play games at `--nodes` nodes a move, each from its own
//! seeded random opening (`--random-plies` random moves), records every
//! searched position's score with its game's result for the side to move,
//! and prints the model of greatest likelihood. A game still going after
//! [`MAX_PLIES`] plies is left out (and counted).
//!
//! ```text
//! games 300 (unfinished 0), positions 58563 (wins 26456, draws 5643, losses 26464)
//! a = 125.61, b = 437.02, mean log-likelihood -0.7259
//! ```
//!
//! Node-limited searches on one thread are deterministic, so the same
//! arguments print the same model on any machine.

use std::io::{self, Write};

use cescacs::random::{game_seed, SplitMix64};
use cescacs::History;
use cescacs_engine::{Engine, EngineOptions, Limits, Score, WdlModel, WdlOutcome};

/// Plies after which a game is given up (and left out of the fit).
pub const MAX_PLIES: usize = 1000;
/// Scores at or beyond this size are decided (a won stalemate is scored
/// about 20000) and left out: the model is for material and position.
const DECIDED_CP: i32 = 10_000;

/// The fit's settings.
pub struct FitArgs {
    pub games: u64,
    pub nodes: u64,
    pub seed: u64,
    pub random_plies: usize,
}

/// The scores of one game's searched positions, each from the side to
/// move's view with that side's colour, and how the game ended (`None`:
/// unfinished).
fn play(
    engine: &mut Engine,
    args: &FitArgs,
    game: u64,
) -> (Vec<(i32, cescacs::Color)>, Option<Option<cescacs::Color>>) {
    engine.new_game();
    let mut rng = SplitMix64::new(game_seed(args.seed, game));
    let mut history = History::default();
    for _ in 0..args.random_plies {
        let moves = history.position().legal_moves();
        if moves.is_empty() || history.is_game_over() {
            break;
        }
        history.push_unchecked(moves[rng.below(moves.len())]);
    }
    let limits = Limits::nodes(args.nodes);
    let mut scores = Vec::new();
    while !history.is_game_over() && history.len() < MAX_PLIES {
        let r = engine.search(&history, &limits, |_| {});
        let Some(best) = r.best_move else { break };
        if let Score::Cp(cp) = r.score {
            if cp.abs() < DECIDED_CP {
                scores.push((cp, history.position().turn()));
            }
        }
        history.push_unchecked(best);
    }
    let end = history.outcome().map(|o| o.winner);
    (scores, end)
}

/// Plays the games, fits the model and prints it.
pub fn run(args: &FitArgs, out: &mut dyn Write) -> io::Result<()> {
    let mut engine = Engine::new(EngineOptions {
        hash_mb: 16,
        threads: 1,
        ..EngineOptions::default()
    });
    let mut samples = Vec::new();
    let mut unfinished = 0;
    for game in 0..args.games {
        let (scores, end) = play(&mut engine, args, game);
        let Some(winner) = end else {
            unfinished += 1;
            continue;
        };
        samples.extend(scores.into_iter().map(|(cp, side)| {
            let outcome = match winner {
                None => WdlOutcome::Draw,
                Some(w) if w == side => WdlOutcome::Win,
                Some(_) => WdlOutcome::Loss,
            };
            (cp, outcome)
        }));
    }
    let count = |o: WdlOutcome| samples.iter().filter(|s| s.1 == o).count();
    writeln!(
        out,
        "games {} (unfinished {unfinished}), positions {} (wins {}, draws {}, losses {})",
        args.games,
        samples.len(),
        count(WdlOutcome::Win),
        count(WdlOutcome::Draw),
        count(WdlOutcome::Loss)
    )?;
    match WdlModel::fit(&samples) {
        Some(m) => writeln!(
            out,
            "a = {:.2}, b = {:.2}, mean log-likelihood {:.4}",
            m.a,
            m.b,
            m.log_likelihood(&samples)
        ),
        None => writeln!(out, "no finished game: nothing to fit"),
    }
}
