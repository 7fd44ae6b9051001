//! Reading `go`: every `go` is searched, as Stockfish answers every one. A
//! value the engine cannot search with is reported (`info string
//! warning: …`) and the search runs with the rest: a depth, node count or
//! mate of 0 counts as 1, a negative time as 0, a word that is not a number
//! drops its parameter, an illegal `searchmoves` move is left out of the
//! list. A `go` whose every limit was dropped searches to depth 1 rather
//! than without end, so that it still answers.

use std::time::Duration;

use cescacs::Position;
use cescacs_engine::Limits;

use super::position::read_move;

/// The words that start a `go` parameter (and end a `searchmoves` list).
const GO_PARAMETERS: [&str; 12] = [
    "depth",
    "movetime",
    "nodes",
    "mate",
    "infinite",
    "searchmoves",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "ponder",
];

/// A `go` command read: the limits, whether its `bestmove` waits for
/// `stop` (`infinite`, or a `go` without any limit), whether it ponders,
/// and what it reported.
pub struct Go {
    pub limits: Limits,
    pub infinite: bool,
    pub ponder: bool,
    pub warnings: Vec<String>,
}

/// What one parameter's value reads as.
enum Value {
    /// A whole number.
    Number(u64),
    /// A negative whole number.
    Negative,
    /// Not a number (or none: the end of the line).
    Bad(String),
}

/// `go` with `wtime MS btime MS winc MS binc MS movestogo N | movetime MS |
/// depth N | nodes N | mate N | infinite | ponder | searchmoves M1 M2 …`
/// from `pos`, any combination (a `searchmoves` list runs to the next
/// parameter); a search with no limit (bare `go`) runs until `stop`, like
/// `infinite`. An unknown word, and what follows it up to the next
/// parameter, is ignored with a warning.
pub fn read_go(words: &[&str], pos: &Position) -> Go {
    let mut go = Go {
        limits: Limits::default(),
        infinite: false,
        ponder: false,
        warnings: Vec::new(),
    };
    let mut dropped = false;
    let mut it = words.iter().copied().peekable();
    while let Some(w) = it.next() {
        if !GO_PARAMETERS.contains(&w) {
            let skipped: Vec<&str> =
                std::iter::from_fn(|| it.next_if(|t| !GO_PARAMETERS.contains(t))).collect();
            let what = if skipped.is_empty() {
                String::new()
            } else {
                format!(" (and {:?})", skipped.join(" "))
            };
            go.warnings
                .push(format!("unknown go parameter {w:?}{what} ignored"));
            continue;
        }
        match w {
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                let mut moves = Vec::new();
                while let Some(text) = it.next_if(|t| !GO_PARAMETERS.contains(t)) {
                    match read_move(pos, text) {
                        Ok(m) => moves.push(m),
                        Err(e) => go
                            .warnings
                            .push(format!("go searchmoves: {e}; left out of the list")),
                    }
                }
                if moves.is_empty() {
                    go.warnings.push(
                        "go searchmoves: no legal move listed; every move is searched".into(),
                    );
                } else {
                    go.limits.search_moves = Some(moves);
                }
            }
            _ => {
                let value = match it.next_if(|t| !GO_PARAMETERS.contains(t)) {
                    None => Value::Bad(String::new()),
                    Some(v) => match (v.parse::<u64>(), v.parse::<i64>()) {
                        (Ok(n), _) => Value::Number(n),
                        (_, Ok(_)) => Value::Negative,
                        _ => Value::Bad(v.to_string()),
                    },
                };
                if let Some(warning) = set_limit(&mut go.limits, w, value) {
                    dropped |= warning.ends_with("ignored");
                    go.warnings.push(warning);
                }
            }
        }
    }
    let limits = &mut go.limits;
    if go.infinite {
        // `infinite`: no time limit ends the search, only `stop`.
        (limits.time, limits.white_time, limits.black_time) = (None, None, None);
    }
    let unbounded = !limits.is_bounded(pos.turn()) && limits.mate.is_none();
    if unbounded && dropped && !go.infinite && !go.ponder {
        go.warnings
            .push("go: no limit left; searching to depth 1".to_string());
        limits.depth = Some(1);
    }
    go.infinite |= !limits.is_bounded(pos.turn()) && limits.mate.is_none();
    go
}

/// Sets the limit `name` to `value`; the warning of a value refused or
/// changed (ending in "ignored" when the parameter is dropped).
fn set_limit(limits: &mut Limits, name: &str, value: Value) -> Option<String> {
    let ms = |n: u64| Some(Duration::from_millis(n));
    let count = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
    let n = match value {
        Value::Number(n) => n,
        Value::Bad(v) if v.is_empty() => {
            return Some(format!("go {name} needs a number; ignored"));
        }
        Value::Bad(v) => return Some(format!("go {name}: {v:?} is not a number; ignored")),
        Value::Negative => match name {
            "wtime" | "btime" | "winc" | "binc" | "movetime" => 0,
            _ => return Some(format!("go {name} cannot be negative; ignored")),
        },
    };
    let at_least_1 = |n: u64| n.max(1);
    match name {
        "depth" => limits.depth = Some(count(at_least_1(n))),
        "nodes" => limits.nodes = Some(at_least_1(n)),
        "mate" => limits.mate = Some(count(at_least_1(n))),
        "movestogo" => limits.moves_to_go = Some(count(n)),
        "movetime" => limits.time = ms(n),
        "wtime" => limits.white_time = ms(n),
        "btime" => limits.black_time = ms(n),
        "winc" => limits.white_inc = ms(n),
        _ => limits.black_inc = ms(n),
    }
    match (matches!(value, Value::Negative), name) {
        (true, _) => Some(format!("go {name} below 0 counts as 0")),
        (false, "depth" | "nodes" | "mate") if n == 0 => {
            Some(format!("go {name} 0: {name} must be at least 1; 1 is used"))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(text: &str) -> Go {
        let words: Vec<&str> = text.split_whitespace().collect();
        read_go(&words, &Position::default())
    }

    #[test]
    fn bad_values_are_reported_and_the_rest_searched() {
        let g = go("depth 0");
        assert_eq!(g.limits.depth, Some(1));
        assert_eq!(
            g.warnings,
            ["go depth 0: depth must be at least 1; 1 is used"]
        );
        assert!(!g.infinite);
        let g = go("wtime -100 btime 5000");
        assert_eq!(g.limits.white_time, Some(Duration::ZERO));
        assert_eq!(g.warnings, ["go wtime below 0 counts as 0"]);
        let g = go("nodes x");
        assert_eq!(
            g.warnings,
            [
                "go nodes: \"x\" is not a number; ignored",
                "go: no limit left; searching to depth 1"
            ]
        );
        assert_eq!(
            (g.limits.depth, g.limits.nodes, g.infinite),
            (Some(1), None, false)
        );
        let g = go("depth");
        assert_eq!(g.warnings[0], "go depth needs a number; ignored");
        let g = go("mate -2 movetime 50");
        assert_eq!(g.warnings, ["go mate cannot be negative; ignored"]);
        assert_eq!(g.limits.time, Some(Duration::from_millis(50)));
        // An unknown word alone: the bare `go`, an infinite search.
        let g = go("frobnicate 3");
        assert_eq!(
            g.warnings,
            ["unknown go parameter \"frobnicate\" (and \"3\") ignored"]
        );
        assert!(g.infinite);
    }

    #[test]
    fn mate_alone_is_neither_bounded_nor_infinite() {
        let g = go("mate 2");
        assert_eq!((g.limits.mate, g.infinite), (Some(2), false));
        let g = go("searchmoves Z99 E7-E13 depth 2");
        assert_eq!(g.limits.search_moves.as_ref().map(Vec::len), Some(1));
        assert_eq!(g.warnings.len(), 1, "{:?}", g.warnings);
        assert!(
            g.warnings[0].starts_with("go searchmoves: move Z99"),
            "{:?}",
            g.warnings
        );
        let g = go("searchmoves Z99 depth 2");
        assert_eq!(g.limits.search_moves, None);
        assert_eq!(
            g.warnings[1],
            "go searchmoves: no legal move listed; every move is searched"
        );
    }
}
