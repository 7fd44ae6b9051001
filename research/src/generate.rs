//! Training positions from engine self-play, the network's data: seeded
//! random openings, then the engine at a fixed node count for both sides;
//! each searched position not in check becomes a [`Record`] with the
//! search's score and the game's result. `src/bin/gen_positions.rs` is its
//! command line; docs/NNUE.md describes the pipeline.
//!
//! The same [`Settings`] give the same records whatever the number of
//! threads: one search thread per game, a fresh table each game, the games
//! written in their order.

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use cescacs::random::{game_seed, SplitMix64};
use cescacs::History;
use cescacs_engine::nnue::Network;
use cescacs_engine::{Engine, EngineOptions, Limits, Score};

use crate::positions::{PositionsError, Record, Writer, UNFINISHED};

/// Plies after which a game stops unfinished ([`UNFINISHED`]).
pub const MAX_PLIES: usize = 300;

/// The evaluation that plays and labels the games. It is named rather
/// than taken from the engine's default, so the same settings keep giving
/// the same file.
#[derive(Clone, Debug)]
pub enum Labeller {
    /// The hand-written evaluation.
    HandWritten,
    /// The engine's built-in network.
    BuiltInNetwork,
    /// A network loaded from a file.
    Network(Arc<Network>),
}

/// What to generate.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Records to write (the last game is cut to fit).
    pub positions: usize,
    /// The search's node count for each move.
    pub nodes: u64,
    /// The seed of the games' openings ([`game_seed`] of it and the game's index).
    pub seed: u64,
    /// Games played at once, one search thread each.
    pub threads: usize,
    /// Random plies before the engine plays.
    pub opening_plies: usize,
    /// The evaluation that plays and labels.
    pub eval: Labeller,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            positions: 10_000,
            nodes: 1_000,
            seed: 1,
            threads: 1,
            opening_plies: 8,
            eval: Labeller::HandWritten,
        }
    }
}

/// The records written and the games they came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Records written.
    pub positions: usize,
    /// Games played to write them (the last one perhaps in part).
    pub games: u64,
}

/// Plays games by `settings` and writes their records, after the header,
/// to `out` (buffer it).
pub fn generate<W: Write>(settings: &Settings, out: W) -> Result<Summary, PositionsError> {
    let mut file = Writer::new(out)?;
    // Each thread takes the next game's index and plays it; the games are
    // written in index order (those that finish early wait in `done`), so
    // the file does not depend on the threads' timing.
    let next = AtomicU64::new(0);
    let enough = AtomicBool::new(false);
    let (tx, rx) = std::sync::mpsc::channel::<(u64, Vec<Record>)>();
    let mut summary = Summary {
        positions: 0,
        games: 0,
    };
    std::thread::scope(|s| -> Result<(), PositionsError> {
        for _ in 0..settings.threads.max(1) {
            let (tx, next, enough) = (tx.clone(), &next, &enough);
            s.spawn(move || {
                let mut engine = engine(&settings.eval);
                while !enough.load(Ordering::Relaxed) {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if tx.send((g, play_game(&mut engine, settings, g))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut done = BTreeMap::new();
        for (g, records) in rx.iter() {
            done.insert(g, records);
            while summary.positions < settings.positions {
                let Some(r) = done.remove(&summary.games) else {
                    break;
                };
                let take = r.len().min(settings.positions - summary.positions);
                for record in &r[..take] {
                    if let Err(e) = file.write(record) {
                        // Stop the players before giving up.
                        enough.store(true, Ordering::Relaxed);
                        return Err(e);
                    }
                }
                summary.positions += take;
                summary.games += 1;
            }
            if summary.positions >= settings.positions {
                enough.store(true, Ordering::Relaxed);
            }
        }
        Ok(())
    })?;
    file.finish()?;
    Ok(summary)
}

/// An engine of one search thread and a 16 MiB table with `eval`.
fn engine(eval: &Labeller) -> Engine {
    let mut engine = Engine::new(EngineOptions {
        hash_mb: 16,
        threads: 1,
        use_nnue: !matches!(eval, Labeller::HandWritten),
        ..Default::default()
    });
    if let Labeller::Network(net) = eval {
        engine.set_network(Arc::clone(net));
    }
    engine
}

/// The records of game `game` (seeded opening, then engine self-play).
fn play_game(engine: &mut Engine, settings: &Settings, game: u64) -> Vec<Record> {
    let mut rng = SplitMix64::new(game_seed(settings.seed, game));
    let mut history = History::default();
    for _ in 0..settings.opening_plies {
        let moves = history.position().legal_moves();
        if moves.is_empty() || history.is_game_over() {
            break;
        }
        history.push_unchecked(moves[rng.below(moves.len())]);
    }
    engine.new_game();
    let mut records = Vec::new();
    let limits = Limits::nodes(settings.nodes);
    while !history.is_game_over() && history.len() < MAX_PLIES {
        let result = engine.search(&history, &limits, |_| {});
        let Some(best) = result.best_move else { break };
        let pos = history.position();
        if !pos.is_check() {
            let score = match result.score {
                Score::Cp(cp) => cp.clamp(-20_000, 20_000),
                Score::Mate(n) if n > 0 => 20_000,
                Score::Mate(_) => -20_000,
            };
            // The result is known at the game's end.
            records.push(Record::new(
                pos,
                score as i16,
                UNFINISHED,
                history.len() as u16,
            ));
        }
        history.push_unchecked(best);
    }
    let result = match history.outcome() {
        Some(o) => cescacs::GameResult::from_outcome(&o)
            .points()
            .map_or(UNFINISHED, |(w, _)| w),
        None => UNFINISHED,
    };
    for r in &mut records {
        r.result = result;
    }
    records
}
