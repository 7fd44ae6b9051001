//! Streaming: the games of a text or of any [`BufRead`], one at a time.
//!
//! The input is cut into chunks of whole lines at the points where the
//! parser would start a new game anyway — a tag line after some movetext —
//! so memory holds one game at a time and a game's text is never split.
//! Each chunk is then parsed as a text of its own (it may still hold several
//! games: records without tags, each ended by its result).

use std::collections::VecDeque;
use std::io::BufRead;

use super::parser::MAX_ERRORS_PER_GAME;
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
        self.starts_game_bytes(line.as_bytes())
    }

    /// [`Splitter::starts_game`] on a line's bytes, read as their lossy
    /// UTF-8 text is (a byte sequence that is not UTF-8 is one character
    /// that is neither a blank nor a brace): the reader looks at each line
    /// before it checks the chunk's UTF-8 once.
    pub(super) fn starts_game_bytes(&mut self, bytes: &[u8]) -> bool {
        let mut i = 0;
        if !self.in_comment && !self.movetext {
            // Blanks and the start of the movetext, a character at a time.
            while i < bytes.len() {
                let (c, len) = char_at(&bytes[i..]);
                if c == '[' {
                    // A tag line: its value may hold any character, braces included.
                    return false;
                }
                i += len;
                if c == '{' {
                    self.in_comment = true;
                    break;
                } else if !(c.is_whitespace() || c == '\u{FEFF}') {
                    self.movetext = true;
                    break;
                }
            }
        } else if !self.in_comment {
            // A line that opens with '[' (after blanks) starts the next game.
            let first = bytes
                .iter()
                .position(|&b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c));
            match first.map(|k| (k, bytes[k])) {
                Some((_, b'[')) => return true,
                Some((k, b)) if b >= 0x80 => {
                    let mut k = k;
                    while k < bytes.len() {
                        let (c, len) = char_at(&bytes[k..]);
                        if c == '[' {
                            return true;
                        }
                        if !(c.is_whitespace() || c == '\u{FEFF}') {
                            break;
                        }
                        k += len;
                    }
                }
                _ => {}
            }
        }
        while i < bytes.len() {
            if self.in_comment || self.movetext {
                // Only the comment braces matter now (both are ASCII).
                let brace = if self.in_comment { b'}' } else { b'{' };
                match find_byte(&bytes[i..], brace) {
                    Some(k) => {
                        i += k + 1;
                        self.in_comment = !self.in_comment;
                    }
                    None => return false,
                }
            } else {
                let (c, len) = char_at(&bytes[i..]);
                i += len;
                if c == '{' {
                    self.in_comment = true;
                } else if !(c.is_whitespace() || c == '\u{FEFF}') {
                    self.movetext = true;
                }
            }
        }
        false
    }

    /// [`Splitter::starts_game_bytes`] for a line that holds a brace (`{`
    /// or `}`) or not, as `braces` says: in the movetext and outside a
    /// comment, a line without one only asks whether its first character
    /// after blanks is `[` (the reader learns of the braces while it looks
    /// for the line's end).
    #[inline(always)]
    pub(super) fn starts_game_line(&mut self, bytes: &[u8], braces: bool) -> bool {
        if !braces && self.movetext && !self.in_comment {
            match bytes
                .iter()
                .find(|&&b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c))
            {
                Some(b'[') => return true,
                Some(&b) if b < 0x80 => return false,
                None => return false,
                // A character beyond ASCII: read whole below.
                Some(_) => {}
            }
        }
        self.starts_game_bytes(bytes)
    }

    /// Forgets the current game.
    pub fn reset(&mut self) {
        *self = Splitter::default();
    }
}

/// The character `bytes` (not empty) starts with and its length in bytes;
/// bytes that are not UTF-8 are U+FFFD, as lossy decoding reads them.
fn char_at(bytes: &[u8]) -> (char, usize) {
    match bytes[0] {
        b if b < 0x80 => (char::from(b), 1),
        _ => {
            let head = &bytes[..bytes.len().min(4)];
            let valid = match std::str::from_utf8(head) {
                Ok(s) => s,
                Err(e) if e.valid_up_to() > 0 => {
                    std::str::from_utf8(&head[..e.valid_up_to()]).expect("valid")
                }
                Err(e) => return ('\u{FFFD}', e.error_len().unwrap_or(head.len())),
            };
            let c = valid.chars().next().expect("a character");
            (c, c.len_utf8())
        }
    }
}

/// [`BufRead::read_until`] a newline, the same answer (interrupted reads
/// retried, the bytes read before an error kept in `out`), with the
/// newline looked for a word at a time ([`find_newline`]): the lines of a
/// record are short, where the standard search goes a byte at a time.
/// Also tells whether the line holds a brace, found in the same pass.
fn read_line_into<R: BufRead>(src: &mut R, out: &mut Vec<u8>) -> std::io::Result<(usize, bool)> {
    let (mut read, mut braces) = (0, false);
    loop {
        let available = match src.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let (newline, braced) = find_newline(available);
        braces |= braced;
        let (done, used) = match newline {
            Some(i) => {
                out.extend_from_slice(&available[..=i]);
                (true, i + 1)
            }
            None => {
                out.extend_from_slice(available);
                (available.is_empty(), available.len())
            }
        };
        src.consume(used);
        read += used;
        if done {
            return Ok((read, braces));
        }
    }
}

/// Where the first newline of `hay` stands, and whether a brace (`{` or
/// `}`) stands before it (anywhere in `hay` when it holds none): eight
/// bytes at a time, as [`find_byte`] looks for one byte.
fn find_newline(hay: &[u8]) -> (Option<usize>, bool) {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // The flags of the bytes equal to the repeated byte `r`: the lowest
    // one is exact (those above it may not be).
    let equal = |x: u64, r: u64| {
        let x = x ^ r;
        x.wrapping_sub(LOW) & !x & HIGH
    };
    let mut braces = false;
    let mut words = hay.chunks_exact(8);
    let mut at = 0;
    for w in &mut words {
        let x = u64::from_le_bytes(w.try_into().expect("eight bytes"));
        let newline = equal(x, LOW * u64::from(b'\n'));
        let brace = equal(x, LOW * u64::from(b'{')) | equal(x, LOW * u64::from(b'}'));
        if newline != 0 {
            // A brace before the newline has the lowest brace flag, exact,
            // below the newline's.
            let lowest = newline & newline.wrapping_neg();
            return (
                Some(at + (newline.trailing_zeros() / 8) as usize),
                braces || brace & (lowest - 1) != 0,
            );
        }
        braces |= brace != 0;
        at += 8;
    }
    for (k, &b) in words.remainder().iter().enumerate() {
        match b {
            b'\n' => return (Some(at + k), braces),
            b'{' | b'}' => braces = true,
            _ => {}
        }
    }
    (None, braces)
}

/// Where `needle` first stands in `hay`: eight bytes at a time (a byte
/// equal to `needle` is a zero byte of the word XOR its repetition, and
/// the lowest zero byte's flag is exact), the rest one by one.
fn find_byte(hay: &[u8], needle: u8) -> Option<usize> {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let repeated = LOW * u64::from(needle);
    let mut words = hay.chunks_exact(8);
    let mut at = 0;
    for w in &mut words {
        let x = u64::from_le_bytes(w.try_into().expect("eight bytes")) ^ repeated;
        let zero = x.wrapping_sub(LOW) & !x & HIGH;
        if zero != 0 {
            return Some(at + (zero.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    let rest = words.remainder();
    if hay.len() >= 8 && !rest.is_empty() {
        // The last eight bytes, overlapping the words looked at: those hold
        // no `needle`, so the lowest flag (exact) is in the rest.
        let start = hay.len() - 8;
        let last: [u8; 8] = hay[start..].try_into().expect("eight bytes");
        let x = u64::from_le_bytes(last) ^ repeated;
        let zero = x.wrapping_sub(LOW) & !x & HIGH;
        return (zero != 0).then(|| start + (zero.trailing_zeros() / 8) as usize);
    }
    rest.iter().position(|&b| b == needle).map(|k| at + k)
}

/// A place in a CTL-PGN input: its byte offset, and its line and column
/// as [`PgnError`]s count them (1-based; columns count characters).
///
/// ```
/// use cescacs::pgn::TextPos;
/// let at = TextPos::START.after("[Event \"a\"]\n1. E7-E13");
/// assert_eq!(at, TextPos { offset: 21, line: 2, column: 10 });
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct TextPos {
    /// The bytes before it.
    pub offset: usize,
    /// Its line, from 1.
    pub line: usize,
    /// Its column on that line, from 1, in characters.
    pub column: usize,
}

impl TextPos {
    /// The start of an input.
    pub const START: TextPos = TextPos {
        offset: 0,
        line: 1,
        column: 1,
    };

    /// The place after `text`, read from this one.
    pub fn after(self, text: &str) -> TextPos {
        let offset = self.offset + text.len();
        match text.rfind('\n') {
            Some(last) => TextPos {
                offset,
                line: self.line + text.bytes().filter(|&b| b == b'\n').count(),
                column: text[last + 1..].chars().count() + 1,
            },
            None => TextPos {
                offset,
                line: self.line,
                column: self.column + text.chars().count(),
            },
        }
    }

    /// `err`, found in a text that starts at this place and counted from
    /// that text's start, counted from where this place's count starts:
    /// its line moves down by `line - 1`, and on the text's first line its
    /// column moves right by `column - 1`.
    pub fn locate(self, err: &mut PgnError) {
        if err.line == 1 {
            err.column += self.column - 1;
        }
        err.line += self.line - 1;
    }
}

/// An iterator over the games of a CTL-PGN input, read lazily: each item is
/// a [`GameEntry`] — the game (if its header was usable), its errors and its
/// byte span in the input. Error lines count from the start of the input.
/// Bytes that are not UTF-8 are reported as an error of their game and read
/// as U+FFFD; an I/O error ends the iteration with an entry holding it.
///
/// The reader keeps its place in the input: [`Reader::position`] is where
/// the text after the games returned so far starts, the point at which a
/// binding reading a stream of its own cuts it, and [`Reader::resume`]
/// reads a piece of a longer stream with spans and error positions counted
/// as the stream's.
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
    /// A line read ahead: the first line of the next chunk (empty if none).
    pending: Vec<u8>,
    /// Byte offset and number of the lines consumed (put into chunks).
    offset: usize,
    lines: usize,
    /// Where the input starts in the stream it is part of.
    start: TextPos,
    /// Where the chunk being parsed starts.
    chunk_at: TextPos,
    queue: VecDeque<GameEntry>,
    done: bool,
    /// The text of the chunk being parsed, always UTF-8 (its buffer is
    /// reused: the next chunk's lines are read into it as bytes, and
    /// checked as UTF-8 once).
    chunk: Vec<u8>,
}

impl<R: BufRead> Reader<R> {
    /// A reader of the games in `src`, read as they are asked for.
    pub fn new(src: R) -> Reader<R> {
        Reader::resume(src, TextPos::START)
    }

    /// A reader of `src`, the rest of a longer stream from `at` on: spans
    /// count bytes from `at.offset`, error lines from `at.line` and, on
    /// that first line, columns from `at.column` (as [`TextPos::locate`]).
    ///
    /// ```
    /// use cescacs::pgn::{Reader, TextPos};
    /// let at = TextPos { offset: 100, line: 7, column: 5 };
    /// let entry = Reader::resume("1. E7-E14\n*\n".as_bytes(), at).next().unwrap();
    /// assert_eq!(entry.span, 100..111);
    /// assert_eq!((entry.errors[0].line, entry.errors[0].column), (7, 8));
    /// ```
    pub fn resume(src: R, at: TextPos) -> Reader<R> {
        Reader {
            src,
            pending: Vec::new(),
            offset: at.offset,
            lines: at.line - 1,
            start: at,
            chunk_at: at,
            queue: VecDeque::new(),
            done: false,
            chunk: Vec::new(),
        }
    }

    /// Where the text after the games returned so far starts: the start
    /// of the next game if it is already read, else the end of the input
    /// read so far (before the first game, where the input starts). A
    /// binding that reads its own stream leaves it there after a game.
    ///
    /// ```
    /// use cescacs::pgn::{Reader, TextPos};
    /// let text = "1. E7-E13\n3-0 1. H6-H12\n*\n";
    /// let mut games = Reader::new(text.as_bytes());
    /// games.next();
    /// assert_eq!(games.position(), TextPos { offset: 14, line: 2, column: 5 });
    /// games.next();
    /// assert_eq!(games.position(), TextPos::START.after(text));
    /// ```
    pub fn position(&self) -> TextPos {
        let end = self
            .queue
            .front()
            .map_or(self.offset, |next| next.span.start);
        // A chunk with bytes that were not UTF-8 may be longer than they
        // were: its end is then where the input's bytes end.
        // (The chunk is always UTF-8.)
        let chunk = simdutf8::basic::from_utf8(&self.chunk).unwrap_or_default();
        let read = chunk
            .get(..end.saturating_sub(self.chunk_at.offset))
            .unwrap_or(chunk);
        TextPos {
            offset: end,
            ..self.chunk_at.after(read)
        }
    }

    /// Reads the next chunk and parses it into the queue.
    fn fill(&mut self) {
        let (chunk_offset, chunk_line) = (self.offset, self.lines);
        // Only the input's first line starts past column 1.
        let first = chunk_offset == self.start.offset;
        let column = if first { self.start.column } else { 1 };
        self.chunk_at = TextPos {
            offset: chunk_offset,
            line: chunk_line + 1,
            column,
        };
        // The lines are read straight into the chunk's buffer, each looked
        // at by the splitter as bytes; the chunk is checked as UTF-8 once.
        let mut bytes = std::mem::take(&mut self.chunk);
        bytes.clear();
        let mut splitter = Splitter::default();
        let mut lines = 0;
        if !self.pending.is_empty() {
            // The line that ended the last chunk starts this one.
            splitter.starts_game_bytes(&self.pending);
            bytes.extend_from_slice(&self.pending);
            self.pending.clear();
            lines += 1;
        }
        let mut io_error = None;
        loop {
            let start = bytes.len();
            match read_line_into(&mut self.src, &mut bytes) {
                Ok((0, _)) => {
                    self.done = true;
                    break;
                }
                Ok((_, braces)) if splitter.starts_game_line(&bytes[start..], braces) => {
                    self.pending.extend_from_slice(&bytes[start..]);
                    bytes.truncate(start);
                    break;
                }
                Ok(_) => lines += 1,
                Err(e) => {
                    // The part of a line read before the error is dropped.
                    bytes.truncate(start);
                    self.done = true;
                    io_error = Some(PgnError::new(
                        chunk_line + lines + 1,
                        1,
                        PgnErrorKind::Io(e.to_string()),
                    ));
                    break;
                }
            }
        }
        self.offset += bytes.len();
        self.lines += lines;
        let mut errors = Vec::new();
        // The UTF-8 check is simdutf8's (a few instructions a 64-byte block
        // where the standard one reads a byte at a time past each `×`);
        // text that is not UTF-8 is read line by line, each error placed.
        // Offsets in the text are those of the input if every byte was
        // UTF-8; a lossy line can only shift the spans of its own chunk.
        self.chunk = bytes;
        let mut entries = match simdutf8::basic::from_utf8(&self.chunk) {
            Ok(text) => parse_entries(text),
            Err(_) => {
                let text = lossy_lines(&self.chunk, chunk_line, &mut errors);
                let entries = parse_entries(&text);
                self.chunk = text.into_bytes();
                entries
            }
        };
        errors.extend(io_error);
        let at = self.chunk_at;
        for e in &mut entries {
            e.span = e.span.start + chunk_offset..e.span.end + chunk_offset;
            for err in &mut e.errors {
                at.locate(err);
            }
        }
        if first {
            // Those errors were counted from the line's start.
            for err in errors.iter_mut().filter(|err| err.line == at.line) {
                err.column += at.column - 1;
            }
        }
        attach_errors(&mut entries, errors, chunk_offset + self.chunk.len());
        self.queue.extend(entries);
    }
}

/// The text of a chunk whose bytes are not all UTF-8 (its first line is
/// the input's line `after + 1`): each line read lossily, with an error
/// where its bytes stop being UTF-8. Past the cap of a game's errors, a
/// line that is not UTF-8 keeps one more error only as a count
/// ([`PgnErrorKind::MoreErrors`]): a binary file of any size holds a
/// bounded list.
fn lossy_lines(bytes: &[u8], after: usize, errors: &mut Vec<PgnError>) -> String {
    let mut text = String::with_capacity(bytes.len());
    for (k, line) in bytes.split_inclusive(|&b| b == b'\n').enumerate() {
        match std::str::from_utf8(line) {
            Ok(t) => text.push_str(t),
            Err(e) => {
                let valid = std::str::from_utf8(&line[..e.valid_up_to()]).expect("valid");
                let column = valid.chars().count() + 1;
                let e = PgnError::new(after + k + 1, column, PgnErrorKind::InvalidUtf8);
                if errors.len() < MAX_ERRORS_PER_GAME {
                    errors.push(e);
                } else {
                    match errors.last_mut() {
                        Some(PgnError {
                            kind: PgnErrorKind::MoreErrors(n),
                            ..
                        }) => *n += 1,
                        _ => errors.push(PgnError {
                            kind: PgnErrorKind::MoreErrors(1),
                            ..e
                        }),
                    }
                }
                text.push_str(&String::from_utf8_lossy(line));
            }
        }
    }
    text
}

/// Gives the reader's own errors of a chunk (bytes that are not UTF-8, a
/// failed read) to its first game, or to an entry of their own at `end`
/// when the chunk holds no game.
fn attach_errors(entries: &mut Vec<GameEntry>, mut errors: Vec<PgnError>, end: usize) {
    if errors.is_empty() {
        return;
    }
    match entries.first_mut() {
        Some(first) => {
            first.errors.extend(errors);
            cap_errors(&mut first.errors);
        }
        None => {
            cap_errors(&mut errors);
            entries.push(GameEntry {
                game: None,
                errors,
                span: end..end,
            });
        }
    }
}

/// Sorts a game's errors by place and keeps the first
/// [`MAX_ERRORS_PER_GAME`], folding the rest, and every count of skipped
/// errors, into one [`PgnErrorKind::MoreErrors`] after them.
fn cap_errors(errors: &mut Vec<PgnError>) {
    let mut more = 0;
    errors.retain(|e| match e.kind {
        PgnErrorKind::MoreErrors(n) => {
            more += n;
            false
        }
        _ => true,
    });
    errors.sort_by_key(|e| (e.line, e.column));
    if errors.len() > MAX_ERRORS_PER_GAME {
        more += errors.len() - MAX_ERRORS_PER_GAME;
        errors.truncate(MAX_ERRORS_PER_GAME);
    }
    if more > 0 {
        let (line, column) = errors.last().map_or((1, 1), |e| (e.line, e.column));
        errors.push(PgnError::new(line, column, PgnErrorKind::MoreErrors(more)));
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

#[cfg(test)]
mod tests {
    /// The splitter as it reads a line's text (lossy UTF-8): the reference
    /// the byte-wise one must agree with.
    fn reference_starts_game(s: &mut super::Splitter, line: &str) -> bool {
        let first = line
            .trim_start_matches(|c: char| c.is_whitespace() || c == '\u{FEFF}')
            .chars()
            .next();
        if !s.in_comment && first == Some('[') {
            return s.movetext;
        }
        for c in line.chars() {
            if s.in_comment {
                s.in_comment = c != '}';
            } else if c == '{' {
                s.in_comment = true;
            } else if !(s.movetext || c.is_whitespace() || c == '\u{FEFF}') {
                s.movetext = true;
            }
        }
        false
    }

    /// Fed the same lines (blanks, brackets, braces, Unicode blanks, bytes
    /// that are not UTF-8), the splitter on bytes gives the answers and the
    /// states of the reference reading their lossy text.
    #[test]
    fn splitter_on_bytes_agrees_with_the_text_reading() {
        const PARTS: [&[u8]; 14] = [
            b" ",
            b"\t",
            b"[",
            b"]",
            b"{",
            b"}",
            b"E7-E13",
            b"\"",
            b"1.",
            "\u{3000}".as_bytes(),
            "\u{FEFF}".as_bytes(),
            "\u{e9}".as_bytes(),
            b"\xFF",
            b"\xE3\x80",
        ];
        let mut rng = crate::random::SplitMix64::new(0x9E37_79B9_7F4A_7C15);
        let mut pick = |n: usize| rng.below(n);
        let (mut starts, mut comments) = (0, 0);
        for _ in 0..300 {
            let (mut fast, mut slow) = (super::Splitter::default(), super::Splitter::default());
            for _ in 0..12 {
                let mut line: Vec<u8> = (0..pick(7))
                    .flat_map(|_| PARTS[pick(14)].to_vec())
                    .collect();
                line.push(b'\n');
                let text = String::from_utf8_lossy(&line).into_owned();
                let braces = line.iter().any(|&b| b == b'{' || b == b'}');
                let before = fast.clone();
                let (a, b) = (
                    fast.starts_game_bytes(&line),
                    reference_starts_game(&mut slow, &text),
                );
                assert_eq!(a, b, "{text:?}");
                assert_eq!(
                    (fast.in_comment, fast.movetext),
                    (slow.in_comment, slow.movetext),
                    "{text:?}"
                );
                // Told whether the line holds a brace, the same answer.
                let mut told = before;
                assert_eq!(told.starts_game_line(&line, braces), a, "{text:?}");
                assert_eq!(
                    (told.in_comment, told.movetext),
                    (fast.in_comment, fast.movetext),
                    "{text:?}"
                );
                starts += usize::from(a);
                comments += usize::from(fast.in_comment);
                if a {
                    fast.reset();
                    slow.reset();
                    assert!(!fast.starts_game_bytes(&line));
                    assert!(!reference_starts_game(&mut slow, &text));
                }
            }
        }
        assert!(starts > 100 && comments > 100, "{starts} {comments}");
    }

    /// The word-at-a-time searches find what a plain search finds.
    #[test]
    fn find_byte_agrees_with_position() {
        let mut rng = crate::random::SplitMix64::new(0x9E37_79B9_7F4A_7C15);
        for len in 0..40 {
            for _ in 0..200 {
                let hay: Vec<u8> = (0..len)
                    .map(|_| {
                        [b'{', b'}', b'z', b'\n', 0x0B, 0xFB, 0x00, 0x80, 0x7B ^ 0x80][rng.below(9)]
                    })
                    .collect();
                for needle in [b'{', b'}'] {
                    let want = hay.iter().position(|&b| b == needle);
                    assert_eq!(super::find_byte(&hay, needle), want, "{hay:?}");
                }
                let newline = hay.iter().position(|&b| b == b'\n');
                let braces = hay[..newline.unwrap_or(hay.len())]
                    .iter()
                    .any(|&b| b == b'{' || b == b'}');
                assert_eq!(super::find_newline(&hay), (newline, braces), "{hay:?}");
            }
        }
    }

    use super::*;

    /// Bytes that are not UTF-8 on the tag line that starts a game (the
    /// line read ahead) and in its movetext: each an error of that game at
    /// its line and column, read through a buffer of any size.
    #[test]
    fn bytes_that_are_not_utf8_are_placed_in_their_game() {
        let mut bytes = b"[Event \"a\"]\n1. E7-E13\n*\n[Event \"".to_vec();
        bytes.extend_from_slice(b"\xFFb\"]\n1. H6-H12 {\xFE}\n*\n");
        for capacity in [1, 3, 8192] {
            let src = std::io::BufReader::with_capacity(capacity, &bytes[..]);
            let entries: Vec<_> = Reader::new(src).collect();
            assert_eq!(entries.len(), 2);
            assert!(entries[0].errors.is_empty());
            let found: Vec<_> = entries[1]
                .errors
                .iter()
                .map(|e| (e.line, e.column, e.kind.clone()))
                .collect();
            assert_eq!(
                found,
                [
                    (4, 9, PgnErrorKind::InvalidUtf8),
                    (5, 12, PgnErrorKind::InvalidUtf8)
                ]
            );
            let game = entries[1].game.as_ref().expect("the game is read");
            assert_eq!(game.len(), 1);
            assert_eq!(game.tag("Event"), Some("\u{FFFD}b"));
            // The game starts after the first one's 24 bytes (its end is
            // counted in the lossy text, two bytes longer per U+FFFD).
            assert_eq!(entries[1].span, 24..bytes.len() - 1 + 4);
        }
    }

    /// Cutting the input at each position gives the next game's text, and
    /// resuming from a position counts as reading from the start does.
    #[test]
    fn positions_cut_the_input_between_games() {
        let text = "[Event \"a\"]\n1. E7-E13\n3-0 { after a } 1. H6-H12 \u{e9}\n*\n[Event \"b\"]\n1. E7-E14\n*";
        let mut games = Reader::new(std::io::BufReader::with_capacity(1, text.as_bytes()));
        let mut cuts = vec![games.position()];
        let mut errors = Vec::new();
        while let Some(entry) = games.next() {
            errors.extend(entry.errors);
            cuts.push(games.position());
        }
        for at in &cuts {
            assert_eq!(*at, TextPos::START.after(&text[..at.offset]));
        }
        let starts = [
            0,
            text.find("1. H6").unwrap(),
            text.find("[Event \"b").unwrap(),
            text.len(),
        ];
        assert_eq!(cuts.iter().map(|at| at.offset).collect::<Vec<_>>(), starts);
        let second = Reader::resume(&text.as_bytes()[cuts[1].offset..], cuts[1])
            .next()
            .unwrap();
        // The stray é, on the line the cut shares with the first game.
        assert_eq!(second.errors, errors[..1]);
        assert_eq!(second.errors[0].line, 3);
        let resumed: Vec<_> = Reader::resume(&text.as_bytes()[cuts[2].offset..], cuts[2])
            .flat_map(|e| e.errors)
            .collect();
        assert_eq!(resumed, errors[1..]);
        assert_eq!((resumed[0].line, resumed[0].column), (6, 4));
    }

    /// `read_line_into` reads the lines `read_until` reads, through buffers
    /// of any size, with and without a last newline; an interrupted read is
    /// retried and an error keeps the bytes read before it.
    #[test]
    fn read_line_into_agrees_with_read_until() {
        use std::io::{BufRead, BufReader, Read};
        let texts: [&[u8]; 6] = [
            b"",
            b"\n",
            b"1. E7-E13, E21-E15\n2. F8-F12\n*\n",
            b"[Event \"a long tag value, longer than eight bytes\"]\n\n\nno newline",
            b"\xff\xfe\n\n{\n}\n",
            b"0123456789abcdef0123456789abcdef\n0123456\n01234567\n012345678",
        ];
        for text in texts {
            for capacity in [1, 3, 8, 8192] {
                let mut want = Vec::new();
                let mut std_reader = BufReader::with_capacity(capacity, text);
                loop {
                    let mut line = Vec::new();
                    let n = std_reader.read_until(b'\n', &mut line).unwrap();
                    want.push((n, line));
                    if n == 0 {
                        break;
                    }
                }
                let mut got = Vec::new();
                let mut reader = BufReader::with_capacity(capacity, text);
                loop {
                    let mut line = Vec::new();
                    let (n, braces) = super::read_line_into(&mut reader, &mut line).unwrap();
                    assert_eq!(braces, line.iter().any(|&b| b == b'{' || b == b'}'));
                    got.push((n, line));
                    if n == 0 {
                        break;
                    }
                }
                assert_eq!(got, want, "{text:?} through {capacity}");
            }
        }

        /// Gives `text` a byte at a time: interrupted before each byte, and
        /// failing once `fail_at` bytes are given.
        struct Flaky {
            text: &'static [u8],
            at: usize,
            interrupted: bool,
            fail_at: usize,
        }
        impl Read for Flaky {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                self.interrupted = !self.interrupted;
                if self.interrupted {
                    return Err(std::io::ErrorKind::Interrupted.into());
                }
                if self.at == self.fail_at {
                    return Err(std::io::Error::other("gone"));
                }
                let Some(&b) = self.text.get(self.at) else {
                    return Ok(0);
                };
                buf[0] = b;
                self.at += 1;
                Ok(1)
            }
        }
        let flaky = |fail_at| {
            BufReader::with_capacity(
                4,
                Flaky {
                    text: b"ab\ncd",
                    at: 0,
                    interrupted: false,
                    fail_at,
                },
            )
        };
        let mut r = flaky(usize::MAX);
        let mut line = Vec::new();
        assert_eq!(
            super::read_line_into(&mut r, &mut line).unwrap(),
            (3, false)
        );
        assert_eq!(line, b"ab\n");
        line.clear();
        assert_eq!(
            super::read_line_into(&mut r, &mut line).unwrap(),
            (2, false)
        );
        assert_eq!(line, b"cd");
        line.clear();
        assert_eq!(
            super::read_line_into(&mut r, &mut line).unwrap(),
            (0, false)
        );
        let mut r = flaky(4);
        line.clear();
        assert_eq!(
            super::read_line_into(&mut r, &mut line).unwrap(),
            (3, false)
        );
        line.clear();
        let e = super::read_line_into(&mut r, &mut line).unwrap_err();
        assert_eq!(e.to_string(), "gone");
        assert_eq!(line, b"c");
    }
}
