//! The engines that play a match's sides: an external UCI engine's
//! process ([`UciEngine`]) with the options it declares ([`UciOption`]),
//! how it is started ([`EngineSpec`]), and the built-in engine with the
//! gaits it may abstain from ([`Abstain`]). Each running game holds one
//! running engine a side.

mod abstain;
pub(crate) mod builtin;
pub(crate) mod instance;
mod spec;
mod uci_option;
mod uci_process;

pub use abstain::Abstain;
pub use spec::{split_words, EngineSpec, SpecError};
pub use uci_option::{check_options, OptionKind, UciOption};
pub use uci_process::{info_score, BestMove, EngineError, UciEngine, HANDSHAKE_TIMEOUT};
