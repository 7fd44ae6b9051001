//! One game as a reinforcement-learning environment steps it: a position,
//! its legal moves by move index ([`crate::encode`]), and the end of the
//! game by the rules, in memory that does not grow with the game's length.
//!
//! A [`History`](cescacs::History) keeps every move of a game with its
//! repetition hash and count (24 bytes a ply, and about 470 more once a
//! position before the last is asked for), memory that grows with the game,
//! which thousands of environments running long games cannot afford. An episode keeps the current position and, for repetition, the
//! hashes of the positions since the last pawn move or capture (a
//! bounded number: the 75-move rule ends the game after 150): the window `History`
//! searches too (a position cannot recur across a move that
//! cannot be undone), so both count repetitions alike. The end of the game
//! is decided by the same functions as `History`'s: [`Position::outcome`]
//! for checkmate and stalemate, `automatic_draw` for the automatic draws
//! (RULES.md §6).
//!
//! ```
//! use cescacs_research::episode::Episode;
//! use cescacs_research::encode::action_index;
//! use cescacs::{Position, Termination};
//!
//! let mut ep = Episode::new(Position::default());
//! assert_eq!(ep.legal_actions().len(), 68);
//! // Knights out and back: the initial position occurs for the fifth time
//! // after 16 plies, an automatic draw.
//! let mut outcome = None;
//! for _ in 0..4 {
//!     for m in ["NG3-I7", "NG25-I21", "NI7-G3", "NI21-G25"] {
//!         let mv = ep.position().parse_ctl(m).unwrap();
//!         outcome = ep.step(action_index(mv.id()).unwrap()).unwrap();
//!     }
//! }
//! assert_eq!(outcome.unwrap().termination, Termination::FivefoldRepetition);
//! assert!(ep.step(0).is_err()); // the game is over
//! ep.reset();
//! assert_eq!((ep.plies(), ep.outcome()), (0, None));
//! ```

use crate::encode::move_index;
use cescacs::{Move, MoveList, Outcome, Position, RecentHashes};

/// Why [`Episode::step`] refused an action; the episode is unchanged.
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum StepError {
    /// The action is not the index of a legal move of the position.
    #[error("action {0} is not a legal move here")]
    IllegalAction(usize),
    /// The game has ended; reset the episode first.
    #[error("the game is over ({0})")]
    GameOver(Outcome),
}

/// A game in progress from a fixed start (see the module documentation).
#[derive(Clone, Debug)]
pub struct Episode {
    start: Position,
    position: Position,
    /// The positions since the last pawn move or capture, for repetition.
    recent: RecentHashes,
    moves: MoveList,
    /// `actions[k]` is the move index of `moves[k]`.
    actions: Vec<u16>,
    plies: usize,
    outcome: Option<Outcome>,
}

impl Episode {
    /// A game from `start` with no move played (it may already be over:
    /// a start without legal moves, or one of the automatic draws).
    pub fn new(start: Position) -> Episode {
        let mut ep = Episode {
            position: start.clone(),
            start,
            recent: RecentHashes::default(),
            moves: MoveList::new(),
            actions: Vec::new(),
            plies: 0,
            outcome: None,
        };
        ep.reset();
        ep
    }

    /// Back to the start.
    pub fn reset(&mut self) {
        self.position.clone_from(&self.start);
        self.recent.clear();
        self.plies = 0;
        self.arrive();
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Moves played since the start (or the last reset).
    pub fn plies(&self) -> usize {
        self.plies
    }

    /// How the game ended by the rules, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The move index of every legal move, in the generator's order; empty
    /// once the game is over.
    pub fn legal_actions(&self) -> &[u16] {
        &self.actions
    }

    /// Plays the legal move with move index `action` and returns how the
    /// game ended with it, if it did. An action that is not a legal move,
    /// or any action once the game is over, is an error that changes
    /// nothing.
    pub fn step(&mut self, action: usize) -> Result<Option<Outcome>, StepError> {
        let k = self.find(action)?;
        Ok(self.play_nth(k))
    }

    /// Plays the `k`-th legal move (`legal_actions()[k]`), as
    /// [`Episode::step`] does; `None` (nothing changed) if there is no such
    /// move. For callers that choose by place in the list (a sampled
    /// policy, or a batch that checked its actions with [`Episode::find`]).
    pub fn step_nth(&mut self, k: usize) -> Option<Option<Outcome>> {
        (k < self.actions.len()).then(|| self.play_nth(k))
    }

    fn play_nth(&mut self, k: usize) -> Option<Outcome> {
        self.position.play_unchecked(self.moves[k]);
        self.plies += 1;
        self.arrive();
        self.outcome
    }

    /// Where `action` is among the legal moves (the check [`Episode::step`]
    /// makes before it changes anything).
    pub fn find(&self, action: usize) -> Result<usize, StepError> {
        if let Some(o) = self.outcome {
            return Err(StepError::GameOver(o));
        }
        self.actions
            .iter()
            .position(|&a| usize::from(a) == action)
            .ok_or(StepError::IllegalAction(action))
    }

    /// Records the position just reached: its repetition count, legal
    /// moves and the end of the game (RULES.md §6 order: mate and stalemate
    /// first, then the automatic draws).
    fn arrive(&mut self) {
        let repetitions = self.recent.arrive(&self.position);
        self.position.legal_moves_into(&mut self.moves);
        self.outcome = if self.moves.is_empty() {
            self.position.outcome()
        } else {
            self.position.automatic_draw(repetitions)
        };
        self.actions.clear();
        if self.outcome.is_none() {
            let index = |m: &Move| move_index(m) as u16;
            self.actions.extend(self.moves.iter().map(index));
        }
    }
}
