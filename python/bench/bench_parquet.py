"""Benchmark: a GameBatch written to Parquet and read back in each moves
encoding (CTL-AN strings, move indices, ranks). Not a test: run
``python python/bench/bench_parquet.py [games] [runs]`` (default 10,000
self-play games of at most 300 plies, 3 runs), or
``scripts/bench-parquet.sh``. Each run writes and reads every encoding in
turn (the order rotating from run to run, so that a change of the machine's
load falls on all of them), with the load average before each run; the
table gives the fastest and slowest run and each encoding's ratio to the
index encoding in the same run. Needs pyarrow.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from typing import Dict, List, Tuple

import cescacs

ENCODINGS = ("ctl", "index", "rank")


def load() -> str:
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def one_run(
    batch: cescacs.GameBatch, order: Tuple[str, ...], folder: str
) -> Dict[str, Tuple[float, float, int]]:
    out = {}
    for moves in order:
        path = os.path.join(folder, f"{moves}.parquet")
        t = time.perf_counter()
        batch.write_parquet(path, moves=moves)
        w = time.perf_counter() - t
        t = time.perf_counter()
        back = cescacs.GameBatch.read_parquet(path)
        r = time.perf_counter() - t
        assert back == batch
        out[moves] = (w, r, os.path.getsize(path))
    return out


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    batch = cescacs.selfplay(games, max_plies=300, seed=1)
    plies = len(batch.moves)
    print(f"{games} games, {plies} plies, {os.cpu_count()} cores")
    results: List[Dict[str, Tuple[float, float, int]]] = []
    with tempfile.TemporaryDirectory() as folder:
        for k in range(runs):
            order = ENCODINGS[k % 3 :] + ENCODINGS[: k % 3]
            before = load()
            r = one_run(batch, order, folder)
            results.append(r)
            cells = ", ".join(f"{m} write {r[m][0]:.3f} s read {r[m][1]:.3f} s" for m in ENCODINGS)
            print(f"run {k + 1} (load {before}): {cells}")
    print()
    print("| moves | bytes a ply | write | read | write / index's | read / index's |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for m in ENCODINGS:
        w = [r[m][0] for r in results]
        rd = [r[m][1] for r in results]
        wr = [r[m][0] / r["index"][0] for r in results]
        rr = [r[m][1] / r["index"][1] for r in results]
        size = results[0][m][2] / plies
        span = lambda v, f: f"{min(v):{f}}–{max(v):{f}}"  # noqa: E731
        print(
            f"| `{m}` | {size:.2f} | {span(w, '.2f')} s | {span(rd, '.2f')} s | {span(wr, '.1f')}× | {span(rr, '.1f')}× |"
        )


if __name__ == "__main__":
    main()
