//! `cescacs match`: two sides play each other, each the built-in engine at
//! some settings or an external UCI engine (`--engine`), from seeded random
//! openings or a book (each opening with both colours), at fixed limits or
//! under a clock. It takes fastchess's command line as well as its own
//! flags (fastchess_args.rs rewrites the first into the second), prints a
//! line as each game ends and fastchess's results block every
//! `--ratinginterval` games, at the end, and at Ctrl-C (which ends the
//! match with the games finished, kept in the PGN, and a non-zero exit).

use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::match_pgn::PgnSink;
use cescacs_study::stats::{report, Sprt, Tally};
use cescacs_study::{
    Described, Engine, GameRecord, Match, MatchResult, MatchSettings, Side, UciOption,
    DEFAULT_MARGIN_MS,
};

/// The settings of `cescacs match`.
#[derive(clap::Args)]
pub struct MatchArgs {
    /// An external UCI engine, fastchess's `-engine` words: `cmd=COMMAND name=NAME args=ARGS
    /// dir=DIR option.NAME=VALUE tc=… st=… depth=… nodes=… timemargin=… restart=on|off` (split as
    /// a shell splits; `cmd='cescacs uci'` runs `cescacs` with the argument `uci`). Once: A is
    /// the engine, B the built-in one; twice: A, then B
    #[arg(long, value_name = "SPEC")]
    pub engine: Vec<String>,
    /// Words read before each engine's own (fastchess's `-each`; `tc=10+0.1`); a built-in side
    /// takes only the bounds
    #[arg(long, value_name = "SPEC")]
    pub each: Option<String>,
    /// A's search depth (3 when no other bound is given)
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
    /// Time control `[MOVES/]BASE[+INC]` in seconds (`10+0.1`, `40/60`): the runner keeps both
    /// clocks by wall time and sends `go wtime … btime … winc … binc … [movestogo N]`; a side
    /// whose time runs out loses
    #[arg(long, value_name = "TC")]
    pub tc: Option<String>,
    /// Latency allowed beyond a side's time (or --movetime) before it loses on time, ms
    #[arg(long, value_name = "MS", default_value_t = DEFAULT_MARGIN_MS)]
    pub timemargin: u64,
    /// Openings; each is played twice (2 × PAIRS games; 100 pairs by default)
    #[arg(long, conflicts_with_all = ["games", "rounds"])]
    pub pairs: Option<usize>,
    /// Games in all (an odd count plays the last opening once); with --rounds, games a round
    #[arg(long, value_name = "N")]
    pub games: Option<usize>,
    /// Rounds (fastchess): ROUNDS × --games games (1 a round, 2 with --repeat)
    #[arg(long, value_name = "N")]
    pub rounds: Option<usize>,
    /// Two games a round (fastchess's -repeat; each opening is always played with both colours)
    #[arg(long)]
    pub repeat: bool,
    /// Seed of the random openings (4 to 8 plies) and of a shuffled book (fastchess's -srand)
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Opening book: `FILE` or fastchess's `file=FILE format=epd|pgn order=sequential|random
    /// plies=N start=N`; one PDTL a line (epd) or CTL-PGN records (each record's start and
    /// moves), used in order and from the first again when the pairs outnumber them
    #[arg(long, value_name = "BOOK")]
    pub openings: Option<String>,
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
    /// fastchess's -maxmoves: a game still going after this many moves of each side is a draw
    /// (--max-plies of twice as many)
    #[arg(long, value_name = "N", conflicts_with = "max_plies")]
    pub maxmoves: Option<usize>,
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
    /// Sequential probability ratio test `elo0=E0 elo1=E1 [alpha=0.05 beta=0.05]` on the
    /// pentanomial counts of the opening pairs: the match stops when H0 or H1 is accepted (at
    /// most the games asked for; 100000 when none is given)
    #[arg(long, value_name = "SPEC")]
    pub sprt: Option<String>,
    /// Print fastchess's results block every N games (0: only at the end)
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub ratinginterval: usize,
    /// fastchess's -recover: an engine that faults loses that game and is restarted for its
    /// next (always so here)
    #[arg(long)]
    pub recover: bool,
    /// Print each game's result (White-Black points) before the summary
    #[arg(long)]
    pub list_games: bool,
    /// Write every game to FILE as CTL-PGN (Round "pair.1" has A as White, "pair.2" as
    /// Black; Result is the rules' result, 1-1 for a game cut at --max-plies, the match's
    /// for a game lost by a fault or adjudicated, with a Termination tag)
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,
    /// fastchess's -pgnout: `file=FILE` or `FILE` (as --pgn)
    #[arg(long, value_name = "FILE", conflicts_with = "pgn")]
    pub pgnout: Option<String>,
}

/// The `key=value` words of a fastchess option's value.
fn key_values(flag: &str, text: &str) -> Result<Vec<(String, String)>, String> {
    cescacs_study::split_words(text)
        .map_err(|e| format!("{flag}: {e}"))?
        .into_iter()
        .map(|w| {
            w.split_once('=')
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .ok_or_else(|| format!("{flag}: {w:?} is not key=value"))
        })
        .collect()
}

/// A fastchess `-openings` value.
#[derive(Debug, Default, PartialEq)]
struct Book {
    file: Option<PathBuf>,
    format: Option<String>,
    order: Option<String>,
    plies: Option<usize>,
    start: Option<usize>,
}

/// Reads `--openings`: a path, or `file=… format=… order=… plies=… start=… policy=round`.
fn book(text: &str) -> Result<Book, String> {
    if !text.contains('=') {
        return Ok(Book {
            file: Some(PathBuf::from(text)),
            ..Book::default()
        });
    }
    let mut b = Book::default();
    let number = |k: &str, v: &str| {
        v.parse::<usize>()
            .map_err(|_| format!("--openings: {k}={v} is not a whole number"))
    };
    for (k, v) in key_values("--openings", text)? {
        match k.as_str() {
            "file" => b.file = Some(PathBuf::from(v)),
            "format" => b.format = Some(v),
            "order" => b.order = Some(v),
            "plies" => b.plies = Some(number(&k, &v)?),
            "start" => b.start = Some(number(&k, &v)?),
            "policy" if v == "round" => {}
            _ => {
                return Err(format!(
                    "--openings: {k}={v} is not one of file=, format=epd|pgn, order=sequential|random, plies=, start=, policy=round"
                ))
            }
        }
    }
    if b.file.is_none() {
        return Err("--openings: file=FILE is required".to_string());
    }
    Ok(b)
}

/// Reads `--pgnout`: `file=FILE`, or a path alone.
fn pgnout(text: &str) -> Result<PathBuf, String> {
    if !text.contains('=') {
        let words = cescacs_study::split_words(text).map_err(|e| format!("--pgnout: {e}"))?;
        return match words.as_slice() {
            [file] => Ok(PathBuf::from(file)),
            _ => Err(format!(
                "--pgnout: give file=FILE (or the file alone), not {text:?}"
            )),
        };
    }
    let mut file = None;
    for (k, v) in key_values("--pgnout", text)? {
        match k.as_str() {
            "file" => file = Some(PathBuf::from(v)),
            _ => {
                return Err(format!(
                    "--pgnout: {k}={v}: only file= is taken (every game is written whole, each move with its clock)"
                ))
            }
        }
    }
    file.ok_or_else(|| "--pgnout: file=FILE is required".to_string())
}

impl MatchArgs {
    /// Games in all: ROUNDS × games a round with --rounds; else --games; else 2 × --pairs
    /// (100 pairs, or 50000 with --sprt).
    fn games(&self) -> Result<usize, String> {
        let games = match (self.rounds, self.games, self.pairs) {
            (Some(r), g, _) => r * g.unwrap_or(if self.repeat { 2 } else { 1 }),
            (None, Some(g), _) => g,
            (None, None, Some(p)) => 2 * p,
            (None, None, None) if self.sprt.is_some() => 100_000,
            (None, None, None) => 200,
        };
        if games == 0 {
            return Err("--games: give at least one game".to_string());
        }
        Ok(games)
    }

    /// The file the games are written to, if any.
    fn pgn_path(&self) -> Result<Option<PathBuf>, String> {
        match (&self.pgn, &self.pgnout) {
            (Some(p), _) => Ok(Some(p.clone())),
            (None, Some(text)) => pgnout(text).map(Some),
            (None, None) => Ok(None),
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
        let book = self
            .openings
            .as_deref()
            .map(book)
            .transpose()?
            .unwrap_or_default();
        let games = self.games()?;
        Ok(MatchSettings {
            depth: self.depth,
            vs_depth: self.vs_depth,
            eval: self.eval.clone(),
            vs_eval: self.vs_eval.clone(),
            engine: self.engine.first().cloned(),
            vs_engine: self.engine.get(1).cloned(),
            each: self.each.clone(),
            tc: self.tc.clone(),
            movetime: self.movetime,
            nodes: self.nodes,
            timemargin: self.timemargin,
            openings: book.file,
            openings_format: book.format,
            openings_order: book.order,
            openings_start: book.start.unwrap_or(1),
            openings_plies: book.plies,
            pairs: games.div_ceil(2),
            games: Some(games),
            seed: self.seed,
            max_plies: self.maxmoves.map_or(self.max_plies, |m| 2 * m),
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

/// A line of fastchess's rules around a results block.
const RULE: &str = "--------------------------------------------------";

/// How a match run by [`run`] ended.
pub struct Finished {
    /// What to print on stdout last: the games (with --list-games), the
    /// summary line and fastchess's final block.
    pub text: String,
    /// The match was interrupted (Ctrl-C) before its games were played.
    pub interrupted: bool,
}

/// Game `g`'s number in the match, from 1 (pair by pair, A White first).
fn number(g: &GameRecord) -> usize {
    2 * g.pair + usize::from(g.a_color == cescacs::Color::Black) + 1
}

/// The names of White and Black in game `g` between `names` (A, B).
fn white_black<'a>(g: &GameRecord, names: &'a (String, String)) -> (&'a str, &'a str) {
    if g.a_color == cescacs::Color::White {
        (&names.0, &names.1)
    } else {
        (&names.1, &names.0)
    }
}

/// `Finished game 3 (dev vs base): 3-0 {White mates}`: fastchess's line,
/// with White's and Black's points.
fn finished_line(g: &GameRecord, names: &(String, String)) -> String {
    let (white, black) = white_black(g, names);
    let (w, b) = g.white_black_points();
    format!(
        "Finished game {} ({white} vs {black}): {w}-{b} {{{}}}",
        number(g),
        g.ending.describe()
    )
}

/// A side's value of the engine option `name` (the one asked for, else
/// the engine's default) as fastchess shows it, or NULL.
fn option_value(side: &Side, declared: &[UciOption], name: &str, unit: &str) -> String {
    let value = match &side.engine {
        Engine::Builtin { options, .. } => Some(match name {
            "Threads" => "1".to_string(),
            _ => options.hash_mb.to_string(),
        }),
        Engine::Uci(spec) => spec
            .options
            .iter()
            .rev()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.clone())
            .or_else(|| {
                declared
                    .iter()
                    .find(|o| o.name.eq_ignore_ascii_case(name))
                    .and_then(|o| o.default.clone())
            }),
    };
    value.map_or("NULL".to_string(), |v| format!("{v}{unit}"))
}

/// `x` when both sides show the same, `x - y` otherwise (fastchess's form).
fn both(a: String, b: String) -> String {
    if a == b {
        a
    } else {
        format!("{a} - {b}")
    }
}

/// `Results of A vs B (10+0.1, 1t, 16MB, book.pdtl):`.
fn results_header(
    m: &Match,
    names: &(String, String),
    declared: &[Vec<UciOption>; 2],
    book: Option<&str>,
) -> String {
    let tc = both(m.a.limits.describe(), m.b.limits.describe());
    let threads = both(
        option_value(&m.a, &declared[0], "Threads", "t"),
        option_value(&m.b, &declared[1], "Threads", "t"),
    );
    let hash = both(
        option_value(&m.a, &declared[0], "Hash", "MB"),
        option_value(&m.b, &declared[1], "Hash", "MB"),
    );
    let book = book.map_or(String::new(), |b| format!(", {b}"));
    format!(
        "Results of {} vs {} ({tc}, {threads}, {hash}{book}):",
        names.0, names.1
    )
}

/// Prints `lines` on stdout at once (a block is never torn by another thread's line).
fn print_lines(lines: &[String]) {
    let mut out = io::stdout().lock();
    for line in lines {
        let _ = writeln!(out, "{line}");
    }
    let _ = out.flush();
}

/// Runs the match, printing a line as each game ends and fastchess's
/// results block every `--ratinginterval` games; returns the final text:
/// the games with `--list-games`, the summary line, and fastchess's final
/// block (its SPRT line last). Ctrl-C abandons the games under way.
pub fn run(args: &MatchArgs) -> Result<Finished, String> {
    let Described { m, names } = args.describe()?;
    let sprt = args
        .sprt
        .as_deref()
        .map(Sprt::parse)
        .transpose()
        .map_err(|e| format!("--sprt: {e}"))?;
    let pgn_path = args.pgn_path()?;
    let declared = m.check().map_err(|e| e.to_string())?;
    // Created once the engines have started, so a failed start leaves no file.
    let sink = pgn_path
        .as_deref()
        .map(|path| PgnSink::create(path, names.clone(), m.time_control_tag()))
        .transpose()?;
    let book_name = args
        .openings
        .as_deref()
        .map(book)
        .transpose()?
        .and_then(|b| b.file)
        .and_then(|p| p.file_name().map(|f| f.to_string_lossy().into_owned()));
    let header = results_header(&m, &names, &declared, book_name.as_deref());
    let abort = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&abort);
    ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed))
        .map_err(|e| format!("cannot take Ctrl-C: {e}"))?;
    let sink = Mutex::new(sink);
    let clock = Instant::now();
    let tally = Mutex::new(Tally::default());
    let interval = args.ratinginterval;
    let result = m.play(
        &|g, done| {
            if let Some(sink) = sink.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
                sink.add(g);
            }
            let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
            let pair_done = t.add(g.pair, g.points);
            let decided = pair_done
                && sprt
                    .as_ref()
                    .is_some_and(|s| s.decide(&t.pentanomial).is_some());
            let mut lines = vec![finished_line(g, &names)];
            if interval > 0 && done % interval == 0 && done < m.games && !decided {
                lines.push(RULE.to_string());
                lines.extend(report::results_block(&header, &t, sprt.as_ref(), false));
                lines.push(RULE.to_string());
            }
            print_lines(&lines);
            !decided
        },
        &abort,
    );
    let interrupted = abort.load(Ordering::Relaxed);
    if let Some(sink) = sink.into_inner().unwrap_or_else(|e| e.into_inner()) {
        sink.finish()?;
    }
    let mut out = String::new();
    if args.list_games {
        out.push_str(&list(&result, &names));
    }
    out.push_str(&summary(
        &names,
        m.max_plies,
        &result,
        clock.elapsed().as_secs_f64(),
    ));
    let t = tally.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut block = vec![RULE.to_string()];
    block.extend(report::results_block(&header, &t, sprt.as_ref(), true));
    if sprt.is_some_and(|s| s.decide(&t.pentanomial).is_none()) {
        if let Some(last) = block.last_mut() {
            last.push_str(" - no decision within the games played");
        }
    }
    block.push(RULE.to_string());
    for line in block {
        out.push('\n');
        out.push_str(&line);
    }
    Ok(Finished {
        text: out,
        interrupted,
    })
}

/// One line a game, White's and Black's points as in the PGN:
/// `game 2 (depth 2 vs depth 3): 0-3 {Black mates}, 41 plies`.
fn list(result: &MatchResult, names: &(String, String)) -> String {
    let mut out = String::new();
    for g in &result.games {
        let (white, black) = white_black(g, names);
        let (w, b) = g.white_black_points();
        out.push_str(&format!(
            "game {} ({white} vs {black}): {w}-{b} {{{}}}, {} plies\n",
            number(g),
            g.ending.describe(),
            g.plies
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn books_and_games_files_read_fastchesss_words() {
        assert_eq!(
            book("openings.pdtl").unwrap().file,
            Some(PathBuf::from("openings.pdtl"))
        );
        assert_eq!(
            book("file=b.pgn format=pgn order=random plies=8 start=3 policy=round").unwrap(),
            Book {
                file: Some(PathBuf::from("b.pgn")),
                format: Some("pgn".to_string()),
                order: Some("random".to_string()),
                plies: Some(8),
                start: Some(3),
            }
        );
        assert!(book("format=pgn").is_err());
        assert!(book("file=b.pgn plies=x").is_err());
        assert!(book("file=b.pgn policy=encounter").is_err());
        assert_eq!(pgnout("file=g.pgn"), Ok(PathBuf::from("g.pgn")));
        assert_eq!(pgnout("g.pgn"), Ok(PathBuf::from("g.pgn")));
        assert!(pgnout("g.pgn min").is_err());
        assert!(pgnout("file=g.pgn nodes=true").is_err());
    }
}
