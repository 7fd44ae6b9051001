//! One game of a match: how it ended, its result from A's view, its moves
//! and the clock after each, and its record as CTL-PGN tags and comments.

use std::time::Duration;

use cescacs::{Color, Game, GameResult, History, Move, Outcome, Position, Termination};

use crate::r#match::adjudication::Verdict;
use crate::r#match::clock::clk_comment;

/// How a game of a match ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the rules (mate, stalemate, an automatic draw).
    Rules(Outcome),
    /// Cut at the match's ply limit: a draw.
    MaxPlies,
    /// Adjudicated from the engines' scores (`--resign`, `--draw`).
    Adjudicated(Verdict),
    /// This side's time ran out (beyond the margin); it loses.
    TimeForfeit(Color),
    /// This side answered a move that is not legal (its text); it loses.
    IllegalMove(Color, String),
    /// This side gave no move within the match's silence timeout (no
    /// clock); it loses.
    Stalled(Color),
    /// This side's engine exited, crashed or could not be started; it loses.
    Crashed(Color),
}

impl Ending {
    /// The side that lost by a fault or an adjudicated resignation.
    pub fn loser(&self) -> Option<Color> {
        match *self {
            Ending::Rules(_) | Ending::MaxPlies | Ending::Adjudicated(Verdict::Draw) => None,
            Ending::Adjudicated(Verdict::Resign(c))
            | Ending::TimeForfeit(c)
            | Ending::IllegalMove(c, _)
            | Ending::Stalled(c)
            | Ending::Crashed(c) => Some(c),
        }
    }

    /// The CTL-PGN `Termination` tag value (NOTATION.md §6.2): `time
    /// forfeit`, `rules infraction` (an illegal move), `abandoned` (a
    /// crash or silence), `adjudication`; `None` for the rules' endings
    /// and the ply limit.
    pub fn termination_tag(&self) -> Option<&'static str> {
        match self {
            Ending::Rules(_) | Ending::MaxPlies => None,
            Ending::Adjudicated(_) => Some("adjudication"),
            Ending::TimeForfeit(_) => Some("time forfeit"),
            Ending::IllegalMove(..) => Some("rules infraction"),
            Ending::Stalled(_) | Ending::Crashed(_) => Some("abandoned"),
        }
    }

    /// The ending in words, as fastchess annotates a finished game
    /// (`White mates`, `Draw by fivefold repetition`, `Black loses on
    /// time`, `White disconnects`).
    pub fn describe(&self) -> String {
        match self {
            Ending::Rules(o) => match (o.termination, o.winner) {
                (Termination::Checkmate, Some(c)) => format!("{c} mates"),
                (Termination::Stalemate, Some(c)) => format!("{c} wins by stalemate"),
                (t, _) => format!("Draw by {}", t.name()),
            },
            Ending::MaxPlies => "Draw by the ply limit".to_string(),
            Ending::Adjudicated(Verdict::Draw) => "Draw by adjudication".to_string(),
            Ending::Adjudicated(Verdict::Resign(c)) => format!("{} wins by adjudication", !*c),
            Ending::TimeForfeit(c) => format!("{c} loses on time"),
            Ending::IllegalMove(c, m) => format!("{c} makes an illegal move: {m}"),
            Ending::Stalled(c) => format!("{c} gives no move"),
            Ending::Crashed(c) => format!("{c} disconnects"),
        }
    }
}

/// The result of one game, from A's view, and its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The opening pair the game belongs to.
    pub pair: usize,
    /// The colour A played.
    pub a_color: Color,
    /// Tournament points of A and B (RULES.md §6: 3-0 mate, 2-1 stalemate,
    /// 1-1 draw; a game cut at `max_plies` or adjudicated drawn is 1-1, a
    /// loss by a fault or a resignation 0-3).
    pub points: (u8, u8),
    /// Plies the engines played (the opening's not counted).
    pub plies: usize,
    /// How the game ended.
    pub ending: Ending,
    /// The position the game starts from.
    pub start: Position,
    /// Every move from `start`, the opening's included.
    pub moves: Vec<Move>,
    /// How many of `moves` are the opening.
    pub opening: usize,
    /// Under a time control, the mover's time left after each engine
    /// move (one for each of `moves` after the opening); empty otherwise.
    pub clocks: Vec<Duration>,
}

/// The result of the White and Black points of a game.
fn result_of(points: (u8, u8)) -> GameResult {
    match points {
        (3, 0) => GameResult::WhiteWins,
        (0, 3) => GameResult::BlackWins,
        (2, 1) => GameResult::WhiteStalemates,
        (1, 2) => GameResult::BlackStalemates,
        _ => GameResult::Draw,
    }
}

impl GameRecord {
    /// Whether the game ended by the rules (not cut, adjudicated or lost
    /// by a fault).
    pub fn finished(&self) -> bool {
        matches!(self.ending, Ending::Rules(_))
    }

    /// The points of White and Black.
    pub fn white_black_points(&self) -> (u8, u8) {
        let (a, b) = self.points;
        if self.a_color == Color::White {
            (a, b)
        } else {
            (b, a)
        }
    }

    /// The game as a record, with `tags`, then a `Result` tag (the rules'
    /// result, or the match's for a game that did not end on the board)
    /// and a `Termination` tag for a game decided off the board. Under a
    /// time control each engine move has the clock left as its comment
    /// (`[%clk 0:00:04.1]`).
    pub fn to_game(&self, tags: &[(&str, &str)]) -> Game {
        let mut h = History::with_capacity(self.start.clone(), self.moves.len());
        for &m in &self.moves {
            h.push_unchecked(m);
        }
        let mut game = Game::from_history(h);
        for (name, value) in tags {
            game.set_tag(name, value);
        }
        game.set_tag("Result", game.rules_result().as_str());
        if !self.finished() {
            game.set_result(result_of(self.white_black_points()));
        }
        if let Some(t) = self.ending.termination_tag() {
            game.set_tag("Termination", t);
        }
        for (i, &left) in self.clocks.iter().enumerate() {
            if let Some(comments) = game.move_comments_mut(self.opening + i) {
                comments.push(clk_comment(left));
            }
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
        let ending = match h.outcome() {
            Some(o) if finished => Ending::Rules(o),
            _ => Ending::MaxPlies,
        };
        GameRecord {
            pair: 0,
            a_color: Color::White,
            points,
            plies: h.len(),
            ending,
            start: Position::default(),
            moves: h.moves().collect(),
            opening: 0,
            clocks: Vec::new(),
        }
    }

    #[test]
    fn records_replay_to_their_results() {
        use cescacs::Termination;
        use cescacs_research::selfplay::RandomGames;
        let games = RandomGames::new(40)
            .seed(3)
            .max_plies(400)
            .threads(1)
            .run()
            .unwrap();
        let mated = games
            .iter()
            .map(|g| g.history())
            .find(|h| {
                h.outcome()
                    .is_some_and(|o| o.termination == Termination::Checkmate)
            })
            .expect("a mate in 40 random games");
        let winner_white = mated.outcome().and_then(|o| o.winner) == Some(Color::White);
        let record = record_of(mated, true);
        let text = cescacs::pgn::write_game(&record.to_game(&[("Event", "test")]));
        let back = cescacs::pgn::read_game(&text).unwrap();
        assert_eq!(back.tag("Event"), Some("test"));
        assert_eq!(
            back.tag("Result"),
            Some(if winner_white { "3-0" } else { "0-3" })
        );
        assert_eq!(back.moves().collect::<Vec<_>>(), record.moves);
        assert_eq!(back.outcome(), mated.outcome());
        assert_eq!(record.points, if winner_white { (3, 0) } else { (0, 3) });
        // The same game cut before its end is a draw by the match's rule.
        let mut cut = mated.clone();
        cut.pop();
        let back = cescacs::pgn::read_game(&cescacs::pgn::write_game(
            &record_of(&cut, false).to_game(&[]),
        ))
        .unwrap();
        assert_eq!(back.tag("Result"), Some("1-1"));
        assert_eq!(back.result(), GameResult::Draw);
        assert!(back.check_result().is_empty());
        assert_eq!(back.len(), mated.len() - 1);
    }

    #[test]
    fn faults_write_their_termination_results_and_clocks() {
        let mut h = History::default();
        for m in ["E7-E13", "E21-E15", "K4-K8"] {
            let mv = h.position().parse_ctl(m).unwrap();
            h.push_unchecked(mv);
        }
        let ms = Duration::from_millis;
        // A is Black and loses on time after the opening's first move and two engine moves.
        let g = GameRecord {
            pair: 0,
            a_color: Color::Black,
            points: (0, 3),
            plies: 2,
            ending: Ending::TimeForfeit(Color::Black),
            start: Position::default(),
            moves: h.moves().collect(),
            opening: 1,
            clocks: vec![ms(4_160), ms(9_990)],
        };
        let text =
            cescacs::pgn::write_game(&g.to_game(&[("Event", "t"), ("TimeControl", "10+0.1")]));
        assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
        let back = cescacs::pgn::read_game(&text).unwrap();
        assert_eq!(back.tag("Result"), Some("3-0"));
        assert_eq!(back.tag("TimeControl"), Some("10+0.1"));
        assert_eq!(back.result(), GameResult::WhiteWins);
        assert_eq!(back.moves().collect::<Vec<_>>(), g.moves);
        let comments: Vec<Vec<String>> = back
            .mainline()
            .moves
            .iter()
            .map(|m| m.comments.clone())
            .collect();
        assert_eq!(
            comments,
            [
                vec![],
                vec!["[%clk 0:00:04.1]".to_string()],
                vec!["[%clk 0:00:09.9]".to_string()]
            ]
        );
        assert_eq!(
            Ending::IllegalMove(Color::White, "X".into()).termination_tag(),
            Some("rules infraction")
        );
        assert_eq!(
            Ending::Crashed(Color::White).termination_tag(),
            Some("abandoned")
        );
        assert_eq!(Ending::MaxPlies.termination_tag(), None);
    }

    #[test]
    fn endings_read_as_fastchess_annotations() {
        let rules = |termination, winner| {
            Ending::Rules(Outcome {
                termination,
                winner,
            })
        };
        let cases = [
            (
                rules(Termination::Checkmate, Some(Color::Black)),
                "Black mates",
            ),
            (
                rules(Termination::Stalemate, Some(Color::White)),
                "White wins by stalemate",
            ),
            (
                rules(Termination::FivefoldRepetition, None),
                "Draw by fivefold repetition",
            ),
            (Ending::MaxPlies, "Draw by the ply limit"),
            (Ending::Adjudicated(Verdict::Draw), "Draw by adjudication"),
            (
                Ending::Adjudicated(Verdict::Resign(Color::White)),
                "Black wins by adjudication",
            ),
            (Ending::TimeForfeit(Color::Black), "Black loses on time"),
            (
                Ending::IllegalMove(Color::White, "A1-A2".into()),
                "White makes an illegal move: A1-A2",
            ),
            (Ending::Stalled(Color::White), "White gives no move"),
            (Ending::Crashed(Color::Black), "Black disconnects"),
        ];
        for (ending, words) in cases {
            assert_eq!(ending.describe(), words);
        }
    }

    #[test]
    fn white_and_blacks_points_follow_as_colour() {
        let mut g = GameRecord {
            pair: 0,
            a_color: Color::White,
            points: (2, 1),
            plies: 1,
            ending: Ending::Rules(Outcome {
                termination: Termination::Stalemate,
                winner: Some(Color::White),
            }),
            start: Position::default(),
            moves: Vec::new(),
            opening: 0,
            clocks: Vec::new(),
        };
        assert_eq!(g.white_black_points(), (2, 1));
        g.a_color = Color::Black;
        assert_eq!(g.white_black_points(), (1, 2));
    }
}
