//! Strength levels: a weak level plays legal, varied moves; level 20 is
//! the plain search.

use std::collections::HashSet;

use cescacs::{History, Position};
use cescacs_engine::{Engine, EngineOptions, Limits, Skill, ERRING_NODES, SKILL_NODES};

fn engine(skill: Skill) -> Engine {
    Engine::new(EngineOptions {
        hash_mb: 1,
        skill,
        ..Default::default()
    })
}

#[test]
fn level_0_plays_legal_varied_first_moves() {
    let start = Position::default();
    let legal = start.legal_moves();
    let mut seen = HashSet::new();
    for seed in 0..24 {
        let r = engine(Skill::new(0).unwrap().with_seed(seed)).search(
            &History::default(),
            &Limits::default(),
            |_| {},
        );
        let m = r.best_move.expect("a move");
        assert!(legal.contains(&m), "seed {seed}: illegal {m:?}");
        assert_eq!(r.pv.first(), Some(&m));
        assert!(
            r.nodes <= ERRING_NODES || r.depth == 1,
            "seed {seed}: level 0 keeps to its budget ({} nodes, depth {})",
            r.nodes,
            r.depth
        );
        seen.insert(m);
    }
    // Level 0 chooses among four lines; over 24 seeds each is played.
    assert_eq!(seen.len(), 4, "level 0's distinct first moves: {seen:?}");
}

#[test]
fn level_20_is_the_plain_search_node_for_node() {
    let limits = Limits::depth(4);
    let plain = Engine::new(EngineOptions {
        hash_mb: 1,
        ..Default::default()
    })
    .search(&History::default(), &limits, |_| {});
    let full =
        engine(Skill::new(20).unwrap().with_seed(7)).search(&History::default(), &limits, |_| {});
    assert_eq!(
        (full.best_move, full.score, full.nodes, &full.pv),
        (plain.best_move, plain.score, plain.nodes, &plain.pv)
    );
}

#[test]
fn a_weak_level_is_reproducible_and_caps_its_search() {
    let limits = Limits::depth(30);
    let mut shown = Vec::new();
    let a = engine(Skill::new(5).unwrap().with_seed(3)).search(&History::default(), &limits, |i| {
        shown.extend(i.completed_line().map(|l| (l.depth, l.multipv)))
    });
    let b =
        engine(Skill::new(5).unwrap().with_seed(3)).search(&History::default(), &limits, |_| {});
    assert_eq!((a.best_move, a.nodes), (b.best_move, b.nodes));
    assert!(
        a.nodes <= ERRING_NODES,
        "depth {} nodes {}",
        a.depth,
        a.nodes
    );
    // It searches several lines to choose among, and shows only the one
    // line asked for (MultiPV 1): one report per iteration.
    assert_eq!(a.lines.len(), 1);
    assert_eq!(shown, (1..=a.depth).map(|d| (d, 1)).collect::<Vec<_>>());
    let four = Engine::new(EngineOptions {
        hash_mb: 1,
        multipv: 4,
        ..Default::default()
    })
    .search(&History::default(), &Limits::depth(a.depth), |_| {});
    assert!(a.nodes > four.nodes, "{} {}", a.nodes, four.nodes);
}

#[test]
fn a_weak_level_still_mates_in_one() {
    // Random play from the start until a position with a mate in one.
    let mut game = History::default();
    let mut seed = 1u64;
    loop {
        let pos = game.position().clone();
        let moves = pos.legal_moves();
        if moves.is_empty() {
            game = History::default();
            continue;
        }
        if moves.iter().any(|m| {
            let after = pos.after(*m);
            after.is_check() && after.legal_moves().is_empty()
        }) {
            break;
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        game.push_unchecked(moves[(seed >> 33) as usize % moves.len()]);
        if game.len() > 300 {
            game = History::default();
        }
    }
    for level in [0, 10] {
        let r = engine(Skill::new(level).unwrap()).search(&game, &Limits::default(), |_| {});
        let after = game.position().after(r.best_move.unwrap());
        assert!(
            after.is_check() && after.legal_moves().is_empty(),
            "level {level} missed the mate in one: {} nodes, depth {}, lines {:?}",
            r.nodes,
            r.depth,
            r.lines.iter().map(|l| l.score).collect::<Vec<_>>()
        );
    }
}

#[test]
fn a_level_above_7_is_its_node_budget_and_nothing_else() {
    // Level 12 plays the plain search's move at its budget: one line, no
    // random choice, whatever the seed.
    let plain = Engine::new(EngineOptions {
        hash_mb: 1,
        ..Default::default()
    })
    .search(&History::default(), &Limits::nodes(SKILL_NODES[12]), |_| {});
    for seed in 0..4 {
        let r = engine(Skill::new(12).unwrap().with_seed(seed)).search(
            &History::default(),
            &Limits::default(),
            |_| {},
        );
        assert_eq!(
            (r.best_move, r.score, r.nodes, &r.pv),
            (plain.best_move, plain.score, plain.nodes, &plain.pv),
            "seed {seed}"
        );
    }
}
