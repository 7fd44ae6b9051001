//! The King's special gaits a player may be told not to play, for
//! measuring what they are worth (docs/BALANCE.md), expressed as the root
//! moves its search may choose among.

use cescacs::{Move, MoveKind, Position};

/// The King's special gaits a player abstains from. It still expects them
/// from the opponent (only its own choice at the root is restricted), and
/// plays one when it is the only kind of move it has.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Abstain {
    /// Never play a King's Leap.
    pub king_leaps: bool,
    /// Never castle.
    pub castling: bool,
}

impl Abstain {
    /// Whether `m` is a gait this player abstains from.
    pub fn forbids(&self, m: &Move) -> bool {
        match m.kind() {
            MoveKind::KingLeap => self.king_leaps,
            MoveKind::Castling(_) => self.castling,
            _ => false,
        }
    }

    /// The moves `pos`'s side to move may choose among: its legal moves
    /// without the gaits abstained from, for
    /// [`Limits::search_moves`](cescacs_engine::Limits::search_moves).
    /// `None` (every legal move) when nothing is abstained from, when no
    /// legal move is a forbidden gait, or when every legal move is one.
    pub fn root_moves(&self, pos: &Position) -> Option<Vec<Move>> {
        if !(self.king_leaps || self.castling) {
            return None;
        }
        let moves = pos.legal_moves();
        let allowed: Vec<Move> = moves.iter().copied().filter(|m| !self.forbids(m)).collect();
        (!allowed.is_empty() && allowed.len() < moves.len()).then_some(allowed)
    }
}
