//! Replays the `batch` fuzz corpus on stable `cargo test`: the committed
//! seeds (`fuzz/seeds/batch/`) and any minimised crash input
//! (`fuzz/regressions/batch/`), through the very check the cargo-fuzz
//! target runs (`fuzz/checks/batch.rs`). The fuzzing itself is
//! `scripts/fuzz.sh` (nightly features).

use std::fs;
use std::path::{Path, PathBuf};

#[path = "../../fuzz/checks/batch.rs"]
mod batch;

/// The inputs of a target: seeds and regressions, in name order (a missing
/// directory has none).
fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut out = Vec::new();
    for dir in ["seeds", "regressions"] {
        let Ok(entries) = fs::read_dir(fuzz.join(dir).join(target)) else { continue };
        let mut paths: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).filter(|p| p.is_file()).collect();
        paths.sort();
        out.extend(paths.into_iter().map(|p| {
            let data = fs::read(&p).unwrap();
            (p, data)
        }));
    }
    out
}

/// Runs `check` on every input of `target`, naming the input that fails.
fn replay(target: &str, check: impl Fn(&[u8])) -> usize {
    let inputs = inputs(target);
    for (path, data) in &inputs {
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(data)));
        if let Err(e) = result {
            let msg = e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
            panic!("{}: {}", path.display(), msg.unwrap_or_default());
        }
    }
    inputs.len()
}

#[test]
fn batch_corpus() {
    assert!(replay("batch", batch::check_batch) >= 8);
    // The seeds made from real batches are accepted; the damaged ones are not.
    let accepted: Vec<String> = inputs("batch")
        .iter()
        .filter(|(_, d)| batch::accepts(d))
        .map(|(p, _)| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(accepted, ["empty", "indices-3-games", "ranks-3-games", "two-starts-indices", "two-starts-ranks"]);
}
