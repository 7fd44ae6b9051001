//! Move text: CTL-AN (NOTATION.md §3) and the long form of the golden data.
//!
//! ```
//! use cescacs::Position;
//! let pos = Position::default();
//! let m = pos.parse_ctl("E7-E13").unwrap();       // triple step
//! assert_eq!(pos.ctl(&m), "E7-E13");
//! assert_eq!(m.long(), "E7-E13");
//! let m = pos.parse_long("G3-I7").unwrap();
//! assert_eq!(pos.ctl(&m), "NG3-I7");
//! ```
//!
//! The files, as shakmaty keeps SAN and UCI apart: `ctl` (CTL-AN: [`Ctl`],
//! reading, resolving and writing it), `long` (the long form, [`MoveId`])
//! and `error` (the errors of both).

use crate::geometry::{parse_hex_prefix, Hex};
use crate::piece::Role;

mod ctl;
mod error;
mod long;

pub(crate) use ctl::{scan_castling, scan_plain};
pub use ctl::{CheckKind, Ctl, Separator};
pub use error::{MoveIdError, MoveTextError, ParseMoveError, ResolveMoveError};
pub use long::MoveId;

/// The hex at the start of `s`, a part of the move text `text`, and the
/// bytes it takes.
fn hex_at(text: &str, s: &str) -> Result<(Hex, usize), ParseMoveError> {
    parse_hex_prefix(s).map_err(|source| ParseMoveError::BadHex {
        text: text.to_string(),
        source,
    })
}

/// The promotion piece `s` names, if it is one letter of a regainable kind.
fn promotion_letter(s: &str) -> Option<Role> {
    let mut it = s.chars();
    let r = Role::from_letter(it.next()?)?;
    (it.next().is_none() && Role::REGAINABLE.contains(&r)).then_some(r)
}
