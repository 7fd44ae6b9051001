//! Replays the `batch` fuzz corpus on stable `cargo test`: the committed
//! seeds (`fuzz/seeds/batch/`) and any minimised crash input
//! (`fuzz/regressions/batch/`), through the very check the cargo-fuzz
//! target runs (`cescacs_checks::batch`, fuzz/checks). The fuzzing itself
//! is `scripts/fuzz.sh` (nightly features).

use cescacs_checks::batch;
use cescacs_checks::replay::{inputs, replay};

#[test]
fn batch_corpus() {
    assert!(replay("batch", batch::check_batch) >= 8);
    // The seeds made from real batches are accepted; the damaged ones are not.
    let accepted: Vec<String> = inputs("batch")
        .iter()
        .filter(|(_, d)| batch::accepts(d))
        .map(|(p, _)| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        accepted,
        [
            "empty",
            "indices-3-games",
            "ranks-3-games",
            "two-starts-indices",
            "two-starts-ranks"
        ]
    );
}
