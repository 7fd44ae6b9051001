//! The canonical CTL-PGN writer: byte-stable, so writing, reading and
//! writing again gives the same text.

use crate::piece::Color;
use crate::position::{Position, INITIAL_PDTL};
use crate::record::{AnnotatedMove, Line, Variation};
use crate::Game;

fn write_comment(text: &str) -> String {
    let t = text.replace('}', ")");
    if t.trim().is_empty() {
        "{ }".to_string()
    } else {
        format!("{{ {} }}", t.trim())
    }
}

fn move_text(pos: &Position, am: &AnnotatedMove) -> String {
    let mut s = pos.ctl(&am.mv);
    match (am.assessment, am.indicator) {
        (Some(a), i) => {
            s.push(' ');
            s.push_str(a.symbol());
            if let Some(i) = i {
                s.push_str(i.symbol());
            }
        }
        (None, Some(i)) => {
            s.push(' ');
            s.push_str(i.symbol());
        }
        (None, None) => {}
    }
    s
}

/// The lines of a line of moves (without nesting dots of its own): one
/// full move per line, then the comments and variations of its moves.
fn line_lines(start: &Position, first_number: u32, unknown_number: bool, line: &Line) -> Vec<String> {
    let mut out: Vec<String> = line.comments.iter().map(|c| write_comment(c)).collect();
    let mut pos = start.clone();
    let mut number = first_number;
    let mut first = true;
    let mut j = 0;
    let moves = &line.moves;
    while j < moves.len() {
        let mark = if first && unknown_number { '?' } else { '.' };
        first = false;
        // The moves of this full move: White's and Black's, or Black's alone.
        let mut group: Vec<(usize, Position)> = Vec::with_capacity(2);
        let text = if pos.turn() == Color::White {
            let w = move_text(&pos, &moves[j]);
            group.push((j, pos.clone()));
            pos.play_unchecked(moves[j].mv);
            j += 1;
            if j < moves.len() {
                let b = move_text(&pos, &moves[j]);
                group.push((j, pos.clone()));
                pos.play_unchecked(moves[j].mv);
                j += 1;
                format!("{number}{mark} {w}, {b}")
            } else {
                format!("{number}{mark} {w}")
            }
        } else {
            let b = move_text(&pos, &moves[j]);
            group.push((j, pos.clone()));
            pos.play_unchecked(moves[j].mv);
            j += 1;
            format!("{number}{mark} …, {b}")
        };
        out.push(text);
        for (k, before) in group {
            let am = &moves[k];
            let prefix = if before.turn() == Color::White { "@W:" } else { "@B:" };
            for c in &am.comments {
                // The body trimmed on its own, as the reader trims what
                // follows the prefix: `{ @W: \rx }` would read back as `x`.
                out.push(write_comment(&format!("{prefix} {}", c.trim())));
            }
            for v in &am.variations {
                out.extend(variation_lines(&before, number, v));
            }
        }
        number += 1;
    }
    out
}

/// A variation: `(` and its first line, the others with one more leading
/// dot, and `)` at the end of the last move line (on a line of its own
/// after a comment, whose `}` must end its line).
fn variation_lines(before: &Position, number: u32, v: &Variation) -> Vec<String> {
    let inner = line_lines(before, number, false, &v.line);
    let mut out = Vec::with_capacity(inner.len() + 1);
    for (k, l) in inner.into_iter().enumerate() {
        if k == 0 {
            match &v.label {
                Some(label) => out.push(format!("($[{label}] {l}")),
                None => out.push(format!("({l}")),
            }
        } else {
            out.push(format!(".{l}"));
        }
    }
    match out.last_mut() {
        Some(last) if !last.ends_with('}') => last.push(')'),
        _ => out.push(")".to_string()),
    }
    out
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    let v = value.replace('\\', "\\\\").replace('"', "\\\"").replace(['\n', '\r'], " ");
    out.push_str(&format!("[{name} \"{v}\"]\n"));
}

/// Writes a game in canonical CTL-PGN (see the module documentation). The
/// result is stable: reading it back gives an equal [`Game`], and writing
/// that gives the same text.
pub fn write_game(game: &Game) -> String {
    let mut out = String::new();
    for (name, value) in &game.tags {
        write_tag(&mut out, name, value);
    }
    if game.start().to_pdtl() != INITIAL_PDTL {
        write_tag(&mut out, "PDTL", &game.start().to_pdtl());
    }
    let first = game.start().fullmove_number();
    for l in line_lines(game.start(), first.unwrap_or(1), first.is_none(), game.mainline()) {
        out.push_str(&l);
        out.push('\n');
    }
    out.push_str(game.result().as_str());
    out.push('\n');
    for c in &game.final_comments {
        out.push_str(&write_comment(c));
        out.push('\n');
    }
    out
}

/// Writes several games, separated by an empty line.
///
/// Games are told apart by their tags. A game without tags that opens
/// with comments, written after another game, reads back with those
/// comments as the other game's final comments (NOTATION.md §6.1: the
/// comments after a result line are final comments); give it a tag (e.g.
/// `Event`) to keep it apart.
pub fn write_games(games: &[Game]) -> String {
    games.iter().map(write_game).collect::<Vec<_>>().join("\n")
}

impl std::fmt::Display for Game {
    /// Canonical CTL-PGN ([`write_game`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&write_game(self))
    }
}
