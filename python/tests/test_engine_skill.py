"""Strength levels through cescacs.engine.Engine.configure: Skill Level, UCI_LimitStrength, UCI_Elo."""

import pytest

import cescacs
import cescacs.engine as engine
from cescacs.engine import Limit


def test_level_0_plays_legal_varied_moves_and_level_20_the_plain_search():
    board = cescacs.Board()
    with engine.Engine(hash_mb=1) as e:
        e.configure({"Skill Level": 0})
        seen = set()
        for _ in range(20):
            result = e.play(board, Limit(depth=6))
            assert result.move in board.legal_moves
            assert result.info["depth"] == 1
            seen.add(result.move)
        assert len(seen) >= 4, seen
    plain = engine.analyse(board, Limit(depth=3))
    with engine.Engine(hash_mb=16) as e:
        e.configure({"Skill Level": 20})
        full = e.analyse(board, Limit(depth=3))
    assert (full["nodes"], full["pv"], full["score"]) == (
        plain["nodes"],
        plain["pv"],
        plain["score"],
    )


def test_uci_elo_rules_while_limit_strength_is_on():
    board = cescacs.Board()
    with engine.Engine(hash_mb=1) as e:
        e.configure({"Skill Level": 4})
        assert e.analyse(board, Limit(depth=9))["depth"] == 3
        e.configure({"UCI_Elo": 1000, "UCI_LimitStrength": True})
        assert e.options["UCI_LimitStrength"] is True and e.options["UCI_Elo"] == 1000
        assert e.analyse(board, Limit(depth=9))["depth"] == 1
        e.configure({"uci_limitstrength": "false"})
        assert e.analyse(board, Limit(depth=9))["depth"] == 3


def test_out_of_range_levels_raise_and_change_nothing():
    with engine.Engine(hash_mb=1) as e:
        e.configure({"Skill Level": 3})
        for bad in ({"Skill Level": 21}, {"Skill Level": -1}, {"UCI_Elo": 999}, {"UCI_Elo": 3215}):
            with pytest.raises(ValueError):
                e.configure(bad)
        with pytest.raises(engine.EngineError):
            e.configure({"UCI_LimitStrength": "maybe"})
        assert e.options["Skill Level"] == 3 and e.options["UCI_Elo"] == 1000
        assert e.analyse(cescacs.Board(), Limit(depth=9))["depth"] == 2
