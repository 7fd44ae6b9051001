//! An efficiently updatable neural network (NNUE) evaluation: its inputs
//! ([`features`]), its file format ([`mod@format`]), the network
//! ([`Network`]) and the accumulators a search keeps along its line
//! ([`Accumulator`]). The search does not use it yet; docs/NNUE.md says
//! what exists and how the data and the trainer fit.
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
//! assert_eq!(net.evaluate_accumulator(&acc, after.turn()), net.evaluate(&after));
//! acc.pop();
//! assert_eq!(net.evaluate_accumulator(&acc, start.turn()), net.evaluate(&start));
//! ```

mod accumulator;
mod checksum;
pub mod features;
pub mod format;
mod network;

pub use accumulator::Accumulator;
pub use checksum::crc32;
pub use format::{FormatError, MAX_ACCUMULATOR, MAX_HIDDEN};
pub use network::{Network, QA, QB};
