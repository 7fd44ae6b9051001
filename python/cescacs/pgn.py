"""CTL-PGN game records (NOTATION.md §6), shaped on python-chess's ``chess.pgn``.

>>> import io, cescacs.pgn
>>> text = "[Event \\"demo\\"]\\n1. E7-E13, E21-E15\\n2. F8-F12\\n*\\n"
>>> game = cescacs.pgn.read_game(io.StringIO(text))
>>> game.headers["Event"], game.ply(), game.result
('demo', 3, '*')
>>> [m.long() for m in game.mainline_moves()]
['E7-E13', 'E21-E15', 'F8-F12']
>>> str(game) == text
True

Reading is done by the Rust core, which checks every move (variations
included) against the rules. Errors raise :class:`cescacs.InvalidPgnError`
(a ``ValueError``) with ``.line`` and ``.column`` (1-based; columns count
characters) and ``.reason``.

``read_game(handle)`` returns the next game of a text stream, or ``None`` at
the end; ``read_games(handle)`` reads them all at once and is the efficient
path for big files. See :func:`read_game` for how a stream is consumed.
"""

from __future__ import annotations

import io
import os
import weakref
from collections.abc import MutableMapping
from typing import Any, Dict, Iterable, Iterator, List, Literal, Optional, TextIO, Tuple, Union, overload

from ._cescacs import (
    Game,
    GameBatch,
    GameNode,
    InvalidPgnError,
    Variation,
    _pgn_game_end,
    _pgn_read_batch,
    _pgn_read_first_game,
    _pgn_read_game,
    _pgn_read_games,
    _pgn_read_games_lenient,
    _pgn_write_game,
    _pgn_write_games,
    _Splitter,
)

__all__ = [
    "Game",
    "GameNode",
    "Headers",
    "InvalidPgnError",
    "Variation",
    "read_game",
    "read_games",
    "read_batch",
    "iter_games",
    "write_game",
    "write_games",
]

Source = Union[str, TextIO]


class Headers(MutableMapping):
    """The tags of a :class:`Game` in file order, as a mutable mapping that
    writes through to the game (``game.headers["Event"] = "CG"``).

    Names are letters, digits and ``_``; values fit on one line. ``PDTL``
    and ``Redefine`` are not headers (the start position is ``Game(board)``;
    the writer uses standard letters), and ``Variant`` can only be
    ``"C'escacs"``: setting them raises ``ValueError``.
    """

    __slots__ = ("_game",)

    def __init__(self, game: Game) -> None:
        self._game = game

    def __getitem__(self, name: str) -> str:
        for n, v in self._game._tags():
            if n == name:
                return v
        raise KeyError(name)

    def __setitem__(self, name: str, value: str) -> None:
        if not isinstance(name, str) or not isinstance(value, str):
            raise TypeError(f"tag names and values are str, got {name!r}: {value!r}")
        self._game._set_tag(name, value)

    def __delitem__(self, name: str) -> None:
        if not self._game._del_tag(name):
            raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        seen = []
        for n, _ in self._game._tags():
            if n not in seen:
                seen.append(n)
        return iter(seen)

    def __len__(self) -> int:
        return len({n for n, _ in self._game._tags()})

    def __repr__(self) -> str:
        return f"Headers({dict(self.items())!r})"


# ----- streams -------------------------------------------------------------------------


class _Stream:
    """What read_game knows about a stream between calls."""

    __slots__ = ("pending", "line", "column", "tell")

    def __init__(self) -> None:
        #: Text read from a non-seekable stream beyond the games returned.
        self.pending = ""
        #: Line and column, in the text read from this stream, of the next
        #: text (error positions are relative to where reading started).
        self.line = 1
        self.column = 1
        #: The stream position after the last game (seekable streams); a
        #: different position on the next call means the stream was moved.
        self.tell: Any = None

    def copy(self) -> "_Stream":
        other = _Stream()
        other.line, other.column = self.line, self.column
        return other

    def advance(self, text: str) -> None:
        newlines = text.count("\n")
        if newlines:
            self.line += newlines
            self.column = len(text) - text.rfind("\n")
        else:
            self.column += len(text)


_streams: "weakref.WeakKeyDictionary[Any, _Stream]" = weakref.WeakKeyDictionary()
# Streams that cannot be weakly referenced, kept alive with their state.
_strong_streams: Dict[int, Tuple[Any, _Stream]] = {}


def _stream_state(handle: Any) -> _Stream:
    try:
        state = _streams.get(handle)
        if state is None:
            state = _streams[handle] = _Stream()
        return state
    except TypeError:
        entry = _strong_streams.get(id(handle))
        if entry is None or entry[0] is not handle:
            entry = _strong_streams[id(handle)] = (handle, _Stream())
        return entry[1]


def _seekable(handle: Any) -> bool:
    try:
        return bool(handle.seekable())
    except (AttributeError, OSError, ValueError):
        return False


def _read_text(handle: Any) -> str:
    text = handle.read()
    if not isinstance(text, str):
        raise TypeError(f"expected a text stream or a str, got a stream of {type(text).__name__} (open the file in text mode)")
    return text


def _relocate(err: Any, state: _Stream) -> Any:
    """The error with its position counted from where reading the stream started."""
    if state.line == 1 and state.column == 1:
        return err
    line = err.line + state.line - 1
    column = err.column + state.column - 1 if err.line == 1 else err.column
    new = InvalidPgnError(f"line {line}, column {column}: {err.reason}")
    new.line, new.column, new.reason = line, column, err.reason
    return new


def _begin(handle: Any) -> Tuple[_Stream, bool, Any]:
    """The stream's state, whether it is seekable and its position."""
    state = _stream_state(handle)
    seekable = _seekable(handle)
    start = handle.tell() if seekable else None
    if seekable and state.tell != start:
        # First call, or the stream was moved since: count from here.
        state.pending, state.line, state.column = "", 1, 1
    return state, seekable, start


def _read_rest(handle: Any, state: _Stream, seekable: bool) -> str:
    """The rest of the stream's text (what a pipe had over-read first)."""
    text = _read_text(handle)
    if not seekable:
        text, state.pending = state.pending + text, ""
    return text


def _next_line(handle: Any, state: _Stream) -> str:
    """The next line of the stream, ``""`` at its end: from the text
    over-read before (non-seekable streams), else ``readline()``."""
    if state.pending:
        cut = state.pending.find("\n") + 1 or len(state.pending)
        line, state.pending = state.pending[:cut], state.pending[cut:]
        return line
    line = handle.readline()
    if not isinstance(line, str):
        raise TypeError(f"expected a text stream or a str, got a stream of {type(line).__name__} (open the file in text mode)")
    return line


def _read_chunk(handle: Any, state: _Stream, seekable: bool) -> Tuple[str, int]:
    """Text read from the stream and the length of its first part: whole
    lines up to the line where the core's splitter says the next game
    starts, or to the end of the stream. A seekable stream is read by
    blocks (doubling, so a huge game costs linear time); a pipe line by
    line, so that reading never waits for more than the game needs."""
    if seekable:
        buf, size = "", _BLOCK
        while True:
            more = handle.read(size)
            if not isinstance(more, str):
                raise TypeError(f"expected a text stream or a str, got a stream of {type(more).__name__} (open the file in text mode)")
            buf += more
            end = _pgn_game_end(buf, not more)
            if end is not None:
                return buf, end
            size *= 2
    splitter = _Splitter()
    lines: List[str] = []
    while True:
        line = _next_line(handle, state)
        if not line:
            break
        if splitter.starts_game(line):
            state.pending = line + state.pending
            break
        lines.append(line)
    text = "".join(lines)
    return text, len(text)


#: The first block read from a file by :func:`read_game`, in characters.
_BLOCK = 1 << 12


def read_game(handle: Source) -> Optional[Game]:
    """The next game of ``handle``, or ``None`` when there is none left.

    ``handle`` is a text stream (an open file, ``io.StringIO``) or a ``str``.
    A ``str`` must hold at most one game: a second one raises
    ``InvalidPgnError`` at its start (use :func:`read_games`).

    Each call reads exactly one game and leaves the stream just after its
    text (its final comments included), so calling ``read_game`` again
    reads the next game (python-chess semantics). The text is read up to
    the line that starts the next game — a line opening with ``[`` outside
    a comment once the game has moves, the core's rule, so a record without
    tags and without a result followed by a tag section is two games: a
    seekable stream by blocks, then moved back to that line; a pipe with
    ``readline()``.
    Tag-less games ended by their results may share lines; the stream is
    then left where the next one starts. A non-seekable stream (a pipe)
    keeps the text read ahead in a buffer for the next call: do not read it
    by other means meanwhile.

    An error in a game raises ``InvalidPgnError`` (positions count lines
    from where ``read_game`` started reading that stream) and leaves the
    stream after that game, so the next call reads the next game.
    :func:`read_games` reads a whole file in one pass and is the fast path;
    ``read_games(handle, lenient=True)`` keeps what can be read of damaged
    files.
    """
    if isinstance(handle, str):
        return _pgn_read_game(handle)
    state, seekable, start = _begin(handle)
    origin = state.copy()
    text, cut = _read_chunk(handle, state, seekable)
    chunk = text[:cut]
    found = _pgn_read_first_game(chunk)
    # Tag-less games ended by their results may share a chunk.
    end = cut if found is None else found[1]
    if end < len(text):
        # Leave the stream just after this game's text.
        if seekable:
            handle.seek(start)
            handle.read(end)
        else:
            state.pending = chunk[end:] + state.pending
    state.advance(chunk[:end])
    state.tell = handle.tell() if seekable else None
    if found is None:
        return None
    game, _end, error = found
    if error is not None:
        raise _relocate(error, origin)
    return game


def iter_games(handle: Source) -> Iterator[Game]:
    """The games of ``handle`` one at a time, lazily: memory holds one game,
    whatever the file's size. Each step is :func:`read_game` (its errors
    raise ``InvalidPgnError`` and the stream is then after the bad game, so
    iterating again with a new ``iter_games(handle)`` goes on with the next
    one). A ``str`` is read like a stream.
    """
    if isinstance(handle, str):
        handle = io.StringIO(handle)
    while True:
        game = read_game(handle)
        if game is None:
            return
        yield game


@overload
def read_games(handle: Source, lenient: Literal[False] = False) -> List[Game]: ...
@overload
def read_games(handle: Source, lenient: Literal[True]) -> Tuple[List[Game], List[InvalidPgnError]]: ...
def read_games(handle: Source, lenient: bool = False) -> Union[List[Game], Tuple[List[Game], List[InvalidPgnError]]]:
    """Every game of ``handle`` (a text stream, read to its end, or a ``str``).

    Strict (the default): a list of :class:`Game`; the first error raises
    ``InvalidPgnError``. With ``lenient=True``: ``(games, errors)``, where a
    damaged game keeps its tags and the moves read before its error, reading
    resumes with the next game, and ``errors`` lists the ``InvalidPgnError``
    instances in text order.
    """
    if isinstance(handle, str):
        return _pgn_read_games_lenient(handle) if lenient else _pgn_read_games(handle)
    state, seekable, _start = _begin(handle)
    text = _read_rest(handle, state, seekable)
    origin = state.copy()
    state.advance(text)
    state.tell = handle.tell() if seekable else None
    if lenient:
        games, errors = _pgn_read_games_lenient(text)
        return games, [_relocate(e, origin) for e in errors]
    try:
        return _pgn_read_games(text)
    except InvalidPgnError as e:
        raise _relocate(e, origin) from None


def write_game(game: Game) -> str:
    """The game in canonical CTL-PGN (same as ``str(game)``): tags, a
    ``PDTL`` tag when it does not start from the initial position, one full
    move per line in canonical CTL-AN, comments and variations after their
    move's line, the result line and the final comments. Reading it back
    gives an equal game."""
    return _pgn_write_game(game)


def write_games(games: Iterable[Game]) -> str:
    """Several games in canonical CTL-PGN, separated by an empty line.

    Games are told apart by their tags: a game without tags that opens with
    comments, written after another game, reads back with those comments as
    the other game's final comments (NOTATION.md §6.1). Give it a tag (e.g.
    ``game.headers["Event"] = "..."``) to keep it apart.
    """
    return _pgn_write_games(list(games))


def read_batch(source: Union[str, "os.PathLike[str]", TextIO]) -> GameBatch:
    """The main lines of every game of a CTL-PGN collection as one
    :class:`cescacs.GameBatch` (moves, start positions, results; tags,
    comments and variations are not kept). ``source`` is a path (read by
    Rust in a stream, with the GIL released) or a text stream (read to its
    end). Strict: the first bad game raises ``InvalidPgnError`` with its line
    and column, as :func:`read_games` does; read leniently with
    ``GameBatch.from_games(read_games(handle, lenient=True)[0])`` instead.
    """
    if isinstance(source, (str, os.PathLike)):
        return _pgn_read_batch(os.fspath(source), is_path=True)
    text = source.read()
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    return _pgn_read_batch(text, is_path=False)
