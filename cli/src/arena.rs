//! `cescacs match`: two engine settings play each other from seeded random
//! openings (each opening with both colours) and the score is printed with
//! its 95 % error bar.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::time::Instant;

use cescacs::Position;
use cescacs_engine::{Abstain, EngineOptions, EvalConfig, Match, Player};

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

/// Runs the match and prints its summary (and each game with `games_out`).
pub fn run(args: &MatchArgs) -> Result<String, String> {
    let eval_a: EvalConfig = args.eval.parse().map_err(|e| format!("--eval: {e}"))?;
    let eval_b: EvalConfig = args.vs_eval.parse().map_err(|e| format!("--vs-eval: {e}"))?;
    if args.depth == 0 || args.depth > 64 {
        return Err("--depth must be 1..64".to_string());
    }
    let vs_depth = args.vs_depth.unwrap_or(args.depth.saturating_sub(1).max(1));
    let threads = if args.threads == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { args.threads };
    let abstain = match args.abstain.as_deref() {
        None => Abstain::default(),
        Some("leaps") => Abstain { king_leaps: true, castling: false },
        Some("castling") => Abstain { king_leaps: false, castling: true },
        Some("both") => Abstain { king_leaps: true, castling: true },
        Some(other) => return Err(format!("--abstain takes leaps, castling or both, not {other:?}")),
    };
    let player = |depth, eval, abstain| Player { depth, options: EngineOptions { hash_mb: args.hash_mb, threads: 1, eval, abstain } };
    let mut m = Match::new(player(args.depth, eval_a, abstain), player(vs_depth, eval_b, Abstain::default()), args.pairs);
    m.seed = args.seed;
    m.threads = threads;
    m.max_plies = args.max_plies;
    let mut start = Position::default();
    start.set_castling_allowed(!args.no_castling);
    m.start = start;
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
    let (w, d, l) = result.wins_draws_losses();
    let cut = result.games.iter().filter(|g| !g.finished).count();
    let plies: usize = result.games.iter().map(|g| g.plies).sum();
    let name = |depth: u32, eval: &str, abstain: Option<&str>| {
        format!("depth {depth}, eval {eval}{}", abstain.map_or(String::new(), |a| format!(", abstains from {a}")))
    };
    let (a_name, b_name) = (name(args.depth, &args.eval, args.abstain.as_deref()), name(vs_depth, &args.vs_eval, None));
    if let Some((path, file)) = &mut pgn_out {
        let write_err = |e: io::Error| format!("--pgn {}: {e}", path.display());
        for (i, g) in result.games.iter().enumerate() {
            let a_white = g.a_color == cescacs::Color::White;
            let round = format!("{}.{}", g.pair + 1, if a_white { 1 } else { 2 });
            let (white, black) = if a_white { (&a_name, &b_name) } else { (&b_name, &a_name) };
            let tags = [("Event", "cescacs match"), ("Round", round.as_str()), ("White", white.as_str()), ("Black", black.as_str())];
            let text = cescacs::pgn::write_game(&g.to_game(&m.start, &tags));
            let sep = if i == 0 { "" } else { "\n" };
            write!(file, "{sep}{text}").map_err(write_err)?;
        }
        file.flush().map_err(write_err)?;
    }
    let mut out = String::new();
    if args.games_out {
        for g in &result.games {
            out.push_str(&format!(
                "pair {} A {} {}-{} {} plies{}\n",
                g.pair,
                g.a_color,
                g.points.0,
                g.points.1,
                g.plies,
                if g.finished { "" } else { " (cut)" }
            ));
        }
    }
    out.push_str(&format!(
        "A (depth {}, eval {}{}) vs B (depth {vs_depth}, eval {}): {} games, A +{w} ={d} -{l}, \
         points {}-{}, A scores {:.1} % ± {:.1} % (95 %) of the points; White {:.1} % ± {:.1} %; {cut} cut at {} plies; \
         {:.0} plies a game; {:.1} s",
        args.depth,
        args.eval,
        args.abstain.as_deref().map_or(String::new(), |a| format!(", abstains from {a}")),
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
        clock.elapsed().as_secs_f64(),
    ));
    Ok(out)
}
