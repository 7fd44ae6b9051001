//! The search with the network: its accumulators follow the line searched
//! (the evaluator checks every incremental evaluation against one from
//! scratch when debug assertions are on, as in the tests).

use cescacs::History;
use cescacs_engine::{Engine, EngineOptions, Limits};

#[test]
fn a_search_with_the_network_keeps_its_accumulators_in_step() {
    let mut engine = Engine::new(EngineOptions {
        use_nnue: true,
        ..EngineOptions::default()
    });
    let mut game = History::default();
    for _ in 0..12 {
        let r = engine.search(&game, &Limits::depth(4), |_| {});
        let Some(m) = r.best_move else { break };
        game.push_unchecked(m);
    }
    assert_eq!(game.len(), 12);
}

#[test]
fn a_search_with_a_bucketed_network_keeps_its_accumulators_in_step() {
    // King buckets: a King that changes bucket (a step or leap searched
    // at any node) has its side's accumulator summed anew; the
    // evaluator's debug check compares every node with one from scratch.
    let mut engine = Engine::new(EngineOptions {
        use_nnue: true,
        ..EngineOptions::default()
    });
    let net = cescacs_engine::nnue::Network::seeded_bucketed(16, 8, 6, 3)
        .with_base(cescacs_engine::nnue::Base::HandWritten);
    engine.set_network(std::sync::Arc::new(net));
    let mut game = History::default();
    for _ in 0..16 {
        let r = engine.search(&game, &Limits::depth(3), |_| {});
        let Some(m) = r.best_move else { break };
        game.push_unchecked(m);
    }
    assert_eq!(game.len(), 16);
}
