"""Batch functions for notebooks (many PDTLs at once, GIL released)."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time

import pytest

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
    assert cescacs.perft_many(["nonsense", rs[0]["pdtl"]], 1, errors="none") == [
        None,
        len(rs[0]["moves"]),
    ]
    assert cescacs.perft(cescacs.Board(), 2) == 4612


def test_perft_threads() -> None:
    """Board.perft runs the core's parallel perft: any thread count, one answer."""
    board = cescacs.Board()
    assert [board.perft(3, threads=n) for n in (None, 1, 2, 3)] == [340_385] * 4
    split = board.perft_divide(2, threads=2)
    assert split == sorted(split) and len(split) == 68 and sum(n for _, n in split) == 4612
    assert board.perft(0) == 1 and board.perft_divide(0) == []
    pdtl = records("castling.jsonl")[0]["pdtl"]
    assert cescacs.perft(pdtl, 2, threads=1) == cescacs.perft_many([pdtl], 2)[0]


# The child restores Python's own SIGINT handler: a process started in the
# background by a non-interactive shell inherits SIGINT ignored.
_INTERRUPT_SCRIPT = """
import signal, sys, time, cescacs
signal.signal(signal.SIGINT, signal.default_int_handler)
board = cescacs.Board()
pdtls = [cescacs.Board().pdtl()] * 2
call = {
    "perft": lambda: board.perft(7),
    "divide": lambda: board.perft_divide(7),
    "perft_many": lambda: cescacs.perft_many(pdtls, 7),
    "count": lambda: cescacs.count_legal_moves(pdtls * 1_000_000),
}[sys.argv[1]]
print("ready", flush=True)
try:
    call()
except KeyboardInterrupt:
    print("interrupted", time.monotonic(), flush=True)
    sys.exit(0)
print("finished", flush=True)
sys.exit(1)
"""


@pytest.mark.parametrize("call", ["perft", "divide", "perft_many", "count"])
def test_ctrl_c_stops_long_work(call: str) -> None:
    """Ctrl-C (SIGINT) during a long call raises KeyboardInterrupt: perft 7 from
    the start would run for hours, so the call can only have been stopped."""
    proc = subprocess.Popen(
        [sys.executable, "-c", _INTERRUPT_SCRIPT, call],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(1.0)
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    word, at = out.split()
    assert word == "interrupted"
    # How long the stop took, for the log (no timing assertion: the machine may be loaded).
    print(f"{call}: stopped {float(at) - sent:.3f} s after SIGINT")


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
