"""scripts/vs-base.sh, the strength comparison against a base commit (docs/NNUE.md), in
its smallest form: the base is the CLI as built now (BASE_BIN), the new side with the
built-in network read from its file (EVALFILE), one bench round a side at depth 4 and one
opening pair at 20 ms a move; the bench ratio, the match's summary and its games are
written."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("CESCACS_BIN_DIR", REPO / "target" / "release"))


@pytest.mark.skipif(
    shutil.which("cargo") is None or not (BIN / "cescacs").exists(),
    reason="needs cargo and the CLI (scripts/test-python.sh builds it)",
)
def test_bench_ratio_and_one_pair(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "CARGO_TARGET_DIR"}
    env.update(
        BASE_BIN=str(BIN / "cescacs"),
        ROUNDS="1",
        BENCH_DEPTH="4",
        OUT=str(tmp_path),
        SPRT="elo0=0 elo1=10",
    )
    run = subprocess.run(
        ["scripts/vs-base.sh", "st=0.02", "2", "engine/nets/default.nnue"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert re.search(
        r"^bench nodes/s, median of 1: new \d+, base \d+, ratio \d+\.\d{3} \(load: ", out, re.M
    ), out
    for side in ("nps-new", "nps-base"):
        assert re.fullmatch(r"[1-9]\d*\n", (tmp_path / side).read_text()), side
    assert "match at st=0.02, SPRT elo0=0 elo1=10, at most 2 games" in out
    assert re.search(r"^Games: 2, Wins: \d+, Losses: \d+, Draws: \d+", out, re.M), out
    games = (tmp_path / "st=0.02.ctl-pgn").read_text(encoding="utf-8")
    assert games.count('[Round "1.') == 2
