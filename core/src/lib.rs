//! # cescacs
//!
//! The rules of C'escacs, a hexagonal chess variant on a 169-hex board:
//! legal move generation (including the five King's Leaps and the 24
//! castlings), the PDTL position format, CTL-AN move notation and perft.
//!
//! ```
//! use cescacs::Position;
//!
//! let mut pos = Position::default();
//! assert_eq!(pos.legal_moves().len(), 68);
//! let m = pos.parse_ctl("E7-E13").unwrap();
//! pos.play(m).unwrap();
//! assert_eq!(
//!     pos.to_pdtl(),
//!     "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/13:3P4/8:3P3/7:4P3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ b RKRrkr E13@9-11 0 1"
//! );
//! ```
//!
//! The crate is pure Rust with no I/O; the C ABI (`cescacs-ffi`) and the
//! Python package wrap it without adding rules. Research over the rules
//! (self-play, datasets, encodings for machine learning) is the
//! `cescacs-research` crate, which uses this one's public API only.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod attacks;
mod bitboard;
mod drawing;
mod gaits;
mod game;
mod geometry;
mod history;
mod line_view;
mod movegen;
mod moves;
mod notation;
mod outcome;
mod pdtl;
mod perft;
pub mod pgn;
mod piece;
mod position;
pub mod random;
mod record;
mod record_edit;
mod record_tree;
mod render;
mod special_capture;
pub mod svg;
pub mod workers;
mod zobrist;

pub use bitboard::Bitboard;
pub use gaits::{
    Castling, CastlingRights, CastlingRooks, KING_HOME, KING_ROOK_HOME, LEAP_HEXES, QUEEN_ROOK_HOME,
};
pub use game::{Game, GameError, TagError};
pub use geometry::{
    column_from_letter, Dir, Direction, Hex, HexColor, ParseHexError, COLUMN_LETTERS, DIAGONAL,
    HEX_COUNT, KNIGHT_JUMPS, ORTHOGONAL,
};
pub use history::{DrawClaim, History, RecentHashes};
pub use line_view::LineView;
pub use movegen::MoveGroups;
pub use moves::{Move, MoveKind, MoveList, MAX_MOVES};
pub use notation::{
    CheckKind, Ctl, MoveId, MoveIdError, MoveTextError, ParseMoveError, ResolveMoveError, Separator,
};
pub use outcome::{Outcome, Termination};
pub use pdtl::{PdtlError, Setup};
pub use perft::{perft, perft_divide, Interrupted, PerftJob, PerftProgress};
pub use pgn::{PgnError, PgnErrorKind};
pub use piece::{Color, Piece, Role};
pub use position::{IllegalMoveError, Position, INITIAL_PDTL};
pub use record::{
    AnnotatedMove, Assessment, GameResult, Indicator, Line, ParseResultError, ResultMismatch,
    ResultSource, Variation,
};
pub use record_edit::{EditError, Fork};
pub use special_capture::SpecialCapture;
