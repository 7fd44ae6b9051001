//! End-to-end tests of the `cescacs` binary against the spec and the golden data.

use std::io::Write;
use std::process::{Command, Stdio};

use cescacs::Position;

const BIN: &str = env!("CARGO_BIN_EXE_cescacs");

/// RULES.md §8: the 68 legal moves of the initial position, CTL-AN, sorted.
const RULES8_INITIAL_MOVES: &str =
    "A5-A7 A5-A9 A5-B6 A5-T6 B4-B10 B4-B6 B4-B8 C5-B6 C5-C11 C5-C7 C5-C9 D6-C7 D6-D10 D6-D12 \
D6-D8 E7-D8 E7-E11 E7-E13 E7-E9 ED4-C7 EE5-D8 EG5-H8 EH4-I7 F8-E9 F8-F10 F8-F12 F8-G9 \
G7-G11 G7-G13 G7-G9 G7-H8 GD2-B6 GD2-C7 GH2-I7 GH2-K6 H6-H10 H6-H12 H6-H8 H6-I7 I5-I11 I5-I7 \
I5-I9 I5-K6 JF6-A21 JF6-B18 JF6-C15 JF6-D12 JF6-E9 JF6-G9 JF6-H12 JF6-I15 JF6-K18 JF6-L21 \
K4-K10 K4-K6 K4-K8 L5-K6 L5-L7 L5-L9 L5-X6 NE3-A11 NE3-C13 NE3-C7 NE3-D8 NG3-H8 NG3-I13 \
NG3-I7 NG3-L11";

/// NOTATION.md §5.7: after `1. E7-E13`.
const AFTER_E7_E13: &str = "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/13:3P4/8:3P3/7:4P3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ b RKRrkr E13@9-11 0 1";
/// NOTATION.md §5.7: after `1. E7-E13, E21-E15 2. F8-F12, E15-D14`.
const AFTER_SCORNFUL: &str = "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:4p3/20:3p3/14:2p4/13:3P4/12:3P3/7:4P3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr D14 0 3";
/// Kings and Rooks; White has all 5 leaps and 24 castlings (RULES.md §8).
const KINGS_AND_ROOKS: &str = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1";

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run_with_input(args: &[&str], input: Option<&str>) -> Run {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the cescacs binary starts");
    if let Some(text) = input {
        let mut stdin = child.stdin.take().expect("piped stdin");
        let text = text.to_string();
        // Write from a thread so a full stdout pipe cannot deadlock us.
        let writer =
            std::thread::spawn(move || stdin.write_all(text.as_bytes()).expect("write stdin"));
        let out = child.wait_with_output().expect("the cescacs binary runs");
        writer.join().expect("stdin writer");
        return finish(args, out);
    }
    let out = child.wait_with_output().expect("the cescacs binary runs");
    finish(args, out)
}

fn finish(args: &[&str], out: std::process::Output) -> Run {
    let run = Run {
        code: out.status.code().expect("exited normally"),
        stdout: String::from_utf8(out.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 stderr"),
    };
    assert!(
        !run.stderr.contains("panicked"),
        "cescacs {args:?} panicked: {}",
        run.stderr
    );
    run
}

fn run(args: &[&str]) -> Run {
    run_with_input(args, None)
}

fn data(name: &str) -> String {
    let path = format!("{}/../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// (pdtl, moves joined by spaces) of every record of a golden `.jsonl` file.
fn records(name: &str) -> Vec<(String, String)> {
    data(name)
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("JSON record");
            let pdtl = v["pdtl"].as_str().expect("pdtl field").to_string();
            let moves: Vec<&str> = v["moves"]
                .as_array()
                .expect("moves field")
                .iter()
                .map(|m| m.as_str().expect("move string"))
                .collect();
            (pdtl, moves.join(" "))
        })
        .collect()
}

// ----- moves -----------------------------------------------------------------

#[test]
fn initial_moves_in_ctl_an_are_the_rules_list() {
    let r = run(&["moves"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 68);
    let want: Vec<&str> = RULES8_INITIAL_MOVES.split(' ').collect();
    assert_eq!(lines, want);
}

#[test]
fn initial_moves_long_are_the_rules_list_without_piece_letters() {
    let r = run(&["moves", "--long"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 68);
    // Long form = CTL-AN without the piece letter (no captures or marks here).
    let mut want: Vec<String> = RULES8_INITIAL_MOVES
        .split(' ')
        .map(|m| {
            let first = m.as_bytes()[0];
            let second = m.as_bytes()[1];
            if second.is_ascii_alphabetic() && b"EJNGRVDK".contains(&first) {
                m[1..].to_string()
            } else {
                m.to_string()
            }
        })
        .collect();
    want.sort();
    assert_eq!(lines, want);
    assert!(lines.contains(&"D4-C7") && lines.contains(&"F6-A21") && lines.contains(&"G3-L11"));
    // And they equal the golden data's first random-dev record (the initial position).
    let records = records("games.jsonl");
    let (_, moves) = records
        .iter()
        .find(|(p, _)| p == cescacs::INITIAL_PDTL)
        .expect("a game's first position");
    assert_eq!(&lines.join(" "), moves);
}

#[test]
fn moves_of_a_given_position() {
    let r = run(&["moves", KINGS_AND_ROOKS]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 90);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert_eq!(lines.iter().filter(|m| m.starts_with("KR")).count(), 24);
    assert!(lines.contains(&"KRR-EEF") && lines.contains(&"KRK-HG+∞") && lines.contains(&"KG1-I5"));
}

#[test]
fn batch_long_reproduces_every_random_dev_record() {
    let records = records("random-dev.jsonl");
    assert_eq!(records.len(), 1000);
    let bad = "/27:1k/ w";
    let bad_at = records.len() / 2;
    let mut input = String::new();
    for (i, (pdtl, _)) in records.iter().enumerate() {
        if i == bad_at {
            input.push_str(bad);
            input.push('\n');
        }
        input.push_str(pdtl);
        input.push('\n');
    }
    let r = run_with_input(&["moves", "--long", "--batch"], Some(&input));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.split('\n').collect();
    // One line per input line, then the empty string after the last newline.
    assert_eq!(lines.len(), records.len() + 2);
    assert_eq!(lines[records.len() + 1], "");
    let bad_line = "error: placement: White has 0 kings; exactly one is required";
    assert_eq!(lines[bad_at], bad_line);
    assert_eq!(
        bad_line,
        format!("error: {}", Position::from_pdtl(bad).unwrap_err())
    );
    let got = lines[..bad_at]
        .iter()
        .chain(&lines[bad_at + 1..records.len() + 1]);
    for ((pdtl, want), got) in records.iter().zip(got) {
        assert_eq!(got, want, "position {pdtl}");
    }
}

#[test]
fn batch_long_gives_an_empty_line_for_mates_and_carries_on_after_errors() {
    let records = records("games.jsonl");
    let mut input = String::new();
    for (pdtl, _) in &records {
        input.push_str(pdtl);
        input.push('\n');
    }
    input.push('\n'); // an empty line is a bad PDTL too
    input.push_str("/27:1k/25:r3/3:R2R/1:1K/ x\r\n"); // bad turn field, CRLF line end
    input.push_str(KINGS_AND_ROOKS); // last line without a newline
    let r = run_with_input(&["moves", "--long", "--batch"], Some(&input));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), records.len() + 3);
    let mut empty = 0;
    for ((pdtl, want), got) in records.iter().zip(&lines) {
        assert_eq!(got, want, "position {pdtl}");
        empty += usize::from(got.is_empty());
    }
    assert_eq!(empty, 5, "the five games end in mate");
    let n = records.len();
    assert_eq!(lines[n], "error: empty PDTL");
    assert_eq!(lines[n + 1], "error: turn field \"x\": expected 'w' or 'b'");
    let single = run(&["moves", "--long", KINGS_AND_ROOKS]);
    assert_eq!(lines[n + 2].split(' ').count(), 90);
    assert_eq!(
        lines[n + 2],
        single.stdout.lines().collect::<Vec<_>>().join(" ")
    );
    assert!(
        lines[n + 2].contains(" G1-E5+C3-F6+I3-E7 "),
        "{}",
        lines[n + 2]
    );
}

#[test]
fn batch_ctl_an_without_long() {
    let input = format!("{}\n{}\n", cescacs::INITIAL_PDTL, KINGS_AND_ROOKS);
    let r = run_with_input(&["moves", "--batch"], Some(&input));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], RULES8_INITIAL_MOVES);
    assert_eq!(lines[1].split(' ').count(), 90);
}

// ----- perft -----------------------------------------------------------------

#[test]
fn perft_3_of_the_initial_position() {
    let r = run(&["perft", "3"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "340385\n");
    assert!(
        r.stderr.contains("perft(3) = 340385 in ") && r.stderr.contains("nodes/s"),
        "{}",
        r.stderr
    );
}

#[test]
fn perft_of_a_given_position_and_depth_zero() {
    let r = run(&["perft", "2", KINGS_AND_ROOKS]);
    assert_eq!((r.code, r.stdout.as_str()), (0, "3605\n"), "{}", r.stderr);
    let r = run(&["perft", "0"]);
    assert_eq!((r.code, r.stdout.as_str()), (0, "1\n"), "{}", r.stderr);
    let r = run(&["perft", "0", "--divide"]);
    assert_eq!((r.code, r.stdout.as_str()), (0, "1\n"), "{}", r.stderr);
}

#[test]
fn perft_divide_sums_to_the_total() {
    let r = run(&["perft", "3", "--divide"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 69);
    assert_eq!(lines[68], "340385");
    let mut sum = 0u64;
    let mut names = Vec::new();
    for line in &lines[..68] {
        let (mv, count) = line.split_once(": ").expect("MOVE: count");
        sum += count.parse::<u64>().expect("a count");
        names.push(mv);
    }
    assert_eq!(sum, 340_385);
    let long = run(&["moves", "--long"]);
    assert_eq!(names, long.stdout.lines().collect::<Vec<_>>());
    // perft(2) below E7-E13 (a triple step) by the library itself.
    let pos = Position::default();
    let m = pos.parse_ctl("E7-E13").unwrap();
    let want = format!("E7-E13: {}", cescacs::perft(&pos.after(m), 2));
    assert!(lines.contains(&want.as_str()), "{want}");
}

#[test]
fn perft_threads_give_the_same_output_and_no_progress_when_stderr_is_a_pipe() {
    let one = run(&["perft", "3", "--divide", "--threads", "1"]);
    assert_eq!(one.code, 0, "{}", one.stderr);
    for threads in ["2", "3", "0"] {
        let r = run(&["perft", "3", "--divide", "--threads", threads]);
        assert_eq!(
            (r.code, &r.stdout),
            (0, &one.stdout),
            "--threads {threads}: {}",
            r.stderr
        );
        // stderr is a pipe here: only the summary line, no progress bar.
        assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
        assert!(
            r.stderr.starts_with("perft(3) = 340385 in "),
            "{}",
            r.stderr
        );
    }
    let r = run(&["perft", "2", "--threads", "x"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("--threads"), "{}", r.stderr);
}

// ----- play ------------------------------------------------------------------

#[test]
fn play_from_the_initial_position() {
    let r = run(&["play", "E7-E13"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, format!("{AFTER_E7_E13}\n"));
    let r = run(&["play", "E7-E13", "E21-E15", "F8-F12", "E15-D14"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, format!("{AFTER_SCORNFUL}\n"));
}

#[test]
fn play_from_a_given_position() {
    let r = run(&["play", AFTER_SCORNFUL, "E13@D14"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let pos = Position::from_pdtl(r.stdout.trim_end()).expect("a PDTL");
    assert_eq!(pos.to_pdtl(), r.stdout.trim_end());
    assert!(r.stdout.ends_with(" b RKRrkr - 0 3\n"), "{}", r.stdout);
    assert!(r.stdout.contains("/14:2P4/"), "{}", r.stdout);
    // A castling by name, with a check mark that is accepted and ignored.
    let r = run(&["play", KINGS_AND_ROOKS, "KRR-HGG+∞"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "/27:1k/25:r3/7:4R3/6:4K2/5:3R2/ b -rk - 1 1\n");
    // Only a PDTL: the position itself, in canonical form.
    let r = run(&["play", KINGS_AND_ROOKS]);
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, format!("{KINGS_AND_ROOKS}\n").as_str())
    );
}

#[test]
fn play_stops_at_an_illegal_move() {
    let r = run(&["play", "E7-E13", "E7-E9", "F8-F10"]);
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout, "");
    assert!(
        r.stderr.starts_with("error: move 2 (\"E7-E9\"): "),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr
            .contains(&format!("position where it failed: {AFTER_E7_E13}\n")),
        "{}",
        r.stderr
    );
    // Well-formed but not legal: the King's leap hex H6 holds a White pawn.
    let r = run(&["play", "KG1-H6"]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stderr,
        format!(
            "error: move 1 (\"KG1-H6\"): not a legal move here\nposition where it failed: {}\n",
            cescacs::INITIAL_PDTL
        )
    );
}

#[test]
fn play_rejects_malformed_moves() {
    for bad in ["Q99", "KRK-XX", "E7E13", "E7-"] {
        let r = run(&["play", "E7-E13", "E21-E15", bad]);
        assert_eq!(r.code, 1, "{bad}");
        assert_eq!(r.stdout, "", "{bad}");
        assert!(
            r.stderr.starts_with(&format!("error: move 3 ({bad:?}): ")),
            "{bad}: {}",
            r.stderr
        );
        assert!(
            r.stderr.contains("position where it failed: /"),
            "{bad}: {}",
            r.stderr
        );
        assert!(
            r.stderr.contains(" w RKRrkr E15@17-19 0 2\n"),
            "{bad}: {}",
            r.stderr
        );
    }
}

// ----- show ------------------------------------------------------------------

#[test]
fn show_lists_all_leaps_and_castlings() {
    let r = run(&["show", "--ascii", KINGS_AND_ROOKS]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let pos = Position::from_pdtl(KINGS_AND_ROOKS).unwrap();
    let want = format!(
        "{}\n{}",
        pos.board_text(false),
        "\
PDTL:            /27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1
Side to move:    White
Move number:     1 (halfmove clock 0)
Castling rights: RKRrk (White: King unmoved, both Rooks unmoved; Black: King unmoved, queen's Rook unmoved)
Special capture: - (none)
Check:           no
King's Leaps:    5
  KG1-D2       G1-D2
  KG1-E5       G1-E5
  KG1-F6       G1-F6
  KG1-H6       G1-H6
  KG1-I5       G1-I5
Castlings:       24
  KRK-II       G1-I5+I3-I7
  KRK-IK       G1-I5+I3-K4
  KRK-IH       G1-I5+I3-H4
  KRK-HIO      G1-H6+I3-I5
  KRK-HIOO     G1-H6+I3-I7
  KRK-HH       G1-H6+I3-H4
  KRK-HG+∞     G1-H6+I3-G5
  KRK-FG+∞     G1-F6+I3-G5
  KRK-FE       G1-F6+I3-E7
  KRK-EF       G1-E5+I3-F6
  KRK-EE       G1-E5+I3-E7
  KRD-DD       G1-D2+C3-D4
  KRD-DE       G1-D2+C3-E1
  KRD-HH       G1-H6+C3-H8
  KRD-HG+∞     G1-H6+C3-G7
  KRD-FG+∞     G1-F6+C3-G7
  KRD-FE       G1-F6+C3-E5
  KRD-EF       G1-E5+C3-F6
  KRD-ED       G1-E5+C3-D4
  KRR-HIH      G1-H6+C3-H8+I3-I7
  KRR-HGG+∞    G1-H6+C3-G7+I3-G5
  KRR-FGG+∞    G1-F6+C3-G7+I3-G5
  KRR-FEE      G1-F6+C3-E5+I3-E7
  KRR-EEF      G1-E5+C3-F6+I3-E7
Legal moves:     90
"
    );
    assert_eq!(r.stdout, want);
}

#[test]
fn show_unicode_initial_position() {
    let r = run(&["show"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let board = Position::default().board_text(true);
    assert!(r.stdout.starts_with(&format!("{board}\n")), "{}", r.stdout);
    assert!(r.stdout.contains(" 1             ♕   ♔\n"));
    let tail: Vec<&str> = r.stdout[board.len() + 1..].lines().collect();
    assert_eq!(
        tail,
        [
            format!("PDTL:            {}", cescacs::INITIAL_PDTL).as_str(),
            "Side to move:    White",
            "Move number:     1 (halfmove clock 0)",
            "Castling rights: RKRrkr (White: King unmoved, both Rooks unmoved; Black: King unmoved, both Rooks unmoved)",
            "Special capture: - (none)",
            "Check:           no",
            "King's Leaps:    0",
            "Castlings:       0",
            "Legal moves:     68",
        ]
    );
}

#[test]
fn show_special_capture_check_and_game_over() {
    let r = run(&["show", "--ascii", AFTER_E7_E13]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("\nSide to move:    Black\n"));
    assert!(
        r.stdout.contains("\nSpecial capture: E13@9-11 (en passant: the piece on E13 may be taken on E11 or E9)\n"),
        "{}",
        r.stdout
    );
    let r = run(&["show", "--ascii", AFTER_SCORNFUL]);
    assert!(
        r.stdout.contains("\nSpecial capture: D14 (scornful pawn: the piece on D14 may be taken by the pawn on E13)\n"),
        "{}",
        r.stdout
    );
    // The Fool's mate (NOTATION.md §5.7): White is mated.
    let mate = "/28:v/27:dk/26:gj1/25:rn1r/24:pejep/23:ppee1p/22:2pjp2/21:3pp3/20:3p3/19:5p2/15:2J5/12:4P2/10:5P1/9:4nP2/8:3PE2/7:3PP1P1/6:2P1g2/5:PPEE2/4:PEJ2/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 1 7";
    let r = run(&["show", "--ascii", mate]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let tail: Vec<&str> = r.stdout.lines().skip(31).collect();
    assert_eq!(
        tail,
        [
            format!("PDTL:            {mate}").as_str(),
            "Side to move:    White",
            "Move number:     7 (halfmove clock 1)",
            "Castling rights: RKRrkr (White: King unmoved, both Rooks unmoved; Black: King unmoved, both Rooks unmoved)",
            "Special capture: - (none)",
            // The Pegasus on H6 checks by a knight jump.
            "Check:           yes, adjoining check (+^)",
            "Game over:       0-3 (Black wins by checkmate)",
            "King's Leaps:    0",
            "Castlings:       0",
            "Legal moves:     0",
        ]
    );
}

// ----- errors ----------------------------------------------------------------

#[test]
fn bad_pdtl_is_an_error_everywhere() {
    let bad = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - x 1";
    let message = "error: bad PDTL \"/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - x 1\": halfmove clock field \"x\": expected a number or '-'\n";
    for args in [
        vec!["moves", bad],
        vec!["moves", "--long", bad],
        vec!["perft", "2", bad],
        vec!["perft", "2", bad, "--divide"],
        vec!["show", bad],
        vec!["show", "--ascii", bad],
        vec!["play", bad, "KRK-II"],
    ] {
        let r = run(&args);
        assert_eq!(r.code, 1, "{args:?}");
        assert_eq!(r.stdout, "", "{args:?}");
        assert_eq!(r.stderr, message, "{args:?}");
    }
    // Not a PDTL at all, and a placement without Kings.
    let r = run(&["show", "hello"]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr
            .starts_with("error: bad PDTL \"hello\": PDTL has 1 fields"),
        "{}",
        r.stderr
    );
    let r = run(&["moves", "/3:R2R/ w"]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.starts_with("error: bad PDTL "), "{}", r.stderr);
    // A PDTL argument in `play` must start with '/': otherwise it is a move.
    let r = run(&["play", "w RKRrk"]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.starts_with("error: move 1 (\"w RKRrk\"): "),
        "{}",
        r.stderr
    );
}

// ----- pgn -------------------------------------------------------------------

/// The path of a real game record, as passed to the binary.
fn game_path(name: &str) -> String {
    format!("{}/../tests/data/games/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The summary words (after `FILE #1: `) of each real game record.
const GAME_SUMMARIES: [(&str, &str); 5] = [
    (
        "2020-07-20.ctl-pgn",
        "BAD — 69 plies, the Result tag says 0-3 but the game ended 3-0 (White wins by checkmate); \
         Date: 2020-07-20",
    ),
    (
        "2022-08-14.1.ctl-pgn",
        "OK — 100 plies, 0-3 (Black wins by checkmate); White: Ros, Xus; Black: Sasal, Cesc; \
         Date: 2022-08-14",
    ),
    (
        "2022-08-14.2.ctl-pgn",
        "OK — 69 plies, 3-0 (White wins by checkmate); White: Sasal, Cesc; Black: Ros, Xus; \
         Date: 2022-08-14",
    ),
    (
        "2023-09-11.ctl-pgn",
        "OK — 113 plies, 3-0 (White wins by checkmate)",
    ),
    (
        "2023-09-18.ctl-pgn",
        "OK — 133 plies, 3-0 (White wins by checkmate)",
    ),
];

/// A fresh file in the temporary directory, removed on drop.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(name: &str, text: &str) -> TempFile {
        let path = std::env::temp_dir().join(format!("cescacs-cli-{}-{name}", std::process::id()));
        std::fs::write(&path, text).expect("write the temporary file");
        TempFile(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("UTF-8 temporary path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn pgn_each_real_game_gives_one_summary_line() {
    for (name, words) in GAME_SUMMARIES {
        let path = game_path(name);
        let r = run(&["pgn", &path]);
        assert_eq!(r.stdout, format!("{path} #1: {words}\n"), "{name}");
        assert_eq!(r.stderr, "", "{name}");
        // Only 2020-07-20 is bad: its Result tag says 0-3 although White mates (RULES.md §10 D29).
        let expected_code = if name == "2020-07-20.ctl-pgn" { 1 } else { 0 };
        assert_eq!(r.code, expected_code, "{name}");
    }
}

#[test]
fn pgn_all_real_games_exit_1_because_of_the_result_mismatch() {
    let paths: Vec<String> = GAME_SUMMARIES.iter().map(|(n, _)| game_path(n)).collect();
    let mut args = vec!["pgn"];
    args.extend(paths.iter().map(String::as_str));
    let r = run(&args);
    let expected: String = paths
        .iter()
        .zip(GAME_SUMMARIES)
        .map(|(p, (_, words))| format!("{p} #1: {words}\n"))
        .collect();
    assert_eq!(r.stdout, expected);
    assert_eq!(r.stderr, "");
    assert_eq!(r.code, 1);
    // The four consistent records alone pass.
    let r = run(&["pgn", &paths[1], &paths[2], &paths[3], &paths[4]]);
    assert_eq!(r.code, 0);
    assert_eq!(r.stdout.lines().count(), 4);
}

#[test]
fn pgn_pdtl_prints_the_golden_final_position() {
    // The golden record of each game's final position: source `game:FILE#plyN`, largest N.
    let mut finals: std::collections::HashMap<String, (usize, String)> = Default::default();
    for line in data("games.jsonl").lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON record");
        let Some(source) = v["source"].as_str() else {
            continue;
        };
        let Some(rest) = source.strip_prefix("game:") else {
            continue;
        };
        let (file, ply) = rest.split_once("#ply").expect("game:FILE#plyN");
        let ply: usize = ply.parse().expect("ply number");
        let pdtl = v["pdtl"].as_str().expect("pdtl field").to_string();
        let entry = finals.entry(file.to_string()).or_insert((0, String::new()));
        if ply >= entry.0 {
            *entry = (ply, pdtl);
        }
    }
    assert_eq!(finals.len(), 5);
    for (name, words) in GAME_SUMMARIES {
        let (plies, pdtl) = &finals[name];
        let path = game_path(name);
        let r = run(&["pgn", "--pdtl", &path]);
        assert_eq!(r.stdout, format!("{path} #1: {words}\n{pdtl}\n"), "{name}");
        assert!(
            words.contains(&format!(" {plies} plies, ")),
            "{name}: {words}"
        );
        assert_eq!(r.stderr, "", "{name}");
    }
}

#[test]
fn pgn_illegal_move_gives_file_line_column_and_exit_1() {
    // 2023-09-11 with White's third move changed to an illegal one (line 3, column 4),
    // followed by 2022-08-14.2: the second game is still read and summarised.
    let good = data("games/2023-09-11.ctl-pgn");
    let line3 = good.lines().nth(2).expect("a third line");
    assert_eq!(line3, "3. F8-F12, E15×F12");
    let damaged =
        good.replacen("3. F8-F12,", "3. F8-F16,", 1) + &data("games/2022-08-14.2.ctl-pgn");
    let file = TempFile::new("damaged.ctl-pgn", &damaged);
    let path = file.path();
    let r = run(&["pgn", path]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stdout,
        format!(
            "{path} #1: BAD — 4 plies read, reading error at line 3, column 4\n\
             {path} #2: {}\n",
            GAME_SUMMARIES[2].1
        )
    );
    assert_eq!(
        r.stderr,
        format!(
            "{path}:3:4: error: move 3 of White: move \"F8-F16\" is not legal in position \
             /28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:pp1epp/22:2pjp2/21:4p3/20:3p3/19:3e4/15:3p4/\
             13:3P4/9:3E4/8:3P3/7:4P3/6:2PJP2/5:PP1EPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 2 3\n"
        )
    );
    // --pdtl gives the position after the last move read: the one in the message.
    let r = run(&["pgn", "--pdtl", path]);
    let second = r.stdout.lines().nth(1).expect("a PDTL line");
    assert!(r.stderr.trim_end().ends_with(second), "{second}");
}

#[test]
fn pgn_numbers_games_in_file_order_and_skips_unreadable_headers() {
    let text = "[Event \"one\"]\n[White \"A\"]\n1. E7-E13, E21-E15\n2. F8-F13\n*\n\n\
                [Event \"two\"]\n[Variant \"Chess\"]\n1. E7-E13\n*\n\n\
                [Event \"three\"]\n1. NG3-I7, NG25-I21\n2. NI7-G3, NI21-G25\n1-1\n\n\
                [Event \"four\"]\n[bad tag\n1. E7-E13 }\n*\n";
    let r = run_with_input(&["pgn", "-"], Some(text));
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stdout,
        "<stdin> #1: BAD — 2 plies read, reading error at line 4, column 4; White: A\n\
         <stdin> #2: BAD — not read: header error at line 8, column 1\n\
         <stdin> #3: OK — 4 plies, 1-1 (not decided on the board)\n\
         <stdin> #4: BAD — 1 ply read, 2 reading errors, the first at line 18, column 6\n"
    );
    assert_eq!(
        r.stderr,
        "<stdin>:4:4: error: move 2 of White: move \"F8-F13\": invalid hex \"F13\": not a hex of the board\n\
         <stdin>:8:1: error: unsupported variant \"Chess\" (this reader handles \"C'escacs\")\n\
         <stdin>:18:6: error: bad tag: the tag value must be in double quotes\n\
         <stdin>:19:11: error: '}' without an opening '{'\n"
    );
}

#[test]
fn pgn_result_problems_are_bad() {
    for (text, words) in [
        (
            "[Result \"2-1\"]\n1. E7-E13\n",
            "BAD — 1 ply, the Result tag says 2-1 but the game has not ended, \
             and only a stalemate gives that result",
        ),
        (
            "[Result \"x\"]\n1. E7-E13\n1-1\n",
            "BAD — 1 ply, the Result tag \"x\" is not a result (3-0, 0-3, 2-1, 1-2, 1-1 or *)",
        ),
        (
            "1. E7-E13\n3-0\n",
            "OK — 1 ply, 3-0 (not decided on the board)",
        ),
        ("1. E7-E13\n", "OK — 1 ply, * (unfinished)"),
    ] {
        let r = run_with_input(&["pgn", "-"], Some(text));
        assert_eq!(r.stdout, format!("<stdin> #1: {words}\n"), "{text:?}");
        assert_eq!(
            r.code,
            if words.starts_with("OK") { 0 } else { 1 },
            "{text:?}"
        );
        assert_eq!(r.stderr, "", "{text:?}");
    }
}

#[test]
fn pgn_moves_after_the_end_of_the_game_are_bad() {
    // Knights out and back four times: the initial position occurs a fifth time after
    // 16 plies (automatic draw); one more move is recorded.
    let mut text = String::new();
    for n in 1..=8 {
        if n % 2 == 1 {
            text += &format!("{n}. NG3-I7, NG25-I21\n");
        } else {
            text += &format!("{n}. NI7-G3, NI21-G25\n");
        }
    }
    let r = run_with_input(&["pgn", "-"], Some(&format!("{text}1-1\n")));
    assert_eq!(
        r.stdout,
        "<stdin> #1: OK — 16 plies, 1-1 (draw by fivefold repetition)\n"
    );
    assert_eq!(r.code, 0);
    let r = run_with_input(&["pgn", "-"], Some(&format!("{text}9. E7-E13\n1-1\n")));
    assert_eq!(
        r.stdout,
        "<stdin> #1: BAD — 17 plies, the game ended after 16 plies, \
         1-1 (draw by fivefold repetition), but 1 more ply is recorded\n"
    );
    assert_eq!(r.code, 1);
}

#[test]
fn pgn_missing_or_empty_input_is_an_error() {
    let missing = game_path("no-such-game.ctl-pgn");
    let r = run(&["pgn", &missing]);
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout, "");
    assert!(
        r.stderr.starts_with(&format!("error: {missing}: ")),
        "{}",
        r.stderr
    );
    assert_eq!(r.stderr.lines().count(), 1);
    // The other files are still validated.
    let good = game_path("2023-09-11.ctl-pgn");
    let r = run(&["pgn", &missing, &good]);
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout, format!("{good} #1: {}\n", GAME_SUMMARIES[3].1));
    // No game at all.
    let r = run_with_input(&["pgn", "-"], Some("  \n"));
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout, "");
    assert_eq!(r.stderr, "error: <stdin>: no game found\n");
    // No file.
    assert_eq!(run(&["pgn"]).code, 2);
}

#[test]
fn pgn_write_output_reads_back_through_stdin() {
    let paths: Vec<String> = GAME_SUMMARIES.iter().map(|(n, _)| game_path(n)).collect();
    let mut args = vec!["pgn", "--write"];
    args.extend(paths.iter().map(String::as_str));
    let written = run(&args);
    assert_eq!(written.code, 1, "2020-07-20 is still bad");
    // The report goes to stderr; stdout holds the five games, separated by an empty line.
    let report: String = paths
        .iter()
        .zip(GAME_SUMMARIES)
        .map(|(p, (_, words))| format!("{p} #1: {words}\n"))
        .collect();
    assert_eq!(written.stderr, report);
    assert_eq!(
        written
            .stdout
            .matches("\n\n[Variant \"C'escacs\"]\n[Event ")
            .count(),
        4
    );
    assert!(written
        .stdout
        .starts_with("[Variant \"C'escacs\"]\n[Event \"CG\"]\n"));
    assert!(written.stdout.contains("\n1. E7-E13, E21-E15\n"));

    // Reading it back: the same games, the same verdicts, the same final positions.
    let back = run_with_input(&["pgn", "--pdtl", "-"], Some(&written.stdout));
    assert_eq!(back.code, 1);
    assert_eq!(back.stderr, "");
    let direct = run(&{
        let mut a = vec!["pgn", "--pdtl"];
        a.extend(paths.iter().map(String::as_str));
        a
    });
    let strip = |s: &str, prefix: &str| s.strip_prefix(prefix).map(str::to_string);
    let mut expected = Vec::new();
    let mut k = 0;
    for line in direct.stdout.lines() {
        match paths.iter().find_map(|p| strip(line, &format!("{p} #1: "))) {
            Some(words) => {
                k += 1;
                expected.push(format!("<stdin> #{k}: {words}"));
            }
            None => expected.push(line.to_string()),
        }
    }
    assert_eq!(back.stdout.lines().collect::<Vec<_>>(), expected);

    // The canonical form is stable.
    let again = run_with_input(&["pgn", "--write", "-"], Some(&written.stdout));
    assert_eq!(again.stdout, written.stdout);
}

/// The names of the tag lines of a written record, in order.
fn tag_names(record: &str) -> Vec<&str> {
    record
        .lines()
        .take_while(|l| l.starts_with('['))
        .map(|l| l[1..].split(' ').next().expect("a tag name"))
        .collect()
}

/// `cescacs pgn --write` writes what a minimal reader expects (NOTATION.md
/// §6.7, §6.2): the Variant tag first, the Seven Tag Roster in order, a
/// Result tag equal to the result line, PDTL last; a foreign Variant is
/// refused.
#[test]
fn pgn_write_follows_the_tag_rules_of_the_spec() {
    let text = "[Annotator \"me\"]\n[White \"A\"]\n1. NG3-I7, NG25-I21\n3-0\n\n\
                [PDTL \"/27:1k/25:r3/3:R2R/1:1K/ w -- - 0 20\"]\n[Redefine \"T@R\"]\n[Event \"study\"]\n\
                20. TC3-C5\n*\n";
    let r = run_with_input(&["pgn", "--write", "-"], Some(text));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let records: Vec<&str> = r.stdout.split("\n\n").collect();
    assert_eq!(records.len(), 2);
    let roster = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
    for (record, result) in records.iter().zip(["3-0", "*"]) {
        assert!(record.starts_with("[Variant \"C'escacs\"]\n"), "{record}");
        assert_eq!(tag_names(record)[1..8], roster, "{record}");
        assert!(
            record.contains(&format!("\n[Result \"{result}\"]\n")),
            "{record}"
        );
        assert!(
            record.trim_end().ends_with(&format!("\n{result}")),
            "{record}"
        );
    }
    assert_eq!(tag_names(records[0])[8..], ["Annotator"]);
    assert!(records[0].contains("\n[White \"A\"]\n"));
    assert_eq!(tag_names(records[1]).last(), Some(&"PDTL"));
    assert!(records[1].contains("\n[Event \"study\"]\n"));
    assert!(
        records[1].ends_with("\n20. RC3-C5\n*\n"),
        "standard letters: {}",
        records[1]
    );

    let r = run_with_input(
        &["pgn", "--write", "-"],
        Some("[Variant \"Chess\"]\n1. E7-E13\n*\n"),
    );
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout, "");
    assert!(
        r.stderr
            .starts_with("<stdin>:1:1: error: unsupported variant \"Chess\""),
        "{}",
        r.stderr
    );
}

#[test]
fn pgn_write_leaves_out_games_with_reading_errors() {
    let text = "1. E7-E13, E21-E15\n2. F8-F13\n*\n[Event \"next\"]\n1. H6-H12\n*\n";
    let r = run_with_input(&["pgn", "--write", "-"], Some(text));
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stdout,
        "[Variant \"C'escacs\"]\n[Event \"next\"]\n[Site \"?\"]\n[Date \"????-??-??\"]\n\
         [Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n1. H6-H12\n*\n"
    );
    assert_eq!(
        r.stderr,
        "<stdin>:2:4: error: move 2 of White: move \"F8-F13\": invalid hex \"F13\": not a hex of the board\n\
         <stdin> #1: BAD — 2 plies read, reading error at line 2, column 4\n\
         <stdin> #2: OK — 1 ply, * (unfinished)\n"
    );
}

#[test]
fn pgn_reads_a_million_nested_variations_and_writes_them_back() {
    let depth = 1_000_000;
    let mut text = String::from("1. H6-H12");
    for _ in 0..depth {
        text.push_str(" (1. H6-H12");
    }
    text.extend(std::iter::repeat_n(')', depth));
    text.push_str("\n*\n");
    let run = run_with_input(&["pgn", "--write", "-"], Some(&text));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("<stdin> #1: OK — 1 ply, * (unfinished)"),
        "{}",
        run.stderr
    );
    assert_eq!(run.stdout.matches('(').count(), depth);
    assert_eq!(run.stdout.matches(')').count(), depth);
}

#[test]
fn pgn_streams_games_and_reports_invalid_utf8_by_line() {
    let dir = std::env::temp_dir().join(format!("cescacs-cli-utf8-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("bad.ctl-pgn");
    let mut bytes =
        b"\xEF\xBB\xBF[Event \"a\"]\r\n1. H6-H12\r\n*\r\n[Event \"b\"]\n1. E7-E13 {caf".to_vec();
    bytes.extend_from_slice(&[0xE9, b'}', b'\n', b'*', b'\n']);
    std::fs::write(&path, &bytes).expect("write");
    let run = run_with_input(&["pgn", path.to_str().expect("utf-8 path")], None);
    assert_eq!(run.code, 1);
    assert!(run.stdout.contains("#1: OK — 1 ply"), "{}", run.stdout);
    assert!(run.stdout.contains("#2: BAD"), "{}", run.stdout);
    assert!(
        run.stderr
            .contains(":5:15: error: the text is not valid UTF-8 here"),
        "{}",
        run.stderr
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A binary file: the reader keeps sixteen errors of its one game and counts
/// the rest in a seventeenth; the first `--max-errors` lines are printed, the
/// rest only counted in one closing line; the whole file is still read (its
/// game's summary counts every error) and the exit status is 1.
#[test]
fn pgn_prints_a_bounded_list_of_errors_of_a_binary_file() {
    // 1,000 lines of control bytes and bytes that are not UTF-8: the first
    // line is also an unreadable move, so 1,001 errors in one game.
    let bytes: Vec<u8> = (0..1000u32)
        .flat_map(|i| [0x00, 0xFF, 0x80 + (i % 64) as u8, 0x01, b'\n'])
        .collect();
    let dir = std::env::temp_dir().join(format!("cescacs-cli-binary-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("binary.dat");
    std::fs::write(&path, &bytes).expect("write");
    let name = path.to_str().expect("utf-8 path");
    let first = format!("{name}:1:1: error: move 1 of White: move \"\\0\u{FFFD}\u{FFFD}\\u{{1}}\": invalid hex \"\\0\": unknown column letter\n");
    let utf8 = |line: usize| format!("{name}:{line}:2: error: the text is not valid UTF-8 here\n");
    // The reader's list: the move error, the first 15 lines' UTF-8 errors, a count of the other 985.
    let mut kept = first.clone();
    (1..=15).for_each(|line| kept += &utf8(line));
    kept += &format!("{name}:15:2: error: 985 more errors in this game were not reported\n");
    let summary = format!(
        "{name} #1: BAD — 0 plies read, 1001 reading errors, the first at line 1, column 1\n"
    );

    for args in [vec!["pgn", name], vec!["pgn", "--max-errors", "0", name]] {
        let r = run(&args);
        assert_eq!(
            (r.code, r.stdout.as_str()),
            (1, summary.as_str()),
            "{args:?}"
        );
        assert_eq!(r.stderr, kept, "{args:?}");
    }

    let r = run(&["pgn", "--max-errors", "3", name]);
    assert_eq!((r.code, r.stdout.as_str()), (1, summary.as_str()));
    let mut three = first.clone();
    (1..=2).for_each(|line| three += &utf8(line));
    assert_eq!(
        r.stderr,
        three + "error: 998 more reading errors in 1 game not printed (--max-errors 3)\n"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// 150 games with one illegal move each: every game keeps its summary line,
/// the errors stop after the limit and the closing line counts the games
/// whose errors were not printed.
#[test]
fn pgn_stops_printing_errors_after_the_limit_across_games() {
    let text: String = (1..=150)
        .map(|n| format!("[Event \"{n}\"]\n1. F8-F13\n*\n\n"))
        .collect();
    let file = TempFile::new("150-bad.ctl-pgn", &text);
    let name = file.path();
    let error = |n: usize| {
        format!("{name}:{}:4: error: move 1 of White: move \"F8-F13\": invalid hex \"F13\": not a hex of the board\n", 4 * n - 2)
    };
    let summaries: String = (1..=150)
        .map(|n| {
            format!(
                "{name} #{n}: BAD — 0 plies read, reading error at line {}, column 4\n",
                4 * n - 2
            )
        })
        .collect();
    for (args, max) in [
        (vec!["pgn", name], 100),
        (vec!["pgn", "--max-errors", "3", name], 3),
    ] {
        let r = run(&args);
        assert_eq!(r.code, 1, "{args:?}");
        assert_eq!(r.stdout, summaries, "{args:?}");
        let hidden = 150 - max;
        let expected: String = (1..=max).map(error).collect::<String>()
            + &format!("error: {hidden} more reading errors in {hidden} games not printed (--max-errors {max})\n");
        assert_eq!(r.stderr, expected, "{args:?}");
    }
    // At the limit exactly: no closing line.
    let r = run(&["pgn", "--max-errors", "150", name]);
    assert_eq!(r.stderr, (1..=150).map(error).collect::<String>());
}

/// A 30 MB collection of many games is read game by game: under a 64 MB
/// address-space limit (`ulimit -v`, which a whole-file reader would break
/// at once) every game gets its summary line.
#[test]
fn pgn_reads_30_mb_of_games_within_64_mb() {
    let games: Vec<(String, &str)> = GAME_SUMMARIES
        .iter()
        .map(|(name, summary)| {
            (
                std::fs::read_to_string(game_path(name)).expect("a real game"),
                *summary,
            )
        })
        .collect();
    let mut text = String::new();
    let mut expected = Vec::new();
    while text.len() < 30_000_000 {
        for (game, summary) in &games {
            let n = expected.len();
            text.push_str(&format!(
                "[Event \"copy {n}\"]\n{}\n\n",
                game.trim_end_matches('\n')
            ));
            expected.push(*summary);
        }
    }
    let file = TempFile::new("many.ctl-pgn", &text);
    drop(text);
    let out = Command::new("sh")
        .args([
            "-c",
            "ulimit -v 65536 && exec \"$0\" pgn \"$1\"",
            BIN,
            file.path(),
        ])
        .output()
        .expect("sh runs");
    let run = finish(&["pgn", "(30 MB, ulimit -v 65536)"], out);
    assert_eq!(run.code, 1, "{}", run.stderr); // the 2020-07-20 record's Result tag
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), expected.len());
    for (i, (line, summary)) in lines.iter().zip(&expected).enumerate() {
        let summary = summary.split("; Date").next().expect("a summary");
        let want = format!("{} #{}: ", file.path(), i + 1);
        assert!(
            line.starts_with(&want) && line[want.len()..].starts_with(summary),
            "{line}"
        );
    }
}

/// `cescacs match --pgn`: every game is written, in the order `--list-games` lists them, and
/// replays to the result the match counted.
#[test]
fn match_writes_its_games_as_ctl_pgn() {
    let path =
        std::env::temp_dir().join(format!("cescacs-cli-{}-match.ctl-pgn", std::process::id()));
    let file = path.to_str().expect("a UTF-8 temporary path");
    let r = run(&[
        "match",
        "--depth",
        "2",
        "--vs-depth",
        "1",
        "--pairs",
        "2",
        "--max-plies",
        "12",
        "--threads",
        "2",
        "--list-games",
        "--pgn",
        file,
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = std::fs::read_to_string(&path).expect("the games file");
    std::fs::remove_file(&path).expect("remove the games file");
    let games = cescacs::pgn::read_games(&text).expect("the games read back");
    for record in text.split("\n\n") {
        let names = tag_names(record);
        assert_eq!(
            names[..8],
            ["Variant", "Event", "Site", "Date", "Round", "White", "Black", "Result"]
        );
    }
    let all: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(games.len(), 4);
    // Four lines as the games end, the four listed, the summary and fastchess's final block.
    assert_eq!(all.len(), 4 + 4 + 1 + 7, "{}", r.stdout);
    assert_eq!(all[14], "Ptnml(0-2): [0, 0, 2, 0, 0], WL/DD Ratio: 0.00");
    let lines: Vec<&str> = all
        .iter()
        .copied()
        .filter(|l| l.starts_with("game "))
        .collect();
    for (i, game) in games.iter().enumerate() {
        let (pair, a_white) = (i / 2, i % 2 == 0);
        assert_eq!(
            game.tag("Round"),
            Some(format!("{}.{}", pair + 1, if a_white { 1 } else { 2 }).as_str())
        );
        let (white, black) = ("depth 2, eval default", "depth 1, eval default");
        let names = if a_white {
            (white, black)
        } else {
            (black, white)
        };
        assert_eq!(
            (game.tag("White"), game.tag("Black")),
            (Some(names.0), Some(names.1))
        );
        // Every game is cut after 12 engine plies (4 to 8 opening plies before): 1-1.
        assert!((16..=20).contains(&game.len()), "{} plies", game.len());
        assert!(game.outcome().is_none());
        assert_eq!(game.tag("Result"), Some("1-1"));
        assert_eq!(
            lines[i],
            format!(
                "game {} ({} vs {}): 1-1 {{Draw by the ply limit}}, 12 plies",
                i + 1,
                names.0,
                names.1
            )
        );
    }
    // The two games of a pair share their opening.
    let prefix = |g: &cescacs::Game| g.moves().take(4).collect::<Vec<_>>();
    assert_eq!(prefix(&games[0]), prefix(&games[1]));
    let bad = run(&[
        "match",
        "--depth",
        "1",
        "--pairs",
        "1",
        "--pgn",
        "/nonexistent-dir/games.ctl-pgn",
    ]);
    assert_eq!(bad.code, 1);
    assert!(
        bad.stderr
            .starts_with("error: --pgn /nonexistent-dir/games.ctl-pgn: "),
        "{}",
        bad.stderr
    );
}
