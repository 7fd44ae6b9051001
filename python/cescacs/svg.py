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
``white``, ``black`` or ``coloured``); pieces are a disc with the piece's
CTL-AN letter, so no special font is needed.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Iterable, List, Mapping, Optional, Tuple, Union
from xml.sax.saxutils import escape

from ._cescacs import Board, Hex, IllegalMoveError, InvalidMoveError, Move
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

_SQRT3 = math.sqrt(3.0)
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
    """Colour ``a`` moved a fraction ``t`` towards ``b`` (``#rrggbb`` strings)."""
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
    orientation: Color = Color.WHITE,
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
    * ``orientation``: the side at the bottom (``Color.WHITE`` or ``Color.BLACK``);
      ``flipped=True`` is the same as ``orientation=Color.BLACK``.

    A bad arrow raises :class:`InvalidArrowError`, a bad hex ``ValueError``.
    """
    if board is None:
        board = Board()
    if flipped is None:
        if not isinstance(orientation, Color):
            raise ValueError(f"orientation must be Color.WHITE or Color.BLACK, not {orientation!r}")
        flipped = orientation is Color.BLACK
    arrow_list: List[Arrow] = [_arrow(a, board) for a in arrows]
    fill_list = [(_hex(x), str(colour)) for x, colour in fill.items()]
    crosses = [_hex(x) for x in squares]
    s = 20.0  # hex circumradius in user units
    h = _SQRT3 / 2 * s  # one cross-line step
    margin = 1.9 * s if coordinates else 0.25 * s
    width = 23 * s + 2 * margin
    height = 30 * h + 2 * margin

    # The core's plane (Hex.center: circumradius 1, F14 at the origin, y
    # up), scaled by s, turned y-down and moved into the margins; flipped
    # boards turn half a circle about F14.
    sign = -1.0 if flipped else 1.0

    def point(x: float, y: float) -> Tuple[float, float]:
        return margin + s * (11.5 + sign * x), margin + 15 * h - s * sign * y

    def centre(hx: Hex) -> Tuple[float, float]:
        return point(*hx.center)

    # Corners listed clockwise on screen from the right-hand one.
    corner_order = [(3 - j) % 6 for j in range(6)] if flipped else [(6 - j) % 6 for j in range(6)]

    fills = {hx: HEX_COLORS[hx.color] for hx in _all_hexes()}
    last: Optional[Move]
    if lastmove is True:
        last = board.peek() if board.ply() else None
    elif isinstance(lastmove, Move):
        last = lastmove
    else:
        last = None
    if last is not None:
        tinted = [last.from_hex, last.to_hex] + [hx for pair in last.rook_moves for hx in pair]
        for hx in tinted:
            fills[hx] = _mix(HEX_COLORS[hx.color], LAST_MOVE_COLOR, 0.55)
    marks = (
        highlight.items()
        if isinstance(highlight, Mapping)
        else ((x, HIGHLIGHT_COLOR) for x in highlight)
    )
    for x, colour in marks:
        hx = _hex(x)
        fills[hx] = _mix(fills[hx], colour, 0.6)
    for hx, colour in fill_list:
        fills[hx] = colour
    check_hex: Optional[Hex]
    if check is not None:
        check_hex = _hex(check)
    elif board.is_check():
        check_hex = board.king(board.turn)
    else:
        check_hex = None

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
        f'width="{size}" height="{size * height / width:.0f}" viewBox="0 0 {width:.2f} {height:.2f}">',
        "<defs>"
        f'<radialGradient id="cescacs-check"><stop offset="0%" stop-color="{CHECK_COLOR}"/>'
        f'<stop offset="55%" stop-color="{CHECK_COLOR}" stop-opacity="0.75"/>'
        f'<stop offset="100%" stop-color="{CHECK_COLOR}" stop-opacity="0"/></radialGradient>'
        "</defs>",
        f'<rect x="0" y="0" width="{width:.2f}" height="{height:.2f}" fill="#fbf8f2"/>',
        '<g class="board" stroke="#5a4632" stroke-width="0.8">',
    ]
    for hx in _all_hexes():
        corners = hx.corners
        points = " ".join("{:.2f},{:.2f}".format(*point(*corners[k])) for k in corner_order)
        out.append(
            f'<polygon class="hex {hx.color.value} {hx.name}" points="{points}" fill="{escape(fills[hx])}"/>'
        )
    out.append("</g>")
    for hx in crosses:
        cx, cy = centre(hx)
        r = 0.45 * s
        out.append(
            f'<path class="cross {hx.name}" stroke="#202020" stroke-width="{0.12 * s:.2f}" stroke-linecap="round" '
            f'd="M {cx - r:.2f} {cy - r:.2f} L {cx + r:.2f} {cy + r:.2f} M {cx - r:.2f} {cy + r:.2f} L {cx + r:.2f} {cy - r:.2f}"/>'
        )
    if check_hex is not None:
        cx, cy = centre(check_hex)
        out.append(
            f'<circle class="check" cx="{cx:.2f}" cy="{cy:.2f}" r="{0.95 * s:.2f}" fill="url(#cescacs-check)"/>'
        )
    if coordinates:
        out.append(_coordinates(centre, s, h))
    out.append(
        '<g class="pieces" font-family="DejaVu Sans, Verdana, Arial, sans-serif" font-weight="bold" text-anchor="middle">'
    )
    for hx, piece in board.piece_map().items():
        cx, cy = centre(hx)
        white = piece.color is Color.WHITE
        disc, ink, edge = (
            ("#ffffff", "#1a1a1a", "#1a1a1a") if white else ("#1f1f1f", "#ffffff", "#f0f0f0")
        )
        out.append(
            f'<g class="piece {escape(piece.symbol())}"><circle cx="{cx:.2f}" cy="{cy:.2f}" r="{0.64 * s:.2f}" '
            f'fill="{disc}" stroke="{edge}" stroke-width="1.2"/>'
            f'<text x="{cx:.2f}" y="{cy + 0.3 * s:.2f}" font-size="{0.82 * s:.1f}" fill="{ink}" stroke="none">'
            f"{piece.kind.letter}</text></g>"
        )
    out.append("</g>")
    for arrow in arrow_list:
        a, b, colour = arrow.tail, arrow.head, arrow.color
        (x1, y1), (x2, y2) = centre(a), centre(b)
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        tip_x, tip_y = x2 - ux * 0.3 * s, y2 - uy * 0.3 * s
        head = min(0.75 * s, length * 0.6)
        base_x, base_y = tip_x - ux * head, tip_y - uy * head
        wing = 0.42 * s
        colour = escape(colour)
        out.append(
            f'<g class="arrow" fill="{colour}" stroke="{colour}" opacity="0.8">'
            f'<line x1="{x1:.2f}" y1="{y1:.2f}" x2="{base_x:.2f}" y2="{base_y:.2f}" '
            f'stroke-width="{0.3 * s:.2f}" stroke-linecap="round"/>'
            f'<path stroke="none" d="M {tip_x:.2f} {tip_y:.2f} L {base_x - uy * wing:.2f} {base_y + ux * wing:.2f} '
            f'L {base_x + uy * wing:.2f} {base_y - ux * wing:.2f} Z"/></g>'
        )
    out.append("</svg>")
    return "\n".join(out)


def _coordinates(centre, s: float, h: float) -> str:
    """Column letters above and below each column, line numbers in a ruler on each side."""
    parts = [
        '<g class="coordinates" font-family="DejaVu Sans, Verdana, Arial, sans-serif" font-size="9" fill="#5a4632" text-anchor="middle">'
    ]
    columns: dict = {}
    lines: dict = {}
    for hx in _all_hexes():
        columns.setdefault(hx.column, []).append(hx)
        lines.setdefault(hx.line, []).append(hx)
    for hexes in columns.values():
        top = min(hexes, key=lambda x: centre(x)[1])
        bottom = max(hexes, key=lambda x: centre(x)[1])
        for hx, dy in ((top, -h - 5), (bottom, h + 11)):
            x, y = centre(hx)
            parts.append(f'<text x="{x:.2f}" y="{y + dy:.2f}">{hx.letter}</text>')
    # Line numbers in a ruler on each side (beside the first and last column).
    left = min(centre(hx)[0] for hx in _all_hexes()) - s - 3
    right = max(centre(hx)[0] for hx in _all_hexes()) + s + 3
    for line, hexes in sorted(lines.items()):
        y = centre(hexes[0])[1] + 3
        parts.append(f'<text x="{left:.2f}" y="{y:.2f}" text-anchor="end">{line}</text>')
        parts.append(f'<text x="{right:.2f}" y="{y:.2f}" text-anchor="start">{line}</text>')
    parts.append("</g>")
    return "".join(parts)


_HEXES: Tuple[Hex, ...] = ()


def _all_hexes() -> Tuple[Hex, ...]:
    global _HEXES
    if not _HEXES:
        from ._cescacs import all_hexes

        _HEXES = tuple(all_hexes())
    return _HEXES
