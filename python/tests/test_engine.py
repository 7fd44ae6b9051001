"""cescacs.engine: python-chess-shaped play/analyse over the Rust search."""

import signal
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
