//! The regression of a fit: White's share of the points on the material
//! balance, a logistic model fitted by maximum likelihood (Newton's method
//! with step halving, fractional targets).

// The small dense linear algebra below reads best with index loops.
#![allow(clippy::needless_range_loop)]

use super::data::GameSamples;

/// The fitted model: White's expected share of the points is
/// `σ(intercept + Σ weights[r] × balance[r])`, σ the logistic function.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Logistic {
    /// White's edge at level material, in logits.
    pub intercept: f64,
    /// Logits per piece of each of [`FIT_ROLES`](super::FIT_ROLES).
    pub weights: [f64; 8],
}

impl Logistic {
    /// The values in centipawns: each weight over the Pawn's, × 100.
    pub fn values(&self) -> [f64; 8] {
        self.weights.map(|w| 100.0 * w / self.weights[0])
    }
}

/// Why a fit failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FitError {
    /// No position was sampled.
    #[error("no position to fit")]
    NoSamples,
    /// The balances do not determine every weight (e.g. a role whose
    /// balance never differs from zero).
    #[error("the material balances do not determine every piece's weight")]
    Singular,
    /// Newton's method did not settle within its iteration limit.
    #[error("the fit did not converge")]
    NoConvergence,
}

/// Parameters: the intercept, then the eight weights.
const N: usize = 9;
const MAX_ITERATIONS: usize = 100;

fn features(b: &[i8; 8]) -> [f64; N] {
    let mut x = [1.0; N];
    for (xi, &bi) in x[1..].iter_mut().zip(b) {
        *xi = f64::from(bi);
    }
    x
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// The log-likelihood (fractional targets), its gradient and Hessian at `beta`.
fn derivatives(rows: &[([f64; N], f64, f64)], beta: &[f64; N]) -> (f64, [f64; N], [[f64; N]; N]) {
    let mut ll = 0.0;
    let mut grad = [0.0; N];
    let mut hess = [[0.0; N]; N];
    for (x, y, w) in rows {
        let z: f64 = x.iter().zip(beta).map(|(a, b)| a * b).sum();
        let p = sigmoid(z).clamp(1e-15, 1.0 - 1e-15);
        ll += w * (y * p.ln() + (1.0 - y) * (1.0 - p).ln());
        let r = w * (y - p);
        let c = w * p * (1.0 - p);
        for i in 0..N {
            grad[i] += r * x[i];
            for j in 0..=i {
                hess[i][j] += c * x[i] * x[j];
            }
        }
    }
    for i in 0..N {
        for j in 0..i {
            hess[j][i] = hess[i][j];
        }
    }
    (ll, grad, hess)
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: [[f64; N]; N], mut b: [f64; N]) -> Result<[f64; N], FitError> {
    let scale = (0..N).map(|i| a[i][i].abs()).fold(0.0, f64::max);
    for col in 0..N {
        let pivot = (col..N)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        if a[pivot][col].abs() <= 1e-12 * scale.max(f64::MIN_POSITIVE) {
            return Err(FitError::Singular);
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..N {
            let f = a[row][col] / a[col][col];
            for k in col..N {
                a[row][k] -= f * a[col][k];
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = [0.0; N];
    for row in (0..N).rev() {
        let s: f64 = (row + 1..N).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row][row];
    }
    Ok(x)
}

/// Fits the model to `games`, game `g` counted `weights[g]` times (all
/// once when `weights` is `None`; the bootstrap's resampling otherwise):
/// the maximum of the log-likelihood with fractional targets, by Newton's
/// method with step halving.
pub fn fit(games: &[GameSamples], weights: Option<&[u32]>) -> Result<Logistic, FitError> {
    let rows: Vec<([f64; N], f64, f64)> = games
        .iter()
        .enumerate()
        .flat_map(|(g, s)| {
            let times = weights.map_or(1, |w| w.get(g).copied().unwrap_or(0));
            s.balances
                .iter()
                .filter(move |_| times > 0)
                .map(move |(b, n)| (features(b), s.share, f64::from(times) * f64::from(*n)))
        })
        .collect();
    if rows.is_empty() {
        return Err(FitError::NoSamples);
    }
    let mut beta = [0.0; N];
    let (mut ll, mut grad, mut hess) = derivatives(&rows, &beta);
    for _ in 0..MAX_ITERATIONS {
        let step = solve(hess, grad)?;
        let mut t = 1.0;
        let (next, next_ll) = loop {
            let mut next = beta;
            for (b, s) in next.iter_mut().zip(&step) {
                *b += t * s;
            }
            let d = derivatives(&rows, &next);
            if d.0 >= ll - 1e-12 * ll.abs() || t < 1e-6 {
                break (next, d);
            }
            t /= 2.0;
        };
        let moved = step.iter().map(|s| (t * s).abs()).fold(0.0, f64::max);
        beta = next;
        (ll, grad, hess) = next_ll;
        if moved < 1e-10 {
            let mut weights = [0.0; 8];
            weights.copy_from_slice(&beta[1..]);
            return Ok(Logistic {
                intercept: beta[0],
                weights,
            });
        }
    }
    Err(FitError::NoConvergence)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    pub(crate) fn unit(r: usize) -> [i8; 8] {
        let mut b = [0; 8];
        b[r] = 1;
        b
    }

    /// Nine cells (level material, and one role up each) with one game
    /// per cell: the model is saturated, so the fit reproduces each cell's
    /// share exactly and the weights are the logits' differences.
    #[test]
    fn a_saturated_fit_reproduces_the_shares() {
        let level = GameSamples {
            share: 0.5,
            balances: vec![([0; 8], 3)],
        };
        let shares = [0.6, 0.7, 0.75, 0.8, 0.9, 0.95, 0.97, 0.98];
        let mut games = vec![level];
        games.extend(shares.iter().enumerate().map(|(r, &s)| GameSamples {
            share: s,
            balances: vec![(unit(r), 2)],
        }));
        let model = fit(&games, None).unwrap();
        let logit = |p: f64| (p / (1.0 - p)).ln();
        assert!(model.intercept.abs() < 1e-9);
        for (r, &s) in shares.iter().enumerate() {
            assert!(
                (model.weights[r] - logit(s)).abs() < 1e-9,
                "role {r}: {} against {}",
                model.weights[r],
                logit(s)
            );
        }
        assert!((model.values()[1] - 100.0 * logit(0.7) / logit(0.6)).abs() < 1e-6);
        // Counting a game twice is the same as listing it twice.
        let mut twice = games.clone();
        twice.push(games[3].clone());
        let mut counts = vec![1; games.len()];
        counts[3] = 2;
        let a = fit(&twice, None).unwrap();
        let b = fit(&games, Some(&counts)).unwrap();
        for r in 0..8 {
            assert!((a.weights[r] - b.weights[r]).abs() < 1e-9);
        }
    }

    #[test]
    fn an_undetermined_weight_is_an_error() {
        // The Queen's balance is never other than zero.
        let games: Vec<GameSamples> = (0..7)
            .map(|r| GameSamples {
                share: 0.7,
                balances: vec![(unit(r), 1), ([0; 8], 1)],
            })
            .collect();
        assert_eq!(fit(&games, None), Err(FitError::Singular));
        assert_eq!(fit(&[], None), Err(FitError::NoSamples));
    }
}
