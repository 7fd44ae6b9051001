"""Attacks, pins and HexSet: the core's answers, as python-chess
users expect them."""

from __future__ import annotations

import importlib.util
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

import cescacs
from cescacs import BLACK, WHITE, Board, Hex, HexSet

from conftest import probe, records

KINGS_AND_ROOKS = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1"
ELEPHANT_BLOCKED = "/27:1k/16:3p3/14:3E3/1:1K/ w -- - 0 1"
ELEPHANT_PIN = "/27:1k/5:3e2/3:2N1/1:1K/ w -- - 0 1"
ROOK_PIN = "/25:k1r1/3:2R1/1:1K/ w -- - 0 1"


def names(s: HexSet) -> set[str]:
    return {h.name for h in s}


def test_hexset_is_a_set_of_hexes() -> None:
    a = HexSet(["F14", Hex("G1")])
    b = HexSet([Hex("G1"), "G27"])
    assert list(a) == [Hex("G1"), Hex("F14")]  # index order
    assert len(a) == 2 and bool(a) and not HexSet()
    assert "F14" in a and Hex("G1") in a and "G27" not in a
    assert "Q99" not in a and 3 not in a  # not hexes: not in any set
    assert names(a | b) == {"F14", "G1", "G27"}
    assert names(a & b) == {"G1"}
    assert names(a - b) == {"F14"}
    assert names(a ^ b) == {"F14", "G27"}
    assert ["G1"] | HexSet(["G27"]) == HexSet(["G1", "G27"])  # the other side works too
    assert len(~a) == cescacs.HEX_COUNT - 2 and not (~a & a)
    assert HexSet(["G1"]) < a <= a and a >= HexSet(["G1"]) and not a < a
    assert a.issuperset(["G1"]) and HexSet(["G1"]).issubset(a) and a.isdisjoint(["G27"])
    assert a == ["G1", "F14"] and a != b and a == HexSet(int(a))
    # The mask: bit Hex.index for each hex.
    assert int(HexSet(["F0"])) == 1 << Hex("F0").index
    assert int(~HexSet()) == (1 << cescacs.HEX_COUNT) - 1
    assert hash(a) == hash(int(a)) and len({a, HexSet(int(a))}) == 1
    assert eval(repr(a), {"HexSet": HexSet}) == a and repr(a) == "HexSet(['G1', 'F14'])"
    assert pickle.loads(pickle.dumps(a)) == a
    rows = str(HexSet(["G1", "G27"])).splitlines()
    assert (
        rows[1] == "27             .   1" and rows[27] == " 1             .   1" and len(rows) == 30
    )


def test_hexset_refuses_what_is_not_a_set_of_hexes() -> None:
    with pytest.raises(TypeError):
        HexSet("F14")  # a str would iterate by character
    with pytest.raises(ValueError):
        HexSet(["F15"])  # not a hex
    with pytest.raises(ValueError):
        HexSet(1 << cescacs.HEX_COUNT)
    with pytest.raises(ValueError):
        HexSet(-1)
    with pytest.raises(TypeError):
        HexSet(3.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        HexSet(["G1"]) | 2.5  # type: ignore[operator]


def test_attacks_of_pieces() -> None:
    board = Board(ELEPHANT_BLOCKED)
    # The Elephant's two-step attack stops at the pawn on F16.
    assert names(board.attacks("F14")) == {"F16", "E17", "G17", "E11", "G11"}
    assert board.is_attacked_by(WHITE, "F16") and not board.is_attacked_by(WHITE, "F18")
    assert names(board.attackers(WHITE, "G17")) == {"F14"}
    assert names(board.attackers("b", "E13")) == {"F16"}  # the pawn captures downwards
    assert not board.attacks("F18")  # an empty hex attacks nothing
    # The King's Leap is not an attack (RULES.md §5.2).
    leaps = Board("/27:1k/1:1K/ w -k - 0 1")
    assert not {"E23", "F22", "H22", "I23"} & names(leaps.attacked_hexes(BLACK))


def test_attack_map_agrees_with_attackers() -> None:
    for r in records("random-dev.jsonl")[:60]:
        board = Board(r["pdtl"])
        for color in (WHITE, BLACK):
            attack_map = board.attacked_hexes(color)
            for hex in cescacs.HEXES:
                attackers = board.attackers(color, hex)
                assert (hex in attack_map) == board.is_attacked_by(color, hex) == bool(attackers)
                assert all(hex in board.attacks(a) for a in attackers)
        assert board.checkers() == board.attackers(~board.turn, board.king(board.turn))


def test_pins() -> None:
    board = Board(ROOK_PIN)
    ray = board.pin(WHITE, "G3")
    assert board.is_pinned(WHITE, "G3") and names(ray) == {f"G{n}" for n in range(3, 26, 2)}
    assert all(m.to_hex in ray for m in board.legal_moves_from("G3"))
    # Not pinned: every hex, as python-chess.
    assert len(board.pin(WHITE, "G1")) == cescacs.HEX_COUNT and not board.is_pinned(BLACK, "G25")
    elephant = Board(ELEPHANT_PIN)
    assert names(elephant.pin(WHITE, "G3")) == {"G3", "G5"}
    assert elephant.legal_moves_from("G3") == []


def test_moves_by_hexes_check_and_capture() -> None:
    board = Board(KINGS_AND_ROOKS)
    # The King's Leap and eight castlings share G1 -> H6.
    shared = board.generate_legal_moves(["G1"], ["H6"])
    assert len(shared) == 9 and sum(m.castling is not None for m in shared) == 8
    assert board.legal_moves_from("G1") == board.generate_legal_moves(HexSet(["G1"]))
    assert set(board.legal_moves_to("H6")) == set(board.generate_legal_moves(to_mask=["H6"]))
    everything = board.generate_legal_moves()
    assert everything == list(board.legal_moves) and len(everything) == 90
    assert board.generate_legal_moves(0) == []
    # gives_check agrees with playing the move; is_capture with the move.
    for m in board.legal_moves:
        after = board.copy()
        after.push(m)
        assert board.gives_check(m) == after.is_check()
        assert board.is_capture(m) == m.is_capture
    # I25 sees G27 along the file through H26; C25 does not.
    assert board.gives_check(board.parse_ctl("RI3-I25")) is True
    assert board.gives_check(board.parse_ctl("RC3xC25")) is False
    assert board.is_capture(board.parse_ctl("RC3xC25")) and board.parse_ctl("RC3xC25").is_capture
    with pytest.raises(cescacs.IllegalMoveError):
        board.gives_check(cescacs.Move("F14", "F16"))


def test_result_and_unicode() -> None:
    board = Board()
    assert board.result() == "*"
    assert (
        "♚" in board.unicode() and board.unicode().splitlines()[-1] == str(board).splitlines()[-1]
    )
    stalemate = Board(probe("stalemate")["pdtl"])
    assert stalemate.result() == "2-1" == stalemate.outcome().result()  # type: ignore[union-attr]
    fifty = Board("/27:1k/3:R2R/1:1K/ w -- - 100 90")
    assert fifty.result() == "*" and fifty.result(claim_draw=True) == "1-1"


TYPED = Path(__file__).with_name("typed_usage.py")


@pytest.mark.skipif(
    importlib.util.find_spec("mypy") is None,
    reason="mypy is not installed (scripts/test-python.sh installs it)",
)
def test_api_passes_mypy_strict() -> None:
    """A script using the API (tests/typed_usage.py) type-checks with mypy --strict against the stubs."""
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", str(TYPED)], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stdout + run.stderr
    # And it runs.
    subprocess.run([sys.executable, str(TYPED)], check=True)
