//! The generator: every legal move of the side to move, or those of one
//! piece, into any `Moves` sink; pawns, promotions and the special
//! captures.

use crate::bitboard::Bitboard;
use crate::geometry::{Dir, Hex};
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, Role};
use crate::position::{Position, SpecialCapture};

use super::counter::Counter;
use super::king_safety::KingSafety;
use super::sink::{FromOnly, Moves, Sink};
use super::tables::{
    piece_reaches, piece_targets, PAWN_CAPTURE_DIRS, PAWN_OBLIQUE_DIRS, PROMOTION_ZONE,
    TRIPLE_STEP_FROM,
};

impl Position {
    /// Adds the legal moves of the piece on `from` that land on `dests`
    /// (a castling by its King's destination), in the order of [`Position::generate`].
    /// Kept out of line: its callers (a move text's resolution above all)
    /// stay small enough to inline what they call.
    #[inline(never)]
    pub(super) fn gen_from<L: Moves>(&self, from: Hex, dests: Bitboard, list: &mut L) {
        let us = self.turn;
        let Some(piece) = self.piece_at(from).filter(|p| p.color == us) else {
            return;
        };
        let king = self.kings[us.index()];
        let safety = self.king_safety(us);
        let in_check = safety.checkers > 0;
        if !in_check && self.has_awaiting_promotion(us) {
            // The in-place promotions are the only legal moves.
            if piece.role == Role::Pawn
                && PROMOTION_ZONE[us.index()].contains(from)
                && dests.contains(from)
            {
                for r in self.regainable(us, from) {
                    let mut m = Move::new(from, from, Role::Pawn, None, MoveKind::ForcedPromotion);
                    m.promotion = Some(r);
                    list.add(m);
                }
            }
            return;
        }
        let mut only = FromOnly { from, dests, list };
        if piece.role == Role::King {
            only.add_king_steps(self, king, self.king_step_candidates(king, us) & dests);
            if !in_check && self.rights[us.index()].king() {
                only.add_king_gaits(self);
            }
            return;
        }
        if safety.checkers < 2 {
            let own = self.by_color[us.index()];
            let occupied = own | self.by_color[(!us).index()];
            let allowed = match safety.pins.iter().find(|pin| pin.piece == from) {
                Some(pin) => safety.check_mask & pin.line(king),
                None => safety.check_mask,
            };
            self.gen_piece(from, piece.role, own, occupied, allowed & dests, only.list);
            self.gen_special_captures(us, &safety, &mut only);
        }
    }

    /// The legal move of the side to move's `role` (not a pawn or a King)
    /// on `from` to `to`, if there is one: what [`Position::gen_from`] gives
    /// for that one destination, found by testing the one move (the piece
    /// reaches `to`, the King's safety allows it, no promotion is forced).
    pub(crate) fn piece_move_to(&self, from: Hex, role: Role, to: Hex) -> Option<Move> {
        let us = self.turn;
        let own = self.by_color[us.index()];
        let occupied = own | self.by_color[(!us).index()];
        if own.contains(to) || !piece_reaches(from, role, us, occupied, to) {
            return None;
        }
        let in_check = self.allows_piece_move(us, from, to)?;
        if !in_check && self.has_awaiting_promotion(us) {
            return None; // the in-place promotion is the only legal move
        }
        Some(Move::new(
            from,
            to,
            role,
            self.piece_at(to).map(|p| p.role),
            MoveKind::Normal,
        ))
    }

    /// The legal moves of the side to move's pawn on `from` to `to`
    /// (promotion choices expanded), in the order of [`Position::gen_from`]:
    /// the steps and captures that land on `to` are tested, not the pawn's
    /// every move generated; the special captures are looked at only when
    /// the position has one.
    pub(super) fn pawn_moves_to<L: Moves>(&self, from: Hex, to: Hex, list: &mut L) {
        let us = self.turn;
        let safety = self.king_safety(us);
        if safety.checkers == 0 && self.has_awaiting_promotion(us) {
            // The in-place promotions are the only legal moves.
            if to == from && PROMOTION_ZONE[us.index()].contains(from) {
                for r in self.regainable(us, from) {
                    let mut m = Move::new(from, from, Role::Pawn, None, MoveKind::ForcedPromotion);
                    m.promotion = Some(r);
                    list.add(m);
                }
            }
            return;
        }
        if safety.checkers > 1 {
            return;
        }
        let allowed = safety.allowed(self.kings[us.index()], from) & Bitboard::from_hex(to);
        if !allowed.is_empty() {
            let mut sink = Sink {
                list: &mut *list,
                allowed,
            };
            let mut add = |t: Hex, kind: MoveKind, captured: Option<Role>| {
                if t == to {
                    self.push_pawn_move(
                        &mut sink,
                        us,
                        Move::new(from, t, Role::Pawn, captured, kind),
                    );
                }
            };
            match us {
                Color::White => self.pawn_steps::<false>(from, &mut add),
                Color::Black => self.pawn_steps::<true>(from, &mut add),
            }
        }
        if self.special != SpecialCapture::None {
            let mut only = FromOnly {
                from,
                dests: Bitboard::from_hex(to),
                list,
            };
            self.gen_special_captures(us, &safety, &mut only);
        }
    }

    pub(super) fn generate<L: Moves>(&self, list: &mut L) {
        let us = self.turn;
        let king = self.kings[us.index()];
        let safety = self.king_safety(us);
        let in_check = safety.checkers > 0;

        if !in_check {
            let mut forced = false;
            for h in self.awaiting_pawns(us) {
                for r in self.regainable(us, h) {
                    let mut m = Move::new(h, h, Role::Pawn, None, MoveKind::ForcedPromotion);
                    m.promotion = Some(r);
                    list.add(m);
                    forced = true;
                }
            }
            if forced {
                return;
            }
        }

        if safety.checkers < 2 {
            let own = self.by_color[us.index()];
            let occupied = own | self.by_color[(!us).index()];
            // Unpinned pieces role by role (the role is known without a
            // look-up of the board), then the pinned ones, held to their
            // pin line.
            let free = own.without(safety.pinned);
            for role in Role::ALL {
                if role != Role::King {
                    list.add_pieces(
                        self,
                        role,
                        free & self.by_role[role.index()],
                        own,
                        occupied,
                        safety.check_mask,
                    );
                }
            }
            for pin in &safety.pins {
                let role = self.piece_at(pin.piece).expect("a pinned piece").role;
                list.add_piece(
                    self,
                    pin.piece,
                    role,
                    own,
                    occupied,
                    safety.check_mask & pin.line(king),
                );
            }
            self.gen_special_captures(us, &safety, list);
        }

        list.add_king_steps(self, king, self.king_step_candidates(king, us));
        if !in_check && self.rights[us.index()].king() {
            list.add_king_gaits(self);
        }
    }

    /// Adds the moves of the `role` (not a King) of the side to move on
    /// `from` that land on `allowed` (the check and pin constraints).
    #[inline(always)]
    pub(super) fn gen_piece<L: Moves>(
        &self,
        from: Hex,
        role: Role,
        own: Bitboard,
        occupied: Bitboard,
        allowed: Bitboard,
        list: &mut L,
    ) {
        if allowed.is_empty() {
            return;
        }
        if role == Role::Pawn {
            list.add_pawn(self, from, occupied, allowed);
        } else {
            list.add_set(
                self,
                from,
                role,
                (piece_targets(from, role, self.turn, occupied) & allowed).without(own),
            );
        }
    }

    /// Pushes a pawn move to `to`, expanding promotions (RULES.md §3.7.6).
    #[inline(always)]
    fn push_pawn_move<L: Moves>(&self, sink: &mut Sink<L>, us: Color, m: Move) {
        if PROMOTION_ZONE[us.index()].contains(m.to) {
            let mut any = false;
            for r in Role::REGAINABLE {
                if self.is_regainable(us, r, m.to) {
                    let mut pm = m;
                    pm.promotion = Some(r);
                    sink.push(pm);
                    any = true;
                }
            }
            if !any {
                sink.push(m);
            }
        } else {
            sink.push(m);
        }
    }

    pub(super) fn gen_pawn<L: Moves>(&self, from: Hex, us: Color, sink: &mut Sink<L>) {
        let mut add = |t: Hex, kind: MoveKind, captured: Option<Role>| {
            self.push_pawn_move(sink, us, Move::new(from, t, Role::Pawn, captured, kind));
        };
        match us {
            Color::White => self.pawn_steps::<false>(from, &mut add),
            Color::Black => self.pawn_steps::<true>(from, &mut add),
        }
    }

    /// The moves of the side to move's pawn on `from` (RULES.md §3.7.1–
    /// §3.7.3), before promotion choices and the check and pin masks:
    /// `add(to, kind, captured)` for each, in this order: straight steps, oblique
    /// steps (scornful when an enemy pawn faces it), captures. The one walk
    /// behind listing ([`Position::gen_pawn`]) and counting
    /// ([`Position::count_free_pawns`]). On the board's bytes, with the
    /// colour a constant (`BLACK`) so that every direction is one: a step
    /// is a look-up at a fixed row of the step table, and off-board steps
    /// land on the wall, which is neither empty nor held.
    #[inline(always)]
    pub(super) fn pawn_steps<const BLACK: bool>(
        &self,
        from: Hex,
        mut add: impl FnMut(Hex, MoveKind, Option<Role>),
    ) {
        let us = if BLACK { Color::Black } else { Color::White };
        let hex = |i: usize| Hex::from_u8(i as u8);
        let fwd = Dir::forward(us);
        let s1 = from.step_or_wall(fwd);
        if self.is_vacant_at(s1) {
            add(hex(s1), MoveKind::Normal, None);
            let s2 = hex(s1).step_or_wall(fwd);
            if self.is_vacant_at(s2) {
                add(hex(s2), MoveKind::DoubleStep, None);
                if TRIPLE_STEP_FROM[us.index()][from.index()] {
                    let s3 = hex(s2).step_or_wall(fwd);
                    if self.is_vacant_at(s3) {
                        add(hex(s3), MoveKind::TripleStep, None);
                    }
                }
            }
        }
        let faced =
            self.holds_at(s1, !us) && self.piece_at(hex(s1)).is_some_and(|p| p.role == Role::Pawn);
        let oblique = if faced {
            MoveKind::ScornfulStep
        } else {
            MoveKind::Normal
        };
        for d in PAWN_OBLIQUE_DIRS[us.index()] {
            let t = from.step_or_wall(d);
            if self.is_vacant_at(t) {
                add(hex(t), oblique, None);
            }
        }
        for d in PAWN_CAPTURE_DIRS[us.index()] {
            let t = from.step_or_wall(d);
            if self.holds_at(t, !us) {
                add(
                    hex(t),
                    MoveKind::Normal,
                    self.piece_at(hex(t)).map(|p| p.role),
                );
            }
        }
    }

    /// En passant (its King's safety tested on the board with the two
    /// hexes it vacates emptied) and scornful captures.
    pub(super) fn gen_special_captures<L: Moves>(
        &self,
        us: Color,
        safety: &KingSafety,
        list: &mut L,
    ) {
        let king = self.kings[us.index()];
        self.special_capture_candidates(us, |m| {
            if m.kind == MoveKind::EnPassant {
                // The board after it as far as lines go: the origin and the
                // captured pawn's hex emptied, the landing hex filled.
                let victim = self
                    .special
                    .en_passant_victim()
                    .expect("an en passant record");
                let mut occupied = self.by_color[0] | self.by_color[1];
                occupied.remove(m.from);
                occupied.remove(victim);
                occupied.insert(m.to);
                if !self.attacked_within(king, !us, occupied) {
                    list.add(m);
                }
            } else if safety.checkers < 2 {
                let mut sink = Sink {
                    list: &mut *list,
                    allowed: safety.allowed(king, m.from),
                };
                self.push_pawn_move(&mut sink, us, m);
            }
        });
    }

    /// Whether an en passant or scornful capture is legal now: what the
    /// repetition hash needs (RULES.md §7.2), answered by the one
    /// generator function for those captures without listing the other
    /// moves (the same early exits as [`Position::legal_moves`]).
    pub(crate) fn has_legal_special_capture(&self) -> bool {
        if self.special == SpecialCapture::None {
            return false;
        }
        let us = self.turn;
        // Most pending captures have no pawn to make them: then no King
        // safety is worked out (the capture generator would list nothing).
        let mut any = false;
        self.special_capture_candidates(us, |_| any = true);
        if !any {
            return false;
        }
        let safety = self.king_safety(us);
        if safety.checkers > 1 {
            return false;
        }
        if safety.checkers == 0 && self.has_awaiting_promotion(us) {
            return false; // a forced promotion is the only legal move
        }
        let mut n = Counter::default();
        self.gen_special_captures(us, &safety, &mut n);
        n.total() > 0
    }
}
