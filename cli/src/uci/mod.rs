//! `cescacs uci`: the UCI protocol over stdin/stdout, with PDTL where UCI
//! has FEN and moves written as `cescacs moves` prints them (CTL-AN; the
//! long form is read too). docs/UCI.md describes the dialect: every
//! command, option and `info` field.
//!
//! A search runs on its own thread, so `stop`, `ponderhit`, `isready` and
//! `quit` are answered while it runs (`position`, `go`, `setoption` and
//! `ucinewgame` wait for a bounded search to end, and stop one that only
//! `stop` would end). Every `go` ends with a `bestmove` (`go.rs` says how
//! bad values are read); the engine's reports become `info` lines
//! (`report.rs`); `position` plays the legal moves before an illegal one
//! (`position.rs`); the options are `options.rs`'s.

mod go;
mod options;
mod position;
mod report;

use std::io::{self, BufRead, Read, Write};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use cescacs::History;
use cescacs_engine::{Control, Engine, EngineOptions};

use go::{read_go, Go};
use options::SessionOptions;
use position::read_position;
use report::{bestmove_line, info_line, no_move_line};

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

/// The search under way: whether only `stop` ends it, and the thread that
/// hands the engine back.
struct Running {
    /// No limit ends it (`go infinite`, a bare `go`, a mate search that
    /// finds none): a command that needs the engine stops it.
    endless: bool,
    thread: JoinHandle<Engine>,
}

struct Session {
    out: Out,
    engine: Option<Engine>,
    /// The engine's stop and pondering flags (kept while a search holds the engine).
    control: Control,
    game: History,
    running: Option<Running>,
    options: SessionOptions,
}

/// Runs the protocol until `quit` or the end of input.
pub fn run() -> io::Result<()> {
    let engine = Engine::new(EngineOptions::default());
    let mut session = Session {
        out: Out(Arc::new(Mutex::new(io::stdout()))),
        control: engine.control(),
        engine: Some(engine),
        game: History::default(),
        running: None,
        options: SessionOptions::default(),
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
                for option in options::option_lines() {
                    self.out.line(&option);
                }
                self.out.line("uciok");
            }
            "isready" => self.out.line("readyok"),
            // Accepted; the engine has nothing more to say in debug mode
            // and needs no registration (as Stockfish).
            "debug" | "register" => {}
            "ucinewgame" => {
                self.engine_mut().new_game();
                self.game = History::default();
            }
            "setoption" => {
                let mut session = self.options;
                let result = options::setoption(&rest, &mut session, || self.engine_mut());
                match result {
                    Ok(()) => self.options = session,
                    Err(e) => self.error(&e),
                }
            }
            "position" => match read_position(&rest) {
                Ok(read) => {
                    self.finish();
                    self.game = read.game;
                    if let Some(e) = read.bad_move {
                        self.error(&e);
                    }
                }
                Err(e) => self.error(&e),
            },
            "go" => {
                self.finish();
                let go = read_go(&rest, self.game.position());
                for w in &go.warnings {
                    self.out.line(&format!("info string warning: {w}"));
                }
                self.go(go);
            }
            "ponderhit" => self.control.ponderhit(),
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

    fn go(&mut self, go: Go) {
        let Go {
            limits,
            infinite,
            ponder,
            ..
        } = go;
        let turn = self.game.position().turn();
        let endless = infinite || (limits.mate.is_some() && !limits.is_bounded(turn));
        self.finish();
        let mut engine = self
            .engine
            .take()
            .expect("the engine is home when no search runs");
        let control = self.control.clone();
        // Before the thread starts: a `stop` read from now on stops this search.
        control.reset(ponder);
        let game = self.game.clone();
        let out = self.out.clone();
        let wdl = self.options.show_wdl;
        let thread = std::thread::spawn(move || {
            let root = game.position().clone();
            let result = engine.search(&game, &limits, |info| {
                if let Some(line) = info_line(&root, info, wdl) {
                    out.line(&line);
                }
            });
            if result.best_move.is_none() {
                out.line(&no_move_line(result.score, wdl));
            }
            // UCI: after `go infinite` the best move waits for `stop`, and
            // after `go ponder` for `ponderhit` or `stop`.
            while (infinite || control.is_pondering()) && !control.is_stopped() {
                std::thread::sleep(Duration::from_millis(2));
            }
            out.line(&bestmove_line(&root, &result.pv));
            engine
        });
        self.running = Some(Running { endless, thread });
    }

    /// Stops the search under way, if any, and takes the engine back.
    fn stop(&mut self) {
        self.control.stop();
        self.finish();
    }

    /// Waits for the search under way to end (stopping it if nothing else
    /// would end it: no limit, or pondering) and takes the engine back.
    /// Commands that change the engine or the position come here, so a
    /// bounded `go` sent before them still reports its best move.
    fn finish(&mut self) {
        if let Some(r) = self.running.take() {
            if r.endless || self.control.is_pondering() {
                self.control.stop();
            }
            match r.thread.join() {
                Ok(engine) => self.engine = Some(engine),
                Err(_) => {
                    self.error("the search failed; the engine is reset");
                    let engine = Engine::new(EngineOptions::default());
                    self.control = engine.control();
                    self.engine = Some(engine);
                }
            }
        }
    }
}
