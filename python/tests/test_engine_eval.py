"""The engine's evaluations from Python: the network built in (``Use NNUE``, the default)
and the hand-written one, another network file (``EvalFile``) refused with its
reason when it is not one, and the static evaluation of a board."""

import pytest

import cescacs
from cescacs.engine import Engine, Limit


def test_the_static_evaluation_follows_use_nnue():
    board = cescacs.Board()
    with Engine(hash_mb=1) as engine:
        assert engine.options["Use NNUE"] is True
        net = engine.evaluate(board)
        assert -200 < net < 200
        board.push_ctl("E7-E13")
        # The side to move's view: Black's after White's move.
        assert engine.evaluate(board) != net
        engine.configure({"Use NNUE": "false"})
        assert engine.options["Use NNUE"] is False
        assert engine.evaluate(cescacs.Board()) == 0  # the initial position is symmetric
        engine.configure({"Use NNUE": True})
        assert engine.evaluate(cescacs.Board()) == net


def test_a_file_that_is_not_a_network_is_refused_and_the_network_stays(tmp_path):
    board = cescacs.Board()
    with Engine(hash_mb=1) as engine:
        engine.configure({"Use NNUE": True})
        before = engine.evaluate(board)
        bad = tmp_path / "net.nnue"
        bad.write_bytes(b"CESNNUE\0\x02\x00\x01\x00" + bytes(10))  # version 2, cut in its header
        with pytest.raises(ValueError, match="truncated network file"):
            engine.configure({"EvalFile": str(bad)})
        with pytest.raises(ValueError, match="cannot read network file"):
            engine.configure({"EvalFile": str(tmp_path / "missing.nnue")})
        assert engine.options["EvalFile"] == "<default>"
        assert engine.evaluate(board) == before
        with pytest.raises(cescacs.engine.EngineError, match="true or false"):
            engine.configure({"Use NNUE": "maybe"})
        engine.configure({"EvalFile": "<default>"})
        result = engine.play(board, Limit(depth=2))
        assert result.move is not None
