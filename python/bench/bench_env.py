"""Benchmark: cescacs.env.VecEnv random play in env-steps/s, observations
included (target ≥ 200,000 on 2 cores, goal 1,000,000), beside PettingZoo's
``chess_v6`` random play in the same run (the anchor).

Each VecEnv step: ``legal_actions()`` (CSR), one uniformly random legal action
per game picked in NumPy from it, ``step(actions)`` (planes of every game,
automatic reset). Also timed: the same with ``sample_actions()`` (picked in
Rust), the VecEnv on one core (``os.sched_setaffinity``, in a child
process), and env-steps per CPU-second of the process (less hidden by a
loaded machine than the wall clock). Medians of several runs; the load (``/proc/loadavg``) is printed
with the figures. Not a test: run

    python python/bench/bench_env.py [--envs 256,1024] [--steps 300] [--runs 5]

``chess_v6`` needs ``pip install chess pygame`` (its imports); without them
that line is skipped.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from typing import Callable, List

import numpy as np

from cescacs.env import VecEnv


def load() -> str:
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def median_rate(run: Callable[[], float], runs: int) -> float:
    return statistics.median(run() for _ in range(runs))


def cpu_rate(run: Callable[[int, int], float], num_envs: int, steps: int, runs: int) -> float:
    """env-steps per second of this process's CPU time (all its threads),
    median of runs: what a loaded machine does not hide as much as the wall
    clock (on a quiet machine with one core, the two agree)."""
    rates = []
    for _ in range(runs):
        t = time.process_time()
        run(num_envs, steps)
        rates.append(num_envs * steps / (time.process_time() - t))
    return statistics.median(rates)


def vec_numpy(num_envs: int, steps: int) -> float:
    """env-steps/s: actions picked in NumPy from the CSR legal actions."""
    v = VecEnv(num_envs, seed=1)
    v.reset()
    rng = np.random.default_rng(1)
    t = time.perf_counter()
    for _ in range(steps):
        indices, offsets = v.legal_actions()
        counts = np.diff(offsets)
        picks = offsets[:-1] + (rng.random(num_envs) * counts).astype(np.int64)
        v.step(indices[picks])
    return num_envs * steps / (time.perf_counter() - t)


def vec_sampled(num_envs: int, steps: int) -> float:
    """env-steps/s: actions from ``sample_actions()`` (picked in Rust)."""
    v = VecEnv(num_envs, seed=1)
    v.reset()
    t = time.perf_counter()
    for _ in range(steps):
        v.step(v.sample_actions())
    return num_envs * steps / (time.perf_counter() - t)


def chess_v6_random(steps: int) -> float:
    """env-steps/s of PettingZoo's chess_v6 with random legal actions."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pettingzoo.classic import chess_v6
    e = chess_v6.env()
    e.reset(seed=0)
    rng = np.random.default_rng(0)
    done = 0
    t = time.perf_counter()
    while done < steps:
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            done += 1
            if done >= steps:
                break
        e.reset()
    return done / (time.perf_counter() - t)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--envs", default="256,1024", help="comma-separated num_envs values")
    p.add_argument("--steps", type=int, default=300, help="VecEnv steps per run")
    p.add_argument("--runs", type=int, default=5, help="runs per figure (median)")
    p.add_argument("--chess-steps", type=int, default=2000, help="chess_v6 env-steps per run")
    p.add_argument("--one-core", action="store_true", help=argparse.SUPPRESS)
    a = p.parse_args()
    sizes = [int(x) for x in a.envs.split(",")]
    if a.one_core:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        for n in sizes:
            print(f"{median_rate(lambda: vec_numpy(n, a.steps), a.runs):.0f}")
            print(f"{cpu_rate(vec_numpy, n, a.steps, a.runs):.0f}")
        return
    print(f"cores: {len(os.sched_getaffinity(0))}; load before: {load()}")
    rows: List[str] = []
    for n in sizes:
        r = median_rate(lambda: vec_numpy(n, a.steps), a.runs)
        rows.append(f"VecEnv({n:>5}) NumPy picks from CSR     {r:>12,.0f} env-steps/s")
        r = median_rate(lambda: vec_sampled(n, a.steps), a.runs)
        rows.append(f"VecEnv({n:>5}) sample_actions()        {r:>12,.0f} env-steps/s")
        r = cpu_rate(vec_numpy, n, a.steps, a.runs)
        rows.append(f"VecEnv({n:>5}) NumPy picks, per CPU-s  {r:>12,.0f} env-steps/CPU-s")
    one = subprocess.run(
        [
            sys.executable,
            __file__,
            "--one-core",
            "--envs",
            a.envs,
            "--steps",
            str(a.steps),
            "--runs",
            str(a.runs),
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    for n, wall, cpu in zip(sizes, one[0::2], one[1::2]):
        rows.append(f"VecEnv({n:>5}) NumPy picks, one core    {float(wall):>12,.0f} env-steps/s")
        rows.append(f"VecEnv({n:>5}) one core, per CPU-s      {float(cpu):>12,.0f} env-steps/CPU-s")
    try:
        r = median_rate(lambda: chess_v6_random(a.chess_steps), 3)
        rows.append(f"PettingZoo chess_v6 random play       {r:>12,.0f} env-steps/s")
    except ImportError as e:
        rows.append(f"PettingZoo chess_v6: skipped ({e}; pip install chess pygame)")
    for row in rows:
        print(row)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS of this process: {peak:.0f} MB; load after: {load()}")


if __name__ == "__main__":
    main()
