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
        let first = line.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{FEFF}').chars().next();
        if !self.in_comment && first == Some('[') {
            if self.movetext {
                return true;
            }
            // A tag line: its value may hold any character, braces included.
            return false;
        }
        for c in line.chars() {
            if self.in_comment {
                self.in_comment = c != '}';
            } else if c == '{' {
                self.in_comment = true;
            } else if !(c.is_whitespace() || c == '\u{FEFF}') {
                self.movetext = true;
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
    pub fn new(src: R) -> Reader<R> {
        Reader { src, pending: None, offset: 0, lines: 0, queue: VecDeque::new(), done: false }
    }

    /// The next line, `Ok(None)` at the end of the input.
    fn read_line(&mut self) -> std::io::Result<Option<Line>> {
        if let Some(l) = self.pending.take() {
            return Ok(Some(l));
        }
        let mut buf = Vec::new();
        if self.src.read_until(b'\n', &mut buf)? == 0 {
            return Ok(None);
        }
        let len = buf.len();
        let (text, bad_utf8) = match String::from_utf8(buf) {
            Ok(t) => (t, None),
            Err(e) => {
                let valid = e.utf8_error().valid_up_to();
                let bytes = e.into_bytes();
                let column = String::from_utf8_lossy(&bytes[..valid]).chars().count() + 1;
                (String::from_utf8_lossy(&bytes).into_owned(), Some(column))
            }
        };
        Ok(Some(Line { text, len, bad_utf8 }))
    }

    /// Reads the next chunk and parses it into the queue.
    fn fill(&mut self) {
        let (chunk_offset, chunk_line) = (self.offset, self.lines);
        let mut text = String::new();
        let mut splitter = Splitter::default();
        let mut errors = Vec::new();
        loop {
            match self.read_line() {
                Ok(Some(l)) => {
                    if splitter.starts_game(&l.text) {
                        self.pending = Some(l);
                        break;
                    }
                    if let Some(column) = l.bad_utf8 {
                        errors.push(PgnError::new(self.lines + 1, column, PgnErrorKind::InvalidUtf8));
                    }
                    self.offset += l.len;
                    self.lines += 1;
                    text.push_str(&l.text);
                }
                Ok(None) => {
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
                    let at = chunk_offset + text.len();
                    entries.push(GameEntry { game: None, errors, span: at..at });
                }
            }
        }
        self.queue.extend(entries);
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
