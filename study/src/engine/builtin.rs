//! The built-in engine as a side of a match: its engine on one search
//! thread, and the one place the study crate asks it for a move (its
//! side's bounds, a share of its clock, the root moves its abstaining
//! leaves).

use std::time::Duration;

use cescacs::{Color, History, Move};
use cescacs_engine::{Engine, EngineOptions, Score};

use crate::engine::abstain::Abstain;
use crate::r#match::Clocks;
use crate::side::Limits;

/// The built-in engine with `options` on one search thread.
pub(crate) fn new_engine(options: &EngineOptions) -> Engine {
    Engine::new(EngineOptions {
        threads: 1,
        ..*options
    })
}

/// The engine's move and score (its own view) in `game`'s position,
/// within `limits` and, under a clock without a `movetime`, a share of
/// its time left: a twenty-fifth of it (or of the moves to go, when fewer)
/// and three quarters of the increment, at most half of it; never a
/// gait `abstain` forbids unless it has nothing else.
pub(crate) fn best_move(
    engine: &mut Engine,
    abstain: &Abstain,
    limits: &Limits,
    clocks: Option<&Clocks>,
    game: &History,
) -> (Option<Move>, Score) {
    let side = game.position().turn();
    let budget = clocks.map(|c| share(c, side));
    let mut search = cescacs_engine::Limits {
        depth: limits.depth,
        nodes: limits.nodes,
        time: limits.movetime.or(budget),
        ..cescacs_engine::Limits::default()
    };
    if let Some(moves) = abstain.root_moves(game.position()) {
        search = search.with_search_moves(moves);
    }
    let result = engine.search(game, &search, |_| {});
    (result.best_move, result.score)
}

/// The time the built-in engine gives itself for a move under `clocks`.
fn share(clocks: &Clocks, side: Color) -> Duration {
    let left = clocks.left(side);
    let moves = clocks.moves_to_go(side).map_or(25, |n| n.clamp(1, 25));
    (left / moves + clocks.time_control(side).increment * 3 / 4)
        .min(left / 2)
        .max(Duration::from_millis(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r#match::TimeControl;

    #[test]
    fn the_clock_share_is_a_twenty_fifth_or_the_moves_to_go() {
        let tc = TimeControl::parse("10+0.4").unwrap();
        let c = Clocks::new(tc, TimeControl::parse("4/10").unwrap());
        assert_eq!(share(&c, Color::White), Duration::from_millis(700));
        // Four moves to go: a quarter of 10 s.
        assert_eq!(share(&c, Color::Black), Duration::from_millis(2500));
    }
}
