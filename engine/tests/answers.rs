//! A search always answers with a searched move: depth 1 is cheap on any
//! position, a time limit or a stop takes effect only after it, and mates
//! in one and two are found.

use std::time::Duration;

use cescacs::random::SplitMix64;
use cescacs::{History, Position};
use cescacs_engine::{Engine, EngineOptions, Limits, Score, TableAllocError};

/// A position from a random game where depth 1 once took millions of nodes
/// (quiescence and check extensions ran to ply 52); White mates in one.
const RUNAWAY: &str = "/28:j/27:vj/24:3ep/23:1p4/22:2e3k/21:4e1p1/20:1p1e1P1/19:1p2p3/18:4G2/17:2n5/16:5P1/15:5n2/14:1r2p2/12:6d/11:1E1pj2R/10:2P2P1/9:3PE1D1/8:1P5/7:3P1E2/6:2p2g1/4:2J2/3:3R/2:1J1/0:K/ w -- - 6 82";

/// Positions with a mate in one, from seeded random games (`SplitMix64`
/// seeds 0, 6, 9 and 12, plies 179, 162, 169 and 49).
const MATES_IN_ONE: [&str; 4] = [
    "/27:v1/26:2j/25:2j1/24:1jk1R/23:2ee2/22:1r5/21:gp2pp2/20:1P1pe2/19:1D2p1p1/18:p6/17:3P1J2/16:6V/15:5p2/14:1gp4/13:4E3/11:p3G3/10:1e5/9:J7/8:2d3N/7:4JPG1/6:2E1E2/5:4PP/3:3R/1:1K/ b -- - 3 90",
    "/28:v/27:1k/26:1j1/24:3e1/23:p1e3/21:1r2eG2/20:1ep4/19:1n2p3/18:1G5/17:1g6/16:1p2ppp/15:5p2/14:2p1PP1/13:3p4/12:j1p1P2/11:2E5/10:6P/9:4D3/8:1P2E2/7:2PEPEr1/6:1PR4/5:P1K3/1:1R/0:V/ w -- - 0 82",
    "/27:r1/25:3r/24:1ek2/23:1jv1p1/22:1pg4/21:3ee1p1/20:2Jp3/18:2pp1p1/17:V2P1p2/15:1p6/14:2P4/13:2P4N/12:1R1p3/11:1P2g3/10:3PP2/9:J7/8:2PP1P1/7:1E2K3/6:4P1G/5:2E1d1/4:1JEE1/3:1Nj1/ b -- K8@6 0 85",
    "/28:v/26:2g/25:r1dr/24:1ejep/23:ppjepp/22:2j4/21:2pppk2/20:3epn1/19:3p4/18:5n1/16:Np5/14:3P3/13:4N3/12:1J4G/10:R3g2/9:2P5/7:3PPP2/6:5P1/5:PPEE1P/4:PEJEP/3:R1G1/2:1J1/1:DK/0:V/ b RK- - 0 25",
];

/// Positions with a mate in two and none in one, from seeded random games
/// (seeds 1 to 4), checked by trying every line.
const MATES_IN_TWO: [&str; 4] = [
    "/27:j1/26:2e/23:k5/22:1Je4/21:3P4/20:1j5/19:4pe2/16:2RE3/15:2p5/14:2J4/13:3P4/12:p4p1/11:1v3PP1/10:4EE1/9:G2P4/8:1DE4/7:1jN5/6:5P1/5:3p2/2:N2/1:K1/ w -- - 0 134",
    "/26:2r/24:3e1/23:1ge3/22:1j1k3/21:2p4g/19:2p4D/18:3P1p1/16:1G1peP1/15:R3J3/14:p1p1p2/13:2P3p1/12:2N4/10:2P4/9:2P1E3/8:2v4/7:1P5P/6:6j/5:1K2V1/4:3E1/2:J2/1:1J/ b -- - 3 102",
    "/27:k1/26:1j1/25:r1er/23:v1ge1p/22:1R3g1/21:3e1J2/20:4pp1/19:2Gp4/16:1p1p3/14:P2pG2/13:5p2/12:j3P2/11:5P2/9:3NPR2/7:2JPE3/6:1PP3P/5:P1E3/4:1E2j/2:JK1/1:D1/0:V/ w -- - 2 55",
    "/27:j1/26:1eg/23:3j2/22:1p5/21:4e3/20:2eke1R/19:3j4/18:4p1p/17:2p5/16:3pP1r/15:D7/13:1n2g2v/12:3E3/11:N2p2P1/10:1P5/9:2Pp4/8:r2d1P1/7:1P2R1P1/6:4E2/5:1E4/3:K3/2:2J/1:E1/0:V/ b -- - 6 90",
];

fn search(pos: &Position, limits: &Limits) -> cescacs_engine::SearchResult {
    Engine::new(EngineOptions {
        hash_mb: 4,
        ..Default::default()
    })
    .search(&History::new(pos.clone()), limits, |_| {})
}

fn mates_in(pos: &Position, m: cescacs::Move, moves: u32) -> bool {
    let after = pos.after(m);
    if moves == 1 {
        return after.is_checkmate();
    }
    let replies = after.legal_moves();
    !replies.is_empty()
        && replies.into_iter().all(|r| {
            let p = after.after(r);
            p.legal_moves()
                .into_iter()
                .any(|m| mates_in(&p, m, moves - 1))
        })
}

#[test]
fn depth_1_of_the_runaway_position_is_a_few_thousand_nodes_and_finds_the_mate() {
    let pos: Position = RUNAWAY.parse().unwrap();
    let r = search(&pos, &Limits::depth(1));
    assert_eq!((r.depth, r.score, r.nodes), (1, Score::Mate(1), 512));
    assert_eq!(pos.ctl(&r.best_move.unwrap()), "GH18-L17#");
    // The hand-written evaluation orders and prunes differently.
    let hand = Engine::new(EngineOptions {
        hash_mb: 4,
        use_nnue: false,
        ..Default::default()
    })
    .search(&History::new(pos.clone()), &Limits::depth(1), |_| {});
    assert_eq!(
        (hand.depth, hand.score, hand.nodes),
        (1, Score::Mate(1), 618)
    );
    assert_eq!(hand.best_move, r.best_move);
    assert!(
        pos.after(r.best_move.unwrap()).is_checkmate(),
        "{}",
        pos.ctl(&r.best_move.unwrap())
    );
    // 200,000 nodes: several iterations, the mate kept.
    let r = search(&pos, &Limits::nodes(200_000));
    assert_eq!(r.score, Score::Mate(1));
    assert!(pos.after(r.best_move.unwrap()).is_checkmate());
    assert!(r.depth >= 2 && r.nodes <= 200_000, "{r:?}");
}

#[test]
fn depth_1_is_cheap_on_every_position_of_random_games() {
    let mut engine = Engine::new(EngineOptions {
        hash_mb: 1,
        ..Default::default()
    });
    let mut most = 0;
    for seed in 0..6 {
        let mut rng = SplitMix64::new(seed);
        let mut h = History::default();
        while h.outcome().is_none() && h.len() < 300 {
            engine.new_game();
            let r = engine.search(&h, &Limits::depth(1), |_| {});
            assert_eq!(r.depth, 1);
            most = most.max(r.nodes);
            let moves = h.position().legal_moves();
            h.push_unchecked(moves[rng.below(moves.len())]);
        }
    }
    assert!(most < 30_000, "depth 1 took {most} nodes");
}

#[test]
fn mates_in_one_are_found_under_any_limit_that_allows_depth_1() {
    for text in MATES_IN_ONE.iter().chain([&RUNAWAY]) {
        let pos: Position = text.parse().unwrap();
        let depth_1 = search(&pos, &Limits::depth(1));
        for limits in [
            Limits::depth(1),
            Limits::depth(4),
            // Depth 1 is completed before a time limit or a stop ends the search.
            Limits::time(Duration::ZERO),
            Limits::default(),
            Limits::clock(
                Duration::from_secs(60),
                Duration::from_secs(60),
                Duration::ZERO,
                Duration::ZERO,
            ),
            Limits::nodes(depth_1.nodes),
            Limits::nodes(50_000),
        ] {
            // The stop is set before the search: it is there for
            // `Limits::default()`, which nothing else ends.
            let mut engine = Engine::new(EngineOptions {
                hash_mb: 4,
                ..Default::default()
            });
            engine.control().stop();
            let r = engine.search(&History::new(pos.clone()), &limits, |_| {});
            assert_eq!(r.score, Score::Mate(1), "{text} {limits:?}");
            assert!(pos.after(r.best_move.unwrap()).is_checkmate(), "{text}");
            assert!(r.depth >= 1);
        }
    }
}

#[test]
fn mates_in_two_are_found_at_depth_3() {
    for text in MATES_IN_TWO {
        let pos: Position = text.parse().unwrap();
        let r = search(&pos, &Limits::depth(3));
        assert_eq!(r.score, Score::Mate(2), "{text}");
        assert!(
            mates_in(&pos, r.best_move.unwrap(), 2),
            "{text}: {}",
            pos.ctl(&r.best_move.unwrap())
        );
        assert_eq!(r.pv.len(), 3, "{text}");
        let r = search(&pos, &Limits::nodes(300_000));
        assert_eq!(r.score, Score::Mate(2), "{text}");
    }
}

#[test]
fn a_stopped_search_answers_with_a_searched_move() {
    let pos = Position::default();
    let mut infos = Vec::new();
    let full = Engine::new(Default::default()).search(
        &History::new(pos.clone()),
        &Limits::depth(4),
        |i| infos.extend(i.completed_line().cloned()),
    );
    assert_eq!(full.depth, 4);
    // A node limit anywhere inside depths 2 to 4: the answer is the last
    // completed iteration's, or the stopped one's once its first root move
    // was searched: the previous best move's score at the new depth or a
    // better move's; never a made-up score.
    for i in 1..infos.len() {
        for k in 1..8u64 {
            let before = &infos[i - 1];
            let limit = before.nodes + (infos[i].nodes - before.nodes) * k / 8;
            let r = Engine::new(Default::default()).search(
                &History::new(pos.clone()),
                &Limits::nodes(limit),
                |_| {},
            );
            assert_eq!(r.nodes, limit);
            assert_eq!(r.depth, before.depth, "{limit}");
            assert_eq!(r.best_move, r.pv.first().copied());
            if r.pv != before.pv {
                // The stopped iteration's: searched a ply deeper than the last one.
                assert!(
                    r.pv.len() > before.pv.len() || r.score != before.score,
                    "{limit}: {r:?}"
                );
            } else {
                assert_eq!(r.score, before.score);
            }
        }
    }
    // A limit below depth 1: the best of the root moves searched, or with
    // none searched the first in the search's order with the static score.
    let r = Engine::new(Default::default()).search(
        &History::new(pos.clone()),
        &Limits::nodes(1),
        |_| {},
    );
    assert_eq!((r.depth, r.nodes, r.pv.len()), (0, 1, 1));
    assert!(matches!(r.score, Score::Cp(c) if c.abs() < 100));
}

#[test]
fn a_table_that_cannot_be_allocated_is_an_error_and_the_old_one_stays() {
    let huge = usize::MAX >> 20;
    let options = EngineOptions {
        hash_mb: huge,
        ..Default::default()
    };
    assert_eq!(
        Engine::try_new(options).err().map(|e| e.megabytes),
        Some(huge)
    );
    let mut engine = Engine::try_new(EngineOptions {
        hash_mb: 2,
        ..Default::default()
    })
    .unwrap();
    let pos = Position::default();
    let first = engine.search(&History::new(pos.clone()), &Limits::depth(3), |_| {});
    assert_eq!(
        engine.try_set_hash_mb(huge),
        Err(TableAllocError { megabytes: huge })
    );
    assert_eq!(
        engine.try_set_hash_mb(huge).unwrap_err().to_string(),
        format!("cannot allocate a transposition table of {huge} MiB: out of memory")
    );
    assert_eq!(engine.options().hash_mb, 2);
    // The table kept its contents: the same search again is cheaper.
    assert!(
        engine
            .search(&History::new(pos.clone()), &Limits::depth(3), |_| {})
            .nodes
            < first.nodes
    );
    engine.try_set_hash_mb(1).unwrap();
    assert_eq!(engine.options().hash_mb, 1);
}

#[test]
fn two_threads_find_the_mates_and_answer_with_a_legal_line_of_the_depth_asked() {
    let mut engine = Engine::new(EngineOptions {
        threads: 2,
        ..Default::default()
    });
    for (texts, depth, mate) in [(&MATES_IN_ONE, 1, 1), (&MATES_IN_TWO, 3, 2)] {
        for text in texts {
            let pos: Position = text.parse().unwrap();
            let r = engine.search(&History::new(pos.clone()), &Limits::depth(depth), |_| {});
            assert_eq!((r.depth, r.score), (depth, Score::Mate(mate)), "{text}");
            assert_eq!(r.best_move, r.pv.first().copied(), "{text}");
            let mut line = pos.clone();
            for m in &r.pv {
                assert!(line.legal_moves().contains(m), "{text}: {}", line.ctl(m));
                line.play_unchecked(*m);
            }
            assert!(line.is_checkmate(), "{text}");
        }
    }
}
