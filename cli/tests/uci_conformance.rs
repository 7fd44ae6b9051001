//! The UCI conformance test: every command and every `go` parameter and
//! option, valid and broken, sent to `cescacs uci`, with an answer asserted
//! for each (a `bestmove` for every `go`, the exact text where it is
//! determined), as a GUI relies on Stockfish answering.

mod support;

use std::time::Duration;

use cescacs::{History, Position, Termination};
use cescacs_engine::{Score, Wdl};
use cescacs_research::selfplay::RandomGames;
use support::Uci;

/// White mates in two (engine/tests/answers.rs).
const MATE_IN_TWO: &str = "/27:j1/26:2e/23:k5/22:1Je4/21:3P4/20:1j5/19:4pe2/16:2RE3/15:2p5/14:2J4/13:3P4/12:p4p1/11:1v3PP1/10:4EE1/9:G2P4/8:1DE4/7:1jN5/6:5P1/5:3p2/2:N2/1:K1/ w -- - 0 134";

/// The move of a `bestmove` line, checked legal in `pos`.
fn legal_best(pos: &Position, lines: &[String]) -> String {
    let last = lines.last().expect("a line");
    let m = last
        .strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("not a bestmove: {lines:?}"))
        .split(' ')
        .next()
        .unwrap();
    assert!(pos.parse_ctl(m).is_ok(), "{m} is not legal: {lines:?}");
    m.to_string()
}

/// Black stalemated by White's King (tests/data/probes.jsonl).
const STALEMATED: &str = "/28:k/24:2K2/ b -- - 0 1";

/// The final position of the first of `cescacs`'s random games that ends as `end`.
fn final_position(end: Termination) -> Position {
    let games = RandomGames::new(400)
        .seed(0)
        .max_plies(400)
        .threads(1)
        .run()
        .unwrap();
    games
        .iter()
        .map(|g| g.history())
        .find(|h| h.outcome().is_some_and(|o| o.termination == end))
        .unwrap_or_else(|| panic!("no game ends by {end:?}"))
        .position()
        .clone()
}

/// A `go` with `params` from `startpos` (after `moves`): its warnings and a
/// legal `bestmove`.
fn go(uci: &mut Uci, pos: &Position, params: &str) -> Vec<String> {
    uci.send(&format!("go {params}"));
    let lines = uci.until("bestmove");
    legal_best(pos, &lines);
    lines
        .into_iter()
        .filter(|l| l.starts_with("info string"))
        .collect()
}

#[test]
fn every_go_gets_a_bestmove() {
    let mut uci = Uci::start();
    let start = Position::default();
    uci.send("position startpos");
    let warn = |text: &str| format!("info string warning: {text}");
    // Each parameter alone and together, well formed: no warning.
    for params in [
        "depth 2",
        "nodes 500",
        "movetime 30",
        "wtime 1000 btime 1000",
        "wtime 1000 btime 1000 winc 10 binc 10",
        "wtime 1000 btime 1000 winc 10 binc 10 movestogo 5",
        "depth 1 nodes 100000 movetime 5000",
    ] {
        assert_eq!(
            go(&mut uci, &start, params),
            Vec::<String>::new(),
            "{params}"
        );
    }
    let two: Vec<String> = start.legal_moves()[..2]
        .iter()
        .map(|m| start.ctl(m))
        .collect();
    let params = format!("depth 2 searchmoves {}", two.join(" "));
    uci.send(&format!("go {params}"));
    let lines = uci.until("bestmove");
    assert!(
        lines.iter().all(|l| !l.starts_with("info string")),
        "{lines:?}"
    );
    assert!(two.contains(&legal_best(&start, &lines)), "{lines:?}");
    // Broken values: reported, and the search runs with the rest.
    let cases: [(&str, Vec<String>); 12] = [
        (
            "depth 0",
            vec![warn("go depth 0: depth must be at least 1; 1 is used")],
        ),
        (
            "nodes 0",
            vec![warn("go nodes 0: nodes must be at least 1; 1 is used")],
        ),
        (
            "depth x",
            vec![
                warn("go depth: \"x\" is not a number; ignored"),
                warn("go: no limit left; searching to depth 1"),
            ],
        ),
        (
            "depth -3",
            vec![
                warn("go depth cannot be negative; ignored"),
                warn("go: no limit left; searching to depth 1"),
            ],
        ),
        (
            "nodes",
            vec![
                warn("go nodes needs a number; ignored"),
                warn("go: no limit left; searching to depth 1"),
            ],
        ),
        (
            "wtime -100 btime 1000",
            vec![warn("go wtime below 0 counts as 0")],
        ),
        (
            "wtime 1000 btime 1000 winc -5",
            vec![warn("go winc below 0 counts as 0")],
        ),
        ("movetime -5", vec![warn("go movetime below 0 counts as 0")]),
        (
            "mate 0 depth 2",
            vec![warn("go mate 0: mate must be at least 1; 1 is used")],
        ),
        (
            "depth 2 searchmoves",
            vec![warn(
                "go searchmoves: no legal move listed; every move is searched",
            )],
        ),
        (
            "sideways depth 2",
            vec![warn("unknown go parameter \"sideways\" ignored")],
        ),
        (
            "depth 2 movestogo x",
            vec![warn("go movestogo: \"x\" is not a number; ignored")],
        ),
    ];
    for (params, want) in cases {
        assert_eq!(go(&mut uci, &start, params), want, "{params}");
    }
    // An illegal searchmoves move is left out; the legal one is played.
    let got = go(&mut uci, &start, "depth 2 searchmoves Z1-Z9 E7-E13");
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(
        got[0].starts_with("info string warning: go searchmoves: move Z1-Z9")
            && got[0].ends_with("; left out of the list"),
        "{got:?}"
    );
    uci.send("go depth 2 searchmoves Z1-Z9 E7-E13");
    let lines = uci.until("bestmove");
    assert!(
        lines.last().unwrap().starts_with("bestmove E7-E13"),
        "{lines:?}"
    );
    uci.quit();
}

#[test]
fn go_without_a_limit_infinite_and_ponder_wait_for_stop_or_ponderhit() {
    let mut uci = Uci::start();
    let start = Position::default();
    uci.send("position startpos");
    for params in [
        "",
        "infinite",
        "infinite depth 2",
        "ponder",
        "ponder wtime 50 btime 50",
    ] {
        uci.send(&format!("go {params}"));
        std::thread::sleep(Duration::from_millis(150));
        let before = uci.answers();
        assert!(
            before.iter().all(|l| !l.starts_with("bestmove")),
            "go {params}: {before:?}"
        );
        uci.send("stop");
        legal_best(&start, &uci.until("bestmove"));
    }
    // ponderhit: the search goes on under its clock and answers by itself.
    uci.send("go ponder wtime 200 btime 200");
    std::thread::sleep(Duration::from_millis(100));
    uci.send("ponderhit");
    legal_best(&start, &uci.until("bestmove"));
    // A `go` sent while an infinite search runs stops it first: two bestmoves.
    uci.send("go infinite");
    uci.send("go depth 1");
    legal_best(&start, &uci.until("bestmove"));
    legal_best(&start, &uci.until("bestmove"));
    // stop and ponderhit with no search under way: nothing to answer.
    uci.send("stop");
    uci.send("ponderhit");
    assert_eq!(uci.answers(), Vec::<String>::new());
    uci.quit();
}

#[test]
fn go_mate_stops_at_the_mate() {
    let mut uci = Uci::start();
    let pos: Position = MATE_IN_TWO.parse().unwrap();
    uci.send(&format!("position pdtl {MATE_IN_TWO}"));
    uci.send("go mate 2");
    let lines = uci.until("bestmove");
    let best = legal_best(&pos, &lines);
    assert!(
        lines[lines.len() - 2].contains(" score mate 2 "),
        "{lines:?}"
    );
    let after = pos.after(pos.parse_ctl(&best).unwrap());
    assert!(after.legal_moves().iter().all(|&r| {
        let p = after.after(r);
        p.legal_moves().iter().any(|&m| p.after(m).is_checkmate())
    }));
    // No mate in one here: `go mate 1` does not stop at the mate in two; it searches deeper
    // until `stop` or the deepest iteration (as Stockfish does), then answers.
    let depth_of = |lines: &[String]| {
        lines
            .iter()
            .filter_map(|l| field(l, "depth"))
            .max()
            .unwrap()
    };
    let mate_two_depth = depth_of(&lines);
    uci.send("go mate 1");
    std::thread::sleep(Duration::from_millis(200));
    uci.send("stop");
    let lines = uci.until("bestmove");
    legal_best(&pos, &lines);
    assert!(depth_of(&lines) > mate_two_depth + 1, "{lines:?}");
    uci.quit();
}

#[test]
fn no_legal_move_answers_bestmove_0000() {
    let mut uci = Uci::start();
    let mated = final_position(Termination::Checkmate);
    let stalemated: Position = STALEMATED.parse().unwrap();
    for (pos, score) in [(mated, "score mate 0"), (stalemated, "score cp -20000")] {
        uci.send(&format!("position pdtl {}", pos.to_pdtl()));
        for params in ["depth 3", "nodes 0", "mate 1", "wtime 100 btime 100"] {
            uci.send(&format!("go {params}"));
            let lines: Vec<String> = uci
                .until("bestmove")
                .into_iter()
                .filter(|l| !l.starts_with("info string"))
                .collect();
            assert_eq!(
                lines,
                [format!("info depth 0 {score}"), "bestmove 0000".to_string()],
                "{score} go {params}"
            );
        }
        uci.send("go infinite");
        uci.send("stop");
        assert_eq!(uci.until("bestmove").last().unwrap(), "bestmove 0000");
    }
    uci.quit();
}

#[test]
fn position_plays_the_legal_moves_before_an_illegal_one() {
    let mut uci = Uci::start();
    uci.send("position startpos moves E7-E13 Z1-Z9 G25-I21");
    let answer = uci.answers();
    assert_eq!(answer.len(), 1, "{answer:?}");
    assert!(
        answer[0].starts_with("info string error: move Z1-Z9")
            && answer[0].ends_with("(move 2 of the list); the position is after the 1 before it"),
        "{answer:?}"
    );
    let mut game = History::default();
    game.push_ctl("E7-E13").unwrap();
    // Black to move, after E7-E13.
    uci.send("go depth 1");
    legal_best(game.position(), &uci.until("bestmove"));
    // A start that cannot be read keeps the position.
    for bad in [
        "position",
        "position pdtl garbage",
        "position fen x",
        "position startpos extra",
    ] {
        uci.send(bad);
        let answer = uci.answers();
        assert_eq!(answer.len(), 1, "{bad}: {answer:?}");
        assert!(answer[0].starts_with("info string error: "), "{answer:?}");
    }
    uci.send("go depth 1");
    legal_best(game.position(), &uci.until("bestmove"));
    // Long-form moves are read too.
    uci.send("position startpos moves E7-E13 G25-I21");
    game.push_ctl("NG25-I21").unwrap();
    assert_eq!(uci.answers(), Vec::<String>::new());
    uci.send("go depth 1");
    legal_best(game.position(), &uci.until("bestmove"));
    uci.quit();
}

#[test]
fn every_option_valid_and_broken() {
    let mut uci = Uci::start();
    uci.send("uci");
    let options: Vec<String> = uci
        .until("uciok")
        .into_iter()
        .filter(|l| l.starts_with("option name "))
        .collect();
    assert_eq!(options.len(), 12, "{options:?}");
    for good in [
        "setoption name Hash value 8",
        "setoption name Clear Hash",
        "setoption name Threads value 2",
        "setoption name Threads value 1",
        "setoption name Move Overhead value 0",
        "setoption name Ponder value true",
        "setoption name MultiPV value 2",
        "setoption name MultiPV value 1",
        "setoption name Skill Level value 20",
        "setoption name UCI_LimitStrength value false",
        "setoption name UCI_Elo value 2000",
        "setoption name UCI_ShowWDL value false",
        "setoption name Use NNUE value true",
        "setoption name EvalFile value <default>",
        "setoption name hash value 16",
    ] {
        uci.send(good);
        assert_eq!(uci.answers(), Vec::<String>::new(), "{good}");
    }
    let refused = [
        (
            "setoption name Hash value 0",
            "Hash: hash_mb must be 1..65536, not 0",
        ),
        (
            "setoption name Hash value x",
            "Hash must be a number, not \"x\"",
        ),
        ("setoption name Hash", "setoption name Hash needs a value"),
        (
            "setoption name Threads value 257",
            "Threads: threads must be 1..256, not 257",
        ),
        (
            "setoption name Move Overhead value 5001",
            "Move Overhead: move overhead must be 0..5000 ms, not 5001 ms",
        ),
        (
            "setoption name Ponder value maybe",
            "Ponder must be true or false, not \"maybe\"",
        ),
        (
            "setoption name MultiPV value 0",
            "MultiPV: multipv must be 1..500, not 0",
        ),
        (
            "setoption name MultiPV value 501",
            "MultiPV: multipv must be 1..500, not 501",
        ),
        (
            "setoption name Skill Level value 21",
            "Skill Level must be 0..20, not 21",
        ),
        (
            "setoption name UCI_Elo value 999",
            &format!("UCI_Elo must be 1000..{}, not 999", cescacs_engine::MAX_ELO),
        ),
        (
            "setoption name UCI_LimitStrength value maybe",
            "UCI_LimitStrength must be true or false, not \"maybe\"",
        ),
        (
            "setoption name UCI_ShowWDL value yes",
            "UCI_ShowWDL must be true or false, not \"yes\"",
        ),
        (
            "setoption name Use NNUE value 1",
            "Use NNUE must be true or false, not \"1\"",
        ),
        (
            "setoption name Colour value red",
            "unknown option \"Colour\"",
        ),
        (
            "setoption Hash 16",
            "expected `setoption name N [value V]`, got \"Hash 16\"",
        ),
    ];
    for (bad, why) in refused {
        uci.send(bad);
        assert_eq!(
            uci.answers(),
            [format!("info string error: {why}")],
            "{bad}"
        );
    }
    uci.send("setoption name EvalFile value /nonexistent/net.nnue");
    let answer = uci.answers();
    assert!(
        answer.len() == 1
            && answer[0].starts_with("info string error: EvalFile \"/nonexistent/net.nnue\": ")
            && answer[0].ends_with("; the network is unchanged"),
        "{answer:?}"
    );
    uci.quit();
}

#[test]
fn the_other_commands_are_answered() {
    let mut uci = Uci::start();
    for quiet in ["", "debug on", "debug off", "register later", "ucinewgame"] {
        uci.send(quiet);
        assert_eq!(uci.answers(), Vec::<String>::new(), "{quiet:?}");
    }
    uci.send("frobnicate now");
    assert_eq!(
        uci.answers(),
        ["info string error: unknown command \"frobnicate\""]
    );
    uci.send("isready");
    assert_eq!(uci.until("readyok"), ["readyok"]);
    uci.quit();
}

/// The numbers after `word` in an info line.
fn field(line: &str, word: &str) -> Option<i64> {
    let mut words = line.split(' ');
    words.find(|w| *w == word)?;
    words.next()?.parse().ok()
}

#[test]
fn info_lines_carry_hashfull_wdl_and_the_lines_asked_for() {
    let mut uci = Uci::start();
    uci.send("setoption name UCI_ShowWDL value true");
    uci.send("position startpos");
    uci.send("go depth 4");
    let lines = uci.until("bestmove");
    let infos = &lines[..lines.len() - 1];
    assert_eq!(infos.len(), 4, "{lines:?}");
    for l in infos {
        let hashfull = field(l, "hashfull").expect("hashfull");
        assert!((0..=1000).contains(&hashfull), "{l}");
        let cp = field(l, "cp").expect("a centipawn score") as i32;
        let wdl = Wdl::from_score(Score::Cp(cp));
        assert!(l.contains(&format!(" score cp {cp} {wdl} nodes ")), "{l}");
    }
    // Clear Hash: the same search again is that of a fresh engine.
    let nodes = |lines: &[String]| field(&lines[lines.len() - 2], "nodes").unwrap();
    let first = nodes(&lines);
    uci.send("go depth 4");
    // The table's contents change the search (it is deterministic).
    let again = nodes(&uci.until("bestmove"));
    assert_ne!(again, first);
    uci.send("setoption name Clear Hash");
    uci.send("go depth 4");
    assert_eq!(nodes(&uci.until("bestmove")), first);
    // A weak level with MultiPV 2 prints lines 1 and 2 only.
    uci.send("setoption name UCI_ShowWDL value false");
    uci.send("setoption name Skill Level value 5");
    uci.send("setoption name MultiPV value 2");
    uci.send("go depth 2");
    let lines = uci.until("bestmove");
    let numbers: Vec<i64> = lines.iter().filter_map(|l| field(l, "multipv")).collect();
    assert_eq!(numbers, [1, 2, 1, 2], "{lines:?}");
    assert!(lines.iter().all(|l| !l.contains(" wdl ")));
    uci.quit();
}

#[test]
fn a_long_search_reports_the_root_move_under_search() {
    let mut uci = Uci::start();
    uci.send("position startpos");
    // An infinite search (the time manager cannot end it before the second from which the
    // root move is reported, however fast the machine), stopped once it has reported one:
    // however loaded the machine, the search gets its second.
    uci.send("go infinite");
    let mut lines = uci.until_line("currmove", |l| l.contains(" currmove "));
    uci.send("stop");
    lines.extend(uci.until("bestmove"));
    legal_best(&Position::default(), &lines);
    let curr: Vec<&String> = lines.iter().filter(|l| l.contains(" currmove ")).collect();
    assert!(!curr.is_empty(), "{lines:?}");
    for l in curr {
        let words: Vec<&str> = l.split(' ').collect();
        assert_eq!(
            (words[0], words[1], words[3], words[5]),
            ("info", "depth", "currmove", "currmovenumber"),
            "{l}"
        );
        assert!(Position::default().parse_ctl(words[4]).is_ok(), "{l}");
        assert!(words[6].parse::<usize>().unwrap() >= 1, "{l}");
    }
    uci.quit();
}

#[test]
fn wdl_fit_prints_the_model_of_its_games() {
    // Node-limited searches on one thread: the same games, the same model.
    let out = std::process::Command::new(support::BIN)
        .args(["wdl-fit", "--games", "3", "--nodes", "300", "--seed", "5"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "games 3 (unfinished 0), positions 495 (wins 248, draws 0, losses 247)\n\
         a = 0.00, b = 260.73, mean log-likelihood -0.3859\n"
    );
}
