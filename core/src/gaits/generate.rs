//! The legal King's Leaps and castlings of the side to move (RULES.md
//! §4.2–§4.6, §5.2): the public lists and the generation the move
//! generator's sinks call, each move handed to a closure.

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::Role;
use crate::position::Position;

use super::{Castling, KING_HOME, LEAP_HEXES, LEAP_ZONE};

impl Position {
    /// The King's Leaps legal right now.
    pub fn king_leaps(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.rights[self.turn.index()].king()
            && !self.is_check()
            && !self.forced_promotion_pending()
        {
            self.gen_leaps(self.safe_leap_hexes(), |m| list.push(m));
        }
        list
    }

    /// The castlings legal right now.
    pub fn castlings(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.rights[self.turn.index()].king()
            && !self.is_check()
            && !self.forced_promotion_pending()
        {
            self.gen_castlings(self.safe_leap_hexes(), |m| list.push(m));
        }
        list
    }

    /// The legal castling `c`, if it is legal here.
    /// Only `c` is looked at: its landing hex's safety and, when a rook's
    /// leaving opens a line onto it, the castling played on a copy.
    pub fn find_castling(&self, c: Castling) -> Option<Move> {
        let us = self.turn;
        if !self.rights[us.index()].king() || self.is_check() || self.forced_promotion_pending() {
            return None;
        }
        let to = Bitboard::from_hex(c.geometry(us).king_to);
        let mut found = None;
        self.gen_castlings_of(self.safe_leap_hexes_among(to), [c], |m| found = Some(m));
        found
    }

    /// The leap hexes the unmoved King of the side to move may land on as
    /// far as attacks go: free of own pieces and Kings, outside the enemy
    /// leap zone (RULES.md §5.2) and unattacked. No leap hex is on a line
    /// through the King's home, so the King there shields none of them: one
    /// attack test per hex serves the leaps (King lifted) and the castlings
    /// (attacked before the move, RULES.md §4.3).
    pub(crate) fn safe_leap_hexes(&self) -> Bitboard {
        self.safe_leap_hexes_among(Bitboard::FULL)
    }

    /// [`Position::safe_leap_hexes`] among the hexes of `among`.
    #[inline(always)]
    fn safe_leap_hexes_among(&self, among: Bitboard) -> Bitboard {
        let us = self.turn;
        let blocked = self.by_color[us.index()]
            | self.by_role[Role::King.index()]
            | self.forbidden_leap_zone(us);
        (LEAP_ZONE[us.index()] & among)
            .without(blocked)
            .filter(|&t| !self.is_attacked(t, !us))
            .collect()
    }

    /// King's Leaps (RULES.md §4.2) to the hexes of `safe`
    /// ([`Position::safe_leap_hexes`]); caller checks "unmoved" and "not in check".
    pub(crate) fn gen_leaps(&self, safe: Bitboard, mut add: impl FnMut(Move)) {
        let us = self.turn;
        let king = KING_HOME[us.index()];
        for t in LEAP_HEXES[us.index()] {
            if !safe.contains(t) {
                continue;
            }
            // A leap is no attack, so a set-up position may have the enemy
            // King on a leap hex of our unmoved King (§5.2): `safe` holds no
            // King, as Kings are never captured (RULES.md §3.1).
            let captured = self.piece_at(t).map(|p| p.role);
            if captured.is_some() && !self.castling_allowed {
                continue;
            }
            add(Move::new(king, t, Role::King, captured, MoveKind::KingLeap));
        }
    }

    /// Castlings (RULES.md §4.3–§4.6) whose King lands on a hex of `safe`
    /// ([`Position::safe_leap_hexes`]); caller checks "unmoved" and "not in
    /// check".
    pub(crate) fn gen_castlings(&self, safe: Bitboard, add: impl FnMut(Move)) {
        self.gen_castlings_of(safe, Castling::ALL, add);
    }

    /// [`Position::gen_castlings`] for the castlings of `castlings` only.
    #[inline(always)]
    fn gen_castlings_of(
        &self,
        safe: Bitboard,
        castlings: impl IntoIterator<Item = Castling>,
        mut add: impl FnMut(Move),
    ) {
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
        // The King's destination must be empty and safe before the move:
        // one answer per leap hex, shared by the up to nine castlings that
        // land there.
        let open = safe.without(occupied);
        if open.is_empty() {
            return;
        }
        for c in castlings {
            if !rights.allows(c.rooks()) {
                continue;
            }
            let g = c.geometry(us);
            if !open.contains(g.king_to) || !(occupied & g.path).is_empty() {
                continue;
            }
            // Safe before the move stays safe after it unless a vacated
            // home hex opens a line onto the destination: only then is the
            // castling played on a copy and tested.
            let m = Move::new(king, g.king_to, Role::King, None, MoveKind::Castling(c));
            if !g.uncovers || !self.after(m).is_attacked(g.king_to, them) {
                add(m);
            }
        }
    }
}
