"""The batch functions from several Python threads at once.

They release the GIL while they work, so calls really overlap: each
threaded result must equal the single-threaded one (and the golden data).
Separate ``Board`` objects used from separate threads must agree too.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, List, Tuple

import cescacs

from conftest import records

THREADS = 8


def _jobs() -> List[Tuple[str, Callable[[], Any]]]:
    """Named batch calls over slices of the golden data, bad texts included."""
    dev = [r["pdtl"] for r in records("random-dev.jsonl")]
    games = [r["pdtl"] for r in records("games.jsonl")]
    studies = [r["pdtl"] for r in records("castling.jsonl") + records("probes.jsonl")]
    broken = dev[:50] + ["nonsense", "", "/28:v/ w - - 0 1"] + games[:50]
    return [
        ("count dev", lambda: cescacs.count_legal_moves(dev)),
        ("count games", lambda: cescacs.count_legal_moves(games)),
        ("long dev[::3]", lambda: cescacs.legal_moves_long(dev[::3])),
        ("long games", lambda: cescacs.legal_moves_long(games)),
        ("perft2 studies", lambda: cescacs.perft_many(studies, 2)),
        ("perft2 dev[:40]", lambda: cescacs.perft_many(dev[:40], 2)),
        ("count broken", lambda: cescacs.count_legal_moves(broken, errors="none")),
        ("long broken", lambda: cescacs.legal_moves_long(broken, errors="none")),
    ]


def test_batch_functions_from_threads_equal_single_threaded() -> None:
    jobs = _jobs()
    single = {name: job() for name, job in jobs}
    # The single-threaded results are the golden ones.
    assert single["count dev"] == [len(r["moves"]) for r in records("random-dev.jsonl")]
    assert single["long games"] == [r["moves"] for r in records("games.jsonl")]
    assert single["count broken"][50:53] == [None, None, None]

    # Every job several times, interleaved, on THREADS threads.
    work = [(name, job) for _ in range(3) for name, job in jobs]
    with ThreadPoolExecutor(max_workers=THREADS) as pool:
        futures = [(name, pool.submit(job)) for name, job in work]
        threaded = [(name, f.result()) for name, f in futures]
    assert len(threaded) == 3 * len(jobs)
    for name, result in threaded:
        assert result == single[name], name


def test_errors_raise_from_threads() -> None:
    """A bad text raises in the thread that passed it, not elsewhere."""
    good = [r["pdtl"] for r in records("probes.jsonl")]
    want = cescacs.count_legal_moves(good)

    def bad() -> str:
        try:
            cescacs.count_legal_moves(good + ["nonsense"])
        except ValueError as e:
            return type(e).__name__
        return "no error"

    with ThreadPoolExecutor(max_workers=THREADS) as pool:
        oks = [pool.submit(cescacs.count_legal_moves, good) for _ in range(16)]
        bads = [pool.submit(bad) for _ in range(16)]
        assert [f.result() for f in oks] == [want] * 16
        assert {f.result() for f in bads} == {"InvalidPdtlError"}


def _playout(start: str, plies: int) -> Tuple[List[str], List[int], str]:
    """A deterministic playout on a board of its own, then undone."""
    board = cescacs.Board(start)
    texts: List[str] = []
    hashes: List[int] = []
    for ply in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = moves[(ply * 7 + 3) % len(moves)]
        texts.append(board.ctl(move))
        hashes.append(board.zobrist_hash())
        board.push(move)
    end = board.pdtl()
    while board.move_stack:
        board.pop()
    assert board.pdtl() == cescacs.Board(start).pdtl()
    return texts, hashes, end


def test_separate_boards_from_threads() -> None:
    starts = [r["pdtl"] for r in records("castling.jsonl")[:4]] + [cescacs.initial_pdtl()]
    single = [_playout(s, 60) for s in starts]
    assert all(texts for texts, _, _ in single)
    with ThreadPoolExecutor(max_workers=THREADS) as pool:
        futures = [
            pool.submit(_playout, starts[i % len(starts)], 60) for i in range(4 * len(starts))
        ]
        for i, f in enumerate(futures):
            assert f.result() == single[i % len(starts)]
