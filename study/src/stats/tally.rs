//! The running count of a match from the tested side's view, fed one game
//! at a time as games end (in any order): games won, lost and drawn, the
//! points, the pentanomial counts of the pairs played out, and fastchess's
//! split of the even pairs into a win and a loss (WL) or two draws (DD).

use std::collections::HashMap;

use crate::stats::pentanomial::Pentanomial;

/// Win, draw or loss of one game (a stalemate is a win or a loss).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Wdl {
    Win,
    Draw,
    Loss,
}

fn wdl((own, other): (u8, u8)) -> Wdl {
    match own.cmp(&other) {
        std::cmp::Ordering::Greater => Wdl::Win,
        std::cmp::Ordering::Equal => Wdl::Draw,
        std::cmp::Ordering::Less => Wdl::Loss,
    }
}

/// A match so far.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Games won (mate or stalemate given, or the opponent's fault).
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
    /// The tested side's points and the other side's.
    pub points: (u32, u32),
    /// The pentanomial counts of the pairs whose two games have ended.
    pub pentanomial: Pentanomial,
    /// Pairs of one win and one loss.
    pub wl: u32,
    /// Pairs of two draws.
    pub dd: u32,
    pending: HashMap<usize, (u8, u8)>,
}

impl Tally {
    /// Counts a game of pair `pair` that gave the tested side and the
    /// other `points` (3-0, 2-1, 1-1, 1-2 or 0-3); whether it completed its
    /// pair.
    pub fn add(&mut self, pair: usize, points: (u8, u8)) -> bool {
        match wdl(points) {
            Wdl::Win => self.wins += 1,
            Wdl::Draw => self.draws += 1,
            Wdl::Loss => self.losses += 1,
        }
        self.points.0 += u32::from(points.0);
        self.points.1 += u32::from(points.1);
        let Some(first) = self.pending.remove(&pair) else {
            self.pending.insert(pair, points);
            return false;
        };
        let share = |(own, other): (u8, u8)| f64::from(own) / f64::from(own + other);
        self.pentanomial.add_pair(share(first), share(points));
        match (wdl(first), wdl(points)) {
            (Wdl::Win, Wdl::Loss) | (Wdl::Loss, Wdl::Win) => self.wl += 1,
            (Wdl::Draw, Wdl::Draw) => self.dd += 1,
            _ => {}
        }
        true
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The tested side's share of the points awarded (0 with no game).
    pub fn share(&self) -> f64 {
        f64::from(self.points.0) / f64::from((self.points.0 + self.points.1).max(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_count_into_pairs_whatever_order_they_end_in() {
        let mut t = Tally::default();
        assert!(!t.add(1, (3, 0)));
        assert!(!t.add(0, (1, 1)));
        assert!(t.add(1, (0, 3))); // pair 1: a win and a loss
        assert!(t.add(0, (1, 1))); // pair 0: two draws
        assert!(!t.add(2, (2, 1)));
        assert_eq!((t.wins, t.losses, t.draws, t.games()), (2, 1, 2, 5));
        assert_eq!(t.points, (7, 6));
        assert_eq!((t.wl, t.dd), (1, 1));
        assert_eq!(t.pentanomial.counts(), [0.0, 0.0, 2.0, 0.0, 0.0]);
        assert!((t.share() - 7.0 / 13.0).abs() < 1e-12);
    }
}
