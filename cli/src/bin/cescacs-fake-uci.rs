//! `cescacs-fake-uci MODE [N]`: a UCI engine in this project's dialect that
//! misbehaves on purpose, for testing `cescacs match` (test support, not a
//! player). It declares the options Hash (1..1024), Threads (1) and Skill
//! Level (0..20), ignoring their values, and plays legal moves of the rules
//! crate and answers at once, except as its mode says:
//!
//! ```text
//! random [SEED]      a seeded random legal move, `info depth 1 score cp 0` first
//! first              the first legal move, no info line (the quickest answer)
//! score CP           a random legal move after `info depth 1 score cp CP`
//! illegal-after N    legal moves, then after N of them a move that is not legal
//! slow MS            sleeps MS before each answer
//! silent-after N     N answers, then never a `bestmove`
//! exit-after N       N answers, then exits at the next `go`
//! no-uciok           answers `uci` without `uciok`
//! log FILE           as `first`, and appends every line it reads to FILE
//! ```

use std::io::{self, BufRead, Write};
use std::time::Duration;

use cescacs::random::SplitMix64;
use cescacs::{History, Position};

struct Fake {
    mode: String,
    n: u64,
    arg: String,
    rng: SplitMix64,
    answers: u64,
    game: History,
    moves: Vec<String>,
}

impl Fake {
    /// Sets the game from `position startpos|pdtl … moves …`, playing only
    /// the moves past those it already has when the start is the same.
    fn position(&mut self, words: &[&str]) {
        let split = words
            .iter()
            .position(|&w| w == "moves")
            .unwrap_or(words.len());
        let start = match &words[..split] {
            ["startpos"] => Position::default(),
            ["pdtl", pdtl @ ..] => pdtl.join(" ").parse().expect("a PDTL"),
            _ => panic!("bad position command"),
        };
        let moves = words.get(split + 1..).unwrap_or(&[]);
        let extends = *self.game.start() == start
            && moves.len() >= self.moves.len()
            && moves[..self.moves.len()] == self.moves[..];
        if !extends {
            self.game = History::new(start);
            self.moves.clear();
        }
        for text in &moves[self.moves.len()..] {
            let m = self.game.position().parse_ctl(text).expect("a legal move");
            self.game.push_unchecked(m);
            self.moves.push(text.to_string());
        }
    }

    /// The answer to `go`, or `None` for no answer.
    fn go(&mut self, out: &mut impl Write) -> Option<String> {
        self.answers += 1;
        let pos = self.game.position();
        let moves = pos.legal_moves();
        let first = moves
            .iter()
            .map(|m| pos.ctl(m))
            .min()
            .unwrap_or_else(|| "(none)".to_string());
        let pick = |rng: &mut SplitMix64| {
            if moves.is_empty() {
                "(none)".to_string()
            } else {
                pos.ctl(&moves[rng.below(moves.len())])
            }
        };
        match self.mode.as_str() {
            "random" => {
                let _ = writeln!(out, "info depth 1 score cp 0");
                Some(pick(&mut self.rng))
            }
            "score" => {
                let _ = writeln!(out, "info depth 1 score cp {}", self.arg);
                Some(pick(&mut self.rng))
            }
            "illegal-after" if self.answers > self.n => Some("A1-A2".to_string()),
            "silent-after" if self.answers > self.n => None,
            "exit-after" if self.answers > self.n => std::process::exit(3),
            "slow" => {
                std::thread::sleep(Duration::from_millis(self.n));
                Some(first)
            }
            _ => Some(first),
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = args.first().cloned().unwrap_or_else(|| "first".to_string());
    let arg = args.get(1).cloned().unwrap_or_default();
    let n = arg.parse().unwrap_or(0);
    let mut fake = Fake {
        mode,
        n,
        arg,
        rng: SplitMix64::new(n),
        answers: 0,
        game: History::default(),
        moves: Vec::new(),
    };
    let mut log = (fake.mode == "log").then(|| {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&fake.arg)
            .expect("the log file")
    });
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if let Some(log) = &mut log {
            let _ = writeln!(log, "{line}");
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => {
                let _ = writeln!(out, "id name fake {}", fake.mode);
                // Options to be set (and refused out of range) as a real engine's are.
                let _ = writeln!(out, "option name Hash type spin default 16 min 1 max 1024");
                let _ = writeln!(out, "option name Threads type spin default 1 min 1 max 1");
                let _ = writeln!(
                    out,
                    "option name Skill Level type spin default 20 min 0 max 20"
                );
                if fake.mode != "no-uciok" {
                    let _ = writeln!(out, "uciok");
                }
            }
            Some("isready") => {
                let _ = writeln!(out, "readyok");
            }
            Some("position") => fake.position(&words[1..]),
            Some("go") => {
                if let Some(m) = fake.go(&mut out) {
                    let _ = writeln!(out, "bestmove {m}");
                }
            }
            Some("quit") => break,
            _ => {}
        }
        let _ = out.flush();
    }
}
