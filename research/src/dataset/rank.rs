//! A second encoding of a batch's moves for storage: each move's rank
//! ([`Position::move_rank`](cescacs::Position::move_rank)), a slot among
//! its position's pseudo-legal moves counted from attack sets by popcount:
//! the side's pieces by hex, each piece's targets by hex, the King's moves
//! and special captures after them. Ranks are small (below the number of
//! pseudo-legal moves), so they compress to about a byte a ply where move
//! indices take nearly two. The ranks of [`RANK_VERSION`] are these.
//!
//! Neither way lists the legal moves: writing resolves each stored index
//! (as checking a batch does) and counts; reading picks the one move a rank
//! names and tests its legality, in the one replay that also checks the
//! game (see `decode`).

use super::decode::decode;
use super::{per_game, BatchError, BatchParts, GameBatch};
use crate::encode::action_id;

/// The version of the rank encoding, which storage formats record beside
/// the ranks (ranks of another version name other moves).
pub const RANK_VERSION: u32 = 2;

impl GameBatch {
    /// Each move's rank ([`Position::move_rank`](cescacs::Position::move_rank)),
    /// end to end like [`GameBatch::moves`] (0: all cores).
    ///
    /// ```
    /// use cescacs_research::dataset::SelfPlay;
    ///
    /// let batch = SelfPlay::new(4).seed(2).max_plies(60).run().unwrap();
    /// let ranks = batch.ranks(1);
    /// assert!(ranks.iter().all(|&r| r < 400));
    /// ```
    pub fn ranks(&self, threads: usize) -> Vec<u16> {
        let mut out = vec![0u16; self.moves.len()];
        let filled = per_game(&self.offsets, &mut out, threads, |g, ranks| {
            let mut pos = self.start(g).clone();
            for (r, &index) in ranks.iter_mut().zip(self.game_moves(g)) {
                let id = action_id(usize::from(index)).expect("a batch holds move indices only");
                let m = pos.resolve(id).expect("a batch holds legal moves only");
                *r = pos.move_rank(&m) as u16;
                pos.play_unchecked(m);
            }
            Ok(())
        });
        filled.expect("ranks of a batch cannot fail");
        out
    }

    /// [`GameBatch::from_parts`] with `parts.moves` holding ranks (as
    /// [`GameBatch::ranks`] makes them) instead of move indices: one replay
    /// a game, which reads the ranks and checks the game. A rank that names
    /// no legal move is [`BatchError::Rank`].
    pub fn from_rank_parts(parts: BatchParts, threads: usize) -> Result<GameBatch, BatchError> {
        decode(parts, threads, |at, _: &mut ()| {
            at.position
                .move_at_rank(usize::from(at.stored))
                .ok_or_else(|| BatchError::Rank {
                    game: at.game,
                    ply: at.ply,
                    rank: at.stored,
                    legal: at.position.count_legal_moves(),
                })
        })
    }
}
