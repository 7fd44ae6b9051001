//! The long form (`FROM-TO`, `FROM-TO=X`, `HEX=X`, castlings as the King's
//! move then each rook's): [`MoveId`], a move named without a position, as
//! the golden data write it. CTL-AN's counterpart as shakmaty's `UciMove` is
//! `San`'s.

use crate::gaits::{Castling, KING_HOME};
use crate::geometry::Hex;
use crate::moves::Move;
use crate::piece::{Color, Role};
use crate::position::Position;

use super::{
    hex_at, promotion_letter, MoveIdError, MoveTextError, ParseMoveError, ResolveMoveError,
};

/// A move named without a position: the identity of RULES.md §5.5. This is
/// what the long form writes, and what a front end (or a binding) can keep
/// without a board, like a UCI string in orthodox chess.
///
/// ```
/// use cescacs::{MoveId, Position};
/// let id = MoveId::from_long("G1-H6+I3-I5").unwrap();
/// assert_eq!(id.long(), "G1-H6+I3-I5");
/// let pos: Position = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1".parse().unwrap();
/// assert_eq!(pos.resolve(id).unwrap().castling().unwrap().name(), "KRK-HIO");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum MoveId {
    /// Every move that is not a castling or a forced promotion: origin,
    /// destination and promotion piece (King's Leaps, en passant and scornful
    /// captures included).
    Ordinary {
        /// The origin hex.
        from: Hex,
        /// The destination hex.
        to: Hex,
        /// The piece a pawn promotes to.
        promotion: Option<Role>,
    },
    /// The in-place promotion of a waiting pawn.
    ForcedPromotion {
        /// The waiting pawn's hex.
        hex: Hex,
        /// The piece it becomes.
        promotion: Role,
    },
    /// One of the 24 castlings of one side.
    Castling {
        /// The side that castles.
        color: Color,
        /// Which castling.
        castling: Castling,
    },
}

impl MoveId {
    /// The identity of a move told by its hexes: a castling by its name
    /// (its colour is that of the King's home hex it starts from), a forced
    /// promotion when `from == to`, any other move otherwise. This is the
    /// one place that rule lives (bindings keep moves as hexes).
    pub fn new(from: Hex, to: Hex, promotion: Option<Role>, castling: Option<Castling>) -> MoveId {
        match (castling, promotion) {
            (Some(castling), _) => {
                let color = if from == KING_HOME[Color::Black.index()] {
                    Color::Black
                } else {
                    Color::White
                };
                MoveId::Castling { color, castling }
            }
            (None, Some(promotion)) if from == to => MoveId::ForcedPromotion {
                hex: from,
                promotion,
            },
            (None, promotion) => MoveId::Ordinary {
                from,
                to,
                promotion,
            },
        }
    }

    /// The move from `from` to `to` (a forced promotion when they are the
    /// same hex and a promotion piece is given), checked as far as it can be
    /// without a position: a promotion piece must be regainable, and only a
    /// promotion stays on its hex. Castlings are named with
    /// [`MoveId::from_long`] or built as [`MoveId::Castling`].
    ///
    /// ```
    /// use cescacs::{MoveId, Role};
    /// let e = "E7".parse().unwrap();
    /// assert_eq!(MoveId::from_hexes(e, "E13".parse().unwrap(), None).unwrap().long(), "E7-E13");
    /// assert_eq!(MoveId::from_hexes(e, e, Some(Role::Queen)).unwrap().long(), "E7=D");
    /// assert!(MoveId::from_hexes(e, e, None).is_err());
    /// assert!(MoveId::from_hexes(e, "E9".parse().unwrap(), Some(Role::King)).is_err());
    /// ```
    pub fn from_hexes(from: Hex, to: Hex, promotion: Option<Role>) -> Result<MoveId, MoveIdError> {
        match promotion {
            Some(r) if !Role::REGAINABLE.contains(&r) => Err(MoveIdError::Promotion(r)),
            None if from == to => Err(MoveIdError::SameHex(from)),
            _ => Ok(MoveId::new(from, to, promotion, None)),
        }
    }

    /// The long form: `FROM-TO`, `FROM-TO=X`, `HEX=X`, castlings as King then
    /// rooks sorted, `G1-H6+C3-H8+I3-I7`.
    pub fn long(&self) -> String {
        match *self {
            MoveId::Castling { color, castling } => {
                let mut parts = vec![format!(
                    "{}-{}",
                    KING_HOME[color.index()],
                    castling.king_to(color)
                )];
                let mut rooks: Vec<String> = castling
                    .rook_moves(color)
                    .iter()
                    .map(|(f, t)| format!("{f}-{t}"))
                    .collect();
                rooks.sort();
                parts.extend(rooks);
                parts.join("+")
            }
            MoveId::ForcedPromotion { hex, promotion } => format!("{hex}={}", promotion.letter()),
            MoveId::Ordinary {
                from,
                to,
                promotion: Some(r),
            } => format!("{from}-{to}={}", r.letter()),
            MoveId::Ordinary {
                from,
                to,
                promotion: None,
            } => format!("{from}-{to}"),
        }
    }

    /// Reads the long form (syntax only: whether the move is legal depends
    /// on a position, see [`Position::resolve`]).
    pub fn from_long(text: &str) -> Result<MoveId, ParseMoveError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        let syntax = |at: usize, reason| ParseMoveError::Syntax {
            text: text.to_string(),
            at,
            reason,
        };
        // FROM-TO at the start of `s`; returns the hexes and the bytes used.
        let pair = |s: &str, at: usize| -> Result<(Hex, Hex, usize), ParseMoveError> {
            let (from, used) = hex_at(text, s)?;
            if !s[used..].starts_with('-') {
                return Err(syntax(
                    at + used,
                    "expected '-' between origin and destination",
                ));
            }
            let (to, used2) = hex_at(text, &s[used + 1..])?;
            Ok((from, to, used + 1 + used2))
        };
        if t.contains('+') {
            let mut at = 0;
            let mut parts = Vec::new();
            for part in t.split('+') {
                let (from, to, used) = pair(part, at)?;
                if used != part.len() {
                    return Err(syntax(
                        at + used,
                        "unexpected characters in a castling part",
                    ));
                }
                parts.push((from, to));
                at += part.len() + 1;
            }
            let (king_from, king_to) = parts[0];
            let mut rooks = parts[1..].to_vec();
            rooks.sort();
            let not_castling = || {
                syntax(
                    0,
                    "not one of the 24 castlings (King's move, then each rook's)",
                )
            };
            let color = Color::ALL
                .into_iter()
                .find(|c| KING_HOME[c.index()] == king_from)
                .ok_or_else(not_castling)?;
            return Castling::ALL
                .into_iter()
                .find(|c| {
                    let mut want = c.rook_moves(color);
                    want.sort();
                    c.king_to(color) == king_to && want == rooks
                })
                .map(|castling| MoveId::Castling { color, castling })
                .ok_or_else(not_castling);
        }
        let (from, used) = hex_at(text, t)?;
        if let Some(p) = t[used..].strip_prefix('=') {
            let promotion = promotion_letter(p)
                .ok_or_else(|| syntax(used + 1, "expected a promotion letter D V R G N J"))?;
            return Ok(MoveId::ForcedPromotion {
                hex: from,
                promotion,
            });
        }
        let (_, to, used) = pair(t, 0)?;
        let rest = &t[used..];
        let promotion = match rest {
            "" => None,
            _ => match rest.strip_prefix('=') {
                Some(p) => {
                    Some(promotion_letter(p).ok_or_else(|| {
                        syntax(used + 1, "expected a promotion letter D V R G N J")
                    })?)
                }
                None => return Err(syntax(used, "unexpected characters after the destination")),
            },
        };
        if from == to {
            return Err(syntax(0, "origin and destination are the same hex"));
        }
        Ok(MoveId::Ordinary {
            from,
            to,
            promotion,
        })
    }
}

impl std::fmt::Display for MoveId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.long())
    }
}

impl Move {
    /// This move's position-free identity.
    pub fn id(&self) -> MoveId {
        MoveId::new(self.from, self.to, self.promotion, self.castling())
    }

    /// The long form used by the golden data (see [`MoveId::long`]).
    pub fn long(&self) -> String {
        self.id().long()
    }
}

impl Position {
    /// Reads the long form (`FROM-TO`, `FROM-TO=X`, `HEX=X`, castling
    /// `G1-H6+I3-I7`) and returns the legal move it names.
    pub fn parse_long(&self, text: &str) -> Result<Move, MoveTextError> {
        let id = MoveId::from_long(text)?;
        self.resolve(id).ok_or_else(|| {
            MoveTextError::Resolve(match id {
                MoveId::Ordinary {
                    from,
                    to,
                    promotion: None,
                } if self
                    .legal_moves_from(from)
                    .iter()
                    .any(|m| m.to == to && m.castling().is_none()) =>
                {
                    ResolveMoveError::PromotionRequired {
                        text: text.to_string(),
                    }
                }
                _ => ResolveMoveError::Illegal {
                    text: text.to_string(),
                    pdtl: self.to_pdtl(),
                },
            })
        })
    }

    /// The legal move with this identity, if there is one.
    pub fn resolve(&self, id: MoveId) -> Option<Move> {
        let from = match id {
            MoveId::Ordinary { from, .. } => from,
            MoveId::ForcedPromotion { hex, .. } => hex,
            MoveId::Castling { color, .. } => KING_HOME[color.index()],
        };
        self.legal_moves_from(from)
            .into_iter()
            .find(|m| m.id() == id)
    }
}
