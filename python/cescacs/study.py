"""Matches between engine settings, as ``cescacs match`` plays them, and
their statistics as fastchess computes them.

A :class:`MatchSpec` describes a match of the built-in engine against
itself (depths, evaluations, opening pairs, seed); :func:`play` plays it in
Rust (the study crate's ``Match``, GIL released) and returns a
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
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple

from ._cescacs import Game, _study_match, _study_stats
from .pgn import read_games

__all__ = ["MatchSpec", "GameRow", "MatchResult", "play", "combine", "stats"]


@dataclass(frozen=True)
class MatchSpec:
    """A match of the built-in engine against itself, with the settings and
    defaults of ``cescacs match``.

    ``depth`` and ``vs_depth`` are A's and B's search depths (B's defaults
    to A's minus one, at least 1); ``eval`` and ``vs_eval`` their
    evaluations (``default``, ``material``, or changes such as
    ``mobility=0,king=8``); ``pairs`` openings, each played twice;
    ``seed`` the seed of the random openings (4 to 8 plies); games still
    going after ``max_plies`` plies (after the opening) count 1-1;
    ``threads`` games at once (0: every core); ``hash_mb`` MiB of table per
    engine; ``no_castling`` plays without castling (RULES.md §4.8);
    ``abstain`` (``leaps``, ``castling`` or ``both``) names the King's
    gaits A never plays; ``sprt`` (``elo0=E0,elo1=E1[,alpha=A,beta=B]``)
    adds an SPRT to the summary.
    """

    depth: int = 3
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

    def b_depth(self) -> int:
        """B's depth: ``vs_depth``, or A's minus one (at least 1)."""
        return self.vs_depth if self.vs_depth is not None else max(self.depth - 1, 1)

    def names(self) -> Tuple[str, str]:
        """How the games name A and B (``depth 2, eval default``), as
        ``cescacs match`` names them."""
        gaits = f", abstains from {self.abstain}" if self.abstain else ""
        return f"depth {self.depth}, eval {self.eval}{gaits}", f"depth {self.b_depth()}, eval {self.vs_eval}"


class GameRow(NamedTuple):
    """One game of a match, from A's view: ``pair`` (the opening pair, from
    0), ``a_white`` (whether A had White: the pair's first game),
    ``a_points`` and ``b_points`` (tournament points: 3 mate, 2 stalemate,
    1 draw, 0), ``plies`` (played by the engines, the opening's not
    counted), ``finished`` (ended by the rules, not cut at ``max_plies``),
    ``opening_plies`` (of the random opening) and ``pgn`` (the game in
    CTL-PGN, as ``cescacs match --pgn`` writes it)."""

    pair: int
    a_white: bool
    a_points: int
    b_points: int
    plies: int
    finished: bool
    opening_plies: int
    pgn: str


_COLUMNS = ("pair", "round", "a_white", "white", "black", "a_points", "b_points", "a_share", "result", "plies", "finished", "opening_plies")


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
        ``finished``, ``opening_plies``."""
        a_name, b_name = self.spec.names()
        cols: Dict[str, List[Any]] = {c: [] for c in _COLUMNS}
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
        return cols

    def to_arrow(self) -> Any:
        """:meth:`table` as a ``pyarrow.Table`` (needs pyarrow)."""
        import pyarrow as pa  # type: ignore[import-untyped,import-not-found,unused-ignore]

        return pa.table(self.table())

    def summary(self) -> Dict[str, Any]:
        """The match in figures: ``games``, ``points`` (A's, B's),
        ``points_share`` (A's points over all points awarded, the share
        ``cescacs match`` prints), ``cut`` (games cut at ``max_plies``),
        then fastchess's pentanomial statistics from :func:`stats`
        (``pentanomial``, ``score``, the mean of A's per-game shares,
        ``elo``, ``elo_error_95``, ``nelo``, ``nelo_error_95``, ``los``,
        ``sprt`` and the printed ``lines``)."""
        s = stats([(r.pair, r.a_points, r.b_points) for r in self.rows], self.spec.sprt)
        a = sum(r.a_points for r in self.rows)
        b = sum(r.b_points for r in self.rows)
        return {"games": len(self.rows), "points": (a, b), "points_share": a / max(a + b, 1), "cut": sum(not r.finished for r in self.rows), **s}

    def lines(self) -> List[str]:
        """The summary as fastchess prints it: ``Elo: … +/- …, nElo: …``,
        ``LOS: … %, …``, ``Ptnml(0-2): [...]``, and with an SPRT
        ``SPRT ([E0, E1]) LLR: x [lo, hi] - H1 was accepted``."""
        lines: List[str] = self.summary()["lines"]
        return lines


def play(spec: MatchSpec, *, first_pair: int = 0, pairs: Optional[int] = None) -> MatchResult:
    """Plays the match ``spec`` describes, or its pairs ``first_pair ..
    first_pair + pairs`` (``pairs`` defaults to ``spec.pairs - first_pair``),
    with the games the whole match plays for them. Runs in Rust with the GIL
    released (Ctrl-C is seen when it returns); bad settings raise
    ``ValueError``."""
    if pairs is None:
        pairs = max(spec.pairs - first_pair, 0)
    if first_pair < 0 or pairs < 0:
        raise ValueError(f"first_pair and pairs must be >= 0, not {first_pair}, {pairs}")
    if spec.sprt is not None:
        stats([], spec.sprt)  # a bad SPRT spec fails before the games
    a_name, b_name = spec.names()
    rows = _study_match(
        depth=spec.depth,
        vs_depth=spec.b_depth(),
        eval=spec.eval,
        vs_eval=spec.vs_eval,
        first_pair=first_pair,
        pairs=pairs,
        seed=spec.seed,
        max_plies=spec.max_plies,
        threads=spec.threads,
        hash_mb=spec.hash_mb,
        no_castling=spec.no_castling,
        abstain=spec.abstain,
        a_name=a_name,
        b_name=b_name,
    )
    return MatchResult(spec, [GameRow(*r) for r in rows])


def combine(parts: Sequence[MatchResult]) -> MatchResult:
    """The games of several results of one spec (ranges of its pairs) as
    one result, in pair order. Raises ``ValueError`` if the specs differ
    (other than in ``threads``) or a pair is played twice."""
    if not parts:
        raise ValueError("combine needs at least one result")
    spec = parts[0].spec
    if any(replace(p.spec, threads=spec.threads) != spec for p in parts):
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
