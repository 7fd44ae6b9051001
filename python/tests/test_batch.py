"""Batch functions for notebooks (many PDTLs at once, GIL released)."""

from __future__ import annotations

import threading

import cescacs

from conftest import records


def test_count_and_list_many() -> None:
    rs = records("random-dev.jsonl")
    pdtls = [r["pdtl"] for r in rs]
    assert cescacs.count_legal_moves(pdtls) == [len(r["moves"]) for r in rs]
    assert cescacs.legal_moves_long(pdtls) == [r["moves"] for r in rs]
    # Any iterable of str: a generator, a tuple.
    assert cescacs.count_legal_moves(r["pdtl"] for r in rs[:3]) == [len(r["moves"]) for r in rs[:3]]
    assert cescacs.count_legal_moves(tuple(pdtls[:2])) == [len(r["moves"]) for r in rs[:2]]
    assert cescacs.count_legal_moves([]) == []


def test_errors_none_keeps_positions() -> None:
    rs = records("games.jsonl")[:100]
    pdtls = [r["pdtl"] for r in rs]
    pdtls[10] = "nonsense"
    pdtls[70] = ""
    counts = cescacs.count_legal_moves(pdtls, errors="none")
    lists = cescacs.legal_moves_long(pdtls, errors="none")
    for i, r in enumerate(rs):
        if i in (10, 70):
            assert counts[i] is None and lists[i] is None
        else:
            assert counts[i] == len(r["moves"])
            assert lists[i] == r["moves"]


def test_perft_many() -> None:
    rs = records("castling.jsonl")
    assert cescacs.perft_many([r["pdtl"] for r in rs], 2) == [r["perft2"] for r in rs]
    assert cescacs.perft_many(["nonsense", rs[0]["pdtl"]], 1, errors="none") == [None, len(rs[0]["moves"])]
    assert cescacs.perft(cescacs.Board(), 2) == 4612


def test_batch_from_threads() -> None:
    """The batch functions run with the GIL released; concurrent calls agree."""
    rs = records("random-dev.jsonl")
    pdtls = [r["pdtl"] for r in rs]
    want = [len(r["moves"]) for r in rs]
    results: list = [None] * 4

    def work(i: int) -> None:
        results[i] = cescacs.count_legal_moves(pdtls)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [want] * 4
