//! A second encoding of a batch's moves for storage: each move's rank
//! among its position's legal moves ordered by move index. Ranks are small
//! (below the number of legal moves, about 130 in random play), so they
//! compress to about a byte a ply where move indices take nearly two; the
//! order by index does not depend on how the move generator orders moves.

use super::{index_of, per_game, BatchError, BatchParts, GameBatch};
use crate::encode::action_id;
use crate::position::Position;

/// The legal move indices of `pos`, ascending.
fn sorted_indices(pos: &Position, out: &mut Vec<u16>) {
    out.clear();
    out.extend(pos.legal_moves().iter().map(|m| index_of(*m)));
    out.sort_unstable();
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
