"""The golden data of tests/data through the Python API."""

from __future__ import annotations

from typing import Any, Dict

import pytest

import cescacs
from cescacs import Board, Move, MoveKind

from conftest import perft_positions, records

JSONL = ["castling.jsonl", "probes.jsonl", "games.jsonl", "random-dev.jsonl"]


def check_moves(r: Dict[str, Any]) -> Board:
    board = Board(r["pdtl"])
    assert board.pdtl() == r["pdtl"]
    moves = list(board.legal_moves)
    longs = [m.long() for m in moves]
    assert len(set(longs)) == len(longs), f"duplicate moves in {r['pdtl']}"
    assert len(set(moves)) == len(moves), f"moves not distinct as Move objects in {r['pdtl']}"
    want = set(r["moves"])
    got = set(longs)
    assert got == want, f"{r['pdtl']}: missing {sorted(want - got)}, extra {sorted(got - want)}"
    assert board.legal_moves.long() == r["moves"]
    assert len(board.legal_moves) == len(r["moves"])
    return board


@pytest.mark.parametrize("name", JSONL)
def test_legal_moves_and_notation(name: str) -> None:
    for r in records(name):
        board = check_moves(r)
        for m in board.legal_moves:
            text = r["notation"][m.long()]
            assert board.ctl(m) == text, f"{r['pdtl']}: {m.long()}"
            assert board.parse_ctl(text) == m, f"{r['pdtl']}: {text}"
            assert board.parse_long(m.long()) == m
            assert Move.from_long(m.long()) == m
            assert m in board.legal_moves
            assert m.long() in board.legal_moves


@pytest.mark.parametrize("name", JSONL)
def test_state_tags(name: str) -> None:
    for r in records(name):
        board = Board(r["pdtl"])
        tags = set(r["tags"])
        assert board.is_check() == ("in_check" in tags), r["pdtl"]
        assert board.is_checkmate() == ("checkmate" in tags), r["pdtl"]
        assert board.is_stalemate() == ("stalemate" in tags), r["pdtl"]
        kinds = {m.kind for m in board.legal_moves}
        assert (MoveKind.KING_LEAP in kinds) == ("king_leap" in tags), r["pdtl"]
        assert (MoveKind.EN_PASSANT in kinds) == ("en_passant" in tags), r["pdtl"]
        assert (MoveKind.SCORNFUL_CAPTURE in kinds) == ("scornful_capture" in tags), r["pdtl"]
        assert (MoveKind.DOUBLE_STEP in kinds) == ("pawn_double" in tags), r["pdtl"]
        assert (MoveKind.TRIPLE_STEP in kinds) == ("pawn_triple" in tags), r["pdtl"]
        assert (MoveKind.FORCED_PROMOTION in kinds) == ("await_promotion" in tags), r["pdtl"]
        captures = any(m.is_capture for m in board.legal_moves)
        assert captures == ("capture" in tags), r["pdtl"]
        promotes = any(
            m.promotion is not None and m.kind is not MoveKind.FORCED_PROMOTION
            for m in board.legal_moves
        )
        assert promotes == ("promotion" in tags), r["pdtl"]
        castlings = board.castlings()
        assert any(m.castling is not None and len(m.rook_moves) == 1 for m in castlings) == (
            "castling_simple" in tags
        )
        assert any(len(m.rook_moves) == 2 for m in castlings) == ("castling_double" in tags)


def test_castling_counts() -> None:
    for r in records("castling.jsonl"):
        board = Board(r["pdtl"])
        leaps = board.king_leaps()
        castlings = board.castlings()
        counts = r["counts"]
        assert len(leaps) == counts["leaps"], r["note"]
        assert all(m.kind is MoveKind.KING_LEAP for m in leaps)
        assert all(m.kind is MoveKind.CASTLING for m in castlings)
        assert sum(1 for m in castlings if m.castling.startswith("KRK")) == counts["king_rook"], r[
            "note"
        ]
        assert sum(1 for m in castlings if m.castling.startswith("KRD")) == counts["queen_rook"], r[
            "note"
        ]
        assert sum(1 for m in castlings if m.castling.startswith("KRR")) == counts["double"], r[
            "note"
        ]
        special = {m.long() for m in leaps} | {m.long() for m in castlings}
        legal = {
            m.long() for m in board.legal_moves if m.kind in (MoveKind.KING_LEAP, MoveKind.CASTLING)
        }
        assert special == legal
        for m in castlings:
            assert r["notation"][m.long()].startswith(m.castling)
            assert board.ctl(m).startswith(m.castling)
            assert board.parse_ctl(m.castling) == m


def test_all_24_castlings_by_name() -> None:
    # Kings and rooks only with every right: all 24 castlings are legal (castling.jsonl's first study).
    r = records("castling.jsonl")[0]
    board = Board(r["pdtl"])
    names = sorted(m.castling for m in board.castlings())
    assert len(names) == 24
    assert names[:3] == ["KRD-DD", "KRD-DE", "KRD-ED"]
    for name in names:
        b = board.copy()
        m = b.push_ctl(name)
        assert m.castling == name
        assert b.peek() == m
        assert b.turn is cescacs.Color.BLACK


@pytest.mark.parametrize("name", JSONL)
def test_perft2(name: str) -> None:
    for r in records(name):
        assert Board(r["pdtl"]).perft(2) == r["perft2"], r["pdtl"]


def test_games_replay() -> None:
    rs = records("games.jsonl")
    for r, nxt in zip(rs, rs[1:]):
        if r["played"] is None:
            continue
        board = Board(r["pdtl"])
        assert board.parse_ctl(r["played_text"]).long() == r["played"]
        m = board.push_long(r["played"])
        assert m.long() == r["played"]
        same_game = nxt["source"].split("#")[0] == r["source"].split("#")[0]
        if same_game:
            assert board.pdtl() == nxt["pdtl"], r["source"]
        assert board.pop() == m
        assert board.pdtl() == r["pdtl"]


def test_games_end_in_mate() -> None:
    finals = [r for r in records("games.jsonl") if r["played"] is None]
    assert len(finals) == 5
    for r in finals:
        board = Board(r["pdtl"])
        assert board.is_checkmate()
        o = board.outcome()
        assert o is not None
        assert o.termination is cescacs.Termination.CHECKMATE
        assert o.winner is board.turn.other
        assert o.result() == ("3-0" if o.winner is cescacs.Color.WHITE else "0-3")


@pytest.mark.parametrize("pos", perft_positions(), ids=lambda p: p["name"])
def test_perft_depth_1_to_3(pos: Dict[str, Any]) -> None:
    board = Board(pos["pdtl"])
    for depth in ("1", "2", "3"):
        assert board.perft(int(depth)) == pos["perft"][depth], f"{pos['name']} depth {depth}"
    assert cescacs.perft(pos["pdtl"], 1) == pos["perft"]["1"]
    divide = board.perft_divide(2)
    assert sum(n for _, n in divide) == pos["perft"]["2"]
    assert [m for m, _ in divide] == board.legal_moves.long()


def test_perft_many_depth_3() -> None:
    positions = perft_positions()
    assert cescacs.perft_many([p["pdtl"] for p in positions], 3) == [
        p["perft"]["3"] for p in positions
    ]
