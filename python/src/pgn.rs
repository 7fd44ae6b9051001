//! CTL-PGN reading and writing, as the module functions that `cescacs.pgn`
//! wraps. Reading the first game of a longer text (`first_game`) splits the
//! text here, from where the core reports its errors.

use cescacs::pgn::{self as core_pgn, PgnError, PgnErrorKind};
use cescacs::Game;
use pyo3::prelude::*;

use crate::errors::pgn_error;
use crate::game::PyGame;

/// Byte offset of (line, column) (1-based, columns in characters) in
/// `text`; the text's length if it lies beyond.
fn byte_at(text: &str, line: usize, column: usize) -> usize {
    let (mut l, mut c) = (1, 1);
    for (i, ch) in text.char_indices() {
        if l == line && c == column || l > line {
            return i;
        }
        if ch == '\n' {
            l += 1;
            c = 1;
        } else {
            c += 1;
        }
    }
    text.len()
}

/// The first game of `text` and the byte offset where its text ends (where
/// the next game starts), `None` if the text holds no game. The core splits
/// the games: a text of two games reads as an error at the start of the
/// second one. An error inside a later game does not prevent reading the
/// first.
fn first_game(text: &str) -> Result<Option<(Game, usize)>, PgnError> {
    let upto = |line: usize, column: usize| -> Result<Option<(Game, usize)>, PgnError> {
        let b = byte_at(text, line, column);
        core_pgn::read_game(&text[..b]).map(|g| Some((g, b)))
    };
    let e = match core_pgn::read_game(text) {
        Ok(g) => return Ok(Some((g, text.len()))),
        Err(e) => e,
    };
    match e.kind {
        PgnErrorKind::NoGame => Ok(None),
        PgnErrorKind::SecondGame => upto(e.line, e.column),
        _ => {
            // Where is the error? Read the text before its line: if that
            // already holds two games, the first one is sound.
            let cut = byte_at(text, e.line, 1);
            match core_pgn::read_game(&text[..cut]) {
                Err(PgnError { kind: PgnErrorKind::SecondGame, line, column }) => upto(line, column),
                // A bad tag line right after a game's moves starts the next game.
                Ok(g) if !g.is_empty() && matches!(e.kind, PgnErrorKind::TagSyntax(_)) && text[cut..].trim_start().starts_with('[') => {
                    Ok(Some((g, cut)))
                }
                _ => Err(e),
            }
        }
    }
}

// ----- module functions (wrapped by cescacs.pgn) ----------------------------------

fn games_list(py: Python<'_>, games: Vec<Game>) -> PyResult<Vec<Py<PyGame>>> {
    games.into_iter().map(|game| Py::new(py, PyGame { game })).collect()
}

/// Every game of `text`; `InvalidPgnError` at the first error.
#[pyfunction]
pub(crate) fn _pgn_read_games(py: Python<'_>, text: &str) -> PyResult<Vec<Py<PyGame>>> {
    let games = core_pgn::read_games(text).map_err(|e| pgn_error(py, &e))?;
    games_list(py, games)
}

/// Games read leniently and the `InvalidPgnError` instances of the errors.
type LenientGames = (Vec<Py<PyGame>>, Vec<Py<PyAny>>);

/// Every game that can be kept and every error (as exception instances).
#[pyfunction]
pub(crate) fn _pgn_read_games_lenient(py: Python<'_>, text: &str) -> PyResult<LenientGames> {
    let (games, errors) = core_pgn::read_games_lenient(text);
    let errors = errors.iter().map(|e| pgn_error(py, e).into_value(py).into_any()).collect();
    Ok((games_list(py, games)?, errors))
}

/// The single game of `text`, `None` if it holds none; `InvalidPgnError`
/// for an error or a second game.
#[pyfunction]
pub(crate) fn _pgn_read_game(py: Python<'_>, text: &str) -> PyResult<Option<PyGame>> {
    match core_pgn::read_game(text) {
        Ok(game) => Ok(Some(PyGame { game })),
        Err(PgnError { kind: PgnErrorKind::NoGame, .. }) => Ok(None),
        Err(e) => Err(pgn_error(py, &e)),
    }
}

/// The first game of `text` and the number of characters its text takes
/// (the next game starts there), or `None` if the text holds no game.
#[pyfunction]
pub(crate) fn _pgn_read_first_game(py: Python<'_>, text: &str) -> PyResult<Option<(PyGame, usize)>> {
    match first_game(text) {
        Ok(Some((game, end))) => Ok(Some((PyGame { game }, text[..end].chars().count()))),
        Ok(None) => Ok(None),
        Err(e) => Err(pgn_error(py, &e)),
    }
}

#[pyfunction]
pub(crate) fn _pgn_write_game(game: PyRef<'_, PyGame>) -> String {
    core_pgn::write_game(&game.game)
}

#[pyfunction]
pub(crate) fn _pgn_write_games(games: Vec<PyRef<'_, PyGame>>) -> String {
    let games: Vec<Game> = games.iter().map(|g| g.game.clone()).collect();
    core_pgn::write_games(&games)
}
