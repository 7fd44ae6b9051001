"""Reading game records from Python: cescacs beside python-chess, same run.

    python python/bench/bench_pgn.py [--mb 5] [--runs 3] [--dir DIR]

Reads the first ``--mb`` megabytes (whole games) of the two files that
``cargo bench -p cescacs --bench vs_pgn_reader`` leaves in ``DIR``
(default ``$TMPDIR/cescacs-pgn-bench``): the C'escacs collection through
``cescacs.pgn.read_games`` (whole file, one call) and the streaming
``cescacs.pgn.read_game`` loop, and the orthodox file through python-chess's
``chess.pgn.read_game`` loop (python-chess parses and plays every SAN, as
cescacs validates every move). Each way runs in a fresh process, best of
``--runs``, with its peak RSS. Needs ``pip install chess``.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time


def prefix(src: str, dst: str, size: int) -> None:
    """The first games of ``src`` up to about ``size`` bytes, cut before a tag section."""
    with open(src, encoding="utf-8") as f:
        text = f.read(size)
    cut = text.rfind("\n\n[")
    with open(dst, "w", encoding="utf-8") as f:
        f.write(text[: cut + 2] if cut > 0 else text)


def run(kind: str, path: str) -> None:
    """One timed reading, in this process; prints plies, seconds and peak RSS."""
    t = time.perf_counter()
    plies = 0
    if kind == "read_games":
        import cescacs.pgn

        with open(path, encoding="utf-8") as f:
            plies = sum(g.end_ply() for g in cescacs.pgn.read_games(f))
    elif kind == "read_game":
        import cescacs.pgn

        with open(path, encoding="utf-8") as f:
            while (g := cescacs.pgn.read_game(f)) is not None:
                plies += g.end_ply()
    elif kind == "python-chess":
        import chess.pgn

        with open(path, encoding="utf-8") as f:
            while (g := chess.pgn.read_game(f)) is not None:
                plies += g.end().ply()
    else:
        raise SystemExit(f"unknown kind {kind}")
    secs = time.perf_counter() - t
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(plies, secs, rss)


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--mb", type=float, default=5)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--dir", default=os.path.join(tempfile.gettempdir(), "cescacs-pgn-bench"))
    args = ap.parse_args()
    ctl, pgn = (
        os.path.join(args.dir, "cescacs-30.ctl-pgn"),
        os.path.join(args.dir, "orthodox-30.pgn"),
    )
    for p in (ctl, pgn):
        if not os.path.exists(p):
            raise SystemExit(
                f"{p} is missing: run `cargo bench -p cescacs --bench vs_pgn_reader` first"
            )
    size = int(args.mb * 1_000_000)
    with tempfile.TemporaryDirectory() as tmp:
        small_ctl, small_pgn = os.path.join(tmp, "c.ctl-pgn"), os.path.join(tmp, "o.pgn")
        prefix(ctl, small_ctl, size)
        prefix(pgn, small_pgn, size)
        print(
            f"load {os.getloadavg()[0]:.2f}; {os.path.getsize(small_ctl) / 1e6:.1f} MB of CTL-PGN, "
            f"{os.path.getsize(small_pgn) / 1e6:.1f} MB of orthodox PGN; best of {args.runs}"
        )
        for kind, path in (
            ("read_games", small_ctl),
            ("read_game", small_ctl),
            ("python-chess", small_pgn),
        ):
            best = None
            for _ in range(args.runs):
                out = subprocess.run(
                    [sys.executable, __file__, "--run", kind, path],
                    check=True,
                    capture_output=True,
                    text=True,
                ).stdout
                plies, secs, rss = out.split()
                if best is None or float(secs) < best[1]:
                    best = (int(plies), float(secs), int(rss))
            plies, secs, rss = best
            name = {
                "read_games": "cescacs.pgn.read_games",
                "read_game": "cescacs.pgn.read_game loop",
                "python-chess": "python-chess read_game loop",
            }[kind]
            print(
                f"{name:<30} {plies} plies in {secs:.2f} s = {plies / secs / 1e3:,.0f} k plies/s, peak {rss} MB"
            )


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--run":
        run(sys.argv[2], sys.argv[3])
    else:
        main()
