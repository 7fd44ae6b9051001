//! CTL-AN (NOTATION.md §3): [`Ctl`], a move text read without a position,
//! its reading ([`Ctl::parse`], byte-wise for the common shape), its
//! resolution to a legal move ([`Ctl::to_move`]) and the canonical text of a
//! move ([`Position::ctl`]).

use crate::gaits::Castling;
use crate::geometry::{column_from_letter, Hex, COLUMN_OF};
use crate::moves::{Move, MoveKind};
use crate::piece::Role;
use crate::position::{Position, SpecialCapture};

use super::{hex_at, promotion_letter, MoveTextError, ParseMoveError, ResolveMoveError};

/// How the side to move is checked (NOTATION.md §3.6, RULES.md §5.3).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum CheckKind {
    /// `+^`: one checker on a neighbouring hex or a knight jump away.
    Adjoining,
    /// `+∞`: one checker at a distance along a line (also an Elephant's two-step).
    Distant,
    /// `++`: two or more checkers.
    Double,
}

impl CheckKind {
    /// The check mark CTL-AN writes after the move (`+^`, `+∞`, `++`).
    pub const fn mark(self) -> &'static str {
        match self {
            CheckKind::Adjoining => "+^",
            CheckKind::Distant => "+∞",
            CheckKind::Double => "++",
        }
    }
}

/// The common shape of a move text, `[piece]FROM sep [captured]TO[=&][mark]`
/// in ASCII (the separator `×` too) or a castling with the ASCII hyphen
/// (`KRK-HIO[mark]`), read byte by byte: the move texts of a game record
/// are nearly all of it, and reading them is a large part of reading a
/// record. `None` for anything else (promotions, Unicode hyphens, blanks,
/// errors): [`Ctl::parse`] then reads the text the general way, which gives
/// the same answer for the texts read here.
fn parse_plain(t: &[u8]) -> Option<Ctl> {
    match scan_plain(t).or_else(|| scan_castling(t)) {
        Some((ctl, n, _)) if usize::from(n) == t.len() => Some(ctl),
        _ => None,
    }
}

/// The castling written with the ASCII hyphen (`KRK-HIO`, a check mark
/// after it or not) that `t` starts with, as [`scan_plain`] reads a move:
/// its length in bytes and in characters, what follows not looked at.
pub(crate) fn scan_castling(t: &[u8]) -> Option<(Ctl, u8, u8)> {
    let end = match t {
        [b'K', b'R', b'K' | b'D' | b'R', b'-', rest @ ..] => {
            4 + rest.iter().take_while(|b| b.is_ascii_uppercase()).count()
        }
        _ => return None,
    };
    let name = std::str::from_utf8(&t[..end]).ok()?;
    let castling = Castling::from_name(name)?;
    let at = |i: usize| t.get(end + i).copied().unwrap_or(0);
    let (mark, wide) = check_mark([at(0), at(1), at(2), at(3)]);
    let (n, chars) = (end + mark, end + mark - wide);
    Some((Ctl::Castling(castling), u8::try_from(n).ok()?, chars as u8))
}

/// The check mark (`+`, `++`, `+^`, `^+`, `+∞`, `#`) the bytes `b` start
/// with, the longest: its length in bytes and the bytes beyond one a
/// character (`∞` is three); `(0, 0)` for none.
#[inline(always)]
fn check_mark(b: [u8; 4]) -> (usize, usize) {
    match b {
        [b'+', 0xE2, 0x88, 0x9E] => (4, 2), // '+∞'
        [b'+', b'+' | b'^', ..] | [b'^', b'+', ..] => (2, 0),
        [b'+' | b'#', ..] => (1, 0),
        _ => (0, 0),
    }
}

/// The move of the common shape ([`parse_plain`]) that `t` starts with,
/// its length in bytes and in characters (`×` is two bytes): the longest
/// check mark is taken, and what follows is not looked at (a byte that
/// ends a word there changes nothing read, so a lexer reads a move and
/// finds its end in one pass). The lengths are `u8` (such a move is 16
/// bytes at most), so that the answer fits a register: a lexer takes it
/// from there, not from memory written a byte at a time just before.
pub(crate) fn scan_plain(t: &[u8]) -> Option<(Ctl, u8, u8)> {
    // The longest text of this shape is 16 bytes (`NF22×NH26=&+∞`), and
    // no byte past the 16th is looked at: the text is read from a copy of
    // its first 16 bytes, padded with zeros (a byte that is nothing of
    // the shape, as the end is), so no read is checked against its length.
    let mut w = [0u8; SCAN];
    if t.len() >= SCAN {
        w.copy_from_slice(&t[..SCAN]);
    } else {
        w[..t.len()].copy_from_slice(t);
    }
    scan_window(&w)
}

/// The bytes [`scan_plain`] reads.
const SCAN: usize = 16;

/// [`scan_plain`] on the window of a text's first [`SCAN`] bytes.
#[inline(always)]
fn scan_window(w: &[u8; SCAN]) -> Option<(Ctl, u8, u8)> {
    let at = |i: usize| w[i % SCAN];
    let role_at = |i: usize| ROLE_OF_BYTE[usize::from(at(i))];
    let is_column = |i: usize| COLUMN_OF_BYTE[usize::from(at(i))].is_some();
    let (role, i) = match role_at(0) {
        Some(role) if is_column(1) => (role, 1),
        _ => (Role::Pawn, 0),
    };
    let (from, mut i) = window_hex(w, i)?;
    let (separator, used, wide) = match (at(i), at(i + 1)) {
        (b'@', b'@') => (Separator::Special, 2, 0),
        (b'@', _) => (Separator::Special, 1, 0),
        (b'-', _) => (Separator::Quiet, 1, 0),
        (b'x' | b'*', _) => (Separator::Capture, 1, 0),
        (0xC3, 0x97) => (Separator::Capture, 2, 1), // '×'
        _ => return None,
    };
    i += used;
    let captured = match role_at(i) {
        Some(role) if is_column(i + 1) => {
            i += 1;
            Some(role)
        }
        _ => None,
    };
    if captured.is_some() && separator == Separator::Quiet {
        return None;
    }
    let (to, mut i) = window_hex(w, i)?;
    if (at(i), at(i + 1)) == (b'=', b'&') {
        i += 2;
    }
    let (mark, mark_wide) = check_mark([at(i), at(i + 1), at(i + 2), at(i + 3)]);
    i += mark;
    let wide = wide + mark_wide;
    let ctl = Ctl::Normal {
        role,
        from,
        separator,
        captured,
        to,
        promotion: None,
    };
    // `i` is under 2 × SCAN: every step reads a few bytes of the window.
    Some((ctl, i as u8, (i - wide) as u8))
}

/// The hex written at `w[i..]` (a column letter, then a line of one or two
/// digits without a leading zero) and the index just after it.
#[inline(always)]
fn window_hex(w: &[u8; SCAN], i: usize) -> Option<(Hex, usize)> {
    let column = COLUMN_OF_BYTE[usize::from(w[i % SCAN])]?;
    let digit = |k: usize| Some(w[k % SCAN].wrapping_sub(b'0')).filter(|&d| d <= 9);
    let first = digit(i + 1)?;
    match digit(i + 2) {
        None => Some((Hex::new(column, first)?, i + 2)),
        Some(second) if first != 0 && digit(i + 3).is_none() => {
            Some((Hex::new(column, first * 10 + second)?, i + 3))
        }
        Some(_) => None,
    }
}

/// [`COLUMN_OF`] for every byte (`None` beyond ASCII).
static COLUMN_OF_BYTE: [Option<u8>; 256] = {
    let mut table = [None; 256];
    let mut b = 0;
    while b < 128 {
        table[b] = COLUMN_OF[b];
        b += 1;
    }
    table
};

/// [`ROLE_OF`] for every byte (`None` beyond ASCII).
static ROLE_OF_BYTE: [Option<Role>; 256] = {
    let mut table = [None; 256];
    let mut b = 0;
    while b < 128 {
        table[b] = ROLE_OF[b];
        b += 1;
    }
    table
};

/// The role of each ASCII piece letter.
static ROLE_OF: [Option<Role>; 128] = {
    let mut table = [None; 128];
    let mut b = 0;
    while b < 128 {
        table[b] = Role::from_letter(b as u8 as char);
        b += 1;
    }
    table
};

/// Strips an assessment/indicator after a space and a trailing check mark.
fn strip_decorations(text: &str) -> &str {
    let core = text.split_whitespace().next().unwrap_or("");
    for mark in ["++", "+^", "^+", "+∞", "#", "+"] {
        if let Some(s) = core.strip_suffix(mark) {
            return s;
        }
    }
    core
}

/// A castling by name (`KRK-HIO`, the hyphen also `‐` or `–`), `None` for a
/// text without a castling prefix; `original` is the text as written.
fn parse_castling(t: &str, original: &str) -> Option<Result<Ctl, ParseMoveError>> {
    let prefix = ["KRK", "KRD", "KRR"]
        .into_iter()
        .find(|p| t.starts_with(p))?;
    let rest = &t[prefix.len()..];
    let Some(rest) = rest
        .strip_prefix('-')
        .or_else(|| rest.strip_prefix('\u{2010}'))
        .or_else(|| rest.strip_prefix('\u{2013}'))
    else {
        return Some(Err(ParseMoveError::Syntax {
            text: original.to_string(),
            at: 3,
            reason: "expected '-' after the castling prefix",
        }));
    };
    let name = format!("{prefix}-{rest}");
    Some(
        Castling::from_name(&name)
            .map(Ctl::Castling)
            .ok_or_else(|| ParseMoveError::UnknownCastling {
                text: original.to_string(),
                name,
            }),
    )
}

/// What a CTL-AN separator says about a move (NOTATION.md §3.3).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Separator {
    /// `-`: no capture.
    Quiet,
    /// `×` (also `*`, `x`): a capture.
    Capture,
    /// `@` or `@@`: an en passant or scornful capture.
    Special,
}

impl Separator {
    const fn describe(self) -> &'static str {
        match self {
            Separator::Quiet => "a move without capture",
            Separator::Capture => "a capture",
            Separator::Special => "an en passant or scornful capture",
        }
    }

    /// What the separator of `m` is.
    fn of(m: &Move) -> Separator {
        match m.kind {
            _ if m.captured.is_none() => Separator::Quiet,
            MoveKind::EnPassant | MoveKind::ScornfulCapture => Separator::Special,
            _ => Separator::Capture,
        }
    }
}

/// A CTL-AN move read without a position (like shakmaty's `San`): what the
/// text says. [`Ctl::to_move`] finds the legal move it names in a position;
/// [`Position::parse_ctl`] does both.
///
/// ```
/// use cescacs::{Ctl, Position};
/// let ctl: Ctl = "NG3-I7+^".parse().unwrap(); // check marks are accepted and ignored
/// assert_eq!(ctl.to_string(), "NG3-I7");
/// let m = ctl.to_move(&Position::default()).unwrap();
/// assert_eq!(m.long(), "G3-I7");
/// assert!("NG3-".parse::<Ctl>().is_err()); // a syntax error, whatever the position
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Ctl {
    /// One of the 24 castlings, by name (`KRK-HIO`).
    Castling(Castling),
    /// The in-place promotion of a waiting pawn (`A23=N`).
    ForcedPromotion {
        /// The waiting pawn's hex.
        hex: Hex,
        /// The piece it becomes.
        promotion: Role,
    },
    /// Every other move: `[piece]FROM sep [captured]TO[=X]`.
    Normal {
        /// The moving piece's kind (a pawn when no letter is written).
        role: Role,
        /// The origin hex.
        from: Hex,
        /// What the separator says.
        separator: Separator,
        /// The captured piece's kind, when written.
        captured: Option<Role>,
        /// The destination hex.
        to: Hex,
        /// The promotion piece, when written.
        promotion: Option<Role>,
    },
}

impl Ctl {
    /// Reads CTL-AN (NOTATION.md §3.9). Check marks and an assessment after
    /// a space are accepted and ignored.
    pub fn parse(text: &str) -> Result<Ctl, ParseMoveError> {
        match parse_plain(text.as_bytes()) {
            Some(ctl) => Ok(ctl),
            None => Ctl::parse_general(text),
        }
    }

    /// [`Ctl::parse`] for every text, with its errors.
    fn parse_general(text: &str) -> Result<Ctl, ParseMoveError> {
        let original = text;
        let t = strip_decorations(text.trim());
        if t.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        let syntax = |at: usize, reason| ParseMoveError::Syntax {
            text: original.to_string(),
            at,
            reason,
        };

        if let Some(castling) = parse_castling(t, original) {
            return castling;
        }

        let is_col = |c: Option<char>| c.is_some_and(|c| column_from_letter(c).is_some());
        let is_piece = |c: Option<char>| c.is_some_and(|c| Role::from_letter(c).is_some());
        let first_two = |s: &str| {
            let mut chars = s.chars();
            (chars.next(), chars.next())
        };

        // Piece letter: a piece letter followed by a column letter.
        let (c0, c1) = first_two(t);
        let (role, mut i) = if is_piece(c0) && is_col(c1) {
            let c0 = c0.expect("a piece letter");
            (Role::from_letter(c0).expect("piece letter"), c0.len_utf8())
        } else {
            (Role::Pawn, 0)
        };
        let (from, used) = hex_at(original, &t[i..])?;
        i += used;
        let rest = &t[i..];

        // Forced promotion: HEX=X.
        if role == Role::Pawn && i == used {
            if let Some(p) = rest.strip_prefix('=') {
                let promotion = promotion_letter(p)
                    .ok_or_else(|| syntax(i + 1, "expected a promotion letter D V R G N J"))?;
                return Ok(Ctl::ForcedPromotion {
                    hex: from,
                    promotion,
                });
            }
        }

        // Separator.
        let (separator, sep_len) = match rest.chars().next() {
            Some(c @ ('-' | '\u{2010}' | '\u{2013}')) => (Separator::Quiet, c.len_utf8()),
            Some(c @ ('×' | '*' | 'x')) => (Separator::Capture, c.len_utf8()),
            Some('@') => (
                Separator::Special,
                if rest.starts_with("@@") { 2 } else { 1 },
            ),
            Some(_) => return Err(syntax(i, "expected a separator (-, ×, *, @ or @@)")),
            None => return Err(syntax(i, "expected a separator and a destination")),
        };
        i += sep_len;
        let rest = &t[i..];
        let (r0, r1) = first_two(rest);
        let (captured, rest) = if is_piece(r0) && is_col(r1) {
            (r0.and_then(Role::from_letter), &rest[1..])
        } else {
            (None, rest)
        };
        if captured.is_some() && separator == Separator::Quiet {
            return Err(syntax(
                i,
                "a captured-piece letter on a move that captures nothing",
            ));
        }
        if captured.is_some() {
            i += 1;
        }
        let (to, used) = hex_at(original, rest)?;
        i += used;
        let rest = &rest[used..];
        let promotion = match rest {
            "" | "=&" => None,
            _ => match rest.strip_prefix('=') {
                Some(p) => Some(promotion_letter(p).ok_or_else(|| {
                    syntax(i + 1, "expected a promotion letter D V R G N J or &")
                })?),
                None => return Err(syntax(i, "unexpected characters after the destination")),
            },
        };
        Ok(Ctl::Normal {
            role,
            from,
            separator,
            captured,
            to,
            promotion,
        })
    }

    /// The legal move of `pos` this text names.
    pub fn to_move(&self, pos: &Position) -> Result<Move, ResolveMoveError> {
        self.resolve(pos, &self.to_string())
    }

    /// [`Ctl::to_move`], with errors about `text`. By value: the move's few
    /// bytes come in a register, not from memory the caller wrote a field
    /// at a time just before (a wider load of such memory waits for the
    /// stores to reach the cache); and the move found goes back in one
    /// ([`Ctl::find`]), the error built only when there is one.
    #[inline(always)]
    pub(crate) fn resolve(self, pos: &Position, text: &str) -> Result<Move, ResolveMoveError> {
        self.find(pos).map_err(|fault| fault.error(self, pos, text))
    }

    /// The legal move this text names in `pos`, or what is wrong with it
    /// ([`Ctl::resolve`] builds the error).
    pub(crate) fn find(self, pos: &Position) -> Result<Move, Fault> {
        let (role, from, separator, captured, to, promotion) = match self {
            Ctl::Castling(c) => return pos.find_castling(c).ok_or(Fault::Illegal),
            Ctl::ForcedPromotion { hex, promotion } => {
                return pos
                    .legal_moves_from(hex)
                    .into_iter()
                    .find(|m| m.kind == MoveKind::ForcedPromotion && m.promotion == Some(promotion))
                    .ok_or(Fault::Illegal)
            }
            Ctl::Normal {
                role,
                from,
                separator,
                captured,
                to,
                promotion,
            } => (role, from, separator, captured, to, promotion),
        };
        match pos.piece_at(from) {
            Some(p) if p.color == pos.turn() && p.role == role => {}
            _ => return Err(Fault::NoSuchPiece),
        }
        // The candidates: what the piece letter, origin and destination
        // leave (shakmaty's `san_candidates`). A piece other than a pawn or
        // the King makes one move to a hex at most, never a promotion: that
        // one move is tested. A pawn's few moves to the hex (promotion
        // choices among them) and the King's are listed.
        let m = if matches!(role, Role::Pawn | Role::King) {
            let moves = pos.legal_moves_from_to(from, to);
            let mut candidates = moves.iter();
            match candidates.clone().find(|m| m.promotion == promotion) {
                Some(m) => *m,
                None if promotion.is_none() && candidates.next().is_some() => {
                    return Err(Fault::PromotionRequired)
                }
                None => return Err(Fault::Illegal),
            }
        } else {
            match pos.piece_move_to(from, role, to) {
                Some(m) if promotion.is_none() => m,
                _ => return Err(Fault::Illegal),
            }
        };
        let actual = Separator::of(&m);
        if actual != separator {
            return Err(Fault::Separator { actual });
        }
        if let (Some(said), Some(actual)) = (captured, m.captured) {
            if said != actual {
                return Err(Fault::CapturedPiece { actual });
            }
        }
        Ok(m)
    }
}

/// What [`Ctl::find`] found wrong with a move text, in a few bytes (the
/// error's strings are built from it, away from the hot code).
#[derive(Clone, Copy)]
pub(crate) enum Fault {
    Illegal,
    NoSuchPiece,
    PromotionRequired,
    Separator { actual: Separator },
    CapturedPiece { actual: Role },
}

impl Fault {
    /// The error of the text `text` (read as `ctl`) in `pos`.
    #[cold]
    #[inline(never)]
    fn error(self, ctl: Ctl, pos: &Position, text: &str) -> ResolveMoveError {
        let text = text.to_string();
        match (self, ctl) {
            (Fault::NoSuchPiece, Ctl::Normal { role, from, .. }) => ResolveMoveError::NoSuchPiece {
                text,
                hex: from,
                expected: role,
            },
            (Fault::PromotionRequired, _) => ResolveMoveError::PromotionRequired { text },
            (Fault::Separator { actual }, Ctl::Normal { separator, .. }) => {
                ResolveMoveError::Separator {
                    text,
                    said: separator.describe(),
                    actual: actual.describe(),
                }
            }
            (
                Fault::CapturedPiece { actual },
                Ctl::Normal {
                    captured: Some(said),
                    ..
                },
            ) => ResolveMoveError::CapturedPiece { text, said, actual },
            _ => ResolveMoveError::Illegal {
                text,
                pdtl: pos.to_pdtl(),
            },
        }
    }
}

impl std::str::FromStr for Ctl {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Ctl, ParseMoveError> {
        Ctl::parse(s)
    }
}

impl std::fmt::Display for Ctl {
    /// The text without check mark (`@` for every special capture).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Ctl::Castling(c) => f.write_str(c.name()),
            Ctl::ForcedPromotion { hex, promotion } => write!(f, "{hex}={}", promotion.letter()),
            Ctl::Normal {
                role,
                from,
                separator,
                captured,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    write!(f, "{}", role.letter())?;
                }
                let sep = match separator {
                    Separator::Quiet => "-",
                    Separator::Capture => "×",
                    Separator::Special => "@",
                };
                write!(f, "{from}{sep}")?;
                if let Some(c) = captured {
                    write!(f, "{}", c.letter())?;
                }
                write!(f, "{to}")?;
                if let Some(p) = promotion {
                    write!(f, "={}", p.letter())?;
                }
                Ok(())
            }
        }
    }
}

impl Position {
    /// The check on the side to move, if any.
    pub fn check_kind(&self) -> Option<CheckKind> {
        let king = self.king(self.turn());
        let checkers = self.checkers();
        match checkers.count() {
            0 => None,
            1 => {
                let c = checkers.first().expect("one checker");
                if c.is_adjacent(king) || c.is_knight_jump(king) {
                    Some(CheckKind::Adjoining)
                } else {
                    Some(CheckKind::Distant)
                }
            }
            _ => Some(CheckKind::Double),
        }
    }

    /// The move in canonical CTL-AN (NOTATION.md §3.8), with its check or
    /// mate mark. `m` must be legal here.
    pub fn ctl(&self, m: &Move) -> String {
        let mut s = self.ctl_without_mark(m);
        let after = self.after(*m);
        if let Some(kind) = after.check_kind() {
            if after.legal_moves().is_empty() {
                s.push('#');
            } else {
                s.push_str(kind.mark());
            }
        }
        s
    }

    /// CTL-AN without the check mark.
    pub fn ctl_without_mark(&self, m: &Move) -> String {
        match m.kind {
            MoveKind::Castling(c) => return c.name().to_string(),
            MoveKind::ForcedPromotion => return m.long(),
            _ => {}
        }
        let mut s = String::with_capacity(12);
        if m.role != Role::Pawn {
            s.push(m.role.letter());
        }
        s.push_str(&m.from.to_string());
        match m.kind {
            _ if m.captured.is_none() => s.push('-'),
            MoveKind::ScornfulCapture => s.push('@'),
            MoveKind::EnPassant => {
                let victim = match self.special_capture() {
                    SpecialCapture::EnPassant { pawn, .. } => pawn,
                    _ => m.to,
                };
                let dist = (victim.line() as i32 - m.to.line() as i32).abs();
                s.push_str(if dist <= 2 { "@" } else { "@@" });
            }
            _ => s.push('×'),
        }
        if let Some(c) = m.captured {
            if c != Role::Pawn {
                s.push(c.letter());
            }
        }
        s.push_str(&m.to.to_string());
        if let Some(p) = m.promotion {
            s.push('=');
            s.push(p.letter());
        } else if m.role == Role::Pawn && m.to.is_promotion_hex(self.turn()) {
            s.push_str("=&");
        }
        s
    }

    /// Reads a CTL-AN move (NOTATION.md §3.9) and returns the legal move it
    /// names. Check marks and assessments are accepted and ignored.
    pub fn parse_ctl(&self, text: &str) -> Result<Move, MoveTextError> {
        Ok(Ctl::parse(text)?.resolve(self, text)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte-wise reader agrees with the general one on every text it
    /// accepts: texts made of a piece letter, a hex, a separator, a captured
    /// piece, a hex and a suffix, each part picked (valid or not) by a fixed
    /// pseudo-random walk.
    #[test]
    fn plain_reading_agrees_with_the_general_reader() {
        const PIECE: [&str; 8] = ["", "", "E", "N", "K", "P", "X", "7"];
        const HEX: [&str; 12] = [
            "E7", "F12", "A0", "L28", "P5", "Z19", "E", "E07", "E29", "Q4", "H", "K100",
        ];
        const SEP: [&str; 9] = ["-", "×", "x", "*", "@", "@@", "", "\u{2013}", "=N"];
        const CAPTURED: [&str; 5] = ["", "", "N", "D", "P"];
        const SUFFIX: [&str; 13] = [
            "",
            "",
            "=&",
            "=N",
            "+",
            "++",
            "^+",
            "+^",
            "#",
            "=&#",
            "+#",
            " ?!",
            "+\u{221e}",
        ];
        let mut rng = crate::random::SplitMix64::new(0x2545_F491_4F6C_DD1D);
        let mut pick = |n: usize| rng.below(n);
        let (mut accepted, tried) = (0, 200_000);
        for _ in 0..tried {
            let text = [
                PIECE[pick(8)],
                HEX[pick(12)],
                SEP[pick(9)],
                CAPTURED[pick(5)],
                HEX[pick(12)],
                SUFFIX[pick(13)],
            ]
            .concat();
            if let Some(ctl) = parse_plain(text.as_bytes()) {
                accepted += 1;
                assert_eq!(Ctl::parse_general(&text), Ok(ctl), "{text:?}");
            }
        }
        assert!(accepted > tried / 50, "{accepted} of {tried}");
        for text in [
            "KRK-HIO",
            "KRD-DE+",
            "KRR-FEE+\u{221e}",
            "KRK-HIOO++",
            "E7-E13",
            "EE9×F12",
            "JE19×EC13+",
            "NF22×NH26",
            "VF24-D26++",
            "C15@B12",
            "DE1-E9^+",
            "VD26-G27#",
            "DB8-D10+\u{221e}",
            "NF22×NH26=&+\u{221e}",
        ] {
            assert_eq!(
                parse_plain(text.as_bytes()).map(Ok),
                Some(Ctl::parse_general(text)),
                "{text}"
            );
        }
        for text in [
            "KRK-XYZ",
            "KRK\u{2010}HIO",
            "A23=N",
            "E7\u{2010}E13",
            " E7-E13",
            "E7-E13 ?!",
            "E07-E13",
            "E7-E13=N",
            "E7-NE13",
            "E7-E13\u{221e}",
            "E7-E13+\u{221e}\u{221e}",
        ] {
            assert_eq!(parse_plain(text.as_bytes()), None, "{text}");
        }
    }

    /// `scan_plain` reads the move a text starts with whatever follows it:
    /// what `parse_plain` reads of the move alone, its length in bytes and
    /// in characters, the longest check mark taken; past 16 bytes of text
    /// too.
    #[test]
    fn scanning_reads_the_move_a_text_starts_with() {
        let long_tail = " ".repeat(40);
        for (word, chars) in [
            ("E7-E13", 6),
            ("NF22×NH26", 9),
            ("NF22×NH26=&++", 13),
            ("E25-E27=&#", 10),
            ("JE19×EC13+", 10),
            ("VF24-D26++", 10),
            ("DE1-E9^+", 8),
            ("DE1-E9+^", 8),
            ("C15@@B12", 8),
            ("DB8-D10+\u{221e}", 9),
            ("NF22×NH26=&+\u{221e}", 13),
            ("E7xE13", 6),
            ("VF0-E5", 6),
            ("KRK-HIO", 7),
            ("KRD-DD#", 7),
            ("KRR-HIH+\u{221e}", 9),
        ] {
            let ctl = parse_plain(word.as_bytes()).expect(word);
            for tail in [
                "",
                " ",
                ",",
                ")",
                "\n2.",
                "{c}",
                "?!",
                "\u{2013}",
                long_tail.as_str(),
            ] {
                let text = format!("{word}{tail}");
                assert_eq!(
                    scan_plain(text.as_bytes()).or_else(|| scan_castling(text.as_bytes())),
                    Some((ctl, word.len() as u8, chars)),
                    "{text:?}"
                );
            }
        }
        // The longest mark is taken; a mark that is not one ends the move.
        assert_eq!(scan_plain(b"E7-E13++x").map(|(_, n, _)| n), Some(8));
        assert_eq!(scan_plain(b"E7-E13^").map(|(_, n, _)| n), Some(6));
        assert_eq!(scan_plain(b"E7-E13=").map(|(_, n, _)| n), Some(6));
        // A '+' before a character other than '∞' is the mark alone.
        assert_eq!(
            scan_plain("E7-E13+\u{2213}".as_bytes()).map(|(_, n, _)| n),
            Some(7)
        );
        for text in [
            "", "E", "E7", "E7-", "E07-E13", "E7-NE13", "E7-E130", "KRK-HIO", "A23=N", "?!",
        ] {
            assert_eq!(scan_plain(text.as_bytes()), None, "{text:?}");
        }
        // A castling only by its exact name, with the ASCII hyphen.
        for text in [
            "",
            "KR",
            "KRK-",
            "KRK-XYZ",
            "KRX-HH",
            "KRK\u{2010}HIO",
            "E7-E13",
            "KRK-HIOOO",
        ] {
            assert_eq!(scan_castling(text.as_bytes()), None, "{text:?}");
        }
    }
}
