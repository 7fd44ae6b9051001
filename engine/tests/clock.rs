//! Games on the clock: the time manager's limits keep the engine inside
//! its time, and pondering holds the clock until it ends.

use std::time::{Duration, Instant};

use cescacs::{Color, History};
use cescacs_engine::{Engine, EngineOptions, Limits};

/// Plays `plies` plies of self-play with both clocks starting at `start`
/// and `inc` added after each move, charging each search its wall time
/// (at least a millisecond left: how long a search takes depends on the
/// machine's load, so the time manager's limits are checked by
/// arithmetic in `timeman`'s tests and by timed matches, never here);
/// every search answers with a move searched to depth 1 or more.
fn play_on_the_clock(start: Duration, inc: Duration, plies: usize) -> usize {
    let mut engine = Engine::new(EngineOptions {
        hash_mb: 8,
        ..Default::default()
    });
    let mut h = History::default();
    let mut clocks = [start, start];
    while h.outcome().is_none() && h.len() < plies {
        let limits = Limits::clock(clocks[0], clocks[1], inc, inc);
        let side = match h.position().turn() {
            Color::White => 0,
            Color::Black => 1,
        };
        let t = Instant::now();
        let r = engine.search(&h, &limits, |_| {});
        clocks[side] = clocks[side]
            .saturating_sub(t.elapsed())
            .max(Duration::from_millis(1))
            + inc;
        assert!(r.depth >= 1, "ply {}: depth {}", h.len(), r.depth);
        h.push(r.best_move.unwrap()).unwrap();
    }
    h.len()
}

#[test]
fn a_game_at_two_seconds_and_10_ms_a_move_answers_every_move() {
    // Faster than 1 minute + 0.01 s: the same manager, a tighter clock.
    assert_eq!(
        play_on_the_clock(Duration::from_secs(2), Duration::from_millis(10), 60),
        60
    );
}

#[test]
fn a_nearly_empty_clock_still_answers_with_a_searched_move() {
    // The clock's hard limit may end depth 1, once a root move is searched
    // in full: the answer is the best of those searched, with its score.
    let h = History::default();
    let full = Engine::new(Default::default()).search(&h, &Limits::depth(1), |_| {});
    for left in [0, 1, 5, 20] {
        let limits = Limits::clock(
            Duration::from_millis(left),
            Duration::from_millis(left),
            Duration::ZERO,
            Duration::ZERO,
        );
        let r = Engine::new(Default::default()).search(&h, &limits, |_| {});
        assert!(
            r.best_move.is_some() && r.pv.first() == r.best_move.as_ref(),
            "{left} ms: {r:?}"
        );
        assert!(r.depth >= 1 || r.nodes < full.nodes, "{left} ms: {r:?}");
    }
}

#[test]
fn the_clock_of_the_side_to_move_is_used() {
    // White with 10 ms, Black with an hour, to depth 5: White's search
    // stops early, Black's reaches the depth.
    let clock = Limits::clock(
        Duration::from_millis(10),
        Duration::from_secs(3600),
        Duration::ZERO,
        Duration::ZERO,
    );
    let limits = Limits {
        depth: Some(5),
        ..clock
    };
    let mut h = History::default();
    let white = Engine::new(Default::default()).search(&h, &limits, |_| {});
    assert!(white.depth < 5, "{white:?}");
    h.push_ctl("E7-E13").unwrap();
    let black = Engine::new(Default::default()).search(&h, &limits, |_| {});
    assert_eq!(black.depth, 5);
}

#[test]
fn pondering_holds_the_clock_until_ponderhit() {
    let limits = Limits::clock(
        Duration::from_millis(50),
        Duration::from_millis(50),
        Duration::ZERO,
        Duration::ZERO,
    );
    let mut engine = Engine::new(Default::default());
    let control = engine.control();
    control.reset(true);
    let hit = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(400));
        control.ponderhit();
        Instant::now()
    });
    let start = Instant::now();
    let r = engine.search(&History::default(), &limits, |_| {});
    let end = Instant::now();
    let hit_at = hit.join().unwrap();
    // A 50 ms clock would have ended it at once; it searched until the
    // ponderhit, and then stopped at once: the clock counts from the
    // search's start, as from `go ponder`, so its 40 ms were long spent.
    assert!(end >= hit_at, "{:?}", end - start);
    assert!(
        end - hit_at < Duration::from_millis(500),
        "{:?}",
        end - hit_at
    );
    assert!(r.best_move.is_some() && r.depth >= 2);
}
