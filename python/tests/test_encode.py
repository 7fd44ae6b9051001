"""cescacs.encode: NumPy planes and move indices."""

from __future__ import annotations

import os

import numpy as np
import pytest
from conftest import records

import cescacs
import cescacs.encode as encode
from cescacs import Board, Hex


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


def test_one_board_at_a_time_gives_the_batch() -> None:
    """Batches of every size (encoded on the calling thread up to 256
    boards, on one worker thread up to 511, on the worker pool from 512) give
    exactly the rows of one call per board, in both frames, as new arrays
    that own their memory."""
    rs = records("random-dev.jsonl")[:600] + records("castling.jsonl")
    boards = [Board(r["pdtl"]) for r in rs]
    for side in (cescacs.WHITE, cescacs.BLACK):
        for grid in (False, True):
            one = np.concatenate([encode.planes(b, grid=grid, side=side) for b in boards])
            for n in (1, 10, 256, 300, len(boards)):
                batch = encode.planes(boards[:n], grid=grid, side=side)
                assert batch.flags.owndata and batch.flags.writeable
                assert batch.flags.c_contiguous
                assert np.array_equal(batch, one[:n]), (side, grid, n)
        one = np.concatenate([encode.legal_mask(b, side=side) for b in boards])
        for n in (1, 10, 256, 300, len(boards)):
            masks = encode.legal_mask(boards[:n], side=side)
            assert masks.flags.owndata and masks.flags.writeable
            assert np.array_equal(masks, one[:n]), (side, n)
        # Any iterable of boards or PDTL strings.
        pdtls = (r["pdtl"] for r in rs)
        assert np.array_equal(encode.legal_mask(pdtls, side=side), one)
    assert encode.legal_mask([]).shape == (0, encode.ACTIONS)


def _resident_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads Linux's /proc")
def test_release_buffers_frees_the_kept_memory() -> None:
    """release_buffers() gives the kept buffers back to the system; an array
    still in use keeps its memory and its values."""
    rs = records("random-dev.jsonl")
    boards = [Board(r["pdtl"]) for r in (rs * 2)[:1_200]]  # 36 MB a batch
    one = np.concatenate([encode.legal_mask(b) for b in boards])
    encode.release_buffers()
    dropped = encode.legal_mask(boards)
    held = encode.legal_mask(boards)
    dropped[:] = True
    del dropped  # kept by the module, no longer viewed
    before = _resident_bytes()
    encode.release_buffers()
    assert before - _resident_bytes() >= 30_000_000
    assert np.array_equal(held, one)
    del held
    assert np.array_equal(encode.legal_mask(boards), one)
    encode.release_buffers()


def test_large_batches_reuse_memory_only_when_nothing_refers_to_it() -> None:
    """From 32 MiB a batch is a view of a buffer the module keeps for the
    next batch once every view of it is gone: the next batch clears it (here
    after the caller scribbled on it), and a batch still referred to is never
    written over."""
    rs = records("random-dev.jsonl")
    boards = [Board(r["pdtl"]) for r in (rs * 2)[:1_200]]  # 1,200 masks: 36 MB
    one = np.concatenate([encode.legal_mask(b) for b in boards])
    first = encode.legal_mask(boards)
    assert first.shape == (1_200, encode.ACTIONS) and first.dtype == np.bool_
    assert first.flags.writeable and first.flags.c_contiguous
    assert np.array_equal(first, one)
    first.view(np.uint8)[:] = 7  # held: the next batches must not touch it
    second = encode.legal_mask(boards, side=cescacs.BLACK)
    third = encode.legal_mask(boards)
    assert (first.view(np.uint8) == 7).all()
    assert np.array_equal(third, one)
    black = np.concatenate([encode.legal_mask(b, side=cescacs.BLACK) for b in boards])
    assert np.array_equal(second, black)
    second.view(np.uint8)[:] = 7
    third.view(np.uint8)[:] = 7
    kept = second.__array_interface__["data"][0]  # two buffers are kept: second's and third's
    del first, second, third  # now free: reused, and cleared first
    for n in (1_200, 1_150, 1_200):  # 1,150 masks (34.5 MB) fit a kept 36 MB buffer
        again = encode.legal_mask(boards[:n])
        assert again.shape == (n, encode.ACTIONS) and again.__array_interface__["data"][0] == kept
        assert np.array_equal(again, one[:n]), n
        again.view(np.uint8)[:] = 9
        del again
    # Planes in grid form: 12 kB a board, 34 MB for 2,800.
    boards = [Board(r["pdtl"]) for r in (rs * 3)[:2_800]]
    one = np.concatenate([encode.planes(b, grid=True) for b in boards])
    for _ in range(3):
        grid = encode.planes(boards, grid=True)
        assert grid.shape == (2_800, encode.PLANES, 29, 15) and grid.dtype == np.uint8
        assert np.array_equal(grid, one)
        grid[:] = 5
        del grid


def test_side_frames() -> None:
    b = Board()
    b.push_ctl("E7-E13")
    white, black = encode.planes(b)[0], encode.planes(b, side="b")[0]
    e13, e15 = Hex("E13").index, Hex("E15").index
    # Black's frame: its own pawns in the white_pawn plane, White's E13 pawn on E15.
    assert white[0, e13] == 1 and black[9, e15] == 1 and black[9, e13] == 0
    assert white[18].tolist() == [0] * 169 and black[18].tolist() == [1] * 169
    m = encode.mirror_actions()
    i = encode.move_index(b.parse_ctl("E21-E15"))
    assert (
        encode.move_index(b.parse_ctl("E21-E15"), side=cescacs.BLACK)
        == m[i]
        == Hex("E7").index * 169 + Hex("E13").index
    )
    assert (
        encode.legal_mask(b, side=cescacs.BLACK)[0, m[i]]
        and not encode.legal_mask(b, side=cescacs.BLACK)[0, i]
    )
    # Castlings change colour with the frame: the same castling of the other side.
    castlings = [j for j in range(29_953, 30_001)]
    assert m[castlings].tolist() == castlings[24:] + castlings[:24]
    for bad in ("red", 3):
        with pytest.raises(ValueError, match="not a colour"):
            encode.planes(b, side=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a move index"):
        encode.index_move(b, encode.ACTIONS, side=cescacs.BLACK)
