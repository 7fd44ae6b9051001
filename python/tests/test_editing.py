"""Editing positions: python-chess's set_piece_at & co., checked
by the core's PDTL rules."""

from __future__ import annotations

import pickle

import pytest

import cescacs
from cescacs import BLACK, WHITE, Board, InvalidPdtlError, Piece

KINGS_AND_ROOKS = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1"


def test_build_a_position_piece_by_piece() -> None:
    board = Board.empty()
    assert not board.is_valid() and len(board.status()) == 2  # no King of either colour
    assert board.pdtl() == "/ w -- - 0 1"
    for hex, piece in [
        ("G1", "K"),
        ("C3", "R"),
        ("I3", Piece.from_symbol("R")),
        ("G27", "k"),
        ("C25", "r"),
    ]:
        board.set_piece_at(hex, piece)
    assert board.is_valid() and board.status() == []
    board.set_castling("RKRrk")
    assert board.pdtl() == KINGS_AND_ROOKS
    assert len(board.legal_moves) == 90
    assert board == Board(KINGS_AND_ROOKS)


def test_an_invalid_board_answers_only_what_a_placement_can() -> None:
    board = Board()
    board.remove_piece_at("G1")
    assert not board.is_valid()
    assert any("White has 0 kings" in reason for reason in board.status()), board.status()
    assert board.piece_at("G1") is None and board.piece_at("G27") == Piece.from_symbol("k")
    assert board.turn == WHITE and "k" in str(board) and "♚" in board.unicode()
    assert (
        len(board.pieces(cescacs.PieceKind.PAWN, WHITE)) == 11 and len(board.piece_map()) == 53
    )  # 2 x 27 pieces, one King gone
    for question in (
        lambda: board.legal_moves,
        board.is_check,
        board.outcome,
        lambda: board.push_ctl("E7-E13"),
        lambda: pickle.dumps(board),
    ):
        with pytest.raises(InvalidPdtlError, match="not a valid position"):
            question()
    board.set_piece_at("G1", "K")
    assert board.is_valid() and len(board.legal_moves) == 68
    # Putting it back gives the initial placement; the edit cleared the stack.
    assert board.ply() == 0


def test_edits_clear_the_stack_and_keep_the_rules() -> None:
    board = Board()
    board.push_ctl("E7-E13")
    board.set_piece_at("F14", "D")  # a second White Queen
    assert not board.is_valid() and any("Queen" in r or "queen" in r for r in board.status()), (
        board.status()
    )
    board.set_piece_at("F14", None)
    assert board.is_valid() and board.ply() == 0 and board.turn == BLACK
    # The side not to move in check: refused while White is to move.
    b = Board("/27:1k/1:1K/ w -- - 0 1")
    b.set_piece_at("G25", "R")
    assert not b.is_valid() and "check" in " ".join(b.status())
    b.turn = BLACK
    assert b.is_valid() and b.is_check()
    # Rights whose King or Rook is not at home are dropped (the reader's rule).
    b.set_castling("RKRrkr")
    assert b.pdtl().split()[2] == "Kk"  # Kings at home, no Rooks
    with pytest.raises(InvalidPdtlError):
        b.set_castling("XYZ")
    b.clear()
    assert b.pdtl() == "/ w -- - 0 1" and not b.is_valid()
    b.set_pdtl(KINGS_AND_ROOKS)
    assert b.is_valid() and len(b.legal_moves) == 90
    with pytest.raises(InvalidPdtlError):
        b.set_pdtl("nonsense")
    assert b.pdtl() == KINGS_AND_ROOKS
    with pytest.raises(ValueError):
        b.set_piece_at("G1", "Q")  # no such piece letter (the Queen is D)
    assert b.remove_piece_at("F14") is None and b.is_valid()
    c = b.copy(stack=False)
    c.set_piece_at("C3", None)
    assert b.piece_at("C3") is not None and c.piece_at("C3") is None
