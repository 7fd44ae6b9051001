//! The position's repetition hash (RULES.md §7.2), from the keys of
//! [`crate::zobrist`]: placement, side to move and rights are kept up to
//! date by make-move; the en passant / scornful state counts only while
//! such a capture is legal.

use super::{Position, SpecialCapture};
use crate::geometry::Hex;
use crate::piece::Color;
use crate::zobrist::{en_passant_key, piece_key, rights_key, scornful_key, turn_key};

fn special_key(s: SpecialCapture) -> u64 {
    match s {
        SpecialCapture::None => 0,
        SpecialCapture::EnPassant { pawn, steps } => en_passant_key(pawn, steps),
        SpecialCapture::Scornful { capturer, pawn } => scornful_key(capturer, pawn),
    }
}

impl Position {
    /// The Zobrist hash of the position's identity for repetition (RULES.md
    /// §7.2): placement, side to move, normalised castling rights, and the
    /// en passant / scornful state only when such a capture is legal now.
    /// Clocks and the move number are not part of it.
    ///
    /// ```
    /// use cescacs::Position;
    /// let mut pos = Position::default();
    /// let start = pos.zobrist_hash();
    /// for m in ["NG3-I7", "NG25-I21", "NI7-G3", "NI21-G25"] {
    ///     let mv = pos.parse_ctl(m).unwrap();
    ///     pos.play(mv).unwrap();
    /// }
    /// assert_eq!(pos.zobrist_hash(), start);
    /// ```
    #[inline]
    pub fn zobrist_hash(&self) -> u64 {
        // Most positions have no special capture pending: no call then.
        if self.special == SpecialCapture::None {
            self.hash
        } else {
            self.hash ^ self.live_special_key()
        }
    }

    /// [`Position::zobrist_hash`] without the key of a pending en passant
    /// or scornful capture (the whole hash when none is pending).
    #[inline]
    pub(crate) fn hash_without_special(&self) -> u64 {
        self.hash
    }

    /// The same hash computed from nothing (the incremental one must equal it).
    pub fn zobrist_hash_from_scratch(&self) -> u64 {
        self.base_hash_from_scratch() ^ self.live_special_key()
    }

    #[inline(never)]
    fn live_special_key(&self) -> u64 {
        if self.has_legal_special_capture() {
            special_key(self.special)
        } else {
            0
        }
    }

    /// Placement, turn and rights: the part kept up to date by make-move.
    pub(crate) fn base_hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for hex in Hex::all() {
            if let Some(p) = self.piece_at(hex) {
                h ^= piece_key(p, hex);
            }
        }
        if self.turn == Color::Black {
            h ^= turn_key();
        }
        for c in Color::ALL {
            h ^= rights_key(c, self.rights[c.index()].bits());
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use crate::movegen::random_positions;
    use crate::moves::MoveKind;
    use crate::position::{Position, SpecialCapture};

    /// The shortcut the hash takes must agree with the full move list in
    /// every position of many random games (a few thousand of which have an
    /// en passant or scornful capture pending).
    #[test]
    fn special_capture_test_agrees_with_the_move_list() {
        let start = Position::default();
        let (mut pending, mut live) = (0, 0);
        for seed in 0..150 {
            for pos in &random_positions(&start, seed, 300) {
                let want = pos
                    .legal_moves()
                    .iter()
                    .any(|m| matches!(m.kind(), MoveKind::EnPassant | MoveKind::ScornfulCapture));
                assert_eq!(pos.has_legal_special_capture(), want, "{}", pos.to_pdtl());
                pending += usize::from(pos.special != SpecialCapture::None);
                live += usize::from(want);
            }
        }
        assert!(
            pending > 1000 && live > 100,
            "{pending} positions with a special capture pending, {live} live"
        );
    }
}
