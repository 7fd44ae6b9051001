//! The King's special gaits (RULES.md §4): the five King's Leaps and the
//! 24 castlings, the castling rights that allow them, and their
//! generation, for both colours.
//!
//! - `leaps`: the leap hexes and the leap zone the enemy King may not enter
//!   while its owner's King is unmoved (§4.2, §5.2).
//! - `castling`: the 24 castlings as data ([`Castling`]) and what playing
//!   one moves (§4.3–§4.6).
//! - `rights`: which Kings and Rooks have never moved ([`CastlingRights`],
//!   §4.7) and how a move changes that.
//! - `generate`: the legal Leaps and castlings of a position.
//!
//! The King's ordinary one-hex steps are generated in `movegen` with the
//! other pieces' moves: they go through the same sinks and the same check
//! tests, and are no special gait.
//!
//! Black's hexes are White's mirrored across the midline, so only White's
//! tables are written out; everything else is derived at compile time.

use crate::geometry::Hex;

mod castling;
mod generate;
mod leaps;
mod rights;

pub use castling::{Castling, CastlingRooks};
pub use leaps::LEAP_HEXES;
pub(crate) use leaps::LEAP_ZONE;
pub use rights::CastlingRights;

/// Home hex of each King (White G1, Black G27).
pub const KING_HOME: [Hex; 2] = [Hex::at(8, 1), Hex::at(8, 27)];
/// Home hex of each queen's rook (C3 / C25).
pub const QUEEN_ROOK_HOME: [Hex; 2] = [Hex::at(4, 3), Hex::at(4, 25)];
/// Home hex of each king's rook (I3 / I25).
pub const KING_ROOK_HOME: [Hex; 2] = [Hex::at(10, 3), Hex::at(10, 25)];
