//! The seeded random openings a match starts its games from.

use cescacs::random::{game_seed, SplitMix64};
use cescacs::{History, Position};

/// The opening `index` of the run of `seed`: a number of plies drawn in
/// `plies` (inclusive), each a random legal move from `start` that does not
/// end the game. The stream is the rules' one derivation
/// ([`game_seed`]), so any opening of a run can be made on its own.
pub(crate) fn random_opening(start: &Position, seed: u64, index: u64, plies: (usize, usize)) -> History {
    let mut rng = SplitMix64::new(game_seed(seed, index));
    let (lo, hi) = plies;
    let plies = lo + rng.below(hi.saturating_sub(lo) + 1);
    let mut h = History::new(start.clone());
    while h.len() < plies {
        let moves = h.position().legal_moves();
        let playable: Vec<_> = moves.iter().filter(|&&m| !h.position().after(m).legal_moves().is_empty()).collect();
        if playable.is_empty() {
            break;
        }
        h.push_unchecked(*playable[rng.below(playable.len())]);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_seeded_and_never_end_the_game() {
        let start = Position::default();
        for i in 0..8 {
            let a = random_opening(&start, 5, i, (4, 8));
            assert!((4..=8).contains(&a.len()), "{} plies", a.len());
            assert!(a.outcome().is_none());
            assert_eq!(a.moves().collect::<Vec<_>>(), random_opening(&start, 5, i, (4, 8)).moves().collect::<Vec<_>>());
        }
        let first = |seed| random_opening(&start, seed, 0, (6, 6)).moves().collect::<Vec<_>>();
        assert_ne!(first(1), first(2));
    }
}
