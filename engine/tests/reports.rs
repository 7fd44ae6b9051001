//! What a search reports while it runs (`Info`), and the mate limit: each
//! root move as it is searched, lines outside the aspiration window as
//! bounds, how full the table is, and a search for a mate that ends when
//! it finds one.

use cescacs::{History, Position};
use cescacs_engine::{Engine, EngineOptions, Info, Limits, Score, ScoreBound};

/// A position with a mate in two and none in one (engine/tests/answers.rs).
const MATE_IN_TWO: &str = "/27:j1/26:2e/23:k5/22:1Je4/21:3P4/20:1j5/19:4pe2/16:2RE3/15:2p5/14:2J4/13:3P4/12:p4p1/11:1v3PP1/10:4EE1/9:G2P4/8:1DE4/7:1jN5/6:5P1/5:3p2/2:N2/1:K1/ w -- - 0 134";

fn fresh() -> Engine {
    Engine::new(EngineOptions {
        hash_mb: 1,
        ..Default::default()
    })
}

#[test]
fn a_mate_limit_ends_the_search_at_the_mate() {
    let pos: Position = MATE_IN_TWO.parse().unwrap();
    let game = History::new(pos.clone());
    let limits = Limits {
        depth: Some(20),
        ..Limits::mate(2)
    };
    let r = fresh().search(&game, &limits, |_| {});
    assert_eq!(r.score, Score::Mate(2));
    assert!(r.depth < 20, "depth {}", r.depth);
    // A mate in one asked for: none is found, the search runs to its depth.
    let limits = Limits {
        depth: Some(4),
        ..Limits::mate(1)
    };
    let r = fresh().search(&game, &limits, |_| {});
    assert_eq!((r.depth, r.score), (4, Score::Mate(2)));
    // A mate limit alone: the search ends by itself once it has the mate.
    let r = fresh().search(&game, &Limits::mate(3), |_| {});
    assert_eq!(r.score, Score::Mate(2));
}

#[test]
fn root_moves_are_reported_in_search_order() {
    let pos = Position::default();
    let mut reports = Vec::new();
    let r = fresh().search(&History::default(), &Limits::depth(4), |i| {
        reports.push(i.clone())
    });
    let legal = pos.legal_moves().len();
    for depth in 1..=4 {
        let numbers: Vec<usize> = reports
            .iter()
            .filter_map(|i| match i {
                Info::CurrMove(c) if c.depth == depth => {
                    assert!(pos.legal_moves().contains(&c.mv));
                    Some(c.number)
                }
                _ => None,
            })
            .collect();
        // Each search of the root counts its moves from 1.
        assert_eq!(numbers.first(), Some(&1), "depth {depth}");
        assert!(numbers.iter().all(|&n| (1..=legal).contains(&n)));
        if depth == 1 {
            // The whole window at depth 1: every root move, once.
            assert_eq!(numbers, (1..=legal).collect::<Vec<_>>());
        }
    }
    // The completed lines: one per iteration, the table filling up.
    let lines: Vec<_> = reports.iter().filter_map(Info::completed_line).collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[3].pv, r.pv);
    assert!(lines.iter().all(|l| l.hashfull <= 1000));
    assert!(lines[3].hashfull > 0 && lines[3].hashfull >= lines[0].hashfull);
}

#[test]
fn a_line_outside_the_aspiration_window_is_reported_as_a_bound() {
    // Positions of random games searched until one fails high and one low.
    let (mut lower, mut upper) = (0, 0);
    for seed in 1..=40u64 {
        let game = cescacs_research::selfplay::random_game(&Position::default(), seed, 40)
            .history()
            .clone();
        let pos = game.position().clone();
        if pos.legal_moves().is_empty() {
            continue;
        }
        let mut bounds = Vec::new();
        fresh().search(&game, &Limits::depth(6), |i| {
            if let Info::Line(l) = i {
                if l.bound != ScoreBound::Exact {
                    bounds.push(l.clone());
                }
            }
        });
        for b in &bounds {
            // From depth 4 on (aspiration windows), the line's moves legal.
            assert!(b.depth >= 4 && b.multipv == 1);
            let mut p = pos.clone();
            for m in &b.pv {
                assert!(p.legal_moves().contains(m));
                p.play_unchecked(*m);
            }
            match b.bound {
                ScoreBound::Lower => lower += 1,
                _ => upper += 1,
            }
        }
        if lower > 0 && upper > 0 {
            break;
        }
    }
    assert!(lower > 0 && upper > 0, "lower {lower} upper {upper}");
}
