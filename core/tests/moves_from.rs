//! Moves of one origin: `Position::legal_moves_from` gives exactly the
//! legal moves with that origin, in the same order, `find_move` each
//! ordinary move from its origin and destination (and no move where there
//! is none) and `find_castling` each legal castling (and no other), in
//! every position of the
//! golden data and of many random games (checks, pins, leaps, castlings,
//! special captures and forced promotions among them).

use std::path::PathBuf;

use cescacs::{Castling, Hex, MoveKind, Position};

mod random_play;
use random_play::random_game;

fn golden_positions() -> Vec<Position> {
    let mut out = Vec::new();
    for name in ["probes.jsonl", "random-dev.jsonl", "castling.jsonl"] {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/data")
            .join(name);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
            if let Some(pdtl) = v["pdtl"].as_str() {
                out.push(
                    pdtl.parse()
                        .unwrap_or_else(|e| panic!("{name}: {pdtl}: {e}")),
                );
            }
        }
    }
    out
}

/// Every hex of every position: the origin's moves and the filtered list agree.
fn check(positions: &[Position]) -> usize {
    let mut moves = 0;
    for (i, pos) in positions.iter().enumerate() {
        let all = pos.legal_moves();
        for h in Hex::all() {
            let expected: Vec<_> = all.iter().filter(|m| m.from() == h).copied().collect();
            let got = pos.legal_moves_from(h);
            assert_eq!(
                got.as_slice(),
                expected.as_slice(),
                "{} from {h}",
                pos.to_pdtl()
            );
            moves += got.len();
        }
        // `find_move` looks at one origin and destination: the first legal
        // move with that identity, none for a castling's hexes.
        for m in all.iter().filter(|m| m.castling().is_none()) {
            let first = all.iter().find(|o| {
                o.castling().is_none()
                    && (o.from(), o.to(), o.promotion()) == (m.from(), m.to(), m.promotion())
            });
            assert_eq!(
                pos.find_move(m.from(), m.to(), m.promotion()).as_ref(),
                first,
                "{}",
                pos.to_pdtl()
            );
        }
        // `find_castling` looks at one castling: each legal one found, no
        // other.
        for c in Castling::ALL {
            assert_eq!(
                pos.find_castling(c).as_ref(),
                all.iter().find(|m| m.castling() == Some(c)),
                "{} {}",
                pos.to_pdtl(),
                c.name()
            );
        }
        // Every origin of the mover to every hex: a piece's one move to a
        // hex is tested rather than generated, so the moves that are not
        // there (blocked, pinned, not answering a check, a promotion
        // forced) must be missing alike. Every fourth position: the pairs
        // are many.
        if i % 4 != 0 {
            continue;
        }
        for from in Hex::all().filter(|&h| pos.piece_at(h).is_some_and(|p| p.color == pos.turn())) {
            for to in Hex::all() {
                let first = all.iter().find(|o| {
                    o.castling().is_none()
                        && o.promotion().is_none()
                        && (o.from(), o.to()) == (from, to)
                });
                assert_eq!(
                    pos.find_move(from, to, None).as_ref(),
                    first,
                    "{} {from}-{to}",
                    pos.to_pdtl()
                );
            }
        }
    }
    moves
}

#[test]
fn moves_from_one_origin_in_golden_positions() {
    let positions = golden_positions();
    assert!(positions.len() > 100, "{} positions", positions.len());
    let total: usize = positions.iter().map(|p| p.legal_moves().len()).sum();
    assert_eq!(check(&positions), total);
}

#[test]
fn moves_from_one_origin_in_random_games() {
    let mut positions = Vec::new();
    for seed in 0..40 {
        let g = random_game(&Position::default(), seed, 400);
        positions.extend(g.positions().cloned());
    }
    let total: usize = positions.iter().map(|p| p.legal_moves().len()).sum();
    assert_eq!(check(&positions), total);
    // With the golden positions, the sample holds the special gaits this generator treats apart.
    positions.extend(golden_positions());
    let kinds: Vec<MoveKind> = positions
        .iter()
        .flat_map(|p| p.legal_moves())
        .map(|m| m.kind())
        .collect();
    for kind in [
        MoveKind::ForcedPromotion,
        MoveKind::EnPassant,
        MoveKind::KingLeap,
    ] {
        assert!(kinds.contains(&kind), "no {kind:?} in the sample");
    }
    assert!(positions
        .iter()
        .any(|p| p.legal_moves().iter().any(|m| m.castling().is_some())));
    assert!(positions.iter().any(|p| p.is_check()));
}
