//! One game of a match: its result from A's view, and its moves.

use cescacs::{Color, Game, GameResult, History, Move, Position};

/// The result of one game, from A's view, and its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The opening pair the game belongs to.
    pub pair: usize,
    /// The colour A played.
    pub a_color: Color,
    /// Tournament points of A and B (RULES.md §6: 3-0 mate, 2-1 stalemate,
    /// 1-1 draw; a game cut at `max_plies` is 1-1).
    pub points: (u8, u8),
    /// Plies the engines played (the opening's not counted).
    pub plies: usize,
    /// Whether the game ended by the rules (not cut at `max_plies`).
    pub finished: bool,
    /// Every move from the match's start position, the opening's included.
    pub moves: Vec<Move>,
    /// How many of `moves` are the random opening.
    pub opening: usize,
}

impl GameRecord {
    /// The points of White and Black.
    pub fn white_black_points(&self) -> (u8, u8) {
        let (a, b) = self.points;
        if self.a_color == Color::White {
            (a, b)
        } else {
            (b, a)
        }
    }

    /// The game as a record from `start` (the match's start position),
    /// with `tags` and then a `Result` tag: the rules' result, or `1-1` for
    /// a game cut at the ply limit.
    pub fn to_game(&self, start: &Position, tags: &[(&str, &str)]) -> Game {
        let mut h = History::with_capacity(start.clone(), self.moves.len());
        for &m in &self.moves {
            h.push_unchecked(m);
        }
        let mut game = Game::from_history(h);
        for (name, value) in tags {
            game.set_tag(name, value);
        }
        game.set_tag("Result", game.rules_result().as_str());
        if !self.finished {
            game.set_result(GameResult::Draw);
        }
        game
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record of `h`'s moves as a match makes it (A White).
    fn record_of(h: &History, finished: bool) -> GameRecord {
        let points = h.outcome().map_or((1, 1), |o| o.points());
        GameRecord { pair: 0, a_color: Color::White, points, plies: h.len(), finished, moves: h.moves().collect(), opening: 0 }
    }

    #[test]
    fn records_replay_to_their_results() {
        use cescacs_research::selfplay::RandomGames;
        use cescacs::Termination;
        let games = RandomGames::new(40).seed(3).max_plies(400).threads(1).run().unwrap();
        let mated = games.iter().map(|g| g.history()).find(|h| h.outcome().is_some_and(|o| o.termination == Termination::Checkmate)).expect("a mate in 40 random games");
        let winner_white = mated.outcome().and_then(|o| o.winner) == Some(Color::White);
        let record = record_of(mated, true);
        let text = cescacs::pgn::write_game(&record.to_game(&Position::default(), &[("Event", "test")]));
        let back = cescacs::pgn::read_game(&text).unwrap();
        assert_eq!(back.tag("Event"), Some("test"));
        assert_eq!(back.tag("Result"), Some(if winner_white { "3-0" } else { "0-3" }));
        assert_eq!(back.moves().collect::<Vec<_>>(), record.moves);
        assert_eq!(back.outcome(), mated.outcome());
        assert_eq!(record.points, if winner_white { (3, 0) } else { (0, 3) });
        // The same game cut before its end is a draw by the match's rule.
        let mut cut = mated.clone();
        cut.pop();
        let back = cescacs::pgn::read_game(&cescacs::pgn::write_game(&record_of(&cut, false).to_game(&Position::default(), &[]))).unwrap();
        assert_eq!(back.tag("Result"), Some("1-1"));
        assert_eq!(back.result(), GameResult::Draw);
        assert!(back.check_result().is_empty());
        assert_eq!(back.len(), mated.len() - 1);
    }

    #[test]
    fn white_and_blacks_points_follow_as_colour() {
        let mut g = GameRecord { pair: 0, a_color: Color::White, points: (2, 1), plies: 1, finished: true, moves: Vec::new(), opening: 0 };
        assert_eq!(g.white_black_points(), (2, 1));
        g.a_color = Color::Black;
        assert_eq!(g.white_black_points(), (1, 2));
    }
}
