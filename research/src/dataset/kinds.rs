//! What kind of move each ply of a batch is (a King's Leap, a castling, an
//! en passant capture…), for statistics over many games without rebuilding
//! them.

use super::{per_game, GameBatch};
use crate::encode::action_id;
use cescacs::MoveKind;

impl GameBatch {
    /// The [`MoveKind`] of every move, end to end like
    /// [`GameBatch::moves`], replayed on `threads` workers (0: all cores).
    pub fn move_kinds(&self, threads: usize) -> Vec<MoveKind> {
        let mut out = vec![MoveKind::Normal; self.moves.len()];
        let filled = per_game(&self.offsets, &mut out, threads, |g, kinds| {
            let mut pos = self.start(g).clone();
            for (kind, &index) in kinds.iter_mut().zip(self.game_moves(g)) {
                let id = action_id(usize::from(index)).expect("a batch holds move indices only");
                let m = pos.resolve(id).expect("a batch holds legal moves only");
                *kind = m.kind();
                pos.play_unchecked(m);
            }
            Ok(())
        });
        filled.expect("replaying a batch cannot fail");
        out
    }
}
