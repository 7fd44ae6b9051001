//! A random game as batch self-play keeps it: the current position, the
//! moves played (as move indices) and, for repetition, the hashes of the
//! positions since the last pawn move or capture, which is all that
//! decides the end of the game. A [`History`](cescacs::History) keeps every
//! move with its hash and count, and replays every position when one is
//! asked for, which a batch never needs.
//!
//! Repetitions are counted over the window `History` searches (a position
//! cannot recur across a move that cannot be undone) and the game ends by
//! the same functions (`automatic_draw`, then checkmate or stalemate first
//! at the last ply), so a walk and a history of the same moves end alike
//! (the tests below play thousands of games both ways).

use super::Track;
use crate::encode::move_index;
use cescacs::{Move, Outcome, Position, RecentHashes, Termination};

#[derive(Clone, Debug)]
pub(crate) struct Walk {
    position: Position,
    /// Repetition hash and occurrence count of each position since the
    /// last pawn move or capture (or the start), the current one last.
    recent: RecentHashes,
    /// The move index of each move played.
    moves: Vec<u16>,
    /// The first automatic draw reached (the game's last position then).
    draw: Option<Outcome>,
}

impl Walk {
    /// A walk at `start`, with no move played.
    pub(crate) fn new(start: &Position) -> Walk {
        let mut walk = Walk {
            position: start.clone(),
            recent: RecentHashes::default(),
            moves: Vec::new(),
            draw: None,
        };
        walk.reset(start);
        walk
    }

    /// Back to `start`, keeping the memory.
    pub(crate) fn reset(&mut self, start: &Position) {
        self.position.clone_from(start);
        self.recent.clear();
        self.moves.clear();
        self.draw = None;
        self.arrive();
    }

    /// The move indices played, oldest first.
    pub(crate) fn moves(&self) -> &[u16] {
        &self.moves
    }

    /// How the game ended by the rules, if it has: as [`History::outcome`]
    /// for a game that stopped at its first automatic draw (checkmate and
    /// stalemate come first at the same position, RULES.md §6).
    ///
    /// [`History::outcome`]: cescacs::History::outcome
    pub(crate) fn outcome(&self) -> Option<Outcome> {
        let no_move = self.position.outcome().filter(|o| {
            matches!(
                o.termination,
                Termination::Checkmate | Termination::Stalemate
            )
        });
        no_move.or(self.draw)
    }

    /// Counts the repetitions of the position just reached and notes an
    /// automatic draw there.
    fn arrive(&mut self) {
        let repetitions = self.recent.arrive(&self.position);
        if self.draw.is_none() {
            self.draw = self.position.automatic_draw(repetitions);
        }
    }
}

impl Track for Walk {
    fn position(&self) -> &Position {
        &self.position
    }

    fn plies(&self) -> usize {
        self.moves.len()
    }

    fn drawn(&self) -> bool {
        self.draw.is_some()
    }

    fn play(&mut self, m: Move) {
        let index = move_index(&m);
        self.moves.push(index as u16);
        self.position.play_unchecked(m);
        self.arrive();
    }
}

#[cfg(test)]
mod tests {
    use cescacs::random::game_seed;
    use cescacs::{History, MoveGroups, Position, Termination};

    use super::Walk;
    use crate::encode::action_index;
    use crate::selfplay::{play_random, Track};

    /// Plays `games` seeds from `start` through a history and a walk and
    /// checks both give the same moves and end; returns how often each
    /// termination occurred.
    fn same_games(start: &Position, games: u64, max_plies: usize) -> Vec<Option<Termination>> {
        let mut groups = MoveGroups::new();
        let mut walk = Walk::new(start);
        let mut ends = Vec::new();
        for i in 0..games {
            let seed = game_seed(3, i);
            let mut history = History::new(start.clone());
            play_random(&mut history, seed, max_plies, &mut groups);
            walk.reset(start);
            play_random(&mut walk, seed, max_plies, &mut groups);
            let moves: Vec<u16> = history
                .moves()
                .map(|m| action_index(m.id()).unwrap() as u16)
                .collect();
            assert_eq!(walk.moves(), &moves[..], "game {i}");
            assert_eq!(walk.outcome(), history.outcome(), "game {i}");
            ends.push(walk.outcome().map(|o| o.termination));
        }
        ends
    }

    #[test]
    fn a_walk_plays_the_games_of_a_history() {
        let ends = same_games(&Position::default(), 1000, 300);
        assert_eq!(ends.len(), 1000);
        // Few pieces: games end in every way but fivefold repetition (rare
        // in random play: see the next test) within a few thousand games.
        let few: Position = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1".parse().unwrap();
        let ends = same_games(&few, 3000, 400);
        for t in [
            Termination::Checkmate,
            Termination::Stalemate,
            Termination::SeventyFiveMoves,
            Termination::InsufficientMaterial,
        ] {
            assert!(ends.contains(&Some(t)), "{t:?} occurs");
        }
    }

    #[test]
    fn a_walk_counts_repetitions_as_a_history_does() {
        // A pawn move, then knights out and back: the position after the
        // pawn move occurs for the fifth time 16 plies later.
        let start = Position::default();
        let mut history = History::new(start.clone());
        let mut walk = Walk::new(&start);
        let tour = ["NG25-I21", "NG3-I7", "NI21-G25", "NI7-G3"];
        for (k, text) in ["E7-E9"]
            .iter()
            .chain(tour.iter().cycle().take(16))
            .enumerate()
        {
            let m = history.position().parse_ctl(text).unwrap();
            history.push_unchecked(m);
            walk.play(m);
            assert_eq!(
                walk.drawn(),
                history.draw_before_now().is_some(),
                "ply {}",
                k + 1
            );
            assert_eq!(walk.outcome(), history.outcome(), "ply {}", k + 1);
        }
        assert_eq!(walk.plies(), 17);
        assert_eq!(
            walk.outcome().map(|o| o.termination),
            Some(Termination::FivefoldRepetition)
        );
    }
}
