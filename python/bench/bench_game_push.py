"""Benchmark: ``push`` + ``outcome()`` per ply over a 300-ply game, from Python.

The core keeps every move, hash and repetition count per ply, so the
cost of a ply must not grow with the length of the game. This plays a fixed
seeded random game of 300 plies (legal moves that do not end it) with
``Game.push`` + ``Game.outcome()`` and with ``Board.push`` +
``Board.outcome()``, timing each ply (best of several runs), and prints the
mean per-ply cost over plies 1–20 and 280–300.

Not a test: run ``python python/bench/bench_game_push.py [runs]`` (under
``nice -n 19`` on a shared machine).
"""

from __future__ import annotations

import random
import sys
import time
from typing import Callable, List, Tuple

import cescacs

PLIES = 300
SEED = 2026


def random_game(seed: int, plies: int) -> List[cescacs.Move]:
    """``plies`` legal moves from the initial position, chosen at random
    among those after which the game has not ended (``None`` if the game
    gets stuck: every move would end it)."""
    rng = random.Random(seed)
    board = cescacs.Board()
    while board.ply() < plies:
        moves = list(board.legal_moves)
        rng.shuffle(moves)
        for m in moves:
            board.push(m)
            if board.outcome() is None:
                break
            board.pop()
        else:
            return []
    return board.move_stack


def first_full_game() -> Tuple[int, List[cescacs.Move]]:
    for seed in range(SEED, SEED + 100):
        moves = random_game(seed, PLIES)
        if moves:
            return seed, moves
    raise RuntimeError("no seed gave a 300-ply game")


def time_plies(new: Callable[[], object], moves: List[cescacs.Move], runs: int) -> List[float]:
    """Per ply, the best over ``runs`` replays of push + outcome(), in µs."""
    best = [float("inf")] * len(moves)
    clock = time.perf_counter_ns
    for _ in range(runs):
        target = new()
        push, outcome = target.push, target.outcome
        for k, m in enumerate(moves):
            t0 = clock()
            push(m)
            outcome()
            dt = clock() - t0
            if dt < best[k]:
                best[k] = dt
        assert target.outcome() is None
    return [ns / 1000 for ns in best]


def mean(xs: List[float]) -> float:
    return sum(xs) / len(xs)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    seed, moves = first_full_game()
    assert len(moves) == PLIES
    print(f"random game: seed {seed}, {len(moves)} plies, best of {runs} runs per ply")
    print(f"{'':34}{'plies 1-20':>12}{'plies 280-300':>15}")
    for name, new in (
        ("Game.push + Game.outcome()", cescacs.Game),
        ("Board.push + Board.outcome()", cescacs.Board),
    ):
        per_ply = time_plies(new, moves, runs)
        start, end = mean(per_ply[0:20]), mean(per_ply[279:300])
        print(f"{name:34}{start:>9.2f} µs{end:>12.2f} µs")
    # The same plies on a board without history (set up from the PDTL before
    # each ply): what the position itself costs, history aside.
    board = cescacs.Board()
    before = []
    for m in moves:
        before.append(board.pdtl())
        board.push(m)
    per_ply = [float("inf")] * len(moves)
    clock = time.perf_counter_ns
    for _ in range(runs):
        boards = [cescacs.Board(p) for p in before]
        for k, (b, m) in enumerate(zip(boards, moves)):
            t0 = clock()
            b.push(m)
            b.outcome()
            per_ply[k] = min(per_ply[k], (clock() - t0) / 1000)
    start, end = mean(per_ply[0:20]), mean(per_ply[279:300])
    print(f"{'Board(pdtl).push + outcome()':34}{start:>9.2f} µs{end:>12.2f} µs  (no history)")


if __name__ == "__main__":
    main()
