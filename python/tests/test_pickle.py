"""Pickling (for multiprocessing, Dask, Ray) and copy.copy / copy.deepcopy."""

from __future__ import annotations

import copy
import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor

import pytest

import cescacs
from cescacs import Board, Color, Hex, Move, MoveKind, Piece, PieceKind, Termination

from conftest import records

PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)


def game_board() -> Board:
    """A board with a move stack: the first 12 plies of a recorded game."""
    rs = [r for r in records("games.jsonl") if r["source"].startswith("game:2023-09-11")]
    b = Board(rs[0]["pdtl"])
    for r in rs[:12]:
        b.push_long(r["played"])
    return b


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_board_pickle_keeps_position_and_stack(protocol: int) -> None:
    b = game_board()
    back = pickle.loads(pickle.dumps(b, protocol=protocol))
    assert type(back) is Board
    assert back == b
    assert back.pdtl() == b.pdtl()
    assert back.move_stack == b.move_stack
    assert [m.kind for m in back.move_stack] == [m.kind for m in b.move_stack]
    assert back.root() == b.root()
    assert back.pop() == b.peek()


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_board_pickle_keeps_options_and_unknown_move_number(protocol: int) -> None:
    b = Board("/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 3 ?", castling_allowed=False)
    back = pickle.loads(pickle.dumps(b, protocol=protocol))
    assert back == b
    assert back.castling_allowed is False
    assert back.fullmove_number is None
    assert back.halfmove_clock == 3


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_move_pickle(protocol: int) -> None:
    b = Board("/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1")
    for m in list(b.legal_moves) + [
        Move("E7", "E13"),
        Move.from_long("G27-H22+I25-I21"),
        Move("A23", "A23", "N"),
    ]:
        back = pickle.loads(pickle.dumps(m, protocol=protocol))
        assert back == m
        assert hash(back) == hash(m)
        assert back.long() == m.long()
        assert back.kind is m.kind
        assert back.piece_kind is m.piece_kind
        assert back.captured is m.captured
        assert back.promotion is m.promotion
        assert back.castling == m.castling
    captures = [
        m
        for r in records("random-dev.jsonl")[:200]
        for m in Board(r["pdtl"]).legal_moves
        if m.is_capture
    ]
    assert captures
    for m in captures[:300]:
        back = pickle.loads(pickle.dumps(m, protocol=protocol))
        assert (back.captured, back.kind, back.promotion) == (m.captured, m.kind, m.promotion)


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_value_pickles(protocol: int) -> None:
    for h in cescacs.HEXES:
        assert pickle.loads(pickle.dumps(h, protocol=protocol)) is h
    for s in "PEJNGRVDKpejngrvdk":
        p = Piece.from_symbol(s)
        assert pickle.loads(pickle.dumps(p, protocol=protocol)) is p
    for e in (Color.WHITE, PieceKind.PEGASUS, MoveKind.KING_LEAP, Termination.STALEMATE):
        assert pickle.loads(pickle.dumps(e, protocol=protocol)) is e
    o = Board("/28:k/24:2K2/ b -- - 0 1").outcome()
    assert pickle.loads(pickle.dumps(o, protocol=protocol)) == o


def test_copy_and_deepcopy() -> None:
    b = game_board()
    for c in (copy.copy(b), copy.deepcopy(b), b.copy()):
        assert c is not b
        assert c == b
        assert c.move_stack == b.move_stack
        c.pop()
        assert c != b
        assert b.ply() == 12
    m = b.peek()
    assert copy.copy(m) is m and copy.deepcopy(m) is m
    h = Hex("F14")
    assert copy.copy(h) is h and copy.deepcopy(h) is h
    p = Piece.from_symbol("G")
    assert copy.copy(p) is p and copy.deepcopy(p) is p
    nested = copy.deepcopy({"boards": [b, b], "move": m})
    assert nested["boards"][0] == b and nested["move"] == m


def _worker(board: Board) -> tuple:
    """Runs in a child process: the board and its stack arrive intact."""
    return board.pdtl(), len(board.legal_moves), board.move_stack, board.perft(2)


def test_multiprocessing_ships_boards() -> None:
    if "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("needs the fork start method to import this test module's worker")
    boards = [game_board(), Board()]
    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("fork")) as pool:
        results = list(pool.map(_worker, boards))
    assert results == [_worker(b) for b in boards]
