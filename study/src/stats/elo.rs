//! The Elo difference a match's pentanomial counts measure, with its 95 %
//! error, its normalized Elo and the likelihood of superiority, as
//! fastchess's `elo/elo_pentanomial.cpp` (`EloPentanomial`) computes them.

use std::f64::consts::LN_10;

use crate::stats::erf::erf;
use crate::stats::pentanomial::{Pentanomial, SCORES};

/// The z-score of a two-sided 95 % interval, as fastchess writes it.
const Z95: f64 = 1.959963984540054;

/// The Elo estimate of a match. With no pair every figure is NaN; with a
/// score of 1 (or 0) the Elo is ±∞, its error NaN and the LOS 1 (or 0),
/// the IEEE values fastchess's formulas give too.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct EloEstimate {
    /// The tested side's share of the points, 0..=1.
    pub score: f64,
    /// The variance of a pair's score (per pair, not of the mean).
    pub variance: f64,
    /// The logistic Elo difference, `-400 log10(1/score - 1)`.
    pub elo: f64,
    /// Half the width of the 95 % interval of [`EloEstimate::elo`]: the
    /// Elo of the score ± 1.96 standard errors of the pairs' mean,
    /// halved.
    pub error_95: f64,
    /// The normalized Elo, `(score - 1/2) / √(2 variance) · 800 / ln 10`.
    pub nelo: f64,
    /// Half the width of the 95 % interval of [`EloEstimate::nelo`].
    pub nelo_error_95: f64,
    /// The likelihood of superiority, 0..=1: the probability that the
    /// tested side is the stronger, `(1 - erf(-(score - 1/2) / √(2
    /// variance / pairs))) / 2`.
    pub los: f64,
}

/// The logistic Elo difference of a score.
fn score_to_elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The normalized Elo of a score with a pair variance.
fn score_to_nelo(score: f64, variance: f64) -> f64 {
    (score - 0.5) / (2.0 * variance).sqrt() * (800.0 / LN_10)
}

impl EloEstimate {
    /// The estimate from `p`'s counts.
    pub fn from_pentanomial(p: &Pentanomial) -> EloEstimate {
        let pairs = p.pairs();
        let counts = p.counts();
        let score = p.score();
        let variance = (0..5)
            .map(|i| counts[i] / pairs * (SCORES[i] - score).powi(2))
            .sum::<f64>();
        let per_pair = variance / pairs;
        let upper = score + Z95 * per_pair.sqrt();
        let lower = score - Z95 * per_pair.sqrt();
        EloEstimate {
            score,
            variance,
            elo: score_to_elo(score),
            error_95: (score_to_elo(upper) - score_to_elo(lower)) / 2.0,
            nelo: score_to_nelo(score, variance),
            nelo_error_95: (score_to_nelo(upper, variance) - score_to_nelo(lower, variance)) / 2.0,
            los: (1.0 - erf(-(score - 0.5) / (2.0 * per_pair).sqrt())) / 2.0,
        }
    }
}
