"""cescacs — the rules of C'escacs (hexagonal chess on 169 hexes) for Python.

A thin binding of the Rust crate ``cescacs``: legal move generation (King's
Leaps and the 24 castlings included), PDTL positions, CTL-AN moves, perft,
CTL-PGN game records (``cescacs.pgn``), repetition and draw claims, and an
SVG drawing of the board for notebooks.

>>> import cescacs
>>> board = cescacs.Board()
>>> len(board.legal_moves)
68
>>> board.push_ctl("E7-E13").long()
'E7-E13'
>>> board.turn
<Color.BLACK: 'b'>
"""

from __future__ import annotations

from typing import Tuple

from . import _batch, pgn, svg  # noqa: F401  (GameBatch's Python methods; cescacs.pgn: read_game, read_games, write_game; Board._repr_svg_)
from ._cescacs import (
    HEX_COUNT,
    Board,
    Game,
    GameBatch,
    GameNode,
    GameOverError,
    Hex,
    HexSet,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPdtlError,
    InvalidPgnError,
    LegalMoves,
    Move,
    Piece,
    all_hexes,
    count_legal_moves,
    initial_pdtl,
    legal_moves_long,
    perft,
    perft_many,
    random_games,
    selfplay,
)
from ._types import Color, HexColor, MoveKind, Outcome, PieceKind, Termination

#: The PDTL of the initial position.
INITIAL_PDTL: str = initial_pdtl()
#: All 169 hexes in index order (line 0 first, then by column).
#:
#: :meta hide-value:
HEXES: Tuple[Hex, ...] = tuple(all_hexes())

WHITE = Color.WHITE
BLACK = Color.BLACK

__version__ = "0.1.0"

__all__ = [
    "BLACK",
    "HEXES",
    "HEX_COUNT",
    "INITIAL_PDTL",
    "WHITE",
    "Board",
    "Color",
    "Game",
    "GameBatch",
    "GameNode",
    "GameOverError",
    "Hex",
    "HexColor",
    "HexSet",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidPdtlError",
    "InvalidPgnError",
    "LegalMoves",
    "Move",
    "MoveKind",
    "Outcome",
    "Piece",
    "PieceKind",
    "Termination",
    "count_legal_moves",
    "legal_moves_long",
    "perft",
    "perft_many",
    "random_games",
    "selfplay",
    "pgn",
]
