//! Matches between two engine settings, for measuring strength: games from
//! seeded random openings, each opening played twice with the colours
//! swapped, on several threads. Results are the same whatever the thread
//! count (every game starts from a cleared table at fixed depths).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use cescacs::random::SplitMix64;
use cescacs::{Color, Game, GameResult, History, Move, Position};

use crate::engine::{Engine, EngineOptions};
use crate::limits::Limits;

/// One side of a match.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub depth: u32,
    pub options: EngineOptions,
}

/// A match: `pairs` openings, each played with A as White and as Black.
#[derive(Clone, Debug)]
pub struct Match {
    pub a: Player,
    pub b: Player,
    pub pairs: usize,
    pub seed: u64,
    /// Random plies of each opening: a number drawn in this range.
    pub opening_plies: (usize, usize),
    /// A game still going after this many plies counts as a draw.
    pub max_plies: usize,
    /// Worker threads (games run in parallel, one search thread each).
    pub threads: usize,
    /// The position the openings start from (the castling option included).
    pub start: Position,
}

/// The result of one game, from A's view, and its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub pair: usize,
    pub a_color: Color,
    /// Tournament points of A and B (RULES.md §6: 3-0 mate, 2-1 stalemate,
    /// 1-1 draw; a game cut at `max_plies` is 1-1).
    pub points: (u8, u8),
    pub plies: usize,
    /// Whether the game ended by the rules (not cut at `max_plies`).
    pub finished: bool,
    /// Every move from the match's start position, the opening's included.
    pub moves: Vec<Move>,
    /// How many of `moves` are the random opening.
    pub opening: usize,
}

impl GameRecord {
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

/// All games of a match, in order (pair, then A White before A Black).
#[derive(Clone, Debug)]
pub struct MatchResult {
    pub games: Vec<GameRecord>,
}

impl MatchResult {
    /// A's share of the points, 0..1: A's points over all points awarded
    /// (a mate gives 3 to the winner, a stalemate 2 and 1, a draw 1 each).
    pub fn score(&self) -> f64 {
        let (a, all) = self.games.iter().fold((0u32, 0u32), |(a, t), g| (a + u32::from(g.points.0), t + u32::from(g.points.0 + g.points.1)));
        f64::from(a) / f64::from(all.max(1))
    }

    /// The 95 % half-width of [`MatchResult::score`]: 1.96 standard errors
    /// of the mean of the per-game shares (1, 2/3, 1/2, 1/3 or 0).
    pub fn error_95(&self) -> f64 {
        let n = self.games.len() as f64;
        if n < 2.0 {
            return f64::NAN;
        }
        let share = |g: &GameRecord| f64::from(g.points.0) / f64::from(g.points.0 + g.points.1);
        let mean = self.games.iter().map(share).sum::<f64>() / n;
        let var = self.games.iter().map(|g| (share(g) - mean).powi(2)).sum::<f64>() / (n - 1.0);
        1.96 * (var / n).sqrt()
    }

    /// Games won, drawn and lost by A (a stalemate win counts as won).
    pub fn wins_draws_losses(&self) -> (usize, usize, usize) {
        let w = self.games.iter().filter(|g| g.points.0 > g.points.1).count();
        let l = self.games.iter().filter(|g| g.points.0 < g.points.1).count();
        (w, self.games.len() - w - l, l)
    }

    /// White's share of the points over all games (first-move advantage).
    pub fn white_score(&self) -> f64 {
        let (white, all) = self.games.iter().fold((0u32, 0u32), |(w, t), g| {
            let white = if g.a_color == Color::White { g.points.0 } else { g.points.1 };
            (w + u32::from(white), t + u32::from(g.points.0 + g.points.1))
        });
        f64::from(white) / f64::from(all.max(1))
    }

    /// The 95 % half-width of [`MatchResult::white_score`], as
    /// [`MatchResult::error_95`] for White's per-game shares.
    pub fn white_error_95(&self) -> f64 {
        let n = self.games.len() as f64;
        if n < 2.0 {
            return f64::NAN;
        }
        let share = |g: &GameRecord| {
            let white = if g.a_color == Color::White { g.points.0 } else { g.points.1 };
            f64::from(white) / f64::from(g.points.0 + g.points.1)
        };
        let mean = self.games.iter().map(share).sum::<f64>() / n;
        let var = self.games.iter().map(|g| (share(g) - mean).powi(2)).sum::<f64>() / (n - 1.0);
        1.96 * (var / n).sqrt()
    }

    /// A's points and B's points.
    pub fn points(&self) -> (u32, u32) {
        self.games.iter().fold((0, 0), |(a, b), g| (a + u32::from(g.points.0), b + u32::from(g.points.1)))
    }
}

impl Match {
    pub fn new(a: Player, b: Player, pairs: usize) -> Match {
        Match { a, b, pairs, seed: 0, opening_plies: (4, 8), max_plies: 300, threads: 1, start: Position::default() }
    }

    /// The opening of pair `i`: random legal moves from the start, never
    /// one that ends the game.
    pub fn opening(&self, i: usize) -> History {
        let mut rng = SplitMix64::new(self.seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let (lo, hi) = self.opening_plies;
        let plies = lo + rng.below(hi.saturating_sub(lo) + 1);
        let mut h = History::new(self.start.clone());
        while h.len() < plies {
            let moves = h.position().legal_moves();
            let playable: Vec<_> = moves.iter().filter(|&&m| !h.position().after(m).legal_moves().is_empty()).collect();
            if playable.is_empty() {
                break;
            }
            h.push_unchecked(*playable[rng.below(playable.len())]);
        }
        h
    }

    /// Plays every game; `progress` is called after each with the count done.
    pub fn run(&self, progress: &(dyn Fn(usize) + Sync)) -> MatchResult {
        let next = AtomicUsize::new(0);
        let done = Mutex::new(Vec::with_capacity(2 * self.pairs));
        std::thread::scope(|s| {
            for _ in 0..self.threads.max(1) {
                s.spawn(|| {
                    let mut a = Engine::new(EngineOptions { threads: 1, ..self.a.options });
                    let mut b = Engine::new(EngineOptions { threads: 1, ..self.b.options });
                    loop {
                        let g = next.fetch_add(1, Ordering::Relaxed);
                        if g >= 2 * self.pairs {
                            return;
                        }
                        let a_color = if g % 2 == 0 { Color::White } else { Color::Black };
                        let record = self.play(g / 2, a_color, &mut a, &mut b);
                        let mut d = done.lock().unwrap_or_else(|e| e.into_inner());
                        d.push((g, record));
                        progress(d.len());
                    }
                });
            }
        });
        let mut games = done.into_inner().unwrap_or_else(|e| e.into_inner());
        games.sort_unstable_by_key(|&(g, _)| g);
        MatchResult { games: games.into_iter().map(|(_, r)| r).collect() }
    }

    fn play(&self, pair: usize, a_color: Color, a: &mut Engine, b: &mut Engine) -> GameRecord {
        let mut h = self.opening(pair);
        a.new_game();
        b.new_game();
        let opening = h.len();
        while h.outcome().is_none() && h.len() < opening + self.max_plies {
            let a_moves = h.position().turn() == a_color;
            let (engine, depth) = if a_moves { (&mut *a, self.a.depth) } else { (&mut *b, self.b.depth) };
            let m = engine.search(&h, &Limits::depth(depth)).best_move.expect("a game not over has a move");
            h.push_unchecked(m);
        }
        let (points, finished) = match h.outcome() {
            Some(o) => {
                let (w, b) = o.points();
                (if a_color == Color::White { (w, b) } else { (b, w) }, true)
            }
            None => ((1, 1), false),
        };
        GameRecord { pair, a_color, points, plies: h.len() - opening, finished, moves: h.moves().collect(), opening }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(a_color: Color, points: (u8, u8)) -> GameRecord {
        GameRecord { pair: 0, a_color, points, plies: 1, finished: true, moves: Vec::new(), opening: 0 }
    }

    /// A record of `h`'s moves as the arena makes it (A White).
    fn record_of(h: &History, finished: bool) -> GameRecord {
        let points = h.outcome().map_or((1, 1), |o| o.points());
        GameRecord { pair: 0, a_color: Color::White, points, plies: h.len(), finished, moves: h.moves().collect(), opening: 0 }
    }

    #[test]
    fn records_replay_to_their_results() {
        use cescacs::Termination;
        use cescacs_research::selfplay::RandomGames;
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
    fn shares_count_the_points_awarded() {
        // A mates as White, draws as Black, is stalemated as White: 3+1+1 of 3+2+3.
        let r = MatchResult { games: vec![game(Color::White, (3, 0)), game(Color::Black, (1, 1)), game(Color::White, (1, 2))] };
        assert_eq!(r.points(), (5, 3));
        assert!((r.score() - 5.0 / 8.0).abs() < 1e-12);
        // White: 3 + 1 + 1 of 8.
        assert!((r.white_score() - 5.0 / 8.0).abs() < 1e-12);
        assert_eq!(r.wins_draws_losses(), (1, 1, 1));
        // Shares 1, 1/2, 1/3: mean 11/18, squared deviations (49 + 4 + 25)/324, sample variance 39/324.
        let want = 1.96 * (39.0 / 324.0 / 3.0f64).sqrt();
        assert!((r.error_95() - want).abs() < 1e-12);
        // White's shares are the same three here.
        assert!((r.white_error_95() - want).abs() < 1e-12);
    }
}
