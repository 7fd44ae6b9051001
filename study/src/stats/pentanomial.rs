//! Pentanomial counts: how many opening pairs ended in each of the five
//! outcomes of a pair (0, 1/2, 1, 3/2 or 2 points of 2, from the tested
//! side's view), the unit fastchess and OpenBench run their statistics on.

/// The pair score (of 1) of each bucket: LL, LD, WL+DD, WD, WW.
pub(crate) const SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// Counts of opening pairs by outcome, from the tested side's view:
/// index 0 is a pair lost twice (LL), 1 a loss and a draw (LD), 2 a win and
/// a loss or two draws (WL+DD), 3 a win and a draw (WD), 4 two wins (WW),
/// as fastchess's `Ptnml(0-2)`. Counts are fractional when a pair holds a
/// stalemate (see [`Pentanomial::add_pair`]).
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Pentanomial {
    counts: [f64; 5],
}

impl Pentanomial {
    /// Counts given as `[LL, LD, WL+DD, WD, WW]`.
    pub fn from_counts(counts: [f64; 5]) -> Pentanomial {
        Pentanomial { counts }
    }

    /// Adds a pair whose two games gave the tested side `first` and
    /// `second` of the points (shares of 1, in 0..=1: a mate won 1, a
    /// stalemate given 2/3, a draw 1/2, a stalemate suffered 1/3, a mate
    /// suffered 0).
    ///
    /// The pair's sum `s = first + second` (0..=2) counts in the outcome it
    /// equals when it is one of 0, 1/2, 1, 3/2, 2. Otherwise (a pair
    /// holding one stalemate: 1/3, 2/3, 5/6, 7/6, 4/3, 5/3) it is split
    /// between the two outcomes around it, with weights that keep the
    /// pair's mean exact: `s = 5/6` counts 1/3 as LD (1/2) and 2/3 as WL+DD
    /// (1). The score, and so the Elo estimate, is then the match's exact
    /// share of the points; the variance grows by `w(1-w)/16` per split
    /// pair (`w` its weight, 1/3 or 2/3), so the error bars and the SPRT
    /// are slightly conservative (never more confident than the games);
    /// and the five outcomes stay the ones the published pentanomial
    /// model and its normalized Elo are defined on.
    ///
    /// Panics if a share is outside 0..=1 or not a number.
    pub fn add_pair(&mut self, first: f64, second: f64) {
        assert!(
            (0.0..=1.0).contains(&first) && (0.0..=1.0).contains(&second),
            "shares of 1 expected: {first}, {second}"
        );
        // The pair's place on the outcomes' scale 0..=4; a sum within
        // rounding of an outcome counts whole in it.
        let x = 2.0 * (first + second);
        let nearest = x.round();
        if (x - nearest).abs() < 1e-9 {
            self.counts[nearest as usize] += 1.0;
            return;
        }
        let below = x.floor() as usize;
        let w = x - x.floor();
        self.counts[below] += 1.0 - w;
        self.counts[below + 1] += w;
    }

    /// The pairs of a match's games, given as each game's pair and the
    /// tournament points of A and B (as [`GameRecord`](crate::GameRecord)
    /// holds them: `games.iter().map(|g| (g.pair, g.points))`): each pair's
    /// two games, A's share of the points in each. A pair with only one
    /// game (a match stopped between its games) is left out, as fastchess
    /// counts only whole pairs.
    pub fn from_points(games: impl IntoIterator<Item = (usize, (u8, u8))>) -> Pentanomial {
        let mut sorted: Vec<(usize, (u8, u8))> = games.into_iter().collect();
        sorted.sort_by_key(|&(pair, _)| pair);
        let share = |(a, b): (u8, u8)| f64::from(a) / f64::from(a + b);
        let mut p = Pentanomial::default();
        for two in sorted.chunk_by(|x, y| x.0 == y.0) {
            if let [(_, x), (_, y)] = two {
                p.add_pair(share(*x), share(*y));
            }
        }
        p
    }

    /// The counts `[LL, LD, WL+DD, WD, WW]`.
    pub fn counts(&self) -> [f64; 5] {
        self.counts
    }

    /// How many pairs (the counts' sum).
    pub fn pairs(&self) -> f64 {
        self.counts.iter().sum()
    }

    /// How many games (two a pair).
    pub fn games(&self) -> f64 {
        2.0 * self.pairs()
    }

    /// The tested side's share of the points, 0..=1 (NaN with no pair).
    pub fn score(&self) -> f64 {
        self.counts
            .iter()
            .zip(SCORES)
            .map(|(c, s)| c * s)
            .sum::<f64>()
            / self.pairs()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: [f64; 5], b: [f64; 5]) -> bool {
        a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-12)
    }

    #[test]
    fn whole_results_count_in_their_outcome() {
        let mut p = Pentanomial::default();
        p.add_pair(1.0, 1.0);
        p.add_pair(1.0, 0.5);
        p.add_pair(1.0, 0.0);
        p.add_pair(0.5, 0.5);
        p.add_pair(0.0, 0.5);
        p.add_pair(0.0, 0.0);
        assert_eq!(p.counts(), [1.0, 1.0, 2.0, 1.0, 1.0]);
        assert_eq!(p.pairs(), 6.0);
        assert_eq!(p.games(), 12.0);
        assert_eq!(p.score(), 0.5);
    }

    #[test]
    fn stalemates_split_between_the_neighbouring_outcomes_keeping_the_mean() {
        let third = 1.0 / 3.0;
        // Every pair holding one stalemate: its two shares and its counts.
        let want: [(f64, f64, [f64; 5]); 6] = [
            // 1/3 + 0 = 1/3: x = 2/3 of the way from LL to LD.
            (third, 0.0, [third, 2.0 * third, 0.0, 0.0, 0.0]),
            // 2/3 + 0 = 2/3: x = 4/3, 1/3 past LD towards WL+DD.
            (2.0 * third, 0.0, [0.0, 2.0 * third, third, 0.0, 0.0]),
            // 1/3 + 1/2 = 5/6: x = 5/3.
            (third, 0.5, [0.0, third, 2.0 * third, 0.0, 0.0]),
            // 2/3 + 1/2 = 7/6: x = 7/3.
            (2.0 * third, 0.5, [0.0, 0.0, 2.0 * third, third, 0.0]),
            // 2/3 + 2/3 = 4/3: x = 8/3.
            (
                2.0 * third,
                2.0 * third,
                [0.0, 0.0, third, 2.0 * third, 0.0],
            ),
            // 1 + 2/3 = 5/3: x = 10/3.
            (1.0, 2.0 * third, [0.0, 0.0, 0.0, 2.0 * third, third]),
        ];
        for (a, b, counts) in want {
            let mut p = Pentanomial::default();
            p.add_pair(a, b);
            assert!(close(p.counts(), counts), "{a} + {b}: {:?}", p.counts());
            assert!((p.score() - (a + b) / 2.0).abs() < 1e-12);
            assert!((p.pairs() - 1.0).abs() < 1e-12);
        }
        // A stalemate each way (2/3 + 1/3) is one whole WL+DD.
        let mut p = Pentanomial::default();
        p.add_pair(2.0 * third, third);
        assert_eq!(p.counts(), [0.0, 0.0, 1.0, 0.0, 0.0]);
    }

    #[test]
    fn games_pair_up_by_pair_and_lone_games_are_left_out() {
        let games = [
            (1, (3, 0)),
            (0, (1, 1)),
            (0, (0, 3)),
            (1, (2, 1)),
            (2, (3, 0)),
        ];
        let p = Pentanomial::from_points(games);
        // Pair 0: 1/2 + 0 = LD. Pair 1: 1 + 2/3 = 2/3 WD, 1/3 WW. Pair 2 has one game.
        assert!(close(p.counts(), [0.0, 1.0, 0.0, 2.0 / 3.0, 1.0 / 3.0]));
        assert!((p.score() - (0.5 + 5.0 / 3.0) / 4.0).abs() < 1e-12);
    }

    #[test]
    fn no_pair_has_no_score() {
        let p = Pentanomial::default();
        assert_eq!(p.pairs(), 0.0);
        assert!(p.score().is_nan());
    }

    #[test]
    #[should_panic(expected = "shares of 1 expected")]
    fn points_are_not_shares() {
        Pentanomial::default().add_pair(3.0, 0.0);
    }
}
