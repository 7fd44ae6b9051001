//! Position editing (`Setup`): fields without rules, checked by the PDTL
//! reader when they become a position.

use cescacs::{Color, Hex, PdtlError, Piece, Position, Role, Setup, SpecialCapture};

fn put(setup: &mut Setup, hex: &str, piece: char) {
    setup.board[hex.parse::<Hex>().unwrap().index()] = Piece::from_char(piece);
}

#[test]
fn every_golden_position_round_trips_through_a_setup() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/random-dev.jsonl"
    ))
    .unwrap();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let pos: Position = v["pdtl"].as_str().unwrap().parse().unwrap();
        let setup = pos.to_setup();
        assert!(setup.problems().is_empty(), "{pos:?}");
        let again = Position::from_setup(&setup).unwrap();
        if pos.special_capture() == SpecialCapture::None {
            assert_eq!(again, pos);
        } else {
            // An edited position has no pending en passant or scornful capture.
            assert_eq!(again.special_capture(), SpecialCapture::None);
            assert_eq!(again.to_setup(), setup);
        }
    }
}

#[test]
fn problems_are_the_readers_rules_all_of_them() {
    let mut s = Setup::empty();
    assert_eq!(
        s.problems(),
        [
            PdtlError::KingCount {
                color: Color::White,
                count: 0
            },
            PdtlError::KingCount {
                color: Color::Black,
                count: 0
            }
        ]
    );
    put(&mut s, "G1", 'K');
    put(&mut s, "G27", 'k');
    assert!(s.problems().is_empty());
    for hex in ["C3", "I3", "F14"] {
        put(&mut s, hex, 'R');
    }
    put(&mut s, "E13", 'J');
    put(&mut s, "E19", 'J'); // the same hex colour as E13: lines 6 apart
    let problems = s.problems();
    assert!(
        problems.contains(&PdtlError::TooMany {
            color: Color::White,
            role: Role::Rook,
            count: 3,
            max: 2
        }),
        "{problems:?}"
    );
    assert!(
        problems.iter().any(|p| matches!(
            p,
            PdtlError::BishopColour {
                color: Color::White,
                ..
            }
        )),
        "{problems:?}"
    );
    assert!(Position::from_setup(&s).is_err());
    // The side not to move in check: found once the material is right.
    let mut s = Setup::empty();
    put(&mut s, "G1", 'K');
    put(&mut s, "G27", 'k');
    put(&mut s, "G25", 'R');
    s.turn = Color::White; // White to move while Black's King is attacked
    assert_eq!(s.problems(), [PdtlError::OppositeCheck(Color::Black)]);
    s.turn = Color::Black;
    assert!(s.problems().is_empty() && Position::from_setup(&s).unwrap().is_check());
}

#[test]
fn castling_rights_follow_the_pieces_at_home() {
    let mut s = Setup::empty();
    put(&mut s, "G1", 'K');
    put(&mut s, "G27", 'k');
    put(&mut s, "C3", 'R');
    s.set_castling("RKRrkr").unwrap();
    // The reader keeps only the rights whose King and Rook are at home.
    assert_eq!(
        Position::from_setup(&s).unwrap().to_pdtl(),
        "/27:1k/3:R3/1:1K/ w RKk - 0 1"
    );
    assert!(s.set_castling("XYZ").is_err());
    assert_eq!(s.to_pdtl(), "/27:1k/3:R3/1:1K/ w RKRrkr - 0 1");
    assert_eq!(Setup::empty().to_pdtl(), "/ w -- - 0 1");
}
