//! MultiPV: the best N root moves, each with its own score and PV, best
//! first, reported line by line after each iteration.

use cescacs::{History, Move, Position};
use cescacs_engine::{Engine, EngineOptions, Limits, Score};

/// A position from a random game where White mates in one (engine/tests/answers.rs).
const RUNAWAY: &str = "/28:j/27:vj/24:3ep/23:1p4/22:2e3k/21:4e1p1/20:1p1e1P1/19:1p2p3/18:4G2/17:2n5/16:5P1/15:5n2/14:1r2p2/12:6d/11:1E1pj2R/10:2P2P1/9:3PE1D1/8:1P5/7:3P1E2/6:2p2g1/4:2J2/3:3R/2:1J1/0:K/ w -- - 6 82";

fn fresh() -> Engine {
    lines(1)
}

/// A fresh engine finding `multipv` root lines.
fn lines(multipv: usize) -> Engine {
    Engine::new(EngineOptions {
        hash_mb: 4,
        multipv,
        ..Default::default()
    })
}

/// A score as a number that orders as the engine orders scores.
fn rank(s: Score) -> i64 {
    match s {
        Score::Cp(c) => i64::from(c),
        Score::Mate(n) if n > 0 => 1_000_000 - i64::from(n),
        Score::Mate(n) => -1_000_000 - i64::from(n),
    }
}

#[test]
fn one_line_is_the_plain_search() {
    let r = fresh().search(&History::default(), &Limits::depth(3), |_| {});
    assert_eq!(r.lines.len(), 1);
    assert_eq!((r.lines[0].score, &r.lines[0].pv), (r.score, &r.pv));
}

#[test]
fn at_depth_1_every_line_scores_its_move_alone() {
    // At depth 1 a root move's score does not depend on the table, so each
    // line's score is that of a search restricted to its move.
    for pos in [Position::default(), RUNAWAY.parse().unwrap()] {
        let legal = pos.legal_moves().len();
        let r = lines(500).search(&History::new(pos.clone()), &Limits::depth(1), |_| {});
        assert_eq!(r.lines.len(), legal);
        let mut firsts: Vec<Move> = r.lines.iter().map(|l| l.pv[0]).collect();
        firsts.dedup();
        assert_eq!(firsts.len(), legal, "distinct root moves");
        for pair in r.lines.windows(2) {
            assert!(
                rank(pair[0].score) >= rank(pair[1].score),
                "{:?} before {:?}",
                pair[0].score,
                pair[1].score
            );
        }
        for line in r.lines.iter().step_by(7) {
            let alone = fresh().search(
                &History::new(pos.clone()),
                &Limits::depth(1).with_search_moves(vec![line.pv[0]]),
                |_| {},
            );
            assert_eq!(alone.score, line.score, "{}", pos.ctl(&line.pv[0]));
        }
        assert_eq!(
            (r.best_move, r.score),
            (Some(r.lines[0].pv[0]), r.lines[0].score)
        );
    }
}

#[test]
fn three_lines_are_distinct_ordered_and_reported_per_iteration() {
    let pos: Position = RUNAWAY.parse().unwrap();
    let mut infos = Vec::new();
    let r = lines(3).search(&History::new(pos.clone()), &Limits::depth(3), |i| {
        infos.extend(i.completed_line().cloned())
    });
    assert_eq!(r.lines.len(), 3);
    assert_eq!(r.lines[0].score, Score::Mate(1));
    assert!(pos.after(r.lines[0].pv[0]).is_checkmate());
    assert!(
        r.lines[0].pv[0] != r.lines[1].pv[0]
            && r.lines[1].pv[0] != r.lines[2].pv[0]
            && r.lines[0].pv[0] != r.lines[2].pv[0]
    );
    assert!(
        rank(r.lines[0].score) >= rank(r.lines[1].score)
            && rank(r.lines[1].score) >= rank(r.lines[2].score)
    );
    // Each line's PV is a line of legal moves.
    for line in &r.lines {
        let mut p = pos.clone();
        for m in &line.pv {
            assert!(p.legal_moves().contains(m));
            p.play_unchecked(*m);
        }
    }
    let seen: Vec<(u32, usize)> = infos.iter().map(|i| (i.depth, i.multipv)).collect();
    assert_eq!(
        seen,
        [
            (1, 1),
            (1, 2),
            (1, 3),
            (2, 1),
            (2, 2),
            (2, 3),
            (3, 1),
            (3, 2),
            (3, 3)
        ]
    );
    let last: Vec<_> = infos[6..].iter().map(|i| (i.score, i.pv.clone())).collect();
    assert_eq!(
        last,
        r.lines
            .iter()
            .map(|l| (l.score, l.pv.clone()))
            .collect::<Vec<_>>()
    );
}

#[test]
fn lines_stop_at_the_root_moves_and_searchmoves() {
    let pos = Position::default();
    let some: Vec<Move> = pos.legal_moves().into_iter().take(2).collect();
    let r = lines(5).search(
        &History::new(pos.clone()),
        &Limits::depth(2).with_search_moves(some.clone()),
        |_| {},
    );
    assert_eq!(r.lines.len(), 2);
    assert!(r.lines.iter().all(|l| some.contains(&l.pv[0])));
    // A node limit inside the second iteration keeps a full set of lines.
    let r = lines(3).search(&History::new(pos.clone()), &Limits::nodes(3000), |_| {});
    assert_eq!(r.lines.len(), 3, "{r:?}");
    assert_eq!(r.best_move, Some(r.lines[0].pv[0]));
}
