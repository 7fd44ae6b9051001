//! The tag section of a record (NOTATION.md §6.2): `[Variant "C'escacs"]`
//! first, then the Seven Tag Roster in its order, then the record's other
//! tags in their order, and `PDTL` last.
//!
//! The writer ([`written`]) always writes that section, each roster tag
//! with its value or its default, `Result` from [`Game::result`]. A new
//! game has those tags at their defaults, and the reader ([`read`]) gives
//! every record the same tags in the same order (as python-chess's reader
//! fills a new game's roster, then sets what the file has), so a record
//! read from text, or made and edited through [`Game`]'s methods, writes
//! and reads back equal.

use crate::record::GameResult;
use crate::Game;

/// The `Variant` tag's value: the first tag of every record.
pub const VARIANT: &str = "C'escacs";

/// The Seven Tag Roster in the order written, each with its value when the
/// record does not give one (`?` unknown; the date with `?` for each
/// unknown digit; `*` for `Result`, which the writer takes from
/// [`Game::result`]).
pub const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????-??-??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// Tags the writer writes itself, whatever the list holds: `Variant` (one,
/// first), `Result` (from the game's result) and the start-position tags
/// (`PDTL` from the start position; the reader turns `DPTL` and `Redefine`
/// into the start position and standard letters).
fn own_tag(name: &str) -> bool {
    matches!(name, "Variant" | "Result" | "PDTL" | "DPTL" | "Redefine")
}

/// The tags of `tags` after the roster: every tag but the writer's own and
/// the first of each roster name (which stands in the roster), in order.
fn others(tags: &[(String, String)]) -> impl Iterator<Item = &(String, String)> {
    let mut seen = [false; 6];
    tags.iter().filter(move |(name, _)| {
        if own_tag(name) {
            return false;
        }
        match SEVEN_TAG_ROSTER[..6].iter().position(|&(n, _)| n == name) {
            Some(k) if !seen[k] => {
                seen[k] = true;
                false
            }
            _ => true,
        }
    })
}

/// The tags written for `game`, in order (without `PDTL`, which the writer
/// adds last): `Variant`, the roster (`Result` from [`Game::result`]), then
/// the game's other tags.
pub(super) fn written(game: &Game) -> Vec<(&str, &str)> {
    let mut out = Vec::with_capacity(8 + game.tags.len());
    out.push(("Variant", VARIANT));
    for (name, default) in SEVEN_TAG_ROSTER {
        let value = if name == "Result" {
            game.result().as_str()
        } else {
            game.tag(name).unwrap_or(default)
        };
        out.push((name, value));
    }
    out.extend(others(&game.tags).map(|(n, v)| (n.as_str(), v.as_str())));
    out
}

/// The tags of a record read from text (or of a new game: `tags` empty),
/// as the writer orders them: `Variant`, the roster (each the text's first
/// value, else its default; `Result` the game's `result`), then the text's
/// other tags in its order. `tags` holds no `PDTL`, `DPTL` or `Redefine`
/// (the reader consumed them) and only `C'escacs` variants (the reader
/// checked them).
pub(crate) fn read(
    tags: impl ExactSizeIterator<Item = (String, String)>,
    result: GameResult,
) -> Vec<(String, String)> {
    let mut out = Vec::with_capacity(8 + tags.len());
    out.push(("Variant".to_string(), VARIANT.to_string()));
    // The roster's places, filled below (an empty string allocates nothing).
    out.resize(1 + SEVEN_TAG_ROSTER.len(), (String::new(), String::new()));
    // Each tag read is moved, not copied: the first of each roster name to
    // its place, the others after the roster ([`others`]' rule).
    let mut seen = [false; 6];
    for (name, value) in tags {
        if own_tag(&name) {
            continue;
        }
        match SEVEN_TAG_ROSTER[..6].iter().position(|&(n, _)| n == name) {
            Some(k) if !seen[k] => {
                seen[k] = true;
                out[1 + k] = (name, value);
            }
            _ => out.push((name, value)),
        }
    }
    for (k, (name, default)) in SEVEN_TAG_ROSTER.into_iter().enumerate() {
        if name == "Result" {
            out[1 + k] = (name.to_string(), result.as_str().to_string());
        } else if !seen[k] {
            out[1 + k] = (name.to_string(), default.to_string());
        }
    }
    out
}
