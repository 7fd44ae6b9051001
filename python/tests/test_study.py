"""cescacs.study: the built-in matches of `cescacs match` (exact games at fixed
depths, ranges of pairs, threads), their table and summary, and fastchess's
statistics checked against the published formulas computed here."""

from __future__ import annotations

import math
import os
import subprocess
from pathlib import Path
from typing import List, Optional, Tuple

import pytest

import cescacs.study as study
from cescacs.study import MatchResult, MatchSpec

ROOT = Path(__file__).resolve().parents[2]


def test_a_fixed_depth_match_plays_its_exact_games() -> None:
    r = study.play(MatchSpec(depth=2, vs_depth=1, pairs=1, seed=5, threads=1))
    # (pair, A White, A's points, B's points, plies, finished, opening plies)
    assert [row[:7] for row in r.rows] == [
        (0, True, 3, 0, 189, True, 8),
        (0, False, 3, 0, 178, True, 8),
    ]
    games = r.games()
    assert [g.headers["Round"] for g in games] == ["1.1", "1.2"]
    assert [g.headers["White"] for g in games] == ["depth 2, eval default", "depth 1, eval default"]
    assert [g.result for g in games] == ["3-0", "0-3"]
    assert [g.ply() for g in games] == [197, 186]
    # Both games open with the pair's 8 random plies.
    first = [m.long() for m in games[0].mainline_moves()]
    assert first[:8] == [m.long() for m in games[1].mainline_moves()][:8]
    assert first[-1] == "P11-A7" and r.rows[0].pgn.splitlines()[-2] == "99. VP11-A7#"
    s = r.summary()
    assert (s["games"], s["points"], s["points_share"], s["cut"]) == (2, (6, 0), 1.0, 0)
    assert s["pentanomial"] == [0.0, 0.0, 0.0, 0.0, 1.0]
    assert s["elo"] == math.inf and s["los"] == 1.0
    assert r.lines() == [
        "Elo: inf +/- nan, nElo: inf +/- nan",
        "LOS: 100.00 %, DrawRatio: 0.00 %, PairsRatio: inf",
        "Ptnml(0-2): [0, 0, 0, 0, 1]",
    ]


def test_a_cut_match_with_an_sprt() -> None:
    spec = MatchSpec(
        depth=2, vs_depth=1, pairs=4, seed=0, max_plies=60, threads=1, sprt="elo0=0,elo1=5"
    )
    r = study.play(spec)
    assert [row[:7] for row in r.rows] == [
        (0, True, 1, 1, 60, False, 7),
        (0, False, 1, 1, 60, False, 7),
        (1, True, 1, 1, 60, False, 6),
        (1, False, 1, 1, 60, False, 6),
        (2, True, 1, 1, 60, False, 8),
        (2, False, 3, 0, 42, True, 8),
        (3, True, 1, 1, 60, False, 4),
        (3, False, 3, 0, 54, True, 4),
    ]
    s = r.summary()
    assert (s["points"], s["cut"], s["pentanomial"]) == ((12, 6), 6, [0.0, 0.0, 2.0, 2.0, 0.0])
    # Pair scores 1/2, 1/2, 3/4, 3/4: mean 5/8, variance 4 (1/8)^2 / 4 = 16/1024.
    assert s["score"] == 5 / 8 and math.isclose(s["variance"], 16 / 1024)
    assert math.isclose(s["elo"], -400 * math.log10(8 / 5 - 1))
    assert s["sprt"]["decision"] is None and s["sprt"]["llr"] > 0
    assert r.lines()[2:] == [
        "Ptnml(0-2): [0, 0, 2, 2, 0]",
        "SPRT ([0.00, 5.00]) LLR: 0.04 [-2.94, 2.94]",
    ]
    # The same games as two ranges of pairs put together, one on two threads.
    parts = [
        study.play(MatchSpec(**{**spec.__dict__, "threads": 2}), first_pair=2),
        study.play(spec, pairs=2),
    ]
    assert study.combine(parts).rows == r.rows
    assert study.combine(parts).pgn() == r.pgn()


def test_the_table_has_a_row_a_game() -> None:
    r = study.play(
        MatchSpec(
            depth=1,
            vs_depth=1,
            pairs=2,
            seed=1,
            max_plies=6,
            threads=1,
            eval="material",
            abstain="leaps",
        )
    )
    t = r.table()
    assert list(t) == [
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
    ]
    assert t["round"] == ["1.1", "1.2", "2.1", "2.2"]
    assert t["white"][:2] == [
        "depth 1, eval material, abstains from leaps",
        "depth 1, eval default",
    ]
    assert all(len(col) == 4 for col in t.values())
    assert t["result"] == ["1-1"] * 4 and t["a_share"] == [0.5] * 4
    pa = pytest.importorskip("pyarrow")
    table = r.to_arrow()
    assert isinstance(table, pa.Table) and table.num_rows == 4
    assert table.column("round").to_pylist() == t["round"]


def test_bad_specs_raise_value_error() -> None:
    for spec in (
        MatchSpec(depth=0, pairs=1),
        MatchSpec(eval="nonsense", pairs=1),
        MatchSpec(abstain="queens", pairs=1),
        MatchSpec(sprt="elo0=5,elo1=0", pairs=1),
        MatchSpec(sprt="elo0=0", pairs=1),
    ):
        with pytest.raises(ValueError):
            study.play(spec)
    with pytest.raises(ValueError):
        study.play(MatchSpec(pairs=1), first_pair=-1)
    one = study.play(MatchSpec(depth=1, pairs=1, max_plies=2, threads=1))
    with pytest.raises(ValueError, match="in two results"):
        study.combine([one, one])
    with pytest.raises(ValueError, match="different specs"):
        study.combine([one, MatchResult(MatchSpec(depth=2), [])])
    with pytest.raises(ValueError):
        study.stats([(0, 0, 0), (0, 1, 1)])
    with pytest.raises(ValueError, match="not a game.s points"):
        study.stats([(0, 2, 2)])


# The published formulas (fastchess's elo_pentanomial.cpp), computed here.
SCORES = [0, 0.25, 0.5, 0.75, 1]


def penta_by_hand(points: List[Tuple[int, int, int]]) -> List[float]:
    """Pairs of games to the five outcomes, a pair holding a stalemate
    split between the two around its sum so that its mean is kept."""
    counts = [0.0] * 5
    by_pair: dict = {}
    for pair, a, b in points:
        by_pair.setdefault(pair, []).append(a / (a + b))
    for shares in by_pair.values():
        if len(shares) == 2:
            x = 2 * sum(shares)
            lo = min(int(math.floor(x + 1e-9)), 4)
            w = x - lo if x - lo > 1e-9 else 0.0
            counts[lo] += 1 - w
            if w:
                counts[lo + 1] += w
    return counts


def elo_by_hand(c: List[float]) -> Tuple[float, float, float]:
    n = sum(c)
    score = sum(x * s for x, s in zip(c, SCORES)) / n
    var = sum(x / n * (s - score) ** 2 for x, s in zip(c, SCORES))
    elo = lambda s: -400 * math.log10(1 / s - 1)  # noqa: E731
    half = 1.959963984540054 * math.sqrt(var / n)
    los = (1 - math.erf(-(score - 0.5) / math.sqrt(2 * var / n))) / 2
    return elo(score), (elo(score + half) - elo(score - half)) / 2, los


def test_stats_of_fixed_games_follow_the_published_formulas() -> None:
    # A mates and is mated, stalemates twice, draws: pairs (1, 0), (2/3, 1/2),
    # (2/3, 2/3), (1, 1/2), (1/3, 1/2), (1, 1), and a lone game left out.
    points = [
        (0, 3, 0),
        (0, 0, 3),
        (1, 2, 1),
        (1, 1, 1),
        (2, 2, 1),
        (2, 2, 1),
        (3, 3, 0),
        (3, 1, 1),
        (4, 1, 2),
        (4, 1, 1),
        (5, 3, 0),
        (5, 3, 0),
        (6, 3, 0),
    ]
    s = study.stats(points, "elo0=0,elo1=5")
    want = penta_by_hand(points)
    # 7/6 → 2/3 WL+DD, 1/3 WD; 4/3 → 1/3 WL+DD, 2/3 WD; 5/6 → 1/3 LD, 2/3 WL+DD.
    assert want == pytest.approx([0, 1 / 3, 1 + 2 / 3 + 1 / 3 + 2 / 3, 1 / 3 + 2 / 3 + 1, 1])
    assert s["pentanomial"] == pytest.approx(want, abs=1e-12)
    assert s["pairs"] == pytest.approx(6)
    elo, err, los = elo_by_hand(want)
    assert s["elo"] == pytest.approx(elo, rel=1e-12)
    assert s["elo_error_95"] == pytest.approx(err, rel=1e-12)
    assert s["los"] == pytest.approx(los, rel=1e-12)
    assert s["score"] == pytest.approx((1 + 7 / 6 + 4 / 3 + 3 / 2 + 5 / 6 + 2) / 12)
    assert s["sprt"]["lower"] == pytest.approx(math.log(0.05 / 0.95))
    assert s["lines"][2] == "Ptnml(0-2): [0, 0.33, 2.67, 2, 1]"
    none = study.stats([])
    assert none["pairs"] == 0 and math.isnan(none["elo"]) and none["sprt"] is None


@pytest.mark.parametrize(
    "golden, spec",
    [
        (
            "match-depth2-depth1-seed11.ctl-pgn",
            MatchSpec(depth=2, vs_depth=1, pairs=3, seed=11, max_plies=60, threads=2),
        ),
        (
            "match-abstain-seed3.ctl-pgn",
            MatchSpec(
                depth=2, vs_depth=2, eval="material", abstain="leaps", pairs=2, seed=3, max_plies=40
            ),
        ),
    ],
)
def test_the_pgn_is_the_cli_golden_games(golden: str, spec: MatchSpec) -> None:
    """The games `cescacs match` writes for the same settings
    (cli/tests/match_runner.rs checks the binary against the same files)."""
    want = (ROOT / "cli" / "tests" / "data" / golden).read_text(encoding="utf-8")
    assert study.play(spec).pgn() == want


def cli_binary() -> Optional[Path]:
    """The workspace's `cescacs` (CESCACS_BIN, or the newest of target/debug
    and target/release), None when it is not built."""
    if os.environ.get("CESCACS_BIN"):
        return Path(os.environ["CESCACS_BIN"])
    built = [
        p
        for p in (ROOT / "target" / "debug" / "cescacs", ROOT / "target" / "release" / "cescacs")
        if p.is_file()
    ]
    return max(built, key=lambda p: p.stat().st_mtime) if built else None


def test_the_pgn_is_cescacs_matchs_byte_for_byte(tmp_path: Path) -> None:
    cli = cli_binary()
    if cli is None:
        pytest.skip("the cescacs CLI is not built (cargo build -p cescacs-cli)")
    out = tmp_path / "cli.pgn"
    args = [
        "match",
        "--depth",
        "2",
        "--vs-depth",
        "1",
        "--pairs",
        "2",
        "--seed",
        "7",
        "--max-plies",
        "50",
        "--threads",
        "1",
        "--pgn",
        str(out),
    ]
    run = subprocess.run([str(cli), *args], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    r = study.play(MatchSpec(depth=2, vs_depth=1, pairs=2, seed=7, max_plies=50, threads=1))
    assert out.read_text(encoding="utf-8") == r.pgn()
