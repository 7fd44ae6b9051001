//! A game record: tags, the main line with its comments, assessments and
//! variations, and the result — over a [`History`] that knows every
//! position reached and the end-of-game rules (RULES.md §6).
//!
//! # One policy for every game record
//!
//! The Rust [`Game`], the C game handle and the Python `Game` all follow
//! these rules (the bindings hold a `Game` and only translate):
//!
//! - **No move after the end.** Once the game has ended by the rules —
//!   checkmate, stalemate, fivefold repetition, the 75-move rule or
//!   insufficient material — [`Game::push`] refuses every move with
//!   [`GameError::GameOver`]. [`Game::pop`] takes moves back to the start,
//!   after which moves are accepted again.
//! - **Records are facts.** The CTL-PGN reader keeps moves that a record
//!   shows after an automatic draw (the players missed it); the game still
//!   ended there ([`Game::end`] says where), and `push` refuses more.
//! - **The written result.** [`Game::result`] is the result the record
//!   states — read from CTL-PGN (its result line, else its `Result` tag) or
//!   set with [`Game::set_result`] — as long as the main line is unchanged;
//!   otherwise, and when nothing was stated, it is the rules' result
//!   ([`GameResult::from_outcome`], `*` while the game goes on). Every
//!   `push` and `pop` drops the stated result, and keeps a `Result` tag, if
//!   the record has one, equal to [`Game::result`]. A record holds this one
//!   result: the writer writes it in the `Result` tag and the result line.
//!   When a text's result line and `Result` tag disagree, the result line
//!   wins (it ends the moves it is the result of; a tag may be stale): the
//!   record keeps that result, in its `Result` tag too, and
//!   [`Game::check_result`] still judges what the text's tag said, until
//!   the main line or the result changes. An unreadable `Result` tag states
//!   nothing and is reported the same way.
//! - **The tags.** A new game ([`Game::new`], [`Game::from_position`],
//!   [`Game::from_history`]) has `Variant` and the Seven Tag Roster at their
//!   defaults, as python-chess's `Game()` has the roster; a record read from
//!   CTL-PGN has them first, in order, with the text's values, then the
//!   text's other tags. The writer writes every record's tags so
//!   ([`crate::pgn`]), and a game read from text, or made and edited
//!   through these methods, reads back equal.
//!
//! The position-and-moves model without the record and without the
//! no-move-after-the-end rule (python-chess's `Board`) is [`History`].

use crate::history::{DrawClaim, History};
use crate::moves::Move;
use crate::notation::MoveTextError;
use crate::outcome::Outcome;
use crate::piece::Color;
use crate::position::{IllegalMoveError, Position};
use crate::record::{AnnotatedMove, Assessment, GameResult, Line, ResultMismatch, ResultSource};

/// Why a move could not be added to a [`Game`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// A move text that cannot be read or names no legal move.
    #[error(transparent)]
    MoveText(#[from] MoveTextError),
    /// A move that is not legal in the current position.
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
    /// No move may follow the end of the game (including the automatic
    /// draws: fivefold repetition, 75-move rule, insufficient material).
    #[error("the game is over: {0}")]
    GameOver(Outcome),
}

/// A tag [`Game::try_set_tag`] refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TagError {
    #[error("{0:?} is not a tag name (letters, digits and '_')")]
    /// A name with characters other than letters, digits and `_`.
    Name(String),
    #[error("the {0} tag is not set by hand: the start position and the piece letters are the record's own")]
    /// A tag the record sets itself (`PDTL`, `Redefine`).
    Reserved(String),
    #[error("tag {name}: the value {value:?} must fit on one line")]
    /// A value with a line break.
    Value {
        /// The tag name.
        name: String,
        /// The value given.
        value: String,
    },
    #[error("tag Variant: {0:?} is not \"C'escacs\"")]
    /// A `Variant` other than C'escacs.
    Variant(String),
    #[error("tag Result: {0:?} is not a result (3-0, 0-3, 2-1, 1-2, 1-1 or *)")]
    /// A `Result` that is no result.
    Result(String),
}

/// A game record.
///
/// The main line's moves are legal by construction (the reader and
/// [`Game::push`] check them). Every position is kept, so taking moves back
/// and every history question are cheap. Read and write records with
/// [`crate::pgn`].
///
/// ```
/// use cescacs::{Game, GameError, GameResult, Termination};
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
/// assert_eq!(game.result(), GameResult::Draw);
/// // The game is over: no further move.
/// assert!(matches!(game.push_ctl("NG3-I7"), Err(GameError::GameOver(_))));
/// // Take one back and the game goes on.
/// game.pop();
/// assert_eq!(game.result(), GameResult::Unfinished);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    /// Tags in order. A new game and a record read from text have `Variant`
    /// and the Seven Tag Roster first, in the writer's order (the text's
    /// values, else the defaults; `Result` equal to [`Game::result`]), then the text's
    /// other tags in its order, but not `PDTL` and `Redefine`, which the
    /// reader turns into the start position and into standard letters.
    pub tags: Vec<(String, String)>,
    /// Boxed: a record is moved whole (into a reader's queue, out to its
    /// caller) and the history, with its two positions, is most of its size.
    history: Box<History>,
    /// The main line: its opening comments and its annotated moves, which
    /// are `history`'s moves.
    mainline: Line,
    /// The result the record states (see the module docs).
    stated_result: Option<GameResult>,
    /// Comments after the result line.
    pub final_comments: Vec<String>,
    /// The text's `Result` tag where the reader did not keep it.
    result_tag_read: ReadNote,
}

/// What the `Result` tag of a record's text said when it is not the result
/// the reader kept (another result than the result line's, or no result at
/// all): [`Game::check_result`] reports it. A note on the text read, not
/// part of the record: never written, dropped with any change of the main
/// line or the result, and equal whatever it holds (records that write the
/// same text are equal).
#[derive(Clone, Default, Debug)]
struct ReadNote(Option<String>);

impl PartialEq for ReadNote {
    fn eq(&self, _: &ReadNote) -> bool {
        true
    }
}

impl Eq for ReadNote {}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// An empty game from the initial position. Like every game made
    /// here, it has the tags a record read from text has at least:
    /// `Variant` and the Seven Tag Roster at their defaults, `Result` equal
    /// to [`Game::result`] (python-chess's `Game()` has the roster).
    ///
    /// ```
    /// let game = cescacs::Game::new();
    /// assert_eq!(game.tags[0], ("Variant".to_string(), "C'escacs".to_string()));
    /// assert_eq!(game.tag("Date"), Some("????-??-??"));
    /// assert_eq!(game.tag("Result"), Some("*"));
    /// ```
    pub fn new() -> Game {
        Game::from_position(Position::default())
    }

    /// An empty game from `start` (written with a `PDTL` tag).
    pub fn from_position(start: Position) -> Game {
        Game::from_history(History::new(start))
    }

    /// A record of `history`'s moves, kept even if some follow an automatic
    /// draw (like the moves of a record read from CTL-PGN).
    pub fn from_history(history: History) -> Game {
        let mainline = Line {
            comments: Vec::new(),
            moves: history.moves().map(AnnotatedMove::new).collect(),
        };
        let mut game = Game {
            tags: Vec::new(),
            history: Box::new(history),
            mainline,
            stated_result: None,
            final_comments: Vec::new(),
            result_tag_read: ReadNote::default(),
        };
        game.tags = crate::pgn::tags::read(std::iter::empty(), game.result());
        game
    }

    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag as an editor of a record may (NOTATION.md §6): the name
    /// letters, digits and `_`; not `PDTL`, `DPTL` or `Redefine` (the start
    /// position and the letters are the record's own, written by the
    /// writer); a value on one line; `Variant` only `C'escacs`, exactly
    /// as the writer writes it (the reader also takes it with blanks around). A `Result`
    /// value must be a result and also states it, as after a resignation
    /// or an agreed draw ([`Game::set_result`]). On error nothing changes.
    ///
    /// ```
    /// use cescacs::{Game, GameResult};
    /// let mut game = Game::new();
    /// game.try_set_tag("Event", "Club final").unwrap();
    /// game.try_set_tag("Result", "0-3").unwrap(); // White resigned
    /// assert_eq!(game.result(), GameResult::BlackWins);
    /// assert!(game.try_set_tag("PDTL", "/27:1k/1:1K/ w").is_err());
    /// assert!(game.try_set_tag("Two words", "x").is_err());
    /// ```
    pub fn try_set_tag(&mut self, name: &str, value: &str) -> Result<(), TagError> {
        if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return Err(TagError::Name(name.to_string()));
        }
        if matches!(name, "PDTL" | "DPTL" | "Redefine") {
            return Err(TagError::Reserved(name.to_string()));
        }
        if value.contains(['\n', '\r']) {
            return Err(TagError::Value {
                name: name.to_string(),
                value: value.to_string(),
            });
        }
        if name == "Variant" && value != crate::pgn::VARIANT {
            return Err(TagError::Variant(value.to_string()));
        }
        if name == "Result" {
            let result =
                GameResult::parse(value).ok_or_else(|| TagError::Result(value.to_string()))?;
            self.set_tag(name, result.as_str());
            self.set_result(result);
        } else {
            self.set_tag(name, value);
        }
        Ok(())
    }

    /// Sets the first tag called `name`, or appends it, unchecked (the
    /// reader's path; editors use [`Game::try_set_tag`]).
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(t) => t.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The positions and moves of the main line, with the end-of-game rules.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The main line: opening comments and annotated moves.
    pub fn mainline(&self) -> &Line {
        &self.mainline
    }

    /// The comments before the first move (the context of the game).
    pub fn comments_mut(&mut self) -> &mut Vec<String> {
        &mut self.mainline.comments
    }

    /// The comments on the move at `ply` (0-based) of the main line, to
    /// add or change some; `None` beyond the end. (The moves themselves
    /// stay as they are: they are the record.)
    pub fn move_comments_mut(&mut self, ply: usize) -> Option<&mut Vec<String>> {
        self.mainline.moves.get_mut(ply).map(|am| &mut am.comments)
    }

    /// The assessment mark (`!`, `?`, … `$1` … `$7`) of the move at `ply`
    /// (0-based) of the main line, to set or clear; `None` beyond the end.
    ///
    /// ```
    /// use cescacs::{Assessment, Game};
    /// let mut game = Game::new();
    /// game.push_ctl("E7-E13").unwrap();
    /// *game.assessment_mut(0).unwrap() = Some(Assessment::Interesting);
    /// assert!(game.to_string().contains("1. E7-E13 !?"));
    /// assert!(game.assessment_mut(1).is_none());
    /// ```
    pub fn assessment_mut(&mut self, ply: usize) -> Option<&mut Option<Assessment>> {
        self.mainline
            .moves
            .get_mut(ply)
            .map(|am| &mut am.assessment)
    }

    /// Variation `index` of the move at `ply` of the main line as a game of
    /// its own: it starts from the position before that move (the
    /// variation replaces it) and holds the variation's moves with their
    /// comments, assessments and nested variations; its opening comments
    /// are the variation's. A new game's tags (`Variant` and the roster at
    /// their defaults), no stated result. `None` if there is
    /// no such move or variation (or, for a line built by hand, one of its
    /// moves is illegal). A front end reads nested variations the
    /// same way, from the game this returns.
    pub fn variation(&self, ply: usize, index: usize) -> Option<Game> {
        let v = self.mainline.moves.get(ply)?.variations.get(index)?;
        Game::from_line(self.position_at(ply)?.clone(), &v.line)
    }

    /// A copy of `line` (any line of a record: its main line or a
    /// variation at any depth) as a game played from `start`, the position
    /// before its first move, as [`Game::variation`] makes one: the line's
    /// moves with their comments, assessments and nested variations, its
    /// comments as the opening comments, a new game's tags (a line of a
    /// record has none of its own, so it writes and reads back equal like
    /// any record), no stated result. `None`
    /// if a move is illegal (a `Line` built by hand may hold anything; the
    /// reader's are legal). Time and memory linear in the line's own moves:
    /// the lines nested in it are shared ([`crate::Variation::line`]).
    pub fn from_line(start: Position, line: &Line) -> Option<Game> {
        let mut game = Game::from_position(start);
        game.mainline.comments = line.comments.clone();
        for am in &line.moves {
            // Checked, but kept after an automatic draw like the main
            // line's moves.
            game.history.push(am.mv).ok()?;
            game.mainline.moves.push(am.clone());
        }
        Some(game)
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        self.history.start()
    }

    /// The position after the last move.
    pub fn position(&self) -> &Position {
        self.history.position()
    }

    /// The position after `ply` plies of the main line (0 = start), `None`
    /// beyond the end.
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.history.position_at(ply)
    }

    /// Every position of the main line: the start and the one after each
    /// ply (`len() + 1` positions).
    pub fn positions(&self) -> impl ExactSizeIterator<Item = &Position> + '_ {
        self.history.positions()
    }

    /// Number of plies in the main line.
    pub fn len(&self) -> usize {
        self.history.len()
    }

    /// Whether no move has been played.
    pub fn is_empty(&self) -> bool {
        self.history.is_empty()
    }

    /// The main line's moves.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.history.moves()
    }

    /// The move number shown for the move at `ply` (0-based) of the main
    /// line: the start position's number (1 when unknown, the `1?`
    /// convention) plus one after each Black move.
    pub fn move_number(&self, ply: usize) -> u32 {
        let start = self.start();
        let base = start.fullmove_number().unwrap_or(1);
        let offset = usize::from(start.turn() == Color::Black);
        base + ((ply + offset) / 2) as u32
    }

    /// How many times the final position has occurred (1 if it is new).
    pub fn repetition_count(&self) -> usize {
        self.history.repetition_count()
    }

    /// Whether the final position has occurred at least `n` times.
    pub fn is_repetition(&self, n: usize) -> bool {
        self.history.is_repetition(n)
    }

    /// See [`History::claimable_draw`].
    pub fn claimable_draw(&self) -> Option<DrawClaim> {
        self.history.claimable_draw()
    }

    /// See [`History::can_claim_draw`].
    pub fn can_claim_draw(&self) -> bool {
        self.history.can_claim_draw()
    }

    /// See [`History::can_claim`].
    pub fn can_claim(&self, claim: DrawClaim) -> bool {
        self.history.can_claim(claim)
    }

    /// The first point where the main line ended by the rules, as `(ply,
    /// outcome)` (see [`History::end`]).
    pub fn end(&self) -> Option<(usize, Outcome)> {
        self.history.end()
    }

    /// How the game ended by the rules, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.history.outcome()
    }

    /// Whether the game has ended by the rules.
    pub fn is_game_over(&self) -> bool {
        self.history.is_game_over()
    }

    /// Plays `m` at the end of the main line. Refused, and nothing changes,
    /// if `m` is illegal or the game is over.
    pub fn push(&mut self, m: Move) -> Result<(), GameError> {
        self.push_annotated(AnnotatedMove::new(m))
    }

    /// Reads a CTL-AN move in the final position and plays it. A finished
    /// game refuses it before reading it (`GameOver`, whatever the text).
    pub fn push_ctl(&mut self, text: &str) -> Result<Move, GameError> {
        self.refuse_if_over()?;
        let m = self.position().parse_ctl(text)?;
        self.push(m)?;
        Ok(m)
    }

    /// Reads a long-form move ([`Position::parse_long`]) in the final
    /// position and plays it, like [`Game::push_ctl`].
    pub fn push_long(&mut self, text: &str) -> Result<Move, GameError> {
        self.refuse_if_over()?;
        let m = self.position().parse_long(text)?;
        self.push(m)?;
        Ok(m)
    }

    /// Plays a move with its annotations (comments, assessment, variations)
    /// at the end of the main line, under the same rules as [`Game::push`].
    pub fn push_annotated(&mut self, am: AnnotatedMove) -> Result<(), GameError> {
        // One generation answers both questions: whether the game is over
        // (no legal move is mate or stalemate; otherwise only an automatic
        // draw ends it) and whether the move is legal.
        let moves = self.position().legal_moves();
        if moves.is_empty() || self.history.draw_before_now().is_some() {
            self.refuse_if_over()?;
        }
        if !moves.contains(&am.mv) {
            return Err(IllegalMoveError {
                mv: am.mv.long(),
                pdtl: self.position().to_pdtl(),
            }
            .into());
        }
        self.history.push_unchecked(am.mv);
        self.mainline.moves.push(am);
        self.record_changed();
        Ok(())
    }

    /// The game of a record's main line, each move legal where it is
    /// played, kept even after an automatic draw (the reader's "records are
    /// facts").
    /// A record read from text whose main line `moves` was played into
    /// `history` as it was read.
    pub(crate) fn from_read(mut history: Box<History>, mut moves: Vec<AnnotatedMove>) -> Game {
        debug_assert_eq!(
            history.len(),
            moves.len(),
            "the history holds the moves read"
        );
        // The reader reserves room from the text's length: give it back
        // only when most of it went unused (comments), not for a few
        // plies (a shrink is a copy).
        if moves.capacity() > 2 * moves.len() + 16 {
            moves.shrink_to_fit();
            history.shrink_to_fit();
        }
        let mainline = Line {
            comments: Vec::new(),
            moves,
        };
        Game {
            tags: Vec::new(),
            history,
            mainline,
            stated_result: None,
            final_comments: Vec::new(),
            result_tag_read: ReadNote::default(),
        }
    }

    fn refuse_if_over(&self) -> Result<(), GameError> {
        match self.outcome() {
            Some(o) => Err(GameError::GameOver(o)),
            None => Ok(()),
        }
    }

    /// Takes back the last move of the main line (with its annotations);
    /// `None` at the start.
    pub fn pop(&mut self) -> Option<AnnotatedMove> {
        self.history.pop()?;
        let am = self.mainline.moves.pop();
        self.record_changed();
        am
    }

    /// The main line to change in place ([`crate::record_edit`]): its
    /// comments and its moves' annotations and variations, never the moves
    /// themselves (they are the history's).
    pub(crate) fn mainline_mut(&mut self) -> &mut Line {
        &mut self.mainline
    }

    /// Plays `am` at the end of the main line if it is legal, even after an
    /// automatic draw: a line of the record put on the main line keeps its
    /// moves as the reader keeps them ("records are facts").
    pub(crate) fn push_recorded(&mut self, am: AnnotatedMove) -> Result<(), IllegalMoveError> {
        self.history.push(am.mv)?;
        self.mainline.moves.push(am);
        self.record_changed();
        Ok(())
    }

    /// After a change of the main line: a stated result no longer applies.
    fn record_changed(&mut self) {
        self.stated_result = None;
        self.result_tag_read = ReadNote::default();
        if self.tag("Result").is_some() {
            self.set_tag("Result", self.result().as_str());
        }
    }

    /// The game's result as written: the stated one, else the rules' one
    /// (see the module docs).
    pub fn result(&self) -> GameResult {
        self.stated_result.unwrap_or_else(|| self.rules_result())
    }

    /// The result the rules give: from [`Game::outcome`], `*` while the
    /// game goes on.
    pub fn rules_result(&self) -> GameResult {
        self.outcome()
            .map_or(GameResult::Unfinished, |o| GameResult::from_outcome(&o))
    }

    /// The result the record states where the rules say otherwise (a
    /// resignation, an agreed draw, or a wrong statement).
    pub fn stated_result(&self) -> Option<GameResult> {
        self.stated_result
    }

    /// States the result (e.g. after a resignation or an agreed draw): it
    /// is written in the result line, and in the `Result` tag if the record
    /// has one. [`Game::check_result`] tells whether the rules agree.
    pub fn set_result(&mut self, result: GameResult) {
        self.set_stated_result(Some(result));
        self.result_tag_read = ReadNote::default();
        if self.tag("Result").is_some() {
            self.set_tag("Result", result.as_str());
        }
    }

    /// Sets the stated result without touching the tags (the reader). A
    /// statement equal to the rules' result is not kept: it changes nothing
    /// (records that differ only by it are equal).
    pub(crate) fn set_stated_result(&mut self, result: Option<GameResult>) {
        self.stated_result = result.filter(|&r| r != self.rules_result());
    }

    /// States the result of a record read from text, from its result line
    /// (`line`) and its first `Result` tag (`tag`): the result line's, else
    /// the tag's. When they disagree the result line wins (it ends the
    /// moves it is the result of; a tag may be stale): the record keeps
    /// that one result and writes it in both places, and
    /// [`Game::check_result`] still judges what the tag said. So does an
    /// unreadable tag, which states nothing.
    pub(crate) fn state_read_result(&mut self, line: Option<GameResult>, tag: Option<&str>) {
        self.set_stated_result(line.or_else(|| tag.and_then(GameResult::parse)));
        let result = self.result();
        self.result_tag_read = ReadNote(
            tag.filter(|t| GameResult::parse(t) != Some(result))
                .map(str::to_string),
        );
    }

    /// The main line in canonical CTL-AN, one string per ply.
    pub fn ctl_moves(&self) -> Vec<String> {
        self.history
            .positions()
            .zip(self.moves())
            .map(|(pos, m)| pos.ctl(&m))
            .collect()
    }

    /// Checks the stated results against the final position: the `Result`
    /// tag and the result line (the latter only if it differs from the tag,
    /// so one wrong result is reported once). A finished game must state
    /// the rules' result; an unfinished one may state anything but a
    /// stalemate result (`2-1`, `1-2`) — wins and draws can come from
    /// resignation, time or agreement. An unreadable `Result` tag is
    /// reported too. For a record read from text, the tag is the text's
    /// (which the record replaced by the result line's result where they
    /// disagree) until the main line or the result changes.
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
        let tag = self
            .tag("Result")
            .map(|t| self.result_tag_read.0.as_deref().unwrap_or(t));
        let tag_result = tag.and_then(GameResult::parse);
        if let Some(t) = tag {
            if !tag_result.is_some_and(consistent) {
                out.push(ResultMismatch {
                    source: ResultSource::Tag,
                    stated: t.to_string(),
                    outcome,
                });
            }
        }
        let result = self.result();
        let same_as_tag = tag_result == Some(result);
        if !same_as_tag && !consistent(result) {
            out.push(ResultMismatch {
                source: ResultSource::Movetext,
                stated: result.to_string(),
                outcome,
            });
        }
        out
    }
}
