//! `cescacs match --pgn`: the games written as CTL-PGN while the match is
//! played, in the match's order (pair by pair, A White first) whatever
//! order they end in, each flushed when written, so that a long match
//! stopped early keeps its games.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use cescacs::Color;
use cescacs_study::GameRecord;

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
    /// Creates the file (before the match, so that a bad path fails at once).
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

    /// Writes one game with its tags: Round `pair.1` has A as White, `pair.2` as Black.
    fn write(&mut self, g: &GameRecord) {
        let a_white = g.a_color == Color::White;
        let round = format!("{}.{}", g.pair + 1, if a_white { 1 } else { 2 });
        let (a, b) = (&self.names.0, &self.names.1);
        let (white, black) = if a_white { (a, b) } else { (b, a) };
        let mut tags = vec![
            ("Event", "cescacs match"),
            ("Round", round.as_str()),
            ("White", white.as_str()),
            ("Black", black.as_str()),
        ];
        if let Some(tc) = &self.time_control {
            tags.push(("TimeControl", tc));
        }
        let text = cescacs::pgn::write_game(&g.to_game(&tags));
        let sep = if self.next == 0 { "" } else { "\n" };
        if let Err(e) = write!(self.file, "{sep}{text}") {
            self.error.get_or_insert_with(|| e.to_string());
        }
        self.next = index(g) + 1;
    }
}
