//! The generalized log-likelihood ratio of two Elo hypotheses on
//! pentanomial counts, as fastchess's `sprt/sprt.cpp` (`SPRT::getLLR` for
//! pentanomial stats, `getLLR_normalized`, `getLLR_logistic`) computes it:
//! empty outcomes regularised to 1e-3 pairs, each hypothesis's
//! maximum-likelihood distribution found by Michel Van den Bergh's
//! methods, and the LLR the counts' total times the mean log ratio of the
//! two distributions.

use std::f64::consts::LN_10;

use crate::stats::itp::itp;
use crate::stats::pentanomial::SCORES;

/// The count fastchess puts in an empty outcome, so that no probability
/// of the empirical distribution is zero.
const EMPTY: f64 = 1e-3;

/// The counts with empty outcomes regularised, their total, and the
/// empirical distribution.
fn empirical(counts: [f64; 5]) -> (f64, [f64; 5]) {
    let counts = counts.map(|c| if c == 0.0 { EMPTY } else { c });
    let total: f64 = counts.iter().sum();
    (total, counts.map(|c| c / total))
}

/// `total` times the mean of `ln p1 - ln p0` under `probs`.
fn llr_of(total: f64, probs: [f64; 5], p0: [f64; 5], p1: [f64; 5]) -> f64 {
    total
        * (0..5)
            .map(|i| probs[i] * (p1[i].ln() - p0[i].ln()))
            .sum::<f64>()
}

/// The LLR of normalized Elo `elo1` against `elo0` (fastchess's default
/// model): each pair's normalized Elo t = (score - 1/2) / σ(pair) is
/// `√2 · elo / (800 / ln 10)`.
pub(crate) fn normalized(counts: [f64; 5], elo0: f64, elo1: f64) -> f64 {
    let (total, probs) = empirical(counts);
    let t = |elo: f64| std::f64::consts::SQRT_2 * elo / (800.0 / LN_10);
    llr_of(
        total,
        probs,
        normalized_mle(probs, 0.5, t(elo0)),
        normalized_mle(probs, 0.5, t(elo1)),
    )
}

/// The LLR of logistic Elo `elo1` against `elo0`: the expected pair score
/// is `1 / (1 + 10^(-elo/400))`.
pub(crate) fn logistic(counts: [f64; 5], elo0: f64, elo1: f64) -> f64 {
    let (total, probs) = empirical(counts);
    let score = |elo: f64| 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
    llr_of(
        total,
        probs,
        logistic_mle(probs, score(elo0)),
        logistic_mle(probs, score(elo1)),
    )
}

/// The distribution on the five outcomes nearest (in likelihood) to
/// `probs` with mean score `s`: Proposition 1.1 of Van den Bergh,
/// "Comparing the approximations for the generalized log likelihood ratio
/// of a multinomial distribution" (equations 1.2 and 1.3).
fn logistic_mle(probs: [f64; 5], s: f64) -> [f64; 5] {
    let theta = itp(
        |x| {
            (0..5)
                .map(|i| probs[i] * (SCORES[i] - s) / (1.0 + x * (SCORES[i] - s)))
                .sum()
        },
        -1.0 / (SCORES[4] - s),
        -1.0 / (SCORES[0] - s),
        1e-3,
    );
    std::array::from_fn(|i| probs[i] / (1.0 + theta * (SCORES[i] - s)))
}

/// The distribution nearest to `probs` whose normalized score
/// `(μ - mu_ref) / σ` is `t_star`: section 4.1 of Van den Bergh, "Comments
/// on normalized Elo" (equation 4.9), iterated from the uniform
/// distribution at most 10 times, until no probability moves by 1e-4.
fn normalized_mle(probs: [f64; 5], mu_ref: f64, t_star: f64) -> [f64; 5] {
    let mut p = [0.2; 5];
    for _ in 0..10 {
        let mu: f64 = (0..5).map(|i| SCORES[i] * p[i]).sum();
        let sigma = (0..5)
            .map(|i| p[i] * (SCORES[i] - mu).powi(2))
            .sum::<f64>()
            .sqrt();
        let phi: [f64; 5] = std::array::from_fn(|i| {
            let z = (SCORES[i] - mu) / sigma;
            SCORES[i] - mu_ref - 0.5 * t_star * sigma * (1.0 + z * z)
        });
        let u = phi.iter().copied().fold(f64::INFINITY, f64::min);
        let v = phi.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let theta = itp(
            |x| (0..5).map(|i| probs[i] * phi[i] / (1.0 + x * phi[i])).sum(),
            -1.0 / v,
            -1.0 / u,
            1e-7,
        );
        let mut max_diff: f64 = 0.0;
        for i in 0..5 {
            let next = probs[i] / (1.0 + theta * phi[i]);
            max_diff = max_diff.max((next - p[i]).abs());
            p[i] = next;
        }
        if max_diff < 1e-4 {
            break;
        }
    }
    p
}
