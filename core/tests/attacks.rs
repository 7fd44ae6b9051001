//! Attack maps and pins (RULES.md §5.1, §5.2): exact sets for each kind of
//! piece from the rules' table, and the piece-side view (`attacks`,
//! `attacked_hexes`) against the hex-side view check detection uses
//! (`is_attacked`, `attackers`) on every hex of every golden position, both
//! colours.

use std::collections::BTreeSet;

use cescacs::{Bitboard, Color, Hex, Position};

fn pos(pdtl: &str) -> Position {
    pdtl.parse().unwrap_or_else(|e| panic!("{pdtl}: {e}"))
}

fn hex(name: &str) -> Hex {
    name.parse().unwrap()
}

fn names(set: Bitboard) -> BTreeSet<String> {
    set.map(|h| h.to_string()).collect()
}

/// The hexes at these (Δcolumn, Δline) offsets from `from` that exist.
fn offsets(from: &str, steps: &[(i8, i8)]) -> BTreeSet<String> {
    steps
        .iter()
        .filter_map(|&(dc, dl)| hex(from).offset(dc, dl))
        .map(|h| h.to_string())
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// The 12 neighbours (RULES.md §1.4) and the 12 knight jumps (§1.5).
const NEIGHBOURS: [(i8, i8); 12] = [
    (0, 2),
    (0, -2),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
    (2, 0),
    (-2, 0),
    (1, 3),
    (1, -3),
    (-1, 3),
    (-1, -3),
];
const JUMPS: [(i8, i8); 12] = [
    (1, 5),
    (-1, 5),
    (1, -5),
    (-1, -5),
    (2, 4),
    (-2, 4),
    (2, -4),
    (-2, -4),
    (3, 1),
    (-3, 1),
    (3, -1),
    (-3, -1),
];

#[test]
fn elephant_two_step_attack_needs_the_middle_hex_empty() {
    // White Elephant F14 (forward = up): (c, l+2), (c, l+4) through an
    // empty F16, (c±1, l+3), (c±1, l−3).
    let open = pos("/27:1k/14:3E3/1:1K/ w -- - 0 1");
    assert_eq!(
        names(open.attacks(hex("F14"))),
        set(&["F16", "F18", "E17", "G17", "E11", "G11"])
    );
    let blocked = pos("/27:1k/16:3p3/14:3E3/1:1K/ w -- - 0 1");
    assert_eq!(
        names(blocked.attacks(hex("F14"))),
        set(&["F16", "E17", "G17", "E11", "G11"])
    );
    // A Black Elephant attacks downwards.
    let black = pos("/27:1k/14:3e3/1:1K/ w -- - 0 1");
    assert_eq!(
        names(black.attacks(hex("F14"))),
        set(&["F12", "F10", "E11", "G11", "E17", "G17"])
    );
}

#[test]
fn pawns_attack_only_their_two_captures() {
    let p = pos("/27:1k/14:3P3/1:1K/ w -- - 0 1");
    assert_eq!(names(p.attacks(hex("F14"))), set(&["E17", "G17"]));
    let p = pos("/27:1k/14:3p3/1:1K/ w -- - 0 1");
    assert_eq!(names(p.attacks(hex("F14"))), set(&["E11", "G11"]));
}

#[test]
fn knights_attack_their_jumps_and_sliders_their_rays() {
    let n = pos("/27:1k/14:3N3/1:1K/ w -- - 0 1");
    assert_eq!(names(n.attacks(hex("F14"))), offsets("F14", &JUMPS));
    // A Rook on F14 with a Black pawn on F18 and a White one on E13 (the
    // first piece on each ray is attacked, own or not; nothing beyond).
    let r = pos("/27:1k/18:3p3/14:3R3/13:3P4/1:1K/ w -- - 0 1");
    let attacked = names(r.attacks(hex("F14")));
    assert!(attacked.contains("F16") && attacked.contains("F18") && !attacked.contains("F20"));
    assert!(
        attacked.contains("E13") && !attacked.contains("D12"),
        "{attacked:?}"
    );
    assert!(
        attacked.contains("G13") && attacked.contains("Z7"),
        "{attacked:?}"
    );
    // Orthogonal only: no diagonal neighbour.
    assert!(!attacked.contains("H14") && !attacked.contains("D14") && !attacked.contains("G17"));
    // Wyvern = Rook rays + jumps, Pegasus = Bishop rays + jumps.
    let w = pos("/27:1k/14:3V3/1:1K/ w -- - 0 1");
    let pegasus = pos("/27:1k/14:3G3/1:1K/ w -- - 0 1");
    let rook = pos("/27:1k/14:3R3/1:1K/ w -- - 0 1");
    let bishop = pos("/27:1k/14:3J3/1:1K/ w -- - 0 1");
    let jumps = n.attacks(hex("F14"));
    assert_eq!(w.attacks(hex("F14")), rook.attacks(hex("F14")) | jumps);
    assert_eq!(
        pegasus.attacks(hex("F14")),
        bishop.attacks(hex("F14")) | jumps
    );
    let queen = pos("/27:1k/14:3D3/1:1K/ w -- - 0 1");
    assert_eq!(
        queen.attacks(hex("F14")),
        rook.attacks(hex("F14")) | bishop.attacks(hex("F14"))
    );
}

#[test]
fn a_kings_leap_is_not_an_attack() {
    // The Black King on G27 is unmoved; its leap hexes (E23, F22, H22, I23,
    // D26 are the White King's forbidden zone) are not attacked by it.
    let p = pos("/27:1k/1:1K/ w -k - 0 1");
    assert_eq!(names(p.attacks(hex("G27"))), offsets("G27", &NEIGHBOURS));
    for leap in ["E23", "F22", "H22", "I23"] {
        assert!(
            !p.attacked_hexes(Color::Black).contains(hex(leap)),
            "{leap}"
        );
    }
    assert!(
        p.attacks(hex("F14")).is_empty(),
        "an empty hex attacks nothing"
    );
}

#[test]
fn pins_by_sliders_and_by_an_elephant() {
    // A Black Rook on G25 pins the White Rook on G3 to the King on G1.
    let p = pos("/25:k1r1/3:2R1/1:1K/ w -- - 0 1");
    let ray = p.pin(Color::White, hex("G3")).expect("pinned");
    let column: BTreeSet<String> = (1..=12).map(|i| format!("G{}", 1 + 2 * i)).collect();
    assert_eq!(names(ray), column);
    // The pinned Rook's legal moves stay on that ray.
    let rook_moves: Vec<_> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.from() == hex("G3"))
        .collect();
    assert!(!rook_moves.is_empty() && rook_moves.iter().all(|m| ray.contains(m.to())));
    assert!(
        !p.is_pinned(Color::White, hex("G1")),
        "a King is never pinned"
    );
    assert!(
        !p.is_pinned(Color::White, hex("C3")),
        "an empty hex is not pinned"
    );
    assert!(
        !p.is_pinned(Color::Black, hex("G25")),
        "the pinner is not pinned"
    );
    // Two own pieces on the line: neither is pinned.
    let two = pos("/25:k1r1/5:3N2/3:2R1/1:1K/ w -- - 0 1");
    assert!(!two.is_pinned(Color::White, hex("G3")) && !two.is_pinned(Color::White, hex("G5")));
    // A Black Elephant on G5 attacks G1 through G3: the Knight on G3 is
    // pinned (its only moves would take the Elephant, and it has none).
    let e = pos("/27:1k/5:3e2/3:2N1/1:1K/ w -- - 0 1");
    assert_eq!(
        names(e.pin(Color::White, hex("G3")).expect("pinned")),
        set(&["G3", "G5"])
    );
    assert!(e.legal_moves().iter().all(|m| m.from() != hex("G3")));
}

/// Every golden position, both colours, every hex: the two views agree.
#[test]
fn piece_side_and_hex_side_views_agree_on_golden_positions() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/");
    let mut positions = 0;
    for file in ["random-dev.jsonl", "probes.jsonl", "castling.jsonl"] {
        let text = std::fs::read_to_string(format!("{dir}{file}")).unwrap();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let p = pos(v["pdtl"].as_str().unwrap());
            check_views(&p);
            positions += 1;
        }
    }
    assert!(positions > 1000, "{positions}");
}

fn check_views(p: &Position) {
    for by in [Color::White, Color::Black] {
        let map = p.attacked_hexes(by);
        for i in 0..cescacs::HEX_COUNT {
            let x = Hex::from_index(i).unwrap();
            assert_eq!(
                map.contains(x),
                p.is_attacked(x, by),
                "{p:?}: {x} attacked by {by:?}"
            );
            let from_pieces: Bitboard = p
                .occupied_by(by)
                .filter(|&h| p.attacks(h).contains(x))
                .collect();
            assert_eq!(
                from_pieces,
                p.attackers(x, by),
                "{p:?}: attackers of {x} ({by:?})"
            );
        }
        // Pinned pieces: each pin ray runs from the King to an enemy piece,
        // and the piece on it is the only own piece on that ray.
        for h in p.occupied_by(by) {
            if let Some(ray) = p.pin(by, h) {
                assert!(
                    ray.contains(h) && !ray.contains(p.king(by)),
                    "{p:?}: pin of {h}"
                );
                let own_on_ray: Vec<Hex> = (ray & p.occupied_by(by)).collect();
                assert_eq!(own_on_ray, [h], "{p:?}: pin of {h}");
                assert_eq!(
                    (ray & p.occupied_by(!by)).count(),
                    1,
                    "{p:?}: pinner of {h}"
                );
            }
        }
    }
    assert_eq!(p.checkers(), p.attackers(p.king(p.turn()), !p.turn()));
}
