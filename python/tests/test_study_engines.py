"""cescacs.study against external UCI engines: the Python fake engine
(tests/fake_uci.py) against the built-in engine and against itself, under
a clock, with faults, a book, an SPRT that stops the match, bad specs and
an engine that does not start."""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Dict

import pytest

import cescacs
import cescacs.study as study
from cescacs.study import EngineStartError, MatchSpec, MatchSpecValueError

FAKE = Path(__file__).resolve().parent / "fake_uci.py"


def fake(mode: str, name: str, *args: str) -> str:
    """The engine spec of the Python fake in `mode`."""
    cmd = shlex.join([sys.executable, str(FAKE), mode, *args])
    return f"cmd={shlex.quote(cmd)} name={name}"


def test_depth_defaults_as_cescacs_match_sets_them() -> None:
    # Depth 3 without a clock, B one less between built-in sides, the same as A's against an engine.
    assert MatchSpec().names() == ("depth 3, eval default", "depth 2, eval default")
    assert MatchSpec(depth=None).names() == ("depth 3, eval default", "depth 2, eval default")
    assert MatchSpec(vs_engine="cmd=x name=x").names() == ("depth 3, eval default", "x")
    # Under a movetime or nodes, no depth bound unless one is given.
    assert MatchSpec(movetime=20).names() == (
        "built-in movetime 20, eval default",
        "built-in movetime 20, eval default",
    )
    assert MatchSpec(nodes=500, depth=4).names() == (
        "built-in depth 4 nodes 500, eval default",
        "built-in depth 3 nodes 500, eval default",
    )
    assert MatchSpec(tc="1+0.1").names() == ("built-in, eval default", "built-in, eval default")


def test_an_external_engine_plays_the_built_in_one() -> None:
    spec = MatchSpec(
        engine=fake("random", "rand", "1"), depth=1, pairs=2, seed=3, max_plies=12, threads=1
    )
    assert spec.names() == ("rand", "depth 1, eval default")
    r = study.play(spec)
    t = r.table()
    assert len(r) == 4 and t["round"] == ["1.1", "1.2", "2.1", "2.2"]
    assert t["white"] == ["rand", "depth 1, eval default"] * 2
    assert t["termination"] == [None] * 4 and "white_clock" not in t
    # Cut games run the 12 plies; every game's opening is the pair's.
    assert all(row.plies == 12 or row.finished for row in r.rows)
    assert [row.opening_plies for row in r.rows][::2] == [row.opening_plies for row in r.rows][1::2]
    assert [g.headers["White"] for g in r.games()] == t["white"]
    assert r.summary()["terminations"] == {}


def test_an_illegal_mover_loses_every_game() -> None:
    r = study.play(MatchSpec(engine=fake("illegal", "bad"), depth=1, pairs=2, threads=1))
    assert [(row.a_points, row.b_points, row.termination) for row in r.rows] == [
        (0, 3, "rules infraction")
    ] * 4
    # No engine ply when A is to move after the opening (7 plies, then 6), one (B's) when B is.
    assert [(row.opening_plies, row.a_white, row.plies) for row in r.rows] == [
        (7, True, 1),
        (7, False, 0),
        (6, True, 0),
        (6, False, 1),
    ]
    assert r.table()["termination"] == ["rules infraction"] * 4
    assert r.summary()["terminations"] == {"rules infraction": 4} and r.summary()["cut"] == 0
    assert r.pgn().count('[Termination "rules infraction"]') == 4
    assert [g.result for g in r.games()] == ["0-3", "3-0", "0-3", "3-0"]


def test_a_silent_engine_loses_on_time() -> None:
    r = study.play(
        MatchSpec(
            engine=fake("silent", "mute"),
            vs_depth=1,
            movetime=50,
            timemargin=50,
            pairs=1,
            threads=1,
        )
    )
    assert [(row.a_points, row.termination) for row in r.rows] == [(0, "time forfeit")] * 2


def test_two_external_engines_under_a_clock() -> None:
    spec = MatchSpec(
        engine=fake("random", "one", "1"),
        vs_engine=fake("random", "two", "2"),
        tc="5+0.05",
        games=2,
        max_plies=10,
        concurrency=1,
    )
    r = study.play(spec)
    t = r.table()
    assert len(r) == 2 and t["white"] == ["one", "two"] and t["black"] == ["two", "one"]
    assert t["termination"] == [None, None]
    for row in r.rows:
        assert len(row.clocks) == row.plies > 0
        assert row.white_clock is not None and row.black_clock is not None
        assert 0 < row.white_clock <= 5.05 * 10 and 0 < row.black_clock <= 5.05 * 10
        # The last engine ply (from the initial position, White first) is White's when its index is even.
        white_last = (row.opening_plies + row.plies - 1) % 2 == 0
        assert (row.white_clock, row.black_clock) == (
            (row.clocks[-1], row.clocks[-2]) if white_last else (row.clocks[-2], row.clocks[-1])
        )
    assert t["white_clock"] == [row.white_clock for row in r.rows]
    text = r.pgn()
    assert text.count('[TimeControl "5+0.05"]') == 2 and "[%clk 0:00:0" in text


def test_a_book_gives_the_openings() -> None:
    board = cescacs.Board()
    board.push_ctl("E7-E13")
    with_move = board.pdtl()
    book = Path(os.environ.get("PYTEST_TMP", "/tmp")) / f"study-book-{os.getpid()}.txt"
    book.write_text(f"# two openings\n{cescacs.Board().pdtl()}\n{with_move}\n")
    try:
        r = study.play(
            MatchSpec(depth=1, vs_depth=1, openings=book, pairs=3, max_plies=2, threads=1)
        )
    finally:
        book.unlink()
    assert [row.opening_plies for row in r.rows] == [0] * 6
    # Pair 1 starts after E7-E13 with Black to move, pair 2 from the first line again.
    assert [f'[PDTL "{with_move}"]' in row.pgn for row in r.rows] == [
        False,
        False,
        True,
        True,
        False,
        False,
    ]
    assert [g.ctl_moves()[0] for g in r.games()][2:4] == ["E21-E15"] * 2


def test_an_sprt_stops_the_match_at_its_decision() -> None:
    spec = MatchSpec(
        depth=2,
        vs_engine=fake("random", "random", "5"),
        vs_depth=1,
        pairs=100,
        max_plies=200,
        threads=1,
        sprt="elo0=0,elo1=50",
    )
    r = study.play(spec)
    s = r.summary()
    assert s["sprt"]["decision"] == "H1"
    # Seeded openings and fake, one game at a time: the same 17 pairs every run.
    assert len(r) == 34 and s["pentanomial"] == pytest.approx([0, 0, 0, 0, 17])
    assert r.lines()[-1].endswith("H1 was accepted")
    # The same match without the test plays all its pairs' first games alike.
    assert [
        row.pgn for row in study.play(MatchSpec(**{**spec.__dict__, "sprt": None, "pairs": 2})).rows
    ] == [row.pgn for row in r.rows[:4]]


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"engine": "name=x"}, "engine"),
        ({"vs_engine": "cmd=x colour=red"}, "vs_engine"),
        ({"tc": "fast"}, "tc"),
        ({"resign": "movecount=3"}, "resign"),
        ({"draw": "movenumber=1 score=2"}, "draw"),
        ({"games": 3}, "games"),
        ({"movetime": -1}, "movetime"),
        ({"openings": "/nonexistent/book.pdtl"}, "openings"),
        ({"sprt": "elo0=5,elo1=0"}, "sprt"),
        ({"engine": "cmd=x", "eval": "material"}, "eval"),
        ({"concurrency": 2, "threads": 3}, "concurrency"),
        ({"depth": 65}, "depth"),
        ({"engine": "cmd=x", "no_castling": True}, "no_castling"),
    ],
)
def test_bad_specs_name_their_field(kwargs: Dict[str, Any], field: str) -> None:
    with pytest.raises(MatchSpecValueError) as e:
        study.play(MatchSpec(pairs=1, **kwargs))
    assert e.value.field == field and isinstance(e.value, ValueError)
    assert str(e.value).startswith(f"{field}: ")


def test_an_engine_that_does_not_start_fails_before_any_game() -> None:
    with pytest.raises(EngineStartError) as e:
        study.play(MatchSpec(engine="cmd=/nonexistent/engine name=ghost", depth=1, pairs=1))
    assert e.value.engine == "ghost" and isinstance(e.value, ChildProcessError)
    assert str(e.value).startswith("engine ghost: ")


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_stops_a_long_match() -> None:
    # Python's own SIGINT handler first: a background job inherits SIGINT ignored.
    code = "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); import cescacs.study as s; s.play(s.MatchSpec(depth=2, vs_depth=1, pairs=100000, max_plies=40, threads=1))"
    child = subprocess.Popen([sys.executable, "-c", code], stderr=subprocess.PIPE, text=True)
    time.sleep(3)
    child.send_signal(signal.SIGINT)
    start = time.monotonic()
    _, err = child.communicate(timeout=60)
    assert child.returncode != 0 and "KeyboardInterrupt" in err
    assert time.monotonic() - start < 30
