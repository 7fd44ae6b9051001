//! Games of uniformly random legal moves for the tests: the rules' random
//! move ([`MoveGroups::choose`]) played until the rules end the game or
//! `max_plies` moves, each game's moves drawn from `SplitMix64::new(seed)`
//! (the games `cescacs_research::selfplay::random_game` plays).

use cescacs::random::SplitMix64;
use cescacs::{Game, History, MoveGroups, Position};

/// The random game of `seed` from `start`, at most `max_plies` moves.
pub fn random_game(start: &Position, seed: u64, max_plies: usize) -> Game {
    let (mut h, mut groups, mut rng) = (
        History::new(start.clone()),
        MoveGroups::new(),
        SplitMix64::new(seed),
    );
    while h.len() < max_plies && h.draw_before_now().is_none() {
        h.position().legal_move_groups_into(&mut groups);
        let Some(m) = groups.choose(h.position(), |n| rng.below(n)) else {
            break;
        };
        h.push_unchecked(m);
    }
    Game::from_history(h)
}
