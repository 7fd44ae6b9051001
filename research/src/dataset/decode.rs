//! Reading a batch from an encoding that needs the position to name a
//! move (ranks, CTL-AN): each game replayed once, every move found from its
//! encoded form, written back as its move index, and the game's stated
//! termination checked against the rules in the same pass.

use super::{index_of, per_game, BatchError, BatchParts, GameBatch};
use cescacs::{History, Move, Position};

/// What a decoder sees of a ply: its game, its ply within the game, its
/// flat index among the batch's plies, the value stored in `parts.moves`
/// there, and the position the move is played from.
pub(super) struct Ply<'a> {
    pub(super) game: usize,
    pub(super) ply: usize,
    pub(super) flat: usize,
    pub(super) stored: u16,
    pub(super) position: &'a Position,
}

impl BatchParts {
    /// Checks every column but the moves against the offsets.
    pub(super) fn check_columns(&self) -> Result<usize, BatchError> {
        let n = self.game_count()?;
        for (what, got) in [
            ("start_of", self.start_of.len()),
            ("results", self.results.len()),
            ("terminations", self.terminations.len()),
        ] {
            if got != n {
                return Err(BatchError::Length {
                    what,
                    got,
                    games: n,
                });
            }
        }
        if let Some((game, &index)) = self
            .start_of
            .iter()
            .enumerate()
            .find(|(_, &s)| s as usize >= self.starts.len())
        {
            return Err(BatchError::StartIndex {
                game,
                index,
                starts: self.starts.len(),
            });
        }
        Ok(n)
    }
}

/// The batch of `parts` whose moves `decode` finds ply by ply (given a
/// scratch space of its own, made once a game), on `threads` workers (0:
/// all cores); the first error by game order wins.
pub(super) fn decode<S: Default>(
    mut parts: BatchParts,
    threads: usize,
    decode: impl Fn(&Ply<'_>, &mut S) -> Result<Move, BatchError> + Sync,
) -> Result<GameBatch, BatchError> {
    parts.check_columns()?;
    let (offsets, starts, start_of, terminations) = (
        &parts.offsets,
        &parts.starts,
        &parts.start_of,
        &parts.terminations,
    );
    per_game(offsets, &mut parts.moves, threads, |game, moves| {
        let mut h = History::with_capacity(starts[start_of[game] as usize].clone(), moves.len());
        let mut scratch = S::default();
        let base = offsets[game] as usize;
        for (ply, slot) in moves.iter_mut().enumerate() {
            let at = Ply {
                game,
                ply,
                flat: base + ply,
                stored: *slot,
                position: h.position(),
            };
            let m = decode(&at, &mut scratch)?;
            *slot = index_of(m);
            h.push_unchecked(m);
        }
        let rules = h.outcome().map(|o| o.termination);
        match rules == terminations[game] {
            true => Ok(()),
            false => Err(BatchError::Termination {
                game,
                stated: terminations[game],
                rules,
            }),
        }
    })?;
    Ok(GameBatch::from_checked_parts(parts))
}
