//! Exact results of the search: mates in one, games against a random mover.

use cescacs::random::SplitMix64;
use cescacs::{Color, History, Position, Termination};
use cescacs_engine::{Engine, EngineOptions, Limits, Score};
use cescacs_research::selfplay::RandomGames;

/// The positions before the mating move of the first `n` random games (by
/// seed) that ended in checkmate.
fn mate_in_one_positions(n: usize) -> Vec<Position> {
    let mut out = Vec::new();
    let mut seed = 0;
    while out.len() < n {
        let games = RandomGames::new(200)
            .seed(seed)
            .max_plies(400)
            .threads(2)
            .run()
            .unwrap();
        for g in games {
            let h = g.history();
            if h.outcome()
                .is_some_and(|o| o.termination == Termination::Checkmate)
                && out.len() < n
            {
                out.push(h.position_at(h.len() - 1).unwrap().clone());
            }
        }
        seed += 1;
    }
    out
}

#[test]
fn every_mate_in_one_of_fifty_random_games_is_found_at_depth_2() {
    let positions = mate_in_one_positions(50);
    assert_eq!(positions.len(), 50);
    for pos in positions {
        let mut engine = Engine::new(EngineOptions {
            hash_mb: 1,
            ..Default::default()
        });
        let r = engine.search(&History::new(pos.clone()), &Limits::depth(2), |_| {});
        let m = r.best_move.expect("a move");
        assert!(
            pos.after(m).is_checkmate(),
            "{} is not mate in {}",
            pos.ctl(&m),
            pos.to_pdtl()
        );
        assert_eq!(r.score, Score::Mate(1), "{}", pos.to_pdtl());
    }
}

#[test]
fn depth_3_wins_every_game_against_a_random_mover() {
    let mut engine = Engine::new(EngineOptions {
        hash_mb: 4,
        ..Default::default()
    });
    for game in 0..20u64 {
        let engine_side = if game % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut rng = SplitMix64::new(game);
        let mut h = History::default();
        engine.new_game();
        while h.outcome().is_none() && h.len() < 400 {
            let m = if h.position().turn() == engine_side {
                engine
                    .search(&h, &Limits::depth(3), |_| {})
                    .best_move
                    .unwrap()
            } else {
                let moves = h.position().legal_moves();
                moves[rng.below(moves.len())]
            };
            h.push_unchecked(m);
        }
        let outcome = h.outcome();
        assert_eq!(
            outcome.and_then(|o| o.winner),
            Some(engine_side),
            "game {game}: {outcome:?} after {} plies",
            h.len()
        );
    }
}
