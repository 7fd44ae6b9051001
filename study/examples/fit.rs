//! `cargo run --release -p cescacs-study --example fit -- [--skip N] [--bootstrap B] [--seed S] FILE...`:
//! fits the piece values to the results of the CTL-PGN games in FILEs
//! (e.g. written by `cescacs match --pgn`), Texel's method (`cescacs_study::fit`),
//! and prints them with bootstrap standard errors and as an `--eval values=…` setting.
//!
//! A game whose moves repeat an earlier game's is counted once (a match between
//! identical settings plays each opening's two games identically).

use std::collections::HashSet;
use std::io::BufReader;
use std::process::ExitCode;

use cescacs::pgn::Reader;
use cescacs::Move;
use cescacs_engine::{REFERENCE_VALUES, SITE_VALUES};
use cescacs_study::fit::{bootstrap, fit, quiet_samples, FIT_ROLES};

struct Args {
    skip: usize,
    replicates: usize,
    seed: u64,
    files: Vec<String>,
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        skip: 16,
        replicates: 200,
        seed: 0,
        files: Vec::new(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut number = |name: &str| {
            it.next()
                .and_then(|v| v.parse::<u64>().ok())
                .ok_or_else(|| format!("{name} needs a number"))
        };
        match arg.as_str() {
            "--skip" => a.skip = number("--skip")? as usize,
            "--bootstrap" => a.replicates = number("--bootstrap")?.clamp(0, 100_000) as usize,
            "--seed" => a.seed = number("--seed")?,
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            file => a.files.push(file.to_string()),
        }
    }
    if a.files.is_empty() {
        return Err("usage: fit [--skip N] [--bootstrap B] [--seed S] FILE...".to_string());
    }
    Ok(a)
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let args = args()?;
    let (mut read, mut unreadable, mut unfinished, mut duplicates, mut candidates) =
        (0usize, 0usize, 0usize, 0usize, 0usize);
    let mut seen: HashSet<Vec<Move>> = HashSet::new();
    let mut games = Vec::new();
    for path in &args.files {
        let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
        // Game by game: memory holds the samples, not the records.
        for entry in Reader::new(BufReader::new(file)) {
            read += 1;
            let Some(game) = entry.game.filter(|_| entry.errors.is_empty()) else {
                unreadable += 1;
                continue;
            };
            if !seen.insert(game.moves().collect()) {
                duplicates += 1;
                continue;
            }
            match quiet_samples(&game, args.skip) {
                Some(s) => {
                    candidates += game.len().saturating_sub(args.skip);
                    games.push(s);
                }
                None => unfinished += 1,
            }
        }
    }
    let positions: u64 = games.iter().map(|g| g.positions()).sum();
    println!(
        "{read} games read ({unreadable} unreadable, {unfinished} without a result, {duplicates} repeating an earlier one); \
         {} games fitted, {positions} quiet positions of the {candidates} from ply {} on",
        games.len(),
        args.skip
    );
    let model = fit(&games, None).map_err(|e| e.to_string())?;
    let errors = bootstrap(&games, args.replicates, args.seed);
    let values = model.values();
    println!("role  fitted  ±s.e.  site  reference");
    for (r, role) in FIT_ROLES.iter().enumerate() {
        let se = if r == 0 || !errors.std_error[r].is_finite() {
            "-".to_string()
        } else {
            format!("{:.0}", errors.std_error[r])
        };
        println!(
            "{:<4}  {:>6.0}  {:>5}  {:>4}  {:>9}",
            role.letter(),
            values[r],
            se,
            SITE_VALUES[r],
            REFERENCE_VALUES[r]
        );
    }
    println!(
        "a pawn is {:.4} logits of White's share, White's edge at level material {:.4} logits; \
         standard errors from {} bootstrap resamples of the games ({} failed), seed {}",
        model.weights[0], model.intercept, errors.replicates, errors.failed, args.seed
    );
    let spec: Vec<String> = values
        .iter()
        .map(|v| format!("{}", v.round().clamp(0.0, 3000.0)))
        .collect();
    println!("values={}", spec.join("/"));
    Ok(())
}
