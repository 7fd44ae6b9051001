"""A board as pixels: an ``(H, W, 3)`` ``uint8`` array or PNG bytes.

For environments (``render_mode="rgb_array"``), videos and image files, where
:mod:`cescacs.svg` would need an SVG renderer. The picture is the SVG board's
without the coordinates: the same hex colours, last-move tint, check mark,
pieces (a disc with the piece's letter) and arrows, drawn with NumPy alone.

>>> import cescacs, cescacs.image
>>> pixels = cescacs.image.rgb_array(cescacs.Board(), size=240)
>>> pixels.shape, pixels.dtype.name
((270, 240, 3), 'uint8')
>>> cescacs.image.png(cescacs.Board(), size=120)[:8]
b'\\x89PNG\\r\\n\\x1a\\n'
"""

from __future__ import annotations

import functools
import math
import struct
import zlib
from typing import Iterable, Mapping, Optional, Tuple, Union

import numpy as np

from ._cescacs import Board, Hex, Move
from ._types import Color
from .svg import (
    ARROW_COLOR,
    CHECK_COLOR,
    HEX_COLORS,
    LAST_MOVE_COLOR,
    ArrowLike,
    HexLike,
    _arrow,
    _hex,
    _mix,
)

__all__ = ["rgb_array", "png"]

_SQRT3 = math.sqrt(3.0)
_BACKGROUND = "#fbf8f2"
# 5x7 glyphs of the nine piece letters, a row a string.
_GLYPHS = {
    "P": ("11110", "10001", "10001", "11110", "10000", "10000", "10000"),
    "E": ("11111", "10000", "10000", "11110", "10000", "10000", "11111"),
    "J": ("00111", "00010", "00010", "00010", "00010", "10010", "01100"),
    "N": ("10001", "11001", "10101", "10011", "10001", "10001", "10001"),
    "G": ("01110", "10001", "10000", "10111", "10001", "10001", "01111"),
    "R": ("11110", "10001", "10001", "11110", "10100", "10010", "10001"),
    "V": ("10001", "10001", "10001", "10001", "10001", "01010", "00100"),
    "D": ("11110", "10001", "10001", "10001", "10001", "10001", "11110"),
    "K": ("10001", "10010", "10100", "11000", "10100", "10010", "10001"),
}


def _rgb(colour: str) -> np.ndarray:
    """``#rrggbb`` or ``#rgb`` as three bytes."""
    c = colour.strip()
    if c.startswith("#") and len(c) == 4:
        c = "#" + "".join(ch * 2 for ch in c[1:])
    if not (c.startswith("#") and len(c) == 7):
        raise ValueError(f"colour {colour!r}: rasters take #rrggbb or #rgb colours")
    try:
        return np.array([int(c[i : i + 2], 16) for i in (1, 3, 5)], dtype=np.uint8)
    except ValueError:
        raise ValueError(f"colour {colour!r}: rasters take #rrggbb or #rgb colours") from None


class _Frame:
    """Where every hex lands for one picture size and orientation."""

    def __init__(self, size: int, flipped: bool) -> None:
        from ._cescacs import all_hexes

        self.hexes = tuple(all_hexes())
        self.s = size / 23.5  # circumradius in pixels
        h = _SQRT3 / 2 * self.s
        self.margin = 0.25 * self.s
        self.width = size
        self.height = int(round(30 * h + 2 * self.margin))
        self.sign = -1.0 if flipped else 1.0
        self.centres = np.array([self.point(*hx.center) for hx in self.hexes])
        self.labels = self._labels()

    def point(self, x: float, y: float) -> Tuple[float, float]:
        """A point of the core's plane (circumradius 1, F14 at the origin) in pixels."""
        return (
            self.margin + self.s * (11.5 + self.sign * x),
            self.margin + 15 * _SQRT3 / 2 * self.s - self.s * self.sign * y,
        )

    def _labels(self) -> np.ndarray:
        """The index of the hex under every pixel's centre, 169 off the board.

        Each hex paints the pixels of its bounding box that lie within its three
        pairs of edges (the hexes tile the plane, so no pixel is painted twice)."""
        first = self.hexes[0]
        corners = np.array([self.point(*c) for c in first.corners]) - self.centres[0]
        mids = (corners + np.roll(corners, -1, axis=0)) / 2
        normals = mids[:3] / np.linalg.norm(mids[:3], axis=1, keepdims=True)
        inradius = float(np.linalg.norm(mids[0]))
        labels = np.full((self.height, self.width), len(self.hexes), dtype=np.int32)
        reach = int(math.ceil(self.s)) + 1
        ys, xs = np.mgrid[-reach : reach + 1, -reach : reach + 1]
        for i, (cx, cy) in enumerate(self.centres):
            x0, y0 = int(cx), int(cy)
            px, py = xs + x0 + 0.5 - cx, ys + y0 + 0.5 - cy
            inside = np.ones(px.shape, dtype=bool)
            for nx, ny in normals:
                inside &= np.abs(px * nx + py * ny) <= inradius
            rows, cols = ys[inside] + y0, xs[inside] + x0
            keep = (rows >= 0) & (rows < self.height) & (cols >= 0) & (cols < self.width)
            labels[rows[keep], cols[keep]] = i
        return labels


@functools.lru_cache(maxsize=8)
def _frame(size: int, flipped: bool) -> _Frame:
    return _Frame(size, flipped)


def _disc(img: np.ndarray, cx: float, cy: float, r: float, colour: np.ndarray) -> None:
    y0, y1 = max(int(cy - r), 0), min(int(cy + r) + 2, img.shape[0])
    x0, x1 = max(int(cx - r), 0), min(int(cx + r) + 2, img.shape[1])
    ys, xs = np.mgrid[y0:y1, x0:x1]
    mask = (xs + 0.5 - cx) ** 2 + (ys + 0.5 - cy) ** 2 <= r * r
    img[y0:y1, x0:x1][mask] = colour


def _segment(
    img: np.ndarray,
    a: Tuple[float, float],
    b: Tuple[float, float],
    width: float,
    colour: np.ndarray,
) -> None:
    """Paints the pixels within ``width / 2`` of the segment ``a``–``b``."""
    pad = width
    y0, y1 = max(int(min(a[1], b[1]) - pad), 0), min(int(max(a[1], b[1]) + pad) + 2, img.shape[0])
    x0, x1 = max(int(min(a[0], b[0]) - pad), 0), min(int(max(a[0], b[0]) + pad) + 2, img.shape[1])
    ys, xs = np.mgrid[y0:y1, x0:x1]
    px, py = xs + 0.5 - a[0], ys + 0.5 - a[1]
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = np.clip((px * dx + py * dy) / max(dx * dx + dy * dy, 1e-9), 0.0, 1.0)
    mask = (px - t * dx) ** 2 + (py - t * dy) ** 2 <= (width / 2) ** 2
    img[y0:y1, x0:x1][mask] = colour


def _letter(
    img: np.ndarray, cx: float, cy: float, height: float, letter: str, colour: np.ndarray
) -> None:
    cell = max(int(height / 7), 1)
    rows = _GLYPHS[letter]
    top, left = int(round(cy - 3.5 * cell)), int(round(cx - 2.5 * cell))
    for r, row in enumerate(rows):
        for c, bit in enumerate(row):
            if bit == "1":
                y, x = top + r * cell, left + c * cell
                img[max(y, 0) : y + cell, max(x, 0) : x + cell] = colour


def rgb_array(
    board: Optional[Board] = None,
    *,
    size: int = 480,
    arrows: Iterable[ArrowLike] = (),
    fill: Mapping[HexLike, str] = {},
    lastmove: Union[Move, None, bool] = True,
    check: Optional[HexLike] = None,
    orientation: Color = Color.WHITE,
) -> np.ndarray:
    """Draws ``board`` as an ``(H, W, 3)`` ``uint8`` array, ``W == size``.

    The keywords mean what they mean for :func:`cescacs.svg.board`; colours
    are ``#rrggbb`` or ``#rgb``.
    """
    if board is None:
        board = Board()
    if not isinstance(size, int) or size < 47:
        raise ValueError(f"size must be an int of at least 47 pixels (two per hex), not {size!r}")
    if not isinstance(orientation, Color):
        raise ValueError(f"orientation must be Color.WHITE or Color.BLACK, not {orientation!r}")
    frame = _frame(size, orientation is Color.BLACK)
    index = {hx: i for i, hx in enumerate(frame.hexes)}
    palette = np.empty((len(frame.hexes) + 1, 3), dtype=np.uint8)
    colours = [HEX_COLORS[hx.color] for hx in frame.hexes]
    last = (
        board.peek()
        if lastmove is True and board.ply()
        else (lastmove if isinstance(lastmove, Move) else None)
    )
    if last is not None:
        for hx in [last.from_hex, last.to_hex] + [x for pair in last.rook_moves for x in pair]:
            colours[index[hx]] = _mix(HEX_COLORS[hx.color], LAST_MOVE_COLOR, 0.55)
    for x, colour in fill.items():
        colours[index[_hex(x)]] = colour
    for i, colour in enumerate(colours):
        palette[i] = _rgb(colour)
    palette[-1] = _rgb(_BACKGROUND)
    img = palette[frame.labels]
    s = frame.s
    check_hex = (
        _hex(check) if check is not None else (board.king(board.turn) if board.is_check() else None)
    )
    if check_hex is not None:
        check_x, check_y = frame.centres[index[check_hex]]
        _disc(img, float(check_x), float(check_y), 0.85 * s, _rgb(CHECK_COLOR))
    ink = {
        Color.WHITE: (_rgb("#ffffff"), _rgb("#1a1a1a")),
        Color.BLACK: (_rgb("#1f1f1f"), _rgb("#ffffff")),
    }
    for hx, piece in board.piece_map().items():
        cx, cy = frame.centres[index[hx]]
        disc, letter = ink[piece.color]
        _disc(
            img,
            cx,
            cy,
            0.64 * s + 1,
            _rgb("#1a1a1a") if piece.color is Color.WHITE else _rgb("#f0f0f0"),
        )
        _disc(img, cx, cy, 0.64 * s, disc)
        _letter(img, cx, cy, 0.8 * s, piece.kind.letter, letter)
    for arrow in (_arrow(a, board) for a in arrows):
        paint = _rgb(arrow.color if arrow.color.startswith("#") else ARROW_COLOR)
        (x1, y1), (x2, y2) = frame.centres[index[arrow.tail]], frame.centres[index[arrow.head]]
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        tip = (x2 - ux * 0.3 * s, y2 - uy * 0.3 * s)
        base = (
            tip[0] - ux * min(0.75 * s, length * 0.6),
            tip[1] - uy * min(0.75 * s, length * 0.6),
        )
        _segment(img, (x1, y1), base, 0.3 * s, paint)
        for w in np.linspace(0.0, 0.42 * s, 8):
            _segment(img, (base[0] - uy * w, base[1] + ux * w), tip, 0.12 * s, paint)
            _segment(img, (base[0] + uy * w, base[1] - ux * w), tip, 0.12 * s, paint)
    picture: np.ndarray = img
    return picture


def png(board: Optional[Board] = None, **kwargs: object) -> bytes:
    """:func:`rgb_array`'s picture as PNG bytes (zlib from the standard library)."""
    img = rgb_array(board, **kwargs)  # type: ignore[arg-type]
    height, width, _ = img.shape
    raw = b"".join(b"\x00" + img[y].tobytes() for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 6))
        + chunk(b"IEND", b"")
    )
