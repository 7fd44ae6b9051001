//! The statistics of a paired match, computed as fastchess computes them by
//! default (github.com/Disservin/fastchess, `app/src/matchmaking/`): the
//! pentanomial counts of opening pairs ([`Pentanomial`]), the Elo
//! estimate with its 95 % error and the likelihood of superiority
//! ([`EloEstimate`], `elo/elo_pentanomial.cpp`), and the sequential
//! probability ratio test on the pentanomial counts with the normalized
//! Elo model ([`Sprt`], `sprt/sprt.cpp`); [`report`] prints them in
//! fastchess's words. Pure arithmetic: no I/O.
//!
//! C'escacs scores a game 3-0 (mate), 2-1 (stalemate) or 1-1 (draw), so a
//! game's share of the points is 1, 2/3, 1/2, 1/3 or 0, and a pair's sum
//! may fall between the five pentanomial outcomes (0, 1/2, 1, 3/2, 2):
//! [`Pentanomial::add_pair`] says how such a pair is counted.
//!
//! ```
//! use cescacs_study::stats::{report, EloEstimate, Hypothesis, Pentanomial, Sprt};
//!
//! let mut p = Pentanomial::default();
//! for _ in 0..75 {
//!     p.add_pair(1.0, 0.5); // a win and a draw: WD
//!     p.add_pair(1.0, 0.5);
//!     p.add_pair(0.5, 0.5); // two draws: WL+DD
//!     p.add_pair(0.0, 0.5); // a loss and a draw: LD
//! }
//! let sprt = Sprt::parse("elo0=0,elo1=10").unwrap();
//! assert_eq!(sprt.decide(&p), Some(Hypothesis::H1));
//! assert_eq!(report::ptnml_line(&p), "Ptnml(0-2): [0, 75, 75, 150, 0]");
//! assert_eq!(report::elo_line(&EloEstimate::from_pentanomial(&p)), "Elo: 43.66 +/- 16.57, nElo: 74.07 +/- 27.80");
//! ```

mod elo;
mod erf;
mod itp;
mod llr;
mod pentanomial;
pub mod report;
mod sprt;
mod tally;

pub use elo::EloEstimate;
pub use pentanomial::Pentanomial;
pub use sprt::{Hypothesis, Model, Sprt, SprtError};
pub use tally::Tally;

#[cfg(test)]
mod tests;
