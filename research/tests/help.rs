//! The crate's commands answer `-h` and `--help` with their usage on stdout
//! and status 0, as a reader of the pipeline's docs would try first.

use std::process::Command;

fn help(bin: &str, flag: &str) -> String {
    let out = Command::new(bin).arg(flag).output().unwrap();
    assert!(out.status.success(), "{bin} {flag}: {:?}", out.status);
    assert!(out.stderr.is_empty());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn gen_positions_prints_its_usage() {
    for flag in ["-h", "--help"] {
        let text = help(env!("CARGO_BIN_EXE_gen_positions"), flag);
        assert!(text.contains("Usage: gen_positions --positions N --nodes K --seed S --out FILE"));
        for option in [
            "--threads T",
            "--opening-plies P",
            "--eval hand|nnue",
            "--eval-file NET",
        ] {
            assert!(text.contains(option), "{option} missing:\n{text}");
        }
    }
}

#[test]
fn dedup_positions_prints_its_usage() {
    for flag in ["-h", "--help"] {
        let text = help(env!("CARGO_BIN_EXE_dedup_positions"), flag);
        assert!(
            text.contains("Usage: dedup_positions --out FILE IN..."),
            "{text}"
        );
    }
}
