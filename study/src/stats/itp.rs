//! The ITP root finder (Oliveira and Takahashi, "An Enhancement of the
//! Bisection Method Average Performance Preserving Minmax Optimality",
//! ACM TOMS 47(1), 2021), as fastchess's `sprt/sprt.cpp` runs it to find
//! the maximum-likelihood distributions of its LLR: same steps, same
//! constants, so the LLR is fastchess's to the last digits.

/// The parameters fastchess gives every call: κ₁, κ₂ and n₀.
const K1: f64 = 0.1;
const K2: f64 = 2.0;
const N0: f64 = 0.99;

/// A root of `f` between `a` and `b` to within `epsilon`, `f` positive
/// towards `a` and negative towards `b` (the LLR's equations fall across
/// their interval). fastchess gives `f(a) = +∞` and `f(b) = -∞` (the
/// open ends of the interval), which makes the first step a bisection;
/// so does this.
pub(crate) fn itp(f: impl Fn(f64) -> f64, a: f64, b: f64, epsilon: f64) -> f64 {
    let (mut a, mut b, mut f_a, mut f_b) = (b, a, f64::NEG_INFINITY, f64::INFINITY);
    let n_half = ((b - a).abs() / (2.0 * epsilon)).log2().ceil();
    let n_max = n_half + N0;
    let mut i = 0.0;
    while (b - a).abs() > 2.0 * epsilon {
        let x_half = (a + b) / 2.0;
        let r = epsilon * 2f64.powf(n_max - i) - (b - a) / 2.0;
        let delta = K1 * (b - a).powf(K2);
        let x_f = (f_b * a - f_a * b) / (f_b - f_a);
        let sigma = (x_half - x_f) / (x_half - x_f).abs();
        let x_t = if delta <= (x_half - x_f).abs() {
            x_f + sigma * delta
        } else {
            x_half
        };
        let x_itp = if (x_t - x_half).abs() <= r {
            x_t
        } else {
            x_half - sigma * r
        };
        let f_itp = f(x_itp);
        if f_itp == 0.0 {
            a = x_itp;
            b = x_itp;
        } else if f_itp.is_sign_negative() {
            a = x_itp;
            f_a = f_itp;
        } else {
            b = x_itp;
            f_b = f_itp;
        }
        i += 1.0;
    }
    (a + b) / 2.0
}

#[cfg(test)]
mod tests {
    use super::itp;

    #[test]
    fn itp_finds_a_root_to_its_tolerance() {
        // A decreasing function on (-1, 2) as the LLR's are: root at 0.5.
        let root = itp(|x| 0.5 - x, -1.0, 2.0, 1e-9);
        assert!((root - 0.5).abs() < 1e-9, "{root}");
        let root = itp(|x: f64| 2.0 - x.exp(), 0.0, 3.0, 1e-12);
        assert!((root - 2f64.ln()).abs() < 1e-12, "{root}");
    }
}
