//! Seeded random play: games of uniformly random legal moves, for research
//! (self-play data, statistics of game lengths and mobility, stress tests).
//!
//! Nothing here is a rule: each game plays moves of the generator through
//! a [`History`] (or, for batches, a lighter record of the same game that
//! keeps no past positions), each drawn uniformly from the legal moves without
//! generating them all (rejection sampling over bounds of each piece's
//! moves: see `MoveGroups` in the move generator), and stops where the
//! rules end the game
//! (checkmate, stalemate, fivefold repetition, the 75-move rule,
//! insufficient material) or after `max_plies` moves. Game `i` of a run is
//! drawn from its own stream of a seeded generator, so a seed gives the same
//! games whatever the number of threads.
//!
//! ```
//! use cescacs_research::selfplay::RandomGames;
//!
//! let games = RandomGames::new(4).seed(7).max_plies(40).threads(2).run().unwrap();
//! assert_eq!(games.len(), 4);
//! assert!(games.iter().all(|g| g.len() <= 40));
//! // Same seed, same games, whatever the thread count.
//! assert_eq!(games, RandomGames::new(4).seed(7).max_plies(40).threads(1).run().unwrap());
//! ```

use std::sync::atomic::AtomicBool;

use cescacs::random::SplitMix64;
use cescacs::{Game, History, Interrupted, Move, MoveGroups, Position};

mod run;
mod walk;

pub(crate) use run::Plan;
pub(crate) use walk::Walk;

/// One game of random legal moves from `start`: the seed fixes it.
pub fn random_game(start: &Position, seed: u64, max_plies: usize) -> Game {
    random_game_with(start, seed, max_plies, &mut MoveGroups::new())
}

/// [`random_game`] with scratch space for the move generator.
fn random_game_with(start: &Position, seed: u64, max_plies: usize, moves: &mut MoveGroups) -> Game {
    let mut history = History::with_capacity(start.clone(), max_plies.min(1024));
    play_random(&mut history, seed, max_plies, moves);
    Game::from_history(history)
}

/// What the random-play loop needs of the game it extends: a [`History`]
/// for [`random_game`], a [`Walk`] for the batch self-play of
/// [`crate::dataset`]; one loop over both gives both the same games.
pub(crate) trait Track {
    /// The current position.
    fn position(&self) -> &Position;
    /// Moves played since the start.
    fn plies(&self) -> usize;
    /// Whether an automatic draw (fivefold repetition, 75-move rule,
    /// insufficient material) has been reached.
    fn drawn(&self) -> bool;
    /// Plays `m`, legal in the current position.
    fn play(&mut self, m: Move);
}

impl Track for History {
    fn position(&self) -> &Position {
        History::position(self)
    }

    fn plies(&self) -> usize {
        self.len()
    }

    fn drawn(&self) -> bool {
        self.draw_before_now().is_some()
    }

    fn play(&mut self, m: Move) {
        self.push_unchecked(m);
    }
}

/// Plays the random game of `seed` onto `game` (at its start): the one
/// loop behind [`random_game`] and the batch self-play of
/// [`crate::dataset`], so both give the same games. `moves` is scratch space.
pub(crate) fn play_random<T: Track>(
    game: &mut T,
    seed: u64,
    max_plies: usize,
    moves: &mut MoveGroups,
) {
    let mut rng = SplitMix64::new(seed);
    // One pass of the generator per ply answers both "has the game ended"
    // (no legal move: checkmate or stalemate; the automatic draws are kept
    // by the track) and "which move": `MoveGroups::choose` generates only
    // the pieces its draws land on, and returns `None` only when no move is
    // legal.
    while game.plies() < max_plies && !game.drawn() {
        let pos = game.position();
        pos.legal_move_groups_into(moves);
        let Some(m) = moves.choose(pos, |n| rng.below(n)) else {
            break;
        };
        game.play(m);
    }
}

/// A run of random games, built like [`cescacs::PerftJob`]: `n` games from the
/// initial position (or [`RandomGames::start`]), on all cores unless
/// [`RandomGames::threads`] says otherwise, stoppable by a flag.
#[derive(Clone, Copy)]
pub struct RandomGames<'a> {
    plan: Plan<'a>,
}

impl<'a> RandomGames<'a> {
    /// `n` games, seed 0, at most 300 plies each.
    pub fn new(n: usize) -> Self {
        RandomGames { plan: Plan::new(n) }
    }

    /// Start every game from `pos` instead of the initial position.
    pub fn start(mut self, pos: &'a Position) -> Self {
        self.plan.start = Some(pos);
        self
    }

    /// The run's seed (0 by default): game `i` is drawn from the stream
    /// of [`game_seed`](cescacs::random::game_seed)`(seed, i)`.
    pub fn seed(mut self, seed: u64) -> Self {
        self.plan.seed = seed;
        self
    }

    /// Stop each game after this many plies (unfinished, result `*`).
    pub fn max_plies(mut self, plies: usize) -> Self {
        self.plan.max_plies = plies;
        self
    }

    /// Number of worker threads; 0 (the default) means all available cores.
    pub fn threads(mut self, n: usize) -> Self {
        self.plan.threads = n;
        self
    }

    /// Stop early (with [`Interrupted`]) once `flag` is set; it is read
    /// before each block of a few games.
    pub fn cancel_flag(mut self, flag: &'a AtomicBool) -> Self {
        self.plan.cancel = Some(flag);
        self
    }

    /// The games, in index order.
    pub fn run(&self) -> Result<Vec<Game>, Interrupted> {
        let max_plies = self.plan.max_plies;
        let mut games = Vec::with_capacity(self.plan.n);
        let play = |moves: &mut MoveGroups, start: &Position, seed, block: &mut Vec<Game>| {
            block.push(random_game_with(start, seed, max_plies, moves));
        };
        self.plan.play(
            "random-game",
            |_| MoveGroups::new(),
            play,
            |block| games.extend(block),
        )?;
        Ok(games)
    }
}
