//! The streaming CTL-PGN reader alone over files, once each: the yardstick
//! for `cescacs pgn`, which reads the same way and then prints a summary per
//! game. Timed as a whole process, the two give what the command line adds.
//!
//! ```text
//! cargo build --release -p cescacs --example read_pgn
//! /usr/bin/time -v target/release/examples/read_pgn FILE...
//! ```
//!
//! Prints one line per file: games, games with an error, plies read.

use std::fs::File;
use std::io::BufReader;

use cescacs::pgn::Reader;

fn main() {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: read_pgn FILE...");
        std::process::exit(2);
    }
    for path in &paths {
        let file = File::open(path).unwrap_or_else(|e| {
            eprintln!("error: {path}: {e}");
            std::process::exit(1);
        });
        let (mut games, mut bad, mut plies) = (0u64, 0u64, 0u64);
        for entry in Reader::new(BufReader::new(file)) {
            games += 1;
            match (&entry.game, entry.errors.is_empty()) {
                (Some(g), true) => plies += g.len() as u64,
                _ => bad += 1,
            }
        }
        println!("{path}: {games} games ({bad} with errors), {plies} plies");
    }
}
