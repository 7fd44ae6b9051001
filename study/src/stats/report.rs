//! The summary lines of a match in fastchess's words
//! (`app/src/matchmaking/output/output_fastchess.hpp`), so that engine
//! authors read them as they read fastchess's:
//!
//! ```text
//! Results of dev vs base (10+0.1, 1t, 16MB, book.pdtl):
//! Elo: 43.66 +/- 16.57, nElo: 74.07 +/- 27.80
//! LOS: 100.00 %, DrawRatio: 25.00 %, PairsRatio: 2.00
//! Games: 600, Wins: 225, Losses: 150, Draws: 225, Points: 900 (57.14 %)
//! Ptnml(0-2): [0, 75, 75, 150, 0], WL/DD Ratio: inf
//! SPRT ([0.00, 10.00]) LLR: 3.28 [-2.94, 2.94] - H1 was accepted
//! ```
//!
//! Numbers are printed with two decimals as fastchess prints them (C's
//! `nan` and `inf` included); the SPRT line joins fastchess's interval line
//! (`LLR: x (p%) (lo, hi) [E0, E1]`, [`llr_line`]) and its closing line
//! (`SPRT ([E0, E1]) completed - H1 was accepted`). The Games line counts
//! C'escacs points (3 a mate, 2 and 1 a stalemate, 1 each a draw).

use crate::stats::elo::EloEstimate;
use crate::stats::pentanomial::Pentanomial;
use crate::stats::sprt::{Hypothesis, Sprt};
use crate::stats::tally::Tally;

/// `x` with two decimals, NaN and infinities as C's printf writes them.
fn fixed2(x: f64) -> String {
    if x.is_nan() {
        "nan".to_string()
    } else {
        format!("{x:.2}")
    }
}

/// A pentanomial count: whole counts as integers, split ones (a pair with
/// a stalemate) with two decimals.
fn count(c: f64) -> String {
    if (c - c.round()).abs() < 1e-9 {
        format!("{}", c.round())
    } else {
        format!("{c:.2}")
    }
}

/// `Elo: 43.66 +/- 16.57, nElo: 74.07 +/- 27.80`.
pub fn elo_line(e: &EloEstimate) -> String {
    format!(
        "Elo: {} +/- {}, nElo: {} +/- {}",
        fixed2(e.elo),
        fixed2(e.error_95),
        fixed2(e.nelo),
        fixed2(e.nelo_error_95)
    )
}

/// `LOS: 100.00 %, DrawRatio: 25.00 %, PairsRatio: 2.00`: the LOS in
/// percent, the share of pairs scoring one point of two (WL+DD), and the
/// pairs won (WW, WD) over the pairs lost (LD, LL).
pub fn los_line(e: &EloEstimate, p: &Pentanomial) -> String {
    let [ll, ld, even, wd, ww] = p.counts();
    let draw_ratio = 100.0 * even / p.pairs();
    let pairs_ratio = (ww + wd) / (ld + ll);
    format!(
        "LOS: {} %, DrawRatio: {} %, PairsRatio: {}",
        fixed2(100.0 * e.los),
        fixed2(draw_ratio),
        fixed2(pairs_ratio)
    )
}

/// `Ptnml(0-2): [LL, LD, WL+DD, WD, WW]`.
pub fn ptnml_line(p: &Pentanomial) -> String {
    let c = p.counts().map(count);
    format!("Ptnml(0-2): [{}]", c.join(", "))
}

/// `LLR: 1.23 (41.8%) (-2.94, 2.94) [0.00, 5.00]`, fastchess's line while
/// the test runs: the LLR, its progress towards the bound it heads for,
/// the bounds and the hypotheses.
pub fn llr_line(s: &Sprt, p: &Pentanomial) -> String {
    let llr = s.llr(p);
    let (lower, upper) = s.bounds();
    let fraction = if llr >= 0.0 {
        llr / upper
    } else {
        -llr / lower
    };
    format!(
        "LLR: {} ({:.1}%) ({}, {}) [{}, {}]",
        fixed2(llr),
        100.0 * fraction,
        fixed2(lower),
        fixed2(upper),
        fixed2(s.elo0),
        fixed2(s.elo1)
    )
}

/// `SPRT ([0.00, 10.00]) LLR: 3.28 [-2.94, 2.94] - H1 was accepted` (or
/// `- H0 was accepted`, or nothing after the bounds while the test goes
/// on).
pub fn sprt_line(s: &Sprt, p: &Pentanomial) -> String {
    let llr = s.llr(p);
    let (lower, upper) = s.bounds();
    let verdict = match s.decide_llr(llr) {
        Some(Hypothesis::H1) => " - H1 was accepted",
        Some(Hypothesis::H0) => " - H0 was accepted",
        None => "",
    };
    format!(
        "SPRT ([{}, {}]) LLR: {} [{}, {}]{verdict}",
        fixed2(s.elo0),
        fixed2(s.elo1),
        fixed2(llr),
        fixed2(lower),
        fixed2(upper)
    )
}

/// The summary of a match: the Elo, LOS and Ptnml lines, and the SPRT
/// line last when the match runs one.
pub fn summary(p: &Pentanomial, sprt: Option<&Sprt>) -> Vec<String> {
    let e = EloEstimate::from_pentanomial(p);
    let mut lines = vec![elo_line(&e), los_line(&e, p), ptnml_line(p)];
    lines.extend(sprt.map(|s| sprt_line(s, p)));
    lines
}

/// `Games: 600, Wins: 225, Losses: 150, Draws: 225, Points: 900 (57.14 %)`:
/// fastchess's line with C'escacs points (3 a mate, 2 and 1 a stalemate,
/// 1 each a draw), the percentage being the tested side's share of all
/// points awarded.
pub fn games_line(t: &Tally) -> String {
    format!(
        "Games: {}, Wins: {}, Losses: {}, Draws: {}, Points: {} ({} %)",
        t.games(),
        t.wins,
        t.losses,
        t.draws,
        t.points.0,
        fixed2(100.0 * t.share())
    )
}

/// `Ptnml(0-2): [LL, LD, WL+DD, WD, WW], WL/DD Ratio: 0.50`.
pub fn ptnml_wl_dd_line(t: &Tally) -> String {
    format!(
        "{}, WL/DD Ratio: {}",
        ptnml_line(&t.pentanomial),
        fixed2(f64::from(t.wl) / f64::from(t.dd))
    )
}

/// fastchess's results block without its rules: `header` (`Results of A
/// vs B (…):`), the Elo, LOS, Games and Ptnml lines, and with an SPRT its
/// running LLR line, or (`last`) its closing SPRT line.
pub fn results_block(header: &str, t: &Tally, sprt: Option<&Sprt>, last: bool) -> Vec<String> {
    let p = &t.pentanomial;
    let e = EloEstimate::from_pentanomial(p);
    let mut lines = vec![
        header.to_string(),
        elo_line(&e),
        los_line(&e, p),
        games_line(t),
        ptnml_wl_dd_line(t),
    ];
    lines.extend(sprt.map(|s| {
        if last {
            sprt_line(s, p)
        } else {
            llr_line(s, p)
        }
    }));
    lines
}
