"""Benchmark: random self-play plies per second, cescacs.selfplay (into a
GameBatch) and cescacs.random_games (Game objects), Rust, all cores, against a pure-Python python-chess random-play loop in the same run
(the target: ≥ 200×), and a pure-Python loop over cescacs.Board.

Not a test: run ``python python/bench/bench_random_games.py [games]`` (under
``nice -n 19`` on a shared machine). ``pip install chess`` for the comparison.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any, Callable, Tuple

import cescacs

TARGET = 200.0


def rate(run: Callable[[], int], repeat: int = 3) -> Tuple[float, int]:
    """Best plies/s of ``run`` (which returns the plies it played)."""
    best = 0.0
    plies = 0
    for _ in range(repeat):
        t = time.perf_counter()
        plies = run()
        best = max(best, plies / (time.perf_counter() - t))
    return best, plies


def python_chess_loop(chess: Any, games: int, max_plies: int, seed: int) -> int:
    rng = random.Random(seed)
    plies = 0
    for _ in range(games):
        board = chess.Board()
        while board.ply() < max_plies and not board.is_game_over(claim_draw=False):
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return plies


def cescacs_python_loop(games: int, max_plies: int, seed: int) -> int:
    rng = random.Random(seed)
    plies = 0
    for _ in range(games):
        board = cescacs.Board()
        while board.ply() < max_plies and not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return plies


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    max_plies = 300
    batch, plies = rate(lambda: len(cescacs.selfplay(games, max_plies=max_plies, seed=1).moves))
    print(
        f"cescacs.selfplay({games}, max_plies={max_plies}):     {plies} plies, {batch:12,.0f} plies/s (all cores)"
    )
    batch_one, _ = rate(
        lambda: len(cescacs.selfplay(games, max_plies=max_plies, seed=1, threads=1).moves)
    )
    print(f"  the same on one thread:                       {batch_one:12,.0f} plies/s")
    rust, plies = rate(
        lambda: sum(g.ply() for g in cescacs.random_games(games, max_plies=max_plies, seed=1))
    )
    print(
        f"cescacs.random_games({games}, max_plies={max_plies}): {plies} plies, {rust:12,.0f} plies/s (all cores)"
    )
    one, _ = rate(
        lambda: sum(
            g.ply() for g in cescacs.random_games(games, max_plies=max_plies, seed=1, threads=1)
        )
    )
    print(f"  the same on one thread:                       {one:12,.0f} plies/s")
    py, _ = rate(lambda: cescacs_python_loop(max(2, games // 50), max_plies, 1), 1)
    print(f"pure-Python loop over cescacs.Board:            {py:12,.0f} plies/s")
    try:
        import chess  # python-chess, only in the benchmark environment
    except ImportError:
        print("python-chess is not installed (pip install chess): no ratio")
        return
    # Best of 3 like the cescacs figures: this machine's speed drifts, and a
    # single short run of the slow loop made the ratio swing by a third.
    pc, _ = rate(lambda: python_chess_loop(chess, max(2, games // 50), max_plies, 1), 3)
    print(f"pure-Python python-chess random loop:           {pc:12,.0f} plies/s")
    for name, value in (("selfplay", batch), ("random_games", rust)):
        ratio = value / pc
        print(
            f"{name} / python-chess: {ratio:.0f}x (target ≥ {TARGET:.0f}x: {'met' if ratio >= TARGET else 'NOT met'})"
        )


if __name__ == "__main__":
    main()
