//! The network the engine ships with, `engine/nets/default.nnue`, built
//! into the binary. docs/NNUE.md gives the commands and the seed that made
//! it, and the matches that measured it.

use std::sync::{Arc, OnceLock};

use super::network::Network;

/// The default network file's bytes.
pub const DEFAULT_NETWORK: &[u8] = include_bytes!("../../nets/default.nnue");

impl Network {
    /// The default network (read once, then shared).
    ///
    /// ```
    /// use cescacs_engine::nnue::Network;
    ///
    /// let net = Network::default_network();
    /// assert_eq!(net.accumulator_size(), 64);
    /// ```
    pub fn default_network() -> Arc<Network> {
        static NET: OnceLock<Arc<Network>> = OnceLock::new();
        // The file is checked in and tested (tests/nnue.rs): reading it cannot fail.
        NET.get_or_init(|| {
            Arc::new(
                Network::from_bytes(DEFAULT_NETWORK)
                    .expect("engine/nets/default.nnue is a valid network"),
            )
        })
        .clone()
    }
}
