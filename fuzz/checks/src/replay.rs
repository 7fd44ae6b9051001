//! Replaying a target's committed inputs on stable `cargo test`: the
//! seeds (`fuzz/seeds/<target>/`) and minimised crash inputs
//! (`fuzz/regressions/<target>/`), shared by the crates' `fuzz_regressions`
//! tests.

use std::fs;
use std::path::{Path, PathBuf};

/// The inputs of a target: seeds and regressions, in name order (a missing
/// directory has none).
pub fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    // This crate's directory is fuzz/checks.
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut out = Vec::new();
    for dir in ["seeds", "regressions"] {
        let Ok(entries) = fs::read_dir(fuzz.join(dir).join(target)) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file())
            .collect();
        paths.sort();
        out.extend(paths.into_iter().map(|p| {
            let data = fs::read(&p).unwrap();
            (p, data)
        }));
    }
    out
}

/// Runs `check` on every input of `target`, naming the input that fails.
pub fn replay(target: &str, check: impl Fn(&[u8])) -> usize {
    let inputs = inputs(target);
    for (path, data) in &inputs {
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(data)));
        if let Err(e) = result {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
            panic!("{}: {}", path.display(), msg.unwrap_or_default());
        }
    }
    inputs.len()
}
