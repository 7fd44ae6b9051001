"""SVG drawing of a C'escacs board (for notebooks, web pages and docs).

The keywords follow ``chess.svg.board``: ``orientation``, ``lastmove``,
``check``, ``arrows`` (``Arrow`` objects, moves, CTL-AN text or hex pairs),
``fill`` (a colour per hex), ``squares`` (hexes marked with a cross) and
``size``.

>>> import cescacs, cescacs.svg
>>> text = cescacs.svg.board(cescacs.Board(), arrows=["E7-E13", cescacs.svg.Arrow("F4", "I13", color="red")])
>>> text.count("<polygon"), text.count('class="arrow"')
(169, 2)

Each of the 169 hexes is one ``<polygon>`` (class ``hex`` plus its colour
``white``, ``black`` or ``coloured`` and its name, and ``data-hex="E7"``);
pieces are a disc with the piece's CTL-AN letter, so no special font is
needed. The drawing is the rules library's own (``cescacs::svg`` in Rust),
the one the npm package's ``boardSvg`` draws too; this module reads the
keywords.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, List, Mapping, Optional, Tuple, Union

from ._cescacs import Board, Hex, IllegalMoveError, InvalidMoveError, Move, _board_svg
from ._types import Color, HexColor

__all__ = ["board", "Arrow", "HEX_COLORS", "InvalidArrowError"]

HexLike = Union[Hex, str]

#: Fill of the three hex colours.
HEX_COLORS = {
    HexColor.WHITE: "#f3ead7",
    HexColor.COLOURED: "#d9a066",
    HexColor.BLACK: "#8b6a4e",
}
LAST_MOVE_COLOR = "#e8e84a"
HIGHLIGHT_COLOR = "#5fa8e8"
ARROW_COLOR = "#1f7a3a"
CHECK_COLOR = "#e0201b"

# A hex in move text: a column letter, then its line (0-28), not followed by a digit.
_HEX_IN_TEXT = re.compile(r"[PTABCDEFGHIKLXZ](?:2[0-8]|1[0-9]|[0-9])(?![0-9])")


class InvalidArrowError(ValueError):
    """An arrow that names no two hexes (see :func:`board`'s ``arrows``)."""


@dataclass(frozen=True)
class Arrow:
    """An arrow from ``tail`` to ``head`` in ``color`` (any SVG colour), as ``chess.svg.Arrow``.

    >>> from cescacs.svg import Arrow
    >>> Arrow("E7", "E13", color="red")
    Arrow(tail=Hex('E7'), head=Hex('E13'), color='red')
    """

    tail: Hex
    head: Hex
    color: str = ARROW_COLOR

    def __init__(self, tail: HexLike, head: HexLike, *, color: str = ARROW_COLOR) -> None:
        object.__setattr__(self, "tail", _hex(tail))
        object.__setattr__(self, "head", _hex(head))
        object.__setattr__(self, "color", str(color))


ArrowLike = Union[Arrow, Move, str, Tuple[HexLike, HexLike], Tuple[HexLike, HexLike, str]]


def _arrow(value: ArrowLike, board: Board) -> Arrow:
    """Reads one entry of ``arrows``; move text is read as a legal move of ``board`` first, so
    castlings and Leaps point where the King goes, then as any text naming two hexes."""
    if isinstance(value, Arrow):
        return value
    if isinstance(value, Move):
        return Arrow(value.from_hex, value.to_hex)
    if isinstance(value, str):
        try:
            m = board.parse_ctl(value)
            return Arrow(m.from_hex, m.to_hex)
        except (InvalidMoveError, IllegalMoveError):
            hexes = _HEX_IN_TEXT.findall(value)
            if len(hexes) < 2:
                raise InvalidArrowError(
                    f"arrow {value!r} names no move of this board and not two hexes; "
                    'give CTL-AN ("E7-E13"), Arrow(tail, head) or a (tail, head) pair'
                ) from None
            return Arrow(hexes[-2], hexes[-1])
    if isinstance(value, tuple) and len(value) in (2, 3):
        try:
            if len(value) == 3:
                return Arrow(value[0], value[1], color=value[2])
            return Arrow(value[0], value[1])
        except ValueError as e:
            raise InvalidArrowError(f"arrow {value!r}: {e}") from None
    raise InvalidArrowError(
        f"arrow {value!r}: expected Arrow, Move, CTL-AN text or a (tail, head[, colour]) tuple"
    )


def _hex(value: HexLike) -> Hex:
    return value if isinstance(value, Hex) else Hex(value)


def _mix(a: str, b: str, t: float) -> str:
    """Colour ``a`` moved a fraction ``t`` towards ``b`` (``#rrggbb`` strings; the raster
    image's tints, :mod:`cescacs.image`, as the SVG drawing mixes them)."""
    ca = [int(a[i : i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb))


def board(
    board: Optional[Board] = None,
    *,
    size: int = 480,
    arrows: Iterable[ArrowLike] = (),
    highlight: Union[Iterable[HexLike], Mapping[HexLike, str]] = (),
    lastmove: Union[Move, None, bool] = True,
    check: Optional[HexLike] = None,
    coordinates: bool = True,
    orientation: Union[Color, bool] = Color.WHITE,
    fill: Mapping[HexLike, str] = {},
    squares: Iterable[HexLike] = (),
    flipped: Optional[bool] = None,
) -> str:
    """Draws ``board`` (default: the initial position) as SVG text.

    * ``size``: width in pixels.
    * ``arrows``: :class:`Arrow` objects, ``Move`` objects, move text
      (CTL-AN of a move of ``board`` such as ``"E7-E13"`` or ``"KRK-HIO"``, or
      any text naming two hexes, tail first) or ``(tail, head)`` /
      ``(tail, head, colour)`` tuples of hexes (``Hex`` or ``"F14"``).
    * ``fill``: a colour per hex, ``{hex: colour}``, painted over the hex's own.
    * ``highlight``: hexes to tint, or a mapping ``{hex: "#rrggbb"}``.
    * ``squares``: hexes marked with a cross (as ``chess.svg`` marks squares).
    * ``lastmove``: ``True`` (default) tints the origin and destination of
      the board's last move, a ``Move`` tints that one, ``None``/``False`` none.
    * ``check``: the hex to mark as a checked King; by default the King of
      the side to move when it is in check.
    * ``coordinates``: column letters and line numbers around the board.
    * ``orientation``: the side at the bottom (``Color.WHITE`` or ``Color.BLACK``,
      or python-chess's bool: ``True`` White, ``False`` Black);
      ``flipped=True`` is the same as ``orientation=Color.BLACK``.

    A bad arrow raises :class:`InvalidArrowError`, a bad hex ``ValueError``.
    """
    if board is None:
        board = Board()
    if flipped is None:
        if isinstance(orientation, bool):
            # python-chess's orientation: True (chess.WHITE) White at the bottom.
            flipped = not orientation
        elif isinstance(orientation, Color):
            flipped = orientation is Color.BLACK
        else:
            raise ValueError(
                f"orientation must be Color.WHITE or Color.BLACK (or True/False), not {orientation!r}"
            )
    arrow_list: List[Arrow] = [_arrow(a, board) for a in arrows]
    last: Optional[Move]
    if lastmove is True:
        last = board.peek() if board.ply() else None
    elif isinstance(lastmove, Move):
        last = lastmove
    else:
        last = None
    tinted: List[Hex] = []
    if last is not None:
        tinted = [last.from_hex, last.to_hex] + [hx for pair in last.rook_moves for hx in pair]
    marks = (
        highlight.items()
        if isinstance(highlight, Mapping)
        else ((x, HIGHLIGHT_COLOR) for x in highlight)
    )
    check_hex: Optional[Hex]
    if check is not None:
        check_hex = _hex(check)
    elif board.is_check():
        check_hex = board.king(board.turn)
    else:
        check_hex = None
    return _board_svg(
        board,
        size=int(size),
        arrows=[(a.tail, a.head, a.color) for a in arrow_list],
        highlight=[(_hex(x), str(colour)) for x, colour in marks],
        lastmove=tinted,
        check=check_hex,
        coordinates=bool(coordinates),
        flipped=bool(flipped),
        fill=[(_hex(x), str(colour)) for x, colour in fill.items()],
        squares=[_hex(x) for x in squares],
    )


def _attach() -> None:
    """Puts ``Board._repr_svg_`` (the drawing Jupyter shows) on the
    extension's class (the extension imports no module of the package)."""

    def _repr_svg_(b: Board) -> str:
        """The board as SVG, for Jupyter (:func:`cescacs.svg.board`)."""
        return board(b)

    _repr_svg_.__qualname__ = "Board._repr_svg_"
    Board._repr_svg_ = _repr_svg_


_attach()
