"""A UCI engine in this project's dialect for testing ``cescacs.study``'s
matches against external engines (test support, not a player): it keeps
the game of ``position startpos|pdtl <PDTL> [moves M1 M2 …]`` (moves in
CTL-AN) with the cescacs package itself and answers ``go`` as its mode
says::

    python fake_uci.py random [SEED]   a seeded random legal move, after `info depth 1 score cp 0`
    python fake_uci.py illegal         a move that is never legal (A1-A2)
    python fake_uci.py silent          never a `bestmove`
    python fake_uci.py no-uciok        answers `uci` without `uciok`

The Rust fake (cli/src/bin/cescacs-fake-uci.rs) has the same protocol and
more modes; this one needs only Python and the package under test.
"""

from __future__ import annotations

import random
import sys
from typing import List

import cescacs


def position(words: List[str]) -> cescacs.Board:
    """The board of `position` words (after the command)."""
    split = words.index("moves") if "moves" in words else len(words)
    if words[:split] == ["startpos"]:
        board = cescacs.Board()
    elif words[:1] == ["pdtl"]:
        board = cescacs.Board(" ".join(words[1:split]))
    else:
        raise ValueError(f"bad position command: {words}")
    for text in words[split + 1 :]:
        board.push_ctl(text)
    return board


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else "random"
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 0)
    board = cescacs.Board()

    def say(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            say(f"id name fake {mode}")
            if mode != "no-uciok":
                say("uciok")
        elif words[0] == "isready":
            say("readyok")
        elif words[0] == "position":
            board = position(words[1:])
        elif words[0] == "go":
            if mode == "silent":
                continue
            if mode == "illegal":
                say("bestmove A1-A2")
                continue
            moves = list(board.legal_moves)
            say("info depth 1 score cp 0")
            say(f"bestmove {board.ctl(rng.choice(moves)) if moves else '(none)'}")
        elif words[0] == "quit":
            break


if __name__ == "__main__":
    main()
