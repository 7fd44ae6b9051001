//! Piece values fitted to game results (Texel's method): the quiet
//! positions of many engine games, each labelled with White's share of its
//! game's points ([`quiet_samples`]), a logistic regression of that share
//! on the material balance ([`fit()`]) and bootstrap standard errors
//! ([`bootstrap()`]). A role's value is its weight over the Pawn's, in
//! centipawns. docs/BALANCE.md has the run (`cargo run --release -p
//! cescacs-study --example fit`).

mod bootstrap;
mod data;
mod regression;

pub use bootstrap::{bootstrap, Bootstrap};
pub use data::{material_balance, quiet_samples, GameSamples, FIT_ROLES};
pub use regression::{fit, FitError, Logistic};
