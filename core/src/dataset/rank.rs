//! A second encoding of a batch's moves for storage: each move's rank
//! among its position's legal moves ordered by move index. Ranks are small
//! (below the number of legal moves, about 130 in random play), so they
//! compress to about a byte a ply where move indices take nearly two; the
//! order by index does not depend on how the move generator orders moves.

use std::sync::Mutex;

use super::{index_of, BatchError, BatchParts, GameBatch};
use crate::encode::action_id;
use crate::position::Position;
use crate::workers;

/// Games converted per job.
const GAMES_PER_JOB: usize = 64;

/// The legal move indices of `pos`, ascending.
fn sorted_indices(pos: &Position, out: &mut Vec<u16>) {
    out.clear();
    out.extend(pos.legal_moves().iter().map(|m| index_of(*m)));
    out.sort_unstable();
}

/// Runs `f(game, that game's slice of out)` for every game, on `threads`
/// workers (0: all cores); the first error by game order wins.
fn per_game(
    offsets: &[u64],
    out: &mut [u16],
    threads: usize,
    f: impl Fn(usize, &mut [u16]) -> Result<(), BatchError> + Sync,
) -> Result<(), BatchError> {
    let games = offsets.len() - 1;
    let mut jobs = Vec::new();
    let mut rest = out;
    for g0 in (0..games).step_by(GAMES_PER_JOB) {
        let g1 = (g0 + GAMES_PER_JOB).min(games);
        let (mine, tail) = std::mem::take(&mut rest).split_at_mut((offsets[g1] - offsets[g0]) as usize);
        rest = tail;
        jobs.push((g0..g1, mine));
    }
    let count = jobs.len();
    let jobs = Mutex::new(jobs);
    let first_error: Mutex<Option<(usize, BatchError)>> = Mutex::new(None);
    let work = || -> Result<(), ()> {
        loop {
            let Some((games, slice)) = jobs.lock().unwrap_or_else(|e| e.into_inner()).pop() else { return Ok(()) };
            let base = offsets[games.start];
            for g in games {
                let (a, b) = ((offsets[g] - base) as usize, (offsets[g + 1] - base) as usize);
                if let Err(e) = f(g, &mut slice[a..b]) {
                    let mut slot = first_error.lock().unwrap_or_else(|e| e.into_inner());
                    if slot.as_ref().is_none_or(|(at, _)| g < *at) {
                        *slot = Some((g, e));
                    }
                    break;
                }
            }
        }
    };
    let _ = workers::run(workers::worker_count(threads, count), "ranks", work);
    match first_error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some((_, e)) => Err(e),
        None => Ok(()),
    }
}

impl GameBatch {
    /// Each move's rank among its position's legal moves ordered by move
    /// index, end to end like [`GameBatch::moves`] (0: all cores).
    pub fn ranks(&self, threads: usize) -> Vec<u16> {
        let mut out = vec![0u16; self.moves.len()];
        let filled = per_game(&self.offsets, &mut out, threads, |g, ranks| {
            let mut pos = self.start(g).clone();
            let mut legal = Vec::new();
            for (r, &index) in ranks.iter_mut().zip(self.game_moves(g)) {
                sorted_indices(&pos, &mut legal);
                *r = legal.binary_search(&index).expect("a batch holds legal moves only") as u16;
                let id = action_id(usize::from(index)).expect("a batch holds move indices only");
                pos.play_unchecked(pos.resolve(id).expect("a batch holds legal moves only"));
            }
            Ok(())
        });
        filled.expect("ranks of a batch cannot fail");
        out
    }

    /// [`GameBatch::from_parts`] with `parts.moves` holding ranks (as
    /// [`GameBatch::ranks`] makes them) instead of move indices.
    pub fn from_rank_parts(mut parts: BatchParts, threads: usize) -> Result<GameBatch, BatchError> {
        let n = parts.offsets.len().checked_sub(1).ok_or(BatchError::BadOffsets { moves: parts.moves.len() })?;
        let ok_offsets = parts.offsets[0] == 0
            && parts.offsets.windows(2).all(|w| w[0] <= w[1])
            && parts.offsets[n] == parts.moves.len() as u64;
        if !ok_offsets {
            return Err(BatchError::BadOffsets { moves: parts.moves.len() });
        }
        if parts.start_of.len() != n {
            return Err(BatchError::Length { what: "start_of", got: parts.start_of.len(), games: n });
        }
        if let Some((game, &index)) = parts.start_of.iter().enumerate().find(|(_, &s)| s as usize >= parts.starts.len()) {
            return Err(BatchError::StartIndex { game, index, starts: parts.starts.len() });
        }
        let (starts, start_of) = (&parts.starts, &parts.start_of);
        per_game(&parts.offsets, &mut parts.moves, threads, |g, moves| {
            let mut pos = starts[start_of[g] as usize].clone();
            let mut legal = Vec::new();
            for (ply, slot) in moves.iter_mut().enumerate() {
                sorted_indices(&pos, &mut legal);
                let index = *legal.get(usize::from(*slot)).ok_or(BatchError::Rank { game: g, ply, rank: *slot, legal: legal.len() })?;
                *slot = index;
                let id = action_id(usize::from(index)).expect("a legal move's index");
                pos.play_unchecked(pos.resolve(id).expect("a legal move"));
            }
            Ok(())
        })?;
        GameBatch::from_parts(parts, threads)
    }
}
