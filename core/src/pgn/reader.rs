//! Streaming: the games of a text or of any [`BufRead`], one at a time.
//!
//! The input is cut into chunks of whole lines at the points where the
//! parser would start a new game anyway — a tag line after some movetext —
//! so memory holds one game at a time and a game's text is never split.
//! Each chunk is then parsed as a text of its own (it may still hold several
//! games: records without tags, each ended by its result).

use std::collections::VecDeque;
use std::io::BufRead;

use super::{parse_entries, GameEntry, PgnError, PgnErrorKind};

/// Tells, line by line, where a new game starts: at a line (outside a
/// comment) that opens with `[`, once the current game has some movetext.
/// A record without tags and without a result followed by a tag section is
/// thus two games. This is the rule [`Reader`] cuts its input by; it is
/// public so that a binding reading a file of its own (Python's
/// `read_game(handle)`) can stop exactly where the reader would.
///
/// ```
/// use cescacs::pgn::Splitter;
/// let mut s = Splitter::default();
/// assert!(!s.starts_game("[Event \"one\"]\n"));
/// assert!(!s.starts_game("1. E7-E13 { a comment\n"));
/// assert!(!s.starts_game("[still inside the comment] }\n"));
/// assert!(s.starts_game("[Event \"two\"]\n")); // the next game
/// ```
#[derive(Clone, Debug, Default)]
pub struct Splitter {
    in_comment: bool,
    movetext: bool,
}

impl Splitter {
    /// Whether `line` (one line of the text, with or without its newline)
    /// starts a new game. If it does, the splitter is not advanced: start a
    /// new one (or [`Splitter::reset`]) and feed it that line again.
    pub fn starts_game(&mut self, line: &str) -> bool {
        let first = match line.as_bytes().iter().find(|&&b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c)) {
            // Most lines start with an ASCII character after ASCII blanks.
            Some(&b) if b < 0x80 => Some(b as char),
            _ => line.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{FEFF}').chars().next(),
        };
        if !self.in_comment && first == Some('[') {
            if self.movetext {
                return true;
            }
            // A tag line: its value may hold any character, braces included.
            return false;
        }
        let bytes = line.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if self.in_comment || self.movetext {
                // Only the comment braces matter now (both are ASCII).
                let brace = if self.in_comment { b'}' } else { b'{' };
                match bytes[i..].iter().position(|&b| b == brace) {
                    Some(k) => {
                        i += k + 1;
                        self.in_comment = !self.in_comment;
                    }
                    None => return false,
                }
            } else {
                let c = line[i..].chars().next().expect("a character");
                i += c.len_utf8();
                if c == '{' {
                    self.in_comment = true;
                } else if !(c.is_whitespace() || c == '\u{FEFF}') {
                    self.movetext = true;
                }
            }
        }
        false
    }

    /// Forgets the current game.
    pub fn reset(&mut self) {
        *self = Splitter::default();
    }
}

/// An iterator over the games of a CTL-PGN input, read lazily: each item is
/// a [`GameEntry`] — the game (if its header was usable), its errors and its
/// byte span in the input. Error lines count from the start of the input.
/// Bytes that are not UTF-8 are reported as an error of their game and read
/// as U+FFFD; an I/O error ends the iteration with an entry holding it.
///
/// ```
/// use cescacs::pgn::Reader;
/// let text = "[Event \"a\"]\n1. E7-E13, E21-E15\n[Event \"b\"]\n1. H6-H12\n*\n";
/// let entries: Vec<_> = Reader::new(text.as_bytes()).collect();
/// assert_eq!(entries.len(), 2);
/// assert_eq!(entries[0].game.as_ref().unwrap().len(), 2);
/// assert_eq!(&text[entries[1].span.clone()], "[Event \"b\"]\n1. H6-H12\n*");
/// // Over a file: Reader::new(std::io::BufReader::new(std::fs::File::open(path)?))
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    src: R,
    /// A line read ahead: the first line of the next chunk.
    pending: Option<Line>,
    /// Byte offset and number of the lines consumed (put into chunks).
    offset: usize,
    lines: usize,
    queue: VecDeque<GameEntry>,
    done: bool,
    /// The line being read, as bytes.
    buf: Vec<u8>,
    /// The text of the chunk being parsed (its buffer is reused).
    chunk: String,
}

/// One line of input, decoded.
#[derive(Debug)]
struct Line {
    text: String,
    /// Bytes it took in the input.
    len: usize,
    /// Where the input's bytes stop being UTF-8 (1-based character column).
    bad_utf8: Option<usize>,
}

impl<R: BufRead> Reader<R> {
    /// A reader of the games in `src`, read as they are asked for.
    pub fn new(src: R) -> Reader<R> {
        Reader { src, pending: None, offset: 0, lines: 0, queue: VecDeque::new(), done: false, buf: Vec::new(), chunk: String::new() }
    }

    /// Reads the next line into `self.buf`; `Ok(false)` at the end of the input.
    fn read_line(&mut self) -> std::io::Result<bool> {
        self.buf.clear();
        Ok(self.src.read_until(b'\n', &mut self.buf)? > 0)
    }

    /// Reads the next chunk and parses it into the queue.
    fn fill(&mut self) {
        let (chunk_offset, chunk_line) = (self.offset, self.lines);
        let mut text = std::mem::take(&mut self.chunk);
        text.clear();
        let mut splitter = Splitter::default();
        let mut errors = Vec::new();
        if let Some(first) = self.pending.take() {
            // The line that ended the last chunk starts this one.
            splitter.starts_game(&first.text);
            self.take_line(&first, &mut text, &mut errors);
        }
        loop {
            match self.read_line() {
                Ok(true) => {
                    let line = match std::str::from_utf8(&self.buf) {
                        Ok(t) if !splitter.starts_game(t) => {
                            // The common case: a valid line of the same game, copied once.
                            text.push_str(t);
                            self.offset += self.buf.len();
                            self.lines += 1;
                            continue;
                        }
                        Ok(t) => Line { text: t.to_string(), len: self.buf.len(), bad_utf8: None },
                        Err(e) => {
                            let valid = e.valid_up_to();
                            let column = String::from_utf8_lossy(&self.buf[..valid]).chars().count() + 1;
                            Line { text: String::from_utf8_lossy(&self.buf).into_owned(), len: self.buf.len(), bad_utf8: Some(column) }
                        }
                    };
                    if line.bad_utf8.is_none() || splitter.starts_game(&line.text) {
                        self.pending = Some(line);
                        break;
                    }
                    self.take_line(&line, &mut text, &mut errors);
                }
                Ok(false) => {
                    self.done = true;
                    break;
                }
                Err(e) => {
                    self.done = true;
                    errors.push(PgnError::new(self.lines + 1, 1, PgnErrorKind::Io(e.to_string())));
                    break;
                }
            }
        }
        // Offsets in `text` are those of the input if every byte was UTF-8;
        // a lossy line can only shift the spans of its own chunk.
        let mut entries = parse_entries(&text);
        self.chunk = text;
        for e in &mut entries {
            e.span = e.span.start + chunk_offset..e.span.end + chunk_offset;
            for err in &mut e.errors {
                err.line += chunk_line;
            }
        }
        if !errors.is_empty() {
            match entries.first_mut() {
                Some(first) => {
                    first.errors.extend(errors);
                    first.errors.sort_by_key(|e| (e.line, e.column));
                }
                None => {
                    let at = chunk_offset + self.chunk.len();
                    entries.push(GameEntry { game: None, errors, span: at..at });
                }
            }
        }
        self.queue.extend(entries);
    }

    /// Puts a line into the chunk.
    fn take_line(&mut self, l: &Line, text: &mut String, errors: &mut Vec<PgnError>) {
        if let Some(column) = l.bad_utf8 {
            errors.push(PgnError::new(self.lines + 1, column, PgnErrorKind::InvalidUtf8));
        }
        self.offset += l.len;
        self.lines += 1;
        text.push_str(&l.text);
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = GameEntry;

    fn next(&mut self) -> Option<GameEntry> {
        while self.queue.is_empty() && !self.done {
            self.fill();
        }
        self.queue.pop_front()
    }
}
