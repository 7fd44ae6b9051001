//! Reading `position` and moves: PDTL where UCI has FEN, moves in CTL-AN
//! (the long form is read too). As Stockfish, a `position` whose moves
//! include an illegal one is the position after the legal ones before it.

use cescacs::{History, Move, Position};

/// A `position` read: the game, and the error of the first move that
/// could not be played (the game then stops before it).
pub struct Read {
    pub game: History,
    pub bad_move: Option<String>,
}

/// `position startpos|pdtl <PDTL> [moves …]`; an error when the start
/// cannot be read (the session then keeps its position).
pub fn read_position(words: &[&str]) -> Result<Read, String> {
    let split = words
        .iter()
        .position(|&w| w == "moves")
        .unwrap_or(words.len());
    let (head, moves) = (&words[..split], words.get(split + 1..).unwrap_or(&[]));
    let start = match head {
        ["startpos"] => Position::default(),
        ["pdtl", pdtl @ ..] if !pdtl.is_empty() => {
            let text = pdtl.join(" ");
            text.parse::<Position>()
                .map_err(|e| format!("bad PDTL {text:?}: {e}"))?
        }
        _ => return Err("expected `position startpos|pdtl <PDTL> [moves …]`".to_string()),
    };
    let mut game = History::with_capacity(start, moves.len());
    for (k, text) in moves.iter().enumerate() {
        match read_move(game.position(), text) {
            Ok(m) => game.push_unchecked(m),
            Err(e) => {
                let bad_move = format!(
                    "{e} (move {} of the list); the position is after the {k} before it",
                    k + 1
                );
                return Ok(Read {
                    game,
                    bad_move: Some(bad_move),
                });
            }
        }
    }
    Ok(Read {
        game,
        bad_move: None,
    })
}

/// A legal move of `pos` in CTL-AN or the long form.
pub fn read_move(pos: &Position, text: &str) -> Result<Move, String> {
    pos.parse_ctl(text).or_else(|e| {
        pos.parse_long(text)
            .map_err(|_| format!("move {text}: {e}"))
    })
}
