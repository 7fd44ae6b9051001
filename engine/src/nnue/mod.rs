//! An efficiently updatable neural network (NNUE) evaluation: its inputs
//! ([`features`]), its file format ([`mod@format`]), the network
//! ([`Network`]) and the accumulators a search keeps along its line
//! ([`Accumulator`]), and the default network the engine ships with
//! ([`Network::default_network`]). The search evaluates with it when
//! `EngineOptions::use_nnue` is on; docs/NNUE.md says how the data, the
//! trainer (the `cescacs-train` crate) and the engine fit.
//!
//! ```
//! use cescacs::{History, Position};
//! use cescacs_engine::nnue::{Accumulator, Network};
//!
//! let net = Network::seeded(16, 8, 7);
//! let bytes = net.to_bytes();
//! let net = Network::from_bytes(&bytes).unwrap();
//! let start = Position::default();
//! let mut acc = Accumulator::new(&net, &start);
//! let m = start.legal_moves()[0];
//! let after = start.after(m);
//! acc.push(&net, &start, &after);
//! assert_eq!(net.evaluate_accumulator(&acc, &after), net.evaluate(&after));
//! acc.pop();
//! assert_eq!(net.evaluate_accumulator(&acc, &start), net.evaluate(&start));
//! ```

mod accumulator;
mod checksum;
mod default;
pub mod features;
pub mod format;
mod network;

pub use accumulator::Accumulator;
pub use checksum::crc32;
pub use default::DEFAULT_NETWORK;
pub use format::{FormatError, MAX_ACCUMULATOR, MAX_HIDDEN};
pub use network::{Base, Network, QA, QB};
