"""examples/ray_positions.py on a local 2-CPU Ray instance: each shard is exactly the
file the generator writes alone with the shard's seed, and the shards hold the positions
asked for."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "examples" / "ray_positions.py"
# Where cargo builds (scripts/test-python.sh sets CARGO_TARGET_DIR).
BINARY = (
    ROOT / os.environ.get("CARGO_TARGET_DIR", "target") / "release" / "examples" / "gen_positions"
)


@pytest.mark.skipif(shutil.which("cargo") is None, reason="needs cargo to build the generator")
def test_ray_shards_are_the_generators_files(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    subprocess.run(
        [
            "cargo",
            "build",
            "--release",
            "-q",
            "-p",
            "cescacs-research",
            "--example",
            "gen_positions",
        ],
        cwd=ROOT,
        check=True,
    )
    out = tmp_path / "positions"
    args = [
        "--positions",
        "1001",
        "--shards",
        "3",
        "--seed",
        "4",
        "--nodes",
        "200",
        "--out",
        str(out),
        "--num-cpus",
        "2",
        "--binary",
        str(BINARY),
    ]
    run = subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert "1001 positions in 3 shards" in run.stdout
    shards = sorted(out.glob("part-*.bin"))
    assert [p.name for p in shards] == ["part-00000.bin", "part-00001.bin", "part-00002.bin"]
    for k, (shard, size) in enumerate(zip(shards, [333, 334, 334])):
        data = shard.read_bytes()
        assert data[:8] == b"CESPOS1\0" and (len(data) - 8) == 64 * size
        alone = tmp_path / f"alone-{k}.bin"
        gen = [
            str(BINARY),
            "--positions",
            str(size),
            "--nodes",
            "200",
            "--seed",
            str(4000 + k),
            "--threads",
            "1",
            "--out",
            str(alone),
        ]
        subprocess.run(gen, check=True, capture_output=True)
        assert alone.read_bytes() == data
