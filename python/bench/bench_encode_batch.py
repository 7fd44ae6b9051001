"""Benchmark: a board's share of a batched ``encode.planes`` /
``encode.legal_mask`` call against one call per board in a Python loop, at
several batch sizes, in the same run (the target: a batch never costs more
per board). Not a test: ``nice python python/bench/bench_encode_batch.py``;
it prints the load average, since the machine may be shared.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any, Callable

import cescacs
import cescacs.encode as encode

DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "random-dev.jsonl"


def per_board(f: Callable[[], Any], n: int, repeat: int = 5) -> float:
    """The best of ``repeat`` runs of ``f``, in µs per board."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - t)
    return best / n * 1e6


def main() -> None:
    pdtls = [json.loads(line)["pdtl"] for line in DATA.read_text().splitlines()]
    boards = [cescacs.Board(p) for p in (pdtls * (20_000 // len(pdtls) + 1))[:20_000]]
    print(f"{'call':<12} {'boards':>7} {'batch µs/board':>15} {'loop µs/board':>14}")
    for name, f in (("planes", encode.planes), ("legal_mask", encode.legal_mask)):
        for n in (16, 256, 2_000, 20_000):
            some = boards[:n]
            batch = per_board(lambda f=f, some=some: f(some), n)
            loop = per_board(lambda f=f, some=some: [f(b) for b in some], n)
            print(f"{name:<12} {n:>7} {batch:>15.2f} {loop:>14.2f}")
    print(f"load average {os.getloadavg()[0]:.1f} {os.getloadavg()[1]:.1f} (2 cores)")


if __name__ == "__main__":
    main()
