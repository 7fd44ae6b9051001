"""Matches between engines, as ``cescacs match`` plays them, and their
statistics as fastchess computes them.

A :class:`MatchSpec` describes a match as ``cescacs match``'s flags do:
each side the built-in engine at some settings (depths, evaluations) or an
external UCI engine in this project's dialect (``engine=``,
``vs_engine=``: ``"cmd=COMMAND name=NAME option.NAME=VALUE"``), under a
clock (``tc="10+0.1"``) or fixed limits (``movetime``, ``depth``,
``nodes``), from seeded random openings or a book (``openings=``), with
score adjudication (``resign=``, ``draw=``) and an SPRT that stops the
match at a decision (``sprt=``). :func:`play` plays it in Rust (the study
crate's ``Match``, GIL released) and returns a
:class:`MatchResult`: the games (CTL-PGN, or :class:`cescacs.Game`
objects), a table of one row per game (a dict of columns for pandas or
Polars, or a ``pyarrow.Table``), and a summary with fastchess's pentanomial
statistics: Elo with its 95 % error, LOS, the pentanomial counts and, with
``sprt="elo0=0,elo1=5"``, the SPRT's log-likelihood ratio and decision.

>>> import cescacs.study as study
>>> spec = study.MatchSpec(depth=2, vs_depth=1, pairs=2, seed=5, max_plies=8, threads=1)
>>> result = study.play(spec)
>>> len(result), result.table()["round"]
(4, ['1.1', '1.2', '2.1', '2.2'])
>>> result.summary()["pentanomial"]
[0.0, 0.0, 2.0, 0.0, 0.0]

Each opening is played twice, A White then A Black (a *pair*); at fixed
depths the games do not depend on the thread count, and ``play(spec,
first_pair=k, pairs=n)`` plays the games of pairs ``k .. k+n`` of the whole
match, so a match can be spread over processes (examples/ray_match.py) and
put back together with :func:`combine`.

C'escacs scores a game 3-0 (mate), 2-1 (stalemate) or 1-1 (draw); a game
enters the statistics as A's share of the 3 points (1, 2/3, 1/2, 1/3, 0),
and a pair whose sum falls between the five pentanomial outcomes (one
holding a stalemate) is split between the two around it, keeping its mean
(the study crate's ``stats::Pentanomial::add_pair`` says why).

An external engine is started once before any game (one that does not
start, or does not answer ``uci``, raises :class:`EngineStartError`); in
the games, one that answers an illegal move, oversteps its clock, falls
silent or crashes loses that game (the table's ``termination`` says how)
and is restarted for the next. A bad setting raises
:class:`MatchSpecValueError` (a ``ValueError``) naming the field:

>>> study.play(study.MatchSpec(tc="fast", pairs=1))
Traceback (most recent call last):
    ...
cescacs.study.MatchSpecValueError: tc: ...
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from typing import Any, Callable, Dict, List, NamedTuple, Optional, Sequence, Tuple, TypeVar, Union

from ._cescacs import Game, _study_match, _study_names, _study_stats
from .pgn import read_games

__all__ = [
    "MatchSpec",
    "MatchSpecValueError",
    "EngineStartError",
    "GameRow",
    "MatchResult",
    "play",
    "combine",
    "stats",
]


class MatchSpecValueError(ValueError):
    """A setting of a :class:`MatchSpec` that does not make a match:
    ``field`` names it, ``reason`` says what is wrong and what to give; the
    message is ``field: reason``."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


class EngineStartError(ChildProcessError):
    """An external engine that did not start or did not answer ``uci`` and
    ``isready`` in time (raised before any game): ``engine`` is its name,
    ``reason`` what went wrong."""

    def __init__(self, engine: str, reason: str) -> None:
        super().__init__(f"engine {engine}: {reason}")
        self.engine = engine
        self.reason = reason


_T = TypeVar("_T")


def _checked(call: Callable[[], _T]) -> _T:
    """``call()``, with the Rust half's errors as :class:`MatchSpecValueError`
    (a ``ValueError`` of field and reason) and :class:`EngineStartError`
    (a ``ChildProcessError`` of engine and reason)."""
    try:
        return call()
    except ChildProcessError as e:
        raise EngineStartError(*e.args) from None
    except ValueError as e:
        if len(e.args) == 2 and all(isinstance(a, str) for a in e.args):
            raise MatchSpecValueError(*e.args) from None
        raise


class _DefaultDepth(int):
    """A's default depth, 3, told apart from a depth given: under ``tc``,
    ``movetime`` or ``nodes`` the default is no depth bound, as in
    ``cescacs match``."""


_DEPTH = _DefaultDepth(3)
_WHOLE = (
    "depth",
    "vs_depth",
    "movetime",
    "nodes",
    "timemargin",
    "pairs",
    "seed",
    "max_plies",
    "threads",
    "hash_mb",
    "games",
    "concurrency",
)


@dataclass(frozen=True)
class MatchSpec:
    """A match with the settings and defaults of ``cescacs match``.

    Sides: A is ``engine`` (an external UCI engine, ``"cmd=COMMAND
    name=NAME dir=DIR option.NAME=VALUE …"``, split as a shell splits, read
    by the study crate's ``EngineSpec::parse``) or else the built-in engine
    with the evaluation ``eval`` (the hand-written one: ``default``,
    ``material``, or changes such as ``mobility=0,king=8``; or ``nnue``,
    the built-in network), ``abstain`` (``leaps``, ``castling``
    or ``both``: the King's gaits A never plays) and ``hash_mb`` MiB of
    table; B is ``vs_engine`` or else the built-in engine with
    ``vs_eval``. ``no_castling`` plays without castling (RULES.md §4.8;
    built-in engines only).

    Limits: ``tc`` (``"BASE+INC"`` in seconds: the runner keeps both clocks
    by wall time and a side whose time runs out loses), ``movetime`` (ms a
    move), ``nodes`` (a search), ``depth`` and ``vs_depth`` (A's and B's
    depths: A's is 3 unless ``tc``, ``movetime`` or ``nodes`` is given,
    B's A's minus one, at least 1, when both sides are built in, else
    A's), ``timemargin`` (ms of latency allowed beyond a side's time).

    Games: ``pairs`` openings, each played twice (or ``games`` in all, an
    even number), seeded random ones from ``seed`` (4 to 8 plies) or
    those of ``openings`` (a file of PDTL lines or CTL-PGN games, used in
    turn); ``threads`` (or ``concurrency``) games at once, each with its
    own engines (0: every core); games still going after ``max_plies``
    plies (after the opening) count 1-1; ``resign``
    (``"movecount=N score=CP"``) and ``draw`` (``"movenumber=N
    movecount=N score=CP"``) adjudicate from the engines' scores as
    cutechess-cli does; ``sprt`` (``"elo0=E0,elo1=E1[,alpha=A,beta=B]"``)
    stops the match when H0 or H1 is accepted (``pairs`` or ``games``
    is then the most it plays) and adds the test to the summary.
    """

    depth: Optional[int] = _DEPTH
    vs_depth: Optional[int] = None
    eval: str = "default"
    vs_eval: str = "default"
    pairs: int = 100
    seed: int = 0
    max_plies: int = 300
    threads: int = 0
    hash_mb: int = 8
    no_castling: bool = False
    abstain: Optional[str] = None
    sprt: Optional[str] = None
    engine: Optional[str] = None
    vs_engine: Optional[str] = None
    tc: Optional[str] = None
    movetime: Optional[int] = None
    nodes: Optional[int] = None
    timemargin: int = 100
    openings: Optional[Union[str, "os.PathLike[str]"]] = None
    games: Optional[int] = None
    concurrency: Optional[int] = None
    resign: Optional[str] = None
    draw: Optional[str] = None

    def b_depth(self) -> int:
        """B's depth between built-in sides: ``vs_depth``, or A's minus
        one (at least 1)."""
        depth = self.depth if self.depth is not None else 3
        return self.vs_depth if self.vs_depth is not None else max(depth - 1, 1)

    def names(self) -> Tuple[str, str]:
        """How the games name A and B: an external engine by its
        ``name=``, a built-in side by its bound and evaluation (``depth 2,
        eval default``), as ``cescacs match`` names them. Raises
        :class:`MatchSpecValueError` for a bad setting."""
        return _checked(lambda: _study_names(self.settings()))

    def off_the_board(self) -> bool:
        """Whether games can end off the board (an external engine, a
        clock, a ``movetime`` or adjudication): then the table has a
        ``termination`` column."""
        return any(
            v is not None
            for v in (self.engine, self.vs_engine, self.tc, self.movetime, self.resign, self.draw)
        )

    def settings(self) -> Dict[str, Any]:
        """The settings the study crate reads (``pairs`` from ``games``,
        ``threads`` from ``concurrency``, A's depth left to the runner
        when it is the default); raises :class:`MatchSpecValueError` for a
        setting of the wrong kind or two that disagree."""
        for name in _WHOLE:
            v = getattr(self, name)
            if v is not None and (not isinstance(v, int) or isinstance(v, bool) or v < 0):
                raise MatchSpecValueError(name, f"give a whole number >= 0, not {v!r}")
        pairs, threads = self.pairs, self.threads
        if self.games is not None:
            if self.games % 2 or self.pairs not in (100, self.games // 2):
                raise MatchSpecValueError(
                    "games",
                    f"give an even number (each opening is played with both colours), and not with pairs={self.pairs}",
                )
            pairs = self.games // 2
        if self.concurrency is not None:
            if self.threads not in (0, self.concurrency):
                raise MatchSpecValueError(
                    "concurrency",
                    f"give concurrency or threads, not both ({self.concurrency}, {self.threads})",
                )
            threads = self.concurrency
        timed = any(v is not None for v in (self.tc, self.movetime, self.nodes))
        depth = None if isinstance(self.depth, _DefaultDepth) and timed else self.depth
        fields = {
            k: getattr(self, k)
            for k in (
                "vs_depth",
                "eval",
                "vs_eval",
                "seed",
                "max_plies",
                "hash_mb",
                "no_castling",
                "abstain",
                "engine",
                "vs_engine",
                "tc",
                "movetime",
                "nodes",
                "timemargin",
                "resign",
                "draw",
            )
        }
        openings = os.fspath(self.openings) if self.openings is not None else None
        return {**fields, "depth": depth, "pairs": pairs, "threads": threads, "openings": openings}


class GameRow(NamedTuple):
    """One game of a match, from A's view: ``pair`` (the opening pair, from
    0), ``a_white`` (whether A had White: the pair's first game),
    ``a_points`` and ``b_points`` (tournament points: 3 mate, 2 stalemate,
    1 draw, 0), ``plies`` (played by the engines, the opening's not
    counted), ``finished`` (ended by the rules, not cut at ``max_plies``),
    ``opening_plies`` (of the opening), ``pgn`` (the game in CTL-PGN, as
    ``cescacs match --pgn`` writes it), ``termination`` (its
    ``Termination`` tag for a game decided off the board: ``time
    forfeit``, ``rules infraction``, ``abandoned``, ``adjudication``;
    else None), and under a clock ``clocks`` (the mover's time left after
    each engine move, seconds) and ``white_clock`` and ``black_clock``
    (each side's time left after its last move)."""

    pair: int
    a_white: bool
    a_points: int
    b_points: int
    plies: int
    finished: bool
    opening_plies: int
    pgn: str
    termination: Optional[str] = None
    clocks: Sequence[float] = ()
    white_clock: Optional[float] = None
    black_clock: Optional[float] = None


_COLUMNS = (
    "pair",
    "round",
    "a_white",
    "white",
    "black",
    "a_points",
    "b_points",
    "a_share",
    "result",
    "plies",
    "finished",
    "opening_plies",
)


class MatchResult:
    """The games of a match (or of a range of its pairs), in the order
    ``cescacs match`` writes them: by pair, A White first."""

    def __init__(self, spec: MatchSpec, rows: Sequence[GameRow]) -> None:
        self.spec = spec
        self.rows: List[GameRow] = list(rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __repr__(self) -> str:
        return f"<MatchResult {len(self.rows)} games: {self.summary()['lines'][0]}>"

    def pgn(self) -> str:
        """Every game in CTL-PGN, separated by an empty line: the text
        ``cescacs match --pgn FILE`` writes for the same spec."""
        return "\n".join(r.pgn for r in self.rows)

    def games(self) -> List[Game]:
        """Every game as a :class:`cescacs.Game` (read from :meth:`pgn`)."""
        return read_games(self.pgn()) if self.rows else []

    def table(self) -> Dict[str, List[Any]]:
        """One row per game as a dict of columns (``pandas.DataFrame(t)``,
        ``polars.DataFrame(t)``): ``pair``, ``round`` (``pair.1`` with A
        White, pairs from 1, as the PGN's Round tag), ``a_white``,
        ``white`` and ``black`` (the players' names), ``a_points``,
        ``b_points``, ``a_share`` (A's share of the game's points),
        ``result`` (White's and Black's points, ``2-1``), ``plies``,
        ``finished``, ``opening_plies``; when games can end off the board
        (:meth:`MatchSpec.off_the_board`) ``termination`` (as
        :class:`GameRow`'s), and under a clock ``white_clock`` and
        ``black_clock`` (seconds left at the end)."""
        a_name, b_name = self.spec.names()
        cols: Dict[str, List[Any]] = {c: [] for c in _COLUMNS}
        extra: Dict[str, List[Any]] = {}
        if self.spec.off_the_board():
            extra["termination"] = [r.termination for r in self.rows]
        if self.spec.tc is not None:
            extra["white_clock"] = [r.white_clock for r in self.rows]
            extra["black_clock"] = [r.black_clock for r in self.rows]
        for r in self.rows:
            w, b = (r.a_points, r.b_points) if r.a_white else (r.b_points, r.a_points)
            values = (
                r.pair,
                f"{r.pair + 1}.{1 if r.a_white else 2}",
                r.a_white,
                a_name if r.a_white else b_name,
                b_name if r.a_white else a_name,
                r.a_points,
                r.b_points,
                r.a_points / (r.a_points + r.b_points),
                f"{w}-{b}",
                r.plies,
                r.finished,
                r.opening_plies,
            )
            for c, v in zip(_COLUMNS, values):
                cols[c].append(v)
        return {**cols, **extra}

    def to_arrow(self) -> Any:
        """:meth:`table` as a ``pyarrow.Table`` (needs pyarrow)."""
        import pyarrow as pa  # type: ignore[import-untyped,import-not-found,unused-ignore]

        return pa.table(self.table())

    def summary(self) -> Dict[str, Any]:
        """The match in figures: ``games``, ``points`` (A's, B's),
        ``points_share`` (A's points over all points awarded, the share
        ``cescacs match`` prints), ``cut`` (games cut at ``max_plies``),
        ``terminations`` (how many games ended by each ``Termination``),
        then fastchess's pentanomial statistics from :func:`stats`
        (``pentanomial``, ``score``, the mean of A's per-game shares,
        ``elo``, ``elo_error_95``, ``nelo``, ``nelo_error_95``, ``los``,
        ``sprt`` and the printed ``lines``)."""
        s = stats([(r.pair, r.a_points, r.b_points) for r in self.rows], self.spec.sprt)
        a = sum(r.a_points for r in self.rows)
        b = sum(r.b_points for r in self.rows)
        cut = sum(not r.finished and r.termination is None for r in self.rows)
        ends: Dict[str, int] = {}
        for r in self.rows:
            if r.termination is not None:
                ends[r.termination] = ends.get(r.termination, 0) + 1
        return {
            "games": len(self.rows),
            "points": (a, b),
            "points_share": a / max(a + b, 1),
            "cut": cut,
            "terminations": ends,
            **s,
        }

    def lines(self) -> List[str]:
        """The summary as fastchess prints it: ``Elo: … +/- …, nElo: …``,
        ``LOS: … %, …``, ``Ptnml(0-2): [...]``, and with an SPRT
        ``SPRT ([E0, E1]) LLR: x [lo, hi] - H1 was accepted``."""
        lines: List[str] = self.summary()["lines"]
        return lines


def play(spec: MatchSpec, *, first_pair: int = 0, pairs: Optional[int] = None) -> MatchResult:
    """Plays the match ``spec`` describes, stopped by its ``sprt`` at a
    decision; or, given ``first_pair`` or ``pairs``, its pairs
    ``first_pair .. first_pair + pairs`` (``pairs`` defaults to
    ``spec.pairs - first_pair``) with the games the whole match plays for
    them, all of them (an SPRT needs the whole match). Runs in Rust with
    the GIL released; Ctrl-C stops a whole match once the games under way
    end, and raises ``KeyboardInterrupt``. A bad setting raises
    :class:`MatchSpecValueError`, an external engine that does not start
    :class:`EngineStartError`, both before any game."""
    settings = spec.settings()
    whole = first_pair == 0 and pairs is None
    if pairs is None:
        pairs = max(settings["pairs"] - first_pair, 0)
    if first_pair < 0 or pairs < 0:
        raise ValueError(f"first_pair and pairs must be >= 0, not {first_pair}, {pairs}")
    rows = _checked(
        lambda: _study_match(
            settings, first_pair=first_pair, pairs=None if whole else pairs, sprt=spec.sprt
        )
    )
    return MatchResult(spec, [GameRow(*r) for r in rows])


def combine(parts: Sequence[MatchResult]) -> MatchResult:
    """The games of several results of one spec (ranges of its pairs) as
    one result, in pair order. Raises ``ValueError`` if the specs differ
    (other than in ``threads`` and ``concurrency``) or a pair is played
    twice."""
    if not parts:
        raise ValueError("combine needs at least one result")
    spec = parts[0].spec
    if any(
        replace(p.spec, threads=spec.threads, concurrency=spec.concurrency) != spec for p in parts
    ):
        raise ValueError("combine: the results come from different specs")
    rows = sorted((r for p in parts for r in p.rows), key=lambda r: (r.pair, not r.a_white))
    seen = [(r.pair, r.a_white) for r in rows]
    if len(set(seen)) != len(seen):
        raise ValueError("combine: a game is in two results")
    return MatchResult(spec, rows)


def stats(points: Sequence[Tuple[int, int, int]], sprt: Optional[str] = None) -> Dict[str, Any]:
    """fastchess's statistics of games given as ``(pair, a_points,
    b_points)``: ``pentanomial`` (pairs as ``[LL, LD, WL+DD, WD, WW]``,
    fractional for pairs holding a stalemate), ``pairs``, ``score``,
    ``variance`` (of a pair's score), ``elo`` and ``elo_error_95``
    (logistic Elo, half its 95 % interval), ``nelo`` and
    ``nelo_error_95`` (normalized Elo), ``los`` (likelihood of
    superiority, 0..1), ``sprt`` (None, or ``elo0``, ``elo1``, ``alpha``,
    ``beta``, ``llr``, ``lower``, ``upper`` and ``decision``: ``"H1"``,
    ``"H0"`` or None while the test goes on) and ``lines`` (the summary as
    fastchess prints it). Only pairs with both games count. A bad ``sprt``
    raises ``ValueError``."""
    result: Dict[str, Any] = _study_stats(list(points), sprt)
    return result
