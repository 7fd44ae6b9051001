"""The portable wheel (scripts/build-wheel.sh: abi3, manylinux2014) installs into a
fresh virtual environment and works there. scripts/test-python.sh builds it and
passes its path in CESCACS_WHEEL; without it (a quick local run) the test skips."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

WHEEL = os.environ.get("CESCACS_WHEEL")

SMOKE = """
import cescacs, cescacs.pgn
board = cescacs.Board()
assert len(board.legal_moves) == 68
assert board.perft(2) == 4612
game = cescacs.pgn.read_game("1. E7-E13, E21-E15\\n*\\n")
assert game is not None and game.ply() == 2
print(cescacs.__file__)
"""


@pytest.mark.skipif(
    WHEEL is None, reason="no wheel built (scripts/test-python.sh sets CESCACS_WHEEL)"
)
def test_portable_wheel_installs_into_a_fresh_venv(tmp_path: Path) -> None:
    wheel = Path(str(WHEEL))
    # The tags older Linux and every CPython >= 3.9 accept.
    assert "-cp39-abi3-" in wheel.name and "manylinux2014_x86_64" in wheel.name, wheel.name
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--no-index", str(wheel)], check=True
    )
    out = subprocess.run(
        [str(python), "-c", SMOKE], check=True, capture_output=True, text=True
    ).stdout
    # The package came from the wheel, not from this checkout.
    assert str(env_dir) in out, out
    assert sys.prefix not in out
