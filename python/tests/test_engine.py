"""cescacs.engine: python-chess-shaped scores, engine object, play/analyse/analysis over the Rust search."""

import signal
import subprocess
import sys
import threading
import time

import pytest

import cescacs
import cescacs.engine as engine
from cescacs.engine import Cp, Limit, Mate, MateGiven, PovScore


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
        return {k: v for k, v in d.items() if k not in ("time", "nps")}

    assert strip(a.info) == strip(b.info) == strip(info)
    assert info["depth"] == 3
    assert info["nodes"] == a.info["nodes"] > 0
    assert isinstance(info["score"], PovScore) and isinstance(info["score"].relative, Cp)
    # The PV is a line of legal moves.
    copy = board.copy()
    for m in info["pv"]:
        copy.push(m)


def test_every_mate_in_one_scores_mate_1_at_depth_2():
    boards = mate_in_one_boards(10)
    assert len(boards) == 10
    for board in boards:
        info = engine.analyse(board, Limit(depth=2))
        assert info["score"].relative == Mate(1)
        assert info["score"].relative.score(mate_score=100000) == 99999
        board.push(info["pv"][0])
        assert board.is_checkmate()


def test_no_legal_move():
    board = mate_in_one_boards(1)[0]
    board.push(engine.play(board, Limit(depth=2)).move)
    result = engine.play(board, Limit(depth=2))
    assert result.move is None
    assert result.info["score"].relative == Mate(0)
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
    # Python's own handler, for the test's length: a background job inherits
    # SIGINT ignored, and then raising the signal would do nothing.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.4, lambda: signal.raise_signal(signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            engine.analyse(cescacs.Board(), Limit())
    finally:
        timer.join()
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - start < 10


RUNAWAY = (
    "/28:j/27:vj/24:3ep/23:1p4/22:2e3k/21:4e1p1/20:1p1e1P1/19:1p2p3/18:4G2/17:2n5/16:5P1/15:5n2/14:1r2p2/"
    "12:6d/11:1E1pj2R/10:2P2P1/9:3PE1D1/8:1P5/7:3P1E2/6:2p2g1/4:2J2/3:3R/2:1J1/0:K/ w -- - 6 82"
)


def test_depth_1_is_cheap_and_a_mate_in_one_is_found_under_any_limit():
    board = cescacs.Board(RUNAWAY)
    info = engine.analyse(board, Limit(depth=1))
    assert (info["depth"], info["score"].relative, info["nodes"]) == (1, Mate(1), 512)
    for limit in [Limit(nodes=200000), Limit(time=0.0), Limit(white_clock=60, black_clock=60)]:
        info = engine.analyse(board, limit)
        assert info["score"].relative == Mate(1), limit
        copy = board.copy()
        copy.push(info["pv"][0])
        assert copy.is_checkmate()


def test_limit_takes_the_clocks_of_python_chess():
    limit = Limit(
        white_clock=60, black_clock=59.5, white_inc=0.01, black_inc=0.01, remaining_moves=40
    )
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
            result = e.play(
                board,
                Limit(
                    white_clock=clocks[True],
                    black_clock=clocks[False],
                    white_inc=0.01,
                    black_inc=0.01,
                ),
            )
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


def test_scores_negate_compare_and_sort_as_python_chess():
    assert -Cp(5) == Cp(-5) and -Mate(3) == Mate(-3) and -Mate(-3) == Mate(3)
    assert -Mate(0) is MateGiven and -MateGiven == Mate(0) and Mate(-0) == Mate(0)
    scores = [Cp(10), Mate(-0), Mate(2), Cp(-5), MateGiven, Mate(-3), Mate(5), Mate(-1)]
    assert sorted(scores) == [
        Mate(-0),
        Mate(-1),
        Mate(-3),
        Cp(-5),
        Cp(10),
        Mate(5),
        Mate(2),
        MateGiven,
    ]
    assert Mate(-0) < Mate(-1) < Cp(-50) < Cp(200) < Mate(4) < Mate(1) < MateGiven
    assert max(Cp(3), Mate(7)) == Mate(7) and Cp(3) != Mate(3) and Cp(3) != 3
    assert len({Cp(1), Cp(1), Mate(1)}) == 2
    # Mate distances in moves, as python-chess counts them.
    assert Mate(3).score(mate_score=100000) == 99997
    assert Mate(-3).score(mate_score=100000) == -99997
    assert Mate(0).score(mate_score=100000) == -100000
    assert MateGiven.score(mate_score=100000) == 100000
    assert Mate(2).score() is None and Cp(7).score(mate_score=1) == 7
    assert (Mate(2).mate(), Cp(7).mate(), Mate(2).is_mate(), Cp(7).is_mate()) == (
        2,
        None,
        True,
        False,
    )
    assert [str(s) for s in (Mate(-0), Mate(3), Mate(-2), MateGiven, Cp(5), Cp(0), Cp(-5))] == [
        "#-0",
        "#+3",
        "#-2",
        "#+0",
        "+5",
        "0",
        "-5",
    ]
    assert [repr(s) for s in (Mate(-0), Mate(3), MateGiven, Cp(5), Cp(0), Cp(-5))] == [
        "Mate(-0)",
        "Mate(+3)",
        "MateGiven",
        "Cp(+5)",
        "Cp(0)",
        "Cp(-5)",
    ]


def test_pov_score_reads_from_either_side():
    p = PovScore(Cp(30), cescacs.Color.BLACK)
    assert (p.relative, p.white(), p.black()) == (Cp(30), Cp(-30), Cp(30))
    assert (
        p.pov(cescacs.Color.WHITE) == Cp(-30) and p.pov(False) == Cp(30) and p.pov(True) == Cp(-30)
    )
    assert p == PovScore(Cp(-30), cescacs.Color.WHITE) and p != PovScore(
        Cp(30), cescacs.Color.WHITE
    )
    assert not p.is_mate() and PovScore(Mate(2), True).is_mate()
    assert repr(p) == "PovScore(Cp(+30), BLACK)"
    assert PovScore(Mate(0), cescacs.Color.WHITE).black() is MateGiven
    with pytest.raises(TypeError):
        PovScore(Cp(1), "w")


def test_a_mate_in_one_is_plus_1_and_the_mated_side_is_minus_0():
    board = mate_in_one_boards(1)[0]
    mover = board.turn
    info = engine.analyse(board, Limit(depth=2))
    assert info["score"].relative == Mate(+1) and str(info["score"].relative) == "#+1"
    assert info["score"].pov(mover) == Mate(1) and info["score"].pov(mover.other) == Mate(-1)
    board.push(info["pv"][0])
    info = engine.analyse(board, Limit(depth=2))
    assert info["score"].relative == Mate(-0) and str(info["score"].relative) == "#-0"
    assert info["score"].pov(mover) is MateGiven and str(info["score"].pov(mover)) == "#+0"
    assert info["pv"] == [] and info["depth"] == 0


def test_multipv_lines_are_distinct_and_ordered():
    board = cescacs.Board()
    board.push_ctl("E7-E13")
    lines = engine.analyse(board, Limit(depth=3), multipv=3)
    assert isinstance(lines, list) and [i["multipv"] for i in lines] == [1, 2, 3]
    assert len({i["pv"][0] for i in lines}) == 3
    scores = [i["score"].relative for i in lines]
    assert scores == sorted(scores, reverse=True)
    assert all(i["depth"] == 3 for i in lines)
    # One line as a list, and the best line is what play() plays.
    one = engine.analyse(board, Limit(depth=3), multipv=1)
    assert len(one) == 1 and one[0]["pv"] == engine.analyse(board, Limit(depth=3))["pv"]
    # A mate in one leads; a position with two legal moves gives two lines.
    mate = mate_in_one_boards(1)[0]
    lines = engine.analyse(mate, Limit(depth=2), multipv=4)
    assert lines[0]["score"].relative == Mate(1) and len(lines) == min(
        4, len(list(mate.legal_moves))
    )
    for bad in (0, -1, 1.5, True):
        with pytest.raises(ValueError):
            engine.analyse(board, Limit(depth=1), multipv=bad)


def test_analysis_yields_increasing_depths_and_stops():
    board = cescacs.Board()
    with engine.Engine() as e:
        with e.analysis(board, Limit(depth=4)) as analysis:
            depths = [info["depth"] for info in analysis]
        assert depths == [1, 2, 3, 4]
        assert analysis.wait().move == analysis.info["pv"][0]
        with e.analysis(board, Limit(depth=2), multipv=2) as analysis:
            seen = [(info["depth"], info["multipv"]) for info in analysis]
        assert seen == [(1, 1), (1, 2), (2, 1), (2, 2)] and len(analysis.multipv) == 2
        # Unbounded: it runs until stopped, then ends its iteration.
        start = time.monotonic()
        analysis = e.analysis(board)
        depths = []
        for info in analysis:
            depths.append(info["depth"])
            if info["depth"] >= 3:
                analysis.stop()
        assert depths[:3] == [1, 2, 3] and depths == sorted(depths)
        assert analysis.wait().move in board.legal_moves
        assert analysis.next() is None
        with pytest.raises(engine.AnalysisComplete):
            analysis.get()
        # A search while an analysis runs stops the analysis first.
        running = e.analysis(board)
        assert e.play(board, Limit(depth=2)).move in board.legal_moves
        assert running.wait().move in board.legal_moves
        assert time.monotonic() - start < 60


def test_the_engine_object_configures_plays_and_quits():
    board = cescacs.Board()
    assert engine.SimpleEngine is engine.Engine
    with engine.Engine(hash_mb=4) as e:
        e.configure({"Hash": 8, "threads": 1})
        assert {k: e.options[k] for k in ("Hash", "Threads")} == {"Hash": 8, "Threads": 1}
        with pytest.raises(engine.EngineError):
            e.configure({"MultiPV": 3})
        with pytest.raises(ValueError):
            e.configure({"Hash": 0})
        result = e.play(board, Limit(depth=3))
        assert isinstance(result, engine.PlayResult) and result.move == result.info["pv"][0]
        assert result.ponder == result.info["pv"][1]
        assert set(e.analyse(board, Limit(depth=1), info=engine.INFO_SCORE)) == {"score"}
    with pytest.raises(engine.EngineTerminatedError):
        e.play(board, Limit(depth=1))
    e.quit()
