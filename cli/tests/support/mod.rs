//! A `cescacs uci` process driven through its stdin, its output lines read
//! on a thread (shared by the UCI tests).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

pub const BIN: &str = env!("CARGO_BIN_EXE_cescacs");

/// The engine process with its input and a channel of its output lines.
pub struct Uci {
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Uci {
    pub fn start() -> Uci {
        Uci::spawn(Command::new(BIN).arg("uci"))
    }

    pub fn spawn(command: &mut Command) -> Uci {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let out = BufReader::new(child.stdout.take().unwrap());
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in out.lines() {
                if tx.send(line.unwrap()).is_err() {
                    return;
                }
            }
        });
        Uci {
            input: child.stdin.take(),
            child,
            lines,
        }
    }

    pub fn send(&mut self, text: &str) {
        let input = self.input.as_mut().unwrap();
        writeln!(input, "{text}").unwrap();
        input.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `prefix`.
    pub fn until(&self, prefix: &str) -> Vec<String> {
        self.until_line(prefix, |line| line.starts_with(prefix))
    }

    /// Lines up to and including the first for which `done` holds
    /// (`what` names it in the panic when a minute passes without one).
    pub fn until_line(&self, what: &str, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(60))
                .unwrap_or_else(|_| panic!("no {what:?} after {out:?}"));
            let last = done(&line);
            out.push(line);
            if last {
                return out;
            }
        }
    }

    pub fn quit(mut self) {
        self.send("quit");
        drop(self.input.take());
        assert!(self.child.wait().unwrap().success());
    }
}

impl Uci {
    /// The lines printed before `readyok` (sends `isready`): what the
    /// commands sent before it answered, once they are done.
    #[allow(dead_code)]
    pub fn answers(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.until("readyok");
        lines.pop();
        lines
    }
}
