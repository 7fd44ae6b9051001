//! The `Move` type and the fixed-capacity `MoveList`.

use arrayvec::ArrayVec;

use crate::gaits::Castling;
use crate::geometry::Hex;
use crate::piece::Role;

/// What kind of move a [`Move`] is. Captures are told by [`Move::captured`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    /// Any piece move or capture without a special rule (pawn steps,
    /// captures and promotions, slides, jumps, knight rides, King steps).
    Normal,
    /// Pawn double step: leaves an en passant target.
    DoubleStep,
    /// Pawn triple step: leaves two en passant targets.
    TripleStep,
    /// Oblique pawn step away from a facing enemy pawn: leaves a scornful
    /// capture right to that pawn (RULES.md §3.7.5).
    ScornfulStep,
    /// En passant capture; `to` is the crossed hex the pawn lands on.
    EnPassant,
    /// The scorned pawn capturing the scornful pawn orthogonally.
    ScornfulCapture,
    /// A King's Leap (knight jump from the home hex), capturing or not.
    KingLeap,
    /// One of the 24 castlings.
    Castling(Castling),
    /// In-place promotion of a pawn awaiting promotion (`from == to`).
    ForcedPromotion,
}

/// A legal (or candidate) move. Moves are small `Copy` values; compare them
/// with `==` or look them up with [`Position::find_move`](crate::Position).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub(crate) from: Hex,
    pub(crate) to: Hex,
    pub(crate) role: Role,
    pub(crate) captured: Option<Role>,
    pub(crate) promotion: Option<Role>,
    pub(crate) kind: MoveKind,
}

impl Move {
    #[inline(always)]
    pub(crate) const fn new(
        from: Hex,
        to: Hex,
        role: Role,
        captured: Option<Role>,
        kind: MoveKind,
    ) -> Move {
        Move {
            from,
            to,
            role,
            captured,
            promotion: None,
            kind,
        }
    }

    /// Origin hex (the King's home for castlings; the pawn's hex for a forced promotion).
    pub const fn from(&self) -> Hex {
        self.from
    }

    /// Destination hex (the King's destination for castlings).
    pub const fn to(&self) -> Hex {
        self.to
    }

    /// The moving piece's kind (a pawn for promotions).
    pub const fn role(&self) -> Role {
        self.role
    }

    /// The captured piece's kind, if any (for en passant the stepped pawn,
    /// or what it promoted into).
    pub const fn captured(&self) -> Option<Role> {
        self.captured
    }

    /// Whether the move takes a piece (en passant and scornful captures included).
    pub const fn is_capture(&self) -> bool {
        self.captured.is_some()
    }

    /// The piece a pawn becomes, for promotions and forced promotions.
    pub const fn promotion(&self) -> Option<Role> {
        self.promotion
    }

    /// What kind of move it is.
    pub const fn kind(&self) -> MoveKind {
        self.kind
    }

    /// The castling, if the move is one.
    pub const fn castling(&self) -> Option<Castling> {
        match self.kind {
            MoveKind::Castling(c) => Some(c),
            _ => None,
        }
    }

    /// The rook moves `(from, to)` of a castling (queen's rook first); empty
    /// for every other move.
    pub fn rook_moves(&self) -> Vec<(Hex, Hex)> {
        match self.id() {
            crate::MoveId::Castling { color, castling } => castling.rook_moves(color),
            _ => Vec::new(),
        }
    }

    /// Whether this is a pawn move or a capture (resets the halfmove clock).
    pub const fn is_zeroing(&self) -> bool {
        matches!(self.role, Role::Pawn) || self.captured.is_some()
    }
}

/// Upper bound on the number of legal moves in any position (the golden
/// data's maximum is 197).
pub const MAX_MOVES: usize = 512;

/// A list of moves that lives on the stack: generation never allocates.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;
