"""External UCI engines, driven as python-chess's ``chess.engine`` drives
them, in this project's dialect of UCI (``cescacs uci`` speaks it):
``position startpos|pdtl <PDTL> moves <CTL-AN> …`` where UCI has FEN and
long algebraic moves, and ``bestmove``/``pv`` moves in CTL-AN.

The protocol runs on asyncio (:func:`popen_uci`, :class:`UciProtocol`);
:meth:`SimpleEngine.popen_uci <cescacs.engine.SimpleEngine.popen_uci>`
(here :class:`SimpleUciEngine`) runs it on a background event loop for
code without asyncio::

    with cescacs.engine.SimpleEngine.popen_uci(["cescacs", "uci"]) as engine:
        result = engine.play(board, cescacs.engine.Limit(depth=4))
        info = engine.analyse(board, cescacs.engine.Limit(depth=4))

As python-chess does: an engine whose process ends raises
:class:`~cescacs.engine.EngineTerminatedError`; a best move that is not
legal, or a line the protocol does not allow, raises
:class:`~cescacs.engine.EngineError`; ``timeout`` (seconds, default 10)
bounds the start (``uciok``), ``configure`` and ``quit``, and a search with a
time limit (``limit.time + timeout``), raising ``TimeoutError``
(``asyncio.TimeoutError`` before Python 3.11). ``MultiPV`` is managed by
``analyse(multipv=)`` and refused by ``configure``.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import threading
from typing import (
    Any,
    AsyncIterator,
    Awaitable,
    Dict,
    List,
    Mapping,
    Optional,
    Sequence,
    Tuple,
    TypeVar,
    Union,
    overload,
)

from ._cescacs import Board, Move
from ._engine_api import (
    INFO_ALL,
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
from ._scores import Cp, Mate, PovScore, Score

__all__ = [
    "AsyncAnalysis",
    "Option",
    "SimpleUciAnalysis",
    "SimpleUciEngine",
    "UciProtocol",
    "popen_uci",
]

T = TypeVar("T")
Command = Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]]
ConfigValue = Union[str, int, bool, None]

#: The default bound (seconds) on starting, configuring and quitting, and
#: beyond a search's time limit, as python-chess's ``SimpleEngine``.
TIMEOUT = 10.0

#: Options the library sets itself, as python-chess manages them.
_MANAGED = {
    "multipv": "multipv= of analyse() and analysis()",
    "ponder": "ponder= of play()",
    "uci_analysemode": "analyse() and analysis()",
}


class Option:
    """An option an engine declared (``option name … type …``)."""

    def __init__(
        self,
        name: str,
        type: str,
        default: Optional[str],
        min: Optional[int],
        max: Optional[int],
        var: List[str],
    ) -> None:
        self.name = name
        self.type = type
        self.default = default
        self.min = min
        self.max = max
        self.var = var

    def __repr__(self) -> str:
        return f"Option(name={self.name!r}, type={self.type!r}, default={self.default!r}, min={self.min!r}, max={self.max!r}, var={self.var!r})"


def _parse_option(words: List[str]) -> Option:
    """An :class:`Option` from the words after ``option``."""
    keys = ("name", "type", "default", "min", "max", "var")
    fields: Dict[str, List[str]] = {}
    var: List[str] = []
    key: Optional[str] = None
    for w in words:
        if w in keys:
            key = w
            if key == "var":
                var.append("")
            fields.setdefault(key, [])
            continue
        if key == "var":
            var[-1] = (var[-1] + " " + w).strip()
        elif key is not None:
            fields[key].append(w)
    text = {k: " ".join(v) for k, v in fields.items()}

    def number(k: str) -> Optional[int]:
        try:
            return int(text[k]) if k in text else None
        except ValueError:
            return None

    return Option(
        text.get("name", ""),
        text.get("type", ""),
        text.get("default"),
        number("min"),
        number("max"),
        var,
    )


def _position_command(board: Board) -> str:
    """``position startpos|pdtl <PDTL> moves …`` for ``board``'s root and move stack."""
    root = board.root()
    start = "startpos" if root.pdtl() == Board().pdtl() else f"pdtl {root.pdtl()}"
    moves = []
    for m in board.move_stack:
        moves.append(root.ctl(m))
        root.push(m)
    return f"position {start}" + (" moves " + " ".join(moves) if moves else "")


def _go_command(limit: Limit, board: Board) -> str:
    """``go …`` for ``limit`` (``infinite`` for none)."""
    words = []
    if limit.depth is not None or limit.mate is not None:
        words += ["depth", str(limit._depth())]
    if limit.mate is not None:
        words += ["mate", str(limit.mate)]
    if limit.nodes is not None:
        words += ["nodes", str(limit.nodes)]
    if limit.time is not None:
        words += ["movetime", str(max(1, round(limit.time * 1000)))]
    for name, word in (
        ("white_clock", "wtime"),
        ("black_clock", "btime"),
        ("white_inc", "winc"),
        ("black_inc", "binc"),
    ):
        value = getattr(limit, name)
        if value is not None:
            words += [word, str(max(0, round(value * 1000)))]
    if limit.remaining_moves is not None:
        words += ["movestogo", str(limit.remaining_moves)]
    return "go " + (" ".join(words) if words else "infinite")


def _parse_info(words: List[str], board: Board, selected: Info) -> InfoDict:
    """An :data:`InfoDict` of an ``info`` line's words (after ``info``);
    PV moves that do not parse end the PV there (python-chess keeps the
    legal prefix too)."""
    info: InfoDict = {}
    i = 0
    ints = {"depth", "seldepth", "multipv", "nodes", "nps", "hashfull", "tbhits", "currmovenumber"}
    while i < len(words):
        w = words[i]
        if w == "string":
            info["string"] = " ".join(words[i + 1 :])
            break
        if w in ints and i + 1 < len(words):
            try:
                info[w] = int(words[i + 1])  # type: ignore[literal-required]
            except ValueError:
                pass
            i += 2
        elif w == "time" and i + 1 < len(words):
            try:
                info["time"] = int(words[i + 1]) / 1000
            except ValueError:
                pass
            i += 2
        elif w == "score" and i + 2 < len(words):
            kind, value = words[i + 1], words[i + 2]
            i += 3
            while i < len(words) and words[i] in ("lowerbound", "upperbound"):
                i += 1
            try:
                score: Score = Cp(int(value)) if kind == "cp" else Mate(int(value))
            except ValueError:
                continue
            if kind in ("cp", "mate") and selected & Info.SCORE:
                info["score"] = PovScore(score, board.turn)
        elif w == "currmove" and i + 1 < len(words):
            try:
                info["currmove"] = board.parse_ctl(words[i + 1])
            except ValueError:
                pass
            i += 2
        elif w == "pv":
            pv: List[Move] = []
            b = board.copy(stack=False)
            for text in words[i + 1 :]:
                try:
                    pv.append(b.push_ctl(text))
                except ValueError:
                    break
            if selected & Info.PV:
                info["pv"] = pv
            break
        else:
            i += 1
    return info


class _Lines(asyncio.SubprocessProtocol):
    """The engine's standard output as lines on a queue; ``None`` once the
    process has ended."""

    def __init__(self) -> None:
        self.queue: "asyncio.Queue[Optional[str]]" = asyncio.Queue()
        self._partial = b""
        self.exited = asyncio.get_running_loop().create_future()

    def pipe_data_received(self, fd: int, data: bytes) -> None:
        if fd != 1:
            return
        self._partial += data
        *lines, self._partial = self._partial.split(b"\n")
        for line in lines:
            self.queue.put_nowait(line.decode("utf-8", "replace").rstrip("\r"))

    def process_exited(self) -> None:
        self.queue.put_nowait(None)
        if not self.exited.done():
            self.exited.set_result(None)


class UciProtocol:
    """An external engine speaking this project's UCI, python-chess's
    ``UciProtocol``: every method is a coroutine, run one at a time (a
    search started while an analysis runs stops the analysis first).
    Made by :func:`popen_uci`."""

    def __init__(self, transport: asyncio.SubprocessTransport, lines: _Lines) -> None:
        self.transport = transport
        self._lines = lines
        self._lock = asyncio.Lock()
        self._analysis: Optional[AsyncAnalysis] = None
        #: The engine's ``id`` lines (``name``, ``author``).
        self.id: Dict[str, str] = {}
        #: The options the engine declared, by name.
        self.options: Dict[str, Option] = {}
        #: The options set by :meth:`configure`.
        self.config: Dict[str, ConfigValue] = {}
        self.returncode: "asyncio.Future[None]" = lines.exited
        self._quit = False

    def _send(self, line: str) -> None:
        if self._quit or self.transport.is_closing() or self.returncode.done():
            raise EngineTerminatedError(f"the engine process has ended (while sending {line!r})")
        stdin = self.transport.get_pipe_transport(0)
        assert isinstance(stdin, asyncio.WriteTransport)
        stdin.write((line + "\n").encode())

    async def _line(self) -> str:
        """The next line; :class:`EngineTerminatedError` once the process has ended."""
        line = await self._lines.queue.get()
        if line is None:
            self._lines.queue.put_nowait(None)
            code = self.transport.get_returncode()
            raise EngineTerminatedError(f"the engine process died unexpectedly (exit code: {code})")
        return line

    async def initialize(self) -> None:
        """``uci`` … ``uciok``: reads the engine's id and options."""
        async with self._lock:
            self._send("uci")
            while True:
                words = (await self._line()).split()
                if not words:
                    continue
                if words[0] == "uciok":
                    return
                if words[0] == "id" and len(words) >= 2:
                    self.id[words[1]] = " ".join(words[2:])
                elif words[0] == "option":
                    option = _parse_option(words[1:])
                    self.options[option.name] = option

    async def ping(self) -> None:
        """``isready`` … ``readyok``."""
        async with self._lock:
            await self._ready()

    async def _ready(self) -> None:
        self._send("isready")
        while (await self._line()).strip() != "readyok":
            pass

    async def _stop_analysis(self) -> None:
        if self._analysis is not None:
            self._analysis.stop()
            await self._analysis.wait()
            self._analysis = None

    async def configure(self, options: Mapping[str, ConfigValue]) -> None:
        """``setoption`` for each option the engine declared; an option it
        did not declare, or one the library manages (``MultiPV``), raises
        :class:`EngineError` before anything is sent."""
        known = {name.lower(): name for name in self.options}
        for name in options:
            how = _MANAGED.get(name.lower())
            if how is not None:
                raise EngineError(f"cannot set {name} which is automatically managed (use {how})")
            if name.lower() not in known:
                raise EngineError(
                    f"engine does not support option {name} (known: {', '.join(self.options)})"
                )
        await self._stop_analysis()
        async with self._lock:
            for name, value in options.items():
                self._setoption(known[name.lower()], value)
                self.config[known[name.lower()]] = value
            await self._ready()

    def _setoption(self, name: str, value: ConfigValue) -> None:
        if value is None:
            self._send(f"setoption name {name}")
        else:
            text = ("true" if value else "false") if isinstance(value, bool) else str(value)
            self._send(f"setoption name {name} value {text}")

    async def _go(self, board: Board, limit: Limit, multipv: Optional[int]) -> None:
        if multipv is not None or "MultiPV" in self.options:
            if "MultiPV" not in self.options and (multipv or 1) > 1:
                raise EngineError("the engine has no MultiPV option: analyse(multipv=) needs it")
            if "MultiPV" in self.options:
                self._setoption("MultiPV", multipv or 1)
        self._send(_position_command(board))
        self._send(_go_command(limit, board))

    async def _bestmove(self, board: Board, words: List[str]) -> BestMove:
        """The move and ponder move of a ``bestmove`` line; an illegal or
        unreadable move raises :class:`EngineError`."""
        if len(words) < 2:
            raise EngineError("the engine sent 'bestmove' without a move")
        if words[1] in ("(none)", "0000"):
            return BestMove(None)
        try:
            move = board.parse_ctl(words[1])
        except ValueError as e:
            raise EngineError(
                f"the engine played an illegal move {words[1]!r} in {board.pdtl()}: {e}"
            ) from None
        ponder = None
        if len(words) >= 4 and words[2] == "ponder":
            after = board.copy(stack=False)
            after.push(move)
            try:
                ponder = after.parse_ctl(words[3])
            except ValueError:
                ponder = None
        return BestMove(move, ponder)

    async def play(self, board: Board, limit: Limit, *, info: Info = INFO_ALL) -> PlayResult:
        """The engine's move in ``board``'s position within ``limit``, the
        reply it expects, and its last report of the best line."""
        await self._stop_analysis()
        async with self._lock:
            await self._go(board, limit, None)
            last: InfoDict = {}
            while True:
                words = (await self._line()).split()
                if not words:
                    continue
                if words[0] == "info":
                    report = _parse_info(words[1:], board, info)
                    if report.get("multipv", 1) == 1 and "string" not in report:
                        last = report
                elif words[0] == "bestmove":
                    best = await self._bestmove(board, words)
                    return PlayResult(best.move, best.ponder, last)

    @overload
    async def analyse(
        self, board: Board, limit: Limit, *, multipv: None = None, info: Info = INFO_ALL
    ) -> InfoDict: ...
    @overload
    async def analyse(
        self, board: Board, limit: Limit, *, multipv: int, info: Info = INFO_ALL
    ) -> List[InfoDict]: ...
    async def analyse(
        self, board: Board, limit: Limit, *, multipv: Optional[int] = None, info: Info = INFO_ALL
    ) -> Union[InfoDict, List[InfoDict]]:
        """The engine's last report within ``limit``; with ``multipv`` a list
        of the last report of each line, best first."""
        analysis = await self.analysis(board, limit, multipv=multipv, info=info)
        await analysis.wait()
        lines = [line for line in analysis.multipv if line]
        return lines[0] if multipv is None else lines

    async def analysis(
        self,
        board: Board,
        limit: Optional[Limit] = None,
        *,
        multipv: Optional[int] = None,
        info: Info = INFO_ALL,
    ) -> "AsyncAnalysis":
        """Starts a search and returns at once: iterate over the result
        (``async for``) for its reports; :meth:`AsyncAnalysis.stop` ends an
        unbounded one."""
        if multipv is not None and (
            isinstance(multipv, bool) or not isinstance(multipv, int) or multipv < 1
        ):
            raise ValueError(f"multipv must be an int >= 1, not {multipv!r}")
        await self._stop_analysis()
        await self._lock.acquire()
        try:
            await self._go(board, Limit() if limit is None else limit, multipv)
        except BaseException:
            self._lock.release()
            raise
        self._analysis = AsyncAnalysis(self, board.copy(), info)
        return self._analysis

    async def quit(self) -> None:
        """``quit``, then waits for the process to end (kills it after
        the timeout of :func:`popen_uci`'s caller, or at once if it is gone)."""
        if self._quit:
            return
        await self._stop_analysis()
        try:
            self._send("quit")
        except EngineTerminatedError:
            pass
        self._quit = True
        try:
            await asyncio.wait_for(asyncio.shield(self.returncode), TIMEOUT)
        except asyncio.TimeoutError:
            if self.transport.get_returncode() is None:
                self.transport.kill()
        self.transport.close()


class AsyncAnalysis:
    """A running search of :meth:`UciProtocol.analysis`: ``async for info
    in analysis``; ``info`` is the last report of the best line, ``multipv``
    of each line; :meth:`stop`, then :meth:`wait` for the best move."""

    def __init__(self, protocol: UciProtocol, board: Board, selected: Info) -> None:
        self._protocol = protocol
        self._board = board
        self._selected = selected
        self.multipv: List[InfoDict] = [{}]
        self._best: "asyncio.Future[BestMove]" = asyncio.get_running_loop().create_future()
        self._reports: "asyncio.Queue[Optional[InfoDict]]" = asyncio.Queue()
        self._stopped = False
        self._task = asyncio.ensure_future(self._read())

    @property
    def info(self) -> InfoDict:
        """The last report of the best line."""
        return self.multipv[0]

    async def _read(self) -> None:
        try:
            while True:
                words = (await self._protocol._line()).split()
                if not words:
                    continue
                if words[0] == "info":
                    report = _parse_info(words[1:], self._board, self._selected | Info.BASIC)
                    if "string" in report:
                        continue
                    k = report.get("multipv", 1)
                    while len(self.multipv) < k:
                        self.multipv.append({})
                    self.multipv[k - 1] = report
                    self._reports.put_nowait(report)
                elif words[0] == "bestmove":
                    self._best.set_result(await self._protocol._bestmove(self._board, words))
                    return
        except BaseException as e:
            if not self._best.done():
                self._best.set_exception(e)
        finally:
            self._reports.put_nowait(None)
            self._protocol._lock.release()

    def stop(self) -> None:
        """Sends ``stop`` (once); the engine answers with its best move."""
        if not self._stopped and not self._best.done():
            self._stopped = True
            try:
                self._protocol._send("stop")
            except EngineTerminatedError:
                pass

    async def wait(self) -> BestMove:
        """The best move, once the search has ended."""
        return await self._best

    async def get(self) -> InfoDict:
        """The next report; :class:`AnalysisComplete` once the search is over."""
        report = await self._reports.get()
        if report is None:
            self._reports.put_nowait(None)
            if self._best.done() and self._best.exception() is not None:
                raise self._best.exception()  # type: ignore[misc]
            raise AnalysisComplete()
        return report

    def __aiter__(self) -> AsyncIterator[InfoDict]:
        return self

    async def __anext__(self) -> InfoDict:
        try:
            return await self.get()
        except AnalysisComplete:
            raise StopAsyncIteration from None

    def __enter__(self) -> "AsyncAnalysis":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _argv(command: Command) -> List[str]:
    if isinstance(command, (str, os.PathLike)):
        return [os.fspath(command)]
    return [os.fspath(c) for c in command]


async def popen_uci(
    command: Command, *, timeout: Optional[float] = TIMEOUT, **popen_args: Any
) -> Tuple[asyncio.SubprocessTransport, UciProtocol]:
    """Starts ``command`` (a path, or a list of program and arguments) and
    initialises it (``uci`` … ``uciok``, within ``timeout`` seconds), as
    python-chess's ``chess.engine.popen_uci``: ``transport, engine = await
    popen_uci(["cescacs", "uci"])``. Keyword arguments go to
    ``asyncio``'s ``subprocess_exec`` (``cwd``, ``env``, …)."""
    loop = asyncio.get_running_loop()
    popen_args.setdefault("stderr", None)
    transport, lines = await loop.subprocess_exec(_Lines, *_argv(command), **popen_args)
    protocol = UciProtocol(transport, lines)
    try:
        await asyncio.wait_for(protocol.initialize(), timeout)
    except BaseException:
        if transport.get_returncode() is None:
            transport.kill()
        transport.close()
        raise
    return transport, protocol


class SimpleUciEngine:
    """An external UCI engine for code without asyncio, as python-chess's
    ``SimpleEngine``: :class:`UciProtocol` run on an event loop in a
    background thread. Made by ``cescacs.engine.SimpleEngine.popen_uci``.
    ``timeout`` bounds the start, ``configure``, ``quit`` and, beyond
    ``limit.time``, a timed search (``TimeoutError``)."""

    def __init__(
        self, command: Command, *, timeout: Optional[float] = TIMEOUT, **popen_args: Any
    ) -> None:
        self.timeout = timeout
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._loop.run_forever, name="cescacs-uci", daemon=True
        )
        self._thread.start()
        try:
            self.transport, self.protocol = self._run(
                popen_uci(command, timeout=timeout, **popen_args), None
            )
        except BaseException:
            self._close_loop()
            raise

    def _run(self, coro: Awaitable[T], timeout: Optional[float]) -> T:
        if self._loop.is_closed():
            if asyncio.iscoroutine(coro):
                coro.close()
            raise EngineTerminatedError("the engine has quit")

        async def bounded() -> T:
            return await asyncio.wait_for(coro, timeout)

        future = asyncio.run_coroutine_threadsafe(bounded(), self._loop)
        try:
            return future.result()
        except concurrent.futures.TimeoutError as e:
            raise TimeoutError(f"the engine did not answer within {timeout} s") from e
        except asyncio.TimeoutError as e:
            raise TimeoutError(f"the engine did not answer within {timeout} s") from e

    def _timeout_for(self, limit: Optional[Limit]) -> Optional[float]:
        if self.timeout is None or limit is None or limit.time is None:
            return None
        return self.timeout + limit.time

    @property
    def id(self) -> Dict[str, str]:
        """The engine's ``id`` lines (``name``, ``author``)."""
        return self.protocol.id

    @property
    def options(self) -> Dict[str, Option]:
        """The options the engine declared, by name."""
        return self.protocol.options

    def ping(self) -> None:
        """``isready`` … ``readyok``."""
        self._run(self.protocol.ping(), self.timeout)

    def configure(self, options: Mapping[str, ConfigValue]) -> None:
        """Sets options the engine declared (``MultiPV`` is refused: it is
        ``analyse(multipv=)``)."""
        self._run(self.protocol.configure(options), self.timeout)

    def play(self, board: Board, limit: Limit, *, info: Info = INFO_ALL) -> PlayResult:
        """The engine's move within ``limit`` (see :meth:`UciProtocol.play`)."""
        return self._run(self.protocol.play(board, limit, info=info), self._timeout_for(limit))

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
        """The engine's last report within ``limit``, or with ``multipv``
        one per line (see :meth:`UciProtocol.analyse`)."""
        return self._run(
            self.protocol.analyse(board, limit, multipv=multipv, info=info),
            self._timeout_for(limit),
        )

    def analysis(
        self,
        board: Board,
        limit: Optional[Limit] = None,
        *,
        multipv: Optional[int] = None,
        info: Info = INFO_ALL,
    ) -> "SimpleUciAnalysis":
        """A running search: iterate over it for reports; ``stop()`` ends it."""
        analysis = self._run(
            self.protocol.analysis(board, limit, multipv=multipv, info=info), self.timeout
        )
        return SimpleUciAnalysis(self, analysis)

    def quit(self) -> None:
        """``quit``; the process ends (killed after the timeout)."""
        if self._loop.is_closed():
            return
        try:
            self._run(self.protocol.quit(), None)
        finally:
            self._close_loop()

    def close(self) -> None:
        """:meth:`quit`."""
        self.quit()

    def _close_loop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()

    def __enter__(self) -> "SimpleUciEngine":
        return self

    def __exit__(self, *exc: object) -> None:
        self.quit()


class SimpleUciAnalysis(_Reports):
    """:class:`AsyncAnalysis` for code without asyncio, as python-chess's
    ``SimpleAnalysisResult``."""

    def __init__(self, engine: SimpleUciEngine, analysis: AsyncAnalysis) -> None:
        self._engine = engine
        self._analysis = analysis

    @property
    def info(self) -> InfoDict:
        """The last report of the best line."""
        return self._analysis.info

    @property
    def multipv(self) -> List[InfoDict]:
        """The last report of each line, best first."""
        return self._analysis.multipv

    def stop(self) -> None:
        """Sends ``stop``."""
        self._engine._loop.call_soon_threadsafe(self._analysis.stop)

    def wait(self) -> BestMove:
        """The best move, once the search has ended."""
        return self._engine._run(self._analysis.wait(), None)

    def get(self) -> InfoDict:
        """The next report; :class:`AnalysisComplete` once the search is over."""
        return self._engine._run(self._analysis.get(), None)

    def _finish(self) -> None:
        self.wait()
