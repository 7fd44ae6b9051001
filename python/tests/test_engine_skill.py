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
            result = e.play(board, Limit(depth=6), info=engine.INFO_ALL)
            assert result.move in board.legal_moves
            # Level 0 searches four lines in 7,937 nodes.
            assert result.info["nodes"] <= 7937
            seen.add(result.move)
        assert len(seen) >= 3, seen  # level 0 chooses among four lines
    plain = engine.analyse(board, Limit(depth=3))
    with engine.Engine(hash_mb=16) as e:
        e.configure({"Skill Level": 20})
        full = e.analyse(board, Limit(depth=3))
    assert (full["nodes"], full["pv"], full["score"]) == (
        plain["nodes"],
        plain["pv"],
        plain["score"],
    )


def test_each_level_has_its_elo_on_the_ladder():
    assert len(engine.SKILL_ELO) == 21 and engine.SKILL_ELO[0] == 1000
    assert all(a < b for a, b in zip(engine.SKILL_ELO, engine.SKILL_ELO[1:]))


def test_uci_elo_rules_while_limit_strength_is_on():
    board = cescacs.Board()
    # A level below 20 is a node budget: level 19 spends its 40,000 nodes
    # on a search no budget completes; level 0 (UCI_Elo 1000) 7,937 in all.
    with engine.Engine(hash_mb=1) as e:
        e.configure({"Skill Level": 19})
        assert 7937 < e.analyse(board, Limit(depth=40))["nodes"] <= 40000
        e.configure({"UCI_Elo": 1000, "UCI_LimitStrength": True})
        assert e.options["UCI_LimitStrength"] is True and e.options["UCI_Elo"] == 1000
        assert e.analyse(board, Limit(depth=40))["nodes"] <= 7937
        e.configure({"uci_limitstrength": "false"})
        assert 7937 < e.analyse(board, Limit(depth=40))["nodes"] <= 40000


def test_out_of_range_levels_raise_and_change_nothing():
    with engine.Engine(hash_mb=1) as e:
        e.configure({"Skill Level": 3})
        for bad in (
            {"Skill Level": 21},
            {"Skill Level": -1},
            {"UCI_Elo": 999},
            {"UCI_Elo": engine.SKILL_ELO[20] + 1},
        ):
            with pytest.raises(ValueError):
                e.configure(bad)
        with pytest.raises(engine.EngineError):
            e.configure({"UCI_LimitStrength": "maybe"})
        assert e.options["Skill Level"] == 3 and e.options["UCI_Elo"] == 1000
        assert e.analyse(cescacs.Board(), Limit(depth=40))["nodes"] <= 7937
