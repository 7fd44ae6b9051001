//! `cescacs`: the command-line front end of the C'escacs rules library.
//!
//! ```text
//! cescacs moves [PDTL] [--long]        legal moves, one per line, sorted
//! cescacs moves --long --batch         PDTLs on stdin → one line of moves each
//! cescacs perft DEPTH [PDTL] [--divide] [--threads N]
//! cescacs show [PDTL] [--ascii]        board, state, leaps and castlings
//! cescacs play [PDTL] MOVE...          play CTL-AN moves, print the PDTL
//! cescacs pgn FILE... [--pdtl] [--write] [--max-errors N]  validate CTL-PGN game records
//! cescacs uci                          the engine over the UCI protocol (PDTL for FEN)
//! cescacs match [--engine SPEC]… [--tc B+I] two engines or settings play each other
//! cescacs bench [DEPTH]               the engine's nodes and speed on fixed positions
//! cescacs wdl-fit [--games N] …        fit UCI_ShowWDL's model on self-play games
//! ```
//!
//! A PDTL contains spaces: pass it quoted, as one argument. Errors go to
//! stderr as `error: …` with exit code 1.

use std::fmt::Write as _;
use std::io::{self, BufRead, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use cescacs::pgn::{write_game, GameEntry, Reader};
use cescacs::PgnErrorKind;
use cescacs::{
    CastlingRights, CheckKind, Color, Game, GameResult, MoveTextError, Outcome, PgnError, Position,
    ResolveMoveError, ResultMismatch, ResultSource, SpecialCapture,
};
use clap::{Parser, Subcommand};

mod arena;
mod bench;
mod fastchess_args;
mod match_pgn;
mod uci;
mod wdl_fit;
use indicatif::{ProgressBar, ProgressStyle};

#[derive(Parser)]
#[command(
    name = "cescacs",
    version,
    about = "C'escacs (hexagonal chess) rules: legal moves, perft, board display, playing moves, \
             validating game records",
    after_help = "A PDTL contains spaces: pass it quoted, as one argument. \
                  Without a PDTL the initial position is used."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the legal moves of a position, one per line, sorted (CTL-AN by default)
    Moves {
        /// The position (initial position if omitted)
        #[arg(value_name = "PDTL")]
        pdtl: Option<String>,
        /// Print the long form (FROM-TO, FROM-TO=X, HEX=X, castlings as King+Rooks)
        #[arg(long)]
        long: bool,
        /// Read PDTLs from stdin, one per line; print each position's moves on one line, space-separated
        #[arg(long, conflicts_with = "pdtl")]
        batch: bool,
    },
    /// Count the legal move sequences DEPTH plies deep
    Perft {
        /// Number of plies
        depth: u32,
        /// The position (initial position if omitted)
        #[arg(value_name = "PDTL")]
        pdtl: Option<String>,
        /// First print each legal move (long form) with its count
        #[arg(long)]
        divide: bool,
        /// Worker threads (0: all available cores)
        #[arg(long, value_name = "N", default_value_t = 0)]
        threads: usize,
    },
    /// Show the board and the state of a position
    Show {
        /// The position (initial position if omitted)
        #[arg(value_name = "PDTL")]
        pdtl: Option<String>,
        /// Draw pieces by letters instead of Unicode figurines
        #[arg(long)]
        ascii: bool,
    },
    /// Play CTL-AN moves in order and print the resulting PDTL
    Play {
        /// An optional starting PDTL (recognised by its leading '/'), then the moves
        #[arg(value_name = "[PDTL] MOVE", required = true, num_args = 1..)]
        args: Vec<String>,
    },
    /// Validate CTL-PGN game records: every move legal, the stated result consistent with the
    /// final position
    #[command(after_help = PGN_HELP)]
    Pgn {
        /// CTL-PGN files, each holding one or more games; `-` reads standard input
        #[arg(value_name = "FILE", required = true, num_args = 1..)]
        files: Vec<PathBuf>,
        /// After each game's summary line, print its final position (PDTL) on a line of its own
        /// (for a game with a reading error: the position after the last move read)
        #[arg(long)]
        pdtl: bool,
        /// Print every game read without error back in canonical CTL-PGN on stdout (games
        /// separated by an empty line); the summaries then go to stderr
        #[arg(long)]
        write: bool,
        /// Print at most N reading errors (0: every one); the rest are counted in one line at the end
        #[arg(long, value_name = "N", default_value_t = 100)]
        max_errors: usize,
    },
    /// Run the engine over the UCI protocol on stdin/stdout (`position startpos|pdtl <PDTL>
    /// [moves …]`, moves as `cescacs moves` prints them)
    Uci,
    /// Search fixed positions to a fixed depth (one thread, a fresh table each) and print the
    /// total nodes, a count that depends only on the search's code, and nodes per second
    Bench {
        /// Plies to search each position to
        #[arg(default_value_t = bench::DEFAULT_DEPTH, value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: u32,
        /// The evaluation: `nnue` (the built-in network) or `hand` (the hand-written terms)
        /// [default: the engine's]
        #[arg(long, value_parser = ["nnue", "hand"])]
        eval: Option<String>,
        /// A network file (as UCI's EvalFile) to search with instead of the built-in one
        #[arg(long, value_name = "NET", conflicts_with = "eval")]
        eval_file: Option<std::path::PathBuf>,
    },
    /// Fit the win/draw/loss model of UCI_ShowWDL on self-play games of the engine (docs/UCI.md):
    /// every searched position's score against its game's result
    WdlFit {
        /// Self-play games to play
        #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..))]
        games: u64,
        /// Nodes the engine searches a move
        #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: u64,
        /// Seed of the random openings
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Random moves that open each game
        #[arg(long, default_value_t = 8)]
        random_plies: usize,
    },
    /// Play two sides against each other (the built-in engine at two settings, or external UCI
    /// engines) from seeded random openings or a book, each opening with both colours; print A's
    /// share of the points with its 95 % error bar
    #[command(after_help = MATCH_HELP)]
    Match(Box<arena::MatchArgs>),
}

const MATCH_HELP: &str = "\
Engines speak this project's UCI dialect: `position startpos|pdtl <PDTL> moves <CTL-AN>…`, \
`go wtime … btime … winc … binc … [movestogo N]` (with a clock), `go movetime|depth|nodes …`. \
fastchess's command line is taken as it is (-engine cmd= name= args= option.X= tc= st= nodes= \
depth=, -each, -openings file= format= order= plies= start=, -pgnout file=, -concurrency, \
-rounds, -games, -repeat, -sprt elo0= elo1= alpha= beta=, -draw, -resign, -ratinginterval, \
-maxmoves, -srand, -recover). A line is printed as each game ends (White-Black points), \
fastchess's results block every --ratinginterval games and at the end. An engine that answers \
an illegal move, runs out of time (beyond --timemargin), gives no move, or exits loses that \
game; it is restarted for its next game and the match goes on. An engine that does not start, \
does not answer `uci` with `uciok`, or refuses an option (one it does not declare, a value out \
of range) stops the command before any game. Ctrl-C ends the match with the games finished \
(kept in the PGN), their summary, and exit status 130. docs/MATCH.md has the details.

Examples:
  cescacs match --depth 3 --pairs 100
  cescacs match -engine cmd=target/release/cescacs args=uci name=dev \\
                -engine cmd=/opt/base/cescacs args=uci name=base -each tc=10+0.1 \\
                -rounds 100 -repeat -concurrency 2 -openings file=book.ctl-pgn format=pgn \\
                -sprt elo0=0 elo1=5 -pgnout file=games.ctl-pgn";

const PGN_HELP: &str = "\
Output: one summary line per game, in file order (#1 is the first game of its file):
  FILE #N: OK — 69 plies, 3-0 (White wins by checkmate); White: …; Black: …; Date: …
  FILE #N: BAD — 69 plies, the Result tag says 0-3 but the game ended 3-0 (White wins by checkmate)
A reading error (syntax, illegal move) is printed on stderr as
  FILE:LINE:COLUMN: error: …
and makes its game BAD; the other games of the file are still read and summarised. After \
--max-errors such lines (100 by default) the others are only counted, and one line at the end \
says how many there were and in how many games:
  error: 3813 more reading errors in 14 games not printed (--max-errors 100)

A game is BAD when it has a reading error, when a stated result (the Result tag or the result \
line) contradicts the final position, or when moves are recorded after the game ended \
(checkmate, stalemate, fivefold repetition, 75-move rule, insufficient material). A result \
mismatch counts: tests/data/games/2020-07-20.ctl-pgn says 0-3 although White mates, so it is BAD \
and `cescacs pgn tests/data/games/*.ctl-pgn` exits with 1. A game that has not ended on the board \
may state any result but a stalemate one (2-1, 1-2). A game whose header is unusable (variant, \
PDTL or Redefine tag) is not read: `FILE #N: BAD — not read: …`. Standard input is named <stdin>.

Exit status: 0 if every game of every file is OK; 1 if any game is BAD, a file cannot be read \
(`error: FILE: …`) or holds no game.";

/// Why a command failed.
enum Failure {
    /// Writing the output failed (a closed pipe is not reported).
    Io(io::Error),
    /// A user error: printed as `error: …`.
    Message(String),
    /// Already reported: just exit with code 1.
    Reported,
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Io(e)
    }
}

type CmdResult = Result<(), Failure>;

/// `cescacs bench`: the evaluation asked for, or the network file read first
/// (its error said before any search).
fn bench_command(
    depth: u32,
    eval: Option<String>,
    eval_file: Option<std::path::PathBuf>,
) -> CmdResult {
    let eval = match eval_file {
        Some(path) => {
            let net = cescacs_engine::nnue::Network::load(&path)
                .map_err(|e| Failure::Message(format!("{}: {e}", path.display())))?;
            bench::Eval::Network(std::sync::Arc::new(net))
        }
        None => match eval.as_deref() {
            Some("hand") => bench::Eval::Hand,
            Some(_) => bench::Eval::Network(cescacs_engine::nnue::Network::default_network()),
            None => bench::Eval::Default,
        },
    };
    bench::run(depth, &eval, &mut io::stdout().lock()).map_err(Failure::Io)
}

fn main() -> ExitCode {
    let cli = Cli::parse_from(fastchess_args::translate_command_line(
        std::env::args().collect(),
    ));
    let result = match cli.command {
        Command::Moves { pdtl, long, batch } => {
            if batch {
                moves_batch(long)
            } else {
                moves(pdtl.as_deref(), long)
            }
        }
        Command::Perft {
            depth,
            pdtl,
            divide,
            threads,
        } => perft_command(depth, pdtl.as_deref(), divide, threads),
        Command::Show { pdtl, ascii } => show(pdtl.as_deref(), !ascii),
        Command::Play { args } => play(&args),
        Command::Pgn {
            files,
            pdtl,
            write,
            max_errors,
        } => pgn(&files, pdtl, write, max_errors),
        Command::Uci => uci::run().map_err(Failure::Io),
        Command::Bench {
            depth,
            eval,
            eval_file,
        } => bench_command(depth, eval, eval_file),
        Command::WdlFit {
            games,
            nodes,
            seed,
            random_plies,
        } => {
            let args = wdl_fit::FitArgs {
                games,
                nodes,
                seed,
                random_plies,
            };
            wdl_fit::run(&args, &mut io::stdout().lock()).map_err(Failure::Io)
        }
        Command::Match(args) => match arena::run(&args) {
            Err(m) => Err(Failure::Message(m)),
            Ok(f) => {
                let printed = writeln!(io::stdout().lock(), "{}", f.text).map_err(Failure::Io);
                if f.interrupted && printed.is_ok() {
                    eprintln!("error: interrupted: the games finished are above (and in the PGN)");
                    return ExitCode::from(130);
                }
                printed
            }
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Io(e)) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
        Err(Failure::Message(m)) => {
            eprintln!("error: {m}");
            ExitCode::FAILURE
        }
        Err(Failure::Reported) => ExitCode::FAILURE,
    }
}

/// The position of an optional PDTL argument.
fn position(pdtl: Option<&str>) -> Result<Position, Failure> {
    match pdtl {
        None => Ok(Position::default()),
        Some(text) => Position::from_pdtl(text)
            .map_err(|e| Failure::Message(format!("bad PDTL {text:?}: {e}"))),
    }
}

/// The legal moves as text (long form or CTL-AN), sorted by byte order.
fn move_texts(pos: &Position, long: bool) -> Vec<String> {
    let mut texts: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| if long { m.long() } else { pos.ctl(m) })
        .collect();
    texts.sort_unstable();
    texts
}

fn moves(pdtl: Option<&str>, long: bool) -> CmdResult {
    let pos = position(pdtl)?;
    let mut out = BufWriter::new(io::stdout().lock());
    for text in move_texts(&pos, long) {
        writeln!(out, "{text}")?;
    }
    out.flush()?;
    Ok(())
}

fn moves_batch(long: bool) -> CmdResult {
    let mut input = io::stdin().lock();
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut line = String::new();
    loop {
        line.clear();
        let n = input
            .read_line(&mut line)
            .map_err(|e| Failure::Message(format!("reading stdin: {e}")))?;
        if n == 0 {
            break;
        }
        let text = line.trim_end_matches(['\n', '\r']);
        match Position::from_pdtl(text) {
            Ok(pos) => {
                let texts = move_texts(&pos, long);
                out.write_all(texts.join(" ").as_bytes())?;
                out.write_all(b"\n")?;
            }
            Err(e) => writeln!(out, "error: {e}")?,
        }
    }
    out.flush()?;
    Ok(())
}

/// `perft`: the core's parallel perft; a progress bar over the root moves on
/// stderr when stderr is a terminal, nothing extra otherwise.
fn perft_command(depth: u32, pdtl: Option<&str>, divide: bool, threads: usize) -> CmdResult {
    let pos = position(pdtl)?;
    let bar = if io::stderr().is_terminal() && depth >= 2 {
        let bar = ProgressBar::new(pos.legal_moves().len() as u64);
        bar.set_style(
            ProgressStyle::with_template(
                "perft({msg}) [{elapsed_precise}] {wide_bar} {pos}/{len} root moves, ETA {eta}",
            )
            .expect("a valid template"),
        );
        bar.set_message(depth.to_string());
        bar
    } else {
        ProgressBar::hidden()
    };
    let start = Instant::now();
    let split = pos
        .perft_job(depth)
        .threads(threads)
        .on_progress(&|p| bar.set_position(p.done as u64))
        .divide()
        .map_err(|e| Failure::Message(e.to_string()))?;
    let elapsed = start.elapsed();
    bar.finish_and_clear();
    let total = if depth == 0 {
        1
    } else {
        split.iter().map(|(_, n)| n).sum()
    };
    let mut out = BufWriter::new(io::stdout().lock());
    if divide {
        let mut split: Vec<(String, u64)> = split.into_iter().map(|(m, n)| (m.long(), n)).collect();
        split.sort_unstable();
        for (text, n) in &split {
            writeln!(out, "{text}: {n}")?;
        }
    }
    writeln!(out, "{total}")?;
    out.flush()?;
    let secs = elapsed.as_secs_f64();
    let rate = if secs > 0.0 {
        total as f64 / secs
    } else {
        f64::INFINITY
    };
    eprintln!("perft({depth}) = {total} in {secs:.3} s ({rate:.0} nodes/s)");
    Ok(())
}

/// Words for one side's castling rights.
fn rights_words(r: CastlingRights) -> String {
    if !r.king() {
        return "King has moved (no leaps, no castling)".to_string();
    }
    let rooks = match (r.queen_rook(), r.king_rook()) {
        (true, true) => "both Rooks unmoved",
        (true, false) => "queen's Rook unmoved",
        (false, true) => "king's Rook unmoved",
        (false, false) => "no unmoved Rook",
    };
    format!("King unmoved, {rooks}")
}

/// The PDTL field `i` (0-based) of a canonical PDTL.
fn pdtl_field(pdtl: &str, i: usize) -> &str {
    pdtl.split(' ').nth(i).unwrap_or("")
}

fn special_words(pos: &Position) -> String {
    match pos.special_capture() {
        SpecialCapture::None => "none".to_string(),
        SpecialCapture::EnPassant { pawn, .. } => {
            let mover = !pos.turn();
            let targets: Vec<String> = pos
                .special_capture()
                .en_passant_targets(mover)
                .iter()
                .map(|h| h.to_string())
                .collect();
            format!(
                "en passant: the piece on {pawn} may be taken on {}",
                targets.join(" or ")
            )
        }
        SpecialCapture::Scornful { capturer, pawn } => {
            format!("scornful pawn: the piece on {pawn} may be taken by the pawn on {capturer}")
        }
    }
}

fn check_words(kind: Option<CheckKind>) -> String {
    match kind {
        None => "no".to_string(),
        Some(k) => {
            let name = match k {
                CheckKind::Adjoining => "adjoining",
                CheckKind::Distant => "distant",
                CheckKind::Double => "double",
            };
            format!("yes, {name} check ({})", k.mark())
        }
    }
}

/// The text printed by `show` (everything after the board).
fn describe(pos: &Position) -> String {
    let pdtl = pos.to_pdtl();
    let mut s = String::new();
    let _ = writeln!(s, "PDTL:            {pdtl}");
    let _ = writeln!(s, "Side to move:    {}", pos.turn());
    let number = match pos.fullmove_number() {
        Some(n) => n.to_string(),
        None => "unknown".to_string(),
    };
    let _ = writeln!(
        s,
        "Move number:     {number} (halfmove clock {})",
        pos.halfmove_clock()
    );
    let _ = writeln!(
        s,
        "Castling rights: {} (White: {}; Black: {})",
        pdtl_field(&pdtl, 2),
        rights_words(pos.castling_rights(Color::White)),
        rights_words(pos.castling_rights(Color::Black)),
    );
    let _ = writeln!(
        s,
        "Special capture: {} ({})",
        pdtl_field(&pdtl, 3),
        special_words(pos)
    );
    let _ = writeln!(s, "Check:           {}", check_words(pos.check_kind()));
    if pos.forced_promotion_pending() {
        let _ = writeln!(
            s,
            "Forced promotion: a pawn awaiting promotion must promote now"
        );
    }
    if let Some(outcome) = pos.outcome() {
        let _ = writeln!(s, "Game over:       {outcome}");
    }

    let mut leaps: Vec<(String, String)> = pos
        .king_leaps()
        .iter()
        .map(|m| (m.long(), pos.ctl(m)))
        .collect();
    leaps.sort_unstable();
    let _ = writeln!(s, "King's Leaps:    {}", leaps.len());
    for (long, ctl) in &leaps {
        let _ = writeln!(s, "  {ctl:<12} {long}");
    }
    let mut castlings: Vec<_> = pos.castlings().into_iter().collect();
    castlings.sort_unstable_by_key(|m| m.castling().map(|c| c.index()));
    let _ = writeln!(s, "Castlings:       {}", castlings.len());
    for m in &castlings {
        let _ = writeln!(s, "  {:<12} {}", pos.ctl(m), m.long());
    }
    let _ = writeln!(s, "Legal moves:     {}", pos.count_legal_moves());
    s
}

fn show(pdtl: Option<&str>, unicode: bool) -> CmdResult {
    let pos = position(pdtl)?;
    let mut out = BufWriter::new(io::stdout().lock());
    out.write_all(pos.board_text(unicode).as_bytes())?;
    writeln!(out)?;
    out.write_all(describe(&pos).as_bytes())?;
    out.flush()?;
    Ok(())
}

fn play(args: &[String]) -> CmdResult {
    let (pdtl, moves) = match args.first() {
        Some(first) if first.starts_with('/') => (Some(first.as_str()), &args[1..]),
        _ => (None, args),
    };
    let mut pos = position(pdtl)?;
    for (i, text) in moves.iter().enumerate() {
        let number = i + 1;
        let here = pos.to_pdtl();
        let fail = |reason: String| {
            Failure::Message(format!(
                "move {number} ({text:?}): {reason}\nposition where it failed: {here}"
            ))
        };
        let m = pos.parse_ctl(text).map_err(|e| match e {
            MoveTextError::Resolve(ResolveMoveError::Illegal { .. }) => {
                fail("not a legal move here".to_string())
            }
            other => fail(other.to_string()),
        })?;
        pos.play(m).map_err(|e| fail(e.to_string()))?;
    }
    let mut out = io::stdout().lock();
    writeln!(out, "{}", pos.to_pdtl())?;
    out.flush()?;
    Ok(())
}

// ----- pgn --------------------------------------------------------------------

/// Writes what a result statement that the game contradicts says.
fn write_mismatch(out: &mut String, m: &ResultMismatch) {
    let source = match m.source {
        ResultSource::Tag => "the Result tag",
        ResultSource::Movetext => "the result line",
    };
    if GameResult::parse(&m.stated).is_none() {
        let _ = write!(
            out,
            "{source} {:?} is not a result (3-0, 0-3, 2-1, 1-2, 1-1 or *)",
            m.stated
        );
        return;
    }
    for part in [source, " says ", &m.stated] {
        out.push_str(part);
    }
    match &m.outcome {
        Some(o) => {
            out.push_str(" but the game ended ");
            write_outcome(out, o);
        }
        None => out.push_str(" but the game has not ended, and only a stalemate gives that result"),
    }
}

/// Writes the outcome's text (its `Display`) without the formatting
/// machinery: once a game.
fn write_outcome(out: &mut String, o: &Outcome) {
    for piece in o.text_pieces() {
        out.push_str(piece);
    }
}

/// Writes `; White: …; Black: …; Date: …` for the tags present and known
/// (not the roster's defaults, `?` and `????-??-??`).
fn write_key_tags(out: &mut String, game: &Game) {
    // A record read has the roster first, in order, after `Variant`
    // (`pgn::tags`): each name is looked for at its place first.
    for (name, place) in [("White", 5), ("Black", 6), ("Date", 3)] {
        let at_place = game.tags.get(place).filter(|(n, _)| n == name);
        if let Some(v) = at_place.map(|(_, v)| v.as_str()).or_else(|| game.tag(name)) {
            let v = v.trim();
            if !v.chars().all(|c| matches!(c, '?' | '.' | '-' | '\u{2010}')) {
                for part in ["; ", name, ": ", v] {
                    out.push_str(part);
                }
            }
        }
    }
}

/// Writes `n ply` or `n plies`.
fn write_plies(out: &mut String, n: usize) {
    write_number(out, n);
    out.push_str(if n == 1 { " ply" } else { " plies" });
}

/// Writes `n` in decimal, without the formatting machinery (two numbers a
/// summary line).
fn write_number(out: &mut String, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend(digits[at..].iter().map(|&d| char::from(d)));
}

/// Writes the words of the summary of a game read without error; whether
/// it is OK.
fn game_verdict(out: &mut String, game: &Game) -> bool {
    let len = game.len();
    let end = game.end();
    let mismatches = game.check_result();
    let ended_before = end.filter(|&(ply, _)| ply < len);
    write_plies(out, len);
    if ended_before.is_some() || !mismatches.is_empty() {
        // The problems, the first after ", ", the others after "; ".
        let mut separator = ", ";
        if let Some((ply, o)) = ended_before {
            let extra = len - ply;
            let more = if extra == 1 { "ply is" } else { "plies are" };
            out.push_str(", the game ended after ");
            write_plies(out, ply);
            out.push_str(", ");
            write_outcome(out, &o);
            out.push_str(", but ");
            write_number(out, extra);
            out.push_str(" more ");
            out.push_str(more);
            out.push_str(" recorded");
            separator = "; ";
        }
        for m in &mismatches {
            out.push_str(separator);
            write_mismatch(out, m);
            separator = "; ";
        }
        return false;
    }
    out.push_str(", ");
    match (&end, game.result()) {
        (Some((_, o)), _) => write_outcome(out, o),
        (None, GameResult::Unfinished) => out.push_str("* (unfinished)"),
        (None, r) => {
            out.push_str(r.as_str());
            out.push_str(" (not decided on the board)");
        }
    }
    true
}

/// Writes the summary of one entry, the words after `OK — ` or `BAD — `;
/// whether it is OK.
fn entry_verdict(out: &mut String, entry: &GameEntry) -> bool {
    let first = entry.errors.first();
    let at = |e: &PgnError| format!("line {}, column {}", e.line, e.column);
    let _ = match (&entry.game, first) {
        (None, Some(e)) => write!(out, "not read: header error at {}", at(e)),
        (None, None) => write!(out, "not read"),
        (Some(game), Some(e)) => {
            write_plies(out, game.len());
            match error_count(&entry.errors) {
                1 => write!(out, " read, reading error at {}", at(e)),
                n => write!(out, " read, {n} reading errors, the first at {}", at(e)),
            }
        }
        (Some(game), None) => return game_verdict(out, game),
    };
    false
}

/// How many errors `errors` stands for: each one, plus those a
/// [`PgnErrorKind::MoreErrors`] counts (the reader keeps a bounded list a game).
fn error_count(errors: &[PgnError]) -> usize {
    errors
        .iter()
        .map(|e| {
            if let PgnErrorKind::MoreErrors(n) = e.kind {
                n
            } else {
                1
            }
        })
        .sum()
}

/// The reading errors of `cescacs pgn`: the first `max` are printed on stderr
/// (every one when `max` is 0), the others only counted for one closing line,
/// so that a binary or badly damaged file cannot flood the terminal.
struct ErrorPrinter {
    max: usize,
    printed: usize,
    /// Errors not printed, and the games they belong to.
    hidden: usize,
    hidden_games: usize,
}

impl ErrorPrinter {
    fn new(max: usize) -> ErrorPrinter {
        ErrorPrinter {
            max,
            printed: 0,
            hidden: 0,
            hidden_games: 0,
        }
    }

    /// Prints (or counts) the errors of one game of the file `name`.
    fn game(&mut self, name: &str, errors: &[PgnError]) -> io::Result<()> {
        let room = if self.max == 0 {
            errors.len()
        } else {
            self.max - self.printed.min(self.max)
        };
        let shown = room.min(errors.len());
        if shown > 0 {
            let mut err = io::stderr().lock();
            for e in &errors[..shown] {
                writeln!(err, "{name}:{}:{}: error: {}", e.line, e.column, e.kind)?;
            }
        }
        self.printed += shown;
        if shown < errors.len() {
            self.hidden += error_count(&errors[shown..]);
            self.hidden_games += 1;
        }
        Ok(())
    }

    /// The closing line, if some errors were not printed.
    fn summary(&self) -> Option<String> {
        if self.hidden == 0 {
            return None;
        }
        let errors = if self.hidden == 1 {
            "reading error"
        } else {
            "reading errors"
        };
        let games = if self.hidden_games == 1 {
            "game"
        } else {
            "games"
        };
        Some(format!(
            "error: {} more {errors} in {} {games} not printed (--max-errors {})",
            self.hidden, self.hidden_games, self.max
        ))
    }
}

/// Where `cescacs pgn` writes: the summaries (stdout, or stderr when stdout
/// carries the games) and the games, each through a 64 KiB buffer: a write
/// a game into a pipe costs about a fifth of the time spent reading the
/// games. A report going to a terminal is flushed after every game, and it is
/// flushed before a reading error is printed on stderr, so the lines keep the
/// order of the input wherever they land.
struct PgnOutput {
    report: BufWriter<Box<dyn Write>>,
    report_is_terminal: bool,
    games: BufWriter<io::StdoutLock<'static>>,
    written: usize,
}

impl PgnOutput {
    fn new(write: bool) -> PgnOutput {
        let (report, report_is_terminal): (Box<dyn Write>, bool) = if write {
            (Box::new(io::stderr().lock()), io::stderr().is_terminal())
        } else {
            (Box::new(io::stdout().lock()), io::stdout().is_terminal())
        };
        PgnOutput {
            report: BufWriter::with_capacity(1 << 16, report),
            report_is_terminal,
            // A buffer only when games are written: an unused 64 KiB block
            // on the heap makes glibc's `free` consolidate its fast bins
            // after every game read (about 10 instructions a ply).
            games: BufWriter::with_capacity(if write { 1 << 16 } else { 0 }, io::stdout().lock()),
            written: 0,
        }
    }

    /// Writes a game in canonical CTL-PGN, after an empty line if it is not the first.
    fn game(&mut self, game: &Game) -> io::Result<()> {
        if self.written > 0 {
            self.games.write_all(b"\n")?;
        }
        self.games.write_all(write_game(game).as_bytes())?;
        self.written += 1;
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.report.flush()?;
        self.games.flush()
    }
}

/// What `cescacs pgn` was asked for, and what it has printed so far.
struct PgnRun {
    show_pdtl: bool,
    write: bool,
    out: PgnOutput,
    errors: ErrorPrinter,
}

impl PgnRun {
    /// Reads, checks and reports every game of one input; whether all are OK.
    /// Generic over the input so that the reader's line reads are not calls
    /// through a `dyn BufRead`.
    fn input<R: BufRead>(&mut self, name: &str, input: R) -> io::Result<bool> {
        let mut all_ok = true;
        // Game by game: memory holds one game, whatever the file's size.
        let mut seen = 0usize;
        // Each summary line is built in these two and written at once.
        let (mut line, mut words) = (String::new(), String::new());
        for entry in Reader::new(input) {
            seen += 1;
            if !entry.errors.is_empty() {
                self.out.report.flush()?;
                self.errors.game(name, &entry.errors)?;
            }
            words.clear();
            let ok = entry_verdict(&mut words, &entry);
            all_ok &= ok;
            line.clear();
            line.push_str(name);
            line.push_str(" #");
            write_number(&mut line, seen);
            line.push_str(": ");
            line.push_str(if ok { "OK — " } else { "BAD — " });
            line.push_str(&words);
            if let Some(game) = &entry.game {
                write_key_tags(&mut line, game);
            }
            line.push('\n');
            self.out.report.write_all(line.as_bytes())?;
            if let Some(game) = &entry.game {
                if self.show_pdtl {
                    writeln!(self.out.report, "{}", game.position().to_pdtl())?;
                }
                if self.write && entry.errors.is_empty() {
                    self.out.game(game)?;
                }
            }
            if self.out.report_is_terminal {
                self.out.report.flush()?;
            }
        }
        if seen == 0 {
            self.out.flush()?;
            eprintln!("error: {name}: no game found");
            all_ok = false;
        }
        Ok(all_ok)
    }
}

fn pgn(files: &[PathBuf], show_pdtl: bool, write: bool, max_errors: usize) -> CmdResult {
    let mut run = PgnRun {
        show_pdtl,
        write,
        out: PgnOutput::new(write),
        errors: ErrorPrinter::new(max_errors),
    };
    let mut all_ok = true;
    for path in files {
        all_ok &= if path.as_os_str() == "-" {
            run.input("<stdin>", io::stdin().lock())?
        } else {
            let name = path.display().to_string();
            match std::fs::File::open(path) {
                Ok(file) => run.input(&name, io::BufReader::with_capacity(1 << 16, file))?,
                Err(e) => {
                    run.out.flush()?;
                    eprintln!("error: {name}: {e}");
                    false
                }
            }
        };
    }
    run.out.flush()?;
    if let Some(line) = run.errors.summary() {
        eprintln!("{line}");
    }
    if all_ok {
        Ok(())
    } else {
        Err(Failure::Reported)
    }
}

#[cfg(test)]
mod tests {
    /// `write_number` writes what `Display` writes.
    #[test]
    fn numbers_are_written_in_decimal() {
        for n in [0, 1, 9, 10, 99, 100, 1234, 4_294_967_296, usize::MAX] {
            let mut s = String::from("x");
            super::write_number(&mut s, n);
            assert_eq!(s, format!("x{n}"));
        }
        let mut s = String::new();
        super::write_plies(&mut s, 1);
        super::write_plies(&mut s, 0);
        assert_eq!(s, "1 ply0 plies");
    }
}
