"""Command line: ``python -m cescacs moves [--long] [--batch] [PDTL]``.

``moves --long --batch`` has the contract of the ``cescacs`` CLI: it reads
PDTLs from standard input, one per line, and writes one line per position:
its legal moves in long form, sorted by byte order and separated by single
spaces (an empty line when there are none), or ``error: <message>`` for a
PDTL that cannot be read, and carries on.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import List, Optional

from . import Board, InvalidPdtlError, perft
from ._cescacs import _moves_batch_lines


def _moves(args: argparse.Namespace) -> int:
    if args.batch:
        if args.pdtl is not None:
            print(
                "error: --batch reads PDTLs from standard input; give no PDTL argument",
                file=sys.stderr,
            )
            return 2
        out = sys.stdout
        for line in sys.stdin:
            line = line.rstrip("\r\n")
            out.write(_moves_batch_lines([line])[0] if args.long else _ctl_line(line))
            out.write("\n")
            out.flush()
        return 0
    try:
        board = Board(args.pdtl)
    except InvalidPdtlError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    print(" ".join(board.legal_moves.long()) if args.long else _ctl_text(board))
    return 0


def _ctl_text(board: Board) -> str:
    """The legal moves in CTL-AN, in the byte order of their long forms."""
    return " ".join(board.ctl(m) for m in sorted(board.legal_moves, key=lambda m: m.long()))


def _ctl_line(pdtl: str) -> str:
    try:
        return _ctl_text(Board(pdtl))
    except InvalidPdtlError as e:
        return f"error: {e}"


def _perft(args: argparse.Namespace) -> int:
    try:
        board = Board(args.pdtl)
    except InvalidPdtlError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    print(perft(board, args.depth))
    return 0


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m cescacs", description="C'escacs rules from the command line."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    moves = sub.add_parser("moves", help="list the legal moves of a position")
    moves.add_argument(
        "pdtl", nargs="?", default=None, help="position (default: the initial position)"
    )
    moves.add_argument(
        "--long",
        action="store_true",
        help="long form (FROM-TO, castlings K-T+R-T) instead of CTL-AN",
    )
    moves.add_argument(
        "--batch",
        action="store_true",
        help="read PDTLs from stdin, one per line; one output line each",
    )
    moves.set_defaults(run=_moves)
    p = sub.add_parser("perft", help="count the leaves of the legal move tree")
    p.add_argument("depth", type=int)
    p.add_argument("pdtl", nargs="?", default=None, help="position (default: the initial position)")
    p.set_defaults(run=_perft)
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, like the CLI.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
