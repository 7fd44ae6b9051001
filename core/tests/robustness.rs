//! Bad input never crashes: every truncation, deletion and a set of
//! substitutions of real PDTL strings and move texts must give `Ok` or a
//! typed error — never a panic — and an error must leave the position as it
//! was. (Deterministic: no random seeds, so a failure always reproduces.)

use std::fs;
use std::path::PathBuf;

use cescacs::Position;

fn data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data")
        .join(name);
    fs::read_to_string(path).unwrap()
}

/// Every prefix, every one-character deletion, and each position replaced
/// by a few characters that matter to the grammars.
fn mutations(text: &str) -> Vec<String> {
    const SUBSTITUTES: [char; 14] = [
        '/', ':', '9', '0', '-', '@', '×', '=', 'K', 'k', 'J', ' ', '+', 'Ω',
    ];
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    for i in 0..chars.len() {
        out.push(chars[..i].iter().collect());
        let mut deleted = chars.clone();
        deleted.remove(i);
        out.push(deleted.into_iter().collect());
        for s in SUBSTITUTES {
            let mut changed = chars.clone();
            changed[i] = s;
            out.push(changed.into_iter().collect());
        }
    }
    out
}

#[test]
fn pdtl_reader_never_panics_and_accepted_mutants_round_trip() {
    let mut tried = 0;
    let mut accepted = 0;
    let random = data("random-dev.jsonl");
    let sample = random.lines().step_by(50);
    for line in data("probes.jsonl")
        .lines()
        .chain(data("castling.jsonl").lines())
        .chain(sample)
    {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        let pdtl = record["pdtl"].as_str().unwrap();
        for text in mutations(pdtl) {
            tried += 1;
            if let Ok(pos) = text.parse::<Position>() {
                accepted += 1;
                // Whatever is accepted is a consistent position: it writes a
                // PDTL that reads back to itself, and its moves generate.
                let again: Position = pos
                    .to_pdtl()
                    .parse()
                    .unwrap_or_else(|e| panic!("{text:?}: {e}"));
                assert_eq!(again.to_pdtl(), pos.to_pdtl(), "{text:?}");
                let _ = pos.legal_moves();
            }
        }
    }
    assert!(tried > 50_000, "{tried}");
    assert!(accepted > 0 && accepted < tried);
}

#[test]
fn move_readers_never_panic_and_leave_the_position_untouched() {
    let mut tried = 0;
    // Positions of the first game, with every legal move's CTL-AN mutated.
    for line in data("games.jsonl").lines().step_by(12) {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        let pos: Position = record["pdtl"].as_str().unwrap().parse().unwrap();
        let before = pos.to_pdtl();
        for (long, ctl) in record["notation"].as_object().unwrap().iter().take(8) {
            let ctl = ctl.as_str().unwrap();
            for text in mutations(ctl).into_iter().chain(mutations(long)) {
                tried += 1;
                let mut p = pos.clone();
                if let Ok(m) = p.parse_ctl(&text) {
                    p.play(m).unwrap();
                }
                let mut q = pos.clone();
                if let Ok(m) = q.parse_long(&text) {
                    q.play(m).unwrap();
                }
            }
        }
        assert_eq!(pos.to_pdtl(), before);
    }
    assert!(tried > 20_000, "{tried}");
}
