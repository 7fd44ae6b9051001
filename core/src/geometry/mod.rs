//! Board geometry: the 169 hexes, CTL coordinates, hex colours, the twelve
//! directions, knight jumps and precomputed step tables (RULES.md §1).
//!
//! A hex is stored as an index `0..169`, ordered by cross-line (0 first) and,
//! within a line, by column (P first). All tables are computed at compile time
//! by `const fn`s, so the hot path only does array look-ups.

use std::fmt;
use std::str::FromStr;

use crate::Color;

mod sets;

pub(crate) use sets::{
    direction_between, first_on_ray, neighbours, ray, ray_const, ray_count, rays_holding,
    slide_targets, step_sets, JUMP_SETS,
};

/// Number of hexes on the board.
pub const HEX_COUNT: usize = 169;
/// Column letters from White's left to right (there is no J).
pub const COLUMN_LETTERS: [char; 15] = [
    'P', 'T', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'K', 'L', 'X', 'Z',
];

/// Sentinel in the private step tables: "off the board". Outside this module
/// steps are `Option<Hex>` ([`Hex::step`]), which compiles to the same
/// comparison.
const NONE: u8 = 255;

/// One of the 169 hexes of the board.
///
/// ```
/// use cescacs::Hex;
/// let h: Hex = "F14".parse().unwrap();
/// assert_eq!((h.column(), h.line()), (7, 14));
/// assert_eq!(h.to_string(), "F14");
/// assert!("F15".parse::<Hex>().is_err()); // wrong parity
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hex(u8);

/// The three hex colours; the colour of a hex depends only on its cross-line.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum HexColor {
    /// White hexes.
    White,
    /// Black hexes.
    Black,
    /// The third colour (neither white nor black).
    Coloured,
}

impl HexColor {
    /// The three colours, in index order.
    pub const ALL: [HexColor; 3] = [HexColor::White, HexColor::Black, HexColor::Coloured];

    /// Index `0..3` (White, Black, Coloured), for tables.
    pub const fn index(self) -> usize {
        self as usize
    }
}

const fn is_on_board(c: i32, l: i32) -> bool {
    c >= 0
        && c <= 14
        && l >= 0
        && l <= 28
        && (c + l) % 2 == 1
        && (c - 7).abs() + (l - 14).abs() <= 14
}

const fn build_coords() -> [(u8, u8); HEX_COUNT] {
    let mut out = [(0u8, 0u8); HEX_COUNT];
    let mut i = 0;
    let mut l = 0;
    while l <= 28 {
        let mut c = 0;
        while c <= 14 {
            if is_on_board(c, l) {
                out[i] = (c as u8, l as u8);
                i += 1;
            }
            c += 1;
        }
        l += 1;
    }
    out
}

const fn build_index(coords: &[(u8, u8); HEX_COUNT]) -> [[u8; 15]; 29] {
    let mut out = [[NONE; 15]; 29];
    let mut i = 0;
    while i < HEX_COUNT {
        out[coords[i].1 as usize][coords[i].0 as usize] = i as u8;
        i += 1;
    }
    out
}

const COORDS: [(u8, u8); HEX_COUNT] = build_coords();
const INDEX: [[u8; 15]; 29] = build_index(&COORDS);

const fn offset(h: usize, dc: i32, dl: i32) -> u8 {
    let c = COORDS[h].0 as i32 + dc;
    let l = COORDS[h].1 as i32 + dl;
    if is_on_board(c, l) {
        INDEX[l as usize][c as usize]
    } else {
        NONE
    }
}

/// A direction on the board, as (Δcolumn, Δline).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Direction {
    /// Columns moved (P = 0 … Z = 14).
    pub dc: i8,
    /// Cross-lines moved.
    pub dl: i8,
}

/// The six orthogonal directions (through a hex edge). Index order is used by
/// the step tables: 0 ColumnUp, 1 ColumnDown, 2 FileUp, 3 FileDown,
/// 4 FileInvUp, 5 FileInvDown.
pub const ORTHOGONAL: [Direction; 6] = [
    Direction { dc: 0, dl: 2 },
    Direction { dc: 0, dl: -2 },
    Direction { dc: 1, dl: 1 },
    Direction { dc: 1, dl: -1 },
    Direction { dc: -1, dl: 1 },
    Direction { dc: -1, dl: -1 },
];

/// The six diagonal directions (through a hex corner). Step-table indices
/// 6..12: TransversalLineInc, TransversalLineDec, LineUp, LineDown, LineInvUp,
/// LineInvDown.
pub const DIAGONAL: [Direction; 6] = [
    Direction { dc: 2, dl: 0 },
    Direction { dc: -2, dl: 0 },
    Direction { dc: 1, dl: 3 },
    Direction { dc: 1, dl: -3 },
    Direction { dc: -1, dl: 3 },
    Direction { dc: -1, dl: -3 },
];

/// The twelve knight-jump offsets (RULES.md §1.5).
pub const KNIGHT_JUMPS: [Direction; 12] = [
    Direction { dc: 3, dl: 1 },
    Direction { dc: 3, dl: -1 },
    Direction { dc: 2, dl: 4 },
    Direction { dc: 1, dl: 5 },
    Direction { dc: 2, dl: -4 },
    Direction { dc: 1, dl: -5 },
    Direction { dc: -3, dl: 1 },
    Direction { dc: -3, dl: -1 },
    Direction { dc: -2, dl: 4 },
    Direction { dc: -1, dl: 5 },
    Direction { dc: -2, dl: -4 },
    Direction { dc: -1, dl: -5 },
];

/// One of the twelve directions of RULES.md §1.4, by its reference name.
///
/// A `Dir` is the index of the direction in the step and ray tables:
/// orthogonal ones first ([`Dir::ORTHOGONAL`], the order of [`ORTHOGONAL`]),
/// then diagonal ones ([`Dir::DIAGONAL`], the order of [`DIAGONAL`]). Hex
/// indices grow exactly along the directions at even indices ([`Dir::grows`]). From F14,
/// `Dir::LINE_UP` leads to G17; from F28, `Dir::COLUMN_UP` leads nowhere.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Dir(u8);

impl Dir {
    /// (0, +2)
    pub const COLUMN_UP: Dir = Dir(0);
    /// (0, −2)
    pub const COLUMN_DOWN: Dir = Dir(1);
    /// (+1, +1)
    pub const FILE_UP: Dir = Dir(2);
    /// (+1, −1)
    pub const FILE_DOWN: Dir = Dir(3);
    /// (−1, +1)
    pub const FILE_INV_UP: Dir = Dir(4);
    /// (−1, −1)
    pub const FILE_INV_DOWN: Dir = Dir(5);
    /// (+2, 0)
    pub const TRANSVERSAL_LINE_INC: Dir = Dir(6);
    /// (−2, 0)
    pub const TRANSVERSAL_LINE_DEC: Dir = Dir(7);
    /// (+1, +3)
    pub const LINE_UP: Dir = Dir(8);
    /// (+1, −3)
    pub const LINE_DOWN: Dir = Dir(9);
    /// (−1, +3)
    pub const LINE_INV_UP: Dir = Dir(10);
    /// (−1, −3)
    pub const LINE_INV_DOWN: Dir = Dir(11);

    /// The twelve directions: the six orthogonal, then the six diagonal.
    pub const ALL: [Dir; 12] = [
        Dir(0),
        Dir(1),
        Dir(2),
        Dir(3),
        Dir(4),
        Dir(5),
        Dir(6),
        Dir(7),
        Dir(8),
        Dir(9),
        Dir(10),
        Dir(11),
    ];
    /// The six orthogonal directions (neighbours sharing an edge).
    pub const ORTHOGONAL: [Dir; 6] = [Dir(0), Dir(1), Dir(2), Dir(3), Dir(4), Dir(5)];
    /// The six diagonal directions (a corner apart).
    pub const DIAGONAL: [Dir; 6] = [Dir(6), Dir(7), Dir(8), Dir(9), Dir(10), Dir(11)];

    /// Index `0..12` in [`Dir::ALL`].
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Through a hex edge (the Rook's directions).
    #[inline(always)]
    pub const fn is_orthogonal(self) -> bool {
        self.0 < 6
    }

    /// Along the cross-line, (±2, 0): the diagonals an Elephant never takes.
    #[inline(always)]
    pub const fn is_transversal(self) -> bool {
        self.0 == 6 || self.0 == 7
    }

    /// The direction back: ColumnUp ↔ ColumnDown, FileUp ↔ FileInvDown,
    /// LineUp ↔ LineInvDown, …
    pub const fn opposite(self) -> Dir {
        const OPPOSITE: [u8; 12] = [1, 0, 5, 4, 3, 2, 7, 6, 11, 10, 9, 8];
        Dir(OPPOSITE[self.0 as usize])
    }

    /// Whether hex indices grow along this direction (so the first piece
    /// met on a ray is its lowest occupied hex; otherwise its highest).
    #[inline(always)]
    pub const fn grows(self) -> bool {
        self.0 % 2 == 0
    }

    /// The (Δcolumn, Δline) step.
    pub const fn offset(self) -> Direction {
        direction(self.0 as usize)
    }

    /// Straight ahead along the column for `color` (its pawns' steps).
    #[inline(always)]
    pub const fn forward(color: Color) -> Dir {
        match color {
            Color::White => Dir::COLUMN_UP,
            Color::Black => Dir::COLUMN_DOWN,
        }
    }
}

const fn direction(i: usize) -> Direction {
    if i < 6 {
        ORTHOGONAL[i]
    } else {
        DIAGONAL[i - 6]
    }
}

const fn build_steps() -> [[u8; HEX_COUNT]; 12] {
    let mut out = [[NONE; HEX_COUNT]; 12];
    let mut d = 0;
    while d < 12 {
        let dir = direction(d);
        let mut h = 0;
        while h < HEX_COUNT {
            out[d][h] = offset(h, dir.dc as i32, dir.dl as i32);
            h += 1;
        }
        d += 1;
    }
    out
}

const fn build_jumps() -> [[u8; HEX_COUNT]; 12] {
    let mut out = [[NONE; HEX_COUNT]; 12];
    let mut k = 0;
    while k < 12 {
        let j = KNIGHT_JUMPS[k];
        let mut h = 0;
        while h < HEX_COUNT {
            out[k][h] = offset(h, j.dc as i32, j.dl as i32);
            h += 1;
        }
        k += 1;
    }
    out
}

/// `STEPS_OR_WALL[d][h]`: the neighbour of hex `h` in direction `d`, or
/// `HEX_COUNT` (a position's wall square) off the board.
static STEPS_OR_WALL: [[u8; HEX_COUNT]; 12] = {
    let mut out = build_steps();
    let mut d = 0;
    while d < 12 {
        let mut h = 0;
        while h < HEX_COUNT {
            if out[d][h] == NONE {
                out[d][h] = HEX_COUNT as u8;
            }
            h += 1;
        }
        d += 1;
    }
    out
};

/// `JUMPS[k][h]`: the knight jump `k` (of [`KNIGHT_JUMPS`]) from `h`, or `NONE`.
static JUMPS: [[u8; HEX_COUNT]; 12] = build_jumps();

/// [`Hex::step`] for tables built at compile time.
pub(crate) const fn step_const(d: Dir, h: Hex) -> Option<Hex> {
    let t = STEP_TABLE[d.0 as usize][h.0 as usize];
    if t == NONE {
        None
    } else {
        Some(Hex(t))
    }
}

/// The neighbour table for compile-time table building (`NONE` off the board).
const STEP_TABLE: [[u8; HEX_COUNT]; 12] = build_steps();

/// `NEIGHBOUR_DIRS[h][t]`: the direction from `h` to its neighbour `t`
/// (anything for a `t` that is no neighbour).
static NEIGHBOUR_DIRS: [[u8; HEX_COUNT]; HEX_COUNT] = {
    let mut out = [[0; HEX_COUNT]; HEX_COUNT];
    let mut d = 0;
    while d < 12 {
        let mut h = 0;
        while h < HEX_COUNT {
            let t = STEP_TABLE[d][h];
            if t != NONE {
                out[h][t as usize] = d as u8;
            }
            h += 1;
        }
        d += 1;
    }
    out
};

impl Dir {
    /// The direction from `h` to `t`, one of its twelve neighbours.
    #[inline(always)]
    pub(crate) fn towards_neighbour(h: Hex, t: Hex) -> Dir {
        Dir(NEIGHBOUR_DIRS[h.index()][t.index()])
    }
}

const JUMPS_CONST: [[u8; HEX_COUNT]; 12] = build_jumps();

/// `RIDES[h][mid]`: where a Knight on `h` riding through `mid` (one of its
/// jump targets) lands, the same jump again; `HEX_COUNT` (the wall of
/// [`Hex::step_or_wall`]) off the board, and for any `mid` that is no jump
/// target of `h`.
static RIDES: [[u8; HEX_COUNT]; HEX_COUNT] = {
    let mut out = [[HEX_COUNT as u8; HEX_COUNT]; HEX_COUNT];
    let mut h = 0;
    while h < HEX_COUNT {
        let mut k = 0;
        while k < 12 {
            let mid = JUMPS_CONST[k][h];
            if mid != NONE {
                let t = JUMPS_CONST[k][mid as usize];
                if t != NONE {
                    out[h][mid as usize] = t;
                }
            }
            k += 1;
        }
        h += 1;
    }
    out
};

impl Hex {
    /// The landing hex of a Knight's ride from `self` through `mid`, one of
    /// its jump targets (RULES.md §3.4), if on the board.
    #[inline(always)]
    pub(crate) fn ride_beyond(self, mid: Hex) -> Option<Hex> {
        let t = RIDES[self.0 as usize][mid.0 as usize];
        (usize::from(t) != HEX_COUNT).then_some(Hex(t))
    }

    /// [`Hex::ride_beyond`] as an index, `HEX_COUNT` (the wall) off the
    /// board.
    #[inline(always)]
    pub(crate) fn ride_beyond_or_wall(self, mid: Hex) -> usize {
        usize::from(RIDES[self.0 as usize][mid.0 as usize])
    }
}

/// Compact list of the knight-jump targets of each hex, for the hot loops.
pub(crate) struct JumpList {
    pub(crate) targets: [[u8; 12]; HEX_COUNT],
    pub(crate) len: [u8; HEX_COUNT],
}

const fn build_jump_list() -> JumpList {
    let mut targets = [[NONE; 12]; HEX_COUNT];
    let mut len = [0u8; HEX_COUNT];
    let mut h = 0;
    while h < HEX_COUNT {
        let mut k = 0;
        while k < 12 {
            let t = JUMPS[k][h];
            if t != NONE {
                targets[h][len[h] as usize] = t;
                len[h] += 1;
            }
            k += 1;
        }
        h += 1;
    }
    JumpList { targets, len }
}

pub(crate) static JUMP_LIST: JumpList = build_jump_list();

impl Hex {
    /// All hexes in index order (line 0 first, then by column).
    pub fn all() -> impl Iterator<Item = Hex> + Clone {
        (0..HEX_COUNT as u8).map(Hex)
    }

    /// The hex at `(column, line)`, or `None` if the pair is not on the board.
    pub const fn new(column: u8, line: u8) -> Option<Hex> {
        if column > 14 || line > 28 {
            return None;
        }
        let i = INDEX[line as usize][column as usize];
        if i == NONE {
            None
        } else {
            Some(Hex(i))
        }
    }

    /// Like [`Hex::new`] for arguments known to be valid (tables, tests).
    pub(crate) const fn at(column: u8, line: u8) -> Hex {
        match Hex::new(column, line) {
            Some(h) => h,
            None => panic!("not a hex"),
        }
    }

    /// The hex with index `i` (`0..169`).
    pub const fn from_index(i: usize) -> Option<Hex> {
        if i < HEX_COUNT {
            Some(Hex(i as u8))
        } else {
            None
        }
    }

    #[inline(always)]
    pub(crate) const fn from_u8(i: u8) -> Hex {
        Hex(i)
    }

    /// Index `0..169`.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column index: P = 0 … F = 7 … Z = 14.
    #[inline]
    pub const fn column(self) -> u8 {
        COORDS[self.0 as usize].0
    }

    /// Cross-line number `0..=28`.
    #[inline]
    pub const fn line(self) -> u8 {
        COORDS[self.0 as usize].1
    }

    /// The column letter (`'F'` for F14).
    pub const fn column_letter(self) -> char {
        COLUMN_LETTERS[self.column() as usize]
    }

    /// Hex colour: line mod 3 = 0 black, 1 white, 2 coloured (RULES.md §1.3).
    pub const fn color(self) -> HexColor {
        match self.line() % 3 {
            0 => HexColor::Black,
            1 => HexColor::White,
            _ => HexColor::Coloured,
        }
    }

    /// The hex `(Δc, Δl)` away, if on the board.
    pub fn offset(self, dc: i8, dl: i8) -> Option<Hex> {
        let c = self.column() as i32 + dc as i32;
        let l = self.line() as i32 + dl as i32;
        if is_on_board(c, l) {
            Some(Hex(INDEX[l as usize][c as usize]))
        } else {
            None
        }
    }

    /// The hex mirrored across the midline: (c, l) ↦ (c, 28 − l).
    pub const fn mirror(self) -> Hex {
        Hex::at(self.column(), 28 - self.line())
    }

    /// The neighbour in direction `d`, if on the board (one table look-up).
    #[inline(always)]
    pub fn step(self, d: Dir) -> Option<Hex> {
        let t = STEPS_OR_WALL[d.index()][self.0 as usize];
        (usize::from(t) != HEX_COUNT).then_some(Hex(t))
    }

    /// The index of the neighbour in direction `d`, or `HEX_COUNT` off the
    /// board: a position's board has a wall square there, so a fast path
    /// reads its neighbour without testing for the edge.
    #[inline(always)]
    pub(crate) fn step_or_wall(self, d: Dir) -> usize {
        usize::from(STEPS_OR_WALL[d.index()][self.0 as usize])
    }

    /// The target of knight jump `k` (the order of [`KNIGHT_JUMPS`]), if on
    /// the board. (The generator reads [`JUMP_SETS`] and the ride table.)
    #[cfg(test)]
    pub(crate) fn jump(self, k: usize) -> Option<Hex> {
        let t = JUMPS[k][self.0 as usize];
        (t != NONE).then_some(Hex(t))
    }

    /// Whether `self` is one of the 12 neighbours of `other`.
    pub fn is_adjacent(self, other: Hex) -> bool {
        Dir::ALL.iter().any(|&d| other.step(d) == Some(self))
    }

    /// Whether `self` is a knight jump away from `other`.
    pub fn is_knight_jump(self, other: Hex) -> bool {
        let l = &JUMP_LIST;
        l.targets[other.0 as usize][..l.len[other.0 as usize] as usize].contains(&self.0)
    }

    /// Whether this hex is the promotion hex of `color` (the last hex of its
    /// column in that side's forward direction).
    pub const fn is_promotion_hex(self, color: Color) -> bool {
        let c = self.column() as i32;
        let top = 28 - (c - 7).abs();
        let bottom = (c - 7).abs();
        match color {
            Color::White => self.line() as i32 == top,
            Color::Black => self.line() as i32 == bottom,
        }
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.column_letter(), self.line())
    }
}

impl fmt::Debug for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a text is not a hex.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid hex {text:?}: {reason}")]
pub struct ParseHexError {
    /// The text read.
    pub text: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

/// Column index of a column letter (uppercase only).
pub fn column_from_letter(ch: char) -> Option<u8> {
    match u8::try_from(ch) {
        Ok(b) if b < 0x80 => COLUMN_OF[usize::from(b)],
        _ => None,
    }
}

/// The column of each ASCII column letter: [`column_from_letter`] as a
/// table, which the move-text reader also looks bytes up in.
pub(crate) static COLUMN_OF: [Option<u8>; 128] = {
    let mut table = [None; 128];
    let mut i = 0;
    while i < COLUMN_LETTERS.len() {
        table[COLUMN_LETTERS[i] as usize] = Some(i as u8);
        i += 1;
    }
    table
};

/// Parses a hex at the start of `s` (column letter + line without leading
/// zero); returns it and the number of bytes used.
pub(crate) fn parse_hex_prefix(s: &str) -> Result<(Hex, usize), ParseHexError> {
    let bytes = s.as_bytes();
    let err = |reason, len: usize| ParseHexError {
        text: s.chars().take(len.max(1)).collect(),
        reason,
    };
    let Some(&first) = bytes.first() else {
        return Err(err("empty", 0));
    };
    let Some(column) = column_from_letter(first as char) else {
        return Err(err("unknown column letter", 1));
    };
    let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return Err(err("missing line number", 1));
    }
    let digits_text = &s[1..1 + digits];
    if digits > 2 || (digits == 2 && digits_text.starts_with('0')) {
        return Err(err(
            "line number must be 0..28 without leading zero",
            1 + digits,
        ));
    }
    let line: u8 = digits_text
        .parse()
        .map_err(|_| err("bad line number", 1 + digits))?;
    match Hex::new(column, line) {
        Some(h) => Ok((h, 1 + digits)),
        None => Err(err("not a hex of the board", 1 + digits)),
    }
}

impl FromStr for Hex {
    type Err = ParseHexError;

    /// Parses `F14`; a lowercase column letter is accepted in a stand-alone
    /// coordinate (NOTATION.md §1).
    fn from_str(s: &str) -> Result<Hex, ParseHexError> {
        let upper: String = s
            .char_indices()
            .map(|(i, c)| if i == 0 { c.to_ascii_uppercase() } else { c })
            .collect();
        let (h, used) = parse_hex_prefix(&upper).map_err(|e| ParseHexError {
            text: s.to_string(),
            reason: e.reason,
        })?;
        if used != upper.len() {
            return Err(ParseHexError {
                text: s.to_string(),
                reason: "trailing characters after the hex",
            });
        }
        Ok(h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_has_169_hexes_with_the_spec_colour_counts() {
        assert_eq!(Hex::all().count(), 169);
        let count = |c| Hex::all().filter(|h| h.color() == c).count();
        assert_eq!(count(HexColor::White), 57);
        assert_eq!(count(HexColor::Black), 57);
        assert_eq!(count(HexColor::Coloured), 55);
    }

    #[test]
    fn neighbours_of_the_centre() {
        let f14: Hex = "F14".parse().unwrap();
        let mut n: Vec<String> = Dir::ALL
            .iter()
            .filter_map(|&d| f14.step(d))
            .map(|h| h.to_string())
            .collect();
        n.sort();
        let mut want = vec![
            "F12", "F16", "E13", "E15", "G13", "G15", "D14", "H14", "E11", "E17", "G11", "G17",
        ];
        want.sort();
        assert_eq!(n, want);
    }

    #[test]
    fn named_directions_match_the_spec_table() {
        let f14: Hex = "F14".parse().unwrap();
        let named = [
            (Dir::COLUMN_UP, "F16"),
            (Dir::COLUMN_DOWN, "F12"),
            (Dir::FILE_UP, "G15"),
            (Dir::FILE_DOWN, "G13"),
            (Dir::FILE_INV_UP, "E15"),
            (Dir::FILE_INV_DOWN, "E13"),
            (Dir::TRANSVERSAL_LINE_INC, "H14"),
            (Dir::TRANSVERSAL_LINE_DEC, "D14"),
            (Dir::LINE_UP, "G17"),
            (Dir::LINE_DOWN, "G11"),
            (Dir::LINE_INV_UP, "E17"),
            (Dir::LINE_INV_DOWN, "E11"),
        ];
        for (d, want) in named {
            assert_eq!(f14.step(d).unwrap().to_string(), want, "{d:?}");
            assert_eq!(f14.step(d).unwrap().step(d.opposite()), Some(f14));
            // Indices grow along exactly the even directions.
            assert_eq!(
                f14.step(d).unwrap().index() > f14.index(),
                d.grows(),
                "{d:?}"
            );
            let o = d.offset();
            assert_eq!(f14.offset(o.dc, o.dl), f14.step(d));
        }
        assert!("F28".parse::<Hex>().unwrap().step(Dir::COLUMN_UP).is_none());
        assert_eq!(
            Dir::ORTHOGONAL
                .iter()
                .chain(&Dir::DIAGONAL)
                .copied()
                .collect::<Vec<_>>(),
            Dir::ALL.to_vec()
        );
        assert!(Dir::ORTHOGONAL.iter().all(|d| d.is_orthogonal()));
    }

    #[test]
    fn knight_jumps_of_the_centre() {
        let f14: Hex = "F14".parse().unwrap();
        let mut n: Vec<String> = (0..12)
            .filter_map(|k| f14.jump(k).map(|t| t.to_string()))
            .collect();
        n.sort();
        let mut want = vec![
            "I15", "I13", "H18", "G19", "H10", "G9", "C15", "C13", "D18", "E19", "D10", "E9",
        ];
        want.sort();
        assert_eq!(n, want);
    }

    #[test]
    fn parse_rejects_non_hexes() {
        for bad in ["F15", "P5", "J3", "F014", "", "F", "F29", "Z100", "F14x"] {
            assert!(bad.parse::<Hex>().is_err(), "{bad}");
        }
        assert_eq!("f14".parse::<Hex>().unwrap().to_string(), "F14");
        for h in Hex::all() {
            assert_eq!(h.to_string().parse::<Hex>().unwrap(), h);
        }
    }

    #[test]
    fn promotion_hexes() {
        let white: Vec<String> = Hex::all()
            .filter(|h| h.is_promotion_hex(Color::White))
            .map(|h| h.to_string())
            .collect();
        assert_eq!(white.len(), 15);
        for h in ["P21", "T22", "A23", "F28", "Z21"] {
            assert!(white.contains(&h.to_string()));
        }
        let black = Hex::all()
            .filter(|h| h.is_promotion_hex(Color::Black))
            .count();
        assert_eq!(black, 15);
        assert!("E1".parse::<Hex>().unwrap().is_promotion_hex(Color::Black));
    }
}
