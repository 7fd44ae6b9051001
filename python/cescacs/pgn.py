"""CTL-PGN game records (NOTATION.md §6), shaped on python-chess's ``chess.pgn``.

>>> import io, cescacs.pgn
>>> text = "[Event \\"demo\\"]\\n1. E7-E13, E21-E15\\n2. F8-F12\\n*\\n"
>>> game = cescacs.pgn.read_game(io.StringIO(text))
>>> game.headers["Event"], game.headers["Site"], game.ply(), game.result
('demo', '?', 3, '*')
>>> [m.long() for m in game.mainline_moves()]
['E7-E13', 'E21-E15', 'F8-F12']
>>> print(game, end="")
[Variant "C'escacs"]
[Event "demo"]
[Site "?"]
[Date "????-??-??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
1. E7-E13, E21-E15
2. F8-F12
*
>>> cescacs.pgn.read_game(str(game)) == game
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
from collections.abc import MutableMapping
import enum
from typing import (
    Any,
    Generic,
    Iterable,
    Iterator,
    List,
    Literal,
    Optional,
    TextIO,
    Tuple,
    Type,
    TypeVar,
    Union,
    overload,
)

from ._cescacs import (
    Board,
    Game,
    GameBatch,
    GameNode,
    InvalidPgnError,
    Move,
    _pgn_game_end,
    _pgn_read_batch,
    _pgn_read_game,
    _pgn_read_games,
    _pgn_read_games_lenient,
    _pgn_write_game,
    _pgn_write_games,
    _PgnStream,
    _Splitter,
)

__all__ = [
    "BaseVisitor",
    "BoardBuilder",
    "Game",
    "GameBuilder",
    "GameNode",
    "Headers",
    "InvalidPgnError",
    "SKIP",
    "SkipType",
    "SkipVisitor",
    "read_game",
    "read_games",
    "read_batch",
    "iter_games",
    "write_game",
    "write_games",
]

Source = Union[str, TextIO]


class Headers(MutableMapping[str, str]):
    """The tags of a :class:`Game`, as a mutable mapping that writes through
    to the game (``game.headers["Event"] = "CG"``): ``Variant`` and the Seven
    Tag Roster first (``Event``, ``Site``, ``Date``, ``Round``, ``White``,
    ``Black``, ``Result``; a new ``Game()`` has them at their defaults, ``?``
    and ``????-??-??``, as python-chess's does), then the record's other tags
    in file order. ``Result`` is the game's :attr:`Game.result`; setting it
    states the result.

    Names are letters, digits and ``_``; values fit on one line. ``PDTL``
    and ``Redefine`` are not headers (the start position is ``Game(board)``;
    the writer uses standard letters), and ``Variant`` can only be
    ``"C'escacs"``: setting them raises ``ValueError``. Deleting a roster tag
    leaves it out of the mapping; the record is still written with it, at
    its default.
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


#: The attribute of a stream that holds what :func:`read_game` knows about
#: it between calls (a ``_PgnStream``: the place of its next text in lines
#: and columns, the text read ahead of a pipe, the position after the last
#: game), so that this state goes with the stream.
_STATE = "_cescacs_pgn_stream"


def _stream_state(handle: Any) -> Optional[_PgnStream]:
    """The reading state kept on ``handle``, made on first use; ``None`` if
    the handle takes no attributes."""
    state = getattr(handle, _STATE, None)
    if isinstance(state, _PgnStream):
        return state
    state = _PgnStream()
    try:
        setattr(handle, _STATE, state)
    except (AttributeError, TypeError):
        return None
    return state


def _seekable(handle: Any) -> bool:
    try:
        return bool(handle.seekable())
    except (AttributeError, OSError, ValueError):
        return False


def _read_text(handle: Any) -> str:
    text = handle.read()
    if not isinstance(text, str):
        raise TypeError(
            f"expected a text stream or a str, got a stream of {type(text).__name__} (open the file in text mode)"
        )
    return text


def _begin(handle: Any, state: Optional[_PgnStream] = None) -> Tuple[_PgnStream, bool, Any]:
    """The stream's state (``state``, else the one kept on the stream, else
    a new one for this call), whether it is seekable and its position."""
    state = state or _stream_state(handle) or _PgnStream()
    seekable = _seekable(handle)
    start = handle.tell() if seekable else None
    if seekable and state.tell != start:
        # First call, or the stream was moved since: count from here.
        state.restart()
    return state, seekable, start


def _read_rest(handle: Any, state: _PgnStream, seekable: bool) -> str:
    """The rest of the stream's text (what a pipe had over-read first)."""
    text = _read_text(handle)
    if not seekable:
        text, state.pending = state.pending + text, ""
    return text


def _next_line(handle: Any, state: _PgnStream) -> str:
    """The next line of the stream, ``""`` at its end: from the text
    over-read before (non-seekable streams), else ``readline()``."""
    pending = state.pending
    if pending:
        cut = pending.find("\n") + 1 or len(pending)
        line, state.pending = pending[:cut], pending[cut:]
        return line
    line = handle.readline()
    if not isinstance(line, str):
        raise TypeError(
            f"expected a text stream or a str, got a stream of {type(line).__name__} (open the file in text mode)"
        )
    return line


def _read_chunk(handle: Any, state: _PgnStream, seekable: bool) -> Tuple[str, int]:
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
                raise TypeError(
                    f"expected a text stream or a str, got a stream of {type(more).__name__} (open the file in text mode)"
                )
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


@overload
def read_game(handle: Source) -> Optional[Game]: ...
@overload
def read_game(handle: Source, *, Visitor: Type[BaseVisitor[ResultT]]) -> Optional[ResultT]: ...
def read_game(handle: Source, *, Visitor: Any = None) -> Any:
    """The next game of ``handle``, or ``None`` when there is none left.

    With ``Visitor`` (a :class:`BaseVisitor` subclass), the game read is
    walked by ``Visitor()`` and its ``result()`` returned instead
    (python-chess's ``read_game(handle, Visitor=...)``); the default,
    :class:`GameBuilder`, returns the game itself.

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

    What a call learns about the stream for the next one (where its lines
    are, what was read ahead of a pipe) is kept on the stream object, in an
    attribute ``_cescacs_pgn_stream``, and goes with it. A seekable stream
    that takes no attributes has its lines counted from where each call
    starts; a non-seekable one raises ``TypeError`` (:func:`iter_games`
    and :func:`read_games` read it).
    :func:`read_games` reads a whole file in one pass and is the fast path;
    ``read_games(handle, lenient=True)`` keeps what can be read of damaged
    files.
    """
    if isinstance(handle, str):
        game = _pgn_read_game(handle)
    else:
        state = _stream_state(handle)
        if state is None and not _seekable(handle):
            raise TypeError(
                f"read_game keeps what it reads ahead of a non-seekable stream on the stream object, and a "
                f"{type(handle).__name__} takes no attributes: read it with iter_games(handle) or read_games(handle)"
            )
        game = _read_game(handle, state)
    if game is None or Visitor is None or Visitor is GameBuilder:
        return game
    if not (isinstance(Visitor, type) and issubclass(Visitor, BaseVisitor)):
        raise TypeError(
            f"Visitor must be a BaseVisitor subclass (the class, not an instance), got {Visitor!r}"
        )
    return game.accept(Visitor())


def _read_game(handle: Any, state: Optional[_PgnStream]) -> Optional[Game]:
    """:func:`read_game` on a stream, with ``state`` (see :func:`_begin`)."""
    state, seekable, start = _begin(handle, state)
    text, cut = _read_chunk(handle, state, seekable)
    chunk = text[:cut]
    found = state.first_game(chunk)
    # Tag-less games ended by their results may share a chunk.
    end = cut if found is None else found[1]
    if end < len(text):
        # Leave the stream just after this game's text.
        if seekable:
            handle.seek(start)
            handle.read(end)
        else:
            state.pending = chunk[end:] + state.pending
    state.tell = handle.tell() if seekable else None
    if found is None:
        return None
    game, _end, error = found
    if error is not None:
        raise error
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
    # The stream's own state, or this iterator's for a stream that takes no
    # attributes.
    state = _stream_state(handle) or _PgnStream()
    while True:
        game = _read_game(handle, state)
        if game is None:
            return
        yield game


@overload
def read_games(handle: Source, lenient: Literal[False] = False) -> List[Game]: ...
@overload
def read_games(
    handle: Source, lenient: Literal[True]
) -> Tuple[List[Game], List[InvalidPgnError]]: ...
def read_games(
    handle: Source, lenient: bool = False
) -> Union[List[Game], Tuple[List[Game], List[InvalidPgnError]]]:
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
    state.tell = handle.tell() if seekable else None
    return state.all_games_lenient(text) if lenient else state.all_games(text)


def write_game(game: Game) -> str:
    """The game in canonical CTL-PGN (same as ``str(game)``): the tags
    (NOTATION.md §6.2: ``[Variant "C'escacs"]`` first, the Seven Tag Roster
    in order with ``Result`` the game's result, the other tags, and a
    ``PDTL`` tag last when the game does not start from the initial
    position), one full move per line in canonical CTL-AN, comments and
    variations after their move's line, the result line and the final
    comments. Reading it back gives an equal game."""
    return _pgn_write_game(game)


def write_games(games: Iterable[Game]) -> str:
    """Several games in canonical CTL-PGN (:func:`write_game`), separated by
    an empty line; each starts with its tags, which keep it apart from the
    one before. Self-play games (``cescacs.selfplay(n)``) are written so too,
    with the ``Result`` of the game each ended with.
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


# ----- visitors ------------------------------------------------------------------------


class SkipType(enum.Enum):
    """The type of :data:`SKIP`."""

    SKIP = None


#: Returned by :meth:`BaseVisitor.end_headers` to skip the game's moves, or
#: by :meth:`BaseVisitor.begin_variation` to skip a variation.
SKIP = SkipType.SKIP

ResultT = TypeVar("ResultT")

_MOVE, _NAG, _COMMENT, _BEGIN, _END = range(5)


class BaseVisitor(Generic[ResultT]):
    """Walks a game record, as python-chess's ``chess.pgn.BaseVisitor``:
    :func:`read_game` (``Visitor=``) and ``Game.accept(visitor)`` call its
    methods in record order and return :meth:`result`.

    The order: ``begin_game``, ``begin_headers``, ``visit_header`` for each
    tag, ``end_headers`` (return :data:`SKIP` to skip the moves),
    ``visit_board`` with the start position, then for each move
    ``visit_move(board, move)`` (``board`` before the move, not to be
    changed), ``visit_board`` (after it), ``visit_nag`` (its assessment,
    1 … 7), ``visit_comment``; after a move come the variations that replace
    it, each between ``begin_variation`` (return :data:`SKIP` to skip it)
    and ``end_variation``, a variation's starting comment right after
    ``begin_variation``. Then ``visit_final_comment`` for each comment after
    the result, ``visit_result`` and ``end_game``.

    The game's opening comment is a ``visit_comment`` before the first
    move. The walk is a loop: records nested any depth are walked on a
    small stack. Every method does nothing by default; subclass and
    override :meth:`result` (abstract).
    """

    def begin_game(self) -> None:
        """A game starts."""

    def begin_headers(self) -> Optional[MutableMapping[str, str]]:
        """The tags start (python-chess returns the headers it fills)."""
        return None

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        """A tag, in file order."""

    def end_headers(self) -> Optional[SkipType]:
        """The tags are over; return :data:`SKIP` to skip the moves."""
        return None

    def visit_board(self, board: Board) -> None:
        """The start position, then the position after each move."""

    def visit_move(self, board: Board, move: Move) -> None:
        """A move, with the position before it."""

    def visit_comment(self, comment: str) -> None:
        """A comment: the game's opening one, a variation's starting one,
        or the one after the move just visited."""

    def visit_nag(self, nag: int) -> None:
        """The assessment of the move just visited ($1 … $7)."""

    def begin_variation(self) -> Optional[SkipType]:
        """A variation of the move just visited starts (from the position
        before it); return :data:`SKIP` to skip it."""
        return None

    def end_variation(self) -> None:
        """The variation ends."""

    def visit_final_comment(self, comment: str) -> None:
        """A comment after the result line (CTL-PGN's final comments)."""

    def visit_result(self, result: str) -> None:
        """The game's result (``"3-0"``, ``"1-1"``, ``"*"`` …)."""

    def end_game(self) -> None:
        """The game is over."""

    def result(self) -> ResultT:
        """What the visitor made of the game."""
        raise NotImplementedError("a visitor defines result()")


def _accept(game: Game, visitor: BaseVisitor[ResultT]) -> ResultT:
    """Walks ``game`` with ``visitor`` (``Game.accept``)."""
    visitor.begin_game()
    visitor.begin_headers()
    for name, value in game._tags():
        visitor.visit_header(name, value)
    if visitor.end_headers() is not SKIP:
        _accept_moves(game, visitor)
    for comment in game.final_comments:
        visitor.visit_final_comment(comment)
    visitor.visit_result(game.result)
    visitor.end_game()
    return visitor.result()


def _accept_moves(game: Game, visitor: BaseVisitor[Any]) -> None:
    """The moves of :func:`_accept`: one loop over the record's events,
    with a stack of the boards the open variations return to."""
    board = game.board()
    visitor.visit_board(board)
    boards: List[Board] = []
    skipping = 0
    for kind, value in game._events():
        if skipping:
            if kind == _BEGIN:
                skipping += 1
            elif kind == _END:
                skipping -= 1
                if not skipping:
                    board = boards.pop()
        elif kind == _MOVE:
            visitor.visit_move(board, value)
            board.push(value)
            visitor.visit_board(board)
        elif kind == _NAG:
            visitor.visit_nag(value)
        elif kind == _COMMENT:
            visitor.visit_comment(value)
        elif kind == _BEGIN:
            boards.append(board)
            board = board.copy()
            board.pop()
            if visitor.begin_variation() is SKIP:
                skipping = 1
        else:
            visitor.end_variation()
            board = boards.pop()


class GameBuilder(BaseVisitor[Game]):
    """Builds a :class:`Game` from the visit (python-chess's
    ``GameBuilder``): the default of :func:`read_game`, which then returns
    the game read without walking it. Subclass it to change what is kept;
    a subclass builds the game through the visit, with the tree's editing
    methods (variation labels are not kept)."""

    def begin_game(self) -> None:
        self.game = Game()
        self._nodes: List[Any] = [self.game]
        self._starting_comment = ""

    def begin_headers(self) -> MutableMapping[str, str]:
        return self.game.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.game.headers[tagname] = tagvalue

    def visit_board(self, board: Board) -> None:
        if (
            self._nodes == [self.game]
            and board.ply() == 0
            and board.pdtl() != self.game.board().pdtl()
        ):
            game = Game(board)
            for name, value in self.game._tags():
                game.headers[name] = value
            self.game = self._nodes[0] = game

    def visit_move(self, board: Board, move: Move) -> None:
        node = self._nodes[-1].add_variation(move, starting_comment=self._starting_comment)
        self._starting_comment, self._begun = "", False
        self._nodes[-1] = node

    def visit_comment(self, comment: str) -> None:
        if self._begun:
            self._starting_comment = comment
        elif self._nodes[-1] is self.game:
            self.game.comment = comment
        else:
            self._nodes[-1].comment = comment

    def visit_nag(self, nag: int) -> None:
        self._nodes[-1].nags = {nag}

    def begin_variation(self) -> None:
        self._nodes.append(self._nodes[-1].parent)
        self._begun = True

    def end_variation(self) -> None:
        self._nodes.pop()

    def visit_final_comment(self, comment: str) -> None:
        self.game.final_comments = self.game.final_comments + [comment]

    def visit_result(self, result: str) -> None:
        if result != self.game.result:
            self.game.result = result

    def result(self) -> Game:
        return self.game

    _begun = False


class SkipVisitor(BaseVisitor[bool]):
    """Skips the game's moves (python-chess's ``SkipVisitor``): ``result()``
    is ``True``. ``read_game(handle, Visitor=SkipVisitor)`` steps over a
    game."""

    def end_headers(self) -> SkipType:
        return SKIP

    def result(self) -> bool:
        return True


class BoardBuilder(BaseVisitor[Board]):
    """The position at the end of the main line, with its moves on the
    stack (python-chess's ``BoardBuilder``); variations are skipped."""

    def begin_game(self) -> None:
        self._board: Optional[Board] = None

    def visit_board(self, board: Board) -> None:
        self._board = board

    def begin_variation(self) -> SkipType:
        return SKIP

    def result(self) -> Board:
        if self._board is None:
            raise ValueError("the game's moves were not visited")
        return self._board.copy()
