"""Shared helpers: the golden data of ``tests/data`` (README.md there)."""

from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any, Dict, List

import pytest

DATA = Path(os.environ.get("CESCACS_DATA", Path(__file__).resolve().parents[2] / "tests" / "data"))


@lru_cache(maxsize=None)
def records(name: str) -> List[Dict[str, Any]]:
    path = DATA / name
    if not path.exists():
        pytest.fail(f"golden data file {path} is missing (set CESCACS_DATA to the data folder)")
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


@lru_cache(maxsize=None)
def probe(name: str) -> Dict[str, Any]:
    """The study of probes.jsonl named ``probe:<name>``."""
    return next(r for r in records("probes.jsonl") if r["source"] == f"probe:{name}")


def perft_positions() -> List[Dict[str, Any]]:
    with (DATA / "perft.json").open(encoding="utf-8") as f:
        return json.load(f)["positions"]


def record_id(r: Dict[str, Any]) -> str:
    return r["source"]
