"""SVG drawing: well-formed XML, one polygon per hex, marks where asked."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

import cescacs
import cescacs.svg
from cescacs import Board, Color, Hex, HexColor

NS = {"svg": "http://www.w3.org/2000/svg"}


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def polygons(root: ET.Element) -> dict:
    """Hex name → fill of its polygon."""
    out = {}
    for p in root.iterfind(".//svg:polygon", NS):
        classes = p.get("class").split()
        assert classes[0] == "hex"
        out[classes[2]] = p.get("fill")
    return out


def test_initial_board_svg() -> None:
    root = parse(cescacs.svg.board(Board()))
    assert len(root.findall(".//svg:polygon", NS)) == 169
    fills = polygons(root)
    assert len(fills) == 169
    assert set(fills) == {h.name for h in cescacs.HEXES}
    for h in cescacs.HEXES:
        assert fills[h.name] == cescacs.svg.HEX_COLORS[h.color]
    assert len(set(fills.values())) == 3
    pieces = root.findall(".//svg:g[@class='pieces']/svg:g", NS)
    assert len(pieces) == 54
    letters = sorted(g.find("svg:text", NS).text for g in pieces)
    army = "P" * 11 + "E" * 4 + "J" * 3 + "NNGGRR" + "VDK"
    assert letters == sorted(army * 2)
    assert sorted(g.get("class") for g in pieces) == sorted(
        f"piece {c}" for c in army + army.lower()
    )
    assert root.findall(".//svg:circle[@class='check']", NS) == []
    assert root.findall(".//svg:g[@class='arrow']", NS) == []
    coords = root.findall(".//svg:g[@class='coordinates']/svg:text", NS)
    assert len(coords) == 15 * 2 + 29 * 2
    assert root.get("width") == "480"


def test_repr_svg_is_the_svg_module_drawing() -> None:
    b = Board()
    b.push_ctl("E7-E13")
    assert b._repr_svg_() == cescacs.svg.board(b)
    assert cescacs.svg.board() == cescacs.svg.board(Board())


def test_last_move_check_arrows_highlight() -> None:
    b = Board("/27:1k/24:2r2/20:4j2/14:3K3/5:5P/ w -- - 1 2")  # White is in double check
    root = parse(cescacs.svg.board(b))
    (check,) = root.findall(".//svg:circle[@class='check']", NS)
    assert len(root.findall(".//svg:polygon", NS)) == 169

    b = Board()
    m = b.push_ctl("NG3-I7")
    svg = cescacs.svg.board(
        b, arrows=[("D2", "H10"), (cescacs.Hex("F26"), "F16", "#c03030"), m], highlight=["F14"]
    )
    root = parse(svg)
    assert len(root.findall(".//svg:polygon", NS)) == 169
    assert len(root.findall(".//svg:g[@class='arrow']", NS)) == 3
    assert root.findall(".//svg:g[@class='arrow']", NS)[1].get("fill") == "#c03030"
    fills = polygons(root)
    changed = {
        name
        for name, fill in fills.items()
        if fill != cescacs.svg.HEX_COLORS[cescacs.Hex(name).color]
    }
    assert changed == {"G3", "I7", "F14"}
    assert root.findall(".//svg:circle[@class='check']", NS) == []

    plain = polygons(parse(cescacs.svg.board(b, lastmove=None)))
    assert all(fill == cescacs.svg.HEX_COLORS[cescacs.Hex(n).color] for n, fill in plain.items())
    explicit = polygons(
        parse(cescacs.svg.board(Board(), lastmove=m, highlight={"A5": "#ff0000"}, check="G1"))
    )
    assert {
        n for n, f in explicit.items() if f != cescacs.svg.HEX_COLORS[cescacs.Hex(n).color]
    } == {"G3", "I7", "A5"}


def test_castling_marks_rooks_and_flipped_and_no_coordinates() -> None:
    b = Board("/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1")
    b.push_ctl("KRK-HIO")
    root = parse(cescacs.svg.board(b, coordinates=False, flipped=True, size=300))
    fills = polygons(root)
    changed = {n for n, f in fills.items() if f != cescacs.svg.HEX_COLORS[cescacs.Hex(n).color]}
    assert changed == {"G1", "H6", "I3", "I5"}
    assert root.findall(".//svg:g[@class='coordinates']", NS) == []
    assert root.get("width") == "300"

    def centre_y(root: ET.Element, name: str) -> float:
        p = next(
            p for p in root.iterfind(".//svg:polygon", NS) if p.get("class").split()[2] == name
        )
        ys = [float(pt.split(",")[1]) for pt in p.get("points").split()]
        return sum(ys) / len(ys)

    normal = parse(cescacs.svg.board(b))
    assert centre_y(normal, "F0") > centre_y(normal, "F28")
    assert centre_y(root, "F0") < centre_y(root, "F28")
    assert HexColor.COLOURED in cescacs.svg.HEX_COLORS


def test_hex_geometry_is_the_cores_plane() -> None:
    # Circumradius 1, F14 at the origin, y towards Black (cescacs::plane).
    half = math.sqrt(3) / 2
    assert Hex("F14").center == (0.0, 0.0)
    x, y = Hex("F16").center
    assert x == 0.0 and math.isclose(y, 2 * half)
    assert Hex("P13").center[0] == -10.5
    assert Hex("Z15").center[0] == 10.5
    corners = Hex("F14").corners
    assert len(corners) == 6
    for k, (cx, cy) in enumerate(corners):
        assert math.isclose(cx, math.cos(math.pi / 3 * k), abs_tol=1e-12)
        assert math.isclose(cy, math.sin(math.pi / 3 * k), abs_tol=1e-12)
    # Every hex's centre maps back to it; points off the board map to None.
    for h in cescacs.HEXES:
        assert Hex.at_point(*h.center) == h
        cx, cy = h.center
        assert Hex.at_point(cx + 0.4, cy - 0.3) == h
    assert Hex.at_point(30.0, 0.0) is None
    assert Hex.at_point(0.0, -14.0) is None


def arrows_of(root: ET.Element) -> list:
    """(tail, head) centres in pixels and fill of each arrow."""
    out = []
    for g in root.findall(".//svg:g[@class='arrow']", NS):
        line = g.find("svg:line", NS)
        out.append(((float(line.get("x1")), float(line.get("y1"))), g.get("fill")))
    return out


def test_arrows_from_ctl_text_arrow_objects_and_moves() -> None:
    b = Board()
    by_pair = arrows_of(
        parse(cescacs.svg.board(b, arrows=[("E7", "E13"), ("G3", "I7"), ("F4", "I13")]))
    )
    by_text = arrows_of(
        parse(cescacs.svg.board(b, arrows=["E7-E13", "NG3-I7", cescacs.svg.Arrow("F4", "I13")]))
    )
    assert by_text == by_pair
    assert [fill for _, fill in by_text] == [cescacs.svg.ARROW_COLOR] * 3
    coloured = arrows_of(
        parse(cescacs.svg.board(b, arrows=[cescacs.svg.Arrow("F4", "I13", color="red")]))
    )
    assert coloured[0][1] == "red"
    # Text that is no move of this board but names two hexes still draws, tail first.
    assert arrows_of(parse(cescacs.svg.board(b, arrows=["F20-F18"]))) == arrows_of(
        parse(cescacs.svg.board(b, arrows=[("F20", "F18")]))
    )
    # A castling is drawn where the King goes.
    study = Board("/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1")
    assert arrows_of(parse(cescacs.svg.board(study, arrows=["KRK-HIO"]))) == arrows_of(
        parse(cescacs.svg.board(study, arrows=[study.parse_ctl("KRK-HIO")]))
    )
    a = cescacs.svg.Arrow("E7", "E13")
    assert (a.tail, a.head, a.color) == (Hex("E7"), Hex("E13"), cescacs.svg.ARROW_COLOR)
    assert a == cescacs.svg.Arrow(Hex("E7"), "E13")


def test_bad_arrows_say_what_to_give() -> None:
    for bad in ["E", "KRK-HIO", ("E7",), 42, ("E7", "Q99")]:
        with pytest.raises(cescacs.svg.InvalidArrowError) as e:
            cescacs.svg.board(Board(), arrows=[bad])
        assert isinstance(e.value, ValueError)
    with pytest.raises(cescacs.svg.InvalidArrowError, match="CTL-AN"):
        cescacs.svg.board(Board(), arrows=["E"])
    with pytest.raises(ValueError, match="orientation"):
        cescacs.svg.board(Board(), orientation="black")  # type: ignore[arg-type]


def test_orientation_fill_and_squares() -> None:
    b = Board()
    black = cescacs.svg.board(b, orientation=cescacs.Color.BLACK)
    assert black == cescacs.svg.board(b, flipped=True)
    assert cescacs.svg.board(b, orientation=cescacs.Color.WHITE) == cescacs.svg.board(b)
    root = parse(
        cescacs.svg.board(b, fill={"F14": "#123456", Hex("A5"): "#abcdef"}, highlight=["F14"])
    )
    fills = polygons(root)
    assert fills["F14"] == "#123456" and fills["A5"] == "#abcdef"
    assert sum(f != cescacs.svg.HEX_COLORS[Hex(n).color] for n, f in fills.items()) == 2
    crosses = parse(cescacs.svg.board(b, squares=["F14", "G3"])).findall(".//svg:path", NS)
    assert sorted(p.get("class") for p in crosses if p.get("class", "").startswith("cross")) == [
        "cross F14",
        "cross G3",
    ]
    with pytest.raises(ValueError):
        cescacs.svg.board(b, squares=["Q1"])


def test_rgb_array_and_png() -> None:
    import struct
    import zlib

    import numpy as np

    import cescacs.image

    b = Board()
    img = cescacs.image.rgb_array(b, size=235)
    assert (
        img.shape == (int(round(30 * math.sqrt(3) / 2 * 10 + 5)), 235, 3) and img.dtype == np.uint8
    )
    frame = cescacs.image._frame(235, False)
    # Every hex's centre pixel: its own colour, or a piece's disc (white pieces
    # have white discs, black pieces dark ones) or its letter.
    occupied = {h for h, _ in b.piece_map().items()}
    for h in cescacs.HEXES:
        if h in occupied:
            continue
        x, y = frame.centres[frame.hexes.index(h)]
        expected = cescacs.image._rgb(cescacs.svg.HEX_COLORS[h.color])
        assert (img[int(y), int(x)] == expected).all(), h
    # 169 hexes, each its own label, the corners of the picture off the board.
    assert set(np.unique(frame.labels)) == set(range(170))
    assert frame.labels[0, 0] == 169
    # Black at the bottom turns the picture half a circle.
    flipped = cescacs.image.rgb_array(b, size=235, orientation=cescacs.Color.BLACK)
    assert flipped.shape == img.shape
    fill = cescacs.image.rgb_array(b, size=235, fill={"F14": "#ff0000"})
    x, y = frame.centres[frame.hexes.index(Hex("F14"))]
    assert list(fill[int(y), int(x)]) == [255, 0, 0]
    with pytest.raises(ValueError, match="#rrggbb"):
        cescacs.image.rgb_array(b, fill={"F14": "red"})
    with pytest.raises(ValueError, match="size"):
        cescacs.image.rgb_array(b, size=10)
    data = cescacs.image.png(b, size=120)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    raw = zlib.decompress(data[data.index(b"IDAT") + 4 : data.index(b"IEND") - 8])
    small = cescacs.image.rgb_array(b, size=120)
    assert (width, height) == (120, small.shape[0])
    assert raw == b"".join(b"\x00" + small[r].tobytes() for r in range(height))


def test_svg_and_image_doctests() -> None:
    import doctest

    import cescacs.image

    assert doctest.testmod(cescacs.svg).failed == 0
    assert doctest.testmod(cescacs.image).failed == 0


def test_python_chess_bool_orientation_and_data_hex() -> None:
    # python-chess's orientation: True is White at the bottom, False Black.
    assert cescacs.svg.board(Board(), orientation=False) == cescacs.svg.board(
        Board(), orientation=Color.BLACK
    )
    assert cescacs.svg.board(Board(), orientation=True) == cescacs.svg.board(Board())
    assert cescacs.svg.board(Board(), orientation=False) != cescacs.svg.board(Board())
    root = parse(cescacs.svg.board(Board()))
    names = [p.get("data-hex") for p in root.iterfind(".//svg:polygon", NS)]
    assert len(names) == 169 and len(set(names)) == 169 and "E7" in names
