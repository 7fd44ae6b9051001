//! A game record: tags, start position, the main line with its comments,
//! assessments and variations, and the result — plus the end-of-game rules
//! that need the game's history (RULES.md §6): repetition and the
//! 50/75-move rules.
//!
//! A [`Position`] alone can tell checkmate, stalemate, the 75-move rule and
//! insufficient material ([`Position::outcome`]); repetition needs every
//! earlier position, which is what [`Game`] adds. Positions are compared
//! with [`Position::zobrist_hash`], which implements the identity of
//! RULES.md §7.2.

use std::fmt;
use std::str::FromStr;

use crate::moves::Move;
use crate::notation::MoveTextError;
use crate::outcome::{Outcome, Termination};
use crate::piece::Color;
use crate::position::{IllegalMoveError, Position};

/// A move assessment (NOTATION.md §3.7), written after the move with a space.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Assessment {
    /// `!` ($1)
    Good,
    /// `?` ($2)
    Poor,
    /// `!!` ($3)
    Brilliant,
    /// `??` ($4)
    Blunder,
    /// `!?` ($5)
    Interesting,
    /// `?!` ($6)
    Dubious,
    /// `◇` ($7): forced / only move.
    Forced,
}

impl Assessment {
    pub const ALL: [Assessment; 7] = [
        Assessment::Good,
        Assessment::Poor,
        Assessment::Brilliant,
        Assessment::Blunder,
        Assessment::Interesting,
        Assessment::Dubious,
        Assessment::Forced,
    ];

    /// The mark as written in CTL-PGN.
    pub const fn symbol(self) -> &'static str {
        match self {
            Assessment::Good => "!",
            Assessment::Poor => "?",
            Assessment::Brilliant => "!!",
            Assessment::Blunder => "??",
            Assessment::Interesting => "!?",
            Assessment::Dubious => "?!",
            Assessment::Forced => "◇",
        }
    }

    /// The PGN numeric annotation glyph (`$1` … `$7`).
    pub const fn nag(self) -> u8 {
        match self {
            Assessment::Good => 1,
            Assessment::Poor => 2,
            Assessment::Brilliant => 3,
            Assessment::Blunder => 4,
            Assessment::Interesting => 5,
            Assessment::Dubious => 6,
            Assessment::Forced => 7,
        }
    }

    pub fn from_symbol(s: &str) -> Option<Assessment> {
        Assessment::ALL.into_iter().find(|a| a.symbol() == s)
    }
}

impl fmt::Display for Assessment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// A game indicator after a move (NOTATION.md §3.7).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Indicator {
    /// `(=)`: a draw is offered with this move.
    DrawOffer,
    /// `:`: the last move (end of the game or interruption).
    LastMove,
    /// `(=):`: draw offered and game interrupted.
    DrawOfferLastMove,
}

impl Indicator {
    pub const fn symbol(self) -> &'static str {
        match self {
            Indicator::DrawOffer => "(=)",
            Indicator::LastMove => ":",
            Indicator::DrawOfferLastMove => "(=):",
        }
    }

    pub fn from_symbol(s: &str) -> Option<Indicator> {
        [Indicator::DrawOffer, Indicator::LastMove, Indicator::DrawOfferLastMove]
            .into_iter()
            .find(|i| i.symbol() == s)
    }
}

impl fmt::Display for Indicator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// A game result as CTL-PGN writes it (NOTATION.md §4).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum GameResult {
    /// `3-0`
    WhiteWins,
    /// `0-3`
    BlackWins,
    /// `2-1`: White stalemated Black.
    WhiteStalemates,
    /// `1-2`: Black stalemated White.
    BlackStalemates,
    /// `1-1`
    Draw,
    /// `*`: unfinished or unknown.
    Unfinished,
}

impl GameResult {
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "3-0",
            GameResult::BlackWins => "0-3",
            GameResult::WhiteStalemates => "2-1",
            GameResult::BlackStalemates => "1-2",
            GameResult::Draw => "1-1",
            GameResult::Unfinished => "*",
        }
    }

    /// The result the rules give to a finished game.
    pub fn from_outcome(o: &Outcome) -> GameResult {
        match o.points() {
            (3, 0) => GameResult::WhiteWins,
            (0, 3) => GameResult::BlackWins,
            (2, 1) => GameResult::WhiteStalemates,
            (1, 2) => GameResult::BlackStalemates,
            _ => GameResult::Draw,
        }
    }

    /// Reads `3-0`, `0-3`, `2-1`, `1-2`, `1-1` or `*`, with or without
    /// spaces around the hyphen (the reference's GUI writes `3 - 0`) and
    /// with any of the hyphens U+002D, U+2010, U+2013.
    pub fn parse(s: &str) -> Option<GameResult> {
        let t: String = s.chars().filter(|c| !c.is_whitespace()).collect();
        let t = t.replace(['\u{2010}', '\u{2013}'], "-");
        Some(match t.as_str() {
            "3-0" => GameResult::WhiteWins,
            "0-3" => GameResult::BlackWins,
            "2-1" => GameResult::WhiteStalemates,
            "1-2" => GameResult::BlackStalemates,
            "1-1" => GameResult::Draw,
            "*" => GameResult::Unfinished,
            _ => return None,
        })
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text is not one of the six results.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown result {0:?} (expected 3-0, 0-3, 2-1, 1-2, 1-1 or *)")]
pub struct ParseResultError(pub String);

impl FromStr for GameResult {
    type Err = ParseResultError;
    fn from_str(s: &str) -> Result<GameResult, ParseResultError> {
        GameResult::parse(s).ok_or_else(|| ParseResultError(s.to_string()))
    }
}

/// One move of a line with what the record says about it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct AnnotatedMove {
    pub mv: Move,
    pub assessment: Option<Assessment>,
    pub indicator: Option<Indicator>,
    /// Comments on this move, without their `@W:` / `@B:` prefix (the
    /// writer adds the prefix of the side that made the move).
    pub comments: Vec<String>,
    /// Alternatives to this move: each starts from the position before it.
    pub variations: Vec<Variation>,
}

impl AnnotatedMove {
    pub fn new(mv: Move) -> AnnotatedMove {
        AnnotatedMove { mv, assessment: None, indicator: None, comments: Vec::new(), variations: Vec::new() }
    }
}

/// A sequence of moves from a known position: the main line or a variation.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Line {
    /// Comments before the first move (for the main line: the opening
    /// comments that describe the context of the game).
    pub comments: Vec<String>,
    pub moves: Vec<AnnotatedMove>,
}

/// A recursive annotation variation (RAV, NOTATION.md §6.6).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Variation {
    /// The `$[n]` label that comments elsewhere use to refer to it (`#12.n`).
    pub label: Option<String>,
    pub line: Line,
}

/// Where a stated result comes from.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ResultSource {
    /// The `Result` tag.
    Tag,
    /// The result line after the moves (or, if the record has none, the
    /// result the reader took from the tag or from the final position).
    Movetext,
}

/// A stated result that the final position contradicts (RULES.md §10 D29).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ResultMismatch {
    pub source: ResultSource,
    /// The result as written.
    pub stated: String,
    /// How the game ended by the rules, `None` if it has not ended.
    pub outcome: Option<Outcome>,
}

impl fmt::Display for ResultMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let source = match self.source {
            ResultSource::Tag => "the Result tag",
            ResultSource::Movetext => "the result line",
        };
        match &self.outcome {
            Some(o) => write!(f, "{source} says {:?}, but the game ended {o}", self.stated),
            None => write!(f, "{source} says {:?}, which the final position cannot have (no stalemate)", self.stated),
        }
    }
}

/// A draw the player to move may claim (RULES.md §6, item 4).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum DrawClaim {
    /// The current position has occurred for the third (or fourth) time.
    ThreefoldRepetition,
    /// Halfmove clock ≥ 100.
    FiftyMoves,
}

/// Why a move could not be added to a [`Game`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error(transparent)]
    MoveText(#[from] MoveTextError),
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
    /// No move may follow the end of the game (including the automatic
    /// draws: fivefold repetition, 75-move rule, insufficient material).
    #[error("the game is over: {0}")]
    GameOver(Outcome),
}

/// A game record.
///
/// The main line's moves are legal by construction (the reader and
/// [`Game::push`] check them); positions are replayed on demand. Read and
/// write records with [`crate::pgn`].
///
/// ```
/// use cescacs::{Game, Termination};
///
/// let mut game = Game::new();
/// // Knights out and back: the initial position recurs every four plies.
/// for _ in 0..4 {
///     for m in ["NG3-I7", "NG25-I21", "NI7-G3", "NI21-G25"] {
///         game.push_ctl(m).unwrap();
///     }
/// }
/// assert_eq!(game.repetition_count(), 5);
/// assert_eq!(game.outcome().unwrap().termination, Termination::FivefoldRepetition);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    /// Tags in file order, except `PDTL` and `Redefine`, which the reader
    /// turns into [`Game::start`] and into standard letters.
    pub tags: Vec<(String, String)>,
    pub start: Position,
    pub mainline: Line,
    /// The game's result: the result line, else the `Result` tag, else the
    /// result the rules give to the final position, else `*`.
    pub result: GameResult,
    /// Comments after the result line.
    pub final_comments: Vec<String>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// An empty game from the initial position.
    pub fn new() -> Game {
        Game::from_position(Position::default())
    }

    /// An empty game from `start` (written with a `PDTL` tag).
    pub fn from_position(start: Position) -> Game {
        Game { tags: Vec::new(), start, mainline: Line::default(), result: GameResult::Unfinished, final_comments: Vec::new() }
    }

    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets the first tag called `name`, or appends it.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(t) => t.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// Number of plies in the main line.
    pub fn len(&self) -> usize {
        self.mainline.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.mainline.moves.is_empty()
    }

    /// The main line's moves.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.mainline.moves.iter().map(|m| m.mv)
    }

    /// The move number shown for the move at `ply` (0-based) of the main
    /// line: the start position's number (1 when unknown, the `1?`
    /// convention) plus one after each Black move.
    pub fn move_number(&self, ply: usize) -> u32 {
        let base = self.start.fullmove_number().unwrap_or(1);
        let offset = if self.start.turn() == Color::Black { 1 } else { 0 };
        base + ((ply + offset) / 2) as u32
    }

    /// The position after `ply` plies of the main line (0 = start), `None`
    /// beyond the end.
    pub fn position_at(&self, ply: usize) -> Option<Position> {
        if ply > self.len() {
            return None;
        }
        let mut pos = self.start.clone();
        for m in self.moves().take(ply) {
            pos.play_unchecked(m);
        }
        Some(pos)
    }

    /// Every position of the main line: the start and the one after each
    /// ply (`len() + 1` positions).
    pub fn positions(&self) -> Vec<Position> {
        let mut out = Vec::with_capacity(self.len() + 1);
        let mut pos = self.start.clone();
        out.push(pos.clone());
        for m in self.moves() {
            pos.play_unchecked(m);
            out.push(pos.clone());
        }
        out
    }

    /// The position after the last move.
    pub fn final_position(&self) -> Position {
        self.position_at(self.len()).expect("len() is a valid ply")
    }

    /// The repetition hashes (RULES.md §7.2) of every position of the main line.
    fn hashes(&self) -> Vec<u64> {
        self.positions().iter().map(Position::zobrist_hash).collect()
    }

    /// How many times the position after `ply` plies has occurred so far
    /// (itself included), `None` beyond the end.
    pub fn repetition_count_at(&self, ply: usize) -> Option<usize> {
        if ply > self.len() {
            return None;
        }
        let hashes = self.hashes();
        Some(hashes[..=ply].iter().filter(|&&h| h == hashes[ply]).count())
    }

    /// How many times the final position has occurred (1 if it is new).
    pub fn repetition_count(&self) -> usize {
        self.repetition_count_at(self.len()).expect("len() is a valid ply")
    }

    /// Whether the final position has occurred at least `n` times.
    pub fn is_repetition(&self, n: usize) -> bool {
        self.repetition_count() >= n
    }

    /// The draw the side to move could claim now, if any: threefold
    /// repetition first, then the fifty-move rule. `None` once the game is
    /// over. (A claim announced together with the move that produces the
    /// repetition is not modelled: play the move, then ask.)
    pub fn claimable_draw(&self) -> Option<DrawClaim> {
        if self.outcome().is_some() {
            return None;
        }
        if self.is_repetition(3) {
            Some(DrawClaim::ThreefoldRepetition)
        } else if self.final_position().is_fifty_moves() {
            Some(DrawClaim::FiftyMoves)
        } else {
            None
        }
    }

    /// Whether a draw may be claimed now (threefold repetition or halfmove
    /// clock ≥ 100) in a game that is not over.
    pub fn can_claim_draw(&self) -> bool {
        self.claimable_draw().is_some()
    }

    /// Whether the side to move may claim this particular draw now: the
    /// game is not over and, for [`DrawClaim::ThreefoldRepetition`], the
    /// final position has occurred at least three times, for
    /// [`DrawClaim::FiftyMoves`], the halfmove clock is at least 100.
    /// Unlike [`Game::claimable_draw`], which names one claim, this tells
    /// both apart when both apply.
    pub fn can_claim(&self, claim: DrawClaim) -> bool {
        if self.outcome().is_some() {
            return false;
        }
        match claim {
            DrawClaim::ThreefoldRepetition => self.is_repetition(3),
            DrawClaim::FiftyMoves => self.final_position().is_fifty_moves(),
        }
    }

    /// The first point where the main line ended by the rules, as
    /// `(ply, outcome)`, checked after every ply in the order of RULES.md
    /// §6: checkmate, stalemate, fivefold repetition, 75-move rule,
    /// insufficient material.
    ///
    /// The reader keeps moves recorded after an automatic draw (players may
    /// have missed it); the game still ended there.
    pub fn end(&self) -> Option<(usize, Outcome)> {
        let positions = self.positions();
        let hashes: Vec<u64> = positions.iter().map(Position::zobrist_hash).collect();
        let last = positions.len() - 1;
        for (ply, pos) in positions.iter().enumerate() {
            if ply == last {
                // Only the final position can lack legal moves.
                if let Some(o) = pos.outcome() {
                    if matches!(o.termination, Termination::Checkmate | Termination::Stalemate) {
                        return Some((ply, o));
                    }
                }
            }
            let count = hashes[..=ply].iter().filter(|&&h| h == hashes[ply]).count();
            if count >= 5 {
                return Some((ply, Outcome { termination: Termination::FivefoldRepetition, winner: None }));
            }
            if pos.is_seventyfive_moves() {
                return Some((ply, Outcome { termination: Termination::SeventyFiveMoves, winner: None }));
            }
            if pos.is_insufficient_material() {
                return Some((ply, Outcome { termination: Termination::InsufficientMaterial, winner: None }));
            }
        }
        None
    }

    /// How the game ended by the rules, if it has: [`Position::outcome`]
    /// combined with fivefold repetition (see [`Game::end`]).
    pub fn outcome(&self) -> Option<Outcome> {
        self.end().map(|(_, o)| o)
    }

    /// Plays `m` at the end of the main line.
    pub fn push(&mut self, m: Move) -> Result<(), GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::GameOver(o));
        }
        let mut pos = self.final_position();
        pos.play(m)?;
        self.mainline.moves.push(AnnotatedMove::new(m));
        Ok(())
    }

    /// Reads a CTL-AN move in the final position and plays it.
    pub fn push_ctl(&mut self, text: &str) -> Result<Move, GameError> {
        let m = self.final_position().parse_ctl(text)?;
        self.push(m)?;
        Ok(m)
    }

    /// The main line in canonical CTL-AN, one string per ply.
    pub fn ctl_moves(&self) -> Vec<String> {
        let mut pos = self.start.clone();
        self.moves()
            .map(|m| {
                let s = pos.ctl(&m);
                pos.play_unchecked(m);
                s
            })
            .collect()
    }

    /// Checks the stated results against the final position: the `Result`
    /// tag and [`Game::result`] (the latter only if it differs from the
    /// tag, so one wrong result is reported once). A finished game must
    /// state the rules' result; an unfinished one may state anything but a
    /// stalemate result (`2-1`, `1-2`) — wins and draws can come from
    /// resignation, time or agreement. An unreadable `Result` tag is
    /// reported too.
    ///
    /// This never fails reading: the 2020-07-20 record says `0-3` although
    /// White mates (RULES.md §10, D29), and is still a valid record.
    pub fn check_result(&self) -> Vec<ResultMismatch> {
        let outcome = self.outcome();
        let consistent = |r: GameResult| match &outcome {
            Some(o) => r == GameResult::from_outcome(o),
            None => !matches!(r, GameResult::WhiteStalemates | GameResult::BlackStalemates),
        };
        let mut out = Vec::new();
        let tag = self.tag("Result");
        if let Some(t) = tag {
            if !GameResult::parse(t).is_some_and(consistent) {
                out.push(ResultMismatch { source: ResultSource::Tag, stated: t.to_string(), outcome });
            }
        }
        let same_as_tag = tag.and_then(GameResult::parse) == Some(self.result);
        if !same_as_tag && !consistent(self.result) {
            out.push(ResultMismatch { source: ResultSource::Movetext, stated: self.result.to_string(), outcome });
        }
        out
    }
}
