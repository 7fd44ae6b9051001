//! `cescacs match --pgn`: the games written as CTL-PGN while the match is
//! played, in the match's order (pair by pair, A White first) whatever
//! order they end in, each flushed when written, so that a long match
//! stopped early keeps its games.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use cescacs::Color;
use cescacs_study::{game_pgn, GameRecord};

/// The games file and the games that ended before their turn to be written.
pub struct PgnSink {
    path: PathBuf,
    file: BufWriter<File>,
    names: (String, String),
    time_control: Option<String>,
    next: usize,
    waiting: BTreeMap<usize, GameRecord>,
    error: Option<String>,
}

/// A game's place in the match: pair by pair, A White first.
fn index(g: &GameRecord) -> usize {
    2 * g.pair + usize::from(g.a_color == Color::Black)
}

impl PgnSink {
    /// Creates the file (once the engines have started, before the first game).
    pub fn create(
        path: &Path,
        names: (String, String),
        time_control: Option<String>,
    ) -> Result<PgnSink, String> {
        let file = File::create(path).map_err(|e| format!("--pgn {}: {e}", path.display()))?;
        Ok(PgnSink {
            path: path.to_path_buf(),
            file: BufWriter::new(file),
            names,
            time_control,
            next: 0,
            waiting: BTreeMap::new(),
            error: None,
        })
    }

    /// Takes a game that ended; writes it and those waiting for it when its turn has come.
    pub fn add(&mut self, g: &GameRecord) {
        if index(g) != self.next {
            self.waiting.insert(index(g), g.clone());
            return;
        }
        self.write(g);
        while let Some(g) = self.waiting.remove(&self.next) {
            self.write(&g);
        }
        if let Err(e) = self.file.flush() {
            self.error.get_or_insert_with(|| e.to_string());
        }
    }

    /// Writes the games still waiting (in order) and reports the first write error.
    pub fn finish(mut self) -> Result<(), String> {
        for g in std::mem::take(&mut self.waiting).into_values() {
            self.write(&g);
        }
        if let Err(e) = self.file.flush() {
            self.error.get_or_insert_with(|| e.to_string());
        }
        self.error.map_or(Ok(()), |e| {
            Err(format!("--pgn {}: {e}", self.path.display()))
        })
    }

    /// Writes one game as the study crate writes a match's games.
    fn write(&mut self, g: &GameRecord) {
        let names = (self.names.0.as_str(), self.names.1.as_str());
        let text = game_pgn(g, names, self.time_control.as_deref());
        let sep = if self.next == 0 { "" } else { "\n" };
        if let Err(e) = write!(self.file, "{sep}{text}") {
            self.error.get_or_insert_with(|| e.to_string());
        }
        self.next = index(g) + 1;
    }
}
