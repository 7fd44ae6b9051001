//! The sequential probability ratio test of two Elo hypotheses on a
//! match's pentanomial counts, as fastchess runs it (`sprt/sprt.cpp`):
//! after each pair, H1 (Elo = elo1) is accepted once the log-likelihood
//! ratio reaches `ln((1-β)/α)`, H0 (Elo = elo0) once it falls to
//! `ln(β/(1-α))`.

use std::str::FromStr;

use crate::stats::llr;
use crate::stats::pentanomial::Pentanomial;

/// How an Elo hypothesis becomes a distribution of pair outcomes.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Model {
    /// Normalized Elo (fastchess's and fishtest's default): the Elo
    /// measured in units of the pairs' standard deviation, so that the
    /// test's length does not depend on the draw rate.
    #[default]
    Normalized,
    /// Logistic Elo: the expected score `1 / (1 + 10^(-elo/400))`.
    Logistic,
}

/// The hypothesis an SPRT accepted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Hypothesis {
    /// Elo = elo0: the change is not the gain sought.
    H0,
    /// Elo = elo1: the change gains at least about elo1.
    H1,
}

/// An SPRT: the two Elo hypotheses, the error rates, the model.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo of the null hypothesis.
    pub elo0: f64,
    /// The Elo of the alternative hypothesis (above `elo0`).
    pub elo1: f64,
    /// The false positive rate: accepting H1 when H0 holds.
    pub alpha: f64,
    /// The false negative rate: accepting H0 when H1 holds.
    pub beta: f64,
    /// The Elo model of the hypotheses.
    pub model: Model,
}

/// A malformed or inconsistent SPRT specification.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SprtError {
    /// A part is not `key=value` with a known key and a number.
    #[error(
        "SPRT: `{0}` is not one of elo0=E, elo1=E, alpha=A, beta=B, model=normalized|logistic"
    )]
    Part(String),
    /// `elo0` or `elo1` is missing.
    #[error("SPRT: elo0 and elo1 are required")]
    Missing,
    /// The values are out of range (as fastchess checks them).
    #[error("SPRT: {0}")]
    Range(&'static str),
}

impl Sprt {
    /// A normalized-Elo SPRT of `elo0` against `elo1` with α = β = 0.05.
    pub fn new(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
            model: Model::Normalized,
        }
    }

    /// Parses `elo0=E0,elo1=E1[,alpha=A][,beta=B][,model=normalized|logistic]`
    /// (commas or spaces between, as fastchess's `-sprt elo0=0 elo1=5`)
    /// (α and β 0.05 unless given), checked as fastchess checks it:
    /// elo0 < elo1, α and β in (0, 1), α + β < 1.
    pub fn parse(text: &str) -> Result<Sprt, SprtError> {
        let (mut elo0, mut elo1) = (None, None);
        let mut s = Sprt::new(0.0, 0.0);
        for part in text
            .split([',', ' '])
            .map(str::trim)
            .filter(|p| !p.is_empty())
        {
            let bad = || SprtError::Part(part.to_string());
            let (key, value) = part.split_once('=').ok_or_else(bad)?;
            let number = || {
                value
                    .trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .ok_or_else(bad)
            };
            match key.trim() {
                "elo0" => elo0 = Some(number()?),
                "elo1" => elo1 = Some(number()?),
                "alpha" => s.alpha = number()?,
                "beta" => s.beta = number()?,
                "model" => {
                    s.model = match value.trim() {
                        "normalized" => Model::Normalized,
                        "logistic" => Model::Logistic,
                        _ => return Err(bad()),
                    }
                }
                _ => return Err(bad()),
            }
        }
        (s.elo0, s.elo1) = (
            elo0.ok_or(SprtError::Missing)?,
            elo1.ok_or(SprtError::Missing)?,
        );
        s.check()?;
        Ok(s)
    }

    /// Checks the values as fastchess does before a match.
    pub fn check(&self) -> Result<(), SprtError> {
        let rate = |r: f64| r > 0.0 && r < 1.0;
        if self.elo0 >= self.elo1 {
            Err(SprtError::Range("elo0 must be less than elo1"))
        } else if !rate(self.alpha) || !rate(self.beta) {
            Err(SprtError::Range("alpha and beta must be between 0 and 1"))
        } else if self.alpha + self.beta >= 1.0 {
            Err(SprtError::Range("alpha + beta must be less than 1"))
        } else {
            Ok(())
        }
    }

    /// The log-likelihood ratio of H1 against H0 given `p`'s counts.
    pub fn llr(&self, p: &Pentanomial) -> f64 {
        match self.model {
            Model::Normalized => llr::normalized(p.counts(), self.elo0, self.elo1),
            Model::Logistic => llr::logistic(p.counts(), self.elo0, self.elo1),
        }
    }

    /// The bounds of the LLR: `(ln(β/(1-α)), ln((1-β)/α))`, below which
    /// H0 and above which H1 is accepted.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The hypothesis `llr` accepts, None while it is between the bounds.
    pub fn decide_llr(&self, llr: f64) -> Option<Hypothesis> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Hypothesis::H1)
        } else if llr <= lower {
            Some(Hypothesis::H0)
        } else {
            None
        }
    }

    /// The hypothesis `p`'s counts accept, None while the test goes on.
    pub fn decide(&self, p: &Pentanomial) -> Option<Hypothesis> {
        self.decide_llr(self.llr(p))
    }
}

impl FromStr for Sprt {
    type Err = SprtError;

    fn from_str(text: &str) -> Result<Sprt, SprtError> {
        Sprt::parse(text)
    }
}
