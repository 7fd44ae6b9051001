//! `cescacs uci` driven through stdin, checked against the engine's own results.

use std::process::Command;
use std::time::{Duration, Instant};

use cescacs::{History, Position, Termination};
use cescacs_engine::{Engine, EngineOptions, Limits};
use cescacs_research::selfplay::RandomGames;

mod support;
use support::{Uci, BIN};

#[test]
fn handshake_and_readiness() {
    let mut uci = Uci::start();
    uci.send("uci");
    assert_eq!(
        uci.until("uciok"),
        [
            concat!("id name cescacs ", env!("CARGO_PKG_VERSION")),
            "id author the cescacs authors",
            "option name Hash type spin default 16 min 1 max 65536",
            "option name Clear Hash type button",
            "option name Threads type spin default 1 min 1 max 256",
            "option name Move Overhead type spin default 10 min 0 max 5000",
            "option name Ponder type check default false",
            "option name MultiPV type spin default 1 min 1 max 500",
            "option name Skill Level type spin default 20 min 0 max 20",
            "option name UCI_LimitStrength type check default false",
            &format!(
                "option name UCI_Elo type spin default 1000 min 1000 max {}",
                cescacs_engine::MAX_ELO
            ),
            "option name UCI_ShowWDL type check default false",
            "option name Use NNUE type check default true",
            "option name EvalFile type string default <default>",
            "uciok"
        ]
    );
    uci.send("isready");
    assert_eq!(uci.until("readyok"), ["readyok"]);
    uci.quit();
}

#[test]
fn go_depth_reports_each_iteration_and_the_engines_best_move() {
    let mut game = History::default();
    game.push_ctl("E7-E13").unwrap();
    game.push_ctl("NG25-I21").unwrap();
    let mut infos = Vec::new();
    let want = Engine::new(Default::default()).search(&game, &Limits::depth(3), |i| {
        infos.extend(i.completed_line().cloned())
    });
    let mut uci = Uci::start();
    // CTL-AN and the long form are both read.
    uci.send("position startpos moves E7-E13 G25-I21");
    uci.send("go depth 3");
    let lines = uci.until("bestmove");
    assert_eq!(lines.len(), 4, "{lines:?}");
    let pos = game.position();
    let best = want.best_move.unwrap();
    assert_eq!(
        lines[3],
        format!(
            "bestmove {} ponder {}",
            pos.ctl(&best),
            pos.after(best).ctl(&want.pv[1])
        )
    );
    for (line, info) in lines.iter().zip(&infos) {
        assert!(
            line.starts_with(&format!(
                "info depth {} seldepth {} multipv 1 score {} nodes {} ",
                info.depth, info.seldepth, info.score, info.nodes
            )),
            "{line}"
        );
        let mut p = pos.clone();
        let pv: Vec<String> = info
            .pv
            .iter()
            .map(|&m| {
                let t = p.ctl(&m);
                p.play_unchecked(m);
                t
            })
            .collect();
        assert!(line.ends_with(&format!(" pv {}", pv.join(" "))), "{line}");
    }
    uci.quit();
}

#[test]
fn multipv_reports_each_line_of_each_iteration_as_the_engine_finds_them() {
    let mut game = History::default();
    game.push_ctl("E7-E13").unwrap();
    let mut infos = Vec::new();
    let limits = Limits::depth(3);
    let three = EngineOptions {
        multipv: 3,
        ..Default::default()
    };
    let want = Engine::new(three).search(&game, &limits, |i| {
        infos.extend(i.completed_line().cloned())
    });
    let mut uci = Uci::start();
    uci.send("setoption name MultiPV value 3");
    uci.send("position startpos moves E7-E13");
    uci.send("go depth 3");
    let lines = uci.until("bestmove");
    assert_eq!(lines.len(), 10, "{lines:?}");
    let pos = game.position();
    for (line, info) in lines.iter().zip(&infos) {
        let head = format!(
            "info depth {} seldepth {} multipv {} score {} nodes {} ",
            info.depth, info.seldepth, info.multipv, info.score, info.nodes
        );
        assert!(line.starts_with(&head), "{line}");
        assert!(
            format!("{line} ").contains(&format!(" pv {} ", pos.ctl(&info.pv[0]))),
            "{line}"
        );
    }
    let multipv: Vec<usize> = infos.iter().map(|i| i.multipv).collect();
    assert_eq!(multipv, [1, 2, 3, 1, 2, 3, 1, 2, 3]);
    assert!(
        lines[9].starts_with(&format!("bestmove {} ", pos.ctl(&want.lines[0].pv[0]))),
        "{}",
        lines[9]
    );
    // Back to one line: `multipv 1` only.
    uci.send("setoption name MultiPV value 1");
    uci.send("go depth 2");
    let lines = uci.until("bestmove");
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(
        lines[..2].iter().all(|l| l.contains(" multipv 1 ")),
        "{lines:?}"
    );
    uci.quit();
}

#[test]
fn a_mate_in_one_from_a_pdtl_scores_mate_1() {
    let games = RandomGames::new(200)
        .seed(0)
        .max_plies(400)
        .threads(1)
        .run()
        .unwrap();
    let h = games
        .iter()
        .map(|g| g.history())
        .find(|h| {
            h.outcome()
                .is_some_and(|o| o.termination == Termination::Checkmate)
        })
        .unwrap();
    let pos = h.position_at(h.len() - 1).unwrap();
    let mut uci = Uci::start();
    uci.send(&format!("position pdtl {}", pos.to_pdtl()));
    uci.send("go depth 2");
    let lines = uci.until("bestmove");
    assert!(
        lines[lines.len() - 2].starts_with("info depth 2 ")
            && lines[lines.len() - 2].contains(" score mate 1 "),
        "{lines:?}"
    );
    let text = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    assert!(pos.after(pos.parse_ctl(text).unwrap()).is_checkmate());
    assert!(text.ends_with('#'));
    uci.quit();
}

#[test]
fn go_nodes_stays_within_the_limit() {
    let mut uci = Uci::start();
    uci.send("position startpos");
    uci.send("go nodes 700");
    let lines = uci.until("bestmove");
    for line in &lines[..lines.len() - 1] {
        let nodes: u64 = line
            .split(' ')
            .skip_while(|&w| w != "nodes")
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        assert!(nodes <= 700, "{line}");
    }
    let m = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    assert!(Position::default().parse_ctl(m).is_ok());
    uci.quit();
}

#[test]
fn go_infinite_waits_for_stop() {
    let mut uci = Uci::start();
    uci.send("position startpos");
    uci.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    uci.send("isready");
    let before = uci.until("readyok");
    assert!(
        before.iter().all(|l| !l.starts_with("bestmove")),
        "{before:?}"
    );
    uci.send("stop");
    let m = uci.until("bestmove").pop().unwrap();
    assert!(
        Position::default().parse_ctl(bestmove_of(&m)).is_ok(),
        "{m}"
    );
    // With a clock too: `infinite` keeps searching past the clock's limits.
    uci.send("go wtime 50 btime 50 infinite");
    std::thread::sleep(Duration::from_millis(300));
    uci.send("isready");
    let before = uci.until("readyok");
    assert!(
        before.iter().all(|l| !l.starts_with("bestmove")),
        "{before:?}"
    );
    uci.send("stop");
    let lines = uci.until("bestmove");
    assert!(Position::default()
        .parse_ctl(bestmove_of(lines.last().unwrap()))
        .is_ok());
    uci.quit();
}

#[test]
fn bad_commands_are_answered_and_change_nothing() {
    let mut uci = Uci::start();
    uci.send("position startpos moves E7-E13");
    for bad in [
        "position pdtl garbage",
        "position",
        "setoption name Hash value 0",
        "setoption name Threads value 257",
        "setoption name Colour value red",
        "setoption name Move Overhead value 5001",
        "setoption name Ponder value maybe",
        "setoption name MultiPV value 0",
        "setoption name MultiPV value 501",
        "setoption name Skill Level value 21",
        "setoption name UCI_Elo value 999",
        "setoption name UCI_LimitStrength value maybe",
        "setoption name Use NNUE value maybe",
        "setoption name EvalFile value /nonexistent/net.nnue",
        "frobnicate",
    ] {
        uci.send(bad);
        let line = uci.until("info string error: ");
        assert_eq!(line.len(), 1, "{bad}: {line:?}");
    }
    uci.send("go depth 1");
    // Still after E7-E13: Black moves.
    let m = uci.until("bestmove").pop().unwrap();
    let pos = Position::default().after(Position::default().parse_ctl("E7-E13").unwrap());
    assert!(
        pos.parse_ctl(m.strip_prefix("bestmove ").unwrap()).is_ok(),
        "{m}"
    );
    uci.quit();
}

#[test]
fn use_nnue_searches_with_the_network_as_the_library_does() {
    let mut game = History::default();
    game.push_ctl("E7-E13").unwrap();
    let want = Engine::new(EngineOptions::default()).search(&game, &Limits::depth(3), |_| {});
    let hand = Engine::new(EngineOptions {
        use_nnue: false,
        ..EngineOptions::default()
    })
    .search(&game, &Limits::depth(3), |_| {});
    assert_ne!(
        want.nodes, hand.nodes,
        "the two evaluations search different trees"
    );
    let mut uci = Uci::start();
    uci.send("setoption name Use NNUE value true");
    // A file that is not a network leaves the engine's network as it was.
    uci.send("setoption name EvalFile value /nonexistent/net.nnue");
    let error = uci.until("info string error: ").pop().unwrap();
    assert!(
        error.contains("cannot read network file") && error.ends_with("the network is unchanged"),
        "{error}"
    );
    uci.send("position startpos moves E7-E13");
    uci.send("go depth 3");
    let lines = uci.until("bestmove");
    let last = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth 3"))
        .unwrap();
    assert!(
        last.contains(&format!(" nodes {} ", want.nodes)),
        "{last} vs {} nodes",
        want.nodes
    );
    assert_eq!(
        game.position()
            .parse_ctl(bestmove_of(lines.last().unwrap()))
            .unwrap(),
        want.best_move.unwrap()
    );
    uci.send("setoption name EvalFile value <default>");
    uci.send("setoption name Use NNUE value false");
    uci.send("ucinewgame");
    uci.send("position startpos moves E7-E13");
    uci.send("go depth 3");
    let lines = uci.until("bestmove");
    assert!(
        lines.iter().any(
            |l| l.starts_with("info depth 3") && l.contains(&format!(" nodes {} ", hand.nodes))
        ),
        "{lines:?}"
    );
    uci.quit();
}

#[test]
fn skill_level_and_uci_elo_weaken_the_engine_as_the_library_does() {
    use cescacs_engine::Skill;
    let weak = |skill: Skill| {
        Engine::new(EngineOptions {
            skill,
            ..Default::default()
        })
        .search(&History::default(), &Limits::depth(6), |_| {})
    };
    let mut uci = Uci::start();
    // The engine's `go depth 6` answer is the library's at the same skill.
    let plays_as = |uci: &mut Uci, skill: Skill| {
        uci.send("go depth 6");
        let lines = uci.until("bestmove");
        let want = weak(skill);
        assert_eq!(
            bestmove_of(lines.last().unwrap()),
            Position::default().ctl(&want.best_move.unwrap()),
            "{lines:?}"
        );
        lines
    };
    uci.send("setoption name Skill Level value 3");
    let lines = plays_as(&mut uci, Skill::new(3).unwrap());
    // A weak level, though it chooses among several lines, shows the one
    // line MultiPV asks for.
    assert!(
        lines.iter().all(|l| !l.contains(" multipv 2 ")),
        "{lines:?}"
    );
    // UCI_Elo rules while UCI_LimitStrength is on.
    let elo = cescacs_engine::SKILL_ELO[1];
    uci.send(&format!("setoption name UCI_Elo value {elo}"));
    uci.send("setoption name UCI_LimitStrength value true");
    uci.send("ucinewgame");
    plays_as(&mut uci, Skill::from_elo(elo).unwrap());
    // Off again: Skill Level 3.
    uci.send("setoption name UCI_LimitStrength value false");
    uci.send("ucinewgame");
    plays_as(&mut uci, Skill::new(3).unwrap());
    uci.quit();
}

#[test]
fn no_legal_move_gives_bestmove_0000() {
    let games = RandomGames::new(200)
        .seed(0)
        .max_plies(400)
        .threads(1)
        .run()
        .unwrap();
    let h = games
        .iter()
        .map(|g| g.history())
        .find(|h| {
            h.outcome()
                .is_some_and(|o| o.termination == Termination::Checkmate)
        })
        .unwrap();
    let mut uci = Uci::start();
    uci.send(&format!("position pdtl {}", h.position().to_pdtl()));
    uci.send("go depth 3");
    assert_eq!(
        uci.until("bestmove"),
        ["info depth 0 score mate 0", "bestmove 0000"]
    );
    uci.quit();
}

#[test]
fn go_searchmoves_chooses_among_the_listed_moves() {
    let mut game = History::default();
    game.push_ctl("E7-E13").unwrap();
    let pos = game.position().clone();
    let free = Engine::new(Default::default())
        .search(&game, &Limits::depth(3), |_| {})
        .best_move
        .unwrap();
    let others: Vec<_> = pos
        .legal_moves()
        .into_iter()
        .filter(|&m| m != free)
        .take(3)
        .collect();
    let want = Engine::new(Default::default())
        .search(
            &game,
            &Limits::depth(3).with_search_moves(others.clone()),
            |_| {},
        )
        .best_move
        .unwrap();
    let mut uci = Uci::start();
    uci.send("position startpos moves E7-E13");
    let listed: Vec<String> = others.iter().map(|m| pos.ctl(m)).collect();
    // The list runs to the next parameter; the long form is read too.
    uci.send(&format!(
        "go searchmoves {} {} {} depth 3",
        listed[0],
        others[1].long(),
        listed[2]
    ));
    let lines = uci.until("bestmove");
    assert!(
        lines
            .last()
            .unwrap()
            .starts_with(&format!("bestmove {} ", pos.ctl(&want))),
        "{lines:?}"
    );
    assert!(
        lines[..lines.len() - 1]
            .iter()
            .all(|l| listed.iter().any(|m| l.contains(&format!(" pv {m}")))),
        "{lines:?}"
    );
    uci.send(&format!("go depth 2 searchmoves {}", listed[1]));
    assert!(uci
        .until("bestmove")
        .last()
        .unwrap()
        .starts_with(&format!("bestmove {} ", listed[1])));
    uci.quit();
}

/// The move of a `bestmove M [ponder R]` line.
fn bestmove_of(line: &str) -> &str {
    line.strip_prefix("bestmove ")
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
}

#[test]
fn go_on_the_clock_answers() {
    let mut uci = Uci::start();
    uci.send("position startpos moves E7-E13");
    uci.send("go wtime 1000 btime 1000 winc 10 binc 10");
    let lines = uci.until("bestmove");
    assert!(
        lines.len() >= 2 && lines[0].starts_with("info depth 1 "),
        "{lines:?}"
    );
    let pos = Position::default().after(Position::default().parse_ctl("E7-E13").unwrap());
    assert!(pos.parse_ctl(bestmove_of(lines.last().unwrap())).is_ok());
    // movestogo and a move overhead are read too.
    uci.send("setoption name Move Overhead value 50");
    uci.send("go btime 500 wtime 500 movestogo 5");
    assert!(pos
        .parse_ctl(bestmove_of(uci.until("bestmove").last().unwrap()))
        .is_ok());
    uci.quit();
}

#[test]
fn a_game_at_one_second_and_10_ms_a_move_is_answered_move_by_move() {
    // A GUI's clock: each side's time, less what each go → bestmove took
    // (at least a millisecond left: the time taken depends on the machine's
    // load, so timed matches, not this test, judge the time manager),
    // plus the increment.
    let mut uci = Uci::start();
    uci.send("ucinewgame");
    let mut game = History::default();
    let mut moves: Vec<String> = Vec::new();
    let mut clocks = [1000i64, 1000i64];
    for ply in 0..30 {
        if game.outcome().is_some() {
            break;
        }
        uci.send(&format!("position startpos moves {}", moves.join(" ")));
        let start = Instant::now();
        uci.send(&format!(
            "go wtime {} btime {} winc 10 binc 10",
            clocks[0], clocks[1]
        ));
        let line = uci.until("bestmove").pop().unwrap();
        let side = ply % 2;
        clocks[side] = (clocks[side] - start.elapsed().as_millis() as i64).max(1) + 10;
        let m = game.position().parse_ctl(bestmove_of(&line)).unwrap();
        moves.push(game.position().ctl(&m));
        game.push(m).unwrap();
    }
    uci.quit();
}

#[test]
fn an_unknown_go_word_is_reported_and_the_search_still_answers() {
    let mut uci = Uci::start();
    uci.send("position startpos");
    uci.send("go sideways depth 2");
    let lines = uci.until("bestmove");
    assert_eq!(
        lines[0],
        "info string warning: unknown go parameter \"sideways\" ignored"
    );
    assert!(
        lines[lines.len() - 2].starts_with("info depth 2 "),
        "{lines:?}"
    );
    uci.quit();
}

#[test]
fn go_ponder_waits_for_ponderhit_then_plays_on_the_clock() {
    let mut uci = Uci::start();
    uci.send("position startpos moves E7-E13");
    // A 100 ms clock: pondering ignores it until ponderhit.
    uci.send("go ponder wtime 100 btime 100");
    std::thread::sleep(Duration::from_millis(400));
    uci.send("isready");
    let before = uci.until("readyok");
    assert!(
        before.iter().all(|l| !l.starts_with("bestmove")),
        "{before:?}"
    );
    uci.send("ponderhit");
    let line = uci.until("bestmove").pop().unwrap();
    let pos = Position::default().after(Position::default().parse_ctl("E7-E13").unwrap());
    assert!(pos.parse_ctl(bestmove_of(&line)).is_ok(), "{line}");
    // `stop` ends pondering too, with a best move.
    uci.send("go ponder wtime 100 btime 100");
    std::thread::sleep(Duration::from_millis(100));
    uci.send("stop");
    assert!(pos
        .parse_ctl(bestmove_of(uci.until("bestmove").last().unwrap()))
        .is_ok());
    uci.quit();
}

#[test]
fn a_table_that_cannot_be_allocated_keeps_the_old_one() {
    // An address space of 2 GiB: a 64 GiB table cannot be had.
    let script = format!("ulimit -v 2097152 && exec '{BIN}' uci");
    let mut uci = Uci::spawn(Command::new("sh").arg("-c").arg(script));
    uci.send("setoption name Hash value 65536");
    assert_eq!(
        uci.until("info string"),
        ["info string error: Hash: cannot allocate a transposition table of 65536 MiB: out of memory; the table stays 16 MiB"]
    );
    uci.send("setoption name Hash value 32");
    uci.send("position startpos");
    uci.send("go depth 2");
    assert!(Position::default()
        .parse_ctl(bestmove_of(uci.until("bestmove").last().unwrap()))
        .is_ok());
    uci.quit();
}
