"""scripts/nnue/ray_positions.py on a local 2-CPU Ray instance: each shard is exactly the
file the generator writes alone with the shard's seed, the shards hold the positions
asked for (read back with cescacs.positions), positions.bin holds the first record of each
position over the shards, and a second run makes only the shards missing or broken."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cescacs.positions import read_batch

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "nnue" / "ray_positions.py"
# Where cargo builds (scripts/test-python.sh sets CARGO_TARGET_DIR).
BINARY = ROOT / os.environ.get("CARGO_TARGET_DIR", "target") / "release" / "gen_positions"


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
            "--bin",
            "gen_positions",
            "--bin",
            "dedup_positions",
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
        assert len(read_batch(shard)["score"]) == size
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

    # positions.bin: the first record of each packed position, shards in order.
    first: dict[bytes, bytes] = {}
    for shard in shards:
        data = shard.read_bytes()
        for i in range(8, len(data), 64):
            first.setdefault(data[i : i + 58], data[i : i + 64])
    merged = (out / "positions.bin").read_bytes()
    assert merged == b"CESPOS1\0" + b"".join(first.values())
    duplicates = 1001 - len(first)
    assert (
        f"1001 records read from 3 files, {len(first)} kept, {duplicates} duplicates" in run.stdout
    )

    # A second run keeps the whole shard and makes the missing and the truncated ones again.
    kept = shards[0].stat().st_mtime_ns
    before = [p.read_bytes() for p in shards]
    shards[1].unlink()
    shards[2].write_bytes(before[2][: 8 + 64 * 100 + 10])
    again = subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=600
    )
    assert again.returncode == 0, again.stderr[-3000:]
    assert "1 of 3 shards already whole" in again.stdout
    assert again.stdout.count("done: ") == 2 and "2/2 shards" in again.stdout
    assert shards[0].stat().st_mtime_ns == kept
    assert [p.read_bytes() for p in shards] == before
    assert (out / "positions.bin").read_bytes() == merged
    assert not list(out.glob("*.tmp"))
