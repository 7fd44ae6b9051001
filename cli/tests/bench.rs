//! `cescacs bench`: a node count that depends only on the search's code.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_cescacs");

/// The summary lines' values: total time (ms), nodes searched, nodes/second.
fn bench(args: &[&str]) -> (Vec<String>, u64, u64) {
    let out = Command::new(BIN).arg("bench").args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    let value = |label: &str| -> u64 {
        let line = lines
            .iter()
            .find(|l| l.starts_with(label))
            .unwrap_or_else(|| panic!("no {label:?} in {text}"));
        line[label.len()..].trim().parse().unwrap()
    };
    let (nodes, nps) = (value("Nodes searched  : "), value("Nodes/second    : "));
    (lines, nodes, nps)
}

#[test]
fn bench_counts_the_same_nodes_every_run() {
    // The exact count of the search's code: a change to the search (its
    // pruning, ordering, evaluation or table) changes it, and this test
    // must then be given the new count, which docs/PERFORMANCE.md records
    // beside its nodes per second. The default evaluation is the network;
    // `--eval hand` searches with the hand-written one.
    let (lines, nodes, nps) = bench(&[]);
    assert_eq!(nodes, 61_523);
    assert_eq!(bench(&["--eval", "nnue"]).1, nodes);
    assert_eq!(bench(&["4", "--eval", "hand"]).1, 71_996);
    assert!(nps > 0);
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("Position: ")).count(),
        9
    );
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove ")).count(),
        9
    );
    assert!(lines[0].starts_with("Position: 1/9 /"), "{lines:?}");
    assert_eq!(lines[lines.len() - 4], "===========================");
    assert!(lines[lines.len() - 3].starts_with("Total time (ms) : "));
    // Each position's count adds up to the total.
    let sum: u64 = lines
        .iter()
        .filter_map(|l| l.rsplit_once(" nodes "))
        .map(|(_, n)| n.parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, nodes);
    let (_, shallow, _) = bench(&["2"]);
    assert!(shallow < nodes);
    let out = Command::new(BIN).args(["bench", "0"]).output().unwrap();
    assert!(!out.status.success());
}

#[test]
fn bench_searches_with_a_network_file() {
    // The built-in network read from its file searches the same trees.
    let net = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/nets/default.nnue");
    assert_eq!(bench(&["--eval-file", net]).1, 61_523);
    // A file that is not there, or is not a network: an error naming it,
    // before any search.
    let dir = std::env::temp_dir().join(format!("cescacs-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let junk = dir.join("junk.nnue");
    std::fs::write(&junk, b"not a network").unwrap();
    for path in [dir.join("missing.nnue"), junk] {
        let out = Command::new(BIN)
            .args(["bench", "--eval-file"])
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert!(out.stdout.is_empty());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with(&format!("error: {}: ", path.display())),
            "{err}"
        );
    }
    // With --eval, which it would contradict: a usage error.
    let out = Command::new(BIN)
        .args(["bench", "--eval", "hand", "--eval-file", net])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}
