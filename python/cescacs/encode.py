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

**A side's frame** (``side=``): a policy that plays both colours sees the
board from its own side, as PettingZoo's ``chess_v6`` shows it to Black.
``side=BLACK`` gives every position as Black sees it: the board mirrored
across the midline (hex ``(c, l)`` to ``(c, 28 - l)``, the
symmetry that maps Black's set-up onto White's) with the colours swapped, so
the ``white_*`` planes hold Black's pieces and rights, the ``black_*`` planes
White's, and ``white_to_move`` is 1 when Black is to move. The planes of a
position for Black are, byte for byte, the planes of the colour-swapped
mirrored position, and its legal moves map onto that position's legal moves.
Move indices in Black's frame are the mirrored moves' indices:
``mirror_actions()[i]`` is the index of move ``i`` in the other frame (a
permutation that is its own inverse), and ``legal_mask``, ``move_index`` and
``index_move`` take the same ``side``. ``side=WHITE`` (the default) is the
board as it is.

>>> black = encode.planes(cescacs.Board(), side=cescacs.BLACK)
>>> bool((black[0, :18] == x[0, :18]).all()), int(black[0, 18, 0])
(True, 0)
>>> e7_e13 = cescacs.Board().parse_ctl("E7-E13")
>>> i = encode.move_index(e7_e13)
>>> b = cescacs.Board()
>>> b.push_ctl("G7-G9")
Move.from_long('G7-G9')
>>> encode.index_move(b, i, side=cescacs.BLACK)
Move.from_long('E21-E15')

``boards`` may be a ``Board``, a PDTL string, or a sequence of them. The work
runs in Rust with the GIL released (on all cores for 512 positions or more),
and Ctrl-C stops a long one; a batch costs no more per board than one call per
board (``python/bench/bench_encode_batch.py``). A result of 32 MiB or more (a
``legal_mask`` of 1,119 boards: 30 kB a board) is a view of a buffer this
module keeps, up to two per function, so that the next large batch reuses its
memory once nothing refers to it any more rather than having the system page
in and zero hundreds of megabytes again; that memory stays with the process
until it is reused or replaced by a buffer of another size, or until
``release_buffers()``. NumPy is needed
(``pip install numpy``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, List, Tuple, Union

from . import _cescacs
from ._cescacs import Board, Move, Piece
from ._types import Color

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


def planes(
    boards: Union[BoardLike, Iterable[BoardLike]], *, grid: bool = False, side: Color = Color.WHITE
) -> "numpy.ndarray":
    """The planes of each position: ``(N, PLANES, 169)`` uint8, or with
    ``grid=True`` ``(N, PLANES, 29, 15)``; in ``side``'s frame (``BLACK``:
    mirrored, colours swapped; see the module docstring)."""
    return _cescacs._encode_planes(boards, grid=grid, side=side)  # type: ignore[no-any-return]


def legal_mask(
    boards: Union[BoardLike, Iterable[BoardLike]], *, side: Color = Color.WHITE
) -> "numpy.ndarray":
    """``(N, ACTIONS)`` bool: ``True`` at the index of each legal move, in
    ``side``'s frame. ``mask.view(numpy.int8)`` is the same mask as int8
    (Gymnasium's mask dtype) without a copy."""
    return _cescacs._encode_legal_mask(boards, side=side)  # type: ignore[no-any-return]


def release_buffers() -> None:
    """Frees the memory kept for large ``planes`` and ``legal_mask`` results
    (see the module docstring): a buffer an array still views is freed with
    that array. The next large batch pages in fresh memory."""
    _cescacs._encode_release_buffers()


def move_index(move: Move, side: Color = Color.WHITE) -> int:
    """The index of ``move`` in ``side``'s frame (``ValueError`` for a move
    no position allows)."""
    return _cescacs._encode_move_index(move, side)


def index_move(board: Board, index: int, side: Color = Color.WHITE) -> Move:
    """The legal move of ``board`` with this index in ``side``'s frame
    (``IllegalMoveError`` if that move is not legal there, ``ValueError`` for
    a non-index)."""
    return _cescacs._encode_index_move(board, index, side)


def mirror_actions() -> "numpy.ndarray":
    """``(ACTIONS,)`` int64: at ``i``, the index of move ``i`` in the other
    side's frame (hexes mirrored across the midline, a castling given to the
    other colour). Its own inverse: ``m[m] == arange(ACTIONS)``. An agent
    that gives ``j`` in Black's frame plays move ``m[j]`` on the board."""
    return _cescacs._encode_mirror_actions()  # type: ignore[no-any-return]


__all__ = [
    "ACTIONS",
    "PIECE_ORDER",
    "PLANES",
    "PLANE_NAMES",
    "index_move",
    "legal_mask",
    "mirror_actions",
    "move_index",
    "planes",
    "release_buffers",
]
