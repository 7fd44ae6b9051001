//! The ML encodings (research/src/encode.rs): every legal move of every golden
//! position, and of random games from them, has its own index, which maps
//! back to the move; the planes say what the position says; Black's frame
//! is the colour-swapped mirrored position's, byte for byte.

use std::collections::HashSet;

use cescacs::{Color, Hex, Piece, Position, SpecialCapture, HEX_COUNT};
use cescacs_research::encode::{
    action_id, action_index, action_index_for, mirror_action, piece_order, write_legal_mask,
    write_legal_mask_for, write_legal_mask_for_on_zeros, write_planes, write_planes_for,
    write_planes_for_on_zeros, ACTIONS, PIECE_PLANES, PLANES, PLANE_NAMES,
};
use cescacs_research::selfplay::RandomGames;

fn golden() -> Vec<Position> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/");
    let mut out = Vec::new();
    for file in ["random-dev.jsonl", "probes.jsonl", "castling.jsonl"] {
        for line in std::fs::read_to_string(format!("{dir}{file}"))
            .unwrap()
            .lines()
            .filter(|l| !l.trim().is_empty())
        {
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
        for g in RandomGames::new(2)
            .start(&start)
            .seed(i as u64)
            .max_plies(12)
            .threads(1)
            .run()
            .unwrap()
        {
            out.extend(g.positions().cloned());
        }
    }
    out
}

#[test]
fn the_action_space_has_a_fixed_documented_size() {
    // 169 × 169 + 202 (origin, promotion hex) pawn moves × 6 + 30 × 6 + 48.
    assert_eq!(
        *ACTIONS,
        28_561 + 202 * 6 + 180 + 48,
        "update the layout table in encode.rs and the Python docs"
    );
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
            let i = action_index(m.id())
                .unwrap_or_else(|| panic!("{pos:?}: {} has no index", m.long()));
            assert!(
                i < *ACTIONS && seen.insert(i),
                "{pos:?}: {} shares index {i}",
                m.long()
            );
            let id = action_id(i).unwrap();
            assert_eq!(
                pos.resolve(id),
                Some(*m),
                "{pos:?}: index {i} resolves to another move"
            );
            promotions += usize::from(m.promotion().is_some());
            castlings += usize::from(m.castling().is_some());
        }
        write_legal_mask(pos, &mut mask);
        assert_eq!(mask.iter().filter(|&&b| b).count(), moves.len());
    }
    assert!(
        promotions > 50 && castlings > 1000,
        "{promotions} promotions, {castlings} castlings"
    );
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
                Some(piece) => {
                    assert_eq!(on.iter().map(|&p| order[p]).collect::<Vec<_>>(), [piece])
                }
                None => assert!(on.is_empty()),
            }
            assert_eq!(plane(PIECE_PLANES, h), u8::from(pos.turn() == Color::White));
            assert_eq!(
                plane(PIECE_PLANES + 8, h) as u32,
                pos.halfmove_clock().min(255)
            );
        }
        assert!(planes.iter().all(|&b| b <= 1
            || b as u32 == pos.halfmove_clock().min(255)
            || b as u32 == pos.fullmove_number().unwrap_or(0).min(255)));
    }
    fn marked(planes: &[u8], p: usize) -> Vec<String> {
        Hex::all()
            .filter(|h| planes[p * HEX_COUNT + h.index()] == 1)
            .map(|h| h.to_string())
            .collect()
    }
    // The initial position: both Kings unmoved with both rooks' rights.
    write_planes(&Position::default(), &mut planes);
    assert_eq!(marked(&planes, PIECE_PLANES + 2), ["G1", "C3", "I3"]);
    assert_eq!(marked(&planes, PIECE_PLANES + 3), ["C25", "I25", "G27"]);
    assert!(
        marked(&planes, PIECE_PLANES + 4).is_empty()
            && marked(&planes, PIECE_PLANES + 7).is_empty()
    );
    // After a double step, its en passant targets and the stepped pawn.
    let mut pos = Position::default();
    pos.play(pos.parse_ctl("E7-E11").unwrap()).unwrap();
    write_planes(&pos, &mut planes);
    assert!(
        !marked(&planes, PIECE_PLANES + 4).is_empty()
            && marked(&planes, PIECE_PLANES + 5) == ["E11"],
        "{:?}",
        marked(&planes, PIECE_PLANES + 4)
    );
}

/// `pos` with the colours swapped and the board mirrored across the
/// midline (hex (c, l) to (c, 28 − l)), built from its fields and read back
/// by the PDTL reader: White's pieces become Black's on the mirrored hexes,
/// the other side moves, the castling rights change hands, the special
/// capture's hexes are mirrored; clocks stay.
fn colour_swapped_mirror(pos: &Position) -> Position {
    let mut setup = pos.to_setup();
    for h in Hex::all() {
        setup.board[h.mirror().index()] = pos.piece_at(h).map(|p| Piece::new(!p.color, p.role));
    }
    setup.turn = !pos.turn();
    setup.castling.swap(0, 1);
    let special = match pos.special_capture() {
        SpecialCapture::None => "-".to_string(),
        record @ SpecialCapture::EnPassant { pawn, .. } => {
            let mut lines: Vec<String> = record
                .en_passant_targets(!pos.turn())
                .iter()
                .map(|t| t.mirror().line())
                .map(|l| l.to_string())
                .collect();
            lines.sort_by_key(|l| l.parse::<u8>().unwrap());
            format!("{}@{}", pawn.mirror(), lines.join("-"))
        }
        SpecialCapture::Scornful { capturer, pawn } => {
            format!("{}@{}", capturer.mirror(), pawn.mirror())
        }
    };
    let mut fields: Vec<String> = setup.to_pdtl().split(' ').map(str::to_string).collect();
    fields[3] = special;
    Position::from_pdtl(&fields.join(" ")).unwrap_or_else(|e| panic!("{}: {e}", fields.join(" ")))
}

#[test]
fn the_mirror_of_the_actions_is_an_involution_that_maps_moves_to_moves() {
    let mut seen = vec![false; *ACTIONS];
    for i in 0..*ACTIONS {
        let j = mirror_action(i).unwrap();
        assert_eq!(mirror_action(j), Some(i), "{i}");
        assert!(!std::mem::replace(&mut seen[j], true), "{i}: {j} twice");
        assert_eq!(
            action_id(i).is_some(),
            action_id(j).is_some(),
            "{i}: a used cell maps onto a used cell"
        );
    }
    assert_eq!(mirror_action(*ACTIONS), None);
}

#[test]
fn blacks_frame_is_the_colour_swapped_mirrored_position() {
    let (mut framed, mut plain) = (vec![0u8; PLANES * HEX_COUNT], vec![0u8; PLANES * HEX_COUNT]);
    let (mut framed_mask, mut plain_mask) = (vec![false; *ACTIONS], vec![false; *ACTIONS]);
    let (mut special, mut awaiting, mut black_to_move) = (0, 0, 0);
    for pos in positions() {
        let mirror = colour_swapped_mirror(&pos);
        assert_eq!(colour_swapped_mirror(&mirror).to_pdtl(), pos.to_pdtl());
        write_planes_for(&pos, Color::Black, &mut framed);
        write_planes(&mirror, &mut plain);
        assert!(framed == plain, "{}", pos.to_pdtl());
        write_planes_for(&pos, Color::White, &mut framed);
        write_planes(&pos, &mut plain);
        assert!(framed == plain, "{}", pos.to_pdtl());
        // Every legal move, seen from Black's side, is a legal move of the mirror.
        write_legal_mask_for(&pos, Color::Black, &mut framed_mask);
        write_legal_mask(&mirror, &mut plain_mask);
        assert!(framed_mask == plain_mask, "{}", pos.to_pdtl());
        for m in pos.legal_moves().iter().take(8) {
            let i = action_index_for(m.id(), Color::Black).unwrap();
            assert_eq!(mirror_action(i), action_index(m.id()));
            // The same position after it, but for the move number (it
            // counts Black's moves).
            let fields = |p: Position| p.to_pdtl().rsplit_once(' ').unwrap().0.to_string();
            let played = mirror
                .resolve(action_id(i).unwrap())
                .map(|mm| fields(mirror.after(mm)));
            assert_eq!(played, Some(fields(colour_swapped_mirror(&pos.after(*m)))));
        }
        special += usize::from(pos.special_capture() != SpecialCapture::None);
        awaiting += usize::from(
            Color::ALL
                .iter()
                .any(|&c| pos.awaiting_pawns(c).next().is_some()),
        );
        black_to_move += usize::from(pos.turn() == Color::Black);
    }
    assert!(
        special > 100 && awaiting > 0 && black_to_move > 1000,
        "{special} special captures, {awaiting} awaiting, {black_to_move} Black to move"
    );
}

/// Into a zeroed buffer (NumPy's `zeros`, as the bindings' batches fill),
/// the `_on_zeros` writers give the bytes of the writers that clear first,
/// which here start from a buffer full of ones.
#[test]
fn writing_on_zeros_gives_the_same_bytes() {
    for pos in golden() {
        for side in Color::ALL {
            let (mut cleared, mut zeros) =
                (vec![1u8; PLANES * HEX_COUNT], vec![0u8; PLANES * HEX_COUNT]);
            write_planes_for(&pos, side, &mut cleared);
            write_planes_for_on_zeros(&pos, side, &mut zeros);
            assert!(cleared == zeros, "{side:?} {}", pos.to_pdtl());
            let (mut cleared, mut zeros) = (vec![true; *ACTIONS], vec![false; *ACTIONS]);
            write_legal_mask_for(&pos, side, &mut cleared);
            write_legal_mask_for_on_zeros(&pos, side, &mut zeros);
            assert!(cleared == zeros, "{side:?} {}", pos.to_pdtl());
            assert_eq!(
                zeros.iter().filter(|&&b| b).count(),
                pos.legal_moves().len()
            );
        }
    }
}
