//! A game of a match as CTL-PGN, the one form `cescacs match --pgn` and
//! Python's `cescacs.study` write: Event `cescacs match`, Round `pair.1`
//! (A White) or `pair.2` (A Black, pairs counted from 1), White and Black,
//! the time control if any, the match's Result and Termination, the clock
//! after each engine move.

use cescacs::Color;

use crate::r#match::record::GameRecord;

/// The CTL-PGN record of `g`, whose sides are named `names` (A, B).
pub fn game_pgn(g: &GameRecord, (a_name, b_name): (&str, &str), tc: Option<&str>) -> String {
    let a_white = g.a_color == Color::White;
    let round = format!("{}.{}", g.pair + 1, if a_white { 1 } else { 2 });
    let (white, black) = if a_white {
        (a_name, b_name)
    } else {
        (b_name, a_name)
    };
    let mut tags = vec![
        ("Event", "cescacs match"),
        ("Round", round.as_str()),
        ("White", white),
        ("Black", black),
    ];
    tags.extend(tc.map(|tc| ("TimeControl", tc)));
    cescacs::pgn::write_game(&g.to_game(&tags))
}
