"""scripts/nnue/train-at-scale.sh, the second-generation network's one command, at a smoke
size on a local 2-CPU Ray instance: it writes the two sets' shards (shallower searches, then
deeper ones with the next seed), the deduplicated positions and a network file with its
record, and the same command run again keeps every shard and writes the same network byte
for byte."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cescacs.positions import read_batch

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "nnue" / "train-at-scale.sh"
# Where cargo builds (scripts/test-python.sh sets CARGO_TARGET_DIR).
RELEASE = ROOT / os.environ.get("CARGO_TARGET_DIR", "target") / "release"


@pytest.mark.skipif(shutil.which("cargo") is None, reason="needs cargo to build the generator")
def test_one_command_makes_the_same_network_twice(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    build = ["cargo", "build", "--release", "-q", "-p", "cescacs-research"]
    subprocess.run(
        [*build, "--bin", "gen_positions", "--bin", "dedup_positions"], cwd=ROOT, check=True
    )
    env = {
        **os.environ,
        "GEN_BIN": str(RELEASE / "gen_positions"),
        "NODES": "200",
        "SHARDS": "2",
        "DEEP_POSITIONS": "800",
        "DEEP_NODES": "300",
        "EPOCHS": "1",
        "NUM_CPUS": "2",
        "PYTHON": sys.executable,
    }
    out = tmp_path / "run"

    def run() -> str:
        done = subprocess.run(
            ["bash", str(SCRIPT), str(out), "2000", "3"],
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
        )
        assert done.returncode == 0, done.stderr[-3000:]
        return done.stdout

    first = run()
    assert "1200 positions in 2 shards at 200 nodes, seed 3" in first
    assert "800 positions in 1 shards at 300 nodes, seed 4" in first
    shards = sorted((out / "shards").glob("part-*.bin"))
    assert [p.name for p in shards] == ["part-00000.bin", "part-00001.bin"]
    assert [len(read_batch(p)["score"]) for p in shards] == [600, 600]
    deep = sorted((out / "deep").glob("part-*.bin"))
    assert [p.name for p in deep] == ["part-00000.bin"]
    assert len(read_batch(deep[0])["score"]) == 800
    kept = len(read_batch(out / "positions.bin")["score"])
    assert f"2000 records read from 3 files, {kept} kept" in first
    net = (out / "net.nnue").read_bytes()
    assert net[:8] == b"CESNNUE\0"
    record = json.loads((out / "net.nnue.json").read_text())
    assert len(record["curve"]) == 1
    assert record["args"]["seed"] == 1 and record["args"]["epochs"] == 1
    assert record["args"]["lambda"] == 0.75

    again = run()
    assert "2 of 2 shards already whole" in again and "1 of 1 shards already whole" in again
    assert "done: " not in again
    assert (out / "net.nnue").read_bytes() == net
