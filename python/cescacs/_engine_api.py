"""What the built-in engine (:mod:`cescacs.engine`) and external UCI
engines (:mod:`cescacs.uci`) share, shaped like python-chess's
``chess.engine``: the search limit, the report of a search, the results
and the errors. Re-exported by :mod:`cescacs.engine`."""

from __future__ import annotations

import abc
import enum
from dataclasses import dataclass, field
from typing import Iterator, List, Optional, Tuple, TypedDict, TypeVar

from ._cescacs import Move, _Engine
from ._scores import PovScore

__all__ = [
    "AnalysisComplete",
    "BestMove",
    "EngineError",
    "EngineTerminatedError",
    "INFO_ALL",
    "INFO_BASIC",
    "INFO_NONE",
    "INFO_PV",
    "INFO_SCORE",
    "Info",
    "InfoDict",
    "Limit",
    "PlayResult",
]

#: White's and Black's time left and increments (seconds), moves to the next control.
_Clock = Tuple[Optional[float], Optional[float], Optional[float], Optional[float], Optional[int]]

_CLOCK_FIELDS = ("white_clock", "black_clock", "white_inc", "black_inc")


@dataclass(frozen=True)
class Limit:
    """When to stop searching: the first limit reached ends the search.

    ``depth`` in plies, ``time`` in seconds, ``nodes`` searched, ``mate``
    (stop once a mate in that many moves or fewer is found; the search goes
    no deeper than such a mate needs, ``2 * mate - 1`` plies). On the
    clock, as in python-chess: ``white_clock`` and ``black_clock`` (each
    side's time left, seconds), ``white_inc`` and ``black_inc`` (increments
    per move, seconds), ``remaining_moves`` (to the next time control); the
    engine's time manager spends the time of the side to move. With no
    limit set the search runs until Ctrl-C (or, for
    :meth:`Engine.analysis`, until stopped). Depth 1 is always completed
    (it takes milliseconds). The engine checks the values when the limit is
    made (``ValueError`` says what is wrong).
    """

    depth: Optional[int] = None
    time: Optional[float] = None
    nodes: Optional[int] = None
    white_clock: Optional[float] = None
    black_clock: Optional[float] = None
    white_inc: Optional[float] = None
    black_inc: Optional[float] = None
    remaining_moves: Optional[int] = None
    mate: Optional[int] = None

    def __post_init__(self) -> None:
        for name in ("depth", "nodes", "remaining_moves", "mate"):
            v = getattr(self, name)
            if v is not None and (isinstance(v, bool) or not isinstance(v, int)):
                raise ValueError(f"Limit.{name} must be a positive int, not {v!r}")
        for name in ("time",) + _CLOCK_FIELDS:
            v = getattr(self, name)
            if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float))):
                raise ValueError(f"Limit.{name} must be a number of seconds >= 0, not {v!r}")
        if self.mate is not None and self.mate < 1:
            raise ValueError(f"Limit.mate must be a positive int (moves), not {self.mate!r}")
        if self.remaining_moves is not None and self.remaining_moves < 0:
            raise ValueError(
                f"Limit.remaining_moves must be an int >= 0, not {self.remaining_moves!r}"
            )
        try:
            _Engine._check_limit(self._depth(), self.time, self.nodes, self._clock())
        except (ValueError, OverflowError) as e:
            raise ValueError(f"Limit: {e}") from None

    def _depth(self) -> Optional[int]:
        """The depth bound: ``depth``, or the plies a mate in ``mate`` needs when lower."""
        if self.mate is None:
            return self.depth
        plies = 2 * self.mate - 1
        return plies if self.depth is None else min(self.depth, plies)

    def _clock(self) -> Optional[_Clock]:
        """The clock fields as the engine takes them, ``None`` when none is set."""
        values = tuple(getattr(self, name) for name in _CLOCK_FIELDS)
        if all(v is None for v in values) and self.remaining_moves is None:
            return None
        w, b, wi, bi = (None if v is None else float(v) for v in values)
        return (w, b, wi, bi, self.remaining_moves)


class Info(enum.IntFlag):
    """Which keys an :data:`InfoDict` holds, as python-chess selects them:
    ``BASIC`` (``depth``, ``seldepth``, ``multipv``, ``nodes``, ``nps``,
    ``time``), ``SCORE`` (``score``), ``PV`` (``pv``)."""

    NONE = 0
    BASIC = 1
    SCORE = 2
    PV = 4
    REFUTATION = 8
    CURRLINE = 16
    ALL = BASIC | SCORE | PV | REFUTATION | CURRLINE


INFO_NONE = Info.NONE
INFO_BASIC = Info.BASIC
INFO_SCORE = Info.SCORE
INFO_PV = Info.PV
INFO_ALL = Info.ALL


class InfoDict(TypedDict, total=False):
    """A search's report, as python-chess's ``InfoDict``: ``score`` (a
    :class:`PovScore`), ``pv`` (the principal variation, ``Move`` objects),
    ``depth``, ``seldepth``, ``multipv`` (1 for the best line), ``nodes``,
    ``nps``, ``time`` (seconds); from an external engine also ``hashfull``,
    ``tbhits``, ``currmove``, ``currmovenumber`` and ``string`` when it sends
    them. Every key is optional (``info=`` selects them)."""

    score: PovScore
    pv: List[Move]
    depth: int
    seldepth: int
    multipv: int
    nodes: int
    nps: int
    time: float
    hashfull: int
    tbhits: int
    currmove: Move
    currmovenumber: int
    string: str


class EngineError(RuntimeError):
    """An engine refused a request (an unknown option) or broke the
    protocol (an illegal best move, a line it cannot send)."""


class EngineTerminatedError(EngineError):
    """The engine was used after ``quit()``, or its process ended."""


class AnalysisComplete(Exception):
    """:meth:`AnalysisResult.get` found the analysis over."""


@dataclass
class PlayResult:
    """The move to play (``None`` only when there is no legal move), the
    reply the engine expects (``ponder``), and the search's ``info``."""

    move: Optional[Move]
    ponder: Optional[Move] = None
    info: InfoDict = field(default_factory=dict)
    draw_offered: bool = False
    resigned: bool = False


@dataclass(frozen=True)
class BestMove:
    """What an analysis ends with: its best move and the expected reply."""

    move: Optional[Move]
    ponder: Optional[Move] = None


_R = TypeVar("_R", bound="_Reports")


class _Reports(abc.ABC):
    """The iteration an analysis offers over its :meth:`get` (python-chess's
    ``AnalysisResult`` protocol), shared by the built-in and the UCI engines'
    analyses; a ``with`` block stops the search and waits for it on leaving."""

    @abc.abstractmethod
    def get(self) -> InfoDict:
        """The next report; :class:`AnalysisComplete` once the search is over."""

    @abc.abstractmethod
    def stop(self) -> None:
        """Stops the search."""

    @abc.abstractmethod
    def _finish(self) -> None:
        """Waits for a stopped search to end (on leaving a ``with`` block)."""

    def next(self) -> Optional[InfoDict]:
        """The next report, ``None`` once the search is over."""
        try:
            return self.get()
        except AnalysisComplete:
            return None

    def __iter__(self) -> Iterator[InfoDict]:
        return self

    def __next__(self) -> InfoDict:
        try:
            return self.get()
        except AnalysisComplete:
            raise StopIteration from None

    def __enter__(self: _R) -> _R:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
        self._finish()
