"""cescacs.engine: python-chess-shaped play/analyse over the Rust search."""

import signal
import subprocess
import sys
import threading
import time

import pytest

import cescacs
import cescacs.engine as engine
from cescacs.engine import Cp, Limit, Mate


def mate_in_one_boards(n):
    """Boards one move before mate, from seeded random games."""
    out = []
    for g in cescacs.random_games(300, seed=0, max_plies=400):
        o = g.end_board().outcome()
        if o is not None and o.termination == cescacs.Termination.CHECKMATE:
            board = g.end_board()
            board.pop()
            out.append(board)
        if len(out) == n:
            break
    return out


def test_limit_checks_its_fields():
    assert Limit(depth=3) == Limit(depth=3, time=None, nodes=None)
    for bad in [dict(depth=0), dict(nodes=-1), dict(time=-0.5), dict(depth=2.5), dict(depth=True)]:
        with pytest.raises(ValueError):
            Limit(**bad)
    with pytest.raises(TypeError):
        engine.play(cescacs.Board(), 3)
    # The ranges are the engine's, with its messages.
    with pytest.raises(ValueError, match="depth must be at least 1"):
        Limit(depth=0)
    with pytest.raises(ValueError, match="time must be a number of seconds >= 0, not -0.5"):
        Limit(time=-0.5)
    with pytest.raises(ValueError, match="hash_mb must be 1..65536, not 0"):
        engine.Engine(hash_mb=0)


def test_play_and_analyse_agree_and_are_deterministic():
    board = cescacs.Board()
    board.push_ctl("E7-E13")
    a = engine.play(board, Limit(depth=3))
    b = engine.play(board, Limit(depth=3))
    info = engine.analyse(board, Limit(depth=3))
    assert a.move == b.move == info["pv"][0]
    assert a.move in board.legal_moves

    def strip(d):
        return {k: v for k, v in d.items() if k != "time"}

    assert strip(a.info) == strip(b.info) == strip(info)
    assert info["depth"] == 3
    assert info["nodes"] == a.info["nodes"] > 0
    assert isinstance(info["score"], Cp)
    # The PV is a line of legal moves.
    copy = board.copy()
    for m in info["pv"]:
        copy.push(m)


def test_every_mate_in_one_scores_mate_1_at_depth_2():
    boards = mate_in_one_boards(10)
    assert len(boards) == 10
    for board in boards:
        info = engine.analyse(board, Limit(depth=2))
        assert info["score"] == Mate(1)
        assert info["score"].score(mate_score=100000) == 99999
        board.push(info["pv"][0])
        assert board.is_checkmate()


def test_no_legal_move():
    board = mate_in_one_boards(1)[0]
    board.push(engine.play(board, Limit(depth=2)).move)
    result = engine.play(board, Limit(depth=2))
    assert result.move is None
    assert result.info["score"] == Mate(0)
    assert result.info["pv"] == []


def test_node_limit_is_exact_and_engine_keeps_its_table():
    board = cescacs.Board()
    info = engine.analyse(board, Limit(nodes=2500))
    assert info["nodes"] == 2500
    with engine.Engine(hash_mb=4) as e:
        first = e.analyse(board, Limit(depth=3))
        again = e.analyse(board, Limit(depth=3))
        assert again["nodes"] < first["nodes"]
        e.new_game()
        assert e.analyse(board, Limit(depth=3))["nodes"] == first["nodes"]
    with pytest.raises(ValueError):
        engine.Engine(hash_mb=0)
    with pytest.raises(ValueError):
        engine.Engine(threads=0)


def test_time_limit_and_two_threads():
    start = time.monotonic()
    result = engine.play(cescacs.Board(), Limit(time=0.3), threads=2)
    elapsed = time.monotonic() - start
    assert 0.3 <= elapsed < 10
    assert result.move in cescacs.Board().legal_moves


def test_the_gil_is_released_while_searching():
    ticks = []
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks.append(1)
            time.sleep(0.01)

    t = threading.Thread(target=count)
    t.start()
    engine.play(cescacs.Board(), Limit(time=0.5))
    done.set()
    t.join()
    assert len(ticks) >= 10


def test_ctrl_c_stops_an_unbounded_search():
    # SIGINT from a timer thread: the handler raises KeyboardInterrupt in
    # the main thread, which the search's wait loop checks every 0.1 s.
    timer = threading.Timer(0.4, lambda: signal.raise_signal(signal.SIGINT))
    start = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        engine.analyse(cescacs.Board(), Limit())
    timer.join()
    assert time.monotonic() - start < 10


RUNAWAY = (
    "/28:j/27:vj/24:3ep/23:1p4/22:2e3k/21:4e1p1/20:1p1e1P1/19:1p2p3/18:4G2/17:2n5/16:5P1/15:5n2/14:1r2p2/"
    "12:6d/11:1E1pj2R/10:2P2P1/9:3PE1D1/8:1P5/7:3P1E2/6:2p2g1/4:2J2/3:3R/2:1J1/0:K/ w -- - 6 82"
)


def test_depth_1_is_cheap_and_a_mate_in_one_is_found_under_any_limit():
    board = cescacs.Board(RUNAWAY)
    info = engine.analyse(board, Limit(depth=1))
    assert (info["depth"], info["score"], info["nodes"]) == (1, Mate(1), 981)
    for limit in [Limit(nodes=200000), Limit(time=0.0), Limit(white_clock=60, black_clock=60)]:
        info = engine.analyse(board, limit)
        assert info["score"] == Mate(1), limit
        copy = board.copy()
        copy.push(info["pv"][0])
        assert copy.is_checkmate()


def test_limit_takes_the_clocks_of_python_chess():
    limit = Limit(white_clock=60, black_clock=59.5, white_inc=0.01, black_inc=0.01, remaining_moves=40)
    assert limit.white_clock == 60 and limit.remaining_moves == 40
    for bad in [
        dict(white_clock=-1.0),
        dict(black_inc=float("nan")),
        dict(white_clock="60"),
        dict(black_clock=True),
        dict(remaining_moves=-1),
        dict(remaining_moves=2.5),
    ]:
        with pytest.raises(ValueError):
            Limit(**bad)
    with pytest.raises(ValueError, match="time must be a number of seconds >= 0, not -1"):
        Limit(white_clock=-1)


def test_a_game_on_the_clock_never_runs_out():
    # Thirty plies at 2 s + 10 ms a move (faster than 1 minute + 0.01 s),
    # each search charged its wall time.
    board = cescacs.Board()
    clocks = {True: 2.0, False: 2.0}
    with engine.Engine(hash_mb=8) as e:
        for _ in range(30):
            if board.is_game_over():
                break
            white = board.turn == cescacs.Color.WHITE
            start = time.monotonic()
            result = e.play(board, Limit(white_clock=clocks[True], black_clock=clocks[False], white_inc=0.01, black_inc=0.01))
            clocks[white] -= time.monotonic() - start
            assert clocks[white] > 0
            clocks[white] += 0.01
            assert result.info["depth"] >= 1
            board.push(result.move)


def test_a_table_that_cannot_be_allocated_raises_memory_error():
    # A child interpreter with a 2 GiB address space: a 64 GiB table is a
    # MemoryError, not an abort, and the interpreter goes on.
    code = (
        "import resource, cescacs.engine as e\n"
        "resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))\n"
        "try:\n"
        "    e.Engine(hash_mb=65536)\n"
        "except MemoryError as err:\n"
        "    print('MemoryError:', err)\n"
        "import cescacs\n"
        "print(e.play(cescacs.Board(), e.Limit(depth=1)).move is not None)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [
        "MemoryError: cannot allocate a transposition table of 65536 MiB: out of memory",
        "True",
    ]
