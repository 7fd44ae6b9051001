//! `cescacs match`: two engine settings play each other from seeded random
//! openings (each opening with both colours) and the score is printed with
//! its 95 % error bar.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use cescacs::Position;
use cescacs_engine::{EngineOptions, EvalConfig};
use cescacs_study::{Abstain, Match, MatchResult, Player};

/// The settings of `cescacs match`.
pub struct MatchArgs {
    pub depth: u32,
    pub vs_depth: Option<u32>,
    pub pairs: usize,
    pub seed: u64,
    pub threads: usize,
    pub eval: String,
    pub vs_eval: String,
    pub max_plies: usize,
    pub no_castling: bool,
    pub abstain: Option<String>,
    pub hash_mb: usize,
    pub games_out: bool,
    /// Where to write the games as CTL-PGN.
    pub pgn: Option<PathBuf>,
}

impl MatchArgs {
    /// B's depth: `--vs-depth`, or A's minus one (at least 1).
    fn b_depth(&self) -> u32 {
        self.vs_depth.unwrap_or(self.depth.saturating_sub(1).max(1))
    }

    /// The match these settings describe.
    fn to_match(&self) -> Result<Match, String> {
        let eval_a: EvalConfig = self.eval.parse().map_err(|e| format!("--eval: {e}"))?;
        let eval_b: EvalConfig = self.vs_eval.parse().map_err(|e| format!("--vs-eval: {e}"))?;
        if self.depth == 0 || self.depth > 64 {
            return Err("--depth must be 1..64".to_string());
        }
        let abstain = match self.abstain.as_deref() {
            None => Abstain::default(),
            Some("leaps") => Abstain { king_leaps: true, castling: false },
            Some("castling") => Abstain { king_leaps: false, castling: true },
            Some("both") => Abstain { king_leaps: true, castling: true },
            Some(other) => return Err(format!("--abstain takes leaps, castling or both, not {other:?}")),
        };
        let options = |eval| EngineOptions { hash_mb: self.hash_mb, threads: 1, eval };
        let a = Player { depth: self.depth, options: options(eval_a), abstain };
        let mut m = Match::new(a, Player::new(self.b_depth(), options(eval_b)), self.pairs);
        m.seed = self.seed;
        m.threads = self.threads;
        m.max_plies = self.max_plies;
        m.start.set_castling_allowed(!self.no_castling);
        Ok(m)
    }

    /// How the games name A and B.
    fn names(&self) -> (String, String) {
        let name = |depth: u32, eval: &str, abstain: Option<&str>| {
            format!("depth {depth}, eval {eval}{}", abstain.map_or(String::new(), |a| format!(", abstains from {a}")))
        };
        (name(self.depth, &self.eval, self.abstain.as_deref()), name(self.b_depth(), &self.vs_eval, None))
    }
}

/// Runs the match and prints its summary (and each game with `games_out`).
pub fn run(args: &MatchArgs) -> Result<String, String> {
    let m = args.to_match()?;
    // Opened before the match so a bad path fails at once, not after it.
    let mut pgn_out = match &args.pgn {
        Some(path) => Some((path, io::BufWriter::new(std::fs::File::create(path).map_err(|e| format!("--pgn {}: {e}", path.display()))?))),
        None => None,
    };
    let show = io::stderr().is_terminal();
    let total = 2 * args.pairs;
    let clock = Instant::now();
    let result = m.run(&|done| {
        if show {
            eprint!("\r{done}/{total} games");
        }
    });
    if show {
        eprintln!();
    }
    if let Some((path, file)) = &mut pgn_out {
        write_pgn(file, path, &result, &m.start, &args.names())?;
    }
    let mut out = String::new();
    if args.games_out {
        for g in &result.games {
            let cut = if g.finished { "" } else { " (cut)" };
            out.push_str(&format!("pair {} A {} {}-{} {} plies{cut}\n", g.pair, g.a_color, g.points.0, g.points.1, g.plies));
        }
    }
    out.push_str(&summary(args, &result, clock.elapsed().as_secs_f64()));
    Ok(out)
}

/// Writes every game as CTL-PGN: Round `pair.1` has A as White, `pair.2` as Black.
fn write_pgn(file: &mut impl Write, path: &Path, result: &MatchResult, start: &Position, (a_name, b_name): &(String, String)) -> Result<(), String> {
    let write_err = |e: io::Error| format!("--pgn {}: {e}", path.display());
    for (i, g) in result.games.iter().enumerate() {
        let a_white = g.a_color == cescacs::Color::White;
        let round = format!("{}.{}", g.pair + 1, if a_white { 1 } else { 2 });
        let (white, black) = if a_white { (a_name, b_name) } else { (b_name, a_name) };
        let tags = [("Event", "cescacs match"), ("Round", round.as_str()), ("White", white.as_str()), ("Black", black.as_str())];
        let text = cescacs::pgn::write_game(&g.to_game(start, &tags));
        let sep = if i == 0 { "" } else { "\n" };
        write!(file, "{sep}{text}").map_err(write_err)?;
    }
    file.flush().map_err(write_err)
}

/// The summary line: A's score with its error bar, White's, the cut games,
/// the mean game length and the time taken.
fn summary(args: &MatchArgs, result: &MatchResult, seconds: f64) -> String {
    let (w, d, l) = result.wins_draws_losses();
    let cut = result.games.iter().filter(|g| !g.finished).count();
    let plies: usize = result.games.iter().map(|g| g.plies).sum();
    format!(
        "A (depth {}, eval {}{}) vs B (depth {}, eval {}): {} games, A +{w} ={d} -{l}, \
         points {}-{}, A scores {:.1} % ± {:.1} % (95 %) of the points; White {:.1} % ± {:.1} %; {cut} cut at {} plies; \
         {:.0} plies a game; {seconds:.1} s",
        args.depth,
        args.eval,
        args.abstain.as_deref().map_or(String::new(), |a| format!(", abstains from {a}")),
        args.b_depth(),
        args.vs_eval,
        result.games.len(),
        result.points().0,
        result.points().1,
        100.0 * result.score(),
        100.0 * result.error_95(),
        100.0 * result.white_score(),
        100.0 * result.white_error_95(),
        args.max_plies,
        plies as f64 / result.games.len().max(1) as f64,
    )
}
