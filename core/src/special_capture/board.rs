//! The special-capture record against a board: the record a move leaves,
//! the captures it allows as far as the pieces go, and the checks of a
//! record read from PDTL.

use crate::geometry::Hex;
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, Piece, Role};
use crate::position::Position;

use super::SpecialCapture;

impl SpecialCapture {
    /// The pawns of `us` that could capture a scornful piece on `s`: one
    /// line behind it on a neighbouring column, facing an empty hex.
    pub(crate) fn scornful_capturers(pos: &Position, s: Hex, us: Color) -> Vec<Hex> {
        let f = us.forward();
        [1i8, -1]
            .into_iter()
            .filter_map(|dc| {
                let c = s.offset(dc, -f)?;
                let front = s.offset(dc, f)?;
                (pos.piece_at(c) == Some(Piece::new(us, Role::Pawn))
                    && pos.piece_at(front).is_none())
                .then_some(c)
            })
            .collect()
    }

    /// The en passant record of the piece of `mover` on `pawn` that crossed
    /// the hexes on `lines` of its column, checked against the board: the
    /// lines are those it crossed, and those hexes are empty.
    pub(crate) fn en_passant_in(
        pos: &Position,
        pawn: Hex,
        lines: &[u8],
        mover: Color,
    ) -> Result<SpecialCapture, String> {
        match pos.piece_at(pawn) {
            Some(p) if p.color == mover && p.role != Role::King => {}
            _ => {
                return Err(format!(
                    "{pawn} must hold a piece of {mover}, the side that just moved"
                ))
            }
        }
        let steps = lines.len() as u8 + 1;
        let special = SpecialCapture::EnPassant { pawn, steps };
        let targets = special.en_passant_targets(mover);
        let mut want: Vec<u8> = targets.iter().map(|h| h.line()).collect();
        let mut got = lines.to_vec();
        want.sort_unstable();
        got.sort_unstable();
        if targets.len() != lines.len() || want != got {
            return Err(format!(
                "the target lines must be the hexes the pawn on {pawn} crossed (2 and 4 lines behind it)"
            ));
        }
        if let Some(t) = targets.iter().find(|t| pos.piece_at(**t).is_some()) {
            return Err(format!("en passant target {t} is not empty"));
        }
        Ok(special)
    }

    /// The scornful record of `us`'s pawn on `capturer` facing the
    /// scornful piece on `pawn`, checked against the board.
    pub(crate) fn scornful_in(
        pos: &Position,
        capturer: Hex,
        pawn: Hex,
        us: Color,
    ) -> Result<SpecialCapture, String> {
        if pos.piece_at(capturer) != Some(Piece::new(us, Role::Pawn)) {
            return Err(format!(
                "{capturer} must hold a pawn of {us}, the side to move"
            ));
        }
        match pos.piece_at(pawn) {
            Some(p) if p.color != us && p.role != Role::King => {}
            _ => return Err(format!("{pawn} must hold the scornful piece of {}", !us)),
        }
        let f = us.forward();
        if ![1i8, -1]
            .iter()
            .any(|&dc| capturer.offset(dc, f) == Some(pawn))
        {
            return Err(format!(
                "{capturer} is not a forward-oblique step from {pawn}"
            ));
        }
        Ok(SpecialCapture::Scornful { capturer, pawn })
    }
}

impl Position {
    /// Notes the record `m`, just played by `us`, leaves (the record is
    /// `None` before): an en passant record after a double or triple step,
    /// a scornful one after a scornful step (the facing pawn two lines
    /// ahead of the origin may capture).
    #[inline(always)]
    pub(crate) fn note_special_capture(&mut self, m: Move, us: Color) {
        match m.kind {
            MoveKind::DoubleStep => {
                self.special = SpecialCapture::EnPassant {
                    pawn: m.to,
                    steps: 2,
                }
            }
            MoveKind::TripleStep => {
                self.special = SpecialCapture::EnPassant {
                    pawn: m.to,
                    steps: 3,
                }
            }
            MoveKind::ScornfulStep => {
                let capturer = m.from.offset(0, 2 * us.forward()).expect("facing pawn");
                self.special = SpecialCapture::Scornful {
                    capturer,
                    pawn: m.to,
                };
            }
            _ => {}
        }
    }

    /// The special captures the record allows the side to move `us`, as far
    /// as the pieces go: `add` gets each en passant capture (whose
    /// legality the caller tests by playing it, as it vacates two hexes)
    /// and the scornful capture (which the caller holds to the capturer's
    /// pin and check mask and expands into promotions).
    pub(crate) fn special_capture_candidates(&self, us: Color, mut add: impl FnMut(Move)) {
        match self.special {
            SpecialCapture::None => {}
            SpecialCapture::EnPassant { pawn, .. } => {
                let Some(victim) = self.piece_at(pawn) else {
                    return;
                };
                if victim.color == us {
                    return;
                }
                let f = us.forward();
                for t in self.special.en_passant_targets(!us) {
                    if self.piece_at(t).is_some() {
                        continue;
                    }
                    for dc in [1, -1] {
                        let Some(from) = t.offset(dc, -3 * f) else {
                            continue;
                        };
                        if self.piece_at(from) != Some(Piece::new(us, Role::Pawn)) {
                            continue;
                        }
                        add(Move::new(
                            from,
                            t,
                            Role::Pawn,
                            Some(victim.role),
                            MoveKind::EnPassant,
                        ));
                    }
                }
            }
            SpecialCapture::Scornful { capturer, pawn } => {
                if self.piece_at(capturer) != Some(Piece::new(us, Role::Pawn)) {
                    return;
                }
                let Some(victim) = self.piece_at(pawn) else {
                    return;
                };
                if victim.color == us || victim.role == Role::King {
                    return;
                }
                add(Move::new(
                    capturer,
                    pawn,
                    Role::Pawn,
                    Some(victim.role),
                    MoveKind::ScornfulCapture,
                ));
            }
        }
    }
}
