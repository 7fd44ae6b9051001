//! Training positions from engine self-play: seeded random openings, then
//! the engine at a fixed node count for both sides; each searched position
//! is written packed (`cescacs_research::packed`) with the search's score
//! and the game's result. docs/NNUE.md describes the file and the Parquet
//! conversion (`scripts/nnue/to_parquet.py`).
//!
//! ```text
//! cargo run --release -p cescacs-research --example gen_positions -- \
//!     --positions N --nodes K --seed S --out FILE [--threads T] [--opening-plies P] \
//!     [--eval hand|nnue] [--eval-file NET]
//! ```
//!
//! `--eval` is the evaluation that plays and labels: `hand` (the default)
//! the hand-written one, `nnue` a network, so a network's games can label
//! the data for the next one: the built-in network, or the file
//! `--eval-file` names (which implies `nnue`). It is named here rather than
//! taken from the engine's default, so the same arguments keep giving the
//! same file.
//!
//! The file: the 8 bytes `CESPOS1\0`, then 64-byte records: the packed
//! position zero-padded to 58 bytes, the score (`i16` little-endian,
//! centipawns for the side to move, a mate as ±20,000), the result (`u8`:
//! White's points 0–3, 255 when the game reached the ply cap unfinished),
//! a zero byte, and the ply (`u16` little-endian). Positions in check are
//! left out. The same arguments give the same file whatever the number of
//! threads (one search thread per game, a fresh table each game, games
//! written in order).

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use cescacs::random::{game_seed, SplitMix64};
use cescacs::History;
use cescacs_engine::nnue::Network;
use cescacs_engine::{Engine, EngineOptions, Limits, Score};
use cescacs_research::packed::{pack_into, MAX_PACKED};

/// Bytes per record.
const RECORD: usize = 64;
/// Plies after which a game stops unfinished.
const MAX_PLIES: usize = 300;

struct Args {
    positions: usize,
    nodes: u64,
    seed: u64,
    out: String,
    threads: usize,
    opening_plies: usize,
    eval: Labeller,
}

/// The evaluation that plays and labels the games.
enum Labeller {
    HandWritten,
    BuiltInNetwork,
    NetworkFile(String),
}

fn parse_args() -> Args {
    let mut a = Args {
        positions: 10_000,
        nodes: 1_000,
        seed: 1,
        out: "positions.bin".into(),
        threads: 1,
        opening_plies: 8,
        eval: Labeller::HandWritten,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        let num = || {
            value
                .parse::<u64>()
                .unwrap_or_else(|_| panic!("{flag}: not a number: {value}"))
        };
        match flag.as_str() {
            "--positions" => a.positions = num() as usize,
            "--nodes" => a.nodes = num(),
            "--seed" => a.seed = num(),
            "--out" => a.out = value.clone(),
            "--threads" => a.threads = num().max(1) as usize,
            "--opening-plies" => a.opening_plies = num() as usize,
            "--eval" => {
                a.eval = match (value.as_str(), &a.eval) {
                    (_, Labeller::NetworkFile(_)) => {
                        panic!("--eval-file already chose the network")
                    }
                    ("hand", _) => Labeller::HandWritten,
                    ("nnue", _) => Labeller::BuiltInNetwork,
                    _ => panic!("--eval: hand or nnue, not {value}"),
                }
            }
            "--eval-file" => a.eval = Labeller::NetworkFile(value.clone()),
            _ => panic!("unknown argument {flag}"),
        }
    }
    a
}

/// The records of one game (seeded opening, then engine self-play).
fn play_game(engine: &mut Engine, args: &Args, game: u64) -> Vec<u8> {
    let mut rng = SplitMix64::new(game_seed(args.seed, game));
    let mut history = History::default();
    for _ in 0..args.opening_plies {
        let moves = history.position().legal_moves();
        if moves.is_empty() || history.is_game_over() {
            break;
        }
        history.push_unchecked(moves[rng.below(moves.len())]);
    }
    engine.new_game();
    let (mut out, mut plies) = (Vec::new(), Vec::new());
    let limits = Limits::nodes(args.nodes);
    while !history.is_game_over() && history.len() < MAX_PLIES {
        let result = engine.search(&history, &limits, |_| {});
        let Some(best) = result.best_move else { break };
        let pos = history.position();
        if !pos.is_check() {
            let score = match result.score {
                Score::Cp(cp) => cp.clamp(-20_000, 20_000),
                Score::Mate(n) => {
                    if n > 0 {
                        20_000
                    } else {
                        -20_000
                    }
                }
            };
            let start = out.len();
            pack_into(pos, &mut out);
            out.resize(start + MAX_PACKED, 0);
            out.extend_from_slice(&(score as i16).to_le_bytes());
            out.extend_from_slice(&[0, 0]);
            out.extend_from_slice(&(history.len() as u16).to_le_bytes());
            plies.push(start);
        }
        history.push_unchecked(best);
    }
    let result = match history.outcome() {
        Some(o) => cescacs::GameResult::from_outcome(&o)
            .points()
            .map_or(255, |(w, _)| w),
        None => 255,
    };
    for start in plies {
        out[start + MAX_PACKED + 2] = result;
    }
    out
}

fn main() {
    let args = parse_args();
    let network = match &args.eval {
        Labeller::NetworkFile(path) => Some(Arc::new(
            Network::load(path).unwrap_or_else(|e| panic!("--eval-file {path}: {e}")),
        )),
        _ => None,
    };
    let use_nnue = !matches!(args.eval, Labeller::HandWritten);
    let started = Instant::now();
    let mut file =
        std::io::BufWriter::new(std::fs::File::create(&args.out).expect("the output file"));
    file.write_all(b"CESPOS1\0").unwrap();
    // Each thread takes the next game's index and plays it; the games are
    // written in index order (those that finish early wait in `done`), so
    // the file does not depend on the threads' timing.
    let next = AtomicU64::new(0);
    let enough = AtomicBool::new(false);
    let (tx, rx) = std::sync::mpsc::channel::<(u64, Vec<u8>)>();
    let (mut written, mut games) = (0usize, 0u64);
    std::thread::scope(|s| {
        for _ in 0..args.threads {
            let (tx, args, next, enough, network) = (tx.clone(), &args, &next, &enough, &network);
            s.spawn(move || {
                let mut engine = Engine::new(EngineOptions {
                    hash_mb: 16,
                    threads: 1,
                    use_nnue,
                    ..Default::default()
                });
                if let Some(net) = network {
                    engine.set_network(Arc::clone(net));
                }
                while !enough.load(Ordering::Relaxed) {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if tx.send((g, play_game(&mut engine, args, g))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut done = std::collections::BTreeMap::new();
        for (g, records) in rx.iter() {
            done.insert(g, records);
            while written < args.positions {
                let Some(r) = done.remove(&games) else { break };
                let take = (r.len() / RECORD).min(args.positions - written);
                file.write_all(&r[..take * RECORD]).unwrap();
                written += take;
                games += 1;
            }
            if written >= args.positions {
                enough.store(true, Ordering::Relaxed);
            }
        }
    });
    file.flush().unwrap();
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{written} positions from {games} games at {} nodes in {secs:.1} s: {:.0} positions/s, {:.2} M positions/hour on {} thread(s)",
        args.nodes,
        written as f64 / secs,
        written as f64 / secs * 3600.0 / 1e6,
        args.threads
    );
}
