"""SVG drawing: well-formed XML, one polygon per hex, marks where asked."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import cescacs
import cescacs.svg
from cescacs import Board, Hex, HexColor

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
    assert sorted(g.get("class") for g in pieces) == sorted(f"piece {c}" for c in army + army.lower())
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
    svg = cescacs.svg.board(b, arrows=[("D2", "H10"), (cescacs.Hex("F26"), "F16", "#c03030"), m], highlight=["F14"])
    root = parse(svg)
    assert len(root.findall(".//svg:polygon", NS)) == 169
    assert len(root.findall(".//svg:g[@class='arrow']", NS)) == 3
    assert root.findall(".//svg:g[@class='arrow']", NS)[1].get("fill") == "#c03030"
    fills = polygons(root)
    changed = {name for name, fill in fills.items() if fill != cescacs.svg.HEX_COLORS[cescacs.Hex(name).color]}
    assert changed == {"G3", "I7", "F14"}
    assert root.findall(".//svg:circle[@class='check']", NS) == []

    plain = polygons(parse(cescacs.svg.board(b, lastmove=None)))
    assert all(fill == cescacs.svg.HEX_COLORS[cescacs.Hex(n).color] for n, fill in plain.items())
    explicit = polygons(parse(cescacs.svg.board(Board(), lastmove=m, highlight={"A5": "#ff0000"}, check="G1")))
    assert {n for n, f in explicit.items() if f != cescacs.svg.HEX_COLORS[cescacs.Hex(n).color]} == {"G3", "I7", "A5"}


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
        p = next(p for p in root.iterfind(".//svg:polygon", NS) if p.get("class").split()[2] == name)
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
