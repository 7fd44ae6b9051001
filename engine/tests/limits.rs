//! The search's limits and its determinism.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use cescacs::{History, Position};
use cescacs_engine::{Engine, EngineOptions, Limits, MAX_PLY};

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
        let a = Engine::new(Default::default()).search_position(&pos, &Limits::depth(4));
        let mut engine = Engine::new(Default::default());
        // A used engine after new_game behaves like a fresh one.
        engine.search_position(&Position::default(), &Limits::depth(3));
        engine.new_game();
        let b = engine.search_position(&pos, &Limits::depth(4));
        assert_eq!((a.best_move, a.score, &a.pv, a.depth, a.nodes), (b.best_move, b.score, &b.pv, b.depth, b.nodes));
        assert_eq!(a.depth, 4);
        assert!(a.nodes > 1000);
    }
}

#[test]
fn the_node_limit_is_exact_on_one_thread() {
    for limit in [1, 100, 5_000, 50_000] {
        let r = Engine::new(Default::default()).search_position(&Position::default(), &Limits::nodes(limit));
        assert_eq!(r.nodes, limit);
        assert!(r.best_move.is_some());
    }
}

#[test]
fn the_stop_flag_stops_an_infinite_search_from_another_thread() {
    for threads in [1, 2] {
        let stop = Arc::new(AtomicBool::new(false));
        let limits = Limits::default().with_stop(stop.clone());
        let setter = {
            let stop = stop.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(200));
                stop.store(true, Ordering::Relaxed);
            })
        };
        let start = Instant::now();
        let r = Engine::new(EngineOptions { threads, ..Default::default() }).search_position(&Position::default(), &Limits { ..limits });
        setter.join().unwrap();
        assert!(start.elapsed() >= Duration::from_millis(200));
        assert!(start.elapsed() < Duration::from_secs(20), "{:?}", start.elapsed());
        assert!(r.best_move.is_some());
        assert!(r.depth >= 1 && (r.depth as usize) < MAX_PLY);
    }
}

#[test]
fn the_time_limit_ends_the_search() {
    let start = Instant::now();
    let r = Engine::new(Default::default()).search_position(&Position::default(), &Limits::time(Duration::from_millis(300)));
    assert!(start.elapsed() >= Duration::from_millis(300));
    assert!(start.elapsed() < Duration::from_secs(10));
    assert!(r.best_move.is_some());
}

#[test]
fn self_play_plays_legal_moves_with_the_table_kept_between_moves() {
    let mut h = History::default();
    let mut engine = Engine::new(Default::default());
    for _ in 0..6 {
        let r = engine.search(&h, &Limits::depth(2));
        let m = r.best_move.unwrap();
        assert!(h.position().legal_moves().contains(&m));
        h.push(m).unwrap();
    }
}

#[test]
fn an_engine_abstaining_from_the_kings_gaits_never_plays_them() {
    use cescacs::MoveKind;
    use cescacs_engine::Abstain;
    // White has the five King's Leaps and all 24 castlings (RULES.md §8).
    let pos: Position = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1".parse().unwrap();
    let abstain = Abstain { king_leaps: true, castling: true };
    for depth in 1..=3 {
        let r = Engine::new(EngineOptions { abstain, ..Default::default() }).search_position(&pos, &Limits::depth(depth));
        let m = r.best_move.unwrap();
        assert!(!matches!(m.kind(), MoveKind::KingLeap | MoveKind::Castling(_)), "{}", pos.ctl(&m));
        assert!(r.pv.iter().step_by(2).all(|m| !matches!(m.kind(), MoveKind::KingLeap | MoveKind::Castling(_))));
    }
}
