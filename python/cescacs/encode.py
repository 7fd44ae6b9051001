"""NumPy encodings of positions and moves for machine learning.

>>> import cescacs, cescacs.encode as encode
>>> x = encode.planes([cescacs.Board()])
>>> x.shape, x.dtype
((1, 28, 169), dtype('uint8'))
>>> mask = encode.legal_mask(cescacs.Board())
>>> int(mask.sum())
68

**Planes** (``planes``): dtype uint8, shape ``(N, PLANES, 169)``, the hex axis
indexed by ``Hex.index``; with ``grid=True`` shape ``(N, PLANES, 29, 15)``
indexed by ``[line, column]`` (``Hex.line``, ``Hex.column``), 0 where a grid
cell is not a hex. Planes ``0 .. len(PIECE_ORDER)`` are one-hot piece planes in
the order of ``PIECE_ORDER`` (White's nine kinds, then Black's). The others,
named in ``PLANE_NAMES``:

====  ======================  ==============================================
18    white_to_move           all 1 when White is to move
19    castling_allowed        all 1 unless castling is disallowed for the game
20    white_castling          the King's hex while unmoved, and each rook home
21    black_castling          hex whose castling right remains
22    en_passant_targets      hexes an en passant capture may land on
23    special_capture_pawn    the pawn an en passant or scornful capture takes
24    scornful_capturer       the pawn that may make a scornful capture
25    awaiting_promotion      pawns of either side awaiting promotion
26    halfmove_clock          all the halfmove clock (saturating at 255)
27    fullmove_number         all the move number (saturating; 0 if unknown)
====  ======================  ==============================================

**Move indices** (``move_index``, ``index_move``, ``legal_mask``): every legal
move of any position has one index below ``ACTIONS`` (30,001), distinct from
the other moves of its position, and depending only on the move itself:

* ``from.index * 169 + to.index`` for every move without promotion (King's
  Leaps, en passant and scornful captures included; ``from == to`` unused);
* ``28,561 + slot * 6 + kind`` for a promoting pawn move, one of 202 slots per
  (origin, promotion hex) pair a pawn move can join, kinds D V R G N J;
* ``29,773 + zone * 6 + kind`` for a forced in-place promotion on one of the 30
  promotion hexes (White's 15, then Black's);
* ``29,953 + colour * 24 + castling`` for the castlings.

``boards`` may be a ``Board``, a PDTL string, or a sequence of them. The work
runs in Rust with the GIL released, on all cores, and Ctrl-C stops it.
NumPy is needed (``pip install numpy``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, List, Tuple, Union

from . import _cescacs
from ._cescacs import Board, Move, Piece

if TYPE_CHECKING:  # NumPy is optional for the rest of the package.
    import numpy

BoardLike = Union[Board, str]

_layout: Tuple[int, List[str], List[Piece], int] = _cescacs._encode_layout()
#: Number of planes.
PLANES: int = _layout[0]
#: The name of each plane.
#:
#: :meta hide-value:
PLANE_NAMES: Tuple[str, ...] = tuple(_layout[1])
#: The piece of each one-hot piece plane.
#:
#: :meta hide-value:
PIECE_ORDER: Tuple[Piece, ...] = tuple(_layout[2])
#: Size of the move-index space.
ACTIONS: int = _layout[3]


def planes(boards: Union[BoardLike, Iterable[BoardLike]], *, grid: bool = False) -> "numpy.ndarray":
    """The planes of each position: ``(N, PLANES, 169)`` uint8, or with
    ``grid=True`` ``(N, PLANES, 29, 15)``."""
    return _cescacs._encode_planes(boards, grid=grid)  # type: ignore[no-any-return]


def legal_mask(boards: Union[BoardLike, Iterable[BoardLike]]) -> "numpy.ndarray":
    """``(N, ACTIONS)`` bool: ``True`` at the index of each legal move."""
    return _cescacs._encode_legal_mask(boards)  # type: ignore[no-any-return]


def move_index(move: Move) -> int:
    """The index of ``move`` (``ValueError`` for a move no position allows)."""
    return _cescacs._encode_move_index(move)


def index_move(board: Board, index: int) -> Move:
    """The legal move of ``board`` with this index (``IllegalMoveError`` if
    that move is not legal there, ``ValueError`` for a non-index)."""
    return _cescacs._encode_index_move(board, index)


__all__ = ["ACTIONS", "PIECE_ORDER", "PLANES", "PLANE_NAMES", "index_move", "legal_mask", "move_index", "planes"]
