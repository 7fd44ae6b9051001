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
``SKILL_ELO[level]`` is each level's Elo on that ladder, what a level
picker shows beside it.
"""

from __future__ import annotations

import atexit
import os
import queue
import threading
import weakref
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union, overload

from ._cescacs import SKILL_ELO, Board, Move, _Engine, _Stop
from ._engine_api import (
    INFO_ALL,
    INFO_BASIC,
    INFO_NONE,
    INFO_PV,
    INFO_SCORE,
    AnalysisComplete,
    BestMove,
    EngineError,
    EngineTerminatedError,
    Info,
    InfoDict,
    Limit,
    PlayResult,
    _Reports,
)
from ._scores import Cp, Mate, MateGiven, MateGivenType, PovScore, Score
from ._types import Color
from .uci import SimpleUciEngine, UciProtocol, popen_uci

__all__ = [
    "SKILL_ELO",
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
    "popen_uci",
    "SimpleUciEngine",
    "UciProtocol",
]


#: One line as the extension reports it: line number, score kind ("cp" or
#: "mate"), score, PV, depth, seldepth, nodes, seconds.
_RawInfo = Tuple[int, str, int, List[Move], int, int, int, float]
#: A search's result: best move, score kind, score, PV, depth, seldepth,
#: nodes, seconds, and each root line's score kind, score and PV.
_Raw = Tuple[
    Optional[Move], str, int, List[Move], int, int, int, float, List[Tuple[str, int, List[Move]]]
]


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


def _mates_within(raw: _RawInfo, moves: int) -> bool:
    """Whether a report of the best line is a mate for the side to move in ``moves`` or fewer."""
    return raw[0] == 1 and raw[1] == "mate" and 0 < raw[2] <= moves


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


class AnalysisResult(_Reports):
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
        self._mate = limit.mate
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
                limit._depth(),
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
        if self._mate is not None and _mates_within(raw, self._mate):
            self._stop.set()

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

    def _finish(self) -> None:
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
_MIN_ELO = SKILL_ELO[0]


#: Options the library sets itself, as python-chess manages them.
_MANAGED = {
    "multipv": "multipv= of analyse() and analysis()",
    "ponder": "ponder= of play()",
    "uci_analysemode": "analyse() and analysis()",
}


def _refuse_managed(name: str) -> None:
    """``EngineError`` for an option the library manages (``MultiPV``: the
    ``multipv`` argument), with python-chess's message and what to use."""
    how = _MANAGED.get(name.lower())
    if how is not None:
        raise EngineError(f"cannot set {name} which is automatically managed (use {how})")


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
        (then ``UCI_Elo``, ``SKILL_ELO[0]`` to ``SKILL_ELO[20]``, sets the level), ``UCI_Elo``,
        ``Use NNUE`` (the network, the default, rather than the hand-written evaluation)
        and ``EvalFile`` (a network file; ``"<default>"`` the one built in).
        A value out of range, or a file that is not a network, raises
        ``ValueError`` and changes nothing.
        ``MultiPV`` is the ``multipv`` argument of :meth:`analyse` and
        :meth:`analysis`, as in python-chess."""
        engine = self._ready()
        for name, value in options.items():
            _refuse_managed(name)
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

    @staticmethod
    def popen_uci(
        command: Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]],
        *,
        timeout: Optional[float] = 10.0,
        **popen_args: Any,
    ) -> SimpleUciEngine:
        """An external engine speaking this project's UCI (``cescacs uci``,
        or any engine that reads ``position startpos|pdtl <PDTL> moves
        <CTL-AN>…``), started from ``command`` and driven with the same
        ``play``, ``analyse``, ``analysis``, ``configure`` and ``quit``, as
        python-chess's ``SimpleEngine.popen_uci`` (:mod:`cescacs.uci`)."""
        return SimpleUciEngine(command, timeout=timeout, **popen_args)

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
        engine = self._ready()
        if limit.mate is None:
            return engine._search(
                board, limit.depth, limit.time, limit.nodes, limit._clock(), multipv
            )
        # Limit(mate=n): the search stops at the first iteration that finds a mate in n or fewer.
        stop = _Stop()
        mate = limit.mate

        def on_info(raw: _RawInfo) -> None:
            if _mates_within(raw, mate):
                stop.set()

        return engine._search(
            board, limit._depth(), limit.time, limit.nodes, limit._clock(), multipv, on_info, stop
        )

    def play(self, board: Board, limit: Limit, *, info: Info = INFO_ALL) -> PlayResult:
        """The best move of ``board``'s position within ``limit``, the reply
        it expects, and the search's ``info`` (every key unless ``info``
        selects fewer)."""
        raw = self._search(board, limit)
        pv = raw[3]
        ponder = pv[1] if len(pv) > 1 else None
        return PlayResult(move=raw[0], ponder=ponder, info=_lines(raw, board.turn, info)[0])

    @overload
    def analyse(
        self, board: Board, limit: Limit, *, multipv: None = None, info: Info = INFO_ALL
    ) -> InfoDict: ...
    @overload
    def analyse(
        self, board: Board, limit: Limit, *, multipv: int, info: Info = INFO_ALL
    ) -> List[InfoDict]: ...
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


@overload
def analyse(
    board: Board, limit: Limit, *, multipv: None = None, hash_mb: int = 16, threads: int = 1
) -> InfoDict: ...
@overload
def analyse(
    board: Board, limit: Limit, *, multipv: int, hash_mb: int = 16, threads: int = 1
) -> List[InfoDict]: ...
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
