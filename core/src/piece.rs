//! Sides, piece kinds and their letters (RULES.md §2, NOTATION.md §2).

use std::fmt;
use std::ops::Not;

/// A side. White moves first and towards higher lines.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    /// White, who moves first.
    White = 0,
    /// Black.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// Index `0..2` (White, Black), for tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// +1 for White (towards line 28), −1 for Black.
    #[inline(always)]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// `w` or `b`, as in PDTL.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The colour in words (`"White"`, `"Black"`).
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A kind of piece. The letters are those of CTL-AN.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Role {
    /// `P`
    Pawn = 0,
    /// `E` (Halberdier)
    Elephant = 1,
    /// `J`
    Bishop = 2,
    /// `N`
    Knight = 3,
    /// `G`
    Pegasus = 4,
    /// `R`
    Rook = 5,
    /// `V` (Dragon)
    Wyvern = 6,
    /// `D`
    Queen = 7,
    /// `K`
    King = 8,
}

impl Role {
    /// The nine kinds, in index order.
    pub const ALL: [Role; 9] = [
        Role::Pawn,
        Role::Elephant,
        Role::Bishop,
        Role::Knight,
        Role::Pegasus,
        Role::Rook,
        Role::Wyvern,
        Role::Queen,
        Role::King,
    ];

    /// The types a pawn may promote to (regainable pieces), in the order the
    /// move generator lists them.
    pub const REGAINABLE: [Role; 6] = [
        Role::Queen,
        Role::Wyvern,
        Role::Rook,
        Role::Pegasus,
        Role::Knight,
        Role::Bishop,
    ];

    /// Index `0..9`, for tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Uppercase letter: P E J N G R V D K.
    pub const fn letter(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Elephant => 'E',
            Role::Bishop => 'J',
            Role::Knight => 'N',
            Role::Pegasus => 'G',
            Role::Rook => 'R',
            Role::Wyvern => 'V',
            Role::Queen => 'D',
            Role::King => 'K',
        }
    }

    /// The role of an uppercase standard letter.
    pub const fn from_letter(ch: char) -> Option<Role> {
        Some(match ch {
            'P' => Role::Pawn,
            'E' => Role::Elephant,
            'J' => Role::Bishop,
            'N' => Role::Knight,
            'G' => Role::Pegasus,
            'R' => Role::Rook,
            'V' => Role::Wyvern,
            'D' => Role::Queen,
            'K' => Role::King,
            _ => return None,
        })
    }

    /// The kind in words (`"pawn"`, `"elephant"`, …).
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Elephant => "elephant",
            Role::Bishop => "bishop",
            Role::Knight => "knight",
            Role::Pegasus => "pegasus",
            Role::Rook => "rook",
            Role::Wyvern => "wyvern",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    /// Number of pieces of this kind in each side's initial army.
    pub const fn initial_count(self) -> u8 {
        match self {
            Role::Pawn => 11,
            Role::Elephant => 4,
            Role::Bishop => 3,
            Role::Knight | Role::Pegasus | Role::Rook => 2,
            Role::Wyvern | Role::Queen | Role::King => 1,
        }
    }

    /// Whether this kind slides along the orthogonal rays.
    #[inline(always)]
    pub(crate) const fn slides_orthogonally(self) -> bool {
        matches!(self, Role::Rook | Role::Wyvern | Role::Queen)
    }

    /// Whether this kind slides along the diagonal rays.
    #[inline(always)]
    pub(crate) const fn slides_diagonally(self) -> bool {
        matches!(self, Role::Bishop | Role::Pegasus | Role::Queen)
    }

    /// Whether this kind makes the knight jump (Knight, Pegasus, Wyvern).
    #[inline(always)]
    pub(crate) const fn jumps(self) -> bool {
        matches!(self, Role::Knight | Role::Pegasus | Role::Wyvern)
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a role and a colour.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// Which kind.
    pub role: Role,
}

impl Piece {
    /// The piece of `color` and `role`.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// PDTL letter: uppercase for White, lowercase for Black.
    pub const fn char(self) -> char {
        let c = self.role.letter();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece of a PDTL letter.
    pub const fn from_char(ch: char) -> Option<Piece> {
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match Role::from_letter(ch.to_ascii_uppercase()) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }

    /// Unicode figurine (FAN), NOTATION.md §2.
    pub const fn figurine(self) -> char {
        use Color::*;
        use Role::*;
        match (self.color, self.role) {
            (White, Pawn) => '♙',
            (Black, Pawn) => '♟',
            (White, Elephant) => '☖',
            (Black, Elephant) => '☗',
            (White, Bishop) => '♗',
            (Black, Bishop) => '♝',
            (White, Knight) => '♘',
            (Black, Knight) => '♞',
            (White, Pegasus) => '\u{1FA50}',
            (Black, Pegasus) => '\u{1FA53}',
            (White, Rook) => '♖',
            (Black, Rook) => '♜',
            (White, Wyvern) => '\u{1FA4F}',
            (Black, Wyvern) => '\u{1FA52}',
            (White, Queen) => '♕',
            (Black, Queen) => '♛',
            (White, King) => '♔',
            (Black, King) => '♚',
        }
    }
}
