#!/usr/bin/env python3
"""Checks examples/c/moves against a golden-data file (standard library only).

Usage: check_moves.py MOVES_EXECUTABLE DATA.jsonl

Feeds every record's `pdtl` (plus a few invalid lines) to the executable and
checks each output line: the record's `moves` joined by single spaces, or an
`error: ` line for the invalid PDTLs. Prints `ok N positions` and exits 0,
or lists the mismatches and exits 1.
"""

import json
import subprocess
import sys

BAD = ["", "x", "/27:1k/1:1K/ x", "/27:1k/ w"]


def main() -> int:
    exe, data = sys.argv[1], sys.argv[2]
    with open(data, encoding="utf-8") as f:
        records = [json.loads(line) for line in f if line.strip()]
    lines = [r["pdtl"] for r in records]
    # Invalid positions in the middle and at the end of the stream.
    stream = lines[:10] + BAD + lines[10:] + BAD
    expected = [" ".join(r["moves"]) for r in records[:10]]
    expected += [None] * len(BAD)
    expected += [" ".join(r["moves"]) for r in records[10:]]
    expected += [None] * len(BAD)
    out = subprocess.run(
        [exe], input="\n".join(stream) + "\n", capture_output=True, text=True, check=True
    )
    got = out.stdout.split("\n")
    if got and got[-1] == "":
        got.pop()
    failures = []
    if len(got) != len(expected):
        failures.append(f"{len(got)} output lines for {len(expected)} input lines")
    for i, (g, e) in enumerate(zip(got, expected)):
        if e is None:
            ok = (
                g == "error: empty PDTL"
                if stream[i] == ""
                else g.startswith("error: ") and len(g) > len("error: ")
            )
            if not ok:
                failures.append(f"line {i + 1} ({stream[i]!r}): expected an error line, got {g!r}")
        elif g != e:
            want, have = set(e.split()), set(g.split())
            failures.append(
                f"line {i + 1} {stream[i]}: missing {sorted(want - have)} extra {sorted(have - want)}"
                + ("" if want != have else " (order or spacing differs)")
            )
    for f in failures[:20]:
        print("FAIL", f)
    if failures:
        print(f"{len(failures)} mismatching lines")
        return 1
    print(f"ok {len(records)} positions, {len(BAD) * 2} error lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
