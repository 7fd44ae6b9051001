"""examples/ray_selfplay.py on a local 2-CPU Ray instance: the shards, read
in name order, hold exactly selfplay(N, seed=S, max_plies=M), and ray.data
turns them into one training sample per ply."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import cescacs
from cescacs import GameBatch

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "ray_selfplay.py"


def test_ray_shards_hold_one_selfplay_run(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    pytest.importorskip("pyarrow")
    out = tmp_path / "games"
    args = [
        "--games",
        "90",
        "--shards",
        "4",
        "--seed",
        "11",
        "--max-plies",
        "80",
        "--out",
        str(out),
        "--num-cpus",
        "2",
        "--samples",
    ]
    run = subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stderr[-3000:]
    shards = sorted(out.glob("part-*.parquet"))
    assert [p.name for p in shards] == [f"part-0000{k}.parquet" for k in range(4)]
    expected = cescacs.selfplay(90, seed=11, max_plies=80)
    parts = [GameBatch.read_parquet(p) for p in shards]
    assert [len(p) for p in parts] == [22, 23, 22, 23]
    assert [p.first for p in parts] == [0, 22, 45, 67]
    assert GameBatch.concat(parts) == expected
    plies = len(expected.moves)
    assert f"90 games, {plies} plies in 4 shards" in run.stdout
    assert re.search(rf"ray\.data: {plies} training samples", run.stdout), run.stdout
