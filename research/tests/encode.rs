//! The ML encodings (research/src/encode.rs): every legal move of every golden
//! position, and of random games from them, has its own index, which maps
//! back to the move; the planes say what the position says.

use std::collections::HashSet;

use cescacs::{Color, Hex, Position, HEX_COUNT};
use cescacs_research::encode::{action_id, action_index, piece_order, write_legal_mask, write_planes, ACTIONS, PIECE_PLANES, PLANES, PLANE_NAMES};
use cescacs_research::selfplay::RandomGames;

fn golden() -> Vec<Position> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/");
    let mut out = Vec::new();
    for file in ["random-dev.jsonl", "probes.jsonl", "castling.jsonl"] {
        for line in std::fs::read_to_string(format!("{dir}{file}")).unwrap().lines().filter(|l| !l.trim().is_empty()) {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            out.push(v["pdtl"].as_str().unwrap().parse().unwrap());
        }
    }
    out
}

/// The golden positions and the positions of short random games from each.
fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    for (i, start) in golden().into_iter().enumerate() {
        for g in RandomGames::new(2).start(&start).seed(i as u64).max_plies(12).threads(1).run().unwrap() {
            out.extend(g.positions().cloned());
        }
    }
    out
}

#[test]
fn the_action_space_has_a_fixed_documented_size() {
    // 169 × 169 + 202 (origin, promotion hex) pawn moves × 6 + 30 × 6 + 48.
    assert_eq!(*ACTIONS, 28_561 + 202 * 6 + 180 + 48, "update the layout table in encode.rs and the Python docs");
    // Every index maps to an identity that maps back, except from == to.
    let mut identities = 0;
    for i in 0..*ACTIONS {
        if let Some(id) = action_id(i) {
            assert_eq!(action_index(id), Some(i), "{i}");
            identities += 1;
        }
    }
    assert_eq!(identities, *ACTIONS - HEX_COUNT);
    assert_eq!(action_id(*ACTIONS), None);
}

#[test]
fn every_legal_move_has_its_own_index() {
    let mut promotions = 0;
    let mut castlings = 0;
    let mut mask = vec![false; *ACTIONS];
    let all = positions();
    assert!(all.len() > 10_000, "{}", all.len());
    for pos in &all {
        let moves = pos.legal_moves();
        let mut seen = HashSet::new();
        for m in &moves {
            let i = action_index(m.id()).unwrap_or_else(|| panic!("{pos:?}: {} has no index", m.long()));
            assert!(i < *ACTIONS && seen.insert(i), "{pos:?}: {} shares index {i}", m.long());
            let id = action_id(i).unwrap();
            assert_eq!(pos.resolve(id), Some(*m), "{pos:?}: index {i} resolves to another move");
            promotions += usize::from(m.promotion().is_some());
            castlings += usize::from(m.castling().is_some());
        }
        write_legal_mask(pos, &mut mask);
        assert_eq!(mask.iter().filter(|&&b| b).count(), moves.len());
    }
    assert!(promotions > 50 && castlings > 1000, "{promotions} promotions, {castlings} castlings");
}

#[test]
fn planes_say_what_the_position_says() {
    assert_eq!(PLANE_NAMES.len(), PLANES);
    let order = piece_order();
    let mut planes = vec![0u8; PLANES * HEX_COUNT];
    for pos in golden() {
        write_planes(&pos, &mut planes);
        let plane = |p: usize, h: Hex| planes[p * HEX_COUNT + h.index()];
        for h in Hex::all() {
            let on: Vec<usize> = (0..PIECE_PLANES).filter(|&p| plane(p, h) == 1).collect();
            match pos.piece_at(h) {
                Some(piece) => assert_eq!(on.iter().map(|&p| order[p]).collect::<Vec<_>>(), [piece]),
                None => assert!(on.is_empty()),
            }
            assert_eq!(plane(PIECE_PLANES, h), u8::from(pos.turn() == Color::White));
            assert_eq!(plane(PIECE_PLANES + 8, h) as u32, pos.halfmove_clock().min(255));
        }
        assert!(planes.iter().all(|&b| b <= 1 || b as u32 == pos.halfmove_clock().min(255) || b as u32 == pos.fullmove_number().unwrap_or(0).min(255)));
    }
    fn marked(planes: &[u8], p: usize) -> Vec<String> {
        Hex::all().filter(|h| planes[p * HEX_COUNT + h.index()] == 1).map(|h| h.to_string()).collect()
    }
    // The initial position: both Kings unmoved with both rooks' rights.
    write_planes(&Position::default(), &mut planes);
    assert_eq!(marked(&planes, PIECE_PLANES + 2), ["G1", "C3", "I3"]);
    assert_eq!(marked(&planes, PIECE_PLANES + 3), ["C25", "I25", "G27"]);
    assert!(marked(&planes, PIECE_PLANES + 4).is_empty() && marked(&planes, PIECE_PLANES + 7).is_empty());
    // After a double step, its en passant targets and the stepped pawn.
    let mut pos = Position::default();
    pos.play(pos.parse_ctl("E7-E11").unwrap()).unwrap();
    write_planes(&pos, &mut planes);
    assert!(!marked(&planes, PIECE_PLANES + 4).is_empty() && marked(&planes, PIECE_PLANES + 5) == ["E11"], "{:?}", marked(&planes, PIECE_PLANES + 4));
}
