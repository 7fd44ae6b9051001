//! The labels a dataset stores for each game's result and termination:
//! small codes for arrays (NumPy's `uint8`, Arrow's dictionary indices)
//! and the readable strings they stand for, the result in C'escacs points
//! (`"3-0"`, `"2-1"`, `"1-1"`, `"1-2"`, `"0-3"`, `"*"`) and the termination
//! by the rules' name ([`Termination::name`]: `"checkmate"`, …).

use cescacs::{GameResult, Termination};

/// The results by code: a result's code is its position here, so code 0 is
/// `3-0`, 1 `0-3`, 2 `2-1`, 3 `1-2`, 4 `1-1` and 5 `*`.
pub const RESULTS: [GameResult; 6] = [
    GameResult::WhiteWins,
    GameResult::BlackWins,
    GameResult::WhiteStalemates,
    GameResult::BlackStalemates,
    GameResult::Draw,
    GameResult::Unfinished,
];

/// The terminations by code: code 0 is a game that has not ended, 1
/// checkmate, 2 stalemate, 3 fivefold repetition, 4 the 75-move rule and 5
/// insufficient material.
pub const TERMINATIONS: [Option<Termination>; 6] = [
    None,
    Some(Termination::Checkmate),
    Some(Termination::Stalemate),
    Some(Termination::FivefoldRepetition),
    Some(Termination::SeventyFiveMoves),
    Some(Termination::InsufficientMaterial),
];

/// A result's code (its position in [`RESULTS`]).
///
/// ```
/// use cescacs_research::dataset::{result_code, RESULTS};
///
/// assert!(RESULTS.iter().enumerate().all(|(c, &r)| usize::from(result_code(r)) == c));
/// assert_eq!(RESULTS.map(|r| r.as_str()), ["3-0", "0-3", "2-1", "1-2", "1-1", "*"]);
/// ```
pub fn result_code(r: GameResult) -> u8 {
    RESULTS
        .iter()
        .position(|&x| x == r)
        .expect("every result has a code") as u8
}

/// A termination's code (its position in [`TERMINATIONS`]; 0: not ended).
pub fn termination_code(t: Option<Termination>) -> u8 {
    TERMINATIONS
        .iter()
        .position(|&x| x == t)
        .expect("every termination has a code") as u8
}

/// The termination named `name` ([`Termination::name`], as a dataset's
/// termination column holds it); `None` for any other text.
///
/// ```
/// use cescacs::Termination;
/// use cescacs_research::dataset::termination_from_name;
///
/// assert_eq!(termination_from_name("75-move rule"), Some(Termination::SeventyFiveMoves));
/// assert_eq!(termination_from_name("resignation"), None);
/// ```
pub fn termination_from_name(name: &str) -> Option<Termination> {
    TERMINATIONS
        .iter()
        .flatten()
        .copied()
        .find(|t| t.name() == name)
}
