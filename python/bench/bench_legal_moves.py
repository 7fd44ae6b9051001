"""Benchmark: listing legal moves from Python, side by side with python-chess.

Prints microseconds per move for ``list(board.legal_moves)`` on

* the initial position (68 moves; python-chess: its initial position, 20
  moves), the same position over and over, and
* many different positions: the 1,000 positions of
  ``tests/data/random-dev.jsonl`` (python-chess: 1,000 positions from seeded
  random games), each listed once per round — the case of a search or a
  self-play loop, where ``Move`` objects are less often reused from the
  binding's interned moves,

plus ``len(board.legal_moves)`` and the batch function, and the ratio
python-chess / cescacs per move (the target: ≥ 25×). python-chess is
imported only here: ``pip install chess`` to get the comparison.

Not a test: run ``python python/bench/bench_legal_moves.py`` (under
``nice -n 19`` on a shared machine; times are best of 7 runs).
"""

from __future__ import annotations

import json
import random
import timeit
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import cescacs

DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "random-dev.jsonl"
TARGET_RATIO = 25.0


def per_move(stmt: str, env: Dict[str, Any], moves: int, number: int, repeat: int = 7) -> float:
    """Best-of-``repeat`` time of ``stmt`` in µs per move."""
    best = min(timeit.repeat(stmt, globals=env, number=number, repeat=repeat))
    return best / number / moves * 1e6


def chess_positions(chess: Any, n: int, seed: int = 2026) -> List[Any]:
    """``n`` positions (plies 1 to 80) of seeded random python-chess games."""
    rng = random.Random(seed)
    out: List[Any] = []
    while len(out) < n:
        board = chess.Board()
        for _ in range(rng.randint(1, 80)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if not board.is_game_over():
            out.append(board.copy(stack=False))
    return out


def main() -> None:
    rows: List[Tuple[str, float]] = []
    board = cescacs.Board()
    n = len(board.legal_moves)
    assert n == 68, n
    g = {"board": board}
    rows.append(
        (
            "cescacs list(board.legal_moves), initial",
            per_move("list(board.legal_moves)", g, n, 20000),
        )
    )
    rows.append(
        ("cescacs len(board.legal_moves), initial", per_move("len(board.legal_moves)", g, n, 20000))
    )
    rows.append(
        (
            "cescacs [m.long() for m in board.legal_moves]",
            per_move("[m.long() for m in board.legal_moves]", g, n, 5000),
        )
    )
    pdtls = [json.loads(line)["pdtl"] for line in DATA.read_text().splitlines()]
    boards = [cescacs.Board(p) for p in pdtls]
    total = sum(len(b.legal_moves) for b in boards)
    rows.append(
        (
            f"cescacs list(b.legal_moves), {len(boards)} positions",
            per_move("for b in boards: list(b.legal_moves)", {"boards": boards}, total, 5),
        )
    )
    rows.append(
        (
            f"cescacs count_legal_moves({len(pdtls)} PDTLs)",
            per_move(
                "cescacs.count_legal_moves(pdtls)",
                {"cescacs": cescacs, "pdtls": pdtls},
                total,
                5,
                5,
            ),
        )
    )
    ratios: List[Tuple[str, float]] = []
    chess: Optional[Any]
    try:
        import chess  # python-chess, only in the benchmark environment
    except ImportError:
        chess = None
    if chess is not None:
        cb = chess.Board()
        cn = cb.legal_moves.count()
        initial = per_move("list(board.legal_moves)", {"board": cb}, cn, 5000)
        rows.append((f"python-chess list(board.legal_moves), initial ({cn} moves)", initial))
        cboards = chess_positions(chess, len(boards))
        ctotal = sum(b.legal_moves.count() for b in cboards)
        varied = per_move("for b in boards: list(b.legal_moves)", {"boards": cboards}, ctotal, 3)
        rows.append((f"python-chess list(b.legal_moves), {len(cboards)} positions", varied))
        ratios = [
            ("initial position", initial / rows[0][1]),
            ("many positions", varied / rows[3][1]),
        ]
    width = max(len(r[0]) for r in rows)
    print("µs per move, best of 7 runs")
    for name, us in rows:
        print(f"{name:<{width}}  {us:8.4f} µs/move")
    for name, ratio in ratios:
        verdict = "met" if ratio >= TARGET_RATIO else "NOT met"
        print(
            f"python-chess / cescacs per move, {name}: {ratio:5.1f}x (target ≥ {TARGET_RATIO:.0f}x: {verdict})"
        )
    if not ratios:
        print("python-chess is not installed (pip install chess): no ratio")


if __name__ == "__main__":
    main()
