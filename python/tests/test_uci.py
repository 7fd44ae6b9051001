"""cescacs.engine driving external UCI engines (cescacs.uci), as
python-chess's chess.engine drives them: `cescacs uci` itself, and the
project's misbehaving test engine `cescacs-fake-uci` (a crash, silence, an
illegal move, no `uciok`), through SimpleEngine.popen_uci and the asyncio
popen_uci. The binaries are the CLI's (`cargo build --release -p
cescacs-cli`, which scripts/test-python.sh runs; CESCACS_BIN_DIR names
another directory)."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path
from typing import List

import pytest

import cescacs
import cescacs.engine as engine
from cescacs.engine import EngineError, EngineTerminatedError, Limit, Mate

REPO = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("CESCACS_BIN_DIR", REPO / "target" / "release"))
CLI = BIN / "cescacs"
FAKE = BIN / "cescacs-fake-uci"
PY_FAKE = Path(__file__).resolve().parent / "fake_uci.py"

_needs_cli = pytest.mark.skipif(
    not (CLI.exists() and FAKE.exists()) and "CESCACS_BIN_DIR" not in os.environ,
    reason="the CLI is not built (cargo build --release -p cescacs-cli; scripts/test-python.sh builds it)",
)


def mate_in_one() -> cescacs.Board:
    """A board one move before mate, from seeded random games."""
    for g in cescacs.random_games(300, seed=0, max_plies=400):
        o = g.end_board().outcome()
        if o is not None and o.termination == cescacs.Termination.CHECKMATE:
            board = g.end_board()
            board.pop()
            return board
    raise AssertionError("no mate among the games")


@_needs_cli
def test_cescacs_uci_plays_and_analyses_as_the_built_in_engine() -> None:
    """`cescacs uci` at a fixed depth finds what the built-in engine finds,
    through the same play, analyse (with and without multipv), analysis,
    configure and quit."""
    board = cescacs.Board()
    board.push_ctl("E7-E13")
    with engine.SimpleEngine.popen_uci([str(CLI), "uci"]) as uci, engine.Engine() as own:
        assert uci.id["name"].startswith("cescacs") and "MultiPV" in uci.options
        assert uci.options["Skill Level"].max == 20 and uci.options["Hash"].type == "spin"
        played = uci.play(board, Limit(depth=4))
        assert (
            played.move == own.play(board, Limit(depth=4)).move and played.move in board.legal_moves
        )
        assert played.info["depth"] == 4 and played.info["pv"][0] == played.move
        info = uci.analyse(board, Limit(depth=3))
        mine = own.analyse(board, Limit(depth=3))
        assert info["score"] == mine["score"] and info["pv"][0] == mine["pv"][0]
        lines = uci.analyse(board, Limit(depth=3), multipv=3)
        assert [line["multipv"] for line in lines] == [1, 2, 3] and len(
            {line["pv"][0] for line in lines}
        ) == 3
        assert uci.analyse(board, Limit(depth=2))["multipv"] == 1  # MultiPV set back to 1
        with pytest.raises(EngineError, match="cannot set MultiPV which is automatically managed"):
            uci.configure({"MultiPV": 3})
        with pytest.raises(EngineError, match="engine does not support option Colour"):
            uci.configure({"Colour": 3})
        uci.configure({"Skill Level": 20, "Hash": 8})
        with uci.analysis(board) as analysis:
            depths = [next(analysis)["depth"] for _ in range(3)]
        assert depths == [1, 2, 3]
        best = analysis.wait()
        assert best.move in board.legal_moves
        assert uci.play(board, Limit(time=0.05)).move in board.legal_moves
    with pytest.raises(EngineTerminatedError):
        uci.play(board, Limit(depth=1))


@_needs_cli
def test_limit_mate_finds_the_mate_in_both_engines() -> None:
    board = mate_in_one()
    with engine.SimpleEngine.popen_uci([str(CLI), "uci"]) as uci:
        info = uci.analyse(board, Limit(mate=1))
    assert info["score"].relative == Mate(1) and info["depth"] == 1
    own = engine.analyse(board, Limit(mate=1))
    assert own["score"].relative == Mate(1) and own["depth"] == 1
    after = board.copy()
    after.push(own["pv"][0])
    assert after.is_checkmate()
    with pytest.raises(ValueError, match="Limit.mate must be a positive int"):
        Limit(mate=0)


@_needs_cli
def test_a_crash_raises_engine_terminated_error() -> None:
    board = cescacs.Board()
    uci = engine.SimpleEngine.popen_uci([str(FAKE), "exit-after", "1"])
    assert uci.play(board, Limit(depth=1)).move in board.legal_moves
    with pytest.raises(EngineTerminatedError, match="died unexpectedly"):
        uci.play(board, Limit(depth=1))
    uci.quit()


@_needs_cli
def test_an_illegal_move_raises_engine_error() -> None:
    with engine.SimpleEngine.popen_uci([str(FAKE), "illegal-after", "0"]) as uci:
        with pytest.raises(EngineError, match="illegal move"):
            uci.play(cescacs.Board(), Limit(depth=1))


@_needs_cli
def test_silence_times_out() -> None:
    with engine.SimpleEngine.popen_uci([str(FAKE), "silent-after", "0"], timeout=0.5) as uci:
        with pytest.raises(TimeoutError):
            uci.play(cescacs.Board(), Limit(time=0.1))


@_needs_cli
def test_an_engine_without_uciok_times_out_at_the_start() -> None:
    with pytest.raises(TimeoutError):
        engine.SimpleEngine.popen_uci([str(FAKE), "no-uciok"], timeout=0.5)
    with pytest.raises(EngineTerminatedError):
        engine.SimpleEngine.popen_uci([sys.executable, "-c", "pass"])


def test_the_python_fake_is_driven_too() -> None:
    """Any engine of the dialect: the Python fake (tests/fake_uci.py) answers
    from a PDTL start with moves (`position pdtl … moves …`)."""
    board = cescacs.Board("/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1")
    board.push(next(iter(board.legal_moves)))
    with engine.SimpleEngine.popen_uci([sys.executable, str(PY_FAKE), "random", "3"]) as uci:
        result = uci.play(board, Limit(depth=1))
    assert result.move in board.legal_moves and result.info["depth"] == 1


@_needs_cli
def test_asyncio_popen_uci() -> None:
    async def main() -> List[str]:
        transport, uci = await engine.popen_uci([str(CLI), "uci"])
        board = cescacs.Board()
        result = await uci.play(board, Limit(depth=2))
        info = await uci.analyse(board, Limit(depth=2))
        seen = []
        analysis = await uci.analysis(board, Limit(depth=3))
        async for report in analysis:
            seen.append(report["depth"])
        best = await analysis.wait()
        await uci.quit()
        assert transport.get_returncode() == 0
        return [
            board.ctl(result.move) if result.move else "",
            str(info["depth"]),
            str(seen),
            board.ctl(best.move) if best.move else "",
        ]

    played, depth, seen, best = asyncio.run(main())
    assert played and depth == "2" and seen == "[1, 2, 3]" and best


def test_the_built_in_engine_refuses_multipv_in_configure_as_python_chess() -> None:
    with engine.Engine() as own:
        with pytest.raises(
            EngineError,
            match=r"cannot set MultiPV which is automatically managed \(use multipv= of analyse\(\) and analysis\(\)\)",
        ):
            own.configure({"MultiPV": 3})
        lines = own.analyse(cescacs.Board(), Limit(depth=2), multipv=2)
    assert [line["multipv"] for line in lines] == [1, 2]
