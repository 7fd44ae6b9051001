"""cescacs.encode: NumPy planes and move indices."""

from __future__ import annotations

import numpy as np
import pytest

import cescacs
import cescacs.encode as encode
from cescacs import Board, Hex

from conftest import records


def test_layout() -> None:
    assert encode.PLANES == len(encode.PLANE_NAMES) == 28 and encode.ACTIONS == 30_001
    assert len(encode.PIECE_ORDER) == 18 and encode.PIECE_ORDER[0] == cescacs.Piece.from_symbol("P")
    assert encode.PIECE_ORDER[17] == cescacs.Piece.from_symbol("k")
    assert encode.PLANE_NAMES[18] == "white_to_move"


def test_planes_flat_and_grid_agree() -> None:
    rs = records("random-dev.jsonl")[:200]
    boards = [Board(r["pdtl"]) for r in rs]
    flat = encode.planes(boards)
    grid = encode.planes([r["pdtl"] for r in rs], grid=True)
    assert flat.shape == (200, 28, 169) and flat.dtype == np.uint8
    assert grid.shape == (200, 28, 29, 15) and grid.dtype == np.uint8
    for h in cescacs.HEXES:
        assert (grid[:, :, h.line, h.column] == flat[:, :, h.index]).all()
    assert grid.sum() == flat.sum()  # nothing outside the hexes
    # One-hot pieces: each occupied hex in exactly one piece plane, the right one.
    for b, x in zip(boards[:20], flat[:20]):
        for h in cescacs.HEXES:
            piece = b.piece_at(h)
            on = [encode.PIECE_ORDER[p] for p in range(18) if x[p, h.index]]
            assert on == ([piece] if piece else [])
        assert (x[18] == (1 if b.turn == cescacs.WHITE else 0)).all()
        assert (x[26] == min(b.halfmove_clock, 255)).all()
    assert encode.planes(Board()).shape == (1, 28, 169)
    assert encode.planes([]).shape == (0, 28, 169)


def test_move_indices_and_legal_mask() -> None:
    rs = records("random-dev.jsonl")[:300] + records("castling.jsonl")
    boards = [Board(r["pdtl"]) for r in rs]
    mask = encode.legal_mask(boards)
    assert mask.shape == (len(boards), 30_001) and mask.dtype == np.bool_
    for b, row in zip(boards, mask):
        moves = list(b.legal_moves)
        indices = [encode.move_index(m) for m in moves]
        assert len(set(indices)) == len(moves) == int(row.sum())
        assert all(row[i] for i in indices)
        assert [encode.index_move(b, i) for i in indices] == moves
    # A move built by hand has the index of the board's move.
    b = Board()
    assert encode.move_index(cescacs.Move("E7", "E13")) == encode.move_index(b.parse_ctl("E7-E13"))
    assert encode.move_index(cescacs.Move("E7", "E13")) == Hex("E7").index * 169 + Hex("E13").index


def test_errors() -> None:
    with pytest.raises(cescacs.InvalidPdtlError):
        encode.planes(["nonsense"])
    with pytest.raises(TypeError):
        encode.planes([3])  # type: ignore[list-item]
    with pytest.raises(ValueError):
        encode.index_move(Board(), encode.ACTIONS)
    with pytest.raises(ValueError):
        encode.index_move(Board(), 0)  # P7 -> P7: a from == to cell
    with pytest.raises(cescacs.IllegalMoveError):
        encode.index_move(Board(), Hex("F14").index * 169 + Hex("F16").index)
    with pytest.raises(ValueError):
        encode.move_index(cescacs.Move("F14", "F16", "D"))  # no pawn promotes there


def test_module_docstring_examples() -> None:
    import doctest

    assert doctest.testmod(encode).failed == 0
