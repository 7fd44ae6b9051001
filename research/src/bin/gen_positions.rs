//! The network's training positions from engine self-play
//! (`cescacs_research::generate`), written to a positions file
//! (`cescacs_research::positions`). docs/NNUE.md describes the pipeline and
//! the Parquet conversion (`scripts/nnue/to_parquet.py`).
//!
//! ```text
//! cargo run --release -p cescacs-research --bin gen_positions -- \
//!     --positions N --nodes K --seed S --out FILE [--threads T] [--opening-plies P] \
//!     [--eval hand|nnue] [--eval-file NET]
//! ```
//!
//! `--eval` is the evaluation that plays and labels: `hand` (the default)
//! the hand-written one, `nnue` a network, so a network's games can label
//! the data for the next one: the built-in network, or the file
//! `--eval-file` names (which implies `nnue`). The same arguments give the
//! same file whatever the number of threads. A bad argument is reported on
//! stderr with exit status 2, a file that cannot be written with 1.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use cescacs_engine::nnue::Network;
use cescacs_research::generate::{generate, Labeller, Settings};

/// What `--help` prints.
const USAGE: &str = "\
Writes training positions from engine self-play (docs/NNUE.md).

Usage: gen_positions --positions N --nodes K --seed S --out FILE [--threads T]
                     [--opening-plies P] [--eval hand|nnue] [--eval-file NET]

  --positions N       positions to write
  --nodes K           nodes a search (one search a move)
  --seed S            seed of the games' random openings
  --out FILE          the positions file [default: positions.bin]
  --threads T         games played at once [default: 1]
  --opening-plies P   random plies that open each game [default: 8]
  --eval hand|nnue    the evaluation that plays and labels [default: hand]
  --eval-file NET     a network file to play and label with (implies nnue)
  -h, --help          print this
";

/// The settings and the output file the arguments ask for.
fn parse_args() -> Result<(Settings, String), String> {
    let mut s = Settings::default();
    let mut out = "positions.bin".to_string();
    let mut eval_file = false;
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let num = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag}: not a number: {value}"))
        };
        match flag.as_str() {
            "--positions" => s.positions = num()? as usize,
            "--nodes" => s.nodes = num()?,
            "--seed" => s.seed = num()?,
            "--out" => out = value.clone(),
            "--threads" => s.threads = num()?.max(1) as usize,
            "--opening-plies" => s.opening_plies = num()? as usize,
            "--eval" if eval_file => return Err("--eval-file already chose the network".into()),
            "--eval" => {
                s.eval = match value.as_str() {
                    "hand" => Labeller::HandWritten,
                    "nnue" => Labeller::BuiltInNetwork,
                    _ => return Err(format!("--eval: hand or nnue, not {value}")),
                }
            }
            "--eval-file" => {
                let net = Network::load(&value).map_err(|e| format!("--eval-file {value}: {e}"))?;
                s.eval = Labeller::Network(Arc::new(net));
                eval_file = true;
            }
            _ => return Err(format!("unknown argument {flag}")),
        }
    }
    Ok((s, out))
}

fn main() -> ExitCode {
    if std::env::args().skip(1).any(|a| a == "-h" || a == "--help") {
        print!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let (settings, out) = match parse_args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("gen_positions: {e}");
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    let written = std::fs::File::create(&out)
        .map_err(|e| e.to_string())
        .and_then(|f| generate(&settings, std::io::BufWriter::new(f)).map_err(|e| e.to_string()));
    let summary = match written {
        Ok(summary) => summary,
        Err(e) => {
            eprintln!("gen_positions: {out}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let secs = started.elapsed().as_secs_f64();
    let rate = summary.positions as f64 / secs;
    println!(
        "{} positions from {} games at {} nodes in {secs:.1} s: {rate:.0} positions/s, {:.2} M positions/hour on {} thread(s)",
        summary.positions,
        summary.games,
        settings.nodes,
        rate * 3600.0 / 1e6,
        settings.threads
    );
    ExitCode::SUCCESS
}
