//! The King's special gaits an engine may be told not to play, for
//! measuring what they are worth (docs/BALANCE.md). Apart from the engine
//! and the search, which both read it.

/// The King's special gaits an engine may abstain from (balance studies:
/// docs/BALANCE.md). A gait is still played when it is the only legal move.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Abstain {
    pub king_leaps: bool,
    pub castling: bool,
}
