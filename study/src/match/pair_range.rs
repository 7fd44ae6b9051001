//! Part of a match: a range of its opening pairs played on their own, with
//! the games the whole match plays for them (so the pairs of one match can
//! be spread over processes or machines, as examples/ray_match.py does,
//! and put back together in pair order).
//!
//! Pair `k` of a match of seed `s` starts from the opening the rules'
//! stream [`cescacs::random::game_seed`]`(s, k)` draws, which is
//! SplitMix64 started at `s ^ k·STRIDE`; the match of seed `s ^ k·STRIDE`
//! draws its first opening from the same stream. So pair `k` is the one
//! pair of that match, played through [`Match::run`] itself: at fixed
//! depths (every game from cleared tables) its games are the whole match's,
//! move for move (tested below).

use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use cescacs::workers;

use crate::r#match::{Match, MatchError, MatchResult};

/// The multiplier of the opening index in [`cescacs::random::game_seed`].
const STRIDE: u64 = 0xD1B5_4A32_D192_ED03;

impl Match {
    /// The match that plays only pair `k` of this one (its pair 0); with
    /// a book, its one opening is the book's for pair `k`.
    fn pair_alone(&self, k: usize) -> Match {
        let book = self
            .book
            .as_ref()
            .filter(|b| !b.is_empty())
            .map(|b| vec![b[k % b.len()].clone()]);
        Match {
            seed: self.seed ^ (k as u64).wrapping_mul(STRIDE),
            games: 2,
            threads: 1,
            book,
            ..self.clone()
        }
    }

    /// Plays the pairs `pairs` of this match (its seeded random openings
    /// `pairs.start..pairs.end`; [`Match::games`] is not read), `threads`
    /// pairs at a time, and returns their games in the order
    /// [`Match::run`] gives them, numbered as in the whole match.
    /// `progress` is called after each pair with the count of games done.
    /// External engines are [checked](Match::check) first.
    pub fn run_pairs(
        &self,
        pairs: Range<usize>,
        progress: &(dyn Fn(usize) + Sync),
    ) -> Result<MatchResult, MatchError> {
        self.check()?;
        let next = AtomicUsize::new(pairs.start);
        let done = Mutex::new(Vec::with_capacity(2 * pairs.len()));
        let work = || loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            if k >= pairs.end {
                return Ok::<(), std::convert::Infallible>(());
            }
            let never = std::sync::atomic::AtomicBool::new(false);
            let mut games = self.pair_alone(k).play(&|_, _| true, &never).games;
            for g in &mut games {
                g.pair = k;
            }
            let mut d = done.lock().unwrap_or_else(|e| e.into_inner());
            d.extend(games);
            progress(d.len());
        };
        let Ok(()) = workers::run(
            workers::worker_count(self.threads, pairs.len()),
            "match",
            work,
        );
        let mut games = done.into_inner().unwrap_or_else(|e| e.into_inner());
        // Stable: within a pair, A White (played first) stays first.
        games.sort_by_key(|g| g.pair);
        Ok(MatchResult { games })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::side::Side;
    use cescacs_engine::EngineOptions;

    fn small_match() -> Match {
        let player = |depth| {
            Side::builtin(
                depth,
                EngineOptions {
                    hash_mb: 1,
                    ..Default::default()
                },
            )
        };
        let mut m = Match::new(player(2), player(1), 5);
        m.seed = 9;
        m.max_plies = 12;
        m
    }

    #[test]
    fn a_pair_alone_starts_from_the_matchs_opening() {
        let m = Match {
            seed: 0xDEAD_BEEF,
            ..small_match()
        };
        for k in [0, 1, 7, 1000] {
            assert_eq!(
                m.pair_alone(k).opening(0).moves().collect::<Vec<_>>(),
                m.opening(k).moves().collect::<Vec<_>>(),
                "pair {k}"
            );
        }
    }

    #[test]
    fn ranges_of_pairs_put_together_are_the_whole_match() {
        let m = small_match();
        let whole = m.run(&|_| {}).unwrap().games;
        let mut parts = m.run_pairs(0..2, &|_| {}).unwrap().games;
        parts.extend(
            Match {
                threads: 2,
                ..m.clone()
            }
            .run_pairs(2..5, &|_| {})
            .unwrap()
            .games,
        );
        assert_eq!(parts, whole);
        assert!(m.run_pairs(3..3, &|_| {}).unwrap().games.is_empty());
    }
}
