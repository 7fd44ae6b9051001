//! End of the game (RULES.md §6): checkmate, stalemate (a win in C'escacs)
//! and the automatic draws a single position can tell.
//!
//! Repetition needs the game's history and is decided by the game record.

use std::fmt;

use crate::piece::{Color, Role};
use crate::position::Position;
use crate::record::GameResult;

/// Why a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Termination {
    /// The side to move is in check with no legal move: it loses 0-3.
    Checkmate,
    /// The side to move is not in check and has no legal move: the
    /// stalemating side wins 2-1 (RULES.md §6, item 2).
    Stalemate,
    /// The same position for the fifth time (automatic draw).
    FivefoldRepetition,
    /// Halfmove clock reached 150 (automatic draw).
    SeventyFiveMoves,
    /// Insufficient material as the rules define it (automatic draw).
    InsufficientMaterial,
}

impl Termination {
    /// The termination in words (`"checkmate"`, `"stalemate"`, …).
    pub const fn name(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::FivefoldRepetition => "fivefold repetition",
            Termination::SeventyFiveMoves => "75-move rule",
            Termination::InsufficientMaterial => "insufficient material",
        }
    }
}

/// The result of a finished game: how it ended and who won.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    /// How the game ended.
    pub termination: Termination,
    /// `None` for a draw.
    pub winner: Option<Color>,
}

impl Outcome {
    /// Tournament points (White, Black): 3-0 / 0-3 for mate, 2-1 / 1-2 for
    /// stalemate, 1-1 for a draw.
    pub const fn points(&self) -> (u8, u8) {
        match (self.termination, self.winner) {
            (_, None) => (1, 1),
            (Termination::Stalemate, Some(Color::White)) => (2, 1),
            (Termination::Stalemate, Some(Color::Black)) => (1, 2),
            (_, Some(Color::White)) => (3, 0),
            (_, Some(Color::Black)) => (0, 3),
        }
    }

    /// The reward of `side`: its points minus the other side's, over 3
    /// (mate ±1, stalemate ±1/3, a draw 0, never negative zero).
    pub fn reward(&self, side: Color) -> f32 {
        reward(self.points(), side)
    }

    /// The CTL-PGN result string (`3-0`, `0-3`, `2-1`, `1-2`, `1-1`).
    pub fn result(&self) -> String {
        let (w, b) = self.points();
        format!("{w}-{b}")
    }
}

/// `3-0 (White wins by checkmate)`, `1-1 (draw by 75-move rule)`: written a
/// piece at a time, with no string built for the result (a summary of
/// records writes one a game).
impl Outcome {
    /// The text of the outcome (its `Display`, `3-0 (White wins by
    /// checkmate)`) in pieces, for a writer that builds a line of its own
    /// without the formatting machinery (`cescacs pgn`, a line a game).
    ///
    /// ```
    /// use cescacs::{Color, Outcome, Termination};
    /// let o = Outcome { termination: Termination::Checkmate, winner: Some(Color::White) };
    /// assert_eq!(o.text_pieces().concat(), o.to_string());
    /// assert_eq!(o.to_string(), "3-0 (White wins by checkmate)");
    /// ```
    pub fn text_pieces(&self) -> [&'static str; 6] {
        let result = GameResult::from_outcome(self).as_str();
        let end = self.termination.name();
        match self.winner {
            Some(c) => [result, " (", c.name(), " wins by ", end, ")"],
            None => [result, " (", "draw", " by ", end, ")"],
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for piece in self.text_pieces() {
            f.write_str(piece)?;
        }
        Ok(())
    }
}

impl Position {
    /// Whether the game ended by checkmate.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// No legal move and not in check: a win for the other side here.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }

    /// Halfmove clock ≥ 150: the automatic 75-move draw.
    pub fn is_seventyfive_moves(&self) -> bool {
        self.halfmove >= 150
    }

    /// Halfmove clock ≥ 100: a draw may be claimed.
    pub fn is_fifty_moves(&self) -> bool {
        self.halfmove >= 100
    }

    /// The rules' insufficient material (RULES.md §6, item 3): no pawns, one
    /// side with a bare King, the other with a bare King or King plus one
    /// Knight, Bishop or Elephant.
    pub fn is_insufficient_material(&self) -> bool {
        if !self.pieces_of_role(Role::Pawn).is_empty() {
            return false;
        }
        let count = |c: Color| self.occupied_by(c).count();
        let weak = |c: Color| {
            let others = self.occupied_by(c) & !self.pieces_of_role(Role::King);
            match others.first() {
                None => true,
                Some(h) => {
                    others.count() == 1
                        && matches!(
                            self.piece_at(h).map(|p| p.role),
                            Some(Role::Knight | Role::Bishop | Role::Elephant)
                        )
                }
            }
        };
        (count(Color::White) == 1 && weak(Color::Black))
            || (count(Color::Black) == 1 && weak(Color::White))
    }

    /// The outcome if the game is over in this position, in the order of
    /// RULES.md §6 (mate and stalemate before the automatic draws).
    /// Repetition is not visible from one position (see the game record).
    pub fn outcome(&self) -> Option<Outcome> {
        let us = self.turn();
        if !self.has_legal_move() {
            return Some(if self.is_check() {
                Outcome {
                    termination: Termination::Checkmate,
                    winner: Some(!us),
                }
            } else {
                Outcome {
                    termination: Termination::Stalemate,
                    winner: Some(!us),
                }
            });
        }
        if self.is_seventyfive_moves() {
            return Some(Outcome {
                termination: Termination::SeventyFiveMoves,
                winner: None,
            });
        }
        if self.is_insufficient_material() {
            return Some(Outcome {
                termination: Termination::InsufficientMaterial,
                winner: None,
            });
        }
        None
    }
}

/// The reward of `side` for the points `(white, black)`: its points minus
/// the other side's, over 3; the one formula of [`Outcome::reward`] and
/// [`GameResult::reward`](crate::GameResult::reward).
pub(crate) fn reward((white, black): (u8, u8), side: Color) -> f32 {
    let diff = i16::from(white) - i16::from(black);
    let own = if side == Color::White { diff } else { -diff };
    // An integer difference first: a draw is +0.0 for both sides.
    f32::from(own) / 3.0
}

#[cfg(test)]
mod tests {
    use super::{Outcome, Termination};
    use crate::piece::Color;

    #[test]
    fn an_outcome_is_written_with_its_result() {
        let o = |termination, winner| Outcome {
            termination,
            winner,
        };
        for (outcome, text) in [
            (
                o(Termination::Checkmate, Some(Color::White)),
                "3-0 (White wins by checkmate)",
            ),
            (
                o(Termination::Checkmate, Some(Color::Black)),
                "0-3 (Black wins by checkmate)",
            ),
            (
                o(Termination::Stalemate, Some(Color::White)),
                "2-1 (White wins by stalemate)",
            ),
            (
                o(Termination::Stalemate, Some(Color::Black)),
                "1-2 (Black wins by stalemate)",
            ),
            (
                o(Termination::SeventyFiveMoves, None),
                "1-1 (draw by 75-move rule)",
            ),
            (
                o(Termination::FivefoldRepetition, None),
                "1-1 (draw by fivefold repetition)",
            ),
        ] {
            assert_eq!(outcome.to_string(), text);
            assert_eq!(format!("{outcome:>3}"), text, "flags are not padding");
        }
    }
}
