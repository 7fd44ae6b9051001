//! # cescacs-research
//!
//! Research over the rules of C'escacs (the `cescacs` crate): what machine
//! learning and statistics need that is not a rule.
//!
//! - [`selfplay`]: seeded games of uniformly random legal moves on all
//!   cores ([`selfplay::RandomGames`]), the same games whatever the number
//!   of threads;
//! - [`dataset`]: [`GameBatch`], many games at two bytes a ply, filled by
//!   self-play ([`dataset::SelfPlay`]), from records or CTL-PGN, and turned
//!   into training samples;
//! - [`encode`]: input planes over the 169 hexes and a move-index space
//!   for policies;
//! - [`episode`]: one game as a reinforcement-learning environment steps
//!   it, in memory that does not grow with its length;
//! - [`positions`]: the training-position file (`CESPOS1`) the network's
//!   generator writes and its trainer reads;
//! - [`generate`]: that generator, engine self-play labelled by its search
//!   (`src/bin/gen_positions.rs` is its command line).
//!
//! ```
//! use cescacs_research::dataset::SelfPlay;
//!
//! let batch = SelfPlay::new(8).seed(1).max_plies(60).run().unwrap();
//! assert_eq!(batch.len(), 8);
//! assert!(batch.moves().len() <= 8 * 60);
//! ```
//!
//! The rules come from `cescacs` through its public API only: random play
//! draws its moves with [`cescacs::MoveGroups`], keeps repetitions with
//! [`cescacs::RecentHashes`], seeds its games with [`cescacs::random`] and
//! spreads over threads with [`cescacs::workers`].

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod dataset;
pub mod encode;
pub mod episode;
pub mod generate;
pub mod packed;
pub mod positions;
pub mod selfplay;

pub use dataset::GameBatch;
