//! The match runner with external engines: the fake UCI engines of
//! `cescacs-fake-uci` fault in each way an engine can (each fault loses
//! that game, the match goes on), `cescacs uci` plays as an external
//! engine, the clocks are kept to the millisecond, and fixed-depth
//! built-in matches play the same games as their golden records.

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use cescacs::Color;
use cescacs_study::{
    Adjudication, Ending, EngineSpec, Limits, Match, MatchError, MatchResult, ResignRule, Side,
    TimeControl, Verdict,
};

const BIN: &str = env!("CARGO_BIN_EXE_cescacs");
const FAKE: &str = env!("CARGO_BIN_EXE_cescacs-fake-uci");

/// The fake engine in `mode`, named after it, within `limits`.
fn fake(mode: &[&str], limits: &Limits) -> Side {
    let mut command = vec![FAKE];
    command.extend_from_slice(mode);
    Side::uci(mode[0], EngineSpec::new(&command), limits.clone())
}

/// A match of `pairs` pairs between the random fake (A) and the fake `b`.
fn against_random(b: &[&str], limits: Limits, pairs: usize) -> Match {
    let mut m = Match::new(fake(&["random", "3"], &limits), fake(b, &limits), pairs);
    m.threads = 2;
    m.margin = Duration::from_millis(50);
    m
}

/// Every game of `result` was lost by B through `ending` (given B's colour).
fn b_lost_every_game(result: &MatchResult, games: usize, ending: impl Fn(Color) -> Ending) {
    assert_eq!(result.games.len(), games);
    for g in &result.games {
        let b = !g.a_color;
        assert_eq!(g.ending, ending(b), "game {} of pair {}", g.plies, g.pair);
        assert_eq!(g.points, (3, 0));
        let text = cescacs::pgn::write_game(&g.to_game(&[("Event", "faults")]));
        let back = cescacs::pgn::read_game(&text).expect("the record reads back");
        assert_eq!(back.tag("Termination"), g.ending.termination_tag());
        assert_eq!(
            back.tag("Result"),
            Some(if b == Color::White { "0-3" } else { "3-0" })
        );
    }
}

#[test]
fn illegal_moves_lose_and_the_match_goes_on() {
    let m = against_random(&["illegal-after", "2"], Limits::depth(1), 2);
    b_lost_every_game(&m.run(&|_| {}).unwrap(), 4, |b| {
        Ending::IllegalMove(b, "A1-A2".to_string())
    });
}

#[test]
fn overstepping_the_clock_loses_on_time() {
    let limits = Limits {
        tc: Some(TimeControl::parse("0.6").unwrap()),
        ..Limits::default()
    };
    let m = against_random(&["slow", "900"], limits, 2);
    b_lost_every_game(&m.run(&|_| {}).unwrap(), 4, Ending::TimeForfeit);
}

#[test]
fn silence_loses_on_time_under_a_movetime_and_stalls_without() {
    // Generous to the random mover on a loaded machine: 200 ms and the 50 ms margin.
    let limits = Limits {
        movetime: Some(Duration::from_millis(200)),
        ..Limits::default()
    };
    let m = against_random(&["silent-after", "1"], limits, 1);
    b_lost_every_game(&m.run(&|_| {}).unwrap(), 2, Ending::TimeForfeit);
    let mut m = against_random(&["silent-after", "1"], Limits::depth(1), 1);
    m.silence = Duration::from_millis(800);
    b_lost_every_game(&m.run(&|_| {}).unwrap(), 2, Ending::Stalled);
}

#[test]
fn a_crashed_engine_loses_and_is_restarted_for_its_next_game() {
    let m = against_random(&["exit-after", "2"], Limits::depth(1), 2);
    let result = m.run(&|_| {}).unwrap();
    b_lost_every_game(&result, 4, Ending::Crashed);
    // Restarted each game, it answers its two moves each time.
    for g in &result.games {
        let b_moves = (0..g.plies)
            .filter(|i| (g.opening + i) % 2 == usize::from(g.a_color == Color::White))
            .count();
        assert_eq!(b_moves, 2, "{g:?}");
    }
}

#[test]
fn an_engine_that_does_not_start_stops_the_match_before_any_game() {
    let mut m = against_random(&["no-uciok"], Limits::depth(1), 1);
    m.startup = Duration::from_millis(300);
    assert_eq!(
        m.run(&|_| panic!("no game is played")).unwrap_err(),
        MatchError::EngineStart {
            name: "no-uciok".to_string(),
            error: "no uciok in time".to_string()
        }
    );
    let out = Command::new(BIN)
        .args([
            "match",
            "--engine",
            "cmd=/nonexistent/engine name=ghost",
            "--depth",
            "1",
            "--pairs",
            "1",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("error: engine ghost: cannot start: /nonexistent/engine: "),
        "{err}"
    );
}

#[test]
fn a_hopeless_score_resigns_by_adjudication() {
    let mut m = Match::new(
        fake(&["score", "-700"], &Limits::depth(1)),
        fake(&["score", "700"], &Limits::depth(1)),
        1,
    );
    m.adjudication = Adjudication {
        resign: Some(ResignRule {
            move_count: 3,
            score: 600,
        }),
        draw: None,
    };
    let result = m.run(&|_| {}).unwrap();
    for g in &result.games {
        assert_eq!(g.ending, Ending::Adjudicated(Verdict::Resign(g.a_color)));
        assert_eq!(g.points, (0, 3));
        // A resigns at its third move.
        assert!((5..=6).contains(&g.plies), "{} plies", g.plies);
    }
}

#[test]
fn level_scores_draw_by_adjudication_after_the_move_number() {
    let pgn = temp("draw.ctl-pgn");
    let (a, b) = (
        format!("cmd='{FAKE} score 0' name=zero"),
        format!("cmd='{FAKE} score -5' name=level"),
    );
    let out = cescacs(&[
        "match",
        "--engine",
        &a,
        "--engine",
        &b,
        "--depth",
        "1",
        "--pairs",
        "2",
        "--draw",
        "movenumber=12 movecount=2 score=10",
        "--list-games",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let games = cescacs::pgn::read_games(&std::fs::read_to_string(&pgn).unwrap()).unwrap();
    std::fs::remove_file(&pgn).unwrap();
    let listed = out.lines().filter(|l| l.starts_with("game "));
    for (g, line) in games.iter().zip(listed) {
        assert!(line.contains(": 1-1 {Draw by adjudication}, "), "{out}");
        assert_eq!(
            (g.tag("Result"), g.tag("Termination")),
            (Some("1-1"), Some("adjudication"))
        );
        assert!(g.len() >= 24, "{} plies", g.len());
    }
}

/// The `go` lines the logging fake read, game by game.
fn go_lines(log: &str) -> Vec<Vec<(u64, u64)>> {
    let mut games: Vec<Vec<(u64, u64)>> = Vec::new();
    for line in log.lines() {
        let w: Vec<&str> = line.split_whitespace().collect();
        match w.first().copied() {
            Some("ucinewgame") => games.push(Vec::new()),
            Some("go") => {
                assert_eq!(
                    (w[1], w[3], w[5], w[6], w[7], w[8]),
                    ("wtime", "btime", "winc", "250", "binc", "250"),
                    "{line}"
                );
                games
                    .last_mut()
                    .expect("a game")
                    .push((w[2].parse().unwrap(), w[4].parse().unwrap()));
            }
            _ => {}
        }
    }
    games
}

#[test]
fn clocks_are_charged_by_wall_time_and_sent_to_the_millisecond() {
    let log = std::env::temp_dir().join(format!("cescacs-fake-uci-{}.log", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let limits = Limits {
        tc: Some(TimeControl::parse("5+0.25").unwrap()),
        ..Limits::default()
    };
    let logger = fake(&["log", log.to_str().unwrap()], &limits);
    let mut m = Match::new(logger, fake(&["first"], &limits), 1);
    m.max_plies = 20;
    let result = m.run(&|_| {}).unwrap();
    let games = go_lines(&std::fs::read_to_string(&log).unwrap());
    std::fs::remove_file(&log).unwrap();
    assert_eq!(games.len(), 2);
    for (g, sent) in result.games.iter().zip(&games) {
        assert_eq!(g.ending, Ending::MaxPlies);
        assert_eq!(g.clocks.len(), 20);
        // Each go line A reads shows the clocks after the moves before it, to the millisecond.
        let first_mover = if g.opening % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let a_first = usize::from(first_mover != g.a_color);
        let own = |c: (u64, u64)| if g.a_color == Color::White { c.0 } else { c.1 };
        let other = |c: (u64, u64)| if g.a_color == Color::White { c.1 } else { c.0 };
        assert_eq!(sent.len(), 10);
        assert_eq!(own(sent[0]), 5000);
        assert_eq!(
            other(sent[0]),
            if a_first == 1 {
                g.clocks[0].as_millis() as u64
            } else {
                5000
            }
        );
        for (k, &c) in sent.iter().enumerate().skip(1) {
            assert_eq!(own(c), g.clocks[a_first + 2 * (k - 1)].as_millis() as u64);
            assert_eq!(other(c), g.clocks[a_first + 2 * k - 1].as_millis() as u64);
            // An instant answer costs well under 200 ms (even on a loaded machine); the increment is added.
            let before = own(sent[k - 1]);
            assert!(
                own(c) <= before + 250 && own(c) + 200 >= before + 250,
                "{before} then {}",
                own(c)
            );
        }
        // The record carries each clock as a comment.
        let text = cescacs::pgn::write_game(&g.to_game(&[("TimeControl", "5+0.25")]));
        assert_eq!(text.matches("[%clk 0:00:0").count(), 20, "{text}");
    }
}

/// Runs `cescacs` with `args`, expecting success; its stdout.
fn cescacs(args: &[&str]) -> String {
    let out = Command::new(BIN).args(args).output().expect("cescacs runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Nothing on stderr: the progress lines are on stdout.
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("cescacs-runner-{}-{name}", std::process::id()))
}

#[test]
fn fixed_depth_builtin_matches_play_their_golden_games() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/");
    let cases: [(&str, &[&str]); 2] = [
        (
            "match-depth2-depth1-seed11.ctl-pgn",
            &[
                "--depth",
                "2",
                "--vs-depth",
                "1",
                "--pairs",
                "3",
                "--seed",
                "11",
                "--max-plies",
                "60",
                "--threads",
                "2",
            ],
        ),
        (
            "match-abstain-seed3.ctl-pgn",
            &[
                "--depth",
                "2",
                "--vs-depth",
                "2",
                "--eval",
                "material",
                "--abstain",
                "leaps",
                "--pairs",
                "2",
                "--seed",
                "3",
                "--max-plies",
                "40",
            ],
        ),
    ];
    for (golden, args) in cases {
        let path = temp(golden);
        let mut all = vec!["match", "--pgn", path.to_str().unwrap()];
        all.extend_from_slice(args);
        cescacs(&all);
        let games = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(
            games,
            std::fs::read_to_string(format!("{data}{golden}")).unwrap(),
            "{golden}"
        );
    }
}

#[test]
fn cescacs_uci_at_depth_2_beats_the_random_mover() {
    let pgn = temp("uci.ctl-pgn");
    let engine = format!("cmd='{BIN} uci' name=cescacs option.Hash=4");
    let random = format!("cmd='{FAKE} random 9' name=random");
    let out = cescacs(&[
        "match",
        "--engine",
        &engine,
        "--engine",
        &random,
        "--depth",
        "2",
        "--pairs",
        "2",
        "--concurrency",
        "2",
        "--list-games",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let games = cescacs::pgn::read_games(&std::fs::read_to_string(&pgn).unwrap()).unwrap();
    std::fs::remove_file(&pgn).unwrap();
    assert_eq!(games.len(), 4);
    for (i, g) in games.iter().enumerate() {
        // Complete games: the engine mates the random mover (no fault, no cut).
        let a_white = i % 2 == 0;
        assert_eq!(
            g.tag("Result"),
            Some(if a_white { "3-0" } else { "0-3" }),
            "{out}"
        );
        assert_eq!(g.tag("Termination"), None);
        assert_eq!(
            (g.tag("White"), g.tag("Black")),
            if a_white {
                (Some("cescacs"), Some("random"))
            } else {
                (Some("random"), Some("cescacs"))
            }
        );
    }
    assert!(out.contains("A +4 =0 -0"), "{out}");
    assert!(
        out.lines()
            .any(|l| l == "Ptnml(0-2): [0, 0, 0, 0, 2], WL/DD Ratio: nan"),
        "{out}"
    );
}

#[test]
fn the_sprt_accepts_the_engine_against_the_random_mover_within_a_few_dozen_games() {
    let engine = format!("cmd='{BIN} uci' name=cescacs option.Hash=4");
    let random = format!("cmd='{FAKE} random 11' name=random");
    let out = cescacs(&[
        "match",
        "--engine",
        &engine,
        "--engine",
        &random,
        "--depth",
        "2",
        "--sprt",
        "elo0=0,elo1=50",
        "--concurrency",
        "2",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    let sprt = lines[lines.len() - 2];
    assert!(
        sprt.starts_with("SPRT ([0.00, 50.00]) LLR: ") && sprt.ends_with(" - H1 was accepted"),
        "{out}"
    );
    let games: usize = lines
        .iter()
        .rev()
        .find_map(|l| l.strip_prefix("Games: "))
        .and_then(|l| l.split(',').next())
        .unwrap()
        .parse()
        .unwrap();
    assert!(games <= 40, "{out}");
    // The match stopped at the decision: one line a game played.
    let finished = lines
        .iter()
        .filter(|l| l.starts_with("Finished game "))
        .count();
    assert_eq!(finished, games, "{out}");
}

#[test]
fn openings_come_from_a_book_in_turn() {
    let book = temp("book.pdtl");
    let starts = [
        "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1",
        "/27:1k/25:r3/3:R2R/1:1K/ b RKRrk - 0 1",
    ];
    std::fs::write(&book, format!("{}\n{}\n", starts[0], starts[1])).unwrap();
    let pgn = temp("book.ctl-pgn");
    cescacs(&[
        "match",
        "--openings",
        book.to_str().unwrap(),
        "--depth",
        "1",
        "--games",
        "6",
        "--max-plies",
        "4",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let games = cescacs::pgn::read_games(&std::fs::read_to_string(&pgn).unwrap()).unwrap();
    assert_eq!(games.len(), 6);
    for (i, g) in games.iter().enumerate() {
        assert_eq!(
            g.start().to_pdtl(),
            starts[(i / 2) % 2]
                .parse::<cescacs::Position>()
                .unwrap()
                .to_pdtl()
        );
    }
    // A CTL-PGN book: each record's moves are the forced start of its pair's games.
    std::fs::write(
        &book,
        "[Variant \"C'escacs\"]\n[Event \"book\"]\n1. E7-E13, E21-E15\n2. K4-K8\n*\n",
    )
    .unwrap();
    cescacs(&[
        "match",
        "--openings",
        book.to_str().unwrap(),
        "--depth",
        "1",
        "--pairs",
        "1",
        "--max-plies",
        "4",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let games = cescacs::pgn::read_games(&std::fs::read_to_string(&pgn).unwrap()).unwrap();
    std::fs::remove_file(&pgn).unwrap();
    std::fs::remove_file(&book).unwrap();
    for g in &games {
        assert_eq!(g.ctl_moves()[..3], ["E7-E13", "E21-E15", "K4-K8"]);
        assert_eq!(g.len(), 7);
    }
    // An odd count plays the last opening once.
    let out = cescacs(&[
        "match",
        "--depth",
        "1",
        "--games",
        "3",
        "--max-plies",
        "4",
        "--list-games",
    ]);
    let listed: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(listed.len(), 3, "{out}");
    assert!(
        listed[2].starts_with(
            "game 3 (depth 1, eval default vs depth 1, eval default): 1-1 {Draw by the ply limit}"
        ),
        "{out}"
    );
}

#[test]
fn a_reader_that_stops_early_ends_the_match_quietly() {
    // `cescacs match … | head -1`: the summary meets a closed pipe, which is
    // no error of the match (no panic, exit 0, nothing on stderr).
    let mut child = Command::new(BIN)
        .args([
            "match",
            "--depth",
            "1",
            "--vs-depth",
            "1",
            "--pairs",
            "1",
            "--max-plies",
            "10",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
