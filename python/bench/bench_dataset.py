"""Benchmark: GameBatch memory and speed. Not a test: run
``python python/bench/bench_dataset.py [games]`` (default 10,000 games of at
most 300 plies; under ``nice -n 19`` on a shared machine). Each figure
comes from a fresh interpreter, so its peak RSS
(``resource.getrusage``) is that job's own:

- held memory of ``selfplay(games)`` (``GameBatch.nbytes`` and the RSS it
  adds) beside ``random_games(games)`` (Python ``Game`` objects);
- training samples per second with planes (``GameBatch.samples``).

Parquet, in each moves encoding: ``bench_parquet.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

PRELUDE = textwrap.dedent(
    """
    import gc, json, resource, time, tempfile, os
    import cescacs
    def rss_mb():
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6
    def peak_mb():
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3
    """
)

JOBS = {
    "selfplay": """
        before = rss_mb(); t = time.perf_counter()
        b = cescacs.selfplay(N, max_plies=300, seed=1)
        dt = time.perf_counter() - t; gc.collect()
        out = dict(plies=len(b.moves), seconds=dt, held_mb=b.nbytes / 1e6, rss_added_mb=rss_mb() - before, peak_mb=peak_mb())
    """,
    "random_games": """
        before = rss_mb(); t = time.perf_counter()
        g = cescacs.random_games(N, max_plies=300, seed=1)
        dt = time.perf_counter() - t; gc.collect()
        out = dict(plies=sum(x.ply() for x in g), seconds=dt, rss_added_mb=rss_mb() - before, peak_mb=peak_mb())
    """,
    "samples": """
        b = cescacs.selfplay(max(1, N // 20), max_plies=300, seed=1)
        def rate(batch, repeat=3):
            best = 0.0
            for _ in range(repeat):
                t = time.perf_counter(); s = batch.samples(planes=True, legal=True)
                best = max(best, len(s["played"]) / (time.perf_counter() - t)); del s
            return best
        # One call over every game (4.7 kB of planes a sample), and calls of
        # 20 games (~6,000 samples, 28 MB), as a training loop makes them.
        whole = rate(b)
        chunks = [b[i : i + 20] for i in range(0, len(b), 20)]
        t = time.perf_counter()
        for c in chunks:
            c.samples(planes=True, legal=True)
        per_chunk = len(b.moves) / (time.perf_counter() - t)
        out = dict(samples=len(b.moves), one_call_per_s=whole, chunks_of_20_games_per_s=per_chunk, peak_mb=peak_mb())
    """,
}


def run(name: str, games: int) -> dict:
    code = PRELUDE + f"N = {games}\n" + textwrap.dedent(JOBS[name]) + "\nprint(json.dumps(out))\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    if done.returncode != 0:
        return {"error": done.stderr.strip().splitlines()[-1]}
    return json.loads(done.stdout)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    with open("/proc/loadavg") as f:
        print(f"load: {f.read().split()[:3]}, games: {games}")
    for name in JOBS:
        print(name, json.dumps(run(name, games)))


if __name__ == "__main__":
    main()
