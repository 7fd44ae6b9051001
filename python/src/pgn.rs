//! CTL-PGN reading and writing, as the module functions that `cescacs.pgn`
//! wraps. Reading games one at a time from a Python stream uses the core's
//! rules for where a game starts (`Splitter`) and where it ends (the byte
//! spans of `Reader`): `cescacs.pgn.read_game` only moves the stream.

use cescacs::pgn::{self as core_pgn, PgnError, PgnErrorKind, Reader, Splitter};
use cescacs::Game;
use pyo3::prelude::*;

use crate::errors::pgn_error;
use crate::game::PyGame;

/// The core's rule for where a new game starts, line by line (internal:
/// `cescacs.pgn.read_game` feeds it the lines of a stream).
#[pyclass(module = "cescacs", name = "_Splitter")]
#[derive(Default)]
pub(crate) struct PySplitter(Splitter);

#[pymethods]
impl PySplitter {
    #[new]
    fn py_new() -> PySplitter {
        PySplitter::default()
    }

    /// Whether `line` starts a new game; if so the splitter is not
    /// advanced (`reset()` it, then feed it that line again).
    fn starts_game(&mut self, line: &str) -> bool {
        self.0.starts_game(line)
    }

    fn reset(&mut self) {
        self.0.reset();
    }
}

/// Where the first game of `text` ends, in characters: at the first line
/// the core's splitter says starts the next game. Without one, the length
/// of `text` if it is the rest of the stream (`at_end`), else `None` (its
/// last line may be incomplete: read more). Lets `cescacs.pgn.read_game`
/// read a file by blocks instead of line by line.
#[pyfunction]
pub(crate) fn _pgn_game_end(text: &str, at_end: bool) -> Option<usize> {
    let mut splitter = Splitter::default();
    let mut chars = 0;
    let mut rest = text;
    while !rest.is_empty() {
        let line = match rest.find('\n') {
            Some(i) => &rest[..=i],
            None if at_end => rest,
            None => return None,
        };
        if splitter.starts_game(line) {
            return Some(chars);
        }
        chars += line.chars().count();
        rest = &rest[line.len()..];
    }
    at_end.then_some(chars)
}

/// The first game of a chunk of text, where its text ends (in characters)
/// and its first error.
type FirstGame = (Option<PyGame>, usize, Option<Py<PyAny>>);

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

/// The first game of `text` (what could be read of it), the number of
/// characters up to where the next game starts (the whole text if none
/// does) and the first error of that game as an `InvalidPgnError`
/// instance; `None` if the text holds no game.
#[pyfunction]
pub(crate) fn _pgn_read_first_game(py: Python<'_>, text: &str) -> PyResult<Option<FirstGame>> {
    let mut entries = Reader::new(text.as_bytes());
    let Some(first) = entries.next() else {
        return Ok(None);
    };
    let end = entries.next().map_or(text.len(), |next| next.span.start);
    let chars = text.get(..end).map_or_else(|| text.chars().count(), |t| t.chars().count());
    let error = first.errors.first().map(|e| pgn_error(py, e).into_value(py).into_any());
    Ok(Some((first.game.map(|game| PyGame { game }), chars, error)))
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
