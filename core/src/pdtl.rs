//! PDTL ("Position Description by Transversal Lines", NOTATION.md §5):
//! reading every accepted form, writing the canonical one.
//!
//! ```
//! use cescacs::Position;
//! let pos: Position = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk".parse().unwrap();
//! // Missing fields get their defaults; the writer always writes all six.
//! // (an absent move number is "unknown": `?`).
//! assert_eq!(pos.to_pdtl(), "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 ?");
//! ```

use std::fmt;
use std::str::FromStr;

use crate::gaits::CastlingRights;
use crate::geometry::{column_from_letter, parse_hex_prefix, Hex, HexColor};
use crate::piece::{Color, Piece, Role};
use crate::position::{Position, SpecialCapture};

/// Why a PDTL string was rejected. Every variant names the field and the
/// offending text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PdtlError {
    /// Nothing but blanks.
    #[error("empty PDTL")]
    Empty,
    #[error("PDTL has {0} fields; expected 2 to 6 (placement, turn, castling, special capture, halfmove clock, move number)")]
    /// Fewer than 2 or more than 6 fields.
    FieldCount(usize),
    #[error("placement field {0:?} must start and end with '/'")]
    /// A placement field not enclosed in slashes.
    PlacementSlashes(String),
    #[error("placement record {record:?}: {reason}")]
    /// A line record (`LINE:pieces`) that cannot be read.
    Record {
        /// The record as written.
        record: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    #[error("placement record {record:?}: unknown piece letter {letter:?}")]
    /// A letter that names no piece.
    UnknownPiece {
        /// The record as written.
        record: String,
        /// The letter.
        letter: char,
    },
    #[error("placement record {record:?}: more than the {hexes} hexes of line {line}")]
    /// A record that describes more hexes than its line has.
    Overflow {
        /// The record as written.
        record: String,
        /// Its line.
        line: u8,
        /// The hexes of that line.
        hexes: usize,
    },
    #[error("placement: line {0} is described twice")]
    /// Two records for one line.
    DuplicateLine(u8),
    #[error("placement: {color} has {count} kings; exactly one is required")]
    /// A side without a King, or with more than one.
    KingCount {
        /// The side.
        color: Color,
        /// Its Kings.
        count: u32,
    },
    #[error("placement: {color} has {count} {role}s; at most {max} allowed")]
    /// More pieces of a kind than a side starts with.
    TooMany {
        /// The side.
        color: Color,
        /// The kind.
        role: Role,
        /// How many it has.
        count: u32,
        /// How many it may have.
        max: u8,
    },
    #[error("placement: {color} has two bishops on {colour:?} hexes")]
    /// Two Bishops of one side on hexes of one colour.
    BishopColour {
        /// The side.
        color: Color,
        /// The hexes' colour.
        colour: HexColor,
    },
    #[error("turn field {0:?}: expected 'w' or 'b'")]
    /// A turn field other than `w` or `b`.
    Turn(String),
    #[error("castling field {field:?}: {reason}")]
    /// A castling field that cannot be read.
    Castling {
        /// The field as written.
        field: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    #[error("special-capture field {field:?}: {reason}")]
    /// A special-capture field that cannot be read or does not fit the board.
    Special {
        /// The field as written.
        field: String,
        /// What is wrong with it.
        reason: String,
    },
    #[error("halfmove clock field {0:?}: expected a number or '-'")]
    /// A halfmove clock that is not a number.
    Halfmove(String),
    #[error("move number field {0:?}: expected a number >= 1, '?' or '-'")]
    /// A move number that is not a number ≥ 1, `?` or `-`.
    Fullmove(String),
    #[error("the side not to move ({0}) is in check")]
    /// The side that just moved is in check.
    OppositeCheck(Color),
}

/// The hexes of cross-line `l`, left to right.
fn line_hexes(l: u8) -> impl Iterator<Item = Hex> {
    (0..15u8).filter_map(move |c| Hex::new(c, l))
}

fn parse_placement(field: &str) -> Result<Position, PdtlError> {
    if !field.starts_with('/') || !field.ends_with('/') || field.len() < 2 {
        return Err(PdtlError::PlacementSlashes(field.to_string()));
    }
    let mut pos = Position::empty();
    let mut seen = [false; 29];
    for record in field[1..field.len() - 1].split('/') {
        let bad = |reason| PdtlError::Record {
            record: record.to_string(),
            reason,
        };
        if record.is_empty() {
            return Err(bad("empty record (two '/' in a row)"));
        }
        let mut parts = record.split(':');
        let (Some(num), Some(content), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(bad(
                "expected exactly one ':' between line number and content",
            ));
        };
        if num.is_empty() || !num.bytes().all(|b| b.is_ascii_digit()) || num.len() > 2 {
            return Err(bad("line number must be 0..28"));
        }
        let line: u8 = num.parse().map_err(|_| bad("line number must be 0..28"))?;
        if line > 28 {
            return Err(bad("line number must be 0..28"));
        }
        if std::mem::replace(&mut seen[line as usize], true) {
            return Err(PdtlError::DuplicateLine(line));
        }
        if content.is_empty() {
            return Err(bad("empty line content"));
        }
        let hexes: Vec<Hex> = line_hexes(line).collect();
        let mut i = 0usize;
        for ch in content.chars() {
            if let Some(d) = ch.to_digit(10) {
                if d == 0 {
                    return Err(bad("a run of empty hexes must be 1..8"));
                }
                i += d as usize;
            } else {
                let piece = Piece::from_char(ch)
                    .filter(|_| ch.is_ascii_alphabetic())
                    .ok_or(PdtlError::UnknownPiece {
                        record: record.to_string(),
                        letter: ch,
                    })?;
                if i < hexes.len() {
                    pos.put(hexes[i], piece);
                }
                i += 1;
            }
            if i > hexes.len() {
                return Err(PdtlError::Overflow {
                    record: record.to_string(),
                    line,
                    hexes: hexes.len(),
                });
            }
        }
    }
    validate_material(&pos)?;
    Ok(pos)
}

fn validate_material(pos: &Position) -> Result<(), PdtlError> {
    match material_problems(pos).into_iter().next() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Every material rule the placement breaks (NOTATION.md §5.1): King
/// counts, more pieces of a kind than the initial army, two Bishops of a
/// side on one hex colour.
fn material_problems(pos: &Position) -> Vec<PdtlError> {
    let mut out = Vec::new();
    for color in Color::ALL {
        let kings = pos.pieces(Piece::new(color, Role::King)).count();
        if kings != 1 {
            out.push(PdtlError::KingCount {
                color,
                count: kings,
            });
        }
        for role in [
            Role::Queen,
            Role::Wyvern,
            Role::Rook,
            Role::Pegasus,
            Role::Knight,
            Role::Elephant,
            Role::Pawn,
        ] {
            let count = pos.pieces(Piece::new(color, role)).count();
            if count > role.initial_count() as u32 {
                out.push(PdtlError::TooMany {
                    color,
                    role,
                    count,
                    max: role.initial_count(),
                });
            }
        }
        for colour in HexColor::ALL {
            let n = pos
                .pieces(Piece::new(color, Role::Bishop))
                .filter(|h| h.color() == colour)
                .count();
            if n > 1 {
                out.push(PdtlError::BishopColour { color, colour });
            }
        }
    }
    out
}

/// The fields of a position without its rules: what a position editor
/// builds piece by piece (python-chess's board editing), which may be no
/// position at all until it is complete (no Kings yet, a side not to move in
/// check…). [`Position::from_setup`] checks it with the PDTL reader's rules,
/// [`Setup::problems`] lists what they find. An edited position has no
/// pending en passant or scornful capture.
///
/// ```
/// use cescacs::{Color, Piece, Position, Role, Setup};
///
/// let mut setup = Setup::empty();
/// for (hex, piece) in [("G1", 'K'), ("C3", 'R'), ("I3", 'R'), ("G27", 'k'), ("C25", 'r')] {
///     setup.board[hex.parse::<cescacs::Hex>().unwrap().index()] = Piece::from_char(piece);
/// }
/// assert!(Position::from_setup(&setup).is_ok());
/// setup.set_castling("RKRrk").unwrap();
/// let pos = Position::from_setup(&setup).unwrap();
/// assert_eq!(pos.to_pdtl(), "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1");
/// assert_eq!(pos.legal_moves().len(), 90);
/// assert_eq!(Setup::empty().problems().len(), 2); // no King of either colour
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The piece on each hex, by [`Hex::index`].
    pub board: [Option<Piece>; crate::HEX_COUNT],
    /// The side to move.
    pub turn: Color,
    /// Castling and King's-Leap rights per colour (the PDTL castling field).
    pub castling: [CastlingRights; 2],
    /// Plies since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// The full-move number, `None` when unknown (`?`).
    pub fullmove_number: Option<u32>,
}

impl Setup {
    /// An empty board, White to move, no rights, clocks 0 and 1.
    pub fn empty() -> Setup {
        Setup {
            board: [None; crate::HEX_COUNT],
            turn: Color::White,
            castling: [CastlingRights::NONE; 2],
            halfmove_clock: 0,
            fullmove_number: Some(1),
        }
    }

    /// Sets the castling rights from a PDTL castling field (`"RKRrk"`,
    /// `"--"`, …); on error nothing changes.
    pub fn set_castling(&mut self, field: &str) -> Result<(), PdtlError> {
        self.castling = parse_castling(field)?;
        Ok(())
    }

    /// The pieces placed on an empty position, with the other fields (no
    /// check of any rule).
    fn raw(&self) -> Position {
        let mut pos = Position::empty();
        for h in Hex::all() {
            if let Some(p) = self.board[h.index()] {
                pos.put(h, p);
            }
        }
        pos.turn = self.turn;
        pos.rights = self.castling;
        pos.halfmove = self.halfmove_clock;
        pos.fullmove = self.fullmove_number;
        pos
    }

    /// The board as text, like [`Position::board_text`], whatever the
    /// pieces.
    pub fn board_text(&self, unicode: bool) -> String {
        self.raw().board_text(unicode)
    }

    /// The PDTL text of these fields, whether or not it is a valid position
    /// (the writer of [`Position::to_pdtl`]).
    pub fn to_pdtl(&self) -> String {
        self.raw().to_pdtl()
    }

    /// Every reason these fields are not a valid position, with the PDTL
    /// reader's rules: the material rules (all that fail), then, once they
    /// hold, the rest of the reader's checks (e.g. the side not to move in
    /// check). Empty for a valid position.
    pub fn problems(&self) -> Vec<PdtlError> {
        let material = material_problems(&self.raw());
        if !material.is_empty() {
            return material;
        }
        Position::from_setup(self).err().into_iter().collect()
    }
}

/// Reads the castling field: canonical (`RKR-`, `--`, `RKRrkr`) and the
/// reference's forms (`RKR`, `rkr`, `-`), NOTATION.md §5.3.
fn parse_castling(field: &str) -> Result<[CastlingRights; 2], PdtlError> {
    let err = |reason| PdtlError::Castling {
        field: field.to_string(),
        reason,
    };
    if field == "-" || field == "--" {
        return Ok([CastlingRights::NONE; 2]);
    }
    let part = |s: &str, k: char, r: char| -> Result<CastlingRights, PdtlError> {
        if s.is_empty() || s == "-" {
            return Ok(CastlingRights::NONE);
        }
        let Some(kpos) = s.find(k) else {
            return Err(err(
                "a side's part must contain its King letter (K/k) or be '-'",
            ));
        };
        let (before, after) = (&s[..kpos], &s[kpos + 1..]);
        let ok = |x: &str| x.is_empty() || x.len() == 1 && x.starts_with(r);
        if !ok(before) || !ok(after) {
            return Err(err(
                "expected RKR, RK, KR, K or - per side (lowercase for Black)",
            ));
        }
        Ok(CastlingRights::new(
            true,
            !before.is_empty(),
            !after.is_empty(),
        ))
    };
    // White's part: uppercase letters, or one '-', or nothing (reference form).
    let split = field
        .find(|c: char| c.is_ascii_lowercase() || c == '-')
        .unwrap_or(field.len());
    let (white, black) = if split == 0 && field.starts_with('-') {
        ("-", &field[1..])
    } else {
        (&field[..split], &field[split..])
    };
    if white.chars().any(|c| !matches!(c, 'R' | 'K' | '-'))
        || black.chars().any(|c| !matches!(c, 'r' | 'k' | '-'))
    {
        return Err(err("unexpected character (allowed: R K r k -)"));
    }
    if black.len() > 1 && black.contains('-') {
        return Err(err("a side's part is either letters or a single '-'"));
    }
    Ok([part(white, 'K', 'R')?, part(black, 'k', 'r')?])
}

fn write_castling(rights: [CastlingRights; 2], out: &mut String) {
    for (i, r) in rights.iter().enumerate() {
        let (k, rook) = if i == 0 { ('K', 'R') } else { ('k', 'r') };
        if !r.king() {
            out.push('-');
            continue;
        }
        if r.queen_rook() {
            out.push(rook);
        }
        out.push(k);
        if r.king_rook() {
            out.push(rook);
        }
    }
}

/// Reads the special-capture field (RULES.md §7.1): `-`, en passant
/// `PAWN@LINE[-LINE]`, scornful `CAPTURER@SCORNFUL` or `SCORNFUL`, and the
/// reference's en passant form `P@TARGET[,LINE][PAWN]`; the record is then
/// checked against the board.
fn parse_special(pos: &Position, field: &str) -> Result<SpecialCapture, PdtlError> {
    let err = |reason: String| special_error(field, reason);
    if field == "-" {
        return Ok(SpecialCapture::None);
    }
    let us = pos.turn();
    let mover = !us;
    if let Some(rest) = field.strip_prefix("P@") {
        return reference_en_passant(pos, field, rest, mover);
    }

    let (first, used) = special_hex(field, field)?;
    let rest = &field[used..];
    if rest.is_empty() {
        // Short scornful form: the scornful pawn's hex.
        let candidates = SpecialCapture::scornful_capturers(pos, first, us);
        return match candidates.as_slice() {
            [c] => SpecialCapture::scornful_in(pos, *c, first, us).map_err(err),
            [] => Err(err(format!(
                "no {us} pawn can capture a scornful pawn on {first}"
            ))),
            _ => Err(err(
                "two pawns could capture: write CAPTURER@SCORNFUL".into()
            )),
        };
    }
    let Some(rest) = rest.strip_prefix('@') else {
        return Err(err("expected '@' after the hex".into()));
    };
    if rest.starts_with(|c: char| c.is_ascii_alphabetic()) {
        // capturer@scornful
        let (pawn, used) = special_hex(field, rest)?;
        if used != rest.len() {
            return Err(err("trailing characters".into()));
        }
        // The reference also writes this form when the facing pawn was the
        // mover's own; such a record names no capturer of the side to move.
        if pos.piece_at(first) != Some(Piece::new(us, Role::Pawn)) {
            return Ok(SpecialCapture::None);
        }
        return SpecialCapture::scornful_in(pos, first, pawn, us).map_err(err);
    }
    // Canonical en passant: PAWN@LINE or PAWN@LINE-LINE (either order).
    let lines: Vec<u8> = rest
        .split(['-', '\u{2010}'])
        .map(|l| special_line(field, l))
        .collect::<Result<_, _>>()?;
    SpecialCapture::en_passant_in(pos, first, &lines, mover).map_err(err)
}

/// The reference's en passant form, `P@E9[E11]` or `P@E9,11[E13]` (`rest`
/// follows `P@` in `field`).
fn reference_en_passant(
    pos: &Position,
    field: &str,
    rest: &str,
    mover: Color,
) -> Result<SpecialCapture, PdtlError> {
    let err = |reason: String| special_error(field, reason);
    let (targets_text, pawn_text) = rest
        .strip_suffix(']')
        .and_then(|r| r.split_once('['))
        .ok_or_else(|| err("expected P@TARGET[PAWN] or P@TARGET,LINE[PAWN]".into()))?;
    let (first, second) = match targets_text.split_once(',') {
        Some((a, b)) => (a, Some(b)),
        None => (targets_text, None),
    };
    // The reference writes bogus records with off-grid targets after
    // ordinary pawn captures: read them as "no special capture".
    let Ok((target, used)) = parse_hex_prefix(first) else {
        if first.len() >= 2 && column_from_letter(first.chars().next().unwrap_or(' ')).is_some() {
            return Ok(SpecialCapture::None);
        }
        return Err(err(format!("bad target {first:?}")));
    };
    if used != first.len() {
        return Err(err(format!("bad target {first:?}")));
    }
    let (pawn, used) = special_hex(field, pawn_text)?;
    if used != pawn_text.len() {
        return Err(err(format!("bad pawn hex {pawn_text:?}")));
    }
    let mut lines = vec![target.line()];
    if target.column() != pawn.column() {
        return Err(err("target and pawn must be on one column".into()));
    }
    if let Some(l) = second {
        lines.push(special_line(field, l)?);
    }
    SpecialCapture::en_passant_in(pos, pawn, &lines, mover).map_err(err)
}

/// An error in the special-capture field `field`.
fn special_error(field: &str, reason: String) -> PdtlError {
    PdtlError::Special {
        field: field.to_string(),
        reason,
    }
}

/// The hex at the start of `s`, a part of the special-capture field `field`.
fn special_hex(field: &str, s: &str) -> Result<(Hex, usize), PdtlError> {
    parse_hex_prefix(s).map_err(|e| special_error(field, format!("{} ({:?})", e.reason, e.text)))
}

/// A line number (0–28) in the special-capture field `field`.
fn special_line(field: &str, s: &str) -> Result<u8, PdtlError> {
    s.parse::<u8>()
        .ok()
        .filter(|l| *l <= 28)
        .ok_or_else(|| special_error(field, format!("bad line number {s:?}")))
}

fn write_special(pos: &Position, out: &mut String) {
    use std::fmt::Write;
    match pos.special_capture() {
        SpecialCapture::None => out.push('-'),
        SpecialCapture::EnPassant { pawn, .. } => {
            let mut lines: Vec<u8> = pos
                .special_capture()
                .en_passant_targets(!pos.turn())
                .iter()
                .map(|h| h.line())
                .collect();
            lines.sort_unstable();
            let lines: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            let _ = write!(out, "{pawn}@{}", lines.join("-"));
        }
        SpecialCapture::Scornful { capturer, pawn } => {
            if SpecialCapture::scornful_capturers(pos, pawn, pos.turn()).len() > 1 {
                let _ = write!(out, "{capturer}@{pawn}");
            } else {
                let _ = write!(out, "{pawn}");
            }
        }
    }
}

impl Position {
    /// Reads a PDTL string (NOTATION.md §5), accepting the reference's forms.
    pub fn from_pdtl(text: &str) -> Result<Position, PdtlError> {
        let fields: Vec<&str> = text.split_ascii_whitespace().collect();
        if fields.is_empty() {
            return Err(PdtlError::Empty);
        }
        if fields.len() < 2 || fields.len() > 6 {
            return Err(PdtlError::FieldCount(fields.len()));
        }
        let mut pos = parse_placement(fields[0])?;
        pos.turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(PdtlError::Turn(other.to_string())),
        };
        pos.rights = match fields.get(2) {
            Some(f) => parse_castling(f)?,
            None => [CastlingRights::ALL; 2],
        };
        pos.normalize_rights();
        if let Some(f) = fields.get(3) {
            pos.special = parse_special(&pos, f)?;
        }
        pos.halfmove = match fields.get(4) {
            None | Some(&"-") => 0,
            Some(f) if f.bytes().all(|b| b.is_ascii_digit()) => {
                f.parse().map_err(|_| PdtlError::Halfmove(f.to_string()))?
            }
            Some(f) => return Err(PdtlError::Halfmove(f.to_string())),
        };
        pos.fullmove = match fields.get(5) {
            None | Some(&"?") | Some(&"-") => None,
            Some(f) if f.bytes().all(|b| b.is_ascii_digit()) => match f.parse::<u32>() {
                Ok(n) if n >= 1 => Some(n),
                _ => return Err(PdtlError::Fullmove(f.to_string())),
            },
            Some(f) => return Err(PdtlError::Fullmove(f.to_string())),
        };
        pos.hash = pos.base_hash_from_scratch();
        let them = !pos.turn;
        if pos.is_attacked(pos.king(them), pos.turn) {
            return Err(PdtlError::OppositeCheck(them));
        }
        Ok(pos)
    }

    /// The position of `setup`, checked by the PDTL reader (its rules live
    /// there once): its PDTL is written and read back. Castling rights
    /// whose King or Rook is not at home are dropped, as the reader does.
    pub fn from_setup(setup: &Setup) -> Result<Position, PdtlError> {
        Position::from_pdtl(&setup.to_pdtl())
    }

    /// This position's fields, for editing (without its pending en passant
    /// or scornful capture, if any).
    pub fn to_setup(&self) -> Setup {
        let mut board = [None; crate::HEX_COUNT];
        for h in Hex::all() {
            board[h.index()] = self.piece_at(h);
        }
        Setup {
            board,
            turn: self.turn,
            castling: self.rights,
            halfmove_clock: self.halfmove,
            fullmove_number: self.fullmove,
        }
    }

    /// The canonical PDTL of this position.
    pub fn to_pdtl(&self) -> String {
        let mut out = String::with_capacity(120);
        out.push('/');
        for l in (0..=28u8).rev() {
            let hexes: Vec<Hex> = line_hexes(l).collect();
            if hexes.iter().all(|h| self.piece_at(*h).is_none()) {
                continue;
            }
            out.push_str(&l.to_string());
            out.push(':');
            let mut run = 0;
            for h in hexes {
                match self.piece_at(h) {
                    None => run += 1,
                    Some(p) => {
                        if run > 0 {
                            out.push_str(&run.to_string());
                            run = 0;
                        }
                        out.push(p.char());
                    }
                }
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
            out.push('/');
        }
        out.push(' ');
        out.push(self.turn.char());
        out.push(' ');
        write_castling(self.rights, &mut out);
        out.push(' ');
        write_special(self, &mut out);
        out.push(' ');
        out.push_str(&self.halfmove.to_string());
        out.push(' ');
        match self.fullmove {
            Some(n) => out.push_str(&n.to_string()),
            None => out.push('?'),
        }
        out
    }
}

impl FromStr for Position {
    type Err = PdtlError;
    fn from_str(s: &str) -> Result<Position, PdtlError> {
        Position::from_pdtl(s)
    }
}

impl fmt::Display for Position {
    /// Writes the canonical PDTL.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pdtl())
    }
}
