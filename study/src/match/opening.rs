//! The openings a match starts its games from: seeded random ones, or a
//! book read from a file (PDTL lines or CTL-PGN records), taken as
//! fastchess takes its `-openings`: in order or shuffled by the seed, from
//! a starting entry, cut to a number of plies.

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

/// The form of an opening book (fastchess's `format=epd|pgn`; PDTL is this
/// variant's EPD).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BookFormat {
    /// One PDTL a line.
    Pdtl,
    /// CTL-PGN records.
    Pgn,
}

impl BookFormat {
    /// Reads `epd` or `pdtl` (PDTL lines) and `pgn` (CTL-PGN records).
    pub fn parse(text: &str) -> Result<BookFormat, String> {
        match text {
            "epd" | "pdtl" => Ok(BookFormat::Pdtl),
            "pgn" => Ok(BookFormat::Pgn),
            _ => Err(format!("format={text}: give epd (PDTL lines) or pgn")),
        }
    }
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
        let format = if text.trim_start().starts_with('[') {
            BookFormat::Pgn
        } else {
            BookFormat::Pdtl
        };
        Opening::read_book_as(text, format, None)
    }

    /// Reads an opening book in `format` (see [`Opening::read_book`]), each
    /// opening cut to its first `plies` moves when given (fastchess's
    /// `plies=`), so that whole games serve as openings.
    pub fn read_book_as(
        text: &str,
        format: BookFormat,
        plies: Option<usize>,
    ) -> Result<Vec<Opening>, String> {
        let mut openings: Vec<Opening> = if format == BookFormat::Pgn {
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
        if let Some(n) = plies {
            for o in &mut openings {
                o.moves.truncate(n);
            }
        }
        if let Some(i) = openings
            .iter()
            .position(|o| o.history().outcome().is_some())
        {
            return Err(format!("opening {} has already ended", i + 1));
        }
        Ok(openings)
    }

    /// The book `book` taken as fastchess takes one: in order or
    /// (`random`) shuffled by `seed`, from the `start`th entry (1-based,
    /// wrapping).
    pub fn arrange(mut book: Vec<Opening>, random: bool, seed: u64, start: usize) -> Vec<Opening> {
        if random {
            // Fisher-Yates with the rules' generator, so a seed gives one order.
            let mut rng = SplitMix64::new(seed);
            for i in (1..book.len()).rev() {
                book.swap(i, rng.below(i + 1));
            }
        }
        if !book.is_empty() {
            let first = start.saturating_sub(1) % book.len();
            book.rotate_left(first);
        }
        book
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
    fn books_are_read_in_the_format_given_and_arranged_as_fastchess_does() {
        let pgn = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n*\n\n[Variant \"C'escacs\"]\n1. K4-K8\n*\n\n[Variant \"C'escacs\"]\n1. E7-E13\n*\n";
        assert!(Opening::read_book_as(pgn, BookFormat::Pdtl, None).is_err());
        let book = Opening::read_book_as(pgn, BookFormat::Pgn, None).unwrap();
        assert_eq!(BookFormat::parse("epd"), Ok(BookFormat::Pdtl));
        assert!(BookFormat::parse("fen").is_err());
        let lens = |b: &[Opening]| b.iter().map(|o| o.moves.len()).collect::<Vec<_>>();
        assert_eq!(
            lens(&Opening::arrange(book.clone(), false, 0, 2)),
            [1, 1, 2]
        );
        let cut = Opening::read_book_as(pgn, BookFormat::Pgn, Some(1)).unwrap();
        assert_eq!(lens(&cut), [1, 1, 1]);
        let shuffled = Opening::arrange(book.clone(), true, 7, 1);
        assert_eq!(shuffled, Opening::arrange(book.clone(), true, 7, 1));
        let mut sorted = shuffled.clone();
        sorted.sort_by_key(|o| format!("{:?}", o.moves));
        let mut original = book.clone();
        original.sort_by_key(|o| format!("{:?}", o.moves));
        assert_eq!(sorted, original);
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
