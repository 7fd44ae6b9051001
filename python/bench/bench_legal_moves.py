"""Benchmark: listing the legal moves of the initial position from Python.

Prints microseconds per move for ``list(board.legal_moves)`` and
``len(board.legal_moves)`` (68 moves), plus the batch function, and — if
the ``chess`` package (python-chess) is installed — python-chess's
``list(board.legal_moves)`` on its initial position (20 moves) side by side.
Not a test: run ``python python/bench/bench_legal_moves.py``.
"""

from __future__ import annotations

import timeit

import cescacs


def per_move(stmt: str, setup_globals: dict, moves: int, number: int = 20000, repeat: int = 7) -> float:
    """Best-of-``repeat`` time of ``stmt`` in µs per move."""
    best = min(timeit.repeat(stmt, globals=setup_globals, number=number, repeat=repeat))
    return best / number / moves * 1e6


def main() -> None:
    board = cescacs.Board()
    n = len(board.legal_moves)
    assert n == 68, n
    g = {"board": board}
    rows = [
        ("cescacs list(board.legal_moves)", per_move("list(board.legal_moves)", g, n)),
        ("cescacs len(board.legal_moves)", per_move("len(board.legal_moves)", g, n)),
        ("cescacs [m.long() for m in board.legal_moves]", per_move("[m.long() for m in board.legal_moves]", g, n, 5000)),
    ]
    pdtls = [cescacs.INITIAL_PDTL] * 1000
    rows.append(
        ("cescacs count_legal_moves(1000 PDTLs)", per_move("cescacs.count_legal_moves(pdtls)", {"cescacs": cescacs, "pdtls": pdtls}, n * 1000, 20, 5))
    )
    try:
        import chess  # python-chess, only in the benchmark environment
    except ImportError:
        chess = None
    if chess is not None:
        cb = chess.Board()
        cn = cb.legal_moves.count()
        rows.append((f"python-chess list(board.legal_moves) ({cn} moves)", per_move("list(board.legal_moves)", {"board": cb}, cn, 5000)))
        rows.append((f"python-chess board.legal_moves.count() ({cn} moves)", per_move("board.legal_moves.count()", {"board": cb}, cn, 5000)))
    width = max(len(r[0]) for r in rows)
    print(f"initial position, {n} legal moves; best of 7 runs")
    for name, us in rows:
        print(f"{name:<{width}}  {us:8.4f} µs/move")
    target = 0.17
    print(f"target ≤ {target} µs/move for list(board.legal_moves): {'met' if rows[0][1] <= target else 'NOT met'}")


if __name__ == "__main__":
    main()
