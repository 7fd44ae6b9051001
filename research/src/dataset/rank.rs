//! A second encoding of a batch's moves for storage: each move's rank
//! among its position's legal moves ordered by move index. Ranks are small
//! (below the number of legal moves, about 130 in random play), so they
//! compress to about a byte a ply where move indices take nearly two; the
//! order by index does not depend on how the move generator orders moves.
//!
//! Both ways cost one legal-move generation a ply, into a list kept from
//! ply to ply: a rank is the number of legal moves whose index is below the
//! move's (no sort), and a rank is read back by selecting that element
//! among the moves' indices (no sort either), in the one replay that also
//! checks the game (see `decode`).

use super::decode::decode;
use super::{index_of, per_game, BatchError, BatchParts, GameBatch};
use cescacs::MoveList;

impl GameBatch {
    /// Each move's rank among its position's legal moves ordered by move
    /// index, end to end like [`GameBatch::moves`] (0: all cores).
    pub fn ranks(&self, threads: usize) -> Vec<u16> {
        let mut out = vec![0u16; self.moves.len()];
        let filled = per_game(&self.offsets, &mut out, threads, |g, ranks| {
            let mut pos = self.start(g).clone();
            let mut list = MoveList::new();
            for (r, &index) in ranks.iter_mut().zip(self.game_moves(g)) {
                pos.legal_moves_into(&mut list);
                let (mut rank, mut played) = (0u16, None);
                for &m in &list {
                    let i = index_of(m);
                    if i < index {
                        rank += 1;
                    } else if i == index {
                        played = Some(m);
                    }
                }
                *r = rank;
                pos.play_unchecked(played.expect("a batch holds legal moves only"));
            }
            Ok(())
        });
        filled.expect("ranks of a batch cannot fail");
        out
    }

    /// [`GameBatch::from_parts`] with `parts.moves` holding ranks (as
    /// [`GameBatch::ranks`] makes them) instead of move indices: one replay
    /// a game, which reads the ranks and checks the game.
    pub fn from_rank_parts(parts: BatchParts, threads: usize) -> Result<GameBatch, BatchError> {
        decode(parts, threads, |at, (list, indices, sorted): &mut (MoveList, Vec<u16>, Vec<u16>)| {
            at.position.legal_moves_into(list);
            let rank = usize::from(at.stored);
            if rank >= list.len() {
                return Err(BatchError::Rank { game: at.game, ply: at.ply, rank: at.stored, legal: list.len() });
            }
            indices.clear();
            indices.extend(list.iter().map(|&m| index_of(m)));
            sorted.clone_from(indices);
            let (_, &mut index, _) = sorted.select_nth_unstable(rank);
            Ok(list[indices.iter().position(|&i| i == index).expect("one of the legal indices")])
        })
    }
}
