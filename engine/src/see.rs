//! Static exchange evaluation (SEE): what a capture wins or loses on its
//! hex once both sides have taken back there, each with its least valuable
//! piece and each free to stop when taking on would lose. Pieces behind
//! the ones taking part join as the hexes in front empty
//! ([`Position::attackers_within`]).
//!
//! It orders captures (one that loses material comes after the quiet
//! moves) and prunes quiescence (a losing capture is not searched). It
//! reads material only: pins, checks, and the pawn that promotes as it
//! takes back are not seen.

use cescacs::{Bitboard, Color, Move, MoveKind, Piece, Position, Role};

/// The King's value in an exchange: taking it ends the exchange in favour
/// of the side that could, so a King takes last, and only an undefended piece.
const KING: i32 = 50_000;

/// The value of `role` in an exchange, by the evaluation's `values`.
fn value(role: Role, values: &[i32; 9]) -> i32 {
    if role == Role::King {
        KING
    } else {
        values[role.index()]
    }
}

/// The least valuable piece of `color` among `attackers`, with its value.
fn least_valuable(
    pos: &Position,
    color: Color,
    attackers: Bitboard,
    values: &[i32; 9],
) -> Option<(cescacs::Hex, i32)> {
    let mut best: Option<(cescacs::Hex, i32)> = None;
    for role in Role::ALL {
        let v = value(role, values);
        if best.is_some_and(|(_, b)| b <= v) {
            continue;
        }
        if let Some(h) = (pos.pieces(Piece::new(color, role)) & attackers).first() {
            best = Some((h, v));
        }
    }
    best
}

/// Whether `m` can lose material in an exchange at all: it moves a piece
/// worth more than what it takes. Otherwise its SEE is at least its
/// victim's value less its own, never negative, and needs no exchange.
pub(crate) fn may_lose(m: &Move, values: &[i32; 9]) -> bool {
    let victim = m.captured().map_or(0, |r| value(r, values));
    let promotion = m
        .promotion()
        .map_or(0, |r| value(r, values) - values[Role::Pawn.index()]);
    value(m.role(), values) > victim + promotion
}

/// The material `m`'s side wins (negative: loses) by playing `m` and the
/// exchange on its destination that follows, in the evaluation's
/// centipawns. Moves whose victim is not on the destination (en passant,
/// the scornful capture), castlings and forced promotions score what they
/// take or promote to, without an exchange.
pub(crate) fn see(pos: &Position, m: &Move, values: &[i32; 9]) -> i32 {
    let victim = m.captured().map_or(0, |r| value(r, values));
    let promotion = m
        .promotion()
        .map_or(0, |r| value(r, values) - values[Role::Pawn.index()]);
    if !matches!(m.kind(), MoveKind::Normal | MoveKind::KingLeap) {
        return victim + promotion;
    }
    let to = m.to();
    let mut occupied = pos.occupied_by(Color::White) | pos.occupied_by(Color::Black);
    occupied.remove(m.from());
    // gains[d]: what the side making the d-th capture has won if the
    // exchange stops after it.
    let mut gains = [0i32; 48];
    gains[0] = victim + promotion;
    let mut on_hex = m
        .promotion()
        .map_or(value(m.role(), values), |r| value(r, values));
    let mut side = !pos.turn();
    let mut d = 0;
    while d + 1 < gains.len() {
        let attackers = pos.attackers_within(to, side, occupied);
        let Some((from, v)) = least_valuable(pos, side, attackers, values) else {
            break;
        };
        d += 1;
        gains[d] = on_hex - gains[d - 1];
        // Neither side can do better by going on: stop counting.
        if (-gains[d - 1]).max(gains[d]) < 0 {
            break;
        }
        occupied.remove(from);
        on_hex = v;
        side = !side;
    }
    while d > 0 {
        gains[d - 1] = -(-gains[d - 1]).max(gains[d]);
        d -= 1;
    }
    gains[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::SITE_VALUES;

    fn see_of(pdtl: &str, mv: &str) -> i32 {
        let pos: Position = pdtl.parse().unwrap();
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|m| pos.ctl_without_mark(m) == mv)
            .unwrap_or_else(|| panic!("no move {mv}"));
        see(&pos, &m, &SITE_VALUES)
    }

    #[test]
    fn an_undefended_piece_is_won_whole() {
        // A White Rook on F10 takes an undefended Black Knight on F14.
        assert_eq!(
            see_of("/27:1k/14:3n3/10:3R3/1:1K/ w -- - 0 1", "RF10×NF14"),
            400
        );
    }

    #[test]
    fn a_defended_piece_taken_by_a_dearer_one_loses_the_difference() {
        // The Black Knight on F14 is defended by the Black Rook on F20: the
        // White Rook takes (400) and is taken (-1000).
        assert_eq!(
            see_of("/27:1k/20:3r3/14:3n3/10:3R3/1:1K/ w -- - 0 1", "RF10×NF14"),
            400 - 1000
        );
    }

    #[test]
    fn a_piece_behind_joins_the_exchange() {
        // A second White Rook behind the first: after Rook takes Knight,
        // Rook takes Rook, Rook takes Rook, White has won a Knight.
        assert_eq!(
            see_of(
                "/27:1k/20:3r3/14:3n3/10:3R3/6:3R3/1:1K/ w -- - 0 1",
                "RF10×NF14"
            ),
            400
        );
    }

    #[test]
    fn a_side_stops_before_taking_back_would_lose() {
        // Rook takes Knight, Rook takes Rook; the White Queen behind does
        // not take back, as the Black Queen behind would take her.
        assert_eq!(
            see_of(
                "/27:1k/24:2d2/20:3r3/14:3n3/10:3R3/6:3D3/1:1K/ w -- - 0 1",
                "RF10×NF14"
            ),
            400 - 1000
        );
    }

    #[test]
    fn a_quiet_move_onto_a_guarded_hex_loses_the_piece() {
        let pos: Position = "/27:1k/20:3r3/10:3R3/1:1K/ w -- - 0 1".parse().unwrap();
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|m| pos.ctl_without_mark(m) == "RF10-F14")
            .unwrap();
        assert!(may_lose(&m, &SITE_VALUES));
        assert_eq!(see(&pos, &m, &SITE_VALUES), -1000);
        // A capture of a dearer piece cannot lose: no exchange is needed.
        let take = pos
            .legal_moves()
            .into_iter()
            .find(|m| pos.ctl_without_mark(m) == "RF10×RF20")
            .unwrap();
        assert!(!may_lose(&take, &SITE_VALUES));
        assert_eq!(see(&pos, &take, &SITE_VALUES), 1000);
    }
}
