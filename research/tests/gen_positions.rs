//! The generator's command (`src/bin/gen_positions.rs`): its file is read
//! back whole by the positions reader, is the same whatever the number of
//! threads and is what `generate::generate` writes; bad arguments are
//! refused with a message and exit status 2.

use std::path::PathBuf;
use std::process::Command;

use cescacs_research::generate::{generate, Settings};
use cescacs_research::positions::{Reader, HEADER};

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cescacs-gen-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn run(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_gen_positions"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn the_file_reads_back_and_does_not_depend_on_the_threads() {
    let (one, two) = (temp("one.bin"), temp("two.bin"));
    let base = ["--positions", "120", "--nodes", "40", "--seed", "9"];
    for (path, threads) in [(&one, "1"), (&two, "2")] {
        let out = run(&[
            &base[..],
            &["--threads", threads, "--out", path.to_str().unwrap()],
        ]
        .concat());
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(said.starts_with("120 positions from "), "{said}");
    }
    let bytes = std::fs::read(&one).unwrap();
    assert_eq!(bytes, std::fs::read(&two).unwrap());
    assert_eq!(bytes.len(), 8 + 120 * 64);
    assert_eq!(bytes[..8], HEADER);
    let records: Vec<_> = Reader::new(&bytes[..])
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(records.len(), 120);
    for r in &records {
        let pos = r.position().unwrap();
        assert!(!pos.is_check());
        assert!(r.ply >= 8, "after the random opening: {}", r.ply);
        assert!(r.result <= 3 || r.result == 255);
    }
    // The library function writes the same bytes.
    let settings = Settings {
        positions: 120,
        nodes: 40,
        seed: 9,
        ..Settings::default()
    };
    let mut again = Vec::new();
    let summary = generate(&settings, &mut again).unwrap();
    assert_eq!(summary.positions, 120);
    assert_eq!(again, bytes);
}

#[test]
fn bad_arguments_are_refused() {
    for (args, message) in [
        (
            &["--nodes", "many"][..],
            "gen_positions: --nodes: not a number: many",
        ),
        (&["--positions"], "gen_positions: --positions needs a value"),
        (
            &["--colour", "red"],
            "gen_positions: unknown argument --colour",
        ),
        (
            &["--eval", "deep"],
            "gen_positions: --eval: hand or nnue, not deep",
        ),
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr).trim_end(), message);
    }
    let out = run(&["--positions", "1", "--out", "/nonexistent-dir/x.bin"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).starts_with("gen_positions: /nonexistent-dir/x.bin: ")
    );
}
