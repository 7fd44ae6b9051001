//! The CTL-PGN lexer: pulls the tokens of a text one at a time, each with
//! its line, column and byte span. Tokens borrow from the text, so reading
//! costs no allocation per token and no memory beyond the token at hand,
//! whatever the length of the text, and a token is a small `Copy` value the
//! parser can look at without cloning. Lexical errors are `Tok::Error`
//! tokens, so that the parser meets them in text order.

use std::borrow::Cow;

use super::PgnErrorKind;
use crate::notation::{scan_castling, scan_plain, Ctl};
use crate::record::GameResult;

#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) enum Tok<'a> {
    /// A tag; `raw` is the value as written between the quotes (see
    /// [`tag_value`]).
    Tag {
        name: &'a str,
        raw: &'a str,
    },
    /// A comment's text, without its braces and surrounding blanks.
    Comment(&'a str),
    Open,
    Close,
    Label(&'a str),
    Number {
        n: u32,
        unknown: bool,
    },
    Ellipsis,
    Dots(usize),
    Comma,
    Result(GameResult),
    Word(&'a str),
    /// A word that is a move of the common shape or a castling, read as it was scanned
    /// (what [`Ctl::parse`] gives for the word, which is the token's text).
    Move(Ctl),
    Error(LexError),
    Eof,
}

/// A lexical error. The parser makes it a [`PgnErrorKind`] with the
/// token's text ([`LexError::kind`]).
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) enum LexError {
    TagSyntax(&'static str),
    UnterminatedComment,
    UnexpectedCloseBrace,
    /// The token's text cannot stand here; `expected` says what can.
    Unexpected {
        expected: &'static str,
    },
}

impl LexError {
    /// The error, about the token whose text is `text`.
    pub(super) fn kind(self, text: &str) -> PgnErrorKind {
        match self {
            LexError::TagSyntax(reason) => PgnErrorKind::TagSyntax(reason),
            LexError::UnterminatedComment => PgnErrorKind::UnterminatedComment,
            LexError::UnexpectedCloseBrace => PgnErrorKind::UnexpectedCloseBrace,
            LexError::Unexpected { expected } => PgnErrorKind::Unexpected {
                found: text.to_string(),
                expected,
            },
        }
    }
}

/// A tag's value from its text between the quotes: `\"` and `\\` stand
/// for `"` and `\`, and a CR reads as the space the writer writes for it (a
/// tag value is one line; found by fuzzing). Borrowed unless it changes.
pub(super) fn tag_value(raw: &str) -> Cow<'_, str> {
    if !raw.contains(['\\', '\r']) {
        return Cow::Borrowed(raw);
    }
    let mut v = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next_if(|&n| n == '"' || n == '\\') {
                Some(n) => v.push(n),
                None => v.push('\\'),
            },
            '\r' => v.push(' '),
            c => v.push(c),
        }
    }
    Cow::Owned(v)
}

/// Laid out with the span first: the parser copies a token in 16-byte
/// pieces and then reads its span as one, which the processor forwards
/// from the copy's store only when the span is one of those pieces.
#[derive(Copy, Clone, Debug)]
#[repr(C)]
pub(super) struct Token<'a> {
    /// Byte offsets of the token in the text (`start..end`): its source
    /// text, for messages, is sliced only when one is written.
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) line: usize,
    pub(super) col: usize,
    pub(super) tok: Tok<'a>,
}

pub(super) fn is_hyphen(c: char) -> bool {
    matches!(c, '-' | '\u{2010}' | '\u{2013}')
}

/// Characters that end a word (a move or an annotation).
fn ends_word(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | '(' | ')' | '{' | '}' | '[' | ']' | '\u{FEFF}')
}

/// The bytes that stop [`Lexer::skip_word`]: the ASCII ones that end a
/// word, and every byte ≥ 0x80 (its character is looked at whole).
static WORD_STOPS: [bool; 256] = {
    let mut t = [false; 256];
    let ends = *b" \t\n\r\x0b\x0c,(){}[]";
    let mut i = 0;
    while i < ends.len() {
        t[ends[i] as usize] = true;
        i += 1;
    }
    let mut b = 0x80;
    while b < 256 {
        t[b] = true;
        b += 1;
    }
    t
};

/// A pull lexer over a text, one token ahead of its reader.
pub(super) struct Lexer<'a> {
    src: &'a str,
    /// Byte offset of the next character.
    i: usize,
    line: usize,
    col: usize,
    /// The token [`Lexer::next_token`] hands over next, read one call
    /// earlier: its fields were stored long before it is copied out, so the
    /// copy's wide loads never wait on those stores (a load that spans
    /// several pending narrow stores cannot take its value from them).
    pending: Token<'a>,
}

impl<'a> Lexer<'a> {
    /// The text read.
    pub(super) fn src(&self) -> &'a str {
        self.src
    }

    pub(super) fn new(src: &'a str) -> Lexer<'a> {
        let mut lexer = Lexer {
            src,
            i: 0,
            line: 1,
            col: 1,
            pending: Token {
                start: 0,
                end: 0,
                line: 1,
                col: 1,
                tok: Tok::Eof,
            },
        };
        lexer.read_pending();
        lexer
    }

    fn peek(&self) -> Option<char> {
        match self.src.as_bytes().get(self.i) {
            Some(&b) if b < 0x80 => Some(b as char),
            Some(_) => self.src[self.i..].chars().next(),
            None => None,
        }
    }

    /// The character `k` places after the next one.
    fn peek_nth(&self, k: usize) -> Option<char> {
        self.src[self.i..].chars().nth(k)
    }

    #[inline]
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    /// Skips `n` ASCII characters other than a newline.
    #[inline(always)]
    fn bump_ascii(&mut self, n: usize) {
        self.i += n;
        self.col += n;
    }

    /// Skips the ASCII characters (not newlines) `take` accepts from here
    /// on; how many.
    #[inline(always)]
    fn ascii_run(&mut self, take: impl Fn(u8) -> bool) -> usize {
        let n = self.src.as_bytes()[self.i..]
            .iter()
            .take_while(|&&b| take(b))
            .count();
        self.bump_ascii(n);
        n
    }

    /// Skips the characters of a word (none of them a newline): runs of
    /// ASCII bytes a table lookup each, a character beyond ASCII one by one.
    fn skip_word(&mut self) {
        loop {
            let rest = &self.src.as_bytes()[self.i..];
            let n = rest
                .iter()
                .position(|&b| WORD_STOPS[usize::from(b)])
                .unwrap_or(rest.len());
            self.i += n;
            self.col += n;
            match rest.get(n) {
                // '×' (U+00D7), the capture sign of nearly every capture:
                // part of the word, one column.
                Some(0xC3) if rest.get(n + 1) == Some(&0x97) => {
                    self.i += 2;
                    self.col += 1;
                }
                Some(&b) if b >= 0x80 => {
                    let c = self.peek().expect("a character");
                    if ends_word(c) {
                        return;
                    }
                    self.bump();
                }
                _ => return,
            }
        }
    }

    /// Inline: its one caller is the hot path of every token.
    #[inline(always)]
    fn skip_blanks(&mut self) {
        let bytes = self.src.as_bytes();
        loop {
            match bytes.get(self.i) {
                Some(b'\n') => {
                    self.i += 1;
                    self.line += 1;
                    self.col = 1;
                }
                Some(b' ' | b'\t' | b'\r' | 0x0b | 0x0c) => {
                    self.i += 1;
                    self.col += 1;
                }
                Some(&b) if b < 0x80 => return,
                Some(_) => match self.peek() {
                    Some(c) if c.is_whitespace() || c == '\u{FEFF}' => {
                        self.bump();
                    }
                    _ => return,
                },
                None => return,
            }
        }
    }

    fn skip_to_line_end(&mut self) {
        while let Some(c) = self.peek() {
            if c == '\n' {
                break;
            }
            self.bump();
        }
    }

    /// The next token; at the end of the text, `Tok::Eof` (again and again).
    pub(super) fn next_token(&mut self) -> Token<'a> {
        let t = self.pending;
        self.read_pending();
        t
    }

    /// [`Lexer::next_token`] written into `out` (no copy through a
    /// temporary).
    pub(super) fn next_token_into(&mut self, out: &mut Token<'a>) {
        *out = self.pending;
        self.read_pending();
    }

    /// Reads the token after the pending one into its place.
    #[inline(always)]
    fn read_pending(&mut self) {
        self.skip_blanks();
        let (line, col, start) = (self.line, self.col, self.i);
        // A letter starts a word (a move, nearly always), a digit a move
        // number or a result: looked at by their byte, the rest by character.
        let tok = match self.src.as_bytes().get(start) {
            Some(b) if b.is_ascii_alphabetic() => self.move_or_word(start),
            Some(b'0'..=b'9') => self.number_or_result(),
            Some(b',') => {
                self.bump_ascii(1);
                Tok::Comma
            }
            _ => {
                self.pending = self.other_token(line, col, start);
                return;
            }
        };
        self.pending = Token {
            tok,
            line,
            col,
            start,
            end: self.i,
        };
    }

    /// A word starting with a letter at `start`: a move of the common
    /// shape read in the same pass that finds its end when the move is the
    /// whole word, else the word.
    #[inline(always)]
    fn move_or_word(&mut self, start: usize) -> Tok<'a> {
        let rest = &self.src.as_bytes()[start..];
        if let Some((ctl, n, chars)) = scan_plain(rest) {
            let (n, chars) = (usize::from(n), usize::from(chars));
            if rest
                .get(n)
                .is_none_or(|&b| b < 0x80 && WORD_STOPS[usize::from(b)])
            {
                self.i += n;
                self.col += chars;
                return Tok::Move(ctl);
            }
        }
        self.word_or_castling(start)
    }

    /// A word that is not a move of the common shape: a castling written
    /// with the ASCII hyphen is read as its move (the word found, then its
    /// name looked up), anything else stays a word.
    #[inline(never)]
    fn word_or_castling(&mut self, start: usize) -> Tok<'a> {
        match self.word(start) {
            Tok::Word(w) => match scan_castling(w.as_bytes()) {
                Some((ctl, n, _)) if usize::from(n) == w.len() => Tok::Move(ctl),
                _ => Tok::Word(w),
            },
            tok => tok,
        }
    }

    /// [`Lexer::next_token`] for a token that does not start with a letter,
    /// a digit or a comma (tags, comments, results, variations: a few a
    /// game). Out of line, so that the movetext's hot code stays small.
    #[inline(never)]
    fn other_token(&mut self, line: usize, col: usize, start: usize) -> Token<'a> {
        let Some(c) = self.peek() else {
            return Token {
                tok: Tok::Eof,
                line,
                col,
                start,
                end: start,
            };
        };
        let tok = match c {
            '[' => match self.tag() {
                Ok(tok) => tok,
                Err((line, col, reason)) => {
                    return Token {
                        tok: Tok::Error(LexError::TagSyntax(reason)),
                        line,
                        col,
                        start,
                        end: self.i,
                    };
                }
            },
            '{' => self.comment(),
            '}' => {
                self.bump();
                Tok::Error(LexError::UnexpectedCloseBrace)
            }
            '(' if self.peek_nth(1) == Some('=') && self.peek_nth(2) == Some(')') => {
                for _ in 0..3 {
                    self.bump();
                }
                if self.peek() == Some(':') {
                    self.bump();
                }
                Tok::Word(&self.src[start..self.i])
            }
            '(' => {
                self.bump_ascii(1);
                Tok::Open
            }
            ')' => {
                self.bump_ascii(1);
                Tok::Close
            }
            ',' => {
                self.bump_ascii(1);
                Tok::Comma
            }
            '…' => {
                self.bump();
                Tok::Ellipsis
            }
            '.' => {
                let n = self.ascii_run(|b| b == b'.');
                Tok::Dots(n)
            }
            '$' => self.label(),
            '0'..='9' => self.number_or_result(),
            _ => self.word(start),
        };
        Token {
            tok,
            line,
            col,
            start,
            end: self.i,
        }
    }

    /// `{ comment }`, at its `{`: the body trimmed.
    #[inline(always)]
    fn comment(&mut self) -> Tok<'a> {
        self.bump();
        let body_start = self.i;
        while self.peek().is_some_and(|c| c != '}') {
            self.bump();
        }
        if self.peek().is_none() {
            Tok::Error(LexError::UnterminatedComment)
        } else {
            let body = self.src[body_start..self.i].trim();
            self.bump();
            Tok::Comment(body)
        }
    }

    /// A word starting at `start` (a move, an annotation, `*`), up to the
    /// next blank or punctuation.
    #[inline(always)]
    fn word(&mut self, start: usize) -> Tok<'a> {
        self.skip_word();
        let w = &self.src[start..self.i];
        if w.is_empty() {
            // A lone ']' (the only word-ending character not handled above).
            self.bump();
            Tok::Error(LexError::Unexpected {
                expected: "']' only closes a tag",
            })
        } else if w == "*" {
            Tok::Result(GameResult::Unfinished)
        } else {
            Tok::Word(w)
        }
    }

    /// `[Name "value"]`. On error the rest of the line is skipped and the
    /// error gives the position of the offending character.
    fn tag(&mut self) -> Result<Tok<'a>, (usize, usize, &'static str)> {
        let fail = |lx: &mut Lexer, reason| {
            let (line, col) = (lx.line, lx.col);
            lx.skip_to_line_end();
            Err((line, col, reason))
        };
        let blanks = |lx: &mut Lexer| {
            while lx.peek().is_some_and(|c| c == ' ' || c == '\t') {
                lx.bump();
            }
        };
        self.bump(); // '['
        blanks(self);
        let name_start = self.i;
        // ASCII runs a byte at a time, other characters one by one.
        self.ascii_run(|b| b.is_ascii_alphanumeric() || b == b'_');
        while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_') {
            self.bump();
            self.ascii_run(|b| b.is_ascii_alphanumeric() || b == b'_');
        }
        let name = &self.src[name_start..self.i];
        if name.is_empty() {
            return fail(self, "expected a tag name after '['");
        }
        blanks(self);
        if self.peek() != Some('"') {
            return fail(self, "the tag value must be in double quotes");
        }
        self.bump();
        let value_start = self.i;
        let raw = loop {
            // The bytes that end the value or ask for a look stop the run.
            self.ascii_run(|b| !matches!(b, b'"' | b'\\' | b'\n') && b < 0x80);
            let here = self.i;
            match self.peek() {
                None | Some('\n') => {
                    return fail(self, "the tag value has no closing '\"' on its line")
                }
                Some('"') => {
                    self.bump();
                    break &self.src[value_start..here];
                }
                Some('\\') if matches!(self.peek_nth(1), Some('"' | '\\')) => {
                    self.bump();
                    self.bump();
                }
                Some(_) => {
                    self.bump();
                }
            }
        };
        blanks(self);
        if self.peek() != Some(']') {
            return fail(self, "expected ']' after the tag value");
        }
        self.bump();
        Ok(Tok::Tag { name, raw })
    }

    /// `$n` or `$[n]` (a variation label).
    fn label(&mut self) -> Tok<'a> {
        self.bump(); // '$'
        let bracket = self.peek() == Some('[');
        if bracket {
            self.bump();
        }
        let start = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.bump();
        }
        let n = &self.src[start..self.i];
        if n.is_empty() || (bracket && self.peek() != Some(']')) {
            self.skip_word();
            return Tok::Error(LexError::Unexpected {
                expected: "a variation label is '$' and a number, or '$[' number ']'",
            });
        }
        if bracket {
            self.bump();
        }
        Tok::Label(n)
    }

    /// `12.`, `1?`, or a result `3-0` / `3 - 0`.
    fn number_or_result(&mut self) -> Tok<'a> {
        let start = self.i;
        // The common move number, a few digits and a '.', read in one pass
        // (what the general reading below gives for it).
        let bytes = self.src.as_bytes();
        let (mut n, mut k) = (0u32, start);
        while k - start < 4 && k < bytes.len() && bytes[k].is_ascii_digit() {
            n = n * 10 + u32::from(bytes[k] - b'0');
            k += 1;
        }
        if n >= 1 && bytes.get(k) == Some(&b'.') {
            self.bump_ascii(k + 1 - start);
            return Tok::Number { n, unknown: false };
        }
        self.ascii_run(|b| b.is_ascii_digit());
        let digits = &self.src.as_bytes()[start..self.i];
        if let Some(&b @ (b'.' | b'?')) = self.src.as_bytes().get(self.i) {
            self.bump_ascii(1);
            // The number, `None` past `u32::MAX`.
            let n = digits.iter().try_fold(0u32, |n, &d| {
                n.checked_mul(10)?.checked_add(u32::from(d - b'0'))
            });
            return match n {
                Some(n) if n >= 1 => Tok::Number {
                    n,
                    unknown: b == b'?',
                },
                _ => Tok::Error(LexError::Unexpected {
                    expected: "move numbers start at 1",
                }),
            };
        }
        // A result, possibly with blanks around the hyphen.
        let mut rest = self.src[self.i..].chars().peekable();
        let mut k = 0;
        while rest.next_if(|&c| c == ' ' || c == '\t').is_some() {
            k += 1;
        }
        if rest.next_if(|&c| is_hyphen(c)).is_some() {
            k += 1;
            while rest.next_if(|&c| c == ' ' || c == '\t').is_some() {
                k += 1;
            }
            if rest.next_if(|c| c.is_ascii_digit()).is_some()
                && rest.peek().is_none_or(|&c| ends_word(c))
            {
                for _ in 0..=k {
                    self.bump();
                }
                let text = &self.src[start..self.i];
                if let Some(r) = GameResult::parse(text) {
                    return Tok::Result(r);
                }
                return Tok::Error(LexError::Unexpected {
                    expected: "a result is 3-0, 0-3, 2-1, 1-2, 1-1 or *",
                });
            }
        }
        self.skip_word();
        Tok::Error(LexError::Unexpected {
            expected: "a move number (\"12.\", \"1?\") or a result (\"3-0\")",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{Lexer, Tok};
    use crate::notation::Ctl;

    /// Every token of `text`: what it is, its line, column and byte span.
    fn tokens(text: &str) -> Vec<(Tok<'_>, usize, usize, usize, usize)> {
        let mut lexer = Lexer::new(text);
        let mut out = Vec::new();
        loop {
            let t = lexer.next_token();
            if t.tok == Tok::Eof {
                return out;
            }
            out.push((t.tok, t.line, t.col, t.start, t.end));
        }
    }

    /// A word that is a move of the common shape is read as the move in
    /// the pass that finds its end (columns in characters, `×` one); any
    /// other word stays a word, with the same span and place.
    #[test]
    fn a_move_word_is_read_with_its_move() {
        let ctl = |w: &str| Ctl::parse(w).unwrap();
        let text = "1. NF22×NH26, E7-E13?!\n2. E7-E13+^ (KRK-HIO) \u{2013}E9-E1 I5-I7+∞ x";
        assert_eq!(
            tokens(text),
            [
                (
                    Tok::Number {
                        n: 1,
                        unknown: false
                    },
                    1,
                    1,
                    0,
                    2
                ),
                (Tok::Move(ctl("NF22×NH26")), 1, 4, 3, 13),
                (Tok::Comma, 1, 13, 13, 14),
                (Tok::Word("E7-E13?!"), 1, 15, 15, 23),
                (
                    Tok::Number {
                        n: 2,
                        unknown: false
                    },
                    2,
                    1,
                    24,
                    26
                ),
                (Tok::Move(ctl("E7-E13+^")), 2, 4, 27, 35),
                (Tok::Open, 2, 13, 36, 37),
                (Tok::Move(ctl("KRK-HIO")), 2, 14, 37, 44),
                (Tok::Close, 2, 21, 44, 45),
                (Tok::Word("\u{2013}E9-E1"), 2, 23, 46, 54),
                (Tok::Move(ctl("I5-I7+∞")), 2, 30, 55, 64),
                (Tok::Word("x"), 2, 38, 65, 66),
            ]
        );
    }

    /// Move numbers of any length, with leading zeros, `?`, zero and past
    /// `u32::MAX`, and results: each read whole, at its place.
    #[test]
    fn numbers_and_results() {
        let error = |expected| Tok::Error(super::LexError::Unexpected { expected });
        let number = |n| Tok::Number { n, unknown: false };
        let start = "move numbers start at 1";
        let text = "1. 0012. 12345. 9999. 0. 1? 4294967295. 4294967296. 3-0 1 - 2 00.";
        assert_eq!(
            tokens(text),
            [
                (number(1), 1, 1, 0, 2),
                (number(12), 1, 4, 3, 8),
                (number(12345), 1, 10, 9, 15),
                (number(9999), 1, 17, 16, 21),
                (error(start), 1, 23, 22, 24),
                (
                    Tok::Number {
                        n: 1,
                        unknown: true
                    },
                    1,
                    26,
                    25,
                    27
                ),
                (number(4_294_967_295), 1, 29, 28, 39),
                (error(start), 1, 41, 40, 51),
                (
                    Tok::Result(crate::record::GameResult::WhiteWins),
                    1,
                    53,
                    52,
                    55
                ),
                (
                    Tok::Result(crate::record::GameResult::BlackStalemates),
                    1,
                    57,
                    56,
                    61
                ),
                (error(start), 1, 63, 62, 65),
            ]
        );
    }

    /// Tags with names and values beyond ASCII, escapes, blanks and a CR
    /// are read whole; a value without its closing quote on its line is an
    /// error at the line's end, and the next line is read on.
    #[test]
    fn tags_are_read_whole() {
        let text = "[Événement_1 \"Sant Martí \\\"el\\\\ vell\\\" ∞\r\"]\n\
                    [Site \"no end\n[ \tEvent\t\"\" ] x";
        let tag = |name, raw| Tok::Tag { name, raw };
        assert_eq!(
            tokens(text),
            [
                (
                    tag("Événement_1", "Sant Martí \\\"el\\\\ vell\\\" ∞\r"),
                    1,
                    1,
                    0,
                    48
                ),
                (
                    Tok::Error(super::LexError::TagSyntax(
                        "the tag value has no closing '\"' on its line"
                    )),
                    2,
                    14,
                    49,
                    62
                ),
                (tag("Event", ""), 3, 1, 63, 76),
                (Tok::Word("x"), 3, 15, 77, 78),
            ]
        );
    }
}
