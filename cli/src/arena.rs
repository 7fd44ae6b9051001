//! `cescacs match`: two sides play each other, each the built-in engine at
//! some settings or an external UCI engine (`--engine`), from seeded random
//! openings or a book (each opening with both colours), at fixed limits or
//! under a clock; the score is printed with its 95 % error bar.

use std::collections::HashMap;
use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

use crate::match_pgn::PgnSink;
use cescacs_study::stats::{report, Pentanomial, Sprt};
use cescacs_study::{Described, GameRecord, MatchResult, MatchSettings};

/// The settings of `cescacs match`.
#[derive(clap::Args)]
pub struct MatchArgs {
    /// An external UCI engine, `cmd=COMMAND name=NAME dir=DIR option.NAME=VALUE …` (split as
    /// a shell splits; quote a command with arguments: `cmd='cescacs uci'`). Once: A is the
    /// engine, B the built-in one; twice: A, then B
    #[arg(long, value_name = "SPEC")]
    pub engine: Vec<String>,
    /// A's search depth (3 when no --tc, --movetime or --nodes is given)
    #[arg(long)]
    pub depth: Option<u32>,
    /// B's search depth (default: A's minus one when both are built in, else A's)
    #[arg(long)]
    pub vs_depth: Option<u32>,
    /// Nodes a search, both sides
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Milliseconds a move, both sides (a move longer than this and --timemargin loses)
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
    /// Time control BASE+INC in seconds (`10+0.1`): the runner keeps both clocks by wall time
    /// and sends `go wtime … btime … winc … binc …`; a side whose time runs out loses
    #[arg(long, value_name = "BASE+INC")]
    pub tc: Option<String>,
    /// Latency allowed beyond a side's time (or --movetime) before it loses on time, ms
    #[arg(long, value_name = "MS", default_value_t = 100)]
    pub timemargin: u64,
    /// Openings; each is played twice (2 × PAIRS games; 100 pairs by default)
    #[arg(long, conflicts_with = "games")]
    pub pairs: Option<usize>,
    /// Games in all (even: each opening is played with both colours)
    #[arg(long, value_name = "N")]
    pub games: Option<usize>,
    /// Seed of the random openings (4 to 8 plies)
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Opening book: one PDTL a line, or CTL-PGN records (each record's start and moves), used
    /// in order and from the first again when the pairs outnumber them
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Games played at once, each with its own engine processes (0: all cores)
    #[arg(long, visible_alias = "threads", value_name = "N", default_value_t = 0)]
    pub concurrency: usize,
    /// A's evaluation: the hand-written one (`default`, `material`, or changes like `mobility=0,king=8,pawn=6,values=reference`) or `nnue`, the built-in network
    #[arg(long, default_value = "default")]
    pub eval: String,
    /// B's evaluation (same form)
    #[arg(long, default_value = "default")]
    pub vs_eval: String,
    /// A game still going after this many plies (after the opening) counts as a draw
    #[arg(long, default_value_t = 300)]
    pub max_plies: usize,
    /// Play without castling (RULES.md §4.8: no castling, leaps may not capture); built-in engine only
    #[arg(long)]
    pub no_castling: bool,
    /// Gaits A never plays (unless forced): `leaps`, `castling` or `both` (what they are worth)
    #[arg(long, value_name = "GAITS")]
    pub abstain: Option<String>,
    /// Transposition table per built-in engine, MiB
    #[arg(long, default_value_t = 8)]
    pub hash: usize,
    /// Resign adjudication `movecount=N score=CP`: a side whose score is at or below -CP for N
    /// of its moves in a row loses
    #[arg(long, value_name = "RULE")]
    pub resign: Option<String>,
    /// Draw adjudication `movenumber=N movecount=N score=CP`: after move N, both scores within
    /// CP of zero for N moves each (no capture or pawn move between) is a draw
    #[arg(long, value_name = "RULE")]
    pub draw: Option<String>,
    /// Sequential probability ratio test `elo0=E0,elo1=E1[,alpha=0.05,beta=0.05]` on the
    /// pentanomial counts of the opening pairs: the match stops when H0 or H1 is accepted (at
    /// most --pairs pairs; 50000 when neither --pairs nor --games is given)
    #[arg(long, value_name = "SPEC")]
    pub sprt: Option<String>,
    /// Print each game's result before the summary
    #[arg(long)]
    pub list_games: bool,
    /// Write every game to FILE as CTL-PGN (Round "pair.1" has A as White, "pair.2" as
    /// Black; Result is the rules' result, 1-1 for a game cut at --max-plies, the match's
    /// for a game lost by a fault or adjudicated, with a Termination tag)
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,
}

impl MatchArgs {
    /// The opening pairs: `--pairs`, or half of `--games` (which must be even); 100 by default.
    fn pairs(&self) -> Result<usize, String> {
        match (self.games, self.pairs) {
            (Some(g), _) if g % 2 == 1 => Err(format!(
                "--games must be even (each opening is played with both colours), not {g}"
            )),
            (Some(g), _) => Ok(g / 2),
            (None, Some(p)) => Ok(p),
            (None, None) => Ok(if self.sprt.is_some() { 50_000 } else { 100 }),
        }
    }

    /// The settings these flags give.
    fn settings(&self) -> Result<MatchSettings, String> {
        if self.engine.len() > 2 {
            return Err(
                "--engine is given once (A; B is the built-in engine) or twice (A, then B)"
                    .to_string(),
            );
        }
        Ok(MatchSettings {
            depth: self.depth,
            vs_depth: self.vs_depth,
            eval: self.eval.clone(),
            vs_eval: self.vs_eval.clone(),
            engine: self.engine.first().cloned(),
            vs_engine: self.engine.get(1).cloned(),
            tc: self.tc.clone(),
            movetime: self.movetime,
            nodes: self.nodes,
            timemargin: self.timemargin,
            openings: self.openings.clone(),
            pairs: self.pairs()?,
            seed: self.seed,
            max_plies: self.max_plies,
            threads: self.concurrency,
            hash_mb: self.hash,
            no_castling: self.no_castling,
            abstain: self.abstain.clone(),
            resign: self.resign.clone(),
            draw: self.draw.clone(),
        })
    }

    /// The match these flags describe, with the names of its sides; a bad
    /// setting is reported under its flag (`--vs-eval: …`).
    fn describe(&self) -> Result<Described, String> {
        self.settings()?
            .describe()
            .map_err(|e| format!("{}: {}", e.field.flag(), e.message))
    }
}

/// The match so far, for the progress line and the SPRT: points, the
/// pentanomial counts of the pairs played out, and A's share of the first
/// game of each pair still under way.
#[derive(Default)]
struct Tally {
    points: (u32, u32),
    pairs: Pentanomial,
    pending: HashMap<usize, f64>,
}

impl Tally {
    /// Counts game `g`; whether it completed its pair.
    fn add(&mut self, g: &GameRecord) -> bool {
        self.points = (
            self.points.0 + u32::from(g.points.0),
            self.points.1 + u32::from(g.points.1),
        );
        let share = f64::from(g.points.0) / f64::from(g.points.0 + g.points.1);
        match self.pending.remove(&g.pair) {
            Some(first) => {
                self.pairs.add_pair(first, share);
                true
            }
            None => {
                self.pending.insert(g.pair, share);
                false
            }
        }
    }
}

/// Runs the match and prints its summary (and each game with `list_games`),
/// then the Elo, LOS and pentanomial lines, and the SPRT line last.
pub fn run(args: &MatchArgs) -> Result<String, String> {
    let Described { m, names } = args.describe()?;
    let sprt = args
        .sprt
        .as_deref()
        .map(Sprt::parse)
        .transpose()
        .map_err(|e| format!("--sprt: {e}"))?;
    // Opened before the match so a bad path fails at once, not after it.
    let sink = args
        .pgn
        .as_deref()
        .map(|path| PgnSink::create(path, names.clone(), m.tc.map(|tc| tc.to_string())))
        .transpose()?;
    let sink = Mutex::new(sink);
    let show = io::stderr().is_terminal();
    let total = 2 * m.pairs;
    let clock = Instant::now();
    let tally = Mutex::new(Tally::default());
    let result = m
        .run_until(&|g, done| {
            if let Some(sink) = sink.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
                sink.add(g);
            }
            let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
            let pair_done = t.add(g);
            let decided = pair_done && sprt.as_ref().is_some_and(|s| s.decide(&t.pairs).is_some());
            if show {
                let llr = sprt.as_ref().map_or(String::new(), |s| {
                    format!(", {}", report::llr_line(s, &t.pairs))
                });
                eprint!(
                    "\r{done}/{total} games, points {}-{}{llr}   ",
                    t.points.0, t.points.1
                );
            }
            !decided
        })
        .map_err(|e| e.to_string())?;
    if show {
        eprintln!();
    }
    if let Some(sink) = sink.into_inner().unwrap_or_else(|e| e.into_inner()) {
        sink.finish()?;
    }
    let mut out = String::new();
    if args.list_games {
        out.push_str(&list(&result));
    }
    out.push_str(&summary(
        &names,
        args.max_plies,
        &result,
        clock.elapsed().as_secs_f64(),
    ));
    let pairs = Pentanomial::from_points(result.games.iter().map(|g| (g.pair, g.points)));
    for line in report::summary(&pairs, sprt.as_ref()) {
        out.push('\n');
        out.push_str(&line);
    }
    if sprt.is_some_and(|s| s.decide(&pairs).is_none()) {
        out.push_str(" - no decision within the games played");
    }
    Ok(out)
}

/// One line a game: `pair 0 A White 3-0 41 plies`, with how it ended
/// when not by the rules.
fn list(result: &MatchResult) -> String {
    let mut out = String::new();
    for g in &result.games {
        let how = match g.ending {
            cescacs_study::Ending::Rules => String::new(),
            cescacs_study::Ending::MaxPlies => " (cut)".to_string(),
            ref e => format!(" ({})", e.describe()),
        };
        out.push_str(&format!(
            "pair {} A {} {}-{} {} plies{how}\n",
            g.pair, g.a_color, g.points.0, g.points.1, g.plies
        ));
    }
    out
}

/// The games lost by faults, in words (`; 2 lost on time (A 1, B 1)`), or nothing.
fn faults(result: &MatchResult) -> String {
    use cescacs_study::Ending;
    type Kind = fn(&Ending) -> bool;
    let kinds: [(&str, Kind); 3] = [
        ("lost on time", |e| matches!(e, Ending::TimeForfeit(_))),
        ("lost by an illegal move", |e| {
            matches!(e, Ending::IllegalMove(..))
        }),
        ("lost by a crash or silence", |e| {
            matches!(e, Ending::Crashed(_) | Ending::Stalled(_))
        }),
    ];
    let mut out = String::new();
    for (words, kind) in kinds {
        let games: Vec<_> = result.games.iter().filter(|g| kind(&g.ending)).collect();
        if !games.is_empty() {
            let by_a = games
                .iter()
                .filter(|g| g.ending.loser() == Some(g.a_color))
                .count();
            out.push_str(&format!(
                "; {} {words} (A {by_a}, B {})",
                games.len(),
                games.len() - by_a
            ));
        }
    }
    out
}

/// The summary line: A's score with its error bar, White's, the cut games,
/// the games lost by faults, the mean game length and the time taken.
fn summary(
    (a_name, b_name): &(String, String),
    max_plies: usize,
    result: &MatchResult,
    seconds: f64,
) -> String {
    let (w, d, l) = result.wins_draws_losses();
    let cut = result
        .games
        .iter()
        .filter(|g| g.ending == cescacs_study::Ending::MaxPlies)
        .count();
    let plies: usize = result.games.iter().map(|g| g.plies).sum();
    format!(
        "A ({a_name}) vs B ({b_name}): {} games, A +{w} ={d} -{l}, \
         points {}-{}, A scores {:.1} % ± {:.1} % (95 %) of the points; White {:.1} % ± {:.1} %; {cut} cut at {max_plies} plies{}; \
         {:.0} plies a game; {seconds:.1} s",
        result.games.len(),
        result.points().0,
        result.points().1,
        100.0 * result.score(),
        100.0 * result.error_95(),
        100.0 * result.white_score(),
        100.0 * result.white_error_95(),
        faults(result),
        plies as f64 / result.games.len().max(1) as f64,
    )
}
