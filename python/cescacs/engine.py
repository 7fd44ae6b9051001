"""A C'escacs engine, shaped like python-chess's ``chess.engine``.

The search (iterative-deepening principal variation search over the Rust
rules, crate ``cescacs-engine``) runs in Rust with the GIL released; Ctrl-C
stops it with ``KeyboardInterrupt``.

>>> import cescacs, cescacs.engine
>>> board = cescacs.Board()
>>> result = cescacs.engine.play(board, cescacs.engine.Limit(depth=2))
>>> result.move in board.legal_moves
True
>>> info = cescacs.engine.analyse(board, cescacs.engine.Limit(depth=2))
>>> info["depth"], isinstance(info["score"], cescacs.engine.Cp)
(2, True)

Scores are from the side to move's view: ``Cp(35)`` (centipawns, a pawn is
100) or ``Mate(2)`` (the side to move mates in two moves; ``Mate(-1)``: it
is mated in one). A won stalemate (RULES.md §6: 2-1) ``n`` plies away is
``Cp(20000 - n)``.

``play`` and ``analyse`` use a fresh engine each call, so at a fixed depth
they are deterministic. ``Engine`` keeps its table between calls (faster
over a game) and may search on several threads.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from ._cescacs import Board, Move, _Engine

#: White's and Black's time left and increments (seconds), moves to the next control.
_Clock = Tuple[Optional[float], Optional[float], Optional[float], Optional[float], Optional[int]]

__all__ = ["Limit", "Cp", "Mate", "Score", "PlayResult", "InfoDict", "Engine", "play", "analyse"]


_CLOCK_FIELDS = ("white_clock", "black_clock", "white_inc", "black_inc")


@dataclass(frozen=True)
class Limit:
    """When to stop searching: the first limit reached ends the search.

    ``depth`` in plies, ``time`` in seconds, ``nodes`` searched. On the
    clock, as in python-chess: ``white_clock`` and ``black_clock`` (each
    side's time left, seconds), ``white_inc`` and ``black_inc`` (increments
    per move, seconds), ``remaining_moves`` (to the next time control); the
    engine's time manager spends the time of the side to move. With no
    limit set the search runs until Ctrl-C. Depth 1 is always completed
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

    def __post_init__(self) -> None:
        for name in ("depth", "nodes", "remaining_moves"):
            v = getattr(self, name)
            if v is not None and (isinstance(v, bool) or not isinstance(v, int)):
                raise ValueError(f"Limit.{name} must be a positive int, not {v!r}")
        for name in ("time",) + _CLOCK_FIELDS:
            v = getattr(self, name)
            if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float))):
                raise ValueError(f"Limit.{name} must be a number of seconds >= 0, not {v!r}")
        if self.remaining_moves is not None and self.remaining_moves < 0:
            raise ValueError(f"Limit.remaining_moves must be an int >= 0, not {self.remaining_moves!r}")
        try:
            _Engine._check_limit(self.depth, self.time, self.nodes, self._clock())
        except (ValueError, OverflowError) as e:
            raise ValueError(f"Limit: {e}") from None

    def _clock(self) -> Optional[_Clock]:
        """The clock fields as the engine takes them, ``None`` when none is set."""
        values = tuple(getattr(self, name) for name in _CLOCK_FIELDS)
        if all(v is None for v in values) and self.remaining_moves is None:
            return None
        w, b, wi, bi = (None if v is None else float(v) for v in values)
        return (w, b, wi, bi, self.remaining_moves)


class Score(ABC):
    """A score from the side to move's view: ``Cp`` or ``Mate``."""

    @abstractmethod
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """Centipawns; for a mate, ``None`` unless ``mate_score`` is given
        (then ``mate_score - plies`` for a win, its negation for a loss)."""

    @abstractmethod
    def mate(self) -> Optional[int]:
        """Moves to mate (negative: mated), ``None`` for centipawns."""

    def is_mate(self) -> bool:
        return self.mate() is not None


@dataclass(frozen=True)
class Cp(Score):
    """Centipawns from the side to move's view."""

    cp: int

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        return self.cp

    def mate(self) -> Optional[int]:
        return None

    def __repr__(self) -> str:
        return f"Cp({self.cp:+d})"


@dataclass(frozen=True)
class Mate(Score):
    """Mate in ``moves`` moves: positive, the side to move mates; negative or
    0, it is mated."""

    moves: int

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        if mate_score is None:
            return None
        if self.moves > 0:
            return mate_score - (2 * self.moves - 1)
        return -mate_score + (-2 * self.moves)

    def mate(self) -> Optional[int]:
        return self.moves

    def __repr__(self) -> str:
        return f"Mate({self.moves:+d})"


_Raw = Tuple[Optional[Move], str, int, List[Move], int, int, int, float]

#: What ``analyse`` returns: ``score`` (``Cp`` or ``Mate``), ``pv`` (list of
#: ``Move``), ``depth``, ``seldepth``, ``nodes``, ``time`` (seconds).
InfoDict = Dict[str, Any]


@dataclass
class PlayResult:
    """The move to play (``None`` only when there is no legal move), and the
    search's ``info``."""

    move: Optional[Move]
    ponder: Optional[Move] = None
    info: InfoDict = field(default_factory=dict)


def _info(raw: _Raw) -> InfoDict:
    _move, kind, score, pv, depth, seldepth, nodes, seconds = raw
    return {
        "score": Cp(score) if kind == "cp" else Mate(score),
        "pv": list(pv),
        "depth": depth,
        "seldepth": seldepth,
        "nodes": nodes,
        "time": seconds,
    }


class Engine:
    """An engine that keeps its transposition table between searches.

    ``hash_mb``: table size in MiB (``MemoryError`` when the memory is not
    there); ``threads``: search threads (above 1 the results are not
    deterministic). Use one engine from one thread at a time.
    """

    def __init__(self, *, hash_mb: int = 16, threads: int = 1) -> None:
        self._engine = _Engine(hash_mb, threads)

    def new_game(self) -> None:
        """Forgets what earlier searches learnt."""
        self._engine.new_game()

    def _search(self, board: Board, limit: Limit) -> _Raw:
        if not isinstance(limit, Limit):
            raise TypeError(f"limit must be a cescacs.engine.Limit, not {type(limit).__name__}")
        return self._engine._search(board, limit.depth, limit.time, limit.nodes, limit._clock())

    def play(self, board: Board, limit: Limit) -> PlayResult:
        """The best move of ``board``'s position within ``limit``."""
        raw = self._search(board, limit)
        info = _info(raw)
        pv: List[Move] = info["pv"]
        return PlayResult(move=raw[0], ponder=pv[1] if len(pv) > 1 else None, info=info)

    def analyse(self, board: Board, limit: Limit) -> InfoDict:
        """Score, principal variation, depth and nodes of ``board``'s position."""
        return _info(self._search(board, limit))

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc: object) -> None:
        pass


def play(board: Board, limit: Limit, *, hash_mb: int = 16, threads: int = 1) -> PlayResult:
    """``Engine(...).play(board, limit)`` with a fresh engine."""
    return Engine(hash_mb=hash_mb, threads=threads).play(board, limit)


def analyse(board: Board, limit: Limit, *, hash_mb: int = 16, threads: int = 1) -> InfoDict:
    """``Engine(...).analyse(board, limit)`` with a fresh engine."""
    return Engine(hash_mb=hash_mb, threads=threads).analyse(board, limit)
