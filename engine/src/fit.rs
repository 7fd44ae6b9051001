//! Piece values fitted to game results (Texel's method): the quiet
//! positions of many engine games, each labelled with White's share of its
//! game's points, and a logistic regression of that share on the material
//! balance (White's count minus Black's, per role). A role's value is its
//! weight over the Pawn's, in centipawns. docs/BALANCE.md has the run.

// The small dense linear algebra below reads best with index loops.
#![allow(clippy::needless_range_loop)]

use cescacs::random::SplitMix64;
use cescacs::{Color, Game, GameResult, Piece, Position, Role};

/// The roles whose values are fitted, in the order of
/// [`EvalConfig::values`](crate::EvalConfig::values): P E J N G R V D.
pub const FIT_ROLES: [Role; 8] = [Role::Pawn, Role::Elephant, Role::Bishop, Role::Knight, Role::Pegasus, Role::Rook, Role::Wyvern, Role::Queen];

/// White's count minus Black's of each of [`FIT_ROLES`].
pub fn material_balance(pos: &Position) -> [i8; 8] {
    FIT_ROLES.map(|role| {
        let count = |c| pos.pieces(Piece::new(c, role)).count() as i8;
        count(Color::White) - count(Color::Black)
    })
}

/// White's share of the points a result awards (RULES.md §6): 3-0 is 1,
/// 2-1 is 2/3, 1-1 is 1/2, 1-2 is 1/3, 0-3 is 0; `*` has none.
pub fn white_share(result: GameResult) -> Option<f64> {
    match result {
        GameResult::WhiteWins => Some(1.0),
        GameResult::WhiteStalemates => Some(2.0 / 3.0),
        GameResult::Draw => Some(0.5),
        GameResult::BlackStalemates => Some(1.0 / 3.0),
        GameResult::BlackWins => Some(0.0),
        GameResult::Unfinished => None,
    }
}

/// The sampled positions of one game: each distinct material balance with
/// the number of positions that had it, and White's share of the points.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSamples {
    pub share: f64,
    pub balances: Vec<([i8; 8], u32)>,
}

impl GameSamples {
    /// How many positions were sampled.
    pub fn positions(&self) -> u64 {
        self.balances.iter().map(|&(_, n)| u64::from(n)).sum()
    }
}

/// The quiet positions of `game` from ply `skip` on: the side to move is
/// not in check and the move played next is neither a capture nor a
/// promotion (so the material on the board is what the position is worth
/// to the players). The last position has no next move and is left out.
/// `None` for a game without a result (`*`).
pub fn quiet_samples(game: &Game, skip: usize) -> Option<GameSamples> {
    let share = white_share(game.result())?;
    let mut balances: Vec<([i8; 8], u32)> = Vec::new();
    for (pos, m) in game.history().positions().zip(game.moves()).skip(skip) {
        if pos.is_check() || m.is_capture() || m.promotion().is_some() {
            continue;
        }
        let b = material_balance(pos);
        match balances.iter_mut().find(|(seen, _)| *seen == b) {
            Some((_, n)) => *n += 1,
            None => balances.push((b, 1)),
        }
    }
    Some(GameSamples { share, balances })
}

/// The fitted model: White's expected share of the points is
/// `σ(intercept + Σ weights[r] × balance[r])`, σ the logistic function.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Logistic {
    /// White's edge at level material, in logits.
    pub intercept: f64,
    /// Logits per piece of each of [`FIT_ROLES`].
    pub weights: [f64; 8],
}

impl Logistic {
    /// The values in centipawns: each weight over the Pawn's, × 100.
    pub fn values(&self) -> [f64; 8] {
        self.weights.map(|w| 100.0 * w / self.weights[0])
    }
}

/// Why a fit failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FitError {
    /// No position was sampled.
    NoSamples,
    /// The balances do not determine every weight (e.g. a role whose
    /// balance never differs from zero).
    Singular,
    /// Newton's method did not settle within its iteration limit.
    NoConvergence,
}

impl std::fmt::Display for FitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            FitError::NoSamples => "no position to fit",
            FitError::Singular => "the material balances do not determine every piece's weight",
            FitError::NoConvergence => "the fit did not converge",
        })
    }
}

impl std::error::Error for FitError {}

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
        let pivot = (col..N).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs())).unwrap_or(col);
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
            s.balances.iter().filter(move |_| times > 0).map(move |(b, n)| (features(b), s.share, f64::from(times) * f64::from(*n)))
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
            return Ok(Logistic { intercept: beta[0], weights });
        }
    }
    Err(FitError::NoConvergence)
}

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
    Bootstrap { replicates: values.len(), failed: replicates - values.len(), std_error }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn balance_counts_each_role() {
        // White: King, Queen, two Pawns; Black: King, Rook, Bishop, Pawn.
        let pos: Position = "/27:1k/25:r3/24:1j3/23:p5/5:PP4/3:D3/1:1K/ w -- - 0 1".parse().unwrap();
        assert_eq!(material_balance(&pos), [1, 0, -1, 0, 0, -1, 0, 1]);
        assert_eq!(material_balance(&Position::default()), [0; 8]);
    }

    #[test]
    fn shares_follow_the_tournament_points() {
        assert_eq!(white_share(GameResult::WhiteWins), Some(1.0));
        assert_eq!(white_share(GameResult::WhiteStalemates), Some(2.0 / 3.0));
        assert_eq!(white_share(GameResult::Draw), Some(0.5));
        assert_eq!(white_share(GameResult::BlackStalemates), Some(1.0 / 3.0));
        assert_eq!(white_share(GameResult::BlackWins), Some(0.0));
        assert_eq!(white_share(GameResult::Unfinished), None);
    }

    /// An engine game (from `cescacs match`): captures at plies 14 (a
    /// Bishop takes a Pawn), 15 (a Pegasus takes the Bishop), 26 and 27; no
    /// check.
    const GAME: &str = "[Result \"1-1\"]
1. H6-I7, F20-F16 2. GH2-K6, E21-D20 3. G7-H8, D22-C21 4. GK6-H2, H22-I21
5. GD2-C7, G21-G19 6. GC7-T16, JF22-B22 7. JF4-L19, I23-K22 8. JL19xK22, GH26xJK22
9. GT16-P19, A23-T22 10. GP19-C7, GK22-X22 11. H8-H10, JB22-E13 12. D6-D10, JF24-A9
13. JF6-T6, GD26-E21 14. JT6xJA9, GE21xJA9 1-1";

    #[test]
    fn quiet_positions_leave_out_captures_and_the_opening() {
        let game = cescacs::pgn::read_game(GAME).unwrap();
        assert_eq!(game.len(), 28);
        // Plies 0..=13 level, 15 is before a capture, 16..=25 a Pawn up and a Bishop down.
        let all = quiet_samples(&game, 0).unwrap();
        assert_eq!(all, GameSamples { share: 0.5, balances: vec![([0; 8], 14), ([1, 0, -1, 0, 0, 0, 0, 0], 10)] });
        assert_eq!(all.positions(), 24);
        let late = quiet_samples(&game, 16).unwrap();
        assert_eq!(late.balances, vec![([1, 0, -1, 0, 0, 0, 0, 0], 10)]);
        let mut unfinished = game.clone();
        unfinished.set_result(GameResult::Unfinished);
        assert_eq!(quiet_samples(&unfinished, 0), None);
    }

    fn unit(r: usize) -> [i8; 8] {
        let mut b = [0; 8];
        b[r] = 1;
        b
    }

    /// Nine cells (level material, and one role up each) with one game
    /// per cell: the model is saturated, so the fit reproduces each cell's
    /// share exactly and the weights are the logits' differences.
    #[test]
    fn a_saturated_fit_reproduces_the_shares() {
        let level = GameSamples { share: 0.5, balances: vec![([0; 8], 3)] };
        let shares = [0.6, 0.7, 0.75, 0.8, 0.9, 0.95, 0.97, 0.98];
        let mut games = vec![level];
        games.extend(shares.iter().enumerate().map(|(r, &s)| GameSamples { share: s, balances: vec![(unit(r), 2)] }));
        let model = fit(&games, None).unwrap();
        let logit = |p: f64| (p / (1.0 - p)).ln();
        assert!(model.intercept.abs() < 1e-9);
        for (r, &s) in shares.iter().enumerate() {
            assert!((model.weights[r] - logit(s)).abs() < 1e-9, "role {r}: {} against {}", model.weights[r], logit(s));
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
    fn the_bootstrap_is_seeded_and_counts_its_failures() {
        // One game per role up (and one level), each with two shares: a resample
        // missing a role's games cannot fit it.
        let mut games = Vec::new();
        for r in 0..8 {
            for share in [0.6, 0.9] {
                games.push(GameSamples { share, balances: vec![(unit(r), 1), ([0; 8], 1)] });
            }
        }
        let a = bootstrap(&games, 30, 7);
        assert_eq!(a, bootstrap(&games, 30, 7));
        assert_eq!(a.replicates + a.failed, 30);
        assert!(a.failed > 0 && a.replicates > 1);
        assert!(a.std_error[0] == 0.0 && a.std_error[1..].iter().all(|e| e.is_finite() && *e > 0.0));
    }

    #[test]
    fn an_undetermined_weight_is_an_error() {
        // The Queen's balance is never other than zero.
        let games: Vec<GameSamples> = (0..7).map(|r| GameSamples { share: 0.7, balances: vec![(unit(r), 1), ([0; 8], 1)] }).collect();
        assert_eq!(fit(&games, None), Err(FitError::Singular));
        assert_eq!(fit(&[], None), Err(FitError::NoSamples));
    }
}
