"""Enums and the Outcome record of the cescacs package.

The extension module returns the members defined here; their order matches
the core's indices, so do not reorder them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Optional, Tuple


class Color(enum.Enum):
    """A side. White moves first, towards line 28."""

    WHITE = "w"
    BLACK = "b"

    @property
    def other(self) -> "Color":
        """The opposite side."""
        return Color.BLACK if self is Color.WHITE else Color.WHITE

    def __invert__(self) -> "Color":
        return self.other


class PieceKind(enum.Enum):
    """A kind of piece; the value is its CTL-AN letter."""

    PAWN = "P"
    ELEPHANT = "E"
    BISHOP = "J"
    KNIGHT = "N"
    PEGASUS = "G"
    ROOK = "R"
    WYVERN = "V"
    QUEEN = "D"
    KING = "K"

    @property
    def letter(self) -> str:
        """The uppercase CTL-AN letter."""
        return self.value


class MoveKind(enum.Enum):
    """What kind of move a Move is (captures are told by ``Move.captured``)."""

    NORMAL = "normal"
    DOUBLE_STEP = "double_step"
    TRIPLE_STEP = "triple_step"
    SCORNFUL_STEP = "scornful_step"
    EN_PASSANT = "en_passant"
    SCORNFUL_CAPTURE = "scornful_capture"
    KING_LEAP = "king_leap"
    CASTLING = "castling"
    FORCED_PROMOTION = "forced_promotion"


class HexColor(enum.Enum):
    """The three hex colours (line mod 3: 1 white, 0 black, 2 coloured)."""

    WHITE = "white"
    BLACK = "black"
    COLOURED = "coloured"


class Termination(enum.Enum):
    """Why a game ended."""

    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    FIVEFOLD_REPETITION = "fivefold repetition"
    SEVENTYFIVE_MOVES = "75-move rule"
    INSUFFICIENT_MATERIAL = "insufficient material"


@dataclass(frozen=True)
class Outcome:
    """The end of a game: how it ended, who won (``None`` for a draw) and the
    tournament points (White, Black) — 3-0 / 0-3 for mate, 2-1 / 1-2 for
    stalemate (a win in C'escacs), 1-1 for a draw."""

    termination: Termination
    winner: Optional[Color]
    points: Tuple[int, int]

    def result(self) -> str:
        """The CTL-PGN result string: ``"3-0"``, ``"0-3"``, ``"2-1"``, ``"1-2"`` or ``"1-1"``."""
        return f"{self.points[0]}-{self.points[1]}"


# The extension returns these members: it takes them here, once (it imports
# no module of the package itself).
def _hand_over() -> None:
    from . import _cescacs

    _cescacs._init_enums(Color, PieceKind, MoveKind, HexColor, Termination, Outcome)


_hand_over()
