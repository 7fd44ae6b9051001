#!/usr/bin/env python3
"""Checks examples/c/attacks against an independent computation (standard library only).

Usage: check_attacks.py ATTACKS_EXECUTABLE DATA.jsonl...

Feeds every record's `pdtl` from the data files, a few positions with
known exact answers (those of core/tests/attacks.rs) and a few invalid
lines to the executable, and checks each output line: the hexes attacked by
White, ` | `, those attacked by Black (in any order), or an `error: ` line
for the invalid PDTLs. The expected sets are computed here from the rules
text alone (RULES.md §1.2 board, §1.4 directions, §1.5 knight jumps, §5.1
attacked hexes), without the library: reading PDTL placement (NOTATION.md
§5.1) and walking the rays. Prints `ok ...` and exits 0, or lists the
mismatches and exits 1.
"""

import json
import subprocess
import sys

COLUMNS = "PTABCDEFGHIKLXZ"
ORTHOGONAL = [(0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1)]
DIAGONAL = [(2, 0), (-2, 0), (1, 3), (1, -3), (-1, 3), (-1, -3)]
JUMPS = [
    (1, 5),
    (-1, 5),
    (1, -5),
    (-1, -5),
    (2, 4),
    (-2, 4),
    (2, -4),
    (-2, -4),
    (3, 1),
    (-3, 1),
    (3, -1),
    (-3, -1),
]
SLIDES = {
    "R": ORTHOGONAL,
    "J": DIAGONAL,
    "D": ORTHOGONAL + DIAGONAL,
    "V": ORTHOGONAL,
    "G": DIAGONAL,
}

# Positions whose answers are written out by hand from core/tests/attacks.rs
# and RULES.md §5.1 (a check of this checker's own computation).
KNOWN = [
    # A White Elephant on F14: two steps forward through an empty F16.
    (
        "/27:1k/14:3E3/1:1K/ w -- - 0 1",
        "F0 E1 F2 H2 G3 F4 H4 E11 G11 F16 E17 G17 F18 | F24 H24 G25 F26 H26 E27 F28",
    ),
    # The same with a Black pawn on F16: no F18; the pawn attacks E13 and G13.
    (
        "/27:1k/16:3p3/14:3E3/1:1K/ w -- - 0 1",
        "F0 E1 F2 H2 G3 F4 H4 E11 G11 F16 E17 G17 | E13 G13 F24 H24 G25 F26 H26 E27 F28",
    ),
    # The Black King's Leap hexes (E23, F22, H22, I23) are not attacked.
    ("/27:1k/1:1K/ w -k - 0 1", "F0 E1 F2 H2 G3 F4 H4 | F24 H24 G25 F26 H26 E27 F28"),
    # A Black Elephant on G5 does not reach G1 through the White Knight on G3.
    (
        "/27:1k/5:3e2/3:2N1/1:1K/ w -- - 0 1",
        "F0 E1 D2 F2 H2 G3 D4 F4 H4 K4 E7 I7 F8 H8 | F2 H2 G3 F8 H8 F24 H24 G25 F26 H26 E27 F28",
    ),
]
BAD = ["", "x", "/27:1k/1:1K/ x", "/27:1k/ w", "/27:1k/1:1K/1:1K/ w -- - 0 1"]


def on_board(c, l):
    return 0 <= c <= 14 and 0 <= l <= 28 and (c + l) % 2 == 1 and abs(c - 7) + abs(l - 14) <= 14


def name(c, l):
    return f"{COLUMNS[c]}{l}"


def placement(pdtl):
    """{(column, line): letter} from the first PDTL field."""
    board = {}
    for record in pdtl.split()[0].strip("/").split("/"):
        line_text, content = record.split(":")
        line = int(line_text)
        hexes = [c for c in range(15) if on_board(c, line)]
        i = 0
        for ch in content:
            if ch.isdigit():
                i += int(ch)
            else:
                board[(hexes[i], line)] = ch
                i += 1
    return board


def attacked(board, white):
    out = set()
    for (c, l), letter in board.items():
        if letter.isupper() != white:
            continue
        kind = letter.upper()
        f = 1 if white else -1
        targets = []
        if kind == "K":
            targets = [(c + dc, l + dl) for dc, dl in ORTHOGONAL + DIAGONAL]
        elif kind == "P":
            targets = [(c + 1, l + 3 * f), (c - 1, l + 3 * f)]
        elif kind == "E":
            targets = [
                (c, l + 2 * f),
                (c + 1, l + 3 * f),
                (c - 1, l + 3 * f),
                (c + 1, l - 3 * f),
                (c - 1, l - 3 * f),
            ]
            if on_board(c, l + 2 * f) and (c, l + 2 * f) not in board:
                targets.append((c, l + 4 * f))
        if kind in ("N", "V", "G"):
            targets += [(c + dc, l + dl) for dc, dl in JUMPS]
        for dc, dl in SLIDES.get(kind, []):
            x, y = c + dc, l + dl
            while on_board(x, y):
                targets.append((x, y))
                if (x, y) in board:
                    break
                x, y = x + dc, y + dl
        out.update(name(x, y) for x, y in targets if on_board(x, y))
    return out


def expected_line(pdtl):
    board = placement(pdtl)
    return attacked(board, True), attacked(board, False)


def parse_line(text):
    if text.count(" | ") != 1 and not text.endswith(" |") and not text.startswith("| "):
        return None
    white, _, black = text.partition("|")
    w, b = white.split(), black.split()
    if len(set(w)) != len(w) or len(set(b)) != len(b):
        return None
    return set(w), set(b)


def main() -> int:
    exe, files = sys.argv[1], sys.argv[2:]
    pdtls = []
    for path in files:
        with open(path, encoding="utf-8") as f:
            pdtls += [json.loads(line)["pdtl"] for line in f if line.strip()]
    # Sanity of this checker: its own computation gives the known answers.
    failures = []
    for pdtl, text in KNOWN:
        w, _, b = text.partition(" | ")
        if expected_line(pdtl) != (set(w.split()), set(b.split())):
            failures.append(f"checker: {pdtl}: computed {expected_line(pdtl)}, known {text!r}")
    stream = [p for p, _ in KNOWN] + pdtls[:10] + BAD + pdtls[10:] + BAD
    expected = [parse_line(t) for _, t in KNOWN]
    expected += [expected_line(p) for p in pdtls[:10]] + [None] * len(BAD)
    expected += [expected_line(p) for p in pdtls[10:]] + [None] * len(BAD)
    out = subprocess.run(
        [exe], input="\n".join(stream) + "\n", capture_output=True, text=True, check=True
    )
    got = out.stdout.split("\n")
    if got and got[-1] == "":
        got.pop()
    if len(got) != len(expected):
        failures.append(f"{len(got)} output lines for {len(expected)} input lines")
    for i, (g, e) in enumerate(zip(got, expected)):
        if e is None:
            if not (g.startswith("error: ") and len(g) > len("error: ")):
                failures.append(f"line {i + 1} ({stream[i]!r}): expected an error line, got {g!r}")
            continue
        have = parse_line(g)
        if have is None:
            failures.append(f"line {i + 1} {stream[i]}: not two lists of distinct hexes: {g!r}")
        elif have != e:
            for side, h, w in (("White", have[0], e[0]), ("Black", have[1], e[1])):
                if h != w:
                    failures.append(
                        f"line {i + 1} {stream[i]}: {side}: missing {sorted(w - h)} extra {sorted(h - w)}"
                    )
    for f in failures[:20]:
        print("FAIL", f)
    if failures:
        print(f"{len(failures)} mismatches")
        return 1
    print(f"ok attacked hexes of {len(pdtls) + len(KNOWN)} positions, {len(BAD) * 2} error lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
