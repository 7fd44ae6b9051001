//! How an engine is built (table size, threads, evaluation), and the
//! ranges a caller may ask for, checked here for every caller.

use crate::eval::EvalConfig;
use crate::skill::Skill;

/// The largest transposition table [`EngineOptions::validate`] accepts, in MiB.
pub const MAX_HASH_MB: usize = 65536;
/// The most search threads [`EngineOptions::validate`] accepts.
pub const MAX_THREADS: usize = 256;

/// How an [`Engine`](crate::Engine) is built.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct EngineOptions {
    /// Size of the transposition table in MiB (16 bytes an entry).
    pub hash_mb: usize,
    /// Search threads (at least 1). Above 1 the result is not deterministic.
    pub threads: usize,
    /// The evaluation's terms and piece values.
    pub eval: EvalConfig,
    /// The strength level (UCI `Skill Level`): level 20, the default, is
    /// the plain search.
    pub skill: Skill,
    /// Whether the search evaluates with the network (UCI `Use NNUE`,
    /// `Engine::network`; the default, as it plays stronger) rather than
    /// the hand-written terms of `eval` alone.
    pub use_nnue: bool,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            hash_mb: 16,
            threads: 1,
            eval: EvalConfig::default(),
            skill: Skill::default(),
            use_nnue: true,
        }
    }
}

/// What is wrong with an [`EngineOptions`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// A table size outside 1..=[`MAX_HASH_MB`].
    #[error("hash_mb must be 1..65536, not {0}")]
    HashSize(usize),
    /// A thread count outside 1..=[`MAX_THREADS`].
    #[error("threads must be 1..256, not {0}")]
    Threads(usize),
}

impl EngineOptions {
    /// Whether the table size is 1..=[`MAX_HASH_MB`] MiB and the thread
    /// count 1..=[`MAX_THREADS`].
    pub fn validate(&self) -> Result<(), OptionsError> {
        if !(1..=MAX_HASH_MB).contains(&self.hash_mb) {
            return Err(OptionsError::HashSize(self.hash_mb));
        }
        if !(1..=MAX_THREADS).contains(&self.threads) {
            return Err(OptionsError::Threads(self.threads));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validation_names_the_bad_option() {
        assert!(EngineOptions::default().validate().is_ok());
        let with = |hash_mb, threads| {
            EngineOptions {
                hash_mb,
                threads,
                ..EngineOptions::default()
            }
            .validate()
        };
        assert_eq!(
            with(0, 1).unwrap_err().to_string(),
            "hash_mb must be 1..65536, not 0"
        );
        assert_eq!(with(MAX_HASH_MB + 1, 1), Err(OptionsError::HashSize(65537)));
        assert_eq!(
            with(1, 0).unwrap_err().to_string(),
            "threads must be 1..256, not 0"
        );
        assert_eq!(with(1, 257), Err(OptionsError::Threads(257)));
        assert!(with(MAX_HASH_MB, MAX_THREADS).is_ok());
    }
}
