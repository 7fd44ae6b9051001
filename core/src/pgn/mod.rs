//! CTL-PGN (NOTATION.md §6): reading game records, one or many per text,
//! and writing them back in canonical form.
//!
//! Reading accepts what the real records and the rules site write: tags in
//! any order (with the `PDTL` start position, also spelt `DPTL`, and
//! `Redefine` alternative letters), comments before the moves, on moves
//! (`@W:` / `@B:`) and after the result, nested variations with leading
//! dots and `$[n]` labels, move numbers `1.`, `1?`, `20. …, X` (or `...`),
//! assessments and indicators, and the results `3-0` … `*` (also `3 - 0`).
//! Every move, including those of variations, is checked against the rules.
//!
//! Errors carry the line and column (1-based, counted in characters) of the
//! offending text. [`read_games`] stops at the first error;
//! [`read_games_lenient`] keeps every game and every move read before an
//! error, skips to the next game and returns all the errors. [`Reader`]
//! streams the games of a string or of any [`BufRead`](std::io::BufRead)
//! one at a time, each with its byte span and its errors.
//!
//! Hostile input is bounded: nothing recurses on the text's nesting (the
//! parser keeps variations on a stack of its own, and the record tree's
//! `Clone`, `PartialEq`, `Debug` and `Drop` walk it without recursion), so a
//! million nested variations read and write back on a small thread stack;
//! at most 16 errors are kept per game, the rest counted in one
//! [`PgnErrorKind::MoreErrors`]; [`Reader`] holds one game at a time.
//!
//! The canonical writer ([`write_game`]) writes the tags (NOTATION.md
//! §6.2: `[Variant "C'escacs"]`, the Seven Tag Roster in order, the other
//! tags, and a `PDTL` tag last when the game does not start from the
//! initial position), the opening comments, one full move per line in
//! canonical CTL-AN ([`crate::Position::ctl`]), move comments and variations
//! after the line of their move, the result line and the final comments.
//! Standard letters only: a `Redefine` tag is consumed by the reader and
//! not written back. The reader checks every `Variant` tag (a record
//! without one is read as C'escacs) and gives the game read the tags the
//! writer writes, in its order, so `read(write(game)) == game` for every
//! game read.
//!
//! ```
//! use cescacs::pgn::{read_games, write_game};
//! use cescacs::{GameResult, Termination};
//!
//! let text = "[Variant \"C'escacs\"]\n[Event \"?\"]\n[Site \"?\"]\n[Date \"????-??-??\"]\n\
//!     [Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"0-3\"]\n[Title \"Fool's mate\"]\n\
//!     1. H6-H12 ?!, I23-I19 ?!\n2. JF6-C15 ?!, GH26-Z11 ?!\n3. L5-L7, NG25-L17 ?!\n\
//!     4. EH4-H8 ??, GZ11-L5\n5. I5-I9 ??, NL17-G9\n6. K4-K10 ??, GL5-H6#\n0-3\n";
//! let games = read_games(text).unwrap();
//! let game = &games[0];
//! assert_eq!(game.len(), 12);
//! assert_eq!(game.result(), GameResult::BlackWins);
//! assert_eq!(game.outcome().unwrap().termination, Termination::Checkmate);
//! assert!(game.check_result().is_empty());
//! assert_eq!(write_game(game), text);
//! // Without tags, the same game reads with the roster at its defaults.
//! let bare = read_games(&text[text.find("1. ").unwrap()..]).unwrap();
//! assert_eq!(bare[0].tag("Event"), Some("?"));
//! assert_eq!(bare[0].tag("Result"), Some("0-3"));
//! assert_eq!(write_game(&bare[0]), text.replace("[Title \"Fool's mate\"]\n", ""));
//! ```

mod letters;
mod lexer;
mod parser;
mod reader;
pub(crate) mod tags;
mod writer;

use std::ops::Range;

use crate::notation::MoveTextError;
use crate::pdtl::PdtlError;
use crate::piece::Color;
use crate::Game;
use lexer::{Lexer, Tok};
use parser::Parser;

pub use reader::{Reader, Splitter, TextPos};
pub use tags::{SEVEN_TAG_ROSTER, VARIANT};
pub use writer::{write_game, write_games};

/// A CTL-PGN reading error, at a line and column of the text (both
/// 1-based; columns count characters, not bytes).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct PgnError {
    /// The line (1-based).
    pub line: usize,
    /// The column (1-based, in characters).
    pub column: usize,
    /// What is wrong.
    pub kind: PgnErrorKind,
}

/// What went wrong while reading CTL-PGN.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PgnErrorKind {
    /// A tag line is not `[Name "value"]`.
    #[error("bad tag: {0}")]
    TagSyntax(&'static str),
    /// A `{` without its `}`.
    #[error("comment opened here is never closed (missing '}}')")]
    UnterminatedComment,
    /// A `}` outside a comment.
    #[error("'}}' without an opening '{{'")]
    UnexpectedCloseBrace,
    /// A `(` whose variation does not end with `)` before the result, the
    /// next game or the end of the text.
    #[error("variation opened here is never closed (missing ')')")]
    UnterminatedVariation,
    /// A `)` outside a variation.
    #[error("')' without an opening '('")]
    UnexpectedCloseParen,
    /// A variation without moves.
    #[error("a variation must contain at least one move")]
    EmptyVariation,
    /// A variation whose first move number names no earlier move of its line.
    #[error(
        "the variation replaces move {number} of {color}, which is not among the moves before it"
    )]
    NoVariationTarget {
        /// The move number the variation starts with.
        number: u32,
        /// The side whose move it replaces.
        color: Color,
    },
    /// The `Variant` tag names another game.
    #[error("unsupported variant {0:?} (this reader handles \"C'escacs\")")]
    UnsupportedVariant(String),
    /// `[Redefine "FAN"]`: FAN symbols are not supported.
    #[error("[Redefine \"FAN\"] (FAN symbols instead of letters) is not supported; translate the record to letters first")]
    FanNotSupported,
    /// A `Redefine` pair that is not one of the allowed alternatives.
    #[error("Redefine pair {pair:?}: {reason}")]
    BadRedefine {
        /// The pair as written.
        pair: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The `PDTL` tag's position is invalid.
    #[error("PDTL tag: {0}")]
    Pdtl(PdtlError),
    /// A move text that is not a legal move of the position reached.
    #[error("move {number} of {color}: {source}")]
    Move {
        /// The move number.
        number: u32,
        /// The side that moves.
        color: Color,
        /// Why the text names no legal move.
        source: MoveTextError,
    },
    /// A move number other than the one expected.
    #[error("move number {found}, expected {expected}")]
    MoveNumber {
        /// The number the line is at.
        expected: u32,
        /// The number written.
        found: u32,
    },
    /// A token where the grammar does not allow it.
    #[error("unexpected {found:?}: {expected}")]
    Unexpected {
        /// The token as written.
        found: String,
        /// What may stand there.
        expected: &'static str,
    },
    /// The text holds no game ([`read_game`]).
    #[error("the text holds no game")]
    NoGame,
    /// The text holds more than one game ([`read_game`]); the position is
    /// where the second one starts.
    #[error("a second game starts here; expected a single game")]
    SecondGame,
    /// The input is not UTF-8 here (the bytes are read as U+FFFD).
    #[error("the text is not valid UTF-8 here")]
    InvalidUtf8,
    /// Reading the input failed; nothing after this point was read.
    #[error("reading failed: {0}")]
    Io(String),
    /// More errors in the same game than the reader keeps (the first ones
    /// are reported; this one counts the rest, which were skipped).
    #[error("{0} more errors in this game were not reported")]
    MoreErrors(usize),
    /// The record ends where a move was expected.
    #[error("the record ends after {after:?} where a move was expected")]
    Truncated {
        /// The last token read.
        after: String,
    },
}

impl PgnError {
    fn new(line: usize, column: usize, kind: PgnErrorKind) -> PgnError {
        PgnError { line, column, kind }
    }
}

// ----- lexer -----------------------------------------------------------------

/// Reads every game of a CTL-PGN text, stopping at the first error.
///
/// ```
/// let text = "[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. F8-F12\n*\n\
///             [Variant \"C'escacs\"]\n1. H6-H12 ?!\n*\n";
/// let games = cescacs::pgn::read_games(text).unwrap();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].len(), 3);
///
/// let err = cescacs::pgn::read_games("1. E7-E13, E21-E15\n2. F8-F13\n").unwrap_err();
/// assert_eq!((err.line, err.column), (2, 4));
/// ```
pub fn read_games(text: &str) -> Result<Vec<Game>, PgnError> {
    let (games, errors) = read_games_lenient(text);
    match errors.into_iter().next() {
        Some(e) => Err(e),
        None => Ok(games),
    }
}

/// Reads every game, keeping what can be kept: a game with an error keeps
/// its tags and the moves (and variations) read before the error; reading
/// resumes with the next game (the next tag line, or after the next result).
/// A malformed tag line, a stray `}` or a stray `)` is skipped without
/// losing anything else. A game whose header is unusable (unsupported
/// variant, `Redefine` or `PDTL` error) is left out.
///
/// ```
/// let text = "1. E7-E13, E21-E15\n2. F8-F13\n*\n[Event \"next\"]\n1. H6-H12\n*\n";
/// let (games, errors) = cescacs::pgn::read_games_lenient(text);
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].len(), 2); // the moves before the illegal one
/// assert_eq!(games[1].tag("Event"), Some("next"));
/// assert_eq!(errors.len(), 1);
/// ```
pub fn read_games_lenient(text: &str) -> (Vec<Game>, Vec<PgnError>) {
    let mut games = Vec::new();
    let mut errors = Vec::new();
    for e in read_game_entries(text) {
        games.extend(e.game);
        errors.extend(e.errors);
    }
    (games, errors)
}

/// One game of a text as the lenient reader saw it: the game (what could be
/// kept of it; `None` if its header was unusable), the errors met while
/// reading it, in text order, and where its text lies.
#[derive(Debug, Clone, PartialEq)]
pub struct GameEntry {
    /// The game, `None` when its header was unusable.
    pub game: Option<Game>,
    /// The errors met in its text, in order.
    pub errors: Vec<PgnError>,
    /// Byte offsets of the game's text, from its first token (tag, comment
    /// or move) to the end of its last one, in the whole input.
    pub span: Range<usize>,
}

/// Reads every game leniently, like [`read_games_lenient`], but keeps each
/// error with the game it belongs to (what a validator reports per game).
///
/// ```
/// let text = "1. E7-E13, E21-E15\n2. F8-F13\n*\n[Variant \"Other\"]\n1. H6-H12\n*\n[Event \"ok\"]\n1. H6-H12\n*\n";
/// let entries = cescacs::pgn::read_game_entries(text);
/// assert_eq!(entries.len(), 3);
/// assert_eq!((entries[0].game.as_ref().unwrap().len(), entries[0].errors.len()), (2, 1));
/// assert!(entries[1].game.is_none() && entries[1].errors.len() == 1);
/// assert!(entries[2].errors.is_empty());
/// ```
pub fn read_game_entries(text: &str) -> Vec<GameEntry> {
    Reader::new(text.as_bytes()).collect()
}

/// Reads every game of a text that is known to hold whole games (a chunk
/// cut by the [`Splitter`]).
fn parse_entries(text: &str) -> Vec<GameEntry> {
    Parser::new(text).entries()
}

/// Reads a text holding exactly one game (a `.ctl-pgn` file).
///
/// ```
/// let game = cescacs::pgn::read_game("1. E7-E13, E21-E15\n2. F8-F12\n").unwrap();
/// assert_eq!(game.ctl_moves(), ["E7-E13", "E21-E15", "F8-F12"]);
/// assert_eq!(game.result(), cescacs::GameResult::Unfinished);
/// ```
pub fn read_game(text: &str) -> Result<Game, PgnError> {
    let mut games = read_games(text)?;
    match games.len() {
        1 => Ok(games.pop().expect("one game")),
        0 => Err(PgnError::new(1, 1, PgnErrorKind::NoGame)),
        _ => {
            let (line, column) = second_game_start(text);
            Err(PgnError::new(line, column, PgnErrorKind::SecondGame))
        }
    }
}

/// Line and column where the second game of a (valid) text starts.
fn second_game_start(text: &str) -> (usize, usize) {
    let mut lexer = Lexer::new(text);
    let mut seen_movetext = false;
    let mut after_result = false;
    loop {
        let t = lexer.next_token();
        match t.tok {
            Tok::Eof => return (1, 1),
            Tok::Comment(_) => {}
            // The next non-comment token after a result starts the next game.
            _ if after_result => return (t.line, t.col),
            Tok::Tag { .. } if seen_movetext => return (t.line, t.col),
            Tok::Tag { .. } => {}
            Tok::Result(_) => after_result = true,
            _ => seen_movetext = true,
        }
    }
}

impl std::str::FromStr for Game {
    type Err = PgnError;
    /// Reads one game ([`read_game`]).
    fn from_str(s: &str) -> Result<Game, PgnError> {
        read_game(s)
    }
}
