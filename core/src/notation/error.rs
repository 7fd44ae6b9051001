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
    /// Nothing but blanks (or check marks).
    #[error("empty move text")]
    Empty,
    /// A hex that is not on the board or not written as one.
    #[error("move {text:?}: {source}")]
    BadHex {
        /// The move text.
        text: String,
        /// What is wrong with the hex.
        #[source]
        source: ParseHexError,
    },
    /// Text that does not follow the grammar.
    #[error("move {text:?}: {reason} at character {at}")]
    Syntax {
        /// The move text.
        text: String,
        /// Byte offset of the fault in the text.
        at: usize,
        /// What was expected there.
        reason: &'static str,
    },
    /// A castling prefix with a name that is none of the 24.
    #[error("move {text:?}: unknown castling {name:?} (the 24 names are KRK-…, KRD-…, KRR-…)")]
    UnknownCastling {
        /// The move text.
        text: String,
        /// The castling name as read.
        name: String,
    },
}

/// Hexes and a promotion piece that name no move whatever the position
/// ([`MoveId::from_hexes`](super::MoveId::from_hexes)).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveIdError {
    /// A promotion piece that is not a regainable kind.
    #[error("a pawn cannot promote to a {0} (regainable kinds: D V R G N J)")]
    Promotion(Role),
    /// The same hex as origin and destination without a promotion.
    #[error("move {0}-{0}: origin and destination are the same hex (only a forced promotion HEX=X stays)")]
    SameHex(Hex),
}

/// A readable move text that names no legal move of the position (the
/// position is never changed). Each variant carries the text as written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResolveMoveError {
    /// The origin hex does not hold the named piece of the side to move.
    #[error("move {text:?}: no {expected} of the side to move on {hex}")]
    NoSuchPiece {
        /// The move text.
        text: String,
        /// The origin hex.
        hex: Hex,
        /// The kind the text names.
        expected: Role,
    },
    /// The separator does not match the move (capture or not, special).
    #[error("move {text:?}: the separator says {said}, but the move is {actual}")]
    Separator {
        /// The move text.
        text: String,
        /// What the separator says.
        said: &'static str,
        /// What the move is.
        actual: &'static str,
    },
    /// The captured-piece letter names another kind than the one taken.
    #[error("move {text:?}: the captured piece is a {actual}, not a {said}")]
    CapturedPiece {
        /// The move text.
        text: String,
        /// The kind the text names.
        said: Role,
        /// The kind on the destination.
        actual: Role,
    },
    /// A pawn reaches its promotion hex and the text names no piece.
    #[error("move {text:?}: a promotion piece (=D, =V, =R, =G, =N or =J) is required")]
    PromotionRequired {
        /// The move text.
        text: String,
    },
    /// No legal move of the position matches the text.
    #[error("move {text:?} is not legal in position {pdtl}")]
    Illegal {
        /// The move text.
        text: String,
        /// The position, in PDTL.
        pdtl: String,
    },
}

/// Why a move text could not be turned into a legal move: it cannot be
/// read ([`ParseMoveError`]), or it names no legal move here
/// ([`ResolveMoveError`]) — the split shakmaty makes between `ParseSanError`
/// and `SanError`, so that callers (and the C and Python bindings) tell
/// "bad text" from "illegal move" without sorting variants.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
    /// The text cannot be read.
    #[error(transparent)]
    Syntax(#[from] ParseMoveError),
    /// The text names no legal move here.
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
                ParseMoveError::Syntax { at, reason, .. } => ParseMoveError::Syntax {
                    text: t,
                    at,
                    reason,
                },
                ParseMoveError::UnknownCastling { name, .. } => {
                    ParseMoveError::UnknownCastling { text: t, name }
                }
            }),
            MoveTextError::Resolve(e) => MoveTextError::Resolve(match e {
                ResolveMoveError::NoSuchPiece { hex, expected, .. } => {
                    ResolveMoveError::NoSuchPiece {
                        text: t,
                        hex,
                        expected,
                    }
                }
                ResolveMoveError::Separator { said, actual, .. } => ResolveMoveError::Separator {
                    text: t,
                    said,
                    actual,
                },
                ResolveMoveError::CapturedPiece { said, actual, .. } => {
                    ResolveMoveError::CapturedPiece {
                        text: t,
                        said,
                        actual,
                    }
                }
                ResolveMoveError::PromotionRequired { .. } => {
                    ResolveMoveError::PromotionRequired { text: t }
                }
                ResolveMoveError::Illegal { pdtl, .. } => {
                    ResolveMoveError::Illegal { text: t, pdtl }
                }
            }),
        }
    }
}
