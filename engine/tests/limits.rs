//! The search's limits and its determinism.

use std::time::{Duration, Instant};

use cescacs::{History, Move, Position};
use cescacs_engine::{Engine, EngineOptions, Limits, Score, MAX_PLY};

fn positions() -> Vec<Position> {
    let mut h = History::default();
    let mut out = vec![h.position().clone()];
    // Five plies, each the legal move at a fixed index of the generator's list.
    for i in [11, 40, 3, 27, 60] {
        let moves = h.position().legal_moves();
        h.push_unchecked(moves[i % moves.len()]);
        out.push(h.position().clone());
    }
    out
}

#[test]
fn a_fixed_depth_search_on_one_thread_is_deterministic() {
    for pos in positions() {
        let a = Engine::new(Default::default()).search(
            &History::new(pos.clone()),
            &Limits::depth(4),
            |_| {},
        );
        let mut engine = Engine::new(Default::default());
        // A used engine after new_game behaves like a fresh one.
        engine.search(&History::default(), &Limits::depth(3), |_| {});
        engine.new_game();
        let b = engine.search(&History::new(pos.clone()), &Limits::depth(4), |_| {});
        assert_eq!(
            (a.best_move, a.score, &a.pv, a.depth, a.nodes),
            (b.best_move, b.score, &b.pv, b.depth, b.nodes)
        );
        assert_eq!(a.depth, 4);
        assert!(a.nodes > 1000);
    }
}

#[test]
fn the_node_limit_is_exact_on_one_thread() {
    for limit in [1, 100, 5_000, 50_000] {
        let r = Engine::new(Default::default()).search(
            &History::default(),
            &Limits::nodes(limit),
            |_| {},
        );
        assert_eq!(r.nodes, limit);
        assert!(r.best_move.is_some());
    }
}

#[test]
fn the_stop_flag_stops_an_infinite_search_from_another_thread() {
    for threads in [1, 2] {
        let mut engine = Engine::new(EngineOptions {
            threads,
            ..Default::default()
        });
        let setter = {
            let control = engine.control();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(200));
                control.stop();
            })
        };
        let start = Instant::now();
        let r = engine.search(&History::default(), &Limits::default(), |_| {});
        setter.join().unwrap();
        assert!(start.elapsed() >= Duration::from_millis(200));
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{:?}",
            start.elapsed()
        );
        assert!(r.best_move.is_some());
        assert!(r.depth >= 1 && (r.depth as usize) < MAX_PLY);
    }
}

#[test]
fn the_time_limit_ends_the_search() {
    let start = Instant::now();
    let r = Engine::new(Default::default()).search(
        &History::default(),
        &Limits::time(Duration::from_millis(300)),
        |_| {},
    );
    assert!(start.elapsed() >= Duration::from_millis(300));
    assert!(start.elapsed() < Duration::from_secs(10));
    assert!(r.best_move.is_some());
}

#[test]
fn self_play_plays_legal_moves_with_the_table_kept_between_moves() {
    let mut h = History::default();
    let mut engine = Engine::new(Default::default());
    for _ in 0..6 {
        let r = engine.search(&h, &Limits::depth(2), |_| {});
        let m = r.best_move.unwrap();
        assert!(h.position().legal_moves().contains(&m));
        h.push(m).unwrap();
    }
}

#[test]
fn searchmoves_restricts_the_best_move_to_the_listed_root_moves() {
    // White's best move at depth 3 is the Rook's C3-C25; listed without it,
    // the best of the others is played, and a list that keeps it finds it.
    let pos: Position = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1".parse().unwrap();
    let search = |limits: &Limits| {
        Engine::new(Default::default()).search(&History::new(pos.clone()), limits, |_| {})
    };
    let free = search(&Limits::depth(3));
    let best = free.best_move.unwrap();
    assert_eq!(best.long(), "C3-C25");
    let others: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|&m| m != best)
        .collect();
    let without = search(&Limits::depth(3).with_search_moves(others.clone()));
    let m = without.best_move.unwrap();
    assert!(others.contains(&m) && m != best, "{}", pos.ctl(&m));
    // No better than the free choice (an equal alternative may exist).
    if let (Score::Cp(restricted), Score::Cp(all)) = (without.score, free.score) {
        assert!(restricted <= all, "{restricted} > {all}");
    }
    assert_eq!(without.pv.first(), Some(&m));
    // Two moves listed: the search chooses between them only.
    let pair = vec![others[0], others[1]];
    let r = search(&Limits::depth(3).with_search_moves(pair.clone()));
    assert!(pair.contains(&r.best_move.unwrap()));
    // The listed move that is best, among others.
    let r = search(&Limits::depth(3).with_search_moves(vec![others[0], best, others[1]]));
    assert_eq!((r.best_move, r.score), (Some(best), free.score));
    // One move: it is the answer even when no iteration completes.
    let r = search(&Limits::nodes(1).with_search_moves(vec![others[5]]));
    assert_eq!(r.best_move, Some(others[5]));
    // No listed move is legal here: every legal move is searched.
    let elsewhere = Position::default().legal_moves()[0];
    assert!(!pos.legal_moves().contains(&elsewhere));
    let r = search(&Limits::depth(3).with_search_moves(vec![elsewhere]));
    assert_eq!(
        (r.best_move, r.score, r.nodes),
        (free.best_move, free.score, free.nodes)
    );
}

#[test]
fn listing_every_root_move_is_the_same_search_as_listing_none() {
    // Every root move listed: the same search as without a list.
    for pos in positions() {
        let free = Engine::new(Default::default()).search(
            &History::new(pos.clone()),
            &Limits::depth(3),
            |_| {},
        );
        let all = Limits::depth(3).with_search_moves(pos.legal_moves().to_vec());
        let listed =
            Engine::new(Default::default()).search(&History::new(pos.clone()), &all, |_| {});
        assert_eq!(
            (free.best_move, free.score, &free.pv, free.nodes),
            (listed.best_move, listed.score, &listed.pv, listed.nodes)
        );
    }
}
