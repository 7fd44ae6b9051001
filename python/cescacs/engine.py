"""A C'escacs engine, shaped like python-chess's ``chess.engine``.

The search (iterative-deepening principal variation search over the Rust
rules, crate ``cescacs-engine``) runs in Rust with the GIL released; Ctrl-C
stops it with ``KeyboardInterrupt``.

>>> import cescacs, cescacs.engine
>>> board = cescacs.Board()
>>> with cescacs.engine.Engine() as engine:
...     result = engine.play(board, cescacs.engine.Limit(depth=2))
...     info = engine.analyse(board, cescacs.engine.Limit(depth=2))
...     lines = engine.analyse(board, cescacs.engine.Limit(depth=2), multipv=3)
>>> result.move in board.legal_moves
True
>>> info["depth"], type(info["score"]).__name__, info["score"].white() == info["score"].relative
(2, 'PovScore', True)
>>> [line["multipv"] for line in lines], len({line["pv"][0] for line in lines})
([1, 2, 3], 3)

``info["score"]`` is a :class:`PovScore`: the score ``relative`` to the
side to move, and from either side with ``white()``, ``black()`` or
``pov(color)``. A score is :class:`Cp` (centipawns, a pawn is 100),
:class:`Mate` (``Mate(+2)``: the side to move mates in two moves;
``Mate(-1)``: it is mated in one; ``Mate(-0)``: it is mated) or
:data:`MateGiven` (the side to move has mated). Scores negate, compare and
sort as python-chess orders them:

>>> from cescacs.engine import Cp, Mate, MateGiven
>>> Mate(-0) < Mate(-1) < Cp(-50) < Cp(200) < Mate(4) < Mate(1) < MateGiven
True
>>> -Cp(20), -Mate(-4), -Mate(0)
(Cp(-20), Mate(+4), MateGiven)
>>> Mate(3).score(mate_score=100000), str(Mate(-0)), str(Mate(3))
(99997, '#-0', '#+3')

A won stalemate (RULES.md §6: 2-1) ``n`` plies away is ``Cp(20000 - n)``.

``play`` and ``analyse`` at module level use a fresh engine each call, so
at a fixed depth they are deterministic. :class:`Engine` keeps its table
between calls (faster over a game), may search on several threads, and
streams an analysis (:meth:`Engine.analysis`). Its strength is set as
a UCI GUI sets Stockfish's: ``engine.configure({"Skill Level": 5})`` (0 to
20, 20 the full strength), or ``{"UCI_LimitStrength": True, "UCI_Elo":
1500}`` (the measured ladder's level for that Elo, docs/ENGINE.md).
"""

from __future__ import annotations

import atexit
import enum
import queue
import threading
import weakref
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, Mapping, Optional, Tuple, Union

from ._cescacs import Board, Move, _Engine, _Stop
from ._types import Color
from ._scores import Cp, Mate, MateGiven, MateGivenType, PovScore, Score

#: White's and Black's time left and increments (seconds), moves to the next control.
_Clock = Tuple[Optional[float], Optional[float], Optional[float], Optional[float], Optional[int]]

__all__ = [
    "Limit",
    "Score",
    "Cp",
    "Mate",
    "MateGiven",
    "MateGivenType",
    "PovScore",
    "Info",
    "INFO_NONE",
    "INFO_BASIC",
    "INFO_SCORE",
    "INFO_PV",
    "INFO_ALL",
    "InfoDict",
    "PlayResult",
    "BestMove",
    "AnalysisResult",
    "SimpleAnalysisResult",
    "AnalysisComplete",
    "EngineError",
    "EngineTerminatedError",
    "Engine",
    "SimpleEngine",
    "play",
    "analyse",
]


_CLOCK_FIELDS = ("white_clock", "black_clock", "white_inc", "black_inc")


@dataclass(frozen=True)
class Limit:
    """When to stop searching: the first limit reached ends the search.

    ``depth`` in plies, ``time`` in seconds, ``nodes`` searched. On the
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
            raise ValueError(
                f"Limit.remaining_moves must be an int >= 0, not {self.remaining_moves!r}"
            )
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

#: A search's report: ``score`` (a :class:`PovScore`), ``pv`` (a list of
#: ``Move``), ``depth``, ``seldepth``, ``multipv`` (1 for the best line),
#: ``nodes``, ``nps``, ``time`` (seconds).
InfoDict = Dict[str, Any]

#: One line as the extension reports it: line number, score kind ("cp" or
#: "mate"), score, PV, depth, seldepth, nodes, seconds.
_RawInfo = Tuple[int, str, int, List[Move], int, int, int, float]
#: A search's result: best move, score kind, score, PV, depth, seldepth,
#: nodes, seconds, and each root line's score kind, score and PV.
_Raw = Tuple[
    Optional[Move], str, int, List[Move], int, int, int, float, List[Tuple[str, int, List[Move]]]
]


class EngineError(RuntimeError):
    """An engine refused a request (an unknown option)."""


class EngineTerminatedError(EngineError):
    """The engine was used after :meth:`Engine.quit`."""


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


def _score(kind: str, value: int) -> Score:
    return Cp(value) if kind == "cp" else Mate(value)


def _info(raw: _RawInfo, turn: Color, selected: Info) -> InfoDict:
    """An :data:`InfoDict` of one line, with the keys ``selected`` asks for."""
    multipv, kind, score, pv, depth, seldepth, nodes, seconds = raw
    info: InfoDict = {}
    if selected & Info.BASIC:
        info.update(depth=depth, seldepth=seldepth, multipv=multipv, nodes=nodes, time=seconds)
        info["nps"] = int(nodes / seconds) if seconds > 0 else 0
    if selected & Info.SCORE:
        info["score"] = PovScore(_score(kind, score), turn)
    if selected & Info.PV:
        info["pv"] = list(pv)
    return info


def _lines(raw: _Raw, turn: Color, selected: Info) -> List[InfoDict]:
    """One :data:`InfoDict` per root line of a search's result, best first
    (the result itself when the position has no legal move)."""
    _move, kind, score, pv, depth, seldepth, nodes, seconds, lines = raw
    if not lines:
        lines = [(kind, score, pv)]
    return [
        _info((k + 1, lk, ls, lpv, depth, seldepth, nodes, seconds), turn, selected)
        for k, (lk, ls, lpv) in enumerate(lines)
    ]


def _check_limit(limit: Any) -> Limit:
    if not isinstance(limit, Limit):
        raise TypeError(f"limit must be a cescacs.engine.Limit, not {type(limit).__name__}")
    return limit


def _check_multipv(multipv: Optional[int]) -> int:
    if multipv is None:
        return 1
    if isinstance(multipv, bool) or not isinstance(multipv, int) or multipv < 1:
        raise ValueError(f"multipv must be an int >= 1, not {multipv!r}")
    return multipv


class AnalysisResult:
    """A running analysis (:meth:`Engine.analysis`): iterate over it for an
    :data:`InfoDict` per line after each completed iteration; it ends when
    the limit is reached or after :meth:`stop`. As a context manager it
    stops the search on leaving.

    ``info`` holds the latest report of the best line, ``multipv`` that of
    every line (best first).
    """

    def __init__(
        self, engine: _Engine, board: Board, limit: Limit, multipv: int, selected: Info
    ) -> None:
        self._turn = board.turn
        self._selected = selected
        self._queue: "queue.Queue[Optional[InfoDict]]" = queue.Queue()
        self._stop = _Stop()
        self._best: Optional[BestMove] = None
        self._error: Optional[BaseException] = None
        self.multipv: List[InfoDict] = [{}]
        args = (engine, board.copy(), limit, multipv)
        self._thread = threading.Thread(
            target=self._run, args=args, name="cescacs-analysis", daemon=True
        )
        self._thread.start()
        _RUNNING.add(self)

    def _run(self, engine: _Engine, board: Board, limit: Limit, multipv: int) -> None:
        try:
            raw = engine._search(
                board,
                limit.depth,
                limit.time,
                limit.nodes,
                limit._clock(),
                multipv,
                self._on_info,
                self._stop,
            )
            pv = raw[3]
            self._best = BestMove(raw[0], pv[1] if len(pv) > 1 else None)
        except BaseException as e:  # handed to the caller of wait() or the iteration
            self._error = e
        finally:
            self._queue.put(None)

    def _on_info(self, raw: _RawInfo) -> None:
        self._queue.put(_info(raw, self._turn, self._selected | Info.BASIC))

    @property
    def info(self) -> InfoDict:
        """The latest report of the best line."""
        return self.multipv[0]

    def stop(self) -> None:
        """Stops the search; the iteration ends after the reports already made."""
        self._stop.set()

    def wait(self) -> BestMove:
        """Waits for the search to end (stop it first for an unbounded one)
        and returns its best move."""
        self._thread.join()
        if self._error is not None:
            raise self._error
        assert self._best is not None
        return self._best

    def would_block(self) -> bool:
        """Whether :meth:`get` would wait for the next report."""
        return self._queue.empty() and self._thread.is_alive()

    def empty(self) -> bool:
        """Whether no report is waiting (the search may still make some)."""
        return self._queue.empty()

    def get(self) -> InfoDict:
        """The next report; :class:`AnalysisComplete` once the analysis is over."""
        item = self._queue.get()
        if item is None:
            self._queue.put(None)
            if self._error is not None:
                raise self._error
            raise AnalysisComplete()
        line = item["multipv"]
        while len(self.multipv) < line:
            self.multipv.append({})
        self.multipv[line - 1] = item
        return {k: v for k, v in item.items() if self._selected & _KEY_FLAG.get(k, Info.BASIC)}

    def next(self) -> Optional[InfoDict]:
        """The next report, ``None`` once the analysis is over."""
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

    def __enter__(self) -> "AnalysisResult":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
        self._thread.join()


#: python-chess's name for the analysis of its synchronous engine.
SimpleAnalysisResult = AnalysisResult

#: Analyses that may still run: stopped when the interpreter exits, so no
#: search calls back into an interpreter that is shutting down.
_RUNNING: "weakref.WeakSet[AnalysisResult]" = weakref.WeakSet()


@atexit.register
def _stop_running_analyses() -> None:
    for analysis in list(_RUNNING):
        analysis.stop()
        analysis._thread.join()


_KEY_FLAG = {"score": Info.SCORE, "pv": Info.PV}

#: Options ``Engine.configure`` takes (UCI names, case-insensitive).
_OPTIONS = (
    "Hash",
    "Threads",
    "Skill Level",
    "UCI_LimitStrength",
    "UCI_Elo",
    "Use NNUE",
    "EvalFile",
)

#: ``EvalFile``'s value for the network built into the engine, as ``cescacs uci`` names it.
_DEFAULT_EVAL_FILE = "<default>"

#: The lowest ``UCI_Elo`` (the ladder's level 0), its default as in Stockfish.
_MIN_ELO = 1000


def _flag(name: str, value: Union[int, str, bool]) -> bool:
    """A UCI check option's value: a bool, or ``"true"``/``"false"``."""
    if isinstance(value, str):
        if value.lower() not in ("true", "false"):
            raise EngineError(f"{name} must be true or false, not {value!r}")
        return value.lower() == "true"
    return bool(value)


class Engine:
    """An engine that keeps its transposition table between searches,
    shaped like python-chess's ``SimpleEngine``.

    ``hash_mb``: table size in MiB (``MemoryError`` when the memory is not
    there); ``threads``: search threads (above 1 the results are not
    deterministic). Use one engine from one thread at a time; a search
    started while an analysis runs stops the analysis first.
    """

    def __init__(self, *, hash_mb: int = 16, threads: int = 1) -> None:
        self._engine = _Engine(hash_mb, threads)
        self._analysis: Optional[AnalysisResult] = None
        self._closed = False
        self.options: Dict[str, Union[int, bool, str]] = {
            "Hash": hash_mb,
            "Threads": threads,
            "Skill Level": 20,
            "UCI_LimitStrength": False,
            "UCI_Elo": _MIN_ELO,
            "Use NNUE": True,
            "EvalFile": _DEFAULT_EVAL_FILE,
        }
        self.id: Dict[str, str] = {"name": "cescacs", "author": "the cescacs authors"}

    def _ready(self) -> _Engine:
        """The extension's engine, once no analysis runs on it."""
        if self._closed:
            raise EngineTerminatedError("the engine has quit")
        if self._analysis is not None:
            self._analysis.stop()
            self._analysis._thread.join()
            self._analysis = None
        return self._engine

    def configure(self, options: Mapping[str, Union[int, str, bool]]) -> None:
        """Sets UCI options: ``Hash`` (MiB; ``MemoryError`` keeps the old
        table), ``Threads``, ``Skill Level`` (0 to 20), ``UCI_LimitStrength``
        (then ``UCI_Elo``, 1000 to 3214, sets the level), ``UCI_Elo``,
        ``Use NNUE`` (the network, the default, rather than the hand-written evaluation)
        and ``EvalFile`` (a network file; ``"<default>"`` the one built in).
        A value out of range, or a file that is not a network, raises
        ``ValueError`` and changes nothing.
        ``MultiPV`` is the ``multipv`` argument of :meth:`analyse` and
        :meth:`analysis`, as in python-chess."""
        engine = self._ready()
        for name, value in options.items():
            known = {o.lower(): o for o in _OPTIONS}.get(name.lower())
            if known is None:
                raise EngineError(
                    f"engine does not support option {name} (known: {', '.join(_OPTIONS)})"
                )
            if known == "Use NNUE":
                flag = _flag(known, value)
                engine._set_use_nnue(flag)
                self.options[known] = flag
                continue
            if known == "EvalFile":
                path = str(value)
                engine._load_network(None if path in ("", _DEFAULT_EVAL_FILE) else path)
                self.options[known] = path or _DEFAULT_EVAL_FILE
                continue
            if known == "Hash":
                engine._set_hash(int(value))
            elif known == "Threads":
                engine._set_threads(int(value))
            else:
                self._set_strength(engine, known, value)
                continue
            self.options[known] = int(value)

    def _set_strength(self, engine: _Engine, name: str, value: Union[int, str, bool]) -> None:
        """``Skill Level``, ``UCI_LimitStrength`` or ``UCI_Elo``: each
        value is checked when set; the level follows the three."""
        wanted = dict(self.options)
        wanted[name] = _flag(name, value) if name == "UCI_LimitStrength" else int(value)
        engine._set_skill(
            int(wanted["Skill Level"]), int(wanted["UCI_Elo"]), bool(wanted["UCI_LimitStrength"])
        )
        self.options = wanted

    def new_game(self) -> None:
        """Forgets what earlier searches learnt."""
        self._ready().new_game()

    def evaluate(self, board: Board) -> int:
        """The static evaluation of ``board`` in centipawns for its side
        to move (positive: good for it), by the evaluation the engine
        searches with: the network with ``Use NNUE``, else the hand-written
        terms."""
        return self._ready()._static_eval(board)

    def _search(self, board: Board, limit: Limit, multipv: int = 1) -> _Raw:
        limit = _check_limit(limit)
        return self._ready()._search(
            board, limit.depth, limit.time, limit.nodes, limit._clock(), multipv
        )

    def play(self, board: Board, limit: Limit, *, info: Info = INFO_ALL) -> PlayResult:
        """The best move of ``board``'s position within ``limit``, the reply
        it expects, and the search's ``info`` (every key unless ``info``
        selects fewer)."""
        raw = self._search(board, limit)
        pv = raw[3]
        ponder = pv[1] if len(pv) > 1 else None
        return PlayResult(move=raw[0], ponder=ponder, info=_lines(raw, board.turn, info)[0])

    def analyse(
        self, board: Board, limit: Limit, *, multipv: Optional[int] = None, info: Info = INFO_ALL
    ) -> Union[InfoDict, List[InfoDict]]:
        """Score, principal variation, depth and nodes of ``board``'s position;
        with ``multipv`` a list of such dicts, one per root line, best first
        (fewer when the position has fewer moves)."""
        lines = _check_multipv(multipv)
        result = _lines(self._search(board, limit, lines), board.turn, info)
        return result[0] if multipv is None else result

    def analysis(
        self,
        board: Board,
        limit: Optional[Limit] = None,
        *,
        multipv: Optional[int] = None,
        info: Info = INFO_ALL,
    ) -> AnalysisResult:
        """Starts analysing ``board``'s position (a copy of it) in the
        background and returns at once; iterate over the result for a
        report per line after each iteration. Without ``limit`` it runs
        until :meth:`AnalysisResult.stop`."""
        limit = _check_limit(Limit() if limit is None else limit)
        lines = _check_multipv(multipv)
        engine = self._ready()
        self._analysis = AnalysisResult(engine, board, limit, lines, info)
        return self._analysis

    def quit(self) -> None:
        """Stops any analysis and releases the engine; later calls raise
        :class:`EngineTerminatedError`."""
        if not self._closed:
            self._ready()
            self._closed = True

    def close(self) -> None:
        """:meth:`quit`."""
        self.quit()

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc: object) -> None:
        self.quit()


#: python-chess's name for its synchronous engine.
SimpleEngine = Engine


def play(board: Board, limit: Limit, *, hash_mb: int = 16, threads: int = 1) -> PlayResult:
    """``Engine(...).play(board, limit)`` with a fresh engine."""
    with Engine(hash_mb=hash_mb, threads=threads) as engine:
        return engine.play(board, limit)


def analyse(
    board: Board,
    limit: Limit,
    *,
    multipv: Optional[int] = None,
    hash_mb: int = 16,
    threads: int = 1,
) -> Union[InfoDict, List[InfoDict]]:
    """``Engine(...).analyse(board, limit, multipv=multipv)`` with a fresh engine."""
    with Engine(hash_mb=hash_mb, threads=threads) as engine:
        return engine.analyse(board, limit, multipv=multipv)
