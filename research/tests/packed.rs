//! Packed positions: every golden position (the recorded games' and the
//! development set's) unpacks to its pieces, side to move, castling rights
//! and halfmove clock, within MAX_PACKED bytes; damaged bytes are errors.

use cescacs::Position;
use cescacs_research::packed::{pack, unpack, UnpackError, MAX_PACKED};

fn positions(name: &str) -> Vec<Position> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data")
        .join(name);
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["pdtl"]
                .as_str()
                .unwrap()
                .parse()
                .unwrap()
        })
        .collect()
}

#[test]
fn golden_positions_round_trip() {
    let mut count = 0;
    for name in [
        "games.jsonl",
        "random-dev.jsonl",
        "castling.jsonl",
        "probes.jsonl",
    ] {
        for pos in positions(name) {
            let bytes = pack(&pos);
            assert!(bytes.len() <= MAX_PACKED, "{} bytes", bytes.len());
            let back = unpack(&bytes).unwrap();
            let (mut want, got) = (pos.to_setup(), back.to_setup());
            want.fullmove_number = None;
            want.halfmove_clock = want.halfmove_clock.min(255);
            assert_eq!(got, want, "{name}: {}", pos.to_pdtl());
            assert_eq!(pack(&back), bytes);
            count += 1;
        }
    }
    assert_eq!(count, 489 + 1000 + 22 + 11);
}

#[test]
fn the_initial_position_takes_the_most_bytes() {
    assert_eq!(pack(&Position::default()).len(), MAX_PACKED);
    assert_eq!(MAX_PACKED, 58);
}

#[test]
fn damaged_bytes_are_errors() {
    let bytes = pack(&Position::default());
    for len in 0..bytes.len() {
        assert!(
            matches!(unpack(&bytes[..len]), Err(UnpackError::Truncated { .. })),
            "{len} bytes"
        );
    }
    let mut bad = bytes.clone();
    *bad.last_mut().unwrap() = 0xFF;
    assert_eq!(unpack(&bad), Err(UnpackError::WrongKind(15)));
    let mut no_kings = bytes.clone();
    no_kings[2..24].fill(0);
    assert!(matches!(unpack(&no_kings), Err(UnpackError::Position(_))));
}
