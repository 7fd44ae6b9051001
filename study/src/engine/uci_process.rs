//! An external UCI engine process: started (its declared options read, the
//! options asked for checked against them), told what to do over its
//! standard input, and read through a thread that forwards its output
//! lines over a channel, so that every wait has a deadline
//! (`recv_timeout`, no polling). Dropping it sends `quit` and kills the
//! process if it has not exited shortly after.

use std::fmt;
use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use cescacs_engine::Score;

use crate::engine::spec::EngineSpec;
use crate::engine::uci_option::{check_options, UciOption};

/// How long an engine has to answer `uci` and `isready`.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// How long an engine has to exit after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(200);

/// What went wrong with an engine process.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The process could not be started.
    Spawn(String),
    /// The awaited line did not come before the deadline.
    Timeout(&'static str),
    /// The process closed its output (it exited or crashed).
    Exited,
    /// Writing to the process failed (it exited or crashed).
    Write(String),
    /// An option asked for is one the engine does not declare, or a value
    /// it would refuse.
    Option(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Spawn(e) => write!(f, "cannot start: {e}"),
            EngineError::Timeout(what) => write!(f, "no {what} in time"),
            EngineError::Exited => f.write_str("exited"),
            EngineError::Write(e) => write!(f, "cannot be written to: {e}"),
            EngineError::Option(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for EngineError {}

/// The answer to `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMove {
    /// The move's text, as the engine wrote it after `bestmove`.
    pub text: String,
    /// The score of the last `info … score …` line of this search, from
    /// the engine's (the mover's) view.
    pub score: Option<Score>,
}

/// A running engine process.
pub struct UciEngine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The `id name` the engine gave.
    pub id_name: Option<String>,
    /// The options it declared.
    pub options: Vec<UciOption>,
}

impl UciEngine {
    /// Starts `spec`'s engine: `uci` answered by `uciok` (the options it
    /// declares read on the way), each option checked against them and
    /// set, then `isready` answered by `readyok`, each within `timeout`.
    pub fn start(spec: &EngineSpec, timeout: Duration) -> Result<UciEngine, EngineError> {
        let (program, args) = spec
            .command
            .split_first()
            .ok_or_else(|| EngineError::Spawn("no command".to_string()))?;
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = &spec.dir {
            command.current_dir(dir);
        }
        // Its own process group: a terminal's Ctrl-C goes to the runner,
        // which ends the match and the engines in order.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| EngineError::Spawn(format!("{program}: {e}")))?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, lines) = mpsc::channel();
        std::thread::Builder::new()
            .name(format!("uci {}", spec.program_name()))
            .spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| EngineError::Spawn(e.to_string()))?;
        let mut engine = UciEngine {
            child,
            stdin,
            lines,
            id_name: None,
            options: Vec::new(),
        };
        engine.handshake(spec, timeout)?;
        Ok(engine)
    }

    /// `uci` → `uciok`, the options checked and set, `isready` → `readyok`.
    fn handshake(&mut self, spec: &EngineSpec, timeout: Duration) -> Result<(), EngineError> {
        self.send("uci")?;
        let deadline = Instant::now() + timeout;
        loop {
            let line = self.recv(deadline, "uciok")?;
            if let Some(name) = line.strip_prefix("id name ") {
                self.id_name = Some(name.trim().to_string());
            }
            self.options.extend(UciOption::parse(&line));
            if line.trim() == "uciok" {
                break;
            }
        }
        check_options(&self.options, &spec.options).map_err(EngineError::Option)?;
        for (name, value) in &spec.options {
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        self.ready(timeout)
    }

    /// Writes one line to the engine.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        let write = |stdin: &mut ChildStdin| -> io::Result<()> {
            stdin.write_all(line.as_bytes())?;
            stdin.write_all(b"\n")?;
            stdin.flush()
        };
        write(&mut self.stdin).map_err(|e| EngineError::Write(e.to_string()))
    }

    /// The next line, waiting until `deadline` at most.
    fn recv(&self, deadline: Instant, what: &'static str) -> Result<String, EngineError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout(what)),
            Err(RecvTimeoutError::Disconnected) => Err(EngineError::Exited),
        }
    }

    /// `isready`, answered by `readyok` within `timeout` (other lines,
    /// such as a late `bestmove`, are skipped).
    pub fn ready(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send("isready")?;
        let deadline = Instant::now() + timeout;
        while self.recv(deadline, "readyok")?.trim() != "readyok" {}
        Ok(())
    }

    /// `ucinewgame`, then `isready` → `readyok` within `timeout`.
    pub fn new_game(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send("ucinewgame")?;
        self.ready(timeout)
    }

    /// Sends `position` and `go` lines and reads up to `bestmove`, waiting
    /// until `deadline` at most; the score of the last `info` line with one
    /// comes with the move.
    pub fn search(
        &mut self,
        position: &str,
        go: &str,
        deadline: Instant,
    ) -> Result<BestMove, EngineError> {
        self.send(position)?;
        self.send(go)?;
        let mut score = None;
        loop {
            let line = self.recv(deadline, "bestmove")?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    let text = words.next().unwrap_or("").to_string();
                    return Ok(BestMove { text, score });
                }
                Some("info") => score = info_score(&line).or(score),
                _ => {}
            }
        }
    }

    /// Tells a search that overran to stop and skips its `bestmove`,
    /// waiting `grace` at most; the engine is usable after it only if
    /// this returns `Ok`.
    pub fn abandon_search(&mut self, grace: Duration) -> Result<(), EngineError> {
        self.send("stop")?;
        let deadline = Instant::now() + grace;
        while !self.recv(deadline, "bestmove")?.starts_with("bestmove") {}
        Ok(())
    }
}

/// The score of a UCI `info` line (`score cp N` or `score mate N`), if it
/// has one and it is not a bound.
pub fn info_score(line: &str) -> Option<Score> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let i = words.iter().position(|&w| w == "score")?;
    if words
        .get(i + 3)
        .is_some_and(|w| *w == "lowerbound" || *w == "upperbound")
    {
        return None;
    }
    let value: i32 = words.get(i + 2)?.parse().ok()?;
    match *words.get(i + 1)? {
        "cp" => Some(Score::Cp(value)),
        "mate" => Some(Score::Mate(value)),
        _ => None,
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // The reader thread ends when the process closes its output.
        let deadline = Instant::now() + QUIT_GRACE;
        while self.recv(deadline, "exit").is_ok() {}
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_give_their_scores() {
        assert_eq!(
            info_score("info depth 3 score cp -35 nodes 10 pv E7-E13"),
            Some(Score::Cp(-35))
        );
        assert_eq!(
            info_score("info depth 9 score mate 2 pv X"),
            Some(Score::Mate(2))
        );
        assert_eq!(info_score("info depth 9 score cp 20 lowerbound"), None);
        assert_eq!(info_score("info string hello"), None);
    }
}
