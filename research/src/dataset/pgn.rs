//! A CTL-PGN collection into a [`GameBatch`]: the main line, start and
//! result of each game, read game by game (from a
//! [`pgn::Reader`](cescacs::pgn::Reader), any size), so the records are held
//! one at a time.

use super::GameBatch;
use cescacs::pgn::{GameEntry, PgnError};

impl GameBatch {
    /// The games of `entries` (a [`pgn::Reader`](cescacs::pgn::Reader)'s, or
    /// [`read_game_entries`](cescacs::pgn::read_game_entries)'), at most
    /// `max_games` of them, as one batch. The first game with an error
    /// stops the reading with its first error (line and column counted from
    /// the start of the input); the entries after it are not read.
    ///
    /// ```
    /// use cescacs_research::dataset::GameBatch;
    /// use cescacs::pgn::Reader;
    ///
    /// let text = "1. E7-E13, E21-E15\n*\n\n1. H6-H12\n*\n\n1. L5-L7\n*\n";
    /// let mut games = Reader::new(text.as_bytes());
    /// let first = GameBatch::from_pgn_entries(&mut games, 2).unwrap();
    /// assert_eq!(first.offsets(), &[0, 2, 3]);
    /// let rest = GameBatch::from_pgn_entries(&mut games, usize::MAX).unwrap();
    /// assert_eq!(rest.len(), 1);
    /// ```
    pub fn from_pgn_entries(
        entries: impl Iterator<Item = GameEntry>,
        max_games: usize,
    ) -> Result<GameBatch, PgnError> {
        let mut batch = GameBatch::new();
        for entry in entries.take(max_games) {
            if let Some(e) = entry.errors.into_iter().next() {
                return Err(e);
            }
            if let Some(game) = entry.game {
                batch.push_game(&game);
            }
        }
        Ok(batch)
    }
}
