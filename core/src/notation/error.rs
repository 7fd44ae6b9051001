//! Why a move text gives no move: it cannot be read ([`ParseMoveError`]),
//! its hexes name no move ([`MoveIdError`]), or it names no legal move of
//! the position ([`ResolveMoveError`]); [`MoveTextError`] is either of the
//! first and last, for the calls that read and resolve in one go.

use crate::geometry::{Hex, ParseHexError};
use crate::piece::Role;

/// A move text that cannot be read, whatever the position (the syntax of
/// CTL-AN, NOTATION.md §3, or of the long form). Each variant carries the
/// text as written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    #[error("empty move text")]
    Empty,
    #[error("move {text:?}: {source}")]
    BadHex {
        text: String,
        #[source]
        source: ParseHexError,
    },
    #[error("move {text:?}: {reason} at character {at}")]
    Syntax { text: String, at: usize, reason: &'static str },
    #[error("move {text:?}: unknown castling {name:?} (the 24 names are KRK-…, KRD-…, KRR-…)")]
    UnknownCastling { text: String, name: String },
}

/// Hexes and a promotion piece that name no move whatever the position
/// ([`MoveId::from_hexes`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveIdError {
    #[error("a pawn cannot promote to a {0} (regainable kinds: D V R G N J)")]
    Promotion(Role),
    #[error("move {0}-{0}: origin and destination are the same hex (only a forced promotion HEX=X stays)")]
    SameHex(Hex),
}

/// A readable move text that names no legal move of the position (the
/// position is never changed). Each variant carries the text as written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResolveMoveError {
    #[error("move {text:?}: no {expected} of the side to move on {hex}")]
    NoSuchPiece { text: String, hex: Hex, expected: Role },
    #[error("move {text:?}: the separator says {said}, but the move is {actual}")]
    Separator { text: String, said: &'static str, actual: &'static str },
    #[error("move {text:?}: the captured piece is a {actual}, not a {said}")]
    CapturedPiece { text: String, said: Role, actual: Role },
    #[error("move {text:?}: a promotion piece (=D, =V, =R, =G, =N or =J) is required")]
    PromotionRequired { text: String },
    #[error("move {text:?} is not legal in position {pdtl}")]
    Illegal { text: String, pdtl: String },
}

/// Why a move text could not be turned into a legal move: it cannot be
/// read ([`ParseMoveError`]), or it names no legal move here
/// ([`ResolveMoveError`]) — the split shakmaty makes between `ParseSanError`
/// and `SanError`, so that callers (and the C and Python bindings) tell
/// "bad text" from "illegal move" without sorting variants.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
    #[error(transparent)]
    Syntax(#[from] ParseMoveError),
    #[error(transparent)]
    Resolve(#[from] ResolveMoveError),
}

impl MoveTextError {
    /// The same error about `text` (e.g. the text as written in a record
    /// whose letters were translated before reading).
    pub fn with_text(self, text: &str) -> MoveTextError {
        let t = text.to_string();
        match self {
            MoveTextError::Syntax(e) => MoveTextError::Syntax(match e {
                ParseMoveError::Empty => ParseMoveError::Empty,
                ParseMoveError::BadHex { source, .. } => ParseMoveError::BadHex { text: t, source },
                ParseMoveError::Syntax { at, reason, .. } => ParseMoveError::Syntax { text: t, at, reason },
                ParseMoveError::UnknownCastling { name, .. } => ParseMoveError::UnknownCastling { text: t, name },
            }),
            MoveTextError::Resolve(e) => MoveTextError::Resolve(match e {
                ResolveMoveError::NoSuchPiece { hex, expected, .. } => ResolveMoveError::NoSuchPiece { text: t, hex, expected },
                ResolveMoveError::Separator { said, actual, .. } => ResolveMoveError::Separator { text: t, said, actual },
                ResolveMoveError::CapturedPiece { said, actual, .. } => ResolveMoveError::CapturedPiece { text: t, said, actual },
                ResolveMoveError::PromotionRequired { .. } => ResolveMoveError::PromotionRequired { text: t },
                ResolveMoveError::Illegal { pdtl, .. } => ResolveMoveError::Illegal { text: t, pdtl },
            }),
        }
    }
}
