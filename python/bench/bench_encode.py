"""Benchmark: cescacs.encode.planes and legal_mask throughput in positions/s
(the target for planes: ≥ 200,000 positions/s on this machine), from
Boards and from PDTL strings, and the cost of one call on one board against
a board's share of a batch (the target: within 5×; the AEC environment
encodes one board a step). Not a test: run
``python python/bench/bench_encode.py [positions]`` (``nice -n 19`` on a shared machine).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any, Callable

import cescacs
import cescacs.encode as encode

DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "random-dev.jsonl"


def rate(f: Callable[[], Any], n: int, repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - t)
    return n / best


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    pdtls = [json.loads(line)["pdtl"] for line in DATA.read_text().splitlines()]
    pdtls = (pdtls * (n // len(pdtls) + 1))[:n]
    boards = [cescacs.Board(p) for p in pdtls]
    rows = [
        ("planes(boards)", rate(lambda: encode.planes(boards), n)),
        ("planes(boards, grid=True)", rate(lambda: encode.planes(boards, grid=True), n)),
        ("planes(pdtl strings)", rate(lambda: encode.planes(pdtls), n)),
        (
            "legal_mask(boards[:10000])",
            rate(lambda: encode.legal_mask(boards[:10_000]), min(n, 10_000), 3),
        ),
    ]
    print(f"{n} positions of random-dev.jsonl, best of several runs, all cores")
    for name, r in rows:
        print(f"{name:<28} {r:12,.0f} positions/s")
    verdict = "met" if rows[0][1] >= 200_000 else "NOT met"
    print(f"target ≥ 200,000 positions/s for planes(boards): {verdict}")
    calls = 20_000
    one = boards[:calls]
    single = 1 / rate(lambda: [encode.planes(b) for b in one], calls)
    black = 1 / rate(lambda: [encode.planes(b, side=cescacs.BLACK) for b in one], calls)
    mask = 1 / rate(lambda: [encode.legal_mask(b) for b in one], calls)
    batch = 1 / rows[0][1]
    print(
        f"planes(one board)            {single * 1e6:8.2f} µs a call ({black * 1e6:.2f} µs side=BLACK)"
    )
    print(f"legal_mask(one board)        {mask * 1e6:8.2f} µs a call")
    print(
        f"planes(boards), per board    {batch * 1e6:8.2f} µs ({single / batch:.1f}× for one board; target within 5×)"
    )
    print(f"load average {os.getloadavg()[0]:.1f} {os.getloadavg()[1]:.1f}")


if __name__ == "__main__":
    main()
