"""Benchmark: a board's share of a batched ``encode.planes`` /
``encode.legal_mask`` call against one call per board in a Python loop
(its results kept in a list), at several batch sizes, both measured in the
same run, interleaved round by round (the target: a batch never costs more
per board, ratio batch/single <= 1). Each figure is the median of the rounds.
With ``--memory`` it also runs each call once in a fresh process and prints
the peak resident memory it added (``ru_maxrss`` after the call minus before).

Not a test: ``nice python python/bench/bench_encode_batch.py [--memory]``;
it prints the load average, since the machine may be shared.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable, List

import cescacs
import cescacs.encode as encode

DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "random-dev.jsonl"
SIZES = (1, 10, 100, 2_000, 20_000)
CALLS = {"planes": encode.planes, "legal_mask": encode.legal_mask}
#: Each timing covers at least this many boards (small batches repeat).
BOARDS_PER_TIMING = 20_000


def boards(n: int) -> List[cescacs.Board]:
    """``n`` positions of random games (the dev set, repeated)."""
    pdtls = [json.loads(line)["pdtl"] for line in DATA.read_text().splitlines()]
    return [cescacs.Board(p) for p in (pdtls * (n // len(pdtls) + 1))[:n]]


def timed(f: Callable[[], Any], calls: int, n: int) -> float:
    """µs per board of ``calls`` calls of ``f`` over ``n`` boards each."""
    t = time.perf_counter()
    for _ in range(calls):
        f()
    return (time.perf_counter() - t) / (calls * n) * 1e6


def speed(rounds: int) -> None:
    every = boards(max(SIZES))
    print(f"{'call':<11} {'boards':>7} {'single µs/board':>16} {'batch µs/board':>15} {'ratio':>6}")
    for name, f in CALLS.items():
        for n in SIZES:
            some = every[:n]
            calls = max(1, BOARDS_PER_TIMING // n)

            def batch(f: Callable[..., Any] = f, some: List[cescacs.Board] = some) -> Any:
                return f(some)

            def single(f: Callable[..., Any] = f, some: List[cescacs.Board] = some) -> Any:
                return [f(b) for b in some]

            batch(), single()  # warm up: first touches of memory, lazy tables
            s: List[float] = []
            b: List[float] = []
            for r in range(rounds):
                # Alternate which side goes first, so neither always inherits the other's heap.
                if r % 2:
                    b.append(timed(batch, calls, n))
                    s.append(timed(single, calls, n))
                else:
                    s.append(timed(single, calls, n))
                    b.append(timed(batch, calls, n))
            ms, mb = statistics.median(s), statistics.median(b)
            print(f"{name:<11} {n:>7} {ms:>16.2f} {mb:>15.2f} {mb / ms:>6.2f}")
    load = os.getloadavg()
    print(f"median of {rounds} rounds; load average {load[0]:.1f} {load[1]:.1f} (2 cores)")


def peak_child(name: str, mode: str, n: int) -> None:
    """In a fresh process: one call, and the peak memory it added, as JSON."""
    some = boards(n)
    f = CALLS[name]
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kept = f(some) if mode == "batch" else [f(b) for b in some]
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    del kept
    print(json.dumps({"added_kib": after - before}))


def memory() -> None:
    print(f"{'call':<11} {'boards':>7} {'single peak MB':>15} {'batch peak MB':>14}")
    for name in CALLS:
        for n in (2_000, 20_000):
            mb = []
            for mode in ("single", "batch"):
                out = subprocess.run(
                    [sys.executable, __file__, "--child", name, mode, str(n)],
                    check=True,
                    capture_output=True,
                    text=True,
                ).stdout
                mb.append(json.loads(out)["added_kib"] / 1024)
            print(f"{name:<11} {n:>7} {mb[0]:>15.1f} {mb[1]:>14.1f}")
    print("peak resident memory added by one call (ru_maxrss), each in a fresh process")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=7, help="rounds per size (median)")
    ap.add_argument("--memory", action="store_true", help="also the peak memory of one call")
    ap.add_argument("--child", nargs=3, metavar=("CALL", "MODE", "N"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        peak_child(args.child[0], args.child[1], int(args.child[2]))
        return
    if args.memory:
        # First, while this process is small: a child starts with its
        # parent's peak (Linux keeps it across fork and exec).
        memory()
    speed(args.rounds)


if __name__ == "__main__":
    main()
