//! Legal move generation (RULES.md §3–§5).
//!
//! Strategy: one walk of the twelve rays from the side's King finds the
//! checkers (and the hexes that block or capture them) and the pinned pieces
//! (with the hexes they may still move to). Ordinary moves are then filtered
//! by those masks without playing them; King moves test their destination
//! with the King lifted off the board. The rare moves whose legality depends
//! on more than one hex changing — en passant (two hexes vacated) and
//! castling (rooks leave their homes) — are played on a copy and tested
//! (RULES.md §5.4, "make-and-test").

use arrayvec::ArrayVec;

use crate::bitboard::Bitboard;
use crate::castling::{Castling, CastlingRooks, KING_HOME, LEAP_HEXES};
use crate::geometry::{Hex, JUMPS, JUMP_LIST, NONE, STEPS};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Color, Piece, Role};
use crate::position::{attacks_along, Position, SpecialCapture};

/// The 8 triple-step hexes per side (RULES.md §3.7.2).
const TRIPLE_STEP_HEXES: [Bitboard; 2] = [triple_hexes(0), triple_hexes(1)];

const fn triple_hexes(color: usize) -> Bitboard {
    // B4, C5, D6, E7, G7, H6, I5, K4 (White); mirrored for Black.
    const WHITE: [(u8, u8); 8] = [(3, 4), (4, 5), (5, 6), (6, 7), (8, 7), (9, 6), (10, 5), (11, 4)];
    let mut b = [0u64; 3];
    let mut i = 0;
    while i < 8 {
        let (c, l) = WHITE[i];
        let h = Hex::at(c, if color == 0 { l } else { 28 - l }).index();
        b[h >> 6] |= 1 << (h & 63);
        i += 1;
    }
    Bitboard(b)
}

/// What the King's ray walk found.
struct KingSafety {
    checkers: u32,
    /// Hexes a non-King move must land on when in single check: the checker
    /// and the hexes between it and the King.
    check_mask: Bitboard,
    pinned: Bitboard,
    /// Per pinned piece: the hexes it may move to (between King and pinner,
    /// pinner included).
    pins: ArrayVec<(Hex, Bitboard), 12>,
}

impl KingSafety {
    #[inline(always)]
    fn allowed(&self, from: Hex) -> Bitboard {
        let mut allowed = if self.checkers > 0 { self.check_mask } else { Bitboard::FULL };
        if self.pinned.contains(from) {
            for (h, ray) in &self.pins {
                if *h == from {
                    allowed &= *ray;
                }
            }
        }
        allowed
    }
}

/// Collects moves, dropping those outside the allowed mask of their piece.
struct Sink<'a> {
    list: &'a mut MoveList,
    allowed: Bitboard,
}

impl Sink<'_> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        if self.allowed.contains(m.to) {
            self.list.push(m);
        }
    }
}

impl Position {
    /// Every legal move of the side to move.
    ///
    /// ```
    /// use cescacs::Position;
    /// let pos: Position = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1".parse().unwrap();
    /// let moves = pos.legal_moves();
    /// assert_eq!(moves.len(), 90);
    /// assert_eq!(moves.iter().filter(|m| m.castling().is_some()).count(), 24);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }

    /// Replaces the contents of `list` with the legal moves: lets a caller
    /// that keeps a list (a binding, a front end) refill it in place.
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        self.generate(list);
    }

    /// Number of legal moves (what perft counts at its last ply).
    pub fn count_legal_moves(&self) -> usize {
        self.legal_moves().len()
    }

    /// The King's Leaps legal right now.
    pub fn king_leaps(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.rights[self.turn.index()].king() && !self.is_check() && !self.forced_promotion_pending() {
            self.gen_leaps(&mut list);
        }
        list
    }

    /// The castlings legal right now.
    pub fn castlings(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.rights[self.turn.index()].king() && !self.is_check() && !self.forced_promotion_pending() {
            self.gen_castlings(&mut list);
        }
        list
    }

    /// Whether the side to move must make an in-place promotion now
    /// (RULES.md §3.7.8).
    pub fn forced_promotion_pending(&self) -> bool {
        let us = self.turn;
        !self.is_check() && self.awaiting_pawns(us).any(|h| self.regainable(us, h).next().is_some())
    }

    /// Pawns of `color` standing on their own promotion hex.
    pub fn awaiting_pawns(&self, color: Color) -> impl Iterator<Item = Hex> + '_ {
        self.pieces(Piece::new(color, Role::Pawn)).filter(move |h| h.is_promotion_hex(color))
    }

    fn generate(&self, list: &mut MoveList) {
        let us = self.turn;
        let king = self.kings[us.index()];
        let safety = self.king_safety(us);
        let in_check = safety.checkers > 0;

        if !in_check {
            for h in self.awaiting_pawns(us) {
                for r in self.regainable(us, h) {
                    let mut m = Move::new(h, h, Role::Pawn, None, MoveKind::ForcedPromotion);
                    m.promotion = Some(r);
                    list.push(m);
                }
            }
            if !list.is_empty() {
                return;
            }
        }

        if safety.checkers < 2 {
            let own = self.by_color[us.index()];
            for from in own {
                let Some(p) = self.board[from.index()] else { continue };
                if p.role == Role::King {
                    continue;
                }
                let mut sink = Sink { list: &mut *list, allowed: safety.allowed(from) };
                if sink.allowed.is_empty() {
                    continue;
                }
                match p.role {
                    Role::Pawn => self.gen_pawn(from, us, &mut sink),
                    Role::Elephant => self.gen_elephant(from, us, &mut sink),
                    Role::Knight => {
                        self.gen_jumps(from, p.role, us, &mut sink);
                        self.gen_rides(from, &mut sink);
                    }
                    Role::Bishop => self.gen_slides(from, p.role, us, 6..12, &mut sink),
                    Role::Rook => self.gen_slides(from, p.role, us, 0..6, &mut sink),
                    Role::Queen => self.gen_slides(from, p.role, us, 0..12, &mut sink),
                    Role::Pegasus => {
                        self.gen_slides(from, p.role, us, 6..12, &mut sink);
                        self.gen_jumps(from, p.role, us, &mut sink);
                    }
                    Role::Wyvern => {
                        self.gen_slides(from, p.role, us, 0..6, &mut sink);
                        self.gen_jumps(from, p.role, us, &mut sink);
                    }
                    Role::King => unreachable!(),
                }
            }
            self.gen_special_captures(us, &safety, list);
        }

        self.gen_king_steps(king, us, list);
        if !in_check && self.rights[us.index()].king() {
            self.gen_leaps(list);
            self.gen_castlings(list);
        }
    }

    /// Walks the twelve rays and the knight jumps from `us`'s King.
    fn king_safety(&self, us: Color) -> KingSafety {
        let them = !us;
        let king = self.kings[us.index()];
        let ki = king.index();
        let mut out = KingSafety {
            checkers: 0,
            check_mask: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
            pins: ArrayVec::new(),
        };
        let jl = &JUMP_LIST;
        for &t in &jl.targets[ki][..jl.len[ki] as usize] {
            if let Some(p) = self.board[t as usize] {
                if p.color == them && p.role.jumps() {
                    out.checkers += 1;
                    out.check_mask.insert(Hex::from_u8(t));
                }
            }
        }
        #[allow(clippy::needless_range_loop)] // `d` also selects the piece kinds that attack along it
        for d in 0..12 {
            let mut ray = Bitboard::EMPTY;
            let mut s = STEPS[d][ki];
            let mut dist = 1;
            let mut blocker: Option<Hex> = None;
            while s != NONE {
                let h = Hex::from_u8(s);
                ray.insert(h);
                if let Some(p) = self.board[s as usize] {
                    match blocker {
                        None if p.color == us => blocker = Some(h),
                        None => {
                            if attacks_along(p.role, them, d, dist) {
                                out.checkers += 1;
                                out.check_mask |= ray;
                            }
                            break;
                        }
                        Some(b) => {
                            // Behind one own piece, only a long-range attacker
                            // (a slider, or an Elephant two hexes away) pins it.
                            if p.color == them && attacks_along(p.role, them, d, dist) {
                                out.pinned.insert(b);
                                out.pins.push((b, ray));
                            }
                            break;
                        }
                    }
                }
                s = STEPS[d][s as usize];
                dist += 1;
            }
        }
        out
    }

    /// Pushes a pawn move to `to`, expanding promotions (RULES.md §3.7.6).
    #[inline(always)]
    fn push_pawn_move(&self, sink: &mut Sink, us: Color, m: Move) {
        if m.to.is_promotion_hex(us) {
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

    fn gen_pawn(&self, from: Hex, us: Color, sink: &mut Sink) {
        let f = us.forward();
        let fwd = if us == Color::White { 0 } else { 1 };
        let step = |h: Hex| STEPS[fwd][h.index()];
        // Straight steps.
        let s1 = step(from);
        if s1 != NONE && self.board[s1 as usize].is_none() {
            let t1 = Hex::from_u8(s1);
            self.push_pawn_move(sink, us, Move::new(from, t1, Role::Pawn, None, MoveKind::Normal));
            let s2 = step(t1);
            if s2 != NONE && self.board[s2 as usize].is_none() {
                let t2 = Hex::from_u8(s2);
                self.push_pawn_move(sink, us, Move::new(from, t2, Role::Pawn, None, MoveKind::DoubleStep));
                if TRIPLE_STEP_HEXES[us.index()].contains(from) {
                    let s3 = step(t2);
                    if s3 != NONE && self.board[s3 as usize].is_none() {
                        let t3 = Hex::from_u8(s3);
                        self.push_pawn_move(sink, us, Move::new(from, t3, Role::Pawn, None, MoveKind::TripleStep));
                    }
                }
            }
        }
        // Oblique steps (never capture); scornful if faced by an enemy pawn.
        let faced = s1 != NONE
            && self.board[s1 as usize] == Some(Piece::new(!us, Role::Pawn));
        for dc in [1, -1] {
            if let Some(t) = from.offset(dc, f) {
                if self.board[t.index()].is_none() {
                    let kind = if faced { MoveKind::ScornfulStep } else { MoveKind::Normal };
                    self.push_pawn_move(sink, us, Move::new(from, t, Role::Pawn, None, kind));
                }
            }
        }
        // Diagonal captures.
        for dc in [1, -1] {
            if let Some(t) = from.offset(dc, 3 * f) {
                if let Some(p) = self.board[t.index()] {
                    if p.color != us {
                        self.push_pawn_move(sink, us, Move::new(from, t, Role::Pawn, Some(p.role), MoveKind::Normal));
                    }
                }
            }
        }
    }

    fn gen_elephant(&self, from: Hex, us: Color, sink: &mut Sink) {
        let f = us.forward();
        let mut try_to = |t: Option<Hex>| -> bool {
            let Some(t) = t else { return false };
            match self.board[t.index()] {
                None => {
                    sink.push(Move::new(from, t, Role::Elephant, None, MoveKind::Normal));
                    true
                }
                Some(p) => {
                    if p.color != us {
                        sink.push(Move::new(from, t, Role::Elephant, Some(p.role), MoveKind::Normal));
                    }
                    false
                }
            }
        };
        if try_to(from.offset(0, 2 * f)) {
            try_to(from.offset(0, 4 * f));
        }
        for (dc, dl) in [(1, 3 * f), (-1, 3 * f), (1, -3 * f), (-1, -3 * f)] {
            try_to(from.offset(dc, dl));
        }
    }

    #[inline(always)]
    fn gen_slides(&self, from: Hex, role: Role, us: Color, dirs: std::ops::Range<usize>, sink: &mut Sink) {
        for d in dirs {
            let mut s = STEPS[d][from.index()];
            while s != NONE {
                match self.board[s as usize] {
                    None => sink.push(Move::new(from, Hex::from_u8(s), role, None, MoveKind::Normal)),
                    Some(p) => {
                        if p.color != us {
                            sink.push(Move::new(from, Hex::from_u8(s), role, Some(p.role), MoveKind::Normal));
                        }
                        break;
                    }
                }
                s = STEPS[d][s as usize];
            }
        }
    }

    #[inline(always)]
    fn gen_jumps(&self, from: Hex, role: Role, us: Color, sink: &mut Sink) {
        let jl = &JUMP_LIST;
        let fi = from.index();
        for &t in &jl.targets[fi][..jl.len[fi] as usize] {
            match self.board[t as usize] {
                None => sink.push(Move::new(from, Hex::from_u8(t), role, None, MoveKind::Normal)),
                Some(p) if p.color != us => {
                    sink.push(Move::new(from, Hex::from_u8(t), role, Some(p.role), MoveKind::Normal))
                }
                _ => {}
            }
        }
    }

    /// Knight rides: the same jump twice, through an empty hex to an empty hex.
    fn gen_rides(&self, from: Hex, sink: &mut Sink) {
        for jump in &JUMPS {
            let mid = jump[from.index()];
            if mid == NONE || self.board[mid as usize].is_some() {
                continue;
            }
            let t = jump[mid as usize];
            if t != NONE && self.board[t as usize].is_none() {
                sink.push(Move::new(from, Hex::from_u8(t), Role::Knight, None, MoveKind::Normal));
            }
        }
    }

    fn gen_king_steps(&self, king: Hex, us: Color, list: &mut MoveList) {
        let them = !us;
        let forbidden = self.forbidden_leap_zone(us);
        #[allow(clippy::needless_range_loop)] // `d` also selects the piece kinds that attack along it
        for d in 0..12 {
            let s = STEPS[d][king.index()];
            if s == NONE {
                continue;
            }
            let t = Hex::from_u8(s);
            let captured = match self.board[s as usize] {
                // Kings are never captured (RULES.md §3.1).
                Some(p) if p.color == us || p.role == Role::King => continue,
                Some(p) => Some(p.role),
                None => None,
            };
            if forbidden.contains(t) || self.attacked_ignoring(t, them, king.index() as u8) {
                continue;
            }
            list.push(Move::new(king, t, Role::King, captured, MoveKind::Normal));
        }
    }

    /// King's Leaps (RULES.md §4.2); caller checks "unmoved" and "not in check".
    fn gen_leaps(&self, list: &mut MoveList) {
        let us = self.turn;
        let them = !us;
        let king = KING_HOME[us.index()];
        let forbidden = self.forbidden_leap_zone(us);
        for t in LEAP_HEXES[us.index()] {
            let captured = match self.board[t.index()] {
                // Kings are never captured (RULES.md §3.1). A leap is no
                // attack, so a set-up position may have the enemy King on a
                // leap hex of our unmoved King (§5.2) without being in check.
                Some(p) if p.color == us || p.role == Role::King => continue,
                Some(_) if !self.castling_allowed => continue,
                Some(p) => Some(p.role),
                None => None,
            };
            if forbidden.contains(t) || self.attacked_ignoring(t, them, king.index() as u8) {
                continue;
            }
            list.push(Move::new(king, t, Role::King, captured, MoveKind::KingLeap));
        }
    }

    /// Castlings (RULES.md §4.3–§4.6); caller checks "unmoved" and "not in check".
    fn gen_castlings(&self, list: &mut MoveList) {
        if !self.castling_allowed {
            return;
        }
        let us = self.turn;
        let them = !us;
        let rights = self.rights[us.index()];
        if !rights.queen_rook() && !rights.king_rook() {
            return;
        }
        let king = KING_HOME[us.index()];
        let occupied = self.by_color[0] | self.by_color[1];
        // The King's destination must be empty, outside the enemy leap zone
        // and unattacked before the move: one answer per leap hex, shared by
        // the up to nine castlings that land there.
        let forbidden = self.forbidden_leap_zone(us);
        let mut open = Bitboard::EMPTY;
        for t in LEAP_HEXES[us.index()] {
            if !occupied.contains(t) && !forbidden.contains(t) && !self.is_attacked(t, them) {
                open.insert(t);
            }
        }
        for c in Castling::ALL {
            let ok_rights = match c.rooks() {
                CastlingRooks::KingRook => rights.king_rook(),
                CastlingRooks::QueenRook => rights.queen_rook(),
                CastlingRooks::Both => rights.king_rook() && rights.queen_rook(),
            };
            if !ok_rights {
                continue;
            }
            let g = c.geometry(us);
            if !open.contains(g.king_to) || !(occupied & g.path).is_empty() {
                continue;
            }
            let m = Move::new(king, g.king_to, Role::King, None, MoveKind::Castling(c));
            let after = self.after(m);
            if !after.is_attacked(g.king_to, them) {
                list.push(m);
            }
        }
    }

    /// En passant (played on a copy and tested) and scornful captures.
    fn gen_special_captures(&self, us: Color, safety: &KingSafety, list: &mut MoveList) {
        match self.special {
            SpecialCapture::None => {}
            SpecialCapture::EnPassant { pawn, .. } => {
                let Some(victim) = self.board[pawn.index()] else { return };
                if victim.color == us {
                    return;
                }
                let f = us.forward();
                for t in self.special.en_passant_targets(!us) {
                    if self.board[t.index()].is_some() {
                        continue;
                    }
                    for dc in [1, -1] {
                        let Some(from) = t.offset(dc, -3 * f) else { continue };
                        if self.board[from.index()] != Some(Piece::new(us, Role::Pawn)) {
                            continue;
                        }
                        let m = Move::new(from, t, Role::Pawn, Some(victim.role), MoveKind::EnPassant);
                        let after = self.after(m);
                        if !after.is_attacked(after.kings[us.index()], !us) {
                            list.push(m);
                        }
                    }
                }
            }
            SpecialCapture::Scornful { capturer, pawn } => {
                if self.board[capturer.index()] != Some(Piece::new(us, Role::Pawn)) {
                    return;
                }
                let Some(victim) = self.board[pawn.index()] else { return };
                if victim.color == us || victim.role == Role::King || safety.checkers > 1 {
                    return;
                }
                let mut sink = Sink { list, allowed: safety.allowed(capturer) };
                let m = Move::new(capturer, pawn, Role::Pawn, Some(victim.role), MoveKind::ScornfulCapture);
                self.push_pawn_move(&mut sink, us, m);
            }
        }
    }

    /// Finds the legal move with this origin, destination and promotion
    /// (the identity of ordinary moves, RULES.md §5.5).
    pub fn find_move(&self, from: Hex, to: Hex, promotion: Option<Role>) -> Option<Move> {
        self.legal_moves()
            .into_iter()
            .find(|m| m.from == from && m.to == to && m.promotion == promotion && m.castling().is_none())
    }

    /// The legal castling `c`, if it is legal here.
    pub fn find_castling(&self, c: Castling) -> Option<Move> {
        self.castlings().into_iter().find(|m| m.castling() == Some(c))
    }
}
