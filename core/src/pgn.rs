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
//! error, skips to the next game and returns all the errors.
//!
//! The canonical writer ([`write_game`]) writes the tags, a `PDTL` tag when
//! the game does not start from the initial position, the opening comments,
//! one full move per line in canonical CTL-AN ([`Position::ctl`]), move
//! comments and variations after the line of their move, the result line
//! and the final comments. Standard letters only: a `Redefine` tag is
//! consumed by the reader and not written back.
//!
//! ```
//! use cescacs::pgn::{read_games, write_game};
//! use cescacs::{GameResult, Termination};
//!
//! let text = "[Variant \"C'escacs\"]\n[Title \"Fool's mate\"]\n\
//!     1. H6-H12 ?!, I23-I19 ?!\n2. JF6-C15 ?!, GH26-Z11 ?!\n3. L5-L7, NG25-L17 ?!\n\
//!     4. EH4-H8 ??, GZ11-L5\n5. I5-I9 ??, NL17-G9\n6. K4-K10 ??, GL5-H6#\n0-3\n";
//! let games = read_games(text).unwrap();
//! let game = &games[0];
//! assert_eq!(game.len(), 12);
//! assert_eq!(game.result, GameResult::BlackWins);
//! assert_eq!(game.outcome().unwrap().termination, Termination::Checkmate);
//! assert!(game.check_result().is_empty());
//! assert_eq!(write_game(game), text);
//! ```

use std::collections::HashMap;

use crate::game::{AnnotatedMove, Assessment, Game, GameResult, Indicator, Line, Variation};
use crate::geometry::column_from_letter;
use crate::notation::MoveTextError;
use crate::pdtl::PdtlError;
use crate::piece::Color;
use crate::position::{Position, INITIAL_PDTL};

/// A CTL-PGN reading error, at a line and column of the text (both
/// 1-based; columns count characters, not bytes).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct PgnError {
    pub line: usize,
    pub column: usize,
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
    #[error("the variation replaces move {number} of {color}, which is not among the moves before it")]
    NoVariationTarget { number: u32, color: Color },
    /// The `Variant` tag names another game.
    #[error("unsupported variant {0:?} (this reader handles \"C'escacs\")")]
    UnsupportedVariant(String),
    /// `[Redefine "FAN"]`: FAN symbols are not supported.
    #[error("[Redefine \"FAN\"] (FAN symbols instead of letters) is not supported; translate the record to letters first")]
    FanNotSupported,
    /// A `Redefine` pair that is not one of the allowed alternatives.
    #[error("Redefine pair {pair:?}: {reason}")]
    BadRedefine { pair: String, reason: &'static str },
    /// The `PDTL` tag's position is invalid.
    #[error("PDTL tag: {0}")]
    Pdtl(PdtlError),
    /// A move text that is not a legal move of the position reached.
    #[error("move {number} of {color}: {source}")]
    Move { number: u32, color: Color, source: MoveTextError },
    /// A move number other than the one expected.
    #[error("move number {found}, expected {expected}")]
    MoveNumber { expected: u32, found: u32 },
    /// A token where the grammar does not allow it.
    #[error("unexpected {found:?}: {expected}")]
    Unexpected { found: String, expected: &'static str },
    /// The text holds no game ([`read_game`]).
    #[error("the text holds no game")]
    NoGame,
    /// The text holds more than one game ([`read_game`]); the position is
    /// where the second one starts.
    #[error("a second game starts here; expected a single game")]
    SecondGame,
    /// The record ends where a move was expected.
    #[error("the record ends after {after:?} where a move was expected")]
    Truncated { after: String },
}

impl PgnError {
    fn new(line: usize, column: usize, kind: PgnErrorKind) -> PgnError {
        PgnError { line, column, kind }
    }
}

// ----- lexer -----------------------------------------------------------------

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Tag { name: String, value: String },
    Comment(String),
    Open,
    Close,
    Label(String),
    Number { n: u32, unknown: bool },
    Ellipsis,
    Dots(usize),
    Comma,
    Result(GameResult),
    Word(String),
    Error(PgnErrorKind),
    Eof,
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    line: usize,
    col: usize,
    /// The source text of the token (for messages).
    text: String,
}

fn is_hyphen(c: char) -> bool {
    matches!(c, '-' | '\u{2010}' | '\u{2013}')
}

/// Characters that end a word (a move or an annotation).
fn ends_word(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | '(' | ')' | '{' | '}' | '[' | ']' | '\u{FEFF}')
}

struct Lexer {
    chars: Vec<char>,
    i: usize,
    line: usize,
    col: usize,
}

impl Lexer {
    fn new(text: &str) -> Lexer {
        Lexer { chars: text.chars().collect(), i: 0, line: 1, col: 1 }
    }

    fn peek(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek(0)?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    fn text_from(&self, start: usize) -> String {
        self.chars[start..self.i].iter().collect()
    }

    fn skip_to_line_end(&mut self) {
        while let Some(c) = self.peek(0) {
            if c == '\n' {
                break;
            }
            self.bump();
        }
    }

    fn tokens(mut self) -> Vec<Token> {
        let mut out = Vec::new();
        loop {
            while self.peek(0).is_some_and(|c| c.is_whitespace() || c == '\u{FEFF}') {
                self.bump();
            }
            let (line, col, start) = (self.line, self.col, self.i);
            let Some(c) = self.peek(0) else {
                out.push(Token { tok: Tok::Eof, line, col, text: String::new() });
                return out;
            };
            let tok = match c {
                '[' => match self.tag() {
                    Ok(tok) => tok,
                    Err((line, col, reason)) => {
                        let text = self.text_from(start);
                        out.push(Token { tok: Tok::Error(PgnErrorKind::TagSyntax(reason)), line, col, text });
                        continue;
                    }
                },
                '{' => {
                    self.bump();
                    let body_start = self.i;
                    while self.peek(0).is_some_and(|c| c != '}') {
                        self.bump();
                    }
                    if self.peek(0).is_none() {
                        Tok::Error(PgnErrorKind::UnterminatedComment)
                    } else {
                        let body: String = self.chars[body_start..self.i].iter().collect();
                        self.bump();
                        Tok::Comment(body.trim().to_string())
                    }
                }
                '}' => {
                    self.bump();
                    Tok::Error(PgnErrorKind::UnexpectedCloseBrace)
                }
                '(' if self.peek(1) == Some('=') && self.peek(2) == Some(')') => {
                    for _ in 0..3 {
                        self.bump();
                    }
                    if self.peek(0) == Some(':') {
                        self.bump();
                        Tok::Word("(=):".to_string())
                    } else {
                        Tok::Word("(=)".to_string())
                    }
                }
                '(' => {
                    self.bump();
                    Tok::Open
                }
                ')' => {
                    self.bump();
                    Tok::Close
                }
                ',' => {
                    self.bump();
                    Tok::Comma
                }
                '…' => {
                    self.bump();
                    Tok::Ellipsis
                }
                '.' => {
                    let mut n = 0;
                    while self.peek(0) == Some('.') {
                        self.bump();
                        n += 1;
                    }
                    Tok::Dots(n)
                }
                '$' => self.label(),
                '0'..='9' => self.number_or_result(),
                _ => {
                    while self.peek(0).is_some_and(|c| !ends_word(c)) {
                        self.bump();
                    }
                    let w = self.text_from(start);
                    if w.is_empty() {
                        // A lone ']' (the only word-ending character not handled above).
                        self.bump();
                        Tok::Error(PgnErrorKind::Unexpected {
                            found: self.text_from(start),
                            expected: "']' only closes a tag",
                        })
                    } else if w == "*" {
                        Tok::Result(GameResult::Unfinished)
                    } else {
                        Tok::Word(w)
                    }
                }
            };
            let text = self.text_from(start);
            out.push(Token { tok, line, col, text });
        }
    }

    /// `[Name "value"]`. On error the rest of the line is skipped and the
    /// error gives the position of the offending character.
    fn tag(&mut self) -> Result<Tok, (usize, usize, &'static str)> {
        let fail = |lx: &mut Lexer, reason| {
            let (line, col) = (lx.line, lx.col);
            lx.skip_to_line_end();
            Err((line, col, reason))
        };
        let blanks = |lx: &mut Lexer| {
            while lx.peek(0).is_some_and(|c| c == ' ' || c == '\t') {
                lx.bump();
            }
        };
        self.bump(); // '['
        blanks(self);
        let name_start = self.i;
        while self.peek(0).is_some_and(|c| c.is_alphanumeric() || c == '_') {
            self.bump();
        }
        let name = self.text_from(name_start);
        if name.is_empty() {
            return fail(self, "expected a tag name after '['");
        }
        blanks(self);
        if self.peek(0) != Some('"') {
            return fail(self, "the tag value must be in double quotes");
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.peek(0) {
                None | Some('\n') => return fail(self, "the tag value has no closing '\"' on its line"),
                Some('"') => {
                    self.bump();
                    break;
                }
                Some('\\') if matches!(self.peek(1), Some('"' | '\\')) => {
                    self.bump();
                    value.push(self.bump().expect("peeked"));
                }
                Some(c) => {
                    self.bump();
                    value.push(c);
                }
            }
        }
        blanks(self);
        if self.peek(0) != Some(']') {
            return fail(self, "expected ']' after the tag value");
        }
        self.bump();
        Ok(Tok::Tag { name, value })
    }

    /// `$n` or `$[n]` (a variation label).
    fn label(&mut self) -> Tok {
        self.bump(); // '$'
        let bracket = self.peek(0) == Some('[');
        if bracket {
            self.bump();
        }
        let start = self.i;
        while self.peek(0).is_some_and(|c| c.is_ascii_digit()) {
            self.bump();
        }
        let n = self.text_from(start);
        if n.is_empty() || (bracket && self.peek(0) != Some(']')) {
            while self.peek(0).is_some_and(|c| !ends_word(c)) {
                self.bump();
            }
            return Tok::Error(PgnErrorKind::Unexpected {
                found: String::new(),
                expected: "a variation label is '$' and a number, or '$[' number ']'",
            });
        }
        if bracket {
            self.bump();
        }
        Tok::Label(n)
    }

    /// `12.`, `1?`, or a result `3-0` / `3 - 0`.
    fn number_or_result(&mut self) -> Tok {
        let start = self.i;
        while self.peek(0).is_some_and(|c| c.is_ascii_digit()) {
            self.bump();
        }
        let digits = self.text_from(start);
        match self.peek(0) {
            Some('.') | Some('?') => {
                let unknown = self.bump() == Some('?');
                return match digits.parse::<u32>() {
                    Ok(n) if n >= 1 => Tok::Number { n, unknown },
                    _ => Tok::Error(PgnErrorKind::Unexpected {
                        found: self.text_from(start),
                        expected: "move numbers start at 1",
                    }),
                };
            }
            _ => {}
        }
        // A result, possibly with blanks around the hyphen.
        let mut k = 0;
        while self.peek(k).is_some_and(|c| c == ' ' || c == '\t') {
            k += 1;
        }
        if self.peek(k).is_some_and(is_hyphen) {
            k += 1;
            while self.peek(k).is_some_and(|c| c == ' ' || c == '\t') {
                k += 1;
            }
            if self.peek(k).is_some_and(|c| c.is_ascii_digit()) && self.peek(k + 1).is_none_or(ends_word) {
                for _ in 0..=k {
                    self.bump();
                }
                let text = self.text_from(start);
                if let Some(r) = GameResult::parse(&text) {
                    return Tok::Result(r);
                }
                return Tok::Error(PgnErrorKind::Unexpected {
                    found: text,
                    expected: "a result is 3-0, 0-3, 2-1, 1-2, 1-1 or *",
                });
            }
        }
        while self.peek(0).is_some_and(|c| !ends_word(c)) {
            self.bump();
        }
        Tok::Error(PgnErrorKind::Unexpected {
            found: self.text_from(start),
            expected: "a move number (\"12.\", \"1?\") or a result (\"3-0\")",
        })
    }
}

/// Tokenises the whole text. Lexical errors become `Tok::Error` tokens so
/// that the parser meets them in text order.
fn lex(text: &str) -> Vec<Token> {
    Lexer::new(text).tokens()
}

// ----- Redefine ----------------------------------------------------------------

/// Alternative letter → standard letter (NOTATION.md §2 and §6.4).
#[derive(Clone, Debug, Default)]
struct Letters {
    map: HashMap<char, char>,
}

const ALTERNATIVES: [(char, char); 10] = [
    ('H', 'E'),
    ('A', 'J'),
    ('B', 'J'),
    ('F', 'J'),
    ('L', 'J'),
    ('C', 'N'),
    ('S', 'N'),
    ('T', 'R'),
    ('W', 'V'),
    ('Q', 'D'),
];

impl Letters {
    fn parse(value: &str) -> Result<Letters, PgnErrorKind> {
        let mut map = HashMap::new();
        if value.trim().eq_ignore_ascii_case("FAN") {
            return Err(PgnErrorKind::FanNotSupported);
        }
        for pair in value.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let bad = |reason| PgnErrorKind::BadRedefine { pair: pair.to_string(), reason };
            let chars: Vec<char> = pair.chars().filter(|c| !c.is_whitespace()).collect();
            let [alt, '@', std] = chars[..] else {
                return Err(bad("expected <alternative>@<standard>, e.g. T@R"));
            };
            if !ALTERNATIVES.contains(&(alt, std)) {
                return Err(bad("not an allowed alternative (H@E, A/B/F/L@J, C/S@N, T@R, W@V, Q@D)"));
            }
            if map.insert(alt, std).is_some_and(|old| old != std) {
                return Err(bad("the letter is declared twice"));
            }
        }
        // Two alternatives for one standard letter would make the writer's
        // choice ambiguous, but the reader can accept both; keep them.
        Ok(Letters { map })
    }

    fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    fn tr(&self, c: char) -> char {
        self.map.get(&c).copied().unwrap_or(c)
    }

    /// Case-preserving translation (PDTL placement and castling field).
    fn tr_cased(&self, c: char) -> char {
        if c.is_ascii_lowercase() {
            self.tr(c.to_ascii_uppercase()).to_ascii_lowercase()
        } else {
            self.tr(c)
        }
    }

    /// Translates the piece letters of a PDTL (placement and castling
    /// fields only: the special-capture field holds hex names).
    fn pdtl(&self, pdtl: &str) -> String {
        if self.is_empty() {
            return pdtl.to_string();
        }
        pdtl.split_ascii_whitespace()
            .enumerate()
            .map(|(i, f)| if i == 0 || i == 2 { f.chars().map(|c| self.tr_cased(c)).collect() } else { f.to_string() })
            .collect::<Vec<String>>()
            .join(" ")
    }

    /// Translates the piece letters of a CTL-AN move. A letter is a piece
    /// letter where it is followed by a column letter (NOTATION.md §2): at
    /// the start, after the separator (captured piece) and after `=`.
    fn mv(&self, word: &str) -> String {
        if self.is_empty() {
            return word.to_string();
        }
        let c: Vec<char> = word.chars().collect();
        // Castling prefixes KTK-, KTD-, KTT- (or KRQ- with Q@D, …).
        if c.len() >= 4 && c[0] == 'K' && self.tr(c[1]) == 'R' && matches!(self.tr(c[2]), 'K' | 'D' | 'R') && is_hyphen(c[3]) {
            let mut out = String::from("KR");
            out.push(self.tr(c[2]));
            out.extend(&c[3..]);
            return out;
        }
        let is_col = |i: usize| c.get(i).is_some_and(|&ch| column_from_letter(ch).is_some());
        let mut out = String::with_capacity(word.len());
        let mut piece_slot = true;
        let mut i = 0;
        while i < c.len() {
            let ch = c[i];
            if piece_slot && ch.is_ascii_uppercase() && is_col(i + 1) {
                out.push(self.tr(ch));
                piece_slot = false;
            } else if ch == '=' {
                out.push(ch);
                if let Some(&p) = c.get(i + 1) {
                    out.push(self.tr(p));
                    i += 1;
                }
                piece_slot = false;
            } else {
                out.push(ch);
                piece_slot = is_hyphen(ch) || matches!(ch, '×' | '*' | 'x' | '@');
            }
            i += 1;
        }
        out
    }
}

// ----- parser ------------------------------------------------------------------

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

struct Parser {
    toks: Vec<Token>,
    i: usize,
    letters: Letters,
    errors: Vec<PgnError>,
}

/// A line being read.
struct LineCtx {
    line: Line,
    /// The position before each move of `line.moves`.
    before: Vec<Position>,
    /// The move number of each move.
    numbers: Vec<u32>,
    pos: Position,
    /// Number of the next move.
    number: u32,
    /// Whether the next number token may set the numbering (first move of
    /// a main line whose number is unknown, or written `n?`).
    free_number: bool,
    state: State,
    /// Text of the last token, for "truncated" messages.
    last_text: String,
}

impl Parser {
    fn peek(&self) -> &Token {
        &self.toks[self.i.min(self.toks.len() - 1)]
    }

    fn peek_at(&self, k: usize) -> &Token {
        &self.toks[(self.i + k).min(self.toks.len() - 1)]
    }

    fn next(&mut self) -> Token {
        let t = self.peek().clone();
        if self.i < self.toks.len() - 1 {
            self.i += 1;
        }
        t
    }

    fn err(t: &Token, kind: PgnErrorKind) -> PgnError {
        PgnError::new(t.line, t.col, kind)
    }

    /// After an error: skip to the next game (a tag, or just after a result).
    fn resync(&mut self) {
        loop {
            match &self.peek().tok {
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
    fn entries(mut self) -> Vec<GameEntry> {
        let mut entries = Vec::new();
        while self.peek().tok != Tok::Eof {
            let before = self.i;
            let errors_before = self.errors.len();
            let game = self.game();
            let errors = self.errors.split_off(errors_before);
            if game.is_some() || !errors.is_empty() {
                entries.push(GameEntry { game, errors });
            }
            if self.i == before {
                // Cannot happen (every path consumes a token), but never loop.
                self.next();
            }
        }
        entries
    }

    /// Reads one game: tags, movetext, result, final comments. Returns
    /// `None` if its header is unusable (errors recorded).
    fn game(&mut self) -> Option<Game> {
        let mut tags: Vec<(String, String)> = Vec::new();
        let mut tag_pos: HashMap<String, (usize, usize)> = HashMap::new();
        let mut comments = Vec::new();
        loop {
            let t = self.peek().clone();
            match t.tok.clone() {
                Tok::Tag { name, value } => {
                    tag_pos.entry(name.clone()).or_insert((t.line, t.col));
                    tags.push((name, value));
                    self.next();
                }
                Tok::Comment(c) => {
                    comments.push(c);
                    self.next();
                }
                // A malformed tag line loses only itself.
                Tok::Error(kind @ PgnErrorKind::TagSyntax(_)) => {
                    self.errors.push(Self::err(&t, kind));
                    self.next();
                }
                _ => break,
            }
        }
        let at = |name: &str| tag_pos.get(name).copied().unwrap_or((1, 1));
        let header_error = |p: &mut Parser, (line, col): (usize, usize), kind| {
            p.errors.push(PgnError::new(line, col, kind));
            p.resync();
            None
        };

        if let Some((_, v)) = tags.iter().find(|(n, _)| n == "Variant") {
            if v.trim() != "C'escacs" {
                return header_error(self, at("Variant"), PgnErrorKind::UnsupportedVariant(v.clone()));
            }
        }
        self.letters = match tags.iter().find(|(n, _)| n == "Redefine") {
            Some((_, v)) => match Letters::parse(v) {
                Ok(l) => l,
                Err(kind) => return header_error(self, at("Redefine"), kind),
            },
            None => Letters::default(),
        };
        let pdtl_tag = tags.iter().find(|(n, _)| n == "PDTL" || n == "DPTL").cloned();
        let start = match &pdtl_tag {
            Some((name, v)) => match Position::from_pdtl(&self.letters.pdtl(v)) {
                Ok(p) => p,
                Err(e) => return header_error(self, at(name), PgnErrorKind::Pdtl(e)),
            },
            None => Position::default(),
        };
        tags.retain(|(n, _)| !matches!(n.as_str(), "PDTL" | "DPTL" | "Redefine"));

        let number = start.fullmove_number().unwrap_or(1);
        let mut ctx = LineCtx {
            line: Line { comments, moves: Vec::new() },
            before: Vec::new(),
            numbers: Vec::new(),
            pos: start.clone(),
            number,
            free_number: true,
            state: State::Free,
            last_text: String::new(),
        };
        let end = self.line(&mut ctx, 0);
        let mut game = Game::from_position(start);
        game.tags = tags;
        game.mainline = ctx.line;
        let stated = match end {
            Ok(End::Result(r)) => {
                while let Tok::Comment(c) = &self.peek().tok {
                    game.final_comments.push(c.clone());
                    self.next();
                }
                Some(r)
            }
            Ok(End::Stop) => None,
            Ok(End::Close) => unreachable!("the main line never ends with ')'"),
            Err(e) => {
                self.errors.push(e);
                self.resync();
                None
            }
        };
        game.result = stated
            .or_else(|| game.tag("Result").and_then(GameResult::parse))
            .or_else(|| game.outcome().map(|o| GameResult::from_outcome(&o)))
            .unwrap_or(GameResult::Unfinished);
        Some(game)
    }

    /// Reads the moves of a line (main line at depth 0, variations deeper)
    /// into `ctx`, up to its end. On error `ctx` holds what was read.
    fn line(&mut self, ctx: &mut LineCtx, depth: usize) -> Result<End, PgnError> {
        loop {
            let t = self.peek().clone();
            let expecting_move = matches!(ctx.state, State::AfterNumber | State::AfterEllipsis | State::AfterComma);
            // A tag, even a malformed one, starts the next game.
            let tag = matches!(t.tok, Tok::Tag { .. } | Tok::Error(PgnErrorKind::TagSyntax(_)));
            if depth > 0 && (tag || matches!(t.tok, Tok::Eof | Tok::Result(_))) {
                // The variation's ')' is missing; the caller reports it at '('.
                return Ok(End::Stop);
            }
            match t.tok.clone() {
                _ if expecting_move && (tag || matches!(t.tok, Tok::Eof | Tok::Result(_) | Tok::Close)) => {
                    return Err(match t.tok {
                        Tok::Eof => Self::err(&t, PgnErrorKind::Truncated { after: ctx.last_text.clone() }),
                        _ => Self::err(&t, PgnErrorKind::Unexpected { found: t.text.clone(), expected: "a move" }),
                    });
                }
                Tok::Tag { .. } => return Ok(End::Stop),
                Tok::Error(PgnErrorKind::TagSyntax(_)) => return Ok(End::Stop),
                Tok::Eof => return Ok(End::Stop),
                Tok::Result(r) => {
                    self.next();
                    return Ok(End::Result(r));
                }
                Tok::Close => {
                    if depth == 0 {
                        // Nothing is lost by ignoring it.
                        self.errors.push(Self::err(&t, PgnErrorKind::UnexpectedCloseParen));
                        self.next();
                        continue;
                    }
                    if ctx.line.moves.is_empty() {
                        return Err(Self::err(&t, PgnErrorKind::EmptyVariation));
                    }
                    self.next();
                    return Ok(End::Close);
                }
                Tok::Error(PgnErrorKind::UnexpectedCloseBrace) => {
                    self.errors.push(Self::err(&t, PgnErrorKind::UnexpectedCloseBrace));
                    self.next();
                }
                Tok::Error(kind) => return Err(Self::err(&t, kind)),
                Tok::Dots(3) if ctx.state == State::AfterNumber => self.ellipsis(ctx, &t)?,
                Tok::Ellipsis => {
                    if ctx.state != State::AfterNumber {
                        return Err(Self::err(&t, PgnErrorKind::Unexpected {
                            found: t.text.clone(),
                            expected: "'…' stands for White's move right after a move number",
                        }));
                    }
                    self.ellipsis(ctx, &t)?;
                }
                Tok::Dots(_) => {
                    // Nesting depth marks: ignored like blanks.
                    self.next();
                }
                Tok::Comment(c) => {
                    self.next();
                    attach_comment(ctx, c);
                }
                Tok::Number { n, unknown } => {
                    if !matches!(ctx.state, State::Free | State::AfterWhite) {
                        return Err(Self::err(&t, PgnErrorKind::Unexpected { found: t.text.clone(), expected: "a move" }));
                    }
                    if ctx.free_number && ctx.line.moves.is_empty() && (unknown || depth == 0 && ctx.pos.fullmove_number().is_none()) {
                        ctx.number = n;
                    } else if n != ctx.number {
                        return Err(Self::err(&t, PgnErrorKind::MoveNumber { expected: ctx.number, found: n }));
                    }
                    ctx.free_number = false;
                    ctx.state = State::AfterNumber;
                    ctx.last_text = t.text.clone();
                    self.next();
                }
                Tok::Comma => {
                    match ctx.state {
                        State::AfterWhite | State::AfterEllipsis => ctx.state = State::AfterComma,
                        _ => {
                            return Err(Self::err(&t, PgnErrorKind::Unexpected {
                                found: ",".into(),
                                expected: "a comma separates White's and Black's moves",
                            }))
                        }
                    }
                    ctx.last_text = t.text.clone();
                    self.next();
                }
                Tok::Open => {
                    if expecting_move {
                        return Err(Self::err(&t, PgnErrorKind::Unexpected { found: "(".into(), expected: "a move" }));
                    }
                    self.variation(ctx, depth, &t)?;
                }
                Tok::Label(_) => {
                    return Err(Self::err(&t, PgnErrorKind::Unexpected {
                        found: t.text.clone(),
                        expected: "a label only follows a variation's '('",
                    }))
                }
                Tok::Word(w) => {
                    if let Some((a, i)) = parse_annotation(&w) {
                        if ctx.state == State::AfterWhite || (ctx.state == State::Free && !ctx.line.moves.is_empty()) {
                            self.next();
                            let last = ctx.line.moves.last_mut().expect("a move was read");
                            merge_annotation(last, a, i).map_err(|kind| Self::err(&t, kind))?;
                            continue;
                        }
                        return Err(Self::err(&t, PgnErrorKind::Unexpected {
                            found: w,
                            expected: "an assessment or indicator follows a move",
                        }));
                    }
                    match ctx.state {
                        State::AfterEllipsis => {
                            return Err(Self::err(&t, PgnErrorKind::Unexpected {
                                found: w,
                                expected: "a comma after '…'",
                            }))
                        }
                        State::AfterNumber if ctx.pos.turn() == Color::Black => {
                            return Err(Self::err(&t, PgnErrorKind::Unexpected {
                                found: w,
                                expected: "Black is to move: write '…, ' for White's move",
                            }))
                        }
                        State::AfterComma if ctx.pos.turn() == Color::White => {
                            return Err(Self::err(&t, PgnErrorKind::Unexpected {
                                found: w,
                                expected: "White is to move: a new move number must come first",
                            }))
                        }
                        _ => {}
                    }
                    self.next();
                    self.play_word(ctx, &t, &w)?;
                }
            }
        }
    }

    fn ellipsis(&mut self, ctx: &mut LineCtx, t: &Token) -> Result<(), PgnError> {
        if ctx.pos.turn() != Color::Black {
            return Err(Self::err(t, PgnErrorKind::Unexpected {
                found: t.text.clone(),
                expected: "White is to move, so White's move cannot be left out",
            }));
        }
        ctx.state = State::AfterEllipsis;
        ctx.last_text = t.text.clone();
        self.next();
        Ok(())
    }

    /// Reads a move word (with assessments attached to it, if any), plays it.
    fn play_word(&mut self, ctx: &mut LineCtx, t: &Token, word: &str) -> Result<(), PgnError> {
        let (core, annotation) = split_annotation(word);
        let text = self.letters.mv(core);
        let color = ctx.pos.turn();
        let m = ctx.pos.parse_ctl(&text).map_err(|source| {
            // Report the text as written, not as translated.
            let source = if text != core { retext(source, core) } else { source };
            Self::err(t, PgnErrorKind::Move { number: ctx.number, color, source })
        })?;
        let mut am = AnnotatedMove::new(m);
        if let Some((a, i)) = annotation {
            merge_annotation(&mut am, a, i).map_err(|kind| Self::err(t, kind))?;
        }
        ctx.before.push(ctx.pos.clone());
        ctx.numbers.push(ctx.number);
        ctx.pos.play_unchecked(m);
        ctx.line.moves.push(am);
        ctx.free_number = false;
        ctx.last_text = t.text.clone();
        if color == Color::Black {
            ctx.number += 1;
            ctx.state = State::Free;
        } else {
            ctx.state = State::AfterWhite;
        }
        Ok(())
    }

    /// Reads a variation starting at the `(` token `open` and attaches it to
    /// the move it replaces.
    fn variation(&mut self, ctx: &mut LineCtx, depth: usize, open: &Token) -> Result<(), PgnError> {
        if ctx.line.moves.is_empty() {
            return Err(Self::err(open, PgnErrorKind::Unexpected {
                found: "(".into(),
                expected: "a variation follows the move it replaces",
            }));
        }
        self.next(); // '('
        let label = match &self.peek().tok {
            Tok::Label(l) => {
                let l = l.clone();
                self.next();
                Some(l)
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
                let color = if matches!(self.peek_at(k + 1).tok, Tok::Ellipsis | Tok::Dots(3)) { Color::Black } else { Color::White };
                let found = (0..ctx.line.moves.len())
                    .rev()
                    .find(|&j| ctx.numbers[j] == n && ctx.before[j].turn() == color);
                match found {
                    Some(j) => j,
                    None => {
                        let t = self.peek_at(k).clone();
                        return Err(Self::err(&t, PgnErrorKind::NoVariationTarget { number: n, color }));
                    }
                }
            }
            _ => ctx.line.moves.len() - 1,
        };
        let mut child = LineCtx {
            line: Line::default(),
            before: Vec::new(),
            numbers: Vec::new(),
            pos: ctx.before[target].clone(),
            number: ctx.numbers[target],
            free_number: true,
            state: State::Free,
            last_text: "(".into(),
        };
        let end = self.line(&mut child, depth + 1);
        let attach = |ctx: &mut LineCtx, child: LineCtx| {
            let target = &mut ctx.line.moves[target];
            if child.line.moves.is_empty() {
                // Cut short by an error before its first move: keep its
                // comments on the move it was to replace.
                target.comments.extend(child.line.comments);
            } else {
                target.variations.push(Variation { label: label.clone(), line: child.line });
            }
        };
        match end {
            Ok(End::Close) => {
                attach(ctx, child);
                Ok(())
            }
            Ok(_) => {
                attach(ctx, child);
                Err(Self::err(open, PgnErrorKind::UnterminatedVariation))
            }
            Err(e) => {
                // Keep what the variation holds so far.
                attach(ctx, child);
                Err(e)
            }
        }
    }
}

/// Replaces the move text inside a move error by the text as written.
fn retext(e: MoveTextError, written: &str) -> MoveTextError {
    let w = written.to_string();
    match e {
        MoveTextError::Empty => MoveTextError::Empty,
        MoveTextError::BadHex { source, .. } => MoveTextError::BadHex { text: w, source },
        MoveTextError::Syntax { at, reason, .. } => MoveTextError::Syntax { text: w, at, reason },
        MoveTextError::UnknownCastling { name, .. } => MoveTextError::UnknownCastling { text: w, name },
        MoveTextError::NoSuchPiece { hex, expected, .. } => MoveTextError::NoSuchPiece { text: w, hex, expected },
        MoveTextError::Separator { said, actual, .. } => MoveTextError::Separator { text: w, said, actual },
        MoveTextError::CapturedPiece { said, actual, .. } => MoveTextError::CapturedPiece { text: w, said, actual },
        MoveTextError::PromotionRequired { .. } => MoveTextError::PromotionRequired { text: w },
        MoveTextError::Illegal { pdtl, .. } => MoveTextError::Illegal { text: w, pdtl },
    }
}

/// Attaches a comment read after moves: `@W:` / `@B:` name the side whose
/// move of the current full move it comments; without a prefix it belongs
/// to the last move. Before the first move it is a comment of the line.
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
        .and_then(|c| (n.saturating_sub(2)..n).rev().find(|&j| ctx.before[j].turn() == c))
        .unwrap_or(n - 1);
    ctx.line.moves[target].comments.push(body);
}

/// What may follow a move: an assessment, an indicator, or both.
type Annotation = (Option<Assessment>, Option<Indicator>);

/// An assessment and/or indicator word: `?!`, `??:`, `(=)`, `?!(=):`, `:`.
fn parse_annotation(w: &str) -> Option<Annotation> {
    if w.is_empty() {
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
    let core = w.trim_end_matches(['?', '!', '◇', ':']);
    if core.len() == w.len() || core.is_empty() {
        return (w, None);
    }
    match parse_annotation(&w[core.len()..]) {
        Some(a) => (core, Some(a)),
        None => (w, None),
    }
}

fn merge_annotation(m: &mut AnnotatedMove, a: Option<Assessment>, i: Option<Indicator>) -> Result<(), PgnErrorKind> {
    if a.is_some() && m.assessment.is_some() || i.is_some() && m.indicator.is_some() {
        return Err(PgnErrorKind::Unexpected {
            found: format!("{}{}", a.map_or("", |a| a.symbol()), i.map_or("", |i| i.symbol())),
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

// ----- public reading API -------------------------------------------------------

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
/// kept of it; `None` if its header was unusable) and the errors met while
/// reading it, in text order.
#[derive(Debug, Clone, PartialEq)]
pub struct GameEntry {
    pub game: Option<Game>,
    pub errors: Vec<PgnError>,
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
    let parser = Parser { toks: lex(text), i: 0, letters: Letters::default(), errors: Vec::new() };
    parser.entries()
}

/// Reads a text holding exactly one game (a `.ctl-pgn` file).
///
/// ```
/// let game = cescacs::pgn::read_game("1. E7-E13, E21-E15\n2. F8-F12\n").unwrap();
/// assert_eq!(game.ctl_moves(), ["E7-E13", "E21-E15", "F8-F12"]);
/// assert_eq!(game.result, cescacs::GameResult::Unfinished);
/// ```
pub fn read_game(text: &str) -> Result<Game, PgnError> {
    let mut games = read_games(text)?;
    match games.len() {
        1 => Ok(games.pop().expect("one game")),
        0 => Err(PgnError::new(1, 1, PgnErrorKind::NoGame)),
        _ => {
            let (line, column) = second_game_start(&lex(text));
            Err(PgnError::new(line, column, PgnErrorKind::SecondGame))
        }
    }
}

/// Line and column where the second game of a (valid) text starts.
fn second_game_start(toks: &[Token]) -> (usize, usize) {
    let mut seen_movetext = false;
    for (k, t) in toks.iter().enumerate() {
        match t.tok {
            Tok::Tag { .. } if seen_movetext => return (t.line, t.col),
            Tok::Tag { .. } | Tok::Comment(_) => {}
            Tok::Result(_) => {
                // The next non-comment token starts the next game.
                if let Some(n) = toks[k + 1..].iter().find(|t| !matches!(t.tok, Tok::Comment(_))) {
                    if n.tok != Tok::Eof {
                        return (n.line, n.col);
                    }
                }
            }
            _ => seen_movetext = true,
        }
    }
    (1, 1)
}

impl std::str::FromStr for Game {
    type Err = PgnError;
    /// Reads one game ([`read_game`]).
    fn from_str(s: &str) -> Result<Game, PgnError> {
        read_game(s)
    }
}

// ----- writer ---------------------------------------------------------------------

fn write_comment(text: &str) -> String {
    let t = text.replace('}', ")");
    if t.trim().is_empty() {
        "{ }".to_string()
    } else {
        format!("{{ {} }}", t.trim())
    }
}

fn move_text(pos: &Position, am: &AnnotatedMove) -> String {
    let mut s = pos.ctl(&am.mv);
    match (am.assessment, am.indicator) {
        (Some(a), i) => {
            s.push(' ');
            s.push_str(a.symbol());
            if let Some(i) = i {
                s.push_str(i.symbol());
            }
        }
        (None, Some(i)) => {
            s.push(' ');
            s.push_str(i.symbol());
        }
        (None, None) => {}
    }
    s
}

/// The lines of a line of moves (without nesting dots of its own): one
/// full move per line, then the comments and variations of its moves.
fn line_lines(start: &Position, first_number: u32, unknown_number: bool, line: &Line) -> Vec<String> {
    let mut out: Vec<String> = line.comments.iter().map(|c| write_comment(c)).collect();
    let mut pos = start.clone();
    let mut number = first_number;
    let mut first = true;
    let mut j = 0;
    let moves = &line.moves;
    while j < moves.len() {
        let mark = if first && unknown_number { '?' } else { '.' };
        first = false;
        // The moves of this full move: White's and Black's, or Black's alone.
        let mut group: Vec<(usize, Position)> = Vec::with_capacity(2);
        let text = if pos.turn() == Color::White {
            let w = move_text(&pos, &moves[j]);
            group.push((j, pos.clone()));
            pos.play_unchecked(moves[j].mv);
            j += 1;
            if j < moves.len() {
                let b = move_text(&pos, &moves[j]);
                group.push((j, pos.clone()));
                pos.play_unchecked(moves[j].mv);
                j += 1;
                format!("{number}{mark} {w}, {b}")
            } else {
                format!("{number}{mark} {w}")
            }
        } else {
            let b = move_text(&pos, &moves[j]);
            group.push((j, pos.clone()));
            pos.play_unchecked(moves[j].mv);
            j += 1;
            format!("{number}{mark} …, {b}")
        };
        out.push(text);
        for (k, before) in group {
            let am = &moves[k];
            let prefix = if before.turn() == Color::White { "@W:" } else { "@B:" };
            for c in &am.comments {
                out.push(write_comment(&format!("{prefix} {c}")));
            }
            for v in &am.variations {
                out.extend(variation_lines(&before, number, v));
            }
        }
        number += 1;
    }
    out
}

/// A variation: `(` and its first line, the others with one more leading
/// dot, and `)` at the end of the last move line (on a line of its own
/// after a comment, whose `}` must end its line).
fn variation_lines(before: &Position, number: u32, v: &Variation) -> Vec<String> {
    let inner = line_lines(before, number, false, &v.line);
    let mut out = Vec::with_capacity(inner.len() + 1);
    for (k, l) in inner.into_iter().enumerate() {
        if k == 0 {
            match &v.label {
                Some(label) => out.push(format!("($[{label}] {l}")),
                None => out.push(format!("({l}")),
            }
        } else {
            out.push(format!(".{l}"));
        }
    }
    match out.last_mut() {
        Some(last) if !last.ends_with('}') => last.push(')'),
        _ => out.push(")".to_string()),
    }
    out
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    let v = value.replace('\\', "\\\\").replace('"', "\\\"").replace(['\n', '\r'], " ");
    out.push_str(&format!("[{name} \"{v}\"]\n"));
}

/// Writes a game in canonical CTL-PGN (see the module documentation). The
/// result is stable: reading it back gives an equal [`Game`], and writing
/// that gives the same text.
pub fn write_game(game: &Game) -> String {
    let mut out = String::new();
    for (name, value) in &game.tags {
        write_tag(&mut out, name, value);
    }
    if game.start.to_pdtl() != INITIAL_PDTL {
        write_tag(&mut out, "PDTL", &game.start.to_pdtl());
    }
    let first = game.start.fullmove_number();
    for l in line_lines(&game.start, first.unwrap_or(1), first.is_none(), &game.mainline) {
        out.push_str(&l);
        out.push('\n');
    }
    out.push_str(game.result.as_str());
    out.push('\n');
    for c in &game.final_comments {
        out.push_str(&write_comment(c));
        out.push('\n');
    }
    out
}

/// Writes several games, separated by an empty line.
pub fn write_games(games: &[Game]) -> String {
    games.iter().map(write_game).collect::<Vec<_>>().join("\n")
}

impl std::fmt::Display for Game {
    /// Canonical CTL-PGN ([`write_game`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&write_game(self))
    }
}
