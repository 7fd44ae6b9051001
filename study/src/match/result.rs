//! All games of a match and the figures drawn from them: A's share of the
//! points, White's, their 95 % error bars, and the win/draw/loss count.

use crate::r#match::record::GameRecord;

/// All games of a match, in order (pair, then A White before A Black).
#[derive(Clone, Debug)]
pub struct MatchResult {
    /// The games, in order.
    pub games: Vec<GameRecord>,
}

/// One side's points over all points awarded in `games` (0 with no game).
fn points_share(games: &[GameRecord], side: impl Fn(&GameRecord) -> u8) -> f64 {
    let (own, all) = games.iter().fold((0u32, 0u32), |(o, t), g| {
        (
            o + u32::from(side(g)),
            t + u32::from(g.points.0 + g.points.1),
        )
    });
    f64::from(own) / f64::from(all.max(1))
}

/// 1.96 standard errors of the mean of the per-game shares of one side
/// (1, 2/3, 1/2, 1/3 or 0); NaN with fewer than two games.
fn error_95(games: &[GameRecord], side: impl Fn(&GameRecord) -> u8) -> f64 {
    let n = games.len() as f64;
    if n < 2.0 {
        return f64::NAN;
    }
    let share = |g: &GameRecord| f64::from(side(g)) / f64::from(g.points.0 + g.points.1);
    let mean = games.iter().map(share).sum::<f64>() / n;
    let var = games.iter().map(|g| (share(g) - mean).powi(2)).sum::<f64>() / (n - 1.0);
    1.96 * (var / n).sqrt()
}

impl MatchResult {
    /// A's share of the points, 0..1: A's points over all points awarded
    /// (a mate gives 3 to the winner, a stalemate 2 and 1, a draw 1 each).
    pub fn score(&self) -> f64 {
        points_share(&self.games, |g| g.points.0)
    }

    /// The 95 % half-width of [`MatchResult::score`]: 1.96 standard errors
    /// of the mean of the per-game shares (1, 2/3, 1/2, 1/3 or 0).
    pub fn error_95(&self) -> f64 {
        error_95(&self.games, |g| g.points.0)
    }

    /// Games won, drawn and lost by A (a stalemate win counts as won).
    pub fn wins_draws_losses(&self) -> (usize, usize, usize) {
        let w = self
            .games
            .iter()
            .filter(|g| g.points.0 > g.points.1)
            .count();
        let l = self
            .games
            .iter()
            .filter(|g| g.points.0 < g.points.1)
            .count();
        (w, self.games.len() - w - l, l)
    }

    /// White's share of the points over all games (first-move advantage).
    pub fn white_score(&self) -> f64 {
        points_share(&self.games, |g| g.white_black_points().0)
    }

    /// The 95 % half-width of [`MatchResult::white_score`], as
    /// [`MatchResult::error_95`] for White's per-game shares.
    pub fn white_error_95(&self) -> f64 {
        error_95(&self.games, |g| g.white_black_points().0)
    }

    /// A's points and B's points.
    pub fn points(&self) -> (u32, u32) {
        self.games.iter().fold((0, 0), |(a, b), g| {
            (a + u32::from(g.points.0), b + u32::from(g.points.1))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cescacs::Color;

    fn game(a_color: Color, points: (u8, u8)) -> GameRecord {
        GameRecord {
            pair: 0,
            a_color,
            points,
            plies: 1,
            ending: crate::r#match::record::Ending::MaxPlies,
            start: cescacs::Position::default(),
            moves: Vec::new(),
            opening: 0,
            clocks: Vec::new(),
        }
    }

    #[test]
    fn shares_count_the_points_awarded() {
        // A mates as White, draws as Black, is stalemated as White: 3+1+1 of 3+2+3.
        let r = MatchResult {
            games: vec![
                game(Color::White, (3, 0)),
                game(Color::Black, (1, 1)),
                game(Color::White, (1, 2)),
            ],
        };
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

    #[test]
    fn whites_share_differs_from_as_when_a_wins_as_black() {
        let r = MatchResult {
            games: vec![game(Color::Black, (3, 0)), game(Color::White, (1, 1))],
        };
        assert!((r.score() - 4.0 / 5.0).abs() < 1e-12);
        assert!((r.white_score() - 1.0 / 5.0).abs() < 1e-12);
    }
}
