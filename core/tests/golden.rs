//! The golden data of `tests/data/` (copied byte-identical from the shared
//! data set): legal move sets, CTL-AN, PDTL round trips, perft, games.

use std::collections::{BTreeSet, HashMap};
use std::fs;
use std::path::PathBuf;

use cescacs::{perft, Position};
use serde_json::Value;

fn data_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data")
        .join(name)
}

fn records(name: &str) -> Vec<Value> {
    let text = fs::read_to_string(data_path(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("valid JSON line"))
        .collect()
}

/// Checks one record; returns a description of every disagreement.
fn check_record(r: &Value, with_perft2: bool) -> Vec<String> {
    let pdtl = r["pdtl"].as_str().unwrap();
    let source = r["source"].as_str().unwrap_or("?");
    let mut errors = Vec::new();
    let pos: Position = match pdtl.parse() {
        Ok(p) => p,
        Err(e) => return vec![format!("{source}: PDTL rejected: {e}")],
    };
    if pos.to_pdtl() != pdtl {
        errors.push(format!(
            "{source}: PDTL round trip\n  want {pdtl}\n  got  {}",
            pos.to_pdtl()
        ));
    }
    if pos.zobrist_hash() != pos.zobrist_hash_from_scratch() {
        errors.push(format!("{source}: Zobrist hash of the parsed position"));
    }
    let moves = pos.legal_moves();
    let got: Vec<String> = moves.iter().map(|m| m.long()).collect();
    let got_set: BTreeSet<String> = got.iter().cloned().collect();
    if got_set.len() != got.len() {
        errors.push(format!("{source}: duplicate moves generated"));
    }
    let want: BTreeSet<String> = r["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    if got_set != want {
        let missing: Vec<_> = want.difference(&got_set).collect();
        let extra: Vec<_> = got_set.difference(&want).collect();
        errors.push(format!(
            "{source}: move set differs in {pdtl}\n  missing {missing:?}\n  extra {extra:?}"
        ));
        return errors;
    }
    let notation = r["notation"].as_object().unwrap();
    for m in &moves {
        let long = m.long();
        let want = notation[&long].as_str().unwrap();
        let ctl = pos.ctl(m);
        if ctl != want {
            errors.push(format!(
                "{source}: CTL-AN of {long}: want {want}, got {ctl} in {pdtl}"
            ));
        }
        match pos.parse_ctl(want) {
            Ok(p) if p == *m => {}
            other => errors.push(format!(
                "{source}: parse_ctl({want}) = {other:?}, want {long}"
            )),
        }
        let after = pos.after(*m);
        if after.zobrist_hash() != after.zobrist_hash_from_scratch() {
            errors.push(format!(
                "{source}: incremental Zobrist hash differs after {long}"
            ));
        }
        match pos.parse_long(&long) {
            Ok(p) if p == *m => {}
            other => errors.push(format!("{source}: parse_long({long}) = {other:?}")),
        }
    }
    let tags: Vec<&str> = r["tags"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    if tags.contains(&"in_check") != pos.is_check() {
        errors.push(format!("{source}: in_check tag disagrees"));
    }
    if tags.contains(&"checkmate") != pos.is_checkmate() {
        errors.push(format!("{source}: checkmate tag disagrees"));
    }
    if tags.contains(&"stalemate") != pos.is_stalemate() {
        errors.push(format!("{source}: stalemate tag disagrees"));
    }
    if with_perft2 {
        let want = r["perft2"].as_u64().unwrap();
        let got = perft(&pos, 2);
        if got != want {
            errors.push(format!(
                "{source}: perft(2) want {want} got {got} in {pdtl}"
            ));
        }
    }
    errors
}

fn check_file(name: &str) {
    let recs = records(name);
    assert!(!recs.is_empty());
    let mut errors = Vec::new();
    for r in &recs {
        errors.extend(check_record(r, true));
    }
    assert!(
        errors.is_empty(),
        "{name}: {} problems:\n{}",
        errors.len(),
        errors
            .iter()
            .take(30)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn castling_file() {
    let recs = records("castling.jsonl");
    assert_eq!(recs.len(), 22);
    check_file("castling.jsonl");
    // The counts field: leaps, king's-rook, queen's-rook and double castlings.
    for r in &recs {
        let pos: Position = r["pdtl"].as_str().unwrap().parse().unwrap();
        let c = &r["counts"];
        let counts: Vec<u64> = ["leaps", "king_rook", "queen_rook", "double"]
            .iter()
            .map(|k| c[*k].as_u64().unwrap())
            .collect();
        let leaps = pos.king_leaps().len() as u64;
        let castlings = pos.castlings();
        let by = |k: cescacs::CastlingRooks| {
            castlings
                .iter()
                .filter(|m| m.castling().unwrap().rooks() == k)
                .count() as u64
        };
        let got = vec![
            leaps,
            by(cescacs::CastlingRooks::KingRook),
            by(cescacs::CastlingRooks::QueenRook),
            by(cescacs::CastlingRooks::Both),
        ];
        assert_eq!(got, counts, "{}", r["source"]);
    }
}

#[test]
fn probes_file() {
    check_file("probes.jsonl");
    // Probes reached by playing moves: make-move must give the same PDTL.
    for r in records("probes.jsonl") {
        let Some(setup) = r.get("setup").filter(|s| !s.is_null()) else {
            continue;
        };
        let mut pos: Position = setup["pdtl"].as_str().unwrap().parse().unwrap();
        for m in setup["moves"].as_array().unwrap() {
            let mv = pos.parse_long(m.as_str().unwrap()).unwrap();
            pos.play(mv).unwrap();
        }
        assert_eq!(
            pos.to_pdtl(),
            r["pdtl"].as_str().unwrap(),
            "{}",
            r["source"]
        );
    }
}

#[test]
fn random_dev_file() {
    check_file("random-dev.jsonl");
}

#[test]
fn games_file() {
    let recs = records("games.jsonl");
    let mut errors = Vec::new();
    for (i, r) in recs.iter().enumerate() {
        errors.extend(check_record(r, true));
        let Some(played) = r["played"].as_str() else {
            continue;
        };
        let pos: Position = r["pdtl"].as_str().unwrap().parse().unwrap();
        let m = pos.parse_long(played).unwrap();
        let text = r["played_text"].as_str().unwrap();
        match pos.parse_ctl(text) {
            Ok(p) if p == m => {}
            other => errors.push(format!(
                "played_text {text} read as {other:?}, want {played}"
            )),
        }
        let next = recs[i + 1]["pdtl"].as_str().unwrap();
        let after = pos.after(m).to_pdtl();
        if after != next {
            errors.push(format!(
                "{}: after {played}\n  want {next}\n  got  {after}",
                r["source"]
            ));
        }
    }
    assert!(
        errors.is_empty(),
        "{} problems:\n{}",
        errors.len(),
        errors
            .iter()
            .take(30)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn perft_file_to_depth_3() {
    let text = fs::read_to_string(data_path("perft.json")).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    let mut failures = Vec::new();
    for p in v["positions"].as_array().unwrap() {
        let pos: Position = p["pdtl"].as_str().unwrap().parse().unwrap();
        let counts: HashMap<String, u64> = p["perft"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.clone(), v.as_u64().unwrap()))
            .collect();
        for depth in 1..=3u32 {
            let want = counts[&depth.to_string()];
            let got = perft(&pos, depth);
            if got != want {
                failures.push(format!(
                    "{} depth {depth}: want {want} got {got}",
                    p["name"]
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
