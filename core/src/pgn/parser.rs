//! The CTL-PGN parser: tokens to games, every move checked against the
//! position it is played in. Errors are collected (the lenient reader keeps
//! what was read) and reading resumes at the next game.

use std::collections::VecDeque;
use std::rc::Rc;

use super::letters::Letters;
use super::lexer::{tag_value, LexError, Lexer, Tok, Token};
use super::tags;
use super::{GameEntry, PgnError, PgnErrorKind};
use crate::history::History;
use crate::moves::Move;
use crate::notation::{Ctl, MoveTextError};
use crate::piece::Color;
use crate::position::Position;
use crate::record::{AnnotatedMove, Assessment, GameResult, Indicator, Line, Variation};
use crate::Game;

/// How a line of moves ended.
enum End {
    /// `)` (variations only).
    Close,
    /// A result token, consumed.
    Result(GameResult),
    /// A tag (the next game) or the end of the text; not consumed.
    Stop,
}

/// The grammar state between moves.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum State {
    /// Between moves.
    Free,
    /// After a move number: a White move, or `…` if Black is to move.
    AfterNumber,
    /// After `…`: a comma, then Black's move.
    AfterEllipsis,
    /// After a comma: Black's move.
    AfterComma,
    /// After White's move: a comma and Black's move, or anything else.
    AfterWhite,
}

pub(super) struct Parser<'a> {
    lexer: Lexer<'a>,
    /// The next token (pulled from the lexer, not consumed yet).
    cur: Token<'a>,
    /// The tokens after it pulled from the lexer to look further ahead
    /// (a few, and only at a variation's start).
    ahead: VecDeque<Token<'a>>,
    /// Number of tokens consumed.
    consumed: usize,
    /// Byte offset just after the last token consumed.
    consumed_end: usize,
    letters: Letters,
    errors: Vec<PgnError>,
    /// Where the current game's errors start in `errors`.
    game_errors_from: usize,
    /// Errors of the current game not kept (past [`MAX_ERRORS_PER_GAME`]).
    dropped: usize,
}

/// A line being read: the main line, or a variation of a line below it
/// on the parser's stack. The position the line has reached is held apart
/// (see [`Parser::lines`]); the main line takes an earlier position from
/// its history (which replays the game once, the first time), a variation
/// keeps the position before every [`CHECKPOINT`]-th move and replays the
/// few moves after it when a variation of its own needs an earlier one, so
/// reading a game without variations copies no position a move, and a deep
/// nest of variations none per level.
struct LineCtx {
    line: Line,
    /// The position before the line's first move, shared with the line
    /// below (a variation holds no other checkpoint until its 17th move).
    start: Rc<Position>,
    /// `checkpoints[k - 1]`: the position before move `k × CHECKPOINT`
    /// (none on the main line, whose history holds every position).
    checkpoints: Vec<Rc<Position>>,
    /// The move number and the mover of the line's first move; each move
    /// after it is one ply later ([`LineCtx::number_of`]).
    first: Option<(u32, Color)>,
    /// Number of the next move.
    number: u32,
    /// Whether the next number token may set the numbering (first move of
    /// a main line whose number is unknown, or written `n?`).
    free_number: bool,
    state: State,
    /// Byte span of the last token, for "truncated" messages.
    last: (usize, usize),
    /// For a variation: where it opened and what it replaces.
    open: Option<Opening>,
    /// For the main line: the game's history, each move pushed with the
    /// position it was checked in, so the game is not replayed afterwards.
    history: Option<Box<History>>,
}

/// A variation's `(`: its line and column, its label and the index of the
/// move it replaces in the line below it. Kept small: a nest of variations
/// holds one per level while it is read.
struct Opening {
    line: usize,
    column: usize,
    label: Option<String>,
    target: usize,
}

/// A line keeps the position before every `CHECKPOINT`-th move.
const CHECKPOINT: usize = 16;

/// The moves a main line has room for before it grows, from the bytes of
/// text left (a reader's chunk holds one game): a ply takes six bytes or
/// more (`E7-E8, `), so reading a game reallocates nothing per move. A
/// comment-heavy game reserves too much, given back by `Game::from_read`.
fn main_line_room(text_left: usize) -> usize {
    (text_left / 6).clamp(16, 512)
}

impl LineCtx {
    fn new(
        number: u32,
        comments: Vec<String>,
        start: Rc<Position>,
        last: (usize, usize),
        open: Option<Opening>,
    ) -> LineCtx {
        LineCtx {
            line: Line {
                comments,
                moves: Vec::new(),
            },
            start,
            checkpoints: Vec::new(),
            first: None,
            number,
            free_number: true,
            state: State::Free,
            last,
            open,
            history: None,
        }
    }

    /// The position before move `k × CHECKPOINT`, if the line keeps it.
    fn checkpoint(&self, k: usize) -> Option<&Rc<Position>> {
        match k {
            0 => Some(&self.start),
            _ => self.checkpoints.get(k - 1),
        }
    }

    /// The position before move `j` (`j` = the number of moves: after the
    /// last, for a variation only: the main line's history has not that
    /// position until the line is read): the main line's from its history,
    /// a variation's from the checkpoint at or before it.
    fn position_before(&self, j: usize) -> Position {
        if let Some(history) = &self.history {
            debug_assert!(j < self.line.moves.len());
            if let Some(p) = history.position_at(j) {
                return p.clone();
            }
        }
        let k = (j / CHECKPOINT).min(self.checkpoints.len());
        let mut pos = Position::clone(self.checkpoint(k).expect("checkpoints up to the last"));
        for am in &self.line.moves[k * CHECKPOINT..j] {
            pos.play_unchecked(am.mv);
        }
        pos
    }

    /// [`LineCtx::position_before`], shared when it is a checkpoint.
    fn shared_position_before(&self, j: usize) -> Rc<Position> {
        match self.checkpoint(j / CHECKPOINT) {
            Some(p) if j % CHECKPOINT == 0 => Rc::clone(p),
            _ => Rc::new(self.position_before(j)),
        }
    }

    /// The position after a variation's last move.
    fn position_after_last(&self) -> Position {
        self.position_before(self.line.moves.len())
    }

    /// The move number and the mover of move `j` (a move the line holds).
    fn number_of(&self, j: usize) -> (u32, Color) {
        let p = ply(self.first.expect("the line has a move")) + j as u64;
        let number = u32::try_from(p / 2).expect("the number of a move read");
        (
            number,
            if p % 2 == 0 {
                Color::White
            } else {
                Color::Black
            },
        )
    }
}

/// Where move `n` of `color` stands in the game, in plies: twice its
/// number, plus one for Black's (a line's moves are one ply apart).
fn ply((n, color): (u32, Color)) -> u64 {
    2 * u64::from(n) + u64::from(color == Color::Black)
}

/// What one token did to the line on top of the stack.
enum Step {
    /// Go on with the same line.
    Next,
    /// A variation opens: read it (its context and start position).
    Open(Box<(LineCtx, Position)>),
    /// The line ends.
    End(Result<End, PgnError>),
}

/// The most errors kept for one game; the rest are counted in one
/// [`PgnErrorKind::MoreErrors`].
pub(super) const MAX_ERRORS_PER_GAME: usize = 16;

impl<'a> Parser<'a> {
    pub(super) fn new(text: &'a str) -> Parser<'a> {
        let mut lexer = Lexer::new(text);
        Parser {
            cur: lexer.next_token(),
            lexer,
            ahead: VecDeque::new(),
            consumed: 0,
            consumed_end: 0,
            letters: Letters::default(),
            errors: Vec::new(),
            game_errors_from: 0,
            dropped: 0,
        }
    }

    /// The next token.
    #[inline(always)]
    fn peek(&self) -> Token<'a> {
        self.cur
    }

    /// The token `k` places after the next one (`Eof` past the end).
    fn peek_at(&mut self, k: usize) -> Token<'a> {
        if k == 0 {
            return self.cur;
        }
        while self.ahead.len() < k {
            let t = self.lexer.next_token();
            self.ahead.push_back(t);
        }
        self.ahead[k - 1]
    }

    /// Consumes the next token (never the end).
    #[inline(always)]
    fn next(&mut self) {
        if !matches!(self.cur.tok, Tok::Eof) {
            self.consumed += 1;
            self.consumed_end = self.cur.end;
            // Straight into `cur` when nothing was looked ahead at.
            match self.ahead.pop_front() {
                Some(t) => self.cur = t,
                None => self.lexer.next_token_into(&mut self.cur),
            }
        }
    }

    /// The source text of `t`.
    fn text(&self, t: &Token) -> &'a str {
        self.text_at((t.start, t.end))
    }

    /// The source text at the byte span `(start, end)`.
    fn text_at(&self, (start, end): (usize, usize)) -> &'a str {
        &self.lexer.src()[start..end]
    }

    /// Cold: the paths that build an error are laid out away from the
    /// parser's hot code.
    #[cold]
    fn err(t: &Token, kind: PgnErrorKind) -> PgnError {
        PgnError::new(t.line, t.col, kind)
    }

    /// Records an error of the current game, or counts it past the cap.
    fn report(&mut self, e: PgnError) {
        if self.errors.len() - self.game_errors_from < MAX_ERRORS_PER_GAME {
            self.errors.push(e);
        } else {
            self.dropped += 1;
        }
    }

    /// After an error: skip to the next game (a tag, or just after a result).
    fn resync(&mut self) {
        loop {
            match self.peek().tok {
                Tok::Eof | Tok::Tag { .. } => return,
                Tok::Result(_) => {
                    self.next();
                    return;
                }
                _ => {
                    self.next();
                }
            }
        }
    }

    /// Reads every game.
    pub(super) fn entries(mut self) -> Vec<GameEntry> {
        let mut entries = Vec::new();
        while !matches!(self.peek().tok, Tok::Eof) {
            let before = self.consumed;
            let start = self.peek().start;
            let errors_before = self.errors.len();
            self.game_errors_from = errors_before;
            self.dropped = 0;
            let game = self.game();
            let mut errors = self.errors.split_off(errors_before);
            if self.dropped > 0 {
                let last = errors
                    .last()
                    .expect("errors were dropped past the kept ones");
                let (line, column) = (last.line, last.column);
                errors.push(PgnError::new(
                    line,
                    column,
                    PgnErrorKind::MoreErrors(self.dropped),
                ));
            }
            if game.is_some() || !errors.is_empty() {
                entries.push(GameEntry {
                    game,
                    errors,
                    span: start..self.consumed_end.max(start),
                });
            }
            if self.consumed == before {
                // Cannot happen (every path consumes a token), but never loop.
                self.next();
            }
        }
        entries
    }

    /// Reads one game: tags, movetext, result, final comments. Returns
    /// `None` if its header is unusable (errors recorded).
    fn game(&mut self) -> Option<Game> {
        // Each tag with where it was read, for the header's errors.
        let mut tags: Vec<(String, String, (usize, usize))> = Vec::with_capacity(8);
        let mut comments = Vec::new();
        loop {
            let t = self.peek();
            match t.tok {
                Tok::Tag { name, raw } => {
                    tags.push((
                        name.to_string(),
                        tag_value(raw).into_owned(),
                        (t.line, t.col),
                    ));
                    self.next();
                }
                Tok::Comment(c) => {
                    comments.push(c.to_string());
                    self.next();
                }
                // A malformed tag line loses only itself.
                Tok::Error(e @ LexError::TagSyntax(_)) => {
                    self.report(Self::err(&t, e.kind(self.text(&t))));
                    self.next();
                }
                _ => break,
            }
        }
        let at = |name: &str| {
            tags.iter()
                .find(|(n, _, _)| n == name)
                .map_or((1, 1), |&(_, _, at)| at)
        };
        let header_error = |p: &mut Parser, (line, col): (usize, usize), kind| {
            p.errors.push(PgnError::new(line, col, kind));
            p.resync();
            None
        };

        // Every Variant tag must name this game (§6.7: a reader MUST check it).
        if let Some(k) = tags
            .iter()
            .position(|(n, v, _)| n == "Variant" && v.trim() != tags::VARIANT)
        {
            return header_error(
                self,
                tags[k].2,
                PgnErrorKind::UnsupportedVariant(tags[k].1.clone()),
            );
        }
        self.letters = match tags.iter().find(|(n, _, _)| n == "Redefine") {
            Some((_, v, _)) => match Letters::parse(v) {
                Ok(l) => l,
                Err(kind) => return header_error(self, at("Redefine"), kind),
            },
            None => Letters::default(),
        };
        let pdtl_tag = tags
            .iter()
            .find(|(n, _, _)| n == "PDTL" || n == "DPTL")
            .cloned();
        let start = match &pdtl_tag {
            Some((name, v, _)) => match Position::from_pdtl(&self.letters.pdtl(v)) {
                Ok(p) => p,
                Err(e) => return header_error(self, at(name), PgnErrorKind::Pdtl(e)),
            },
            None => Position::default(),
        };
        tags.retain(|(n, _, _)| !matches!(n.as_str(), "PDTL" | "DPTL" | "Redefine"));

        let number = start.fullmove_number().unwrap_or(1);
        let mut root = LineCtx::new(number, comments, Rc::new(start.clone()), (0, 0), None);
        let room = main_line_room(self.lexer.src().len() - self.peek().start);
        root.history = Some(Box::new(History::with_capacity(start.clone(), room)));
        root.line.moves.reserve_exact(room);
        let (mut root, end, last) = self.lines(root, start);
        let mut history = root.history.take().expect("the main line's history");
        history.finish_read(last);
        let mut line = root.line;
        let comments = std::mem::take(&mut line.comments);
        let mut game = Game::from_read(history, std::mem::take(&mut line.moves));
        *game.comments_mut() = comments;
        let stated = self.game_end(&mut game, end);
        game.state_read_result(
            stated,
            tags.iter()
                .find(|(n, _, _)| n == "Result")
                .map(|(_, v, _)| v.as_str()),
        );
        game.tags = tags::read(tags.into_iter().map(|(n, v, _)| (n, v)), game.result());
        Some(game)
    }

    /// How the main line of `game` ended: the result written after it
    /// (and the comments after that, the game's final comments), or none
    /// when the next game starts or an error ends it (reported, and the
    /// reader skips to the next game).
    fn game_end(&mut self, game: &mut Game, end: Result<End, PgnError>) -> Option<GameResult> {
        match end {
            Ok(End::Result(r)) => {
                while let Tok::Comment(c) = self.peek().tok {
                    game.final_comments.push(c.to_string());
                    self.next();
                }
                Some(r)
            }
            Ok(End::Stop) => None,
            Ok(End::Close) => unreachable!("the main line never ends with ')'"),
            Err(e) => {
                self.report(e);
                self.resync();
                None
            }
        }
    }

    /// Reads the main line `root` and its variations, to any depth, with a
    /// stack of lines instead of recursion: a `(` pushes the variation, its
    /// end pops it and attaches it to the move it replaces. An error ends
    /// every line open, each keeping what it read. Returns the main line,
    /// how it ended and the position after its last move.
    fn lines(
        &mut self,
        root: LineCtx,
        start: Position,
    ) -> (LineCtx, Result<End, PgnError>, Position) {
        let mut stack = vec![root];
        // The main line's position while a variation is read (a variation
        // below the top one gets its own back from its checkpoints: a deep
        // nest holds no position a level).
        let mut main = None;
        let mut pos = start;
        loop {
            let depth = stack.len() - 1;
            let ctx = stack.last_mut().expect("the main line stays until the end");
            let mut end = match self.step(ctx, &mut pos, depth) {
                Step::Next => continue,
                Step::Open(opened) => {
                    let (child, child_pos) = *opened;
                    if stack.len() == 1 {
                        main = Some(std::mem::replace(&mut pos, child_pos));
                    } else {
                        pos = child_pos;
                    }
                    stack.push(child);
                    continue;
                }
                Step::End(end) => end,
            };
            // Close the line on top; on an error, every line below it too.
            loop {
                let mut child = stack.pop().expect("a line is open");
                let Some(parent) = stack.last_mut() else {
                    return (child, end, pos);
                };
                let open = child.open.take().expect("a variation has its '('");
                let result = match end {
                    Ok(End::Close) => Ok(()),
                    Ok(_) => Err(PgnError::new(
                        open.line,
                        open.column,
                        PgnErrorKind::UnterminatedVariation,
                    )),
                    Err(e) => Err(e),
                };
                attach_variation(parent, child, open.label, open.target);
                pos = match stack.len() {
                    1 => main.take().expect("the main line's position"),
                    _ => stack.last().expect("a line").position_after_last(),
                };
                match result {
                    Ok(()) => break,
                    Err(e) => end = Err(e),
                }
            }
        }
    }

    /// Reads the next token of the line `ctx` (the main line at depth 0,
    /// variations deeper), at position `pos`.
    fn step(&mut self, ctx: &mut LineCtx, pos: &mut Position, depth: usize) -> Step {
        match self.step_line(ctx, pos, depth) {
            Ok(step) => step,
            Err(e) => Step::End(Err(e)),
        }
    }

    /// [`Parser::step`] with its errors as `Err`: one token of the line,
    /// dispatched by kind (moves, numbers, commas and a line's end have
    /// their own functions).
    fn step_line(
        &mut self,
        ctx: &mut LineCtx,
        pos: &mut Position,
        depth: usize,
    ) -> Result<Step, PgnError> {
        {
            let t = self.peek();
            let expecting_move = matches!(
                ctx.state,
                State::AfterNumber | State::AfterEllipsis | State::AfterComma
            );
            // A tag, even a malformed one, starts the next game.
            let tag = matches!(t.tok, Tok::Tag { .. } | Tok::Error(LexError::TagSyntax(_)));
            if depth > 0 && (tag || matches!(t.tok, Tok::Eof | Tok::Result(_))) {
                // The variation's ')' is missing; the caller reports it at '('.
                return Ok(Step::End(Ok(End::Stop)));
            }
            match t.tok {
                // Moves and move numbers first: nearly every token is one, and
                // neither ends a line.
                Tok::Move(ctl) => self.word(ctx, pos, &t, None, Some(ctl))?,
                Tok::Word(w) => self.word(ctx, pos, &t, Some(w), None)?,
                Tok::Number { n, unknown } => self.number(ctx, pos, &t, n, unknown, depth)?,
                _ if expecting_move
                    && (tag || matches!(t.tok, Tok::Eof | Tok::Result(_) | Tok::Close)) =>
                {
                    return Err(match t.tok {
                        Tok::Eof => Self::err(
                            &t,
                            PgnErrorKind::Truncated {
                                after: self.text_at(ctx.last).to_string(),
                            },
                        ),
                        _ => Self::err(
                            &t,
                            PgnErrorKind::Unexpected {
                                found: self.text(&t).to_string(),
                                expected: "a move",
                            },
                        ),
                    });
                }
                Tok::Tag { .. } => return Ok(Step::End(Ok(End::Stop))),
                Tok::Error(LexError::TagSyntax(_)) => return Ok(Step::End(Ok(End::Stop))),
                Tok::Eof => return Ok(Step::End(Ok(End::Stop))),
                Tok::Result(r) => {
                    self.next();
                    return Ok(Step::End(Ok(End::Result(r))));
                }
                Tok::Close => return self.close(ctx, &t, depth),
                Tok::Error(LexError::UnexpectedCloseBrace) => {
                    self.report(Self::err(&t, PgnErrorKind::UnexpectedCloseBrace));
                    self.next();
                }
                Tok::Error(e) => return Err(Self::err(&t, e.kind(self.text(&t)))),
                Tok::Dots(3) if ctx.state == State::AfterNumber => self.ellipsis(ctx, pos, &t)?,
                Tok::Ellipsis => {
                    if ctx.state != State::AfterNumber {
                        return Err(Self::err(
                            &t,
                            PgnErrorKind::Unexpected {
                                found: self.text(&t).to_string(),
                                expected: "'…' stands for White's move right after a move number",
                            },
                        ));
                    }
                    self.ellipsis(ctx, pos, &t)?;
                }
                Tok::Dots(_) => {
                    // Nesting depth marks: ignored like blanks.
                    self.next();
                }
                Tok::Comment(c) => {
                    self.next();
                    attach_comment(ctx, c.to_string());
                }
                Tok::Comma => self.comma(ctx, &t)?,
                Tok::Open => {
                    if expecting_move {
                        return Err(Self::err(
                            &t,
                            PgnErrorKind::Unexpected {
                                found: "(".into(),
                                expected: "a move",
                            },
                        ));
                    }
                    let (child, child_pos) = self.open_variation(ctx, &t)?;
                    return Ok(Step::Open(Box::new((child, child_pos))));
                }
                Tok::Label(_) => {
                    return Err(Self::err(
                        &t,
                        PgnErrorKind::Unexpected {
                            found: self.text(&t).to_string(),
                            expected: "a label only follows a variation's '('",
                        },
                    ))
                }
            }
        }
        Ok(Step::Next)
    }

    /// A `)`: the end of the variation `ctx` (at `depth` > 0), never empty;
    /// on the main line an error that loses nothing.
    #[inline(always)]
    fn close(&mut self, ctx: &LineCtx, t: &Token<'a>, depth: usize) -> Result<Step, PgnError> {
        if depth == 0 {
            // Nothing is lost by ignoring it.
            self.report(Self::err(t, PgnErrorKind::UnexpectedCloseParen));
            self.next();
            return Ok(Step::Next);
        }
        if ctx.line.moves.is_empty() {
            return Err(Self::err(t, PgnErrorKind::EmptyVariation));
        }
        self.next();
        Ok(Step::End(Ok(End::Close)))
    }

    /// A move number, where one may stand: it must be the line's (the
    /// first one of a line may set it when the start's number is unknown).
    #[inline(always)]
    fn number(
        &mut self,
        ctx: &mut LineCtx,
        pos: &Position,
        t: &Token<'a>,
        n: u32,
        unknown: bool,
        depth: usize,
    ) -> Result<(), PgnError> {
        if !matches!(ctx.state, State::Free | State::AfterWhite) {
            return Err(Self::err(
                t,
                PgnErrorKind::Unexpected {
                    found: self.text(t).to_string(),
                    expected: "a move",
                },
            ));
        }
        if ctx.free_number
            && ctx.line.moves.is_empty()
            && (unknown || depth == 0 && pos.fullmove_number().is_none())
        {
            ctx.number = n;
        } else if n != ctx.number {
            return Err(Self::err(
                t,
                PgnErrorKind::MoveNumber {
                    expected: ctx.number,
                    found: n,
                },
            ));
        }
        ctx.free_number = false;
        ctx.state = State::AfterNumber;
        ctx.last = (t.start, t.end);
        self.next();
        Ok(())
    }

    /// A comma between White's move (or `…`) and Black's.
    #[inline(always)]
    fn comma(&mut self, ctx: &mut LineCtx, t: &Token<'a>) -> Result<(), PgnError> {
        match ctx.state {
            State::AfterWhite | State::AfterEllipsis => ctx.state = State::AfterComma,
            _ => {
                return Err(Self::err(
                    t,
                    PgnErrorKind::Unexpected {
                        found: ",".into(),
                        expected: "a comma separates White's and Black's moves",
                    },
                ))
            }
        }
        ctx.last = (t.start, t.end);
        self.next();
        Ok(())
    }
    /// A word: an assessment or indicator for the move before it, or a
    /// move where the line expects one, read and played. A word the lexer
    /// read as a move of the common shape comes as `ctl` (its text, `w`
    /// then `None`, is sliced from the source only for a message).
    #[inline(always)]
    fn word(
        &mut self,
        ctx: &mut LineCtx,
        pos: &mut Position,
        t: &Token<'a>,
        w: Option<&'a str>,
        ctl: Option<Ctl>,
    ) -> Result<(), PgnError> {
        if let Some((a, i)) = w.and_then(parse_annotation) {
            if ctx.state == State::AfterWhite
                || (ctx.state == State::Free && !ctx.line.moves.is_empty())
            {
                self.next();
                let last = ctx.line.moves.last_mut().expect("a move was read");
                return merge_annotation(last, a, i).map_err(|kind| Self::err(t, kind));
            }
            return Err(Self::err(
                t,
                PgnErrorKind::Unexpected {
                    found: w.unwrap_or_else(|| self.text(t)).to_string(),
                    expected: "an assessment or indicator follows a move",
                },
            ));
        }
        match ctx.state {
            State::AfterEllipsis => {
                return Err(Self::err(
                    t,
                    PgnErrorKind::Unexpected {
                        found: w.unwrap_or_else(|| self.text(t)).to_string(),
                        expected: "a comma after '…'",
                    },
                ))
            }
            State::AfterNumber if pos.turn() == Color::Black => {
                return Err(Self::err(
                    t,
                    PgnErrorKind::Unexpected {
                        found: w.unwrap_or_else(|| self.text(t)).to_string(),
                        expected: "Black is to move: write '…, ' for White's move",
                    },
                ))
            }
            State::AfterComma if pos.turn() == Color::White => {
                return Err(Self::err(
                    t,
                    PgnErrorKind::Unexpected {
                        found: w.unwrap_or_else(|| self.text(t)).to_string(),
                        expected: "White is to move: a new move number must come first",
                    },
                ))
            }
            _ => {}
        }
        self.next();
        self.play_word(ctx, pos, t, w, ctl)
    }

    fn ellipsis(
        &mut self,
        ctx: &mut LineCtx,
        pos: &Position,
        t: &Token<'a>,
    ) -> Result<(), PgnError> {
        if pos.turn() != Color::Black {
            return Err(Self::err(
                t,
                PgnErrorKind::Unexpected {
                    found: self.text(t).to_string(),
                    expected: "White is to move, so White's move cannot be left out",
                },
            ));
        }
        ctx.state = State::AfterEllipsis;
        ctx.last = (t.start, t.end);
        self.next();
        Ok(())
    }

    /// Reads a move word (with assessments attached to it, if any), plays
    /// it; `ctl` is the word read by the lexer (a move of the common shape,
    /// nothing attached), used as it is unless the record redefines letters.
    fn play_word(
        &mut self,
        ctx: &mut LineCtx,
        pos: &mut Position,
        t: &Token<'a>,
        word: Option<&'a str>,
        ctl: Option<Ctl>,
    ) -> Result<(), PgnError> {
        // The move the lexer read, found: straight to the line (the other
        // paths merge their move with it only there, so it stays in a
        // register rather than going through memory written a byte at a time).
        if let (Some(ctl), true) = (ctl, self.letters.is_empty()) {
            if let Ok(m) = ctl.find(pos) {
                return self.record_move(ctx, pos, t, m, None);
            }
        }
        let color = pos.turn();
        let move_error = |source| {
            Self::err(
                t,
                PgnErrorKind::Move {
                    number: ctx.number,
                    color,
                    source,
                },
            )
        };
        let (m, annotation) = match ctl {
            // The error names the text: resolved again with it.
            Some(ctl) if self.letters.is_empty() => (
                ctl.resolve(pos, self.text(t))
                    .map_err(|e| move_error(MoveTextError::from(e)))?,
                None,
            ),
            _ => {
                let word = word.unwrap_or_else(|| self.text(t));
                let (core, annotation) = split_annotation(word);
                let text = self.letters.mv(core);
                let m = pos.parse_ctl(&text).map_err(|source| {
                    // Report the text as written, not as translated.
                    move_error(if *text != *core {
                        source.with_text(core)
                    } else {
                        source
                    })
                })?;
                (m, annotation)
            }
        };
        self.record_move(ctx, pos, t, m, annotation)
    }

    /// Plays the move `m` read at `t` (with `annotation` written against
    /// it) on `pos` and writes it at the end of the line `ctx`.
    #[inline(always)]
    fn record_move(
        &mut self,
        ctx: &mut LineCtx,
        pos: &mut Position,
        t: &Token<'a>,
        m: Move,
        annotation: Option<Annotation>,
    ) -> Result<(), PgnError> {
        let color = pos.turn();
        let mut am = AnnotatedMove::new(m);
        if let Some((a, i)) = annotation {
            merge_annotation(&mut am, a, i).map_err(|kind| Self::err(t, kind))?;
        }
        let j = ctx.line.moves.len();
        if j % CHECKPOINT == 0 && j > 0 && ctx.history.is_none() {
            // The main line's history holds every position: no checkpoint.
            ctx.checkpoints.push(Rc::new(pos.clone()));
        }
        if ctx.open.is_some() && ctx.line.moves.capacity() == 0 {
            // Most variations are short: a nest of them holds one per level.
            ctx.line.moves.reserve_exact(1);
        }
        ctx.first.get_or_insert((ctx.number, color));
        pos.play_unchecked(m);
        if let Some(history) = ctx.history.as_mut() {
            history.push_read(m, pos);
        }
        ctx.line.moves.push(am);
        ctx.free_number = false;
        ctx.last = (t.start, t.end);
        if color == Color::Black {
            ctx.number += 1;
            ctx.state = State::Free;
        } else {
            ctx.state = State::AfterWhite;
        }
        Ok(())
    }

    /// Opens the variation starting at the `(` token `open`: finds the move
    /// it replaces and gives its line and start position. Out of line,
    /// as the other rare tokens' work: the movetext's hot code stays small.
    #[inline(never)]
    fn open_variation(
        &mut self,
        ctx: &LineCtx,
        open: &Token<'a>,
    ) -> Result<(LineCtx, Position), PgnError> {
        if ctx.line.moves.is_empty() {
            return Err(Self::err(
                open,
                PgnErrorKind::Unexpected {
                    found: "(".into(),
                    expected: "a variation follows the move it replaces",
                },
            ));
        }
        self.next(); // '('
        let label = match self.peek().tok {
            Tok::Label(l) => {
                self.next();
                Some(l.to_string())
            }
            _ => None,
        };
        // Find the replaced move from the first move number: skip dots and
        // comments; `n. …` or `n. ...` names Black's move n, `n.` White's.
        let mut k = 0;
        while matches!(self.peek_at(k).tok, Tok::Dots(_) | Tok::Comment(_)) {
            k += 1;
        }
        let target = match self.peek_at(k).tok {
            Tok::Number { n, .. } => {
                let color = if matches!(self.peek_at(k + 1).tok, Tok::Ellipsis | Tok::Dots(3)) {
                    Color::Black
                } else {
                    Color::White
                };
                // Each move of a line is one ply after the one before it:
                // the replaced move's index follows from its number, so a
                // record of many variations on a long line stays linear.
                let found = ctx
                    .first
                    .and_then(|first| {
                        usize::try_from(ply((n, color)).checked_sub(ply(first))?).ok()
                    })
                    .filter(|&j| j < ctx.line.moves.len());
                match found {
                    Some(j) => j,
                    None => {
                        let t = self.peek_at(k);
                        return Err(Self::err(
                            &t,
                            PgnErrorKind::NoVariationTarget { number: n, color },
                        ));
                    }
                }
            }
            _ => ctx.line.moves.len() - 1,
        };
        let start = ctx.shared_position_before(target);
        let pos = Position::clone(&start);
        let opening = Opening {
            line: open.line,
            column: open.col,
            label,
            target,
        };
        let child = LineCtx::new(
            ctx.number_of(target).0,
            Vec::new(),
            start,
            (open.start, open.end),
            Some(opening),
        );
        Ok((child, pos))
    }
}

/// Attaches a finished (or cut short) variation to the move it replaces.
#[inline(never)]
fn attach_variation(
    parent: &mut LineCtx,
    mut child: LineCtx,
    label: Option<String>,
    target: usize,
) {
    let target = &mut parent.line.moves[target];
    if child.line.moves.is_empty() {
        // Cut short by an error before its first move: keep its comments
        // on the move it was to replace.
        target.comments.append(&mut child.line.comments);
    } else {
        child.line.moves.shrink_to_fit();
        if target.variations.is_empty() {
            target.variations.reserve_exact(1);
        }
        target.variations.push(Variation {
            label,
            line: std::sync::Arc::new(std::mem::take(&mut child.line)),
        });
    }
}

/// Attaches a comment read after moves: `@W:` / `@B:` name the side whose
/// move of the current full move it comments; without a prefix it belongs
/// to the last move. Before the first move it is a comment of the line.
#[inline(never)]
fn attach_comment(ctx: &mut LineCtx, text: String) {
    let n = ctx.line.moves.len();
    if n == 0 {
        ctx.line.comments.push(text);
        return;
    }
    let (side, body) = match text.strip_prefix("@W:") {
        Some(rest) => (Some(Color::White), rest.trim().to_string()),
        None => match text.strip_prefix("@B:") {
            Some(rest) => (Some(Color::Black), rest.trim().to_string()),
            None => (None, text),
        },
    };
    let target = side
        .and_then(|c| {
            (n.saturating_sub(2)..n)
                .rev()
                .find(|&j| ctx.number_of(j).1 == c)
        })
        .unwrap_or(n - 1);
    ctx.line.moves[target].comments.push(body);
}

/// What may follow a move: an assessment, an indicator, or both.
type Annotation = (Option<Assessment>, Option<Indicator>);

/// An assessment and/or indicator word: `?!`, `??:`, `(=)`, `?!(=):`, `:`.
fn parse_annotation(w: &str) -> Option<Annotation> {
    // Every assessment and indicator starts with `!`, `?`, `◇` (its first
    // byte 0xE2), `(` or `:`: a move's letter or digit rules one out at once.
    if !matches!(w.as_bytes().first(), Some(b'!' | b'?' | 0xE2 | b'(' | b':')) {
        return None;
    }
    for ind in ["(=):", "(=)", ":", ""] {
        if let Some(rest) = w.strip_suffix(ind) {
            let i = Indicator::from_symbol(ind);
            if rest.is_empty() && i.is_some() {
                return Some((None, i));
            }
            if let Some(a) = Assessment::from_symbol(rest) {
                return Some((Some(a), i));
            }
        }
    }
    None
}

/// Splits assessment characters written without the space (`H6-H12?!`).
fn split_annotation(w: &str) -> (&str, Option<Annotation>) {
    // Nearly every move ends with a digit or a check mark: none of `?`,
    // `!`, `:` or `◇` (its last byte 0x87).
    if !matches!(w.as_bytes().last(), Some(b'?' | b'!' | b':' | 0x87)) {
        return (w, None);
    }
    let core = w.trim_end_matches(['?', '!', '◇', ':']);
    if core.len() == w.len() || core.is_empty() {
        return (w, None);
    }
    match parse_annotation(&w[core.len()..]) {
        Some(a) => (core, Some(a)),
        None => (w, None),
    }
}

fn merge_annotation(
    m: &mut AnnotatedMove,
    a: Option<Assessment>,
    i: Option<Indicator>,
) -> Result<(), PgnErrorKind> {
    if a.is_some() && m.assessment.is_some() || i.is_some() && m.indicator.is_some() {
        return Err(PgnErrorKind::Unexpected {
            found: format!(
                "{}{}",
                a.map_or("", |a| a.symbol()),
                i.map_or("", |i| i.symbol())
            ),
            expected: "at most one assessment and one indicator per move",
        });
    }
    if a.is_some() {
        m.assessment = a;
    }
    if i.is_some() {
        m.indicator = i;
    }
    Ok(())
}
