"""examples/ray_match.py on a local 2-CPU Ray instance: the pairs spread over
Ray tasks give the local runner's games byte for byte (cescacs.study, and
`cescacs match` when the CLI is built), and the Parquet table is the match's
table."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import cescacs.study as study
from cescacs.study import MatchSpec

from test_study import cli_binary

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "ray_match.py"


def test_ray_match_writes_the_local_runners_games(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    pq = pytest.importorskip("pyarrow.parquet")
    pgn, parquet = tmp_path / "ray.pgn", tmp_path / "ray.parquet"
    settings = [
        "--depth",
        "2",
        "--vs-depth",
        "1",
        "--pairs",
        "3",
        "--seed",
        "5",
        "--max-plies",
        "30",
    ]
    args = [
        *settings,
        "--tasks",
        "2",
        "--num-cpus",
        "2",
        "--pgn",
        str(pgn),
        "--parquet",
        str(parquet),
        "--sprt",
        "elo0=0,elo1=5",
    ]
    run = subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stderr[-3000:]
    local = study.play(
        MatchSpec(
            depth=2, vs_depth=1, pairs=3, seed=5, max_plies=30, threads=1, sprt="elo0=0,elo1=5"
        )
    )
    assert pgn.read_text(encoding="utf-8") == local.pgn()
    assert pq.read_table(parquet).to_pydict() == local.table()
    assert "6 games in 2 Ray tasks on 2 CPUs" in run.stdout
    assert run.stdout.rstrip().splitlines()[-4:] == local.lines()
    cli = cli_binary()
    if cli is not None:
        out = tmp_path / "cli.pgn"
        match = subprocess.run(
            [str(cli), "match", *settings, "--pgn", str(out)],
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert match.returncode == 0, match.stderr
        assert out.read_bytes() == pgn.read_bytes()


def test_ray_match_refuses_bad_settings_before_starting_ray() -> None:
    pytest.importorskip("ray")
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--pairs", "1", "--eval", "nonsense"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode != 0
    assert "ValueError" in run.stderr and "Started a local Ray" not in run.stderr
