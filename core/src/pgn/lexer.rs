//! The CTL-PGN lexer: the text as tokens with their line, column and byte
//! span. Lexical errors become `Tok::Error` tokens so that the parser meets
//! them in text order.

use super::{PgnErrorKind};
use crate::record::GameResult;

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
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
pub(super) struct Token {
    pub(super) tok: Tok,
    pub(super) line: usize,
    pub(super) col: usize,
    /// Byte offsets of the token in the text (`start..end`).
    pub(super) start: usize,
    pub(super) end: usize,
    /// The source text of the token (for messages).
    pub(super) text: String,
}

pub(super) fn is_hyphen(c: char) -> bool {
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
    /// Byte offset of `chars[i]`.
    byte: usize,
}

impl Lexer {
    fn new(text: &str) -> Lexer {
        Lexer { chars: text.chars().collect(), i: 0, line: 1, col: 1, byte: 0 }
    }

    fn peek(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek(0)?;
        self.i += 1;
        self.byte += c.len_utf8();
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
            let (line, col, start, start_byte) = (self.line, self.col, self.i, self.byte);
            let Some(c) = self.peek(0) else {
                out.push(Token { tok: Tok::Eof, line, col, start: start_byte, end: start_byte, text: String::new() });
                return out;
            };
            let tok = match c {
                '[' => match self.tag() {
                    Ok(tok) => tok,
                    Err((line, col, reason)) => {
                        let text = self.text_from(start);
                        let (start, end) = (start_byte, self.byte);
                        out.push(Token { tok: Tok::Error(PgnErrorKind::TagSyntax(reason)), line, col, start, end, text });
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
            out.push(Token { tok, line, col, start: start_byte, end: self.byte, text });
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
                    // A tag value is one line: a stray CR reads as the
                    // space the writer writes for it (found by fuzzing).
                    value.push(if c == '\r' { ' ' } else { c });
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
pub(super) fn lex(text: &str) -> Vec<Token> {
    Lexer::new(text).tokens()
}
