//! One side of a match: how deep it searches, its engine's options and the
//! gaits it abstains from.

use cescacs::History;
use cescacs_engine::{Engine, EngineOptions, Limits};

use crate::abstain::Abstain;

/// One side of a match.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Search depth of every move, in plies.
    pub depth: u32,
    /// The engine's options (a match searches on one thread per game).
    pub options: EngineOptions,
    /// The King's gaits this player never chooses.
    pub abstain: Abstain,
}

impl Player {
    /// A player searching to `depth` with `options`, abstaining from nothing.
    pub fn new(depth: u32, options: EngineOptions) -> Player {
        Player {
            depth,
            options,
            abstain: Abstain::default(),
        }
    }

    /// The limits of this player's search from `game`'s current position:
    /// its depth, and the root moves its abstaining leaves.
    pub fn limits(&self, game: &History) -> Limits {
        self.restrict(game, Limits::depth(self.depth))
    }

    /// `limits` with the root moves this player's abstaining leaves from
    /// `game`'s current position.
    pub fn restrict(&self, game: &History, limits: Limits) -> Limits {
        match self.abstain.root_moves(game.position()) {
            Some(moves) => limits.with_search_moves(moves),
            None => limits,
        }
    }

    /// This player's engine: its options on one search thread.
    pub fn engine(&self) -> Engine {
        Engine::new(EngineOptions {
            threads: 1,
            ..self.options
        })
    }
}
