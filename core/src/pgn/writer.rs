//! The canonical CTL-PGN writer: byte-stable, so writing, reading and
//! writing again gives the same text.

use crate::piece::Color;
use crate::position::{Position, INITIAL_PDTL};
use std::rc::Rc;

use super::tags;
use crate::record::{AnnotatedMove, Line};
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

/// Leading dots written for a nesting depth are capped here: they only
/// show the depth (NOTATION.md §6.6; the reader skips them like blanks), and
/// uncapped they would make the text of a deep nest quadratic in its depth.
pub(super) const MAX_DOTS: usize = 32;

/// A line of moves being written: the main line (depth 0) or a variation.
struct Frame<'a> {
    line: &'a Line,
    depth: usize,
    /// Number of the next full move, and whether it is written `n?`.
    number: u32,
    unknown_number: bool,
    /// Index of the next move to write.
    j: usize,
    /// The moves of the full move just written, each with the position
    /// before it; their comments and variations are written next.
    group: Vec<(usize, Rc<Position>)>,
    /// Next move of `group`, and next variation of that move.
    gi: usize,
    vi: usize,
    /// The position reached, when it is shared with a variation (so a
    /// nest of variations from one position holds that position once).
    shared: Option<Rc<Position>>,
    /// The prefix of the variation's first line (`(` or `($[n] `), until
    /// that line is written.
    opening: Option<String>,
}

/// Writes `text` as one line at `depth`: its nesting dots, or the
/// variation's opening on its first line.
fn emit(out: &mut String, frame: &mut Frame<'_>, text: &str) {
    let dots = frame.depth.min(MAX_DOTS);
    match frame.opening.take() {
        Some(open) => {
            out.extend(std::iter::repeat_n('.', dots.saturating_sub(1)));
            out.push_str(&open);
        }
        None => out.extend(std::iter::repeat_n('.', dots)),
    }
    out.push_str(text);
    out.push('\n');
}

impl<'a> Frame<'a> {
    /// A line about to be written: `number` is its first full move's,
    /// `shared` the position it starts from when a parent line holds it.
    fn new(
        line: &'a Line,
        depth: usize,
        number: u32,
        unknown_number: bool,
        shared: Option<Rc<Position>>,
        opening: Option<String>,
    ) -> Frame<'a> {
        Frame {
            line,
            depth,
            number,
            unknown_number,
            j: 0,
            group: Vec::with_capacity(2),
            gi: 0,
            vi: 0,
            shared,
            opening,
        }
    }
}

/// Writes a line of moves and all its variations, to any depth, with a
/// stack instead of recursion: one full move per line, then the comments
/// and variations of its moves; a variation is `(` and its first line, the
/// others with one more leading dot, and `)` at the end of its last move
/// line (on a line of its own after a comment, whose `}` must end its line).
fn write_line(
    out: &mut String,
    start: &Position,
    first_number: u32,
    unknown_number: bool,
    line: &Line,
) {
    let mut pos = start.clone();
    let mut stack = vec![Frame::new(
        line,
        0,
        first_number,
        unknown_number,
        None,
        None,
    )];
    for c in &line.comments {
        emit(out, stack.last_mut().expect("root"), &write_comment(c));
    }
    loop {
        let top = stack.last_mut().expect("the main line stays until the end");
        if top.gi < top.group.len() {
            if let Some(child) = write_annotations(out, top, &mut pos) {
                stack.push(child);
            }
            continue;
        }
        if top.j < top.line.moves.len() {
            write_full_move(out, top, &mut pos);
            continue;
        }
        // The line is written: close the variation and go back to its parent.
        let done = stack.pop().expect("a line is open");
        let Some(parent) = stack.last_mut() else {
            return;
        };
        close_variation(out, &done, parent, &mut pos);
    }
}

/// The comments and variations of the next move of the full move just
/// written (`top.group[top.gi]`): its comments first, then one variation
/// at a time, returned as a line to write (`pos` set to its start); `None`
/// once that move has no variation left.
fn write_annotations<'a>(
    out: &mut String,
    top: &mut Frame<'a>,
    pos: &mut Position,
) -> Option<Frame<'a>> {
    let (k, before) = top.group[top.gi].clone();
    let am = &top.line.moves[k];
    if top.vi == 0 {
        let prefix = if before.turn() == Color::White {
            "@W:"
        } else {
            "@B:"
        };
        for c in &am.comments {
            // The body trimmed on its own, as the reader trims what
            // follows the prefix: `{ @W: \rx }` would read back as `x`.
            let text = write_comment(&format!("{prefix} {}", c.trim()));
            emit(out, top, &text);
        }
    }
    let Some(v) = am.variations.get(top.vi) else {
        top.gi += 1;
        top.vi = 0;
        return None;
    };
    top.vi += 1;
    let opening = match &v.label {
        Some(label) => format!("($[{label}] "),
        None => "(".to_string(),
    };
    *pos = Position::clone(&before);
    let mut child = Frame::new(
        &v.line,
        top.depth + 1,
        top.number - 1,
        false,
        Some(before),
        Some(opening),
    );
    for c in &v.line.comments {
        emit(out, &mut child, &write_comment(c));
    }
    Some(child)
}

/// Writes the next full move of `top` (White's and Black's, or Black's
/// alone) as one line, playing them on `pos`, and keeps them in
/// `top.group` for their comments and variations.
fn write_full_move(out: &mut String, top: &mut Frame<'_>, pos: &mut Position) {
    let moves = &top.line.moves;
    top.group.clear();
    top.gi = 0;
    let mark = if top.unknown_number { '?' } else { '.' };
    top.unknown_number = false;
    let number = top.number;
    let mut text = String::new();
    if pos.turn() == Color::Black {
        text.push_str(&format!("{number}{mark} …, "));
    } else {
        text.push_str(&format!("{number}{mark} "));
    }
    let mut played = 0;
    while top.j < moves.len() && played < 2 {
        let am = &moves[top.j];
        if played == 1 {
            if pos.turn() != Color::Black {
                break;
            }
            text.push_str(", ");
        }
        text.push_str(&move_text(pos, am));
        let before = top.shared.take().unwrap_or_else(|| Rc::new(pos.clone()));
        top.group.push((top.j, before));
        pos.play_unchecked(am.mv);
        top.j += 1;
        played += 1;
        if pos.turn() == Color::White {
            break; // Black's move ended the full move
        }
    }
    top.number += 1;
    emit(out, top, &text);
}

/// Closes the variation `done`, written: `)` at the end of its last line
/// (on a line of its own after a comment), and `pos` back to the position
/// after the parent's full move.
fn close_variation(out: &mut String, done: &Frame<'_>, parent: &Frame<'_>, pos: &mut Position) {
    if done.opening.is_some() {
        // A variation with no line at all cannot be read; never written.
        unreachable!("a variation holds at least its first move line");
    }
    out.pop(); // the last line's newline
    if out.ends_with('}') {
        out.push('\n');
        out.extend(std::iter::repeat_n(
            '.',
            done.depth.min(MAX_DOTS).saturating_sub(1),
        ));
    }
    out.push_str(")\n");
    let (k, before) = parent.group.last().expect("a variation follows a move");
    *pos = Position::clone(before);
    pos.play_unchecked(parent.line.moves[*k].mv);
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    let v = value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ");
    out.push_str(&format!("[{name} \"{v}\"]\n"));
}

/// Writes a game in canonical CTL-PGN (see the module documentation):
/// `[Variant "C'escacs"]`, the Seven Tag Roster in order (the game's
/// values, `?` and `????-??-??` where it has none, `Result` from
/// [`Game::result`], as the result line), the game's other tags in their
/// order and, when the game does not start from the initial position,
/// `PDTL` last (NOTATION.md §6.2). A `Variant`, `Result`, `PDTL`, `DPTL` or
/// `Redefine` in [`Game::tags`] is not written as it stands: the writer
/// writes those itself. The text is stable: a game read from text reads
/// back equal, and writing that gives the same text.
pub fn write_game(game: &Game) -> String {
    let mut out = String::new();
    for (name, value) in tags::written(game) {
        write_tag(&mut out, name, value);
    }
    if game.start().to_pdtl() != INITIAL_PDTL {
        write_tag(&mut out, "PDTL", &game.start().to_pdtl());
    }
    let first = game.start().fullmove_number();
    write_line(
        &mut out,
        game.start(),
        first.unwrap_or(1),
        first.is_none(),
        game.mainline(),
    );
    out.push_str(game.result().as_str());
    out.push('\n');
    for c in &game.final_comments {
        out.push_str(&write_comment(c));
        out.push('\n');
    }
    out
}

/// Writes several games, separated by an empty line (each starts with its
/// tags, which keep it apart from the one before).
pub fn write_games(games: &[Game]) -> String {
    games.iter().map(write_game).collect::<Vec<_>>().join("\n")
}

impl std::fmt::Display for Game {
    /// Canonical CTL-PGN ([`write_game`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&write_game(self))
    }
}
