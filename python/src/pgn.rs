//! CTL-PGN reading and writing, as the module functions that `cescacs.pgn`
//! wraps. Reading games one at a time from a Python stream uses the core's
//! rules for where a game starts (`Splitter`), where it ends and where the
//! stream's lines and columns are (`Reader::position`, `TextPos`), kept in
//! a `_PgnStream` tied to the stream: `cescacs.pgn.read_game` only moves
//! the stream.

use cescacs::pgn::{self as core_pgn, PgnError, PgnErrorKind, Reader, Splitter, TextPos};
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

/// The first game of a piece of a stream, where its text ends (in
/// characters) and its first error.
type FirstGame = (Option<PyGame>, usize, Option<Py<PyAny>>);

// ----- module functions (wrapped by cescacs.pgn) ----------------------------------

fn games_list(py: Python<'_>, games: Vec<Game>) -> PyResult<Vec<Py<PyGame>>> {
    games
        .into_iter()
        .map(|game| Py::new(py, PyGame { game }))
        .collect()
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
    Ok((games_list(py, games)?, exceptions(py, &errors)))
}

/// The `InvalidPgnError` instances of `errors`.
fn exceptions(py: Python<'_>, errors: &[PgnError]) -> Vec<Py<PyAny>> {
    errors
        .iter()
        .map(|e| pgn_error(py, e).into_value(py).into_any())
        .collect()
}

/// The single game of `text`, `None` if it holds none; `InvalidPgnError`
/// for an error or a second game.
#[pyfunction]
pub(crate) fn _pgn_read_game(py: Python<'_>, text: &str) -> PyResult<Option<PyGame>> {
    match core_pgn::read_game(text) {
        Ok(game) => Ok(Some(PyGame { game })),
        Err(PgnError {
            kind: PgnErrorKind::NoGame,
            ..
        }) => Ok(None),
        Err(e) => Err(pgn_error(py, &e)),
    }
}

/// What `cescacs.pgn` knows about a stream between its calls (internal):
/// where the stream's next text is in its lines and columns (counted from
/// where reading it started), the text read ahead of a non-seekable stream
/// and the position of a seekable one after the last game. It lives on the
/// stream object (`cescacs.pgn` keeps it in an attribute of the handle), so
/// it goes with the stream.
#[pyclass(module = "cescacs", name = "_PgnStream")]
pub(crate) struct PyPgnStream {
    /// The place of the stream's next text (its offset is not used: the
    /// texts handed in are counted from their own start).
    at: TextPos,
    /// Text read from a non-seekable stream beyond the games returned.
    #[pyo3(get, set)]
    pending: String,
    /// The stream's `tell()` after the last game (seekable streams): another
    /// position on the next call means the stream was moved.
    #[pyo3(get, set)]
    tell: Option<Py<PyAny>>,
}

#[pymethods]
impl PyPgnStream {
    #[new]
    fn py_new() -> PyPgnStream {
        PyPgnStream {
            at: TextPos::START,
            pending: String::new(),
            tell: None,
        }
    }

    /// Counts lines and columns from here on, with nothing read ahead.
    fn restart(&mut self) {
        self.at = TextPos::START;
        self.pending.clear();
    }

    /// The first game of `text`, the stream's text from its place on (what
    /// could be read of the game), the number of characters up to where
    /// the next game starts (the whole text if none does) and the first
    /// error of that game as an `InvalidPgnError` instance, placed in the
    /// stream's lines; `None` if the text holds no game. The stream's place
    /// moves past those characters.
    fn first_game(&mut self, py: Python<'_>, text: &str) -> PyResult<Option<FirstGame>> {
        let mut games = Reader::resume(
            text.as_bytes(),
            TextPos {
                offset: 0,
                ..self.at
            },
        );
        let first = games.next();
        let end = games.position();
        self.at = end;
        let Some(first) = first else {
            return Ok(None);
        };
        let chars = text
            .get(..end.offset)
            .map_or_else(|| text.chars().count(), |t| t.chars().count());
        let error = first
            .errors
            .first()
            .map(|e| pgn_error(py, e).into_value(py).into_any());
        Ok(Some((first.game.map(PyGame::wrap), chars, error)))
    }

    /// Every game of `text`, the rest of the stream; `InvalidPgnError` at
    /// the first error, placed in the stream's lines.
    fn all_games(&mut self, py: Python<'_>, text: &str) -> PyResult<Vec<Py<PyGame>>> {
        let at = self.at;
        self.at = at.after(text);
        match core_pgn::read_games(text) {
            Ok(games) => games_list(py, games),
            Err(mut e) => {
                at.locate(&mut e);
                Err(pgn_error(py, &e))
            }
        }
    }

    /// Every game of `text`, the rest of the stream, that can be kept, and
    /// every error, placed in the stream's lines.
    fn all_games_lenient(&mut self, py: Python<'_>, text: &str) -> PyResult<LenientGames> {
        let at = self.at;
        self.at = at.after(text);
        let (games, mut errors) = core_pgn::read_games_lenient(text);
        errors.iter_mut().for_each(|e| at.locate(e));
        Ok((games_list(py, games)?, exceptions(py, &errors)))
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
