//! What a game record says besides its moves: assessments and indicators
//! (NOTATION.md §3.7), annotated lines and variations (§6.6), and results
//! (§4), with the check of a stated result against the rules (RULES.md §10
//! D29).

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use crate::moves::Move;
use crate::outcome::Outcome;

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
    /// The seven assessments.
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

    /// The assessment written `s`, if it is one.
    pub fn from_symbol(s: &str) -> Option<Assessment> {
        Assessment::ALL.into_iter().find(|a| a.symbol() == s)
    }

    /// The assessment of glyph `$nag` (1 … 7).
    pub fn from_nag(nag: u8) -> Option<Assessment> {
        Assessment::ALL.into_iter().find(|a| a.nag() == nag)
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
    /// The symbol written after a move.
    pub const fn symbol(self) -> &'static str {
        match self {
            Indicator::DrawOffer => "(=)",
            Indicator::LastMove => ":",
            Indicator::DrawOfferLastMove => "(=):",
        }
    }

    /// The indicator written `s`, if it is one.
    pub fn from_symbol(s: &str) -> Option<Indicator> {
        [
            Indicator::DrawOffer,
            Indicator::LastMove,
            Indicator::DrawOfferLastMove,
        ]
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
    /// The result as written in a record (`3-0`, `1-1`, `*` …).
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

    /// Tournament points (White, Black) this result awards (RULES.md §6):
    /// 3-0 / 0-3 for mate, 2-1 / 1-2 for stalemate, 1-1 for a draw; `None`
    /// for `*`. The one table every crate and binding reads points from.
    pub const fn points(self) -> Option<(u8, u8)> {
        match self {
            GameResult::WhiteWins => Some((3, 0)),
            GameResult::BlackWins => Some((0, 3)),
            GameResult::WhiteStalemates => Some((2, 1)),
            GameResult::BlackStalemates => Some((1, 2)),
            GameResult::Draw => Some((1, 1)),
            GameResult::Unfinished => None,
        }
    }

    /// White's share of the points (3-0 is 1, 2-1 is 2/3, 1-1 is 1/2, 1-2
    /// is 1/3, 0-3 is 0); `None` for `*`.
    pub fn white_share(self) -> Option<f64> {
        self.points().map(|(w, b)| f64::from(w) / f64::from(w + b))
    }

    /// The reward of `side` for a reinforcement learner: its points minus
    /// the other side's, over 3 (mate ±1, stalemate ±1/3, a draw and `*`
    /// 0). Never negative zero.
    pub fn reward(self, side: crate::piece::Color) -> f32 {
        self.points()
            .map_or(0.0, |points| crate::outcome::reward(points, side))
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
        // Without its spaces, a result is at most three ASCII characters
        // (every hyphen read as '-'): read into a buffer, no allocation.
        let mut t = [0u8; 3];
        let mut n = 0;
        for c in s.chars().filter(|c| !c.is_whitespace()) {
            let b = match c {
                '\u{2010}' | '\u{2013}' => b'-',
                c if c.is_ascii() => c as u8,
                _ => return None,
            };
            *t.get_mut(n)? = b;
            n += 1;
        }
        Some(match &t[..n] {
            b"3-0" => GameResult::WhiteWins,
            b"0-3" => GameResult::BlackWins,
            b"2-1" => GameResult::WhiteStalemates,
            b"1-2" => GameResult::BlackStalemates,
            b"1-1" => GameResult::Draw,
            b"*" => GameResult::Unfinished,
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
///
/// [`Line`]'s `Drop` forgets a move whose `comments` and `variations` have
/// no capacity, as owning nothing: a field added here that owns memory
/// must be checked there too.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct AnnotatedMove {
    /// The move.
    pub mv: Move,
    /// Its assessment (`!`, `?`, …), if any.
    pub assessment: Option<Assessment>,
    /// Its indicator, if any.
    pub indicator: Option<Indicator>,
    /// Comments on this move, without their `@W:` / `@B:` prefix (the
    /// writer adds the prefix of the side that made the move).
    pub comments: Vec<String>,
    /// Alternatives to this move: each starts from the position before it.
    pub variations: Vec<Variation>,
}

impl AnnotatedMove {
    /// The move without annotations.
    pub fn new(mv: Move) -> AnnotatedMove {
        AnnotatedMove {
            mv,
            assessment: None,
            indicator: None,
            comments: Vec::new(),
            variations: Vec::new(),
        }
    }
}

/// A sequence of moves from a known position: the main line or a variation.
///
/// Variations nest to any depth, so `Line`'s `PartialEq`, `Debug` and
/// `Drop` walk the tree with a stack of their own instead of recursing (a
/// record read from hostile text may nest a million levels deep); see
/// `record_tree`. `Clone` copies the line's own moves and shares the
/// variations' lines ([`Variation::line`]).
#[derive(Clone, Default)]
pub struct Line {
    /// Comments before the first move (for the main line: the opening
    /// comments that describe the context of the game).
    pub comments: Vec<String>,
    /// The moves, in order.
    pub moves: Vec<AnnotatedMove>,
}

/// A recursive annotation variation (RAV, NOTATION.md §6.6).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Variation {
    /// The `$[n]` label that comments elsewhere use to refer to it (`#12.n`).
    pub label: Option<String>,
    /// The variation's moves, shared: by the records a clone of a line
    /// makes and by the views of a record ([`crate::LineView`]). Read it
    /// through `Deref`; change it with [`Arc::make_mut`], which copies the
    /// line (its own moves, sharing the lines below) while it is shared.
    pub line: Arc<Line>,
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
    /// Where the stated result was read.
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
            None => write!(
                f,
                "{source} says {:?}, which the final position cannot have (no stalemate)",
                self.stated
            ),
        }
    }
}
