//! Replays the `nnue` fuzz corpus on stable `cargo test`: the committed
//! seeds (`fuzz/seeds/nnue/`, written by `fuzz/make-nnue-seeds.py` with the
//! trainer's Python writer) and any minimised crash input
//! (`fuzz/regressions/nnue/`), through the very check the cargo-fuzz target
//! runs (`cescacs_checks::nnue`, fuzz/checks). The fuzzing itself is
//! `scripts/fuzz.sh`.

use cescacs_checks::nnue;
use cescacs_checks::replay::{inputs, replay};

#[test]
fn nnue_corpus() {
    assert!(replay("nnue", nnue::check_nnue) >= 10);
    // The Python writer's networks read; the damaged files do not.
    let accepted: Vec<String> = inputs("nnue")
        .iter()
        .filter(|(_, d)| nnue::accepts(d))
        .map(|(p, _)| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        accepted,
        [
            "valid-1x1",
            "valid-1x1-2-king-buckets",
            "valid-2x1-checksum-recomputed",
            "valid-2x2-hand-written-base"
        ]
    );
}
