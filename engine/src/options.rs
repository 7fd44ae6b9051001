//! How an engine is built and searches (table size, threads, evaluation,
//! root lines, move overhead), and the ranges a caller may ask for,
//! checked here for every caller.

use std::time::Duration;

use crate::eval::EvalConfig;
use crate::skill::Skill;

/// The largest transposition table [`EngineOptions::validate`] accepts, in MiB.
pub const MAX_HASH_MB: usize = 65536;
/// The most search threads [`EngineOptions::validate`] accepts.
pub const MAX_THREADS: usize = 256;
/// The most root lines [`EngineOptions::validate`] accepts (Stockfish's bound).
pub const MAX_MULTIPV: usize = 500;
/// The largest move overhead [`EngineOptions::validate`] accepts.
pub const MAX_MOVE_OVERHEAD: Duration = Duration::from_secs(5);
/// The move overhead of [`EngineOptions::default`].
pub const DEFAULT_MOVE_OVERHEAD: Duration = Duration::from_millis(10);

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
    /// Root lines each search finds and reports (UCI `MultiPV`), at least
    /// 1: the best `multipv` root moves, each with its score and PV. Each
    /// line costs about a search of the root without the moves before it.
    pub multipv: usize,
    /// Time lost per move between the engine and the clock (UCI `Move
    /// Overhead`), kept out of the clock's limits for every move to come.
    pub move_overhead: Duration,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            hash_mb: 16,
            threads: 1,
            eval: EvalConfig::default(),
            skill: Skill::default(),
            use_nnue: true,
            multipv: 1,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
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
    /// A line count outside 1..=[`MAX_MULTIPV`].
    #[error("multipv must be 1..500, not {0}")]
    MultiPv(usize),
    /// A move overhead above [`MAX_MOVE_OVERHEAD`].
    #[error("move overhead must be 0..5000 ms, not {0} ms")]
    MoveOverhead(u128),
}

impl EngineOptions {
    /// Whether the table size is 1..=[`MAX_HASH_MB`] MiB, the thread
    /// count 1..=[`MAX_THREADS`], the lines 1..=[`MAX_MULTIPV`] and the
    /// move overhead at most [`MAX_MOVE_OVERHEAD`].
    pub fn validate(&self) -> Result<(), OptionsError> {
        if !(1..=MAX_HASH_MB).contains(&self.hash_mb) {
            return Err(OptionsError::HashSize(self.hash_mb));
        }
        if !(1..=MAX_THREADS).contains(&self.threads) {
            return Err(OptionsError::Threads(self.threads));
        }
        if !(1..=MAX_MULTIPV).contains(&self.multipv) {
            return Err(OptionsError::MultiPv(self.multipv));
        }
        if self.move_overhead > MAX_MOVE_OVERHEAD {
            return Err(OptionsError::MoveOverhead(self.move_overhead.as_millis()));
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
        let lines = |multipv| {
            EngineOptions {
                multipv,
                ..EngineOptions::default()
            }
            .validate()
        };
        assert_eq!(
            lines(0).unwrap_err().to_string(),
            "multipv must be 1..500, not 0"
        );
        assert_eq!(lines(501), Err(OptionsError::MultiPv(501)));
        assert!(lines(MAX_MULTIPV).is_ok());
        let overhead = |ms| {
            EngineOptions {
                move_overhead: Duration::from_millis(ms),
                ..EngineOptions::default()
            }
            .validate()
        };
        assert!(overhead(5000).is_ok());
        assert_eq!(
            overhead(5001).unwrap_err().to_string(),
            "move overhead must be 0..5000 ms, not 5001 ms"
        );
    }
}
