//! `cescacs match` as an engine author runs fastchess: its command line as
//! it is, a line as each game ends and its results blocks, refused engine
//! options reported before the first game, no games file after a failed
//! start, and Ctrl-C ending the match with the games played, their summary
//! and a non-zero exit. The engines are `cescacs-fake-uci`'s.

use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_cescacs");
const FAKE: &str = env!("CARGO_BIN_EXE_cescacs-fake-uci");

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("cescacs-fastchess-{}-{name}", std::process::id()))
}

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("match")
        .args(args)
        .output()
        .expect("cescacs runs")
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[test]
fn a_fastchess_command_line_runs_as_it_is() {
    let book = temp("book.ctl-pgn");
    std::fs::write(
        &book,
        "[Variant \"C'escacs\"]\n[Event \"book\"]\n1. E7-E13, E21-E15\n2. K4-K8, K24-K20\n*\n",
    )
    .unwrap();
    let pgn = temp("fastchess.ctl-pgn");
    let cmd = format!("cmd={FAKE}");
    let (book_arg, pgn_arg) = (
        format!("file={}", book.display()),
        format!("file={}", pgn.display()),
    );
    let out = stdout(&run(&[
        "-engine",
        &cmd,
        "args=random 3",
        "name=a",
        "option.Hash=8",
        "-engine",
        &cmd,
        "args=first",
        "name=b",
        "option.Skill Level=10",
        "-each",
        "tc=40/10+0.1",
        "proto=uci",
        "-rounds",
        "2",
        "-repeat",
        "-concurrency",
        "2",
        "-ratinginterval",
        "2",
        "-recover",
        "-openings",
        &book_arg,
        "format=pgn",
        "order=random",
        "plies=3",
        "-draw",
        "movenumber=40",
        "movecount=4",
        "score=5",
        "-resign",
        "movecount=3",
        "score=600",
        "-sprt",
        "elo0=0",
        "elo1=5",
        "alpha=0.05",
        "beta=0.05",
        "-maxmoves",
        "5",
        "-srand",
        "4",
        "-pgnout",
        &pgn_arg,
    ]));
    let games = cescacs::pgn::read_games(&std::fs::read_to_string(&pgn).unwrap()).unwrap();
    std::fs::remove_file(&pgn).unwrap();
    std::fs::remove_file(&book).unwrap();
    assert_eq!(games.len(), 4);
    for g in &games {
        // The book's first three plies, then ten engine plies (-maxmoves 5).
        assert_eq!(g.ctl_moves()[..3], ["E7-E13", "E21-E15", "K4-K8"]);
        assert_eq!(g.len(), 13);
        assert_eq!(g.tag("TimeControl"), Some("40/10+0.1"));
        assert_eq!(g.tag("Result"), Some("1-1"));
    }
    let lines: Vec<&str> = out.lines().collect();
    // A line a game as it ends: White, Black and their points.
    let finished: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.starts_with("Finished game "))
        .collect();
    assert_eq!(finished.len(), 4, "{out}");
    for n in 1..=4 {
        let (white, black) = if n % 2 == 1 { ("a", "b") } else { ("b", "a") };
        let want = format!("Finished game {n} ({white} vs {black}): 1-1 {{Draw by the ply limit}}");
        assert!(finished.contains(&want.as_str()), "{want}\n{out}");
    }
    // The interim block after two games, the final one after four.
    let header = "Results of a vs b (40/10+0.1, 1t, 8MB - 16MB, book.ctl-pgn):";
    let header = header.replace("book.ctl-pgn", &book.file_name().unwrap().to_string_lossy());
    let blocks: Vec<usize> = (0..lines.len()).filter(|&i| lines[i] == header).collect();
    assert_eq!(blocks.len(), 2, "{out}");
    assert_eq!(
        lines[blocks[0] + 3],
        "Games: 2, Wins: 0, Losses: 0, Draws: 2, Points: 2 (50.00 %)"
    );
    // Four draws say nothing: an LLR of zero (C's printf writes its sign).
    assert!(lines[blocks[0] + 5].starts_with("LLR: -0.00 ("), "{out}");
    let last = blocks[1];
    assert_eq!(
        lines[last + 3..],
        [
            "Games: 4, Wins: 0, Losses: 0, Draws: 4, Points: 4 (50.00 %)",
            "Ptnml(0-2): [0, 0, 2, 0, 0], WL/DD Ratio: 0.00",
            "SPRT ([0.00, 5.00]) LLR: -0.00 [-2.94, 2.94] - no decision within the games played",
            "--------------------------------------------------",
        ]
    );
    assert!(lines[last - 2].starts_with("A (a) vs B (b): 4 games, A +0 =4 -0"));
}

#[test]
fn own_flags_take_fastchess_words_unquoted_and_an_odd_game_count() {
    let (a, b) = (format!("cmd={FAKE}"), format!("cmd={FAKE}"));
    let out = stdout(&run(&[
        "--engine",
        &a,
        "args=random 5",
        "name=a",
        "--engine",
        &b,
        "args=score -700",
        "name=b",
        "--depth",
        "1",
        "--games",
        "3",
        "--resign",
        "movecount=3",
        "score=600",
        "--list-games",
        "--ratinginterval",
        "0",
    ]));
    // B reports -700 at each move and resigns at its third; game 2 has B as White.
    let listed: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(listed.len(), 3, "{out}");
    for (n, line) in listed.iter().enumerate() {
        let want = if n % 2 == 0 {
            "(a vs b): 3-0 {White wins by adjudication}"
        } else {
            "(b vs a): 0-3 {Black wins by adjudication}"
        };
        assert!(
            line.starts_with(&format!("game {} {want}, ", n + 1)),
            "{out}"
        );
    }
    // No interim block with -ratinginterval 0: one results header, the final.
    assert_eq!(out.matches("Results of a vs b").count(), 1, "{out}");
}

#[test]
fn refused_options_stop_the_match_before_the_first_game_and_leave_no_file() {
    let pgn = temp("refused.ctl-pgn");
    let cases = [
        (
            "option.Foo=1",
            "error: engine x: option Foo=1: the engine declares no option \"Foo\"\n",
        ),
        (
            "option.Hash=0",
            "error: engine x: option Hash=0: give a whole number in 1..=1024\n",
        ),
    ];
    for (option, error) in cases {
        let out = run(&[
            "-engine",
            &format!("cmd={FAKE}"),
            "args=first",
            "name=x",
            option,
            "-each",
            "depth=1",
            "-games",
            "2",
            "-pgnout",
            &format!("file={}", pgn.display()),
        ]);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(String::from_utf8_lossy(&out.stderr), error);
        assert!(out.stdout.is_empty());
        assert!(!pgn.exists(), "no games file after a failed start");
    }
    // An engine that does not exist leaves no games file either.
    let out = run(&[
        "--engine",
        "cmd=/nonexistent/engine name=ghost",
        "--depth",
        "1",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!pgn.exists());
}

#[test]
fn ctrl_c_ends_the_match_with_its_games_a_summary_and_a_non_zero_exit() {
    let pgn = temp("interrupted.ctl-pgn");
    let engine = format!("cmd='{FAKE} slow 40'");
    let mut child = Command::new(BIN)
        .args([
            "match",
            "--engine",
            &format!("{engine} name=a"),
            "--engine",
            &format!("{engine} name=b"),
            "--depth",
            "1",
            "--games",
            "200",
            "--max-plies",
            "6",
            "--concurrency",
            "2",
            "--ratinginterval",
            "0",
            "--pgn",
            pgn.to_str().unwrap(),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut text = String::new();
    while !text.contains("Finished game 3 ") && !text.contains("Finished game 4 ") {
        let mut line = String::new();
        assert!(reader.read_line(&mut line).unwrap() > 0, "{text}");
        text.push_str(&line);
    }
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    reader.read_to_string(&mut text).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{text}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("interrupted"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let played = text
        .lines()
        .filter(|l| l.starts_with("Finished game "))
        .count();
    assert!((3..200).contains(&played), "{text}");
    let summary = format!("Games: {played}, Wins: 0, Losses: 0, Draws: {played}, ");
    assert!(text.lines().any(|l| l.starts_with(&summary)), "{text}");
    let games = cescacs::pgn::read_games(&std::fs::read_to_string(&pgn).unwrap()).unwrap();
    std::fs::remove_file(&pgn).unwrap();
    assert_eq!(games.len(), played);
}
