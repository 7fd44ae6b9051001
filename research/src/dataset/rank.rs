//! A second encoding of a batch's moves for storage: each move's rank
//! among its position's legal moves ordered by move index. Ranks are small
//! (below the number of legal moves, about 130 in random play), so they
//! compress to about a byte a ply where move indices take nearly two; the
//! order by index does not depend on how the move generator orders moves.

use super::{index_of, per_game, BatchError, BatchParts, GameBatch};
use cescacs::{MoveList, Position};

/// The legal moves of `pos` and their indices (in generation order).
fn legal_with_indices(pos: &Position, indices: &mut Vec<u16>) -> MoveList {
    let list = pos.legal_moves();
    indices.clear();
    indices.extend(list.iter().map(|m| index_of(*m)));
    list
}

impl GameBatch {
    /// Each move's rank among its position's legal moves ordered by move
    /// index, end to end like [`GameBatch::moves`] (0: all cores).
    pub fn ranks(&self, threads: usize) -> Vec<u16> {
        let mut out = vec![0u16; self.moves.len()];
        let filled = per_game(&self.offsets, &mut out, threads, |g, ranks| {
            let mut pos = self.start(g).clone();
            let mut indices = Vec::new();
            for (r, &index) in ranks.iter_mut().zip(self.game_moves(g)) {
                // The rank is the number of legal indices below the move's:
                // no sort needed.
                let list = legal_with_indices(&pos, &mut indices);
                *r = indices.iter().filter(|&&i| i < index).count() as u16;
                let at = indices.iter().position(|&i| i == index).expect("a batch holds legal moves only");
                pos.play_unchecked(list[at]);
            }
            Ok(())
        });
        filled.expect("ranks of a batch cannot fail");
        out
    }

    /// [`GameBatch::from_parts`] with `parts.moves` holding ranks (as
    /// [`GameBatch::ranks`] makes them) instead of move indices.
    pub fn from_rank_parts(mut parts: BatchParts, threads: usize) -> Result<GameBatch, BatchError> {
        let n = parts.game_count()?;
        if parts.start_of.len() != n {
            return Err(BatchError::Length { what: "start_of", got: parts.start_of.len(), games: n });
        }
        if let Some((game, &index)) = parts.start_of.iter().enumerate().find(|(_, &s)| s as usize >= parts.starts.len()) {
            return Err(BatchError::StartIndex { game, index, starts: parts.starts.len() });
        }
        let (starts, start_of) = (&parts.starts, &parts.start_of);
        per_game(&parts.offsets, &mut parts.moves, threads, |g, moves| {
            let mut pos = starts[start_of[g] as usize].clone();
            let (mut indices, mut sorted) = (Vec::new(), Vec::new());
            for (ply, slot) in moves.iter_mut().enumerate() {
                let list = legal_with_indices(&pos, &mut indices);
                let rank = usize::from(*slot);
                if rank >= indices.len() {
                    return Err(BatchError::Rank { game: g, ply, rank: *slot, legal: indices.len() });
                }
                sorted.clone_from(&indices);
                let (_, &mut index, _) = sorted.select_nth_unstable(rank);
                *slot = index;
                let at = indices.iter().position(|&i| i == index).expect("one of the legal indices");
                pos.play_unchecked(list[at]);
            }
            Ok(())
        })?;
        GameBatch::from_parts(parts, threads)
    }
}
