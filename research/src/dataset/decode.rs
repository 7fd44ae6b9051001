//! Reading a batch from an encoding that needs the position to name a
//! move (ranks, CTL-AN): each game replayed once, every move found from its
//! encoded form, written back as its move index, and the game's stated
//! termination checked against the rules in the same pass.

use std::sync::atomic::{AtomicU8, Ordering};

use super::{index_of, per_game, result_code, BatchError, BatchParts, GameBatch};
use super::{RESULTS, TERMINATIONS};
use crate::dataset::termination_code;
use cescacs::{GameResult, History, Move, Position};

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
        // No terminations at all: each game's is the rules' (see `BatchParts`).
        let terminations = match self.terminations.len() {
            0 => n,
            len => len,
        };
        for (what, got) in [
            ("start_of", self.start_of.len()),
            ("results", self.results.len()),
            ("terminations", terminations),
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
    // Without stated terminations the rules' are kept, with the result of
    // each game they end (codes; `u8::MAX`: the game goes on).
    let ruled = terminations.is_empty();
    let games = start_of.len();
    let ends: Vec<(AtomicU8, AtomicU8)> = (0..if ruled { games } else { 0 })
        .map(|_| (AtomicU8::new(0), AtomicU8::new(u8::MAX)))
        .collect();
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
        let outcome = h.outcome();
        let rules = outcome.map(|o| o.termination);
        if ruled {
            ends[game]
                .0
                .store(termination_code(rules), Ordering::Relaxed);
            if let Some(o) = outcome {
                let code = result_code(GameResult::from_outcome(&o));
                ends[game].1.store(code, Ordering::Relaxed);
            }
            return Ok(());
        }
        match rules == terminations[game] {
            true => Ok(()),
            false => Err(BatchError::Termination {
                game,
                stated: terminations[game],
                rules,
            }),
        }
    })?;
    if ruled {
        parts.terminations = ends
            .iter()
            .map(|(t, _)| TERMINATIONS[usize::from(t.load(Ordering::Relaxed))])
            .collect();
        for (result, (_, code)) in parts.results.iter_mut().zip(&ends) {
            let code = code.load(Ordering::Relaxed);
            if code != u8::MAX && *result == GameResult::Unfinished {
                *result = RESULTS[usize::from(code)];
            }
        }
    }
    Ok(GameBatch::from_checked_parts(parts))
}

/// The move of a stored move index in `at`'s position (the index path of
/// [`GameBatch::from_parts`] when the terminations are the rules').
pub(super) fn index_move(at: &Ply<'_>) -> Result<Move, BatchError> {
    let index = at.stored;
    let id = crate::encode::action_id(usize::from(index)).ok_or(BatchError::NotAnIndex {
        game: at.game,
        ply: at.ply,
        index,
    })?;
    at.position.resolve(id).ok_or_else(|| BatchError::Illegal {
        game: at.game,
        ply: at.ply,
        index,
        long: id.long(),
        pdtl: at.position.to_pdtl(),
    })
}
