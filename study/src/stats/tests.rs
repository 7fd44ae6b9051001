//! The statistics checked against values computed independently by the
//! published formulas. The reference is this Python (standard library
//! only), which solves Van den Bergh's equations by plain bisection run to
//! convergence, where fastchess (and so this module) stops its ITP search
//! at 1e-7 (normalized model) or 1e-3 (logistic model) and its normalized
//! iteration after 10 rounds or a 1e-4 step; the normalized LLRs agree to
//! 1e-8, the logistic ones to a few thousandths (the 1e-3 tolerance on θ),
//! the Elo figures (closed forms) to rounding:
//!
//! ```python
//! import math
//! S = [0, .25, .5, .75, 1]
//! def bisect(f, lo, hi, n=200):  # f positive at lo, negative at hi
//!     for _ in range(n):
//!         mid = (lo + hi) / 2
//!         if f(mid) > 0: lo = mid
//!         else: hi = mid
//!     return (lo + hi) / 2
//! def emp(c):  # fastchess's regularisation of empty outcomes
//!     c = [x if x != 0 else 1e-3 for x in c]; t = sum(c); return t, [x / t for x in c]
//! def mle_logistic(p, s):  # Van den Bergh, comparing_approximations.pdf, (1.2), (1.3)
//!     th = bisect(lambda x: sum(pi * (a - s) / (1 + x * (a - s)) for pi, a in zip(p, S)), -1 / (1 - s) + 1e-15, 1 / s - 1e-15)
//!     return [pi / (1 + th * (a - s)) for pi, a in zip(p, S)]
//! def mle_norm(p, t):  # Van den Bergh, normalized_elo_practical.pdf, 4.1, (4.9)
//!     q = [.2] * 5
//!     for _ in range(1000):
//!         mu = sum(a * x for a, x in zip(S, q)); sd = math.sqrt(sum(x * (a - mu) ** 2 for a, x in zip(S, q)))
//!         phi = [a - .5 - .5 * t * sd * (1 + ((a - mu) / sd) ** 2) for a in S]
//!         th = bisect(lambda x: sum(pi * f / (1 + x * f) for pi, f in zip(p, phi)), -1 / max(phi), -1 / min(phi))
//!         nq = [pi / (1 + th * f) for pi, f in zip(p, phi)]
//!         if max(abs(a - b) for a, b in zip(nq, q)) < 1e-15: q = nq; break
//!         q = nq
//!     return q
//! def llr(c, e0, e1, model="normalized"):
//!     t, p = emp(c)
//!     if model == "normalized":
//!         k = math.sqrt(2) * math.log(10) / 800
//!         p0, p1 = mle_norm(p, k * e0), mle_norm(p, k * e1)
//!     else:
//!         sc = lambda e: 1 / (1 + 10 ** (-e / 400))
//!         p0, p1 = mle_logistic(p, sc(e0)), mle_logistic(p, sc(e1))
//!     return t * sum(pi * (math.log(b) - math.log(a)) for pi, a, b in zip(p, p0, p1))
//! def elo(c):
//!     n = sum(c); sc = sum(x * a for x, a in zip(c, S)) / n
//!     var = sum(x / n * (a - sc) ** 2 for x, a in zip(c, S)); pp = var / n
//!     E = lambda s: -400 * math.log10(1 / s - 1)
//!     N = lambda s: (s - .5) / math.sqrt(2 * var) * 800 / math.log(10)
//!     z = 1.959963984540054; up, lo = sc + z * math.sqrt(pp), sc - z * math.sqrt(pp)
//!     los = (1 - math.erf(-(sc - .5) / math.sqrt(2 * pp))) / 2
//!     return dict(score=sc, elo=E(sc), err=(E(up) - E(lo)) / 2, nelo=N(sc), nerr=(N(up) - N(lo)) / 2, los=los)
//! ```

use super::*;

fn p(counts: [f64; 5]) -> Pentanomial {
    Pentanomial::from_counts(counts)
}

fn near(got: f64, want: f64, tol: f64) {
    assert!(
        (got - want).abs() <= tol,
        "{got} is not {want} (within {tol})"
    );
}

/// fastchess's own SPRT tests (app/tests/sprt_test.cpp, checked there to
/// 1 %), counts `[LL, LD, WL+DD, WD, WW]`; the Python's values:
/// `llr([365, 16618, 36229, 16974, 390], 0, 2)` = 2.250367703551081,
/// `llr([127, 4883, 10712, 5150, 104], -1.75, 0.25)` = 3.010154196604921,
/// `llr([0, 0, 0, 0, 5550], 0, 5)` = 111.79755508671387,
/// `llr([223, 9863, 21279, 10037, 246], 0.5, 2.5, "logistic")` = -3.074126439586767,
/// `llr([871, 26175, 55983, 26678, 821], 0, 2, "logistic")` = -4.9786728634511785.
#[test]
fn llr_matches_fastchess_and_the_published_formulas() {
    let normalized = |e0, e1| Sprt::new(e0, e1);
    let logistic = |e0, e1| Sprt {
        model: Model::Logistic,
        ..Sprt::new(e0, e1)
    };
    near(
        normalized(0.0, 2.0).llr(&p([365.0, 16618.0, 36229.0, 16974.0, 390.0])),
        2.250367703551081,
        1e-8,
    );
    near(
        normalized(-1.75, 0.25).llr(&p([127.0, 4883.0, 10712.0, 5150.0, 104.0])),
        3.010154196604921,
        1e-8,
    );
    // Every pair won twice: four empty outcomes at 1e-3 each.
    near(
        normalized(0.0, 5.0).llr(&p([0.0, 0.0, 0.0, 0.0, 5550.0])),
        111.79755508671387,
        1e-8,
    );
    near(
        logistic(0.5, 2.5).llr(&p([223.0, 9863.0, 21279.0, 10037.0, 246.0])),
        -3.074126439586767,
        2e-3,
    );
    near(
        logistic(0.0, 2.0).llr(&p([871.0, 26175.0, 55983.0, 26678.0, 821.0])),
        -4.9786728634511785,
        2e-3,
    );
}

/// Small matches: `llr([3, 20, 41, 30, 6], 0, 5)` = 0.32982536691006403,
/// `llr([0, 0, 10, 25, 5], 0, 5)` = 0.5305788525827345 (two empty
/// outcomes), `llr([12, 30, 40, 15, 3], 0, 5)` = -0.671987875429614,
/// `llr([1/3, 2 + 2/3, 5, 4 + 1/3, 2 + 2/3], 0, 10)` = 0.2232839789049473
/// (split counts), `llr([0, 0, 0, 0, 0], 0, 5)` = -1.0353876017319374e-06
/// (no pair: five regularised outcomes).
#[test]
fn llr_of_small_matches_empty_outcomes_and_no_games() {
    let s = Sprt::new(0.0, 5.0);
    near(
        s.llr(&p([3.0, 20.0, 41.0, 30.0, 6.0])),
        0.32982536691006403,
        1e-8,
    );
    near(
        s.llr(&p([0.0, 0.0, 10.0, 25.0, 5.0])),
        0.5305788525827345,
        1e-8,
    );
    near(
        s.llr(&p([12.0, 30.0, 40.0, 15.0, 3.0])),
        -0.671987875429614,
        1e-8,
    );
    let third = 1.0 / 3.0;
    near(
        Sprt::new(0.0, 10.0).llr(&p([
            third,
            2.0 + 2.0 * third,
            5.0,
            4.0 + third,
            2.0 + 2.0 * third,
        ])),
        0.2232839789049473,
        1e-8,
    );
    let none = Pentanomial::default();
    near(s.llr(&none), -1.0353876017319374e-06, 1e-12);
    assert_eq!(s.decide(&none), None);
}

/// `math.log(.05 / .95)`, `math.log(.95 / .05)` = ∓2.9444389791664403.
#[test]
fn bounds_and_decisions() {
    let s = Sprt::new(0.0, 5.0);
    let (lo, hi) = s.bounds();
    near(lo, -2.9444389791664403, 1e-15);
    near(hi, 2.9444389791664403, 1e-15);
    assert_eq!(s.decide_llr(2.95), Some(Hypothesis::H1));
    assert_eq!(s.decide_llr(-2.95), Some(Hypothesis::H0));
    assert_eq!(s.decide_llr(2.9), None);
    assert_eq!(
        s.decide(&p([0.0, 0.0, 0.0, 0.0, 5550.0])),
        Some(Hypothesis::H1)
    );
    assert_eq!(
        s.decide(&p([5550.0, 0.0, 0.0, 0.0, 0.0])),
        Some(Hypothesis::H0)
    );
    // α = 0.1, β = 0.2: ln(0.2 / 0.9), ln(0.8 / 0.1).
    let s = Sprt {
        alpha: 0.1,
        beta: 0.2,
        ..s
    };
    near(s.bounds().0, (0.2f64 / 0.9).ln(), 1e-15);
    near(s.bounds().1, 8f64.ln(), 1e-15);
}

/// fastchess's Elo tests (app/tests/elo_test.cpp, `Stats(ll, ld, wl, dd,
/// wd, ww)` with WL and DD summed here) and two more; the Python's `elo(c)`:
/// `[34, 54, 63, 64, 75]`: elo 55.57978042044588, err 27.65342950639345,
/// nelo 57.93559993812431, nerr 28.27537624340866, los 0.9999703930084313;
/// `[332, 433, 498, 333, 334]`: -8.64266726796901, 10.334194424393056,
/// -9.172914270047174, 10.960458877511154, 0.05047006698252937;
/// `[7895, 8757, 5685, 568, 9999]`: -21.04352057817286, 2.945280868527817,
/// -19.012834278884014, 2.6545019165024684, 0.0;
/// `[3, 20, 41, 30, 6]`: 27.85437125655782, 31.388460523211815,
/// 43.03205986050284, 48.15123066909426, 0.9600779644549358;
/// `[1/3, 2 + 2/3, 5, 4 + 1/3, 2 + 2/3]`: 74.46725968861931,
/// 98.93854335344322, 99.42763430785726, 124.32594298719599,
/// 0.941495117751137.
#[test]
fn elo_matches_fastchess_and_the_published_formulas() {
    let third = 1.0 / 3.0;
    let cases = [
        (
            [34.0, 54.0, 63.0, 64.0, 75.0],
            [
                55.57978042044588,
                27.65342950639345,
                57.93559993812431,
                28.27537624340866,
                0.9999703930084313,
            ],
        ),
        (
            [332.0, 433.0, 498.0, 333.0, 334.0],
            [
                -8.64266726796901,
                10.334194424393056,
                -9.172914270047174,
                10.960458877511154,
                0.05047006698252937,
            ],
        ),
        (
            [7895.0, 8757.0, 5685.0, 568.0, 9999.0],
            [
                -21.04352057817286,
                2.945280868527817,
                -19.012834278884014,
                2.6545019165024684,
                0.0,
            ],
        ),
        (
            [3.0, 20.0, 41.0, 30.0, 6.0],
            [
                27.85437125655782,
                31.388460523211815,
                43.03205986050284,
                48.15123066909426,
                0.9600779644549358,
            ],
        ),
        (
            [
                third,
                2.0 + 2.0 * third,
                5.0,
                4.0 + third,
                2.0 + 2.0 * third,
            ],
            [
                74.46725968861931,
                98.93854335344322,
                99.42763430785726,
                124.32594298719599,
                0.941495117751137,
            ],
        ),
    ];
    for (counts, [elo, err, nelo, nerr, los]) in cases {
        let e = EloEstimate::from_pentanomial(&p(counts));
        near(e.elo, elo, 1e-9);
        near(e.error_95, err, 1e-9);
        near(e.nelo, nelo, 1e-9);
        near(e.nelo_error_95, nerr, 1e-9);
        near(e.los, los, 1e-12);
    }
}

#[test]
fn elo_of_all_wins_and_of_no_games() {
    // Score 1, variance 0: Elo +∞, its error ∞ - ∞, LOS 1 (erf(-∞) = -1).
    let e = EloEstimate::from_pentanomial(&p([0.0, 0.0, 0.0, 0.0, 10.0]));
    assert_eq!(
        (e.score, e.variance, e.elo, e.los),
        (1.0, 0.0, f64::INFINITY, 1.0)
    );
    assert!(e.error_95.is_nan());
    assert_eq!(report::elo_line(&e), "Elo: inf +/- nan, nElo: inf +/- nan");
    let e = EloEstimate::from_pentanomial(&Pentanomial::default());
    assert!(e.score.is_nan() && e.elo.is_nan() && e.error_95.is_nan() && e.los.is_nan());
}

#[test]
fn summary_lines_read_as_fastchesss() {
    let c = p([3.0, 20.0, 41.0, 30.0, 6.0]);
    let s = Sprt::new(0.0, 5.0);
    assert_eq!(
        report::summary(&c, Some(&s)),
        [
            "Elo: 27.85 +/- 31.39, nElo: 43.03 +/- 48.15",
            // (30 + 6) / (20 + 3) = 1.565...
            "LOS: 96.01 %, DrawRatio: 41.00 %, PairsRatio: 1.57",
            "Ptnml(0-2): [3, 20, 41, 30, 6]",
            "SPRT ([0.00, 5.00]) LLR: 0.33 [-2.94, 2.94]",
        ]
    );
    // 0.32982536691006403 / 2.9444389791664403 = 11.2 %.
    assert_eq!(
        report::llr_line(&s, &c),
        "LLR: 0.33 (11.2%) (-2.94, 2.94) [0.00, 5.00]"
    );
    let won = p([0.0, 0.0, 0.0, 0.0, 5550.0]);
    assert_eq!(
        report::sprt_line(&s, &won),
        format!(
            "SPRT ([0.00, 5.00]) LLR: {:.2} [-2.94, 2.94] - H1 was accepted",
            s.llr(&won)
        )
    );
    let lost = p([5550.0, 0.0, 0.0, 0.0, 0.0]);
    assert!(report::sprt_line(&s, &lost).ends_with("[-2.94, 2.94] - H0 was accepted"));
    let mut split = Pentanomial::default();
    split.add_pair(1.0, 2.0 / 3.0);
    split.add_pair(0.5, 0.5);
    assert_eq!(
        report::ptnml_line(&split),
        "Ptnml(0-2): [0, 0, 1, 0.67, 0.33]"
    );
    assert_eq!(report::summary(&split, None).len(), 3);
    // The module's example: llr([0, 75, 75, 150, 0], 0, 10) = 3.277581675870597,
    // elo(...): los 0.9999999116569779.
    let example = p([0.0, 75.0, 75.0, 150.0, 0.0]);
    let s10 = Sprt::new(0.0, 10.0);
    near(s10.llr(&example), 3.277581675870597, 1e-8);
    assert_eq!(
        report::summary(&example, Some(&s10))[1..],
        [
            "LOS: 100.00 %, DrawRatio: 25.00 %, PairsRatio: 2.00",
            "Ptnml(0-2): [0, 75, 75, 150, 0]",
            "SPRT ([0.00, 10.00]) LLR: 3.28 [-2.94, 2.94] - H1 was accepted",
        ]
    );
}

#[test]
fn results_blocks_read_as_fastchesss() {
    // The module's example as 300 pairs of games: 75 LD, 75 WL, 150 WD.
    let mut t = Tally::default();
    for pair in 0..300 {
        let (first, second) = match pair % 4 {
            0 => ((0, 3), (1, 1)),
            1 => ((3, 0), (0, 3)),
            _ => ((3, 0), (1, 1)),
        };
        t.add(pair, first);
        t.add(pair, second);
    }
    let s10 = Sprt::new(0.0, 10.0);
    let header = "Results of A vs B (3 plies, 1t, 8MB):";
    let block = report::results_block(header, &t, Some(&s10), true);
    assert_eq!(
        block,
        [
            header,
            "Elo: 43.66 +/- 16.57, nElo: 74.07 +/- 27.80",
            "LOS: 100.00 %, DrawRatio: 25.00 %, PairsRatio: 2.00",
            // 225 wins (675 points) and 225 draws (225) of 1575 points awarded.
            "Games: 600, Wins: 225, Losses: 150, Draws: 225, Points: 900 (57.14 %)",
            "Ptnml(0-2): [0, 75, 75, 150, 0], WL/DD Ratio: inf",
            "SPRT ([0.00, 10.00]) LLR: 3.28 [-2.94, 2.94] - H1 was accepted",
        ]
    );
    let running = report::results_block(header, &t, Some(&s10), false);
    assert!(running[5].starts_with("LLR: 3.28 ("), "{}", running[5]);
    assert_eq!(report::results_block(header, &t, None, true).len(), 5);
}

#[test]
fn sprt_specifications_parse_and_are_checked() {
    assert_eq!(
        Sprt::parse("elo0=0 elo1=5 alpha=0.1 beta=0.1"),
        Ok(Sprt {
            alpha: 0.1,
            beta: 0.1,
            ..Sprt::new(0.0, 5.0)
        })
    );
    assert_eq!(
        Sprt::parse("elo0=0,elo1=5,alpha=0.05,beta=0.05"),
        Ok(Sprt::new(0.0, 5.0))
    );
    assert_eq!(Sprt::parse("elo0=-1.5, elo1=0.5"), Ok(Sprt::new(-1.5, 0.5)));
    let s: Sprt = "elo1=10,elo0=0,alpha=0.1,beta=0.2,model=logistic"
        .parse()
        .unwrap();
    assert_eq!(
        s,
        Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.1,
            beta: 0.2,
            model: Model::Logistic
        }
    );
    assert_eq!(Sprt::parse("elo0=0"), Err(SprtError::Missing));
    assert_eq!(
        Sprt::parse("elo0=0,elo1=5,gamma=1"),
        Err(SprtError::Part("gamma=1".into()))
    );
    assert_eq!(
        Sprt::parse("elo0=0,elo1=x"),
        Err(SprtError::Part("elo1=x".into()))
    );
    assert_eq!(
        Sprt::parse("elo0=0,elo1=5,model=bayesian"),
        Err(SprtError::Part("model=bayesian".into()))
    );
    assert!(matches!(
        Sprt::parse("elo0=5,elo1=5"),
        Err(SprtError::Range(_))
    ));
    assert!(matches!(
        Sprt::parse("elo0=0,elo1=5,alpha=0"),
        Err(SprtError::Range(_))
    ));
    assert!(matches!(
        Sprt::parse("elo0=0,elo1=5,alpha=0.6,beta=0.5"),
        Err(SprtError::Range(_))
    ));
}
