//! `cescacs uci`: the UCI protocol over stdin/stdout, with PDTL where UCI
//! has FEN and moves written as `cescacs moves` prints them (CTL-AN; the
//! long form is read too).
//!
//! ```text
//! uci                      → id …, option …, uciok
//! isready                  → readyok
//! ucinewgame               clears the table
//! setoption name Hash value MB | name Threads value N | name Move Overhead value MS | name Ponder value B
//!    | name MultiPV value N | name Skill Level value 0..20
//!    | name UCI_LimitStrength value B | name UCI_Elo value E
//!    | name Use NNUE value B | name EvalFile value PATH|<default>
//! position startpos|pdtl <PDTL> [moves M1 M2 …]
//! go wtime MS btime MS winc MS binc MS movestogo N | movetime MS | depth N | nodes N
//!    | infinite | ponder | searchmoves M1 M2 …   (combinable)
//! ponderhit                the opponent played the move pondered on: the clock starts
//! stop                     → bestmove of the search under way
//! quit
//! ```
//!
//! A search runs on its own thread, so `stop`, `ponderhit`, `isready` and
//! `quit` are answered while it runs (`position`, `go`, `setoption` and
//! `ucinewgame` wait for a bounded search to end, and stop an infinite or
//! pondering one); it reports `info depth … seldepth … multipv K score …
//! nodes … nps … time … pv …` after each iteration (one line for each of the
//! `MultiPV` best root moves, `multipv 1` the best, as Stockfish prints them) and ends with `bestmove M ponder R` (`ponder R`
//! when the PV has a reply; `bestmove (none)` when there is no legal move).
//! On the clock (`wtime` …) the engine's time manager sets the time; `go
//! ponder` searches without a time limit, and its `bestmove` waits for
//! `ponderhit` (then the clock runs) or `stop`. `searchmoves` restricts the
//! root to the moves listed (as `position` reads them). An unknown `go`
//! word is answered with `info string warning: …` and the search runs
//! without it. A command that cannot be read, or limits the engine
//! refuses, is answered with `info string error: …` and changes nothing.
//! `Skill Level` below 20 weakens the engine ([`cescacs_engine::Skill`]);
//! with `UCI_LimitStrength` true, `UCI_Elo` picks the level instead, as in
//! Stockfish. `Use NNUE` chooses the network or the hand-written
//! evaluation; `EvalFile` loads a network file (`<default>`: the one built
//! in), and a file that cannot be read is refused with its reason, the
//! engine keeping its network.

use std::io::{self, BufRead, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use cescacs::{History, Move, Position};
use cescacs_engine::nnue::Network;
use cescacs_engine::{
    Engine, EngineOptions, Info, Limits, Skill, MAX_ELO, MAX_HASH_MB, MAX_SKILL_LEVEL, MAX_THREADS,
    MIN_ELO,
};

/// `EvalFile`'s value for the network built into the engine.
const DEFAULT_EVAL_FILE: &str = "<default>";

/// Lines written whole, by either thread.
#[derive(Clone)]
struct Out(Arc<Mutex<io::Stdout>>);

impl Out {
    fn line(&self, text: &str) {
        let out = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let mut lock = out.lock();
        // A closed pipe ends nothing here: `quit` or end of input does.
        let _ = writeln!(lock, "{text}");
        let _ = lock.flush();
    }
}

/// The search under way: its stop flag and the thread that hands the engine back.
struct Running {
    stop: Arc<AtomicBool>,
    /// `go infinite` (or bare `go`): only `stop` ends it.
    infinite: bool,
    /// Set while a `go ponder` search ponders (until `ponderhit`).
    pondering: Arc<AtomicBool>,
    thread: JoinHandle<Engine>,
}

impl Running {
    /// Whether only `stop` (or `ponderhit`) ends it.
    fn unbounded(&self) -> bool {
        self.infinite || self.pondering.load(Ordering::Relaxed)
    }
}

struct Session {
    out: Out,
    engine: Option<Engine>,
    game: History,
    running: Option<Running>,
    /// UCI `Move Overhead`, milliseconds.
    move_overhead: u64,
    /// UCI `MultiPV`: the root lines each iteration reports.
    multipv: usize,
    /// UCI `Skill Level`, `UCI_LimitStrength` and `UCI_Elo`.
    strength: Strength,
}

/// The strength options as set; [`Strength::skill`] is the level they ask for.
#[derive(Copy, Clone)]
struct Strength {
    level: u32,
    limit: bool,
    elo: u32,
}

impl Strength {
    /// `UCI_Elo`'s level when `UCI_LimitStrength` is on, else `Skill Level`'s.
    fn skill(&self) -> Result<Skill, String> {
        if self.limit {
            Skill::from_elo(self.elo)
        } else {
            Skill::new(self.level)
        }
        .map_err(|e| e.to_string())
    }
}

/// The largest `Move Overhead`, milliseconds.
const MAX_MOVE_OVERHEAD: u64 = 5000;
/// The most `MultiPV` lines (Stockfish's bound).
const MAX_MULTIPV: usize = 500;

/// Runs the protocol until `quit` or the end of input.
pub fn run() -> io::Result<()> {
    let mut session = Session {
        out: Out(Arc::new(Mutex::new(io::stdout()))),
        engine: Some(Engine::new(EngineOptions::default())),
        game: History::default(),
        running: None,
        move_overhead: cescacs_engine::DEFAULT_MOVE_OVERHEAD.as_millis() as u64,
        multipv: 1,
        strength: Strength {
            level: MAX_SKILL_LEVEL,
            limit: false,
            elo: MIN_ELO,
        },
    };
    let stdin = io::stdin();
    let mut line = String::new();
    let mut input = stdin.lock();
    loop {
        line.clear();
        // Bounded: a line longer than this is refused (UCI lines are short;
        // a PDTL with many moves stays far below it).
        let n = input.by_ref().take(1 << 20).read_line(&mut line)?;
        if n == 0 {
            break;
        }
        if !line.ends_with('\n') && n == 1 << 20 {
            session.out.line("info string error: line too long");
            // Skip the rest of the line.
            let mut rest = Vec::new();
            input.read_until(b'\n', &mut rest)?;
            continue;
        }
        if !session.command(line.trim()) {
            break;
        }
    }
    session.finish();
    Ok(())
}

impl Session {
    /// Handles one command line; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(word) = words.next() else {
            return true;
        };
        let rest: Vec<&str> = words.collect();
        match word {
            "uci" => {
                self.out
                    .line(concat!("id name cescacs ", env!("CARGO_PKG_VERSION")));
                self.out.line("id author the cescacs authors");
                let defaults = EngineOptions::default();
                self.out.line(&format!(
                    "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
                    defaults.hash_mb
                ));
                self.out.line(&format!(
                    "option name Threads type spin default {} min 1 max {MAX_THREADS}",
                    defaults.threads
                ));
                let overhead = cescacs_engine::DEFAULT_MOVE_OVERHEAD.as_millis();
                self.out.line(&format!("option name Move Overhead type spin default {overhead} min 0 max {MAX_MOVE_OVERHEAD}"));
                self.out.line("option name Ponder type check default false");
                self.out.line(&format!(
                    "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
                ));
                self.out.line(&format!("option name Skill Level type spin default {MAX_SKILL_LEVEL} min 0 max {MAX_SKILL_LEVEL}"));
                self.out
                    .line("option name UCI_LimitStrength type check default false");
                self.out.line(&format!(
                    "option name UCI_Elo type spin default {MIN_ELO} min {MIN_ELO} max {MAX_ELO}"
                ));
                self.out.line(&format!(
                    "option name Use NNUE type check default {}",
                    defaults.use_nnue
                ));
                self.out.line(&format!(
                    "option name EvalFile type string default {DEFAULT_EVAL_FILE}"
                ));
                self.out.line("uciok");
            }
            "isready" => self.out.line("readyok"),
            "ucinewgame" => {
                self.finish();
                self.engine_mut().new_game();
                self.game = History::default();
            }
            "setoption" => {
                if let Err(e) = self.setoption(&rest) {
                    self.error(&e);
                }
            }
            "position" => match read_position(&rest) {
                Ok(game) => {
                    self.finish();
                    self.game = game;
                }
                Err(e) => self.error(&e),
            },
            "go" => match read_go(&rest, self.game.position()) {
                Ok(go) => {
                    for w in &go.warnings {
                        self.out.line(&format!("info string warning: {w}"));
                    }
                    self.go(go);
                }
                Err(e) => self.error(&e),
            },
            "ponderhit" => {
                if let Some(r) = &self.running {
                    r.pondering.store(false, Ordering::Relaxed);
                }
            }
            "stop" => self.stop(),
            "quit" => {
                self.stop();
                return false;
            }
            other => self.error(&format!("unknown command {other:?}")),
        }
        true
    }

    fn error(&self, message: &str) {
        self.out.line(&format!(
            "info string error: {}",
            message.replace('\n', " ")
        ));
    }

    /// The engine, waiting for the search under way first.
    fn engine_mut(&mut self) -> &mut Engine {
        self.finish();
        self.engine
            .as_mut()
            .expect("the engine is home when no search runs")
    }

    fn setoption(&mut self, words: &[&str]) -> Result<(), String> {
        let text = words.join(" ");
        let (name, value) = text
            .strip_prefix("name ")
            .and_then(|t| t.split_once(" value "))
            .ok_or_else(|| format!("expected `setoption name N value V`, got {text:?}"))?;
        let number = |option: &str| {
            value
                .trim()
                .parse::<usize>()
                .map_err(|_| format!("{option} must be a number, not {value:?}"))
        };
        // The engine checks each option's range (before the search under
        // way is waited for: a refused option changes nothing).
        let current = EngineOptions::default();
        match name.trim().to_ascii_lowercase().as_str() {
            "hash" => {
                let hash_mb = number("Hash")?;
                EngineOptions { hash_mb, ..current }
                    .validate()
                    .map_err(|e| format!("Hash: {e} (MiB)"))?;
                let engine = self.engine_mut();
                let kept = engine.options().hash_mb;
                engine
                    .try_set_hash_mb(hash_mb)
                    .map_err(|e| format!("Hash: {e}; the table stays {kept} MiB"))?;
            }
            "move overhead" => {
                let ms = number("Move Overhead")?;
                if ms as u64 > MAX_MOVE_OVERHEAD {
                    return Err(format!(
                        "Move Overhead must be 0..{MAX_MOVE_OVERHEAD}, not {ms}"
                    ));
                }
                self.move_overhead = ms as u64;
            }
            // The engine ponders when the GUI says `go ponder`; the option only tells the GUI it may.
            "ponder" => match value.trim() {
                "true" | "false" => {}
                other => return Err(format!("Ponder must be true or false, not {other:?}")),
            },
            "multipv" => {
                let lines = number("MultiPV")?;
                if !(1..=MAX_MULTIPV).contains(&lines) {
                    return Err(format!("MultiPV must be 1..{MAX_MULTIPV}, not {lines}"));
                }
                self.multipv = lines;
            }
            "skill level" | "uci_limitstrength" | "uci_elo" => {
                self.set_strength(name.trim(), value.trim())?
            }
            "threads" => {
                let threads = number("Threads")?;
                EngineOptions { threads, ..current }
                    .validate()
                    .map_err(|e| format!("Threads: {e}"))?;
                self.engine_mut().set_threads(threads);
            }
            "use nnue" => match value.trim() {
                "true" => self.engine_mut().set_use_nnue(true),
                "false" => self.engine_mut().set_use_nnue(false),
                other => return Err(format!("Use NNUE must be true or false, not {other:?}")),
            },
            "evalfile" => {
                let path = value.trim();
                if path == DEFAULT_EVAL_FILE || path.is_empty() {
                    self.engine_mut().set_network(Network::default_network());
                } else {
                    self.engine_mut()
                        .load_network(path)
                        .map_err(|e| format!("EvalFile {path:?}: {e}; the network is unchanged"))?;
                }
            }
            other => return Err(format!("unknown option {other:?}")),
        }
        Ok(())
    }

    /// `Skill Level`, `UCI_LimitStrength` or `UCI_Elo`: the engine's level
    /// follows (an out-of-range value changes nothing).
    fn set_strength(&mut self, name: &str, value: &str) -> Result<(), String> {
        let mut strength = self.strength;
        let number = || {
            value
                .parse::<u32>()
                .map_err(|_| format!("{name} must be a number, not {value:?}"))
        };
        match name.to_ascii_lowercase().as_str() {
            "skill level" => strength.level = number()?,
            "uci_elo" => strength.elo = number()?,
            _ => {
                strength.limit = match value {
                    "true" => true,
                    "false" => false,
                    other => {
                        return Err(format!(
                            "UCI_LimitStrength must be true or false, not {other:?}"
                        ))
                    }
                }
            }
        }
        // Each value is checked when set, even one not in force.
        Skill::new(strength.level).map_err(|e| e.to_string())?;
        Skill::from_elo(strength.elo).map_err(|e| e.to_string())?;
        let skill = strength.skill()?;
        self.engine_mut().set_skill(skill);
        self.strength = strength;
        Ok(())
    }

    fn go(&mut self, go: Go) {
        let Go {
            mut limits,
            infinite,
            ponder,
            ..
        } = go;
        let mut engine = self.engine_mut_taken();
        let stop = Arc::new(AtomicBool::new(false));
        let pondering = Arc::new(AtomicBool::new(ponder));
        limits.stop = Some(stop.clone());
        limits.ponder = ponder.then(|| pondering.clone());
        limits.move_overhead = Some(Duration::from_millis(self.move_overhead));
        limits.multipv = self.multipv;
        let game = self.game.clone();
        let out = self.out.clone();
        let (flag, held) = (stop.clone(), pondering.clone());
        let thread = std::thread::spawn(move || {
            let root = game.position().clone();
            let result = engine.search_with_info(&game, &limits, &mut |info| {
                out.line(&info_line(&root, info))
            });
            // UCI: after `go infinite` the best move waits for `stop`, and
            // after `go ponder` for `ponderhit` or `stop`.
            while (infinite || held.load(Ordering::Relaxed)) && !flag.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            out.line(&bestmove_line(&root, &result.pv));
            engine
        });
        self.running = Some(Running {
            stop,
            infinite,
            pondering,
            thread,
        });
    }

    fn engine_mut_taken(&mut self) -> Engine {
        self.finish();
        self.engine
            .take()
            .expect("the engine is home when no search runs")
    }

    /// Stops the search under way, if any, and takes the engine back.
    fn stop(&mut self) {
        if let Some(r) = &self.running {
            r.stop.store(true, Ordering::Relaxed);
        }
        self.finish();
    }

    /// Waits for the search under way to end (stopping it if it is
    /// infinite or pondering: nothing else would end it) and takes the
    /// engine back. Commands that change the engine or the position come
    /// here, so a bounded `go` sent before them still reports its best move.
    fn finish(&mut self) {
        if let Some(r) = self.running.take() {
            if r.unbounded() {
                r.stop.store(true, Ordering::Relaxed);
            }
            match r.thread.join() {
                Ok(engine) => self.engine = Some(engine),
                Err(_) => {
                    self.error("the search failed; the engine is reset");
                    self.engine = Some(Engine::new(EngineOptions::default()));
                }
            }
        }
    }
}

/// `position startpos|pdtl <PDTL> [moves …]`.
fn read_position(words: &[&str]) -> Result<History, String> {
    let split = words
        .iter()
        .position(|&w| w == "moves")
        .unwrap_or(words.len());
    let (head, moves) = (&words[..split], words.get(split + 1..).unwrap_or(&[]));
    let start = match head {
        ["startpos"] => Position::default(),
        ["pdtl", pdtl @ ..] if !pdtl.is_empty() => {
            let text = pdtl.join(" ");
            text.parse::<Position>()
                .map_err(|e| format!("bad PDTL {text:?}: {e}"))?
        }
        _ => return Err("expected `position startpos|pdtl <PDTL> [moves …]`".to_string()),
    };
    let mut game = History::with_capacity(start, moves.len());
    for text in moves {
        game.push_unchecked(read_move(game.position(), text)?);
    }
    Ok(game)
}

/// A legal move of `pos` in CTL-AN or the long form.
fn read_move(pos: &Position, text: &str) -> Result<Move, String> {
    pos.parse_ctl(text).or_else(|e| {
        pos.parse_long(text)
            .map_err(|_| format!("move {text}: {e}"))
    })
}

/// The words that start a `go` parameter (and end a `searchmoves` list).
const GO_PARAMETERS: [&str; 11] = [
    "depth",
    "movetime",
    "nodes",
    "infinite",
    "searchmoves",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "ponder",
];

/// A `go` command read: the limits, whether only `stop` ends it, whether
/// it ponders, and the words it ignored.
struct Go {
    limits: Limits,
    infinite: bool,
    ponder: bool,
    warnings: Vec<String>,
}

/// `go wtime MS btime MS winc MS binc MS movestogo N | movetime MS | depth N
/// | nodes N | infinite | ponder | searchmoves M1 M2 …` from `pos`, any
/// combination (a `searchmoves` list runs to the next parameter); a search
/// with no limit (bare `go`) runs until `stop`, like `infinite`. An unknown
/// word, and what follows it up to the next parameter, is ignored with a
/// warning. The engine checks the limits.
fn read_go(words: &[&str], pos: &Position) -> Result<Go, String> {
    let mut go = Go {
        limits: Limits::default(),
        infinite: false,
        ponder: false,
        warnings: Vec::new(),
    };
    let limits = &mut go.limits;
    let mut it = words.iter().peekable();
    while let Some(&w) = it.next() {
        let mut number = || -> Result<u64, String> {
            let v = it.next().ok_or_else(|| format!("go {w} needs a number"))?;
            v.parse::<u64>()
                .map_err(|_| format!("go {w}: {v:?} is not a number"))
        };
        let ms = |n: u64| Some(Duration::from_millis(n));
        match w {
            "depth" => limits.depth = Some(u32::try_from(number()?).unwrap_or(u32::MAX)),
            "movetime" => limits.time = ms(number()?),
            "nodes" => limits.nodes = Some(number()?),
            "wtime" => limits.white_time = ms(number()?),
            "btime" => limits.black_time = ms(number()?),
            "winc" => limits.white_inc = ms(number()?),
            "binc" => limits.black_inc = ms(number()?),
            "movestogo" => limits.moves_to_go = Some(u32::try_from(number()?).unwrap_or(u32::MAX)),
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                let mut moves = Vec::new();
                while let Some(text) = it.next_if(|t| !GO_PARAMETERS.contains(t)) {
                    moves.push(read_move(pos, text).map_err(|e| format!("go searchmoves: {e}"))?);
                }
                limits.search_moves = Some(moves);
            }
            other => {
                let skipped: Vec<&str> =
                    std::iter::from_fn(|| it.next_if(|t| !GO_PARAMETERS.contains(t)).copied())
                        .collect();
                let what = if skipped.is_empty() {
                    String::new()
                } else {
                    format!(" (and {:?})", skipped.join(" "))
                };
                go.warnings
                    .push(format!("unknown go parameter {other:?}{what} ignored"));
            }
        }
    }
    limits.validate().map_err(|e| format!("go: {e}"))?;
    if go.infinite {
        // `infinite`: no time limit ends the search, only `stop`.
        (limits.time, limits.white_time, limits.black_time) = (None, None, None);
    }
    go.infinite |= !limits.is_bounded(pos.turn());
    Ok(go)
}

/// `bestmove M ponder R` for a search's PV from `root` (`ponder R` when it
/// has a second move; `bestmove (none)` when it is empty: no legal move).
fn bestmove_line(root: &Position, pv: &[Move]) -> String {
    match pv {
        [] => "bestmove (none)".to_string(),
        [m] => format!("bestmove {}", root.ctl(m)),
        [m, r, ..] => format!("bestmove {} ponder {}", root.ctl(m), root.after(*m).ctl(r)),
    }
}

/// `info depth … seldepth … multipv … score … nodes … nps … time … pv …`,
/// the PV in CTL-AN.
fn info_line(root: &Position, info: &Info) -> String {
    let ms = info.time.as_millis();
    let nps = if info.time.as_secs_f64() > 0.0 {
        (info.nodes as f64 / info.time.as_secs_f64()) as u64
    } else {
        0
    };
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {nps} time {ms} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.score,
        info.nodes,
        pv_text(root, &info.pv)
    )
}

fn pv_text(root: &Position, pv: &[Move]) -> String {
    let mut pos = root.clone();
    let mut words = Vec::with_capacity(pv.len());
    for &m in pv {
        words.push(pos.ctl(&m));
        pos.play_unchecked(m);
    }
    words.join(" ")
}
