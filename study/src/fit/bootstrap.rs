//! The bootstrap of a fit: the fitted values' standard errors from refits
//! of the games resampled with replacement.

use cescacs::random::SplitMix64;

use super::data::GameSamples;
use super::regression::fit;

/// The spread of the fitted values over resampled games.
#[derive(Clone, Debug, PartialEq)]
pub struct Bootstrap {
    /// Resamples whose fit succeeded.
    pub replicates: usize,
    /// Resamples whose fit failed (e.g. a role's balance absent from them).
    pub failed: usize,
    /// The standard deviation of each value (centipawns) over the resamples:
    /// its standard error (NaN with fewer than two resamples).
    pub std_error: [f64; 8],
}

/// Refits `replicates` resamples of the games (drawn with replacement,
/// seeded by `seed`, so the same call gives the same errors).
pub fn bootstrap(games: &[GameSamples], replicates: usize, seed: u64) -> Bootstrap {
    let mut rng = SplitMix64::new(seed);
    let mut values = Vec::with_capacity(replicates);
    let mut counts = vec![0u32; games.len()];
    for _ in 0..replicates {
        counts.iter_mut().for_each(|c| *c = 0);
        for _ in 0..games.len() {
            counts[rng.below(games.len())] += 1;
        }
        if let Ok(model) = fit(games, Some(&counts)) {
            values.push(model.values());
        }
    }
    let n = values.len() as f64;
    let std_error = std::array::from_fn(|r| {
        let mean = values.iter().map(|v| v[r]).sum::<f64>() / n;
        (values.iter().map(|v| (v[r] - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt()
    });
    Bootstrap {
        replicates: values.len(),
        failed: replicates - values.len(),
        std_error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fit::regression::tests::unit;

    #[test]
    fn the_bootstrap_is_seeded_and_counts_its_failures() {
        // One game per role up (and one level), each with two shares: a resample
        // missing a role's games cannot fit it.
        let mut games = Vec::new();
        for r in 0..8 {
            for share in [0.6, 0.9] {
                games.push(GameSamples {
                    share,
                    balances: vec![(unit(r), 1), ([0; 8], 1)],
                });
            }
        }
        let a = bootstrap(&games, 30, 7);
        assert_eq!(a, bootstrap(&games, 30, 7));
        assert_eq!(a.replicates + a.failed, 30);
        assert!(a.failed > 0 && a.replicates > 1);
        assert!(
            a.std_error[0] == 0.0 && a.std_error[1..].iter().all(|e| e.is_finite() && *e > 0.0)
        );
    }
}
