"""Engine scores in python-chess's shapes (``chess.engine``'s ``Score``,
``Cp``, ``Mate``, ``MateGiven`` and ``PovScore``), re-exported by
:mod:`cescacs.engine`.

A score is from one side's view. There is a total order, python-chess's:
being mated now, then longer mates against, then centipawns, then longer
mates for, then shorter ones, then having mated. Mate distances count moves
(``Mate(3).score(mate_score=100000) == 99997``).
"""

from __future__ import annotations

import abc
from typing import Optional, Tuple, Union

from ._types import Color

__all__ = ["Score", "Cp", "Mate", "MateGiven", "MateGivenType", "PovScore"]


class Score(abc.ABC):
    """A score from one side's view: :class:`Cp`, :class:`Mate` or
    :data:`MateGiven`. Positive is good for that side."""

    @abc.abstractmethod
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """Centipawns; for a mate ``None`` unless ``mate_score`` is given,
        then ``mate_score - moves`` for a win and ``-mate_score - moves`` for
        a loss (``moves`` negative), as python-chess counts."""

    @abc.abstractmethod
    def mate(self) -> Optional[int]:
        """Moves to mate (negative or ``-0``: mated), ``None`` for centipawns."""

    @abc.abstractmethod
    def __neg__(self) -> "Score":
        """The same score from the other side's view."""

    def __pos__(self) -> "Score":
        return self

    def is_mate(self) -> bool:
        """Whether this is a mate score."""
        return self.mate() is not None

    def _score_tuple(self) -> Tuple[bool, bool, bool, int, Optional[int]]:
        mate = self.mate()
        return (
            isinstance(self, MateGivenType),
            mate is not None and mate > 0,
            mate is None,
            -(mate or 0),
            self.score(),
        )

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._score_tuple() == other._score_tuple()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._score_tuple())

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._score_tuple() < other._score_tuple()
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._score_tuple() <= other._score_tuple()
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._score_tuple() > other._score_tuple()
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, Score):
            return self._score_tuple() >= other._score_tuple()
        return NotImplemented


class Cp(Score):
    """Centipawns (a pawn is 100): ``Cp(+35)``."""

    def __init__(self, cp: int) -> None:
        self.cp = cp

    def score(self, *, mate_score: Optional[int] = None) -> int:
        return self.cp

    def mate(self) -> None:
        return None

    def __neg__(self) -> "Cp":
        return Cp(-self.cp)

    def __abs__(self) -> "Cp":
        return Cp(abs(self.cp))

    def __str__(self) -> str:
        return f"+{self.cp:d}" if self.cp > 0 else str(self.cp)

    def __repr__(self) -> str:
        return f"Cp({self})"


class Mate(Score):
    """Mate in ``moves`` moves: ``Mate(+2)`` mates, ``Mate(-1)`` is mated in
    one, ``Mate(-0)`` (equal to ``Mate(0)``) is mated."""

    def __init__(self, moves: int) -> None:
        self.moves = moves

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        if mate_score is None:
            return None
        if self.moves > 0:
            return mate_score - self.moves
        return -mate_score - self.moves

    def mate(self) -> int:
        return self.moves

    def __neg__(self) -> Union["MateGivenType", "Mate"]:
        return MateGiven if not self.moves else Mate(-self.moves)

    def __abs__(self) -> Union["MateGivenType", "Mate"]:
        return MateGiven if not self.moves else Mate(abs(self.moves))

    def __str__(self) -> str:
        return f"#+{self.moves}" if self.moves > 0 else f"#-{abs(self.moves)}"

    def __repr__(self) -> str:
        return "Mate({})".format(str(self).lstrip("#"))


class MateGivenType(Score):
    """The score of a side that has mated: ``-Mate(0)``."""

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        return mate_score

    def mate(self) -> int:
        return 0

    def __neg__(self) -> Mate:
        return Mate(0)

    def __abs__(self) -> "MateGivenType":
        return self

    def __str__(self) -> str:
        return "#+0"

    def __repr__(self) -> str:
        return "MateGiven"


#: The score of a side that has mated (``-Mate(0)``).
MateGiven = MateGivenType()


def _color(color: Union[Color, bool]) -> Color:
    """A side: a :class:`~cescacs.Color`, or python-chess's ``True`` for White."""
    if isinstance(color, bool):
        return Color.WHITE if color else Color.BLACK
    if not isinstance(color, Color):
        raise TypeError(f"color must be a cescacs.Color, not {color!r}")
    return color


class PovScore:
    """A score ``relative`` to the side ``turn`` (the side to move of the
    searched position), readable from either side."""

    def __init__(self, relative: Score, turn: Union[Color, bool]) -> None:
        self.relative = relative
        self.turn = _color(turn)

    def white(self) -> Score:
        """The score from White's view."""
        return self.pov(Color.WHITE)

    def black(self) -> Score:
        """The score from Black's view."""
        return self.pov(Color.BLACK)

    def pov(self, color: Union[Color, bool]) -> Score:
        """The score from ``color``'s view."""
        return self.relative if self.turn == _color(color) else -self.relative

    def is_mate(self) -> bool:
        """Whether this is a mate score."""
        return self.relative.is_mate()

    def __repr__(self) -> str:
        return "PovScore({!r}, {})".format(
            self.relative, "WHITE" if self.turn == Color.WHITE else "BLACK"
        )

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PovScore):
            return self.white() == other.white()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.white())
