//! The openings a match starts its games from: seeded random ones, or a
//! book read from a file (PDTL lines or CTL-PGN records).

use cescacs::random::{game_seed, SplitMix64};
use cescacs::{History, Move, Position};

/// A game's opening: the position it starts from and the moves played
/// from there before the engines take over (sent to them as part of
/// `position … moves …`, as fastchess plays a PGN book's moves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The position the game starts from.
    pub start: Position,
    /// The forced moves from `start`.
    pub moves: Vec<Move>,
}

impl Opening {
    /// The opening's moves played from its start.
    pub fn history(&self) -> History {
        let mut h = History::with_capacity(self.start.clone(), self.moves.len());
        for &m in &self.moves {
            h.push_unchecked(m);
        }
        h
    }

    /// Reads an opening book: CTL-PGN records when the text starts with a
    /// tag (each record's start, its `PDTL` tag or the initial position,
    /// and its moves as the forced prefix), otherwise one PDTL a line
    /// (blank lines and lines starting with `#` skipped). Openings that
    /// have already ended are refused.
    pub fn read_book(text: &str) -> Result<Vec<Opening>, String> {
        let openings = if text.trim_start().starts_with('[') {
            let games = cescacs::pgn::read_games(text)
                .map_err(|e| format!("line {}, column {}: {}", e.line, e.column, e.kind))?;
            games
                .iter()
                .map(|g| Opening {
                    start: g.start().clone(),
                    moves: g.moves().collect(),
                })
                .collect()
        } else {
            let lines = text
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
            let read = |(i, l): (usize, &str)| {
                l.trim()
                    .parse::<Position>()
                    .map_err(|e| format!("line {}: bad PDTL: {e}", i + 1))
            };
            lines
                .map(|l| {
                    read(l).map(|start| Opening {
                        start,
                        moves: Vec::new(),
                    })
                })
                .collect::<Result<Vec<_>, _>>()?
        };
        if openings.is_empty() {
            return Err("no opening found".to_string());
        }
        if let Some(i) = openings
            .iter()
            .position(|o| o.history().outcome().is_some())
        {
            return Err(format!("opening {} has already ended", i + 1));
        }
        Ok(openings)
    }
}

/// The opening `index` of the run of `seed`: a number of plies drawn in
/// `plies` (inclusive), each a random legal move from `start` that does not
/// end the game. The stream is the rules' one derivation
/// ([`game_seed`]), so any opening of a run can be made on its own.
pub(crate) fn random_opening(
    start: &Position,
    seed: u64,
    index: u64,
    plies: (usize, usize),
) -> History {
    let mut rng = SplitMix64::new(game_seed(seed, index));
    let (lo, hi) = plies;
    let plies = lo + rng.below(hi.saturating_sub(lo) + 1);
    let mut h = History::new(start.clone());
    while h.len() < plies {
        let moves = h.position().legal_moves();
        let playable: Vec<_> = moves
            .iter()
            .filter(|&&m| !h.position().after(m).legal_moves().is_empty())
            .collect();
        if playable.is_empty() {
            break;
        }
        h.push_unchecked(*playable[rng.below(playable.len())]);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn books_read_pdtl_lines_and_ctl_pgn_records() {
        let lines = "# two positions\n/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1\n\n/27:1k/25:r3/3:R2R/1:1K/ b RKRrk - 0 1\n";
        let book = Opening::read_book(lines).unwrap();
        assert_eq!(book.len(), 2);
        assert!(book.iter().all(|o| o.moves.is_empty()));
        let pgn = "[Variant \"C'escacs\"]\n[Event \"a\"]\n1. E7-E13, E21-E15\n*\n\n[Variant \"C'escacs\"]\n[Event \"b\"]\n1. K4-K8\n*\n";
        let book = Opening::read_book(pgn).unwrap();
        assert_eq!(
            book.iter().map(|o| o.moves.len()).collect::<Vec<_>>(),
            [2, 1]
        );
        assert_eq!(book[0].start, Position::default());
        assert!(Opening::read_book("/not a pdtl/")
            .unwrap_err()
            .starts_with("line 1: bad PDTL"));
        assert!(Opening::read_book("\n").is_err());
    }

    #[test]
    fn openings_are_seeded_and_never_end_the_game() {
        let start = Position::default();
        for i in 0..8 {
            let a = random_opening(&start, 5, i, (4, 8));
            assert!((4..=8).contains(&a.len()), "{} plies", a.len());
            assert!(a.outcome().is_none());
            assert_eq!(
                a.moves().collect::<Vec<_>>(),
                random_opening(&start, 5, i, (4, 8))
                    .moves()
                    .collect::<Vec<_>>()
            );
        }
        let first = |seed| {
            random_opening(&start, seed, 0, (6, 6))
                .moves()
                .collect::<Vec<_>>()
        };
        assert_ne!(first(1), first(2));
    }
}
