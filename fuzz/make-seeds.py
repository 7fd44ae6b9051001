#!/usr/bin/env python3
"""Writes the committed seed corpora fuzz/seeds/<target>/ from tests/data/.

Deterministic (a fixed seed), small (well under 1 MB in all): the fuzzer
grows its own working corpus in fuzz/corpus/ (not committed) from these.
Rerun after changing tests/data/ or the targets' input formats:
    python3 fuzz/make-seeds.py
"""

import hashlib
import json
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
SEEDS = ROOT / "fuzz" / "seeds"


def records(name):
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines()]


def write(target, data):
    d = SEEDS / target
    d.mkdir(parents=True, exist_ok=True)
    (d / hashlib.sha1(data).hexdigest()).write_bytes(data)


def main():
    rng = random.Random(10)
    for d in SEEDS.glob("*/*"):
        d.unlink()
    probes, castling = records("probes.jsonl"), records("castling.jsonl")
    games, dev = records("games.jsonl"), records("random-dev.jsonl")
    studies = probes + castling

    # 1. pdtl: every study, a sample of the games and of the random positions.
    for r in studies + games[::25] + dev[::20]:
        write("pdtl", r["pdtl"].encode())

    # 2. move_text: [position index, other index] + a move text. Index 0 is
    # the initial position, 1.. the studies in file order (as
    # checks/rules.rs::positions() numbers them).
    for i, r in enumerate([games[0]] + studies):
        notation = sorted(r["notation"].items())
        for long, ctl in rng.sample(notation, min(4, len(notation))):
            other = rng.randrange(256)
            write("move_text", bytes([i, other]) + ctl.encode())
            write("move_text", bytes([i, other]) + long.encode())

    # 3. pgn: the recorded games, and their openings cut after a few moves.
    for f in sorted((DATA / "games").glob("*.ctl-pgn")):
        text = f.read_bytes()
        write("pgn", text)
        lines = text.split(b"\n")
        write("pgn", b"\n".join(lines[:12]) + b"\n*\n")

    # 4. play: [start position] + move choices (a few undos, >= 0xF0).
    for i in range(64):
        steps = [
            rng.randrange(0xF0) if rng.random() < 0.9 else 0xF0 + rng.randrange(16)
            for _ in range(rng.randrange(8, 48))
        ]
        write("play", bytes([i]) + bytes(steps))

    # 5. c_api: random call sequences (the driver reads any bytes).
    for _ in range(48):
        write("c_api", bytes(rng.randrange(256) for _ in range(rng.randrange(16, 160))))
    # ... and a few that play from the fixed positions through list moves.
    for p in range(8):
        seq = [1, 0, p]  # from_pdtl, slot 0, fixed position p
        for _ in range(12):
            seq += [8, 0, 0]  # legal moves of game 0 into list 0
            seq += [17, 0, rng.randrange(40), 0]  # play list 0 move k on game 0
        seq += [19, 0, 21, 0, 0x7F, 6, 0, 0]  # undo, write PGN, queries
        write("c_api", bytes(seq))

    # ... and the end of the game and CTL-PGN collections: a finished game
    # (bare Kings, insufficient material) refuses a list move, a long text and a CTL-AN text with
    # GAME_OVER; games_from_pgn reads the slots' written games (NULL-text,
    # NULL-count, too-small array variants), keeps them, and takes a game
    # read that way back to its start; texts of several games (one with an
    # error, one not UTF-8), and one game read and undone to its start.
    def text(t):
        return [len(t)] + list(t)

    pgn2 = b'[Event "a"]\n1. NG3-I7, NG25-I21\n*\n[Event "b"]\n1. E7-E13\n*\n'
    seq = (
        [1, 0, 0x40] + text(b"/27:1k/1:1K/ w -- - 0 1") + [8, 0, 0, 17, 0, 0, 0, 18, 0, 1, 0, 0, 0]
    )
    seq += [18, 0, 0, 3] + text(b"NG3-I7")
    seq += [1, 1, 0, 18, 1, 0, 3] + text(b"NG3-I7") + [18, 1, 0, 3] + text(b"NG25-I21")
    seq += [25, 0, 0, 0x24, 2, 0]
    seq += [4, 0, 25, 2, 0, 0x05, 1, 1, 19, 2, 19, 1, 19, 1, 19, 1]
    seq += [25, 3, 0x80] + text(pgn2) + [0x06, 2, 1]
    seq += [25, 3, 0x80] + text(pgn2.replace(b"E13", b"E14")) + [0, 0, 0]
    seq += [25, 3, 0x80] + text(b"\xff\xfe*\n")
    seq += [2, 3] + text(pgn2[: pgn2.index(b"[Event", 1)]) + [1, 19, 3]
    write("c_api", bytes(seq))
    # ... and the record, threat, geometry and move-value functions on a
    # game read from CTL-PGN with tags, comments and a variation: tags by
    # index, comments, the variation as text and as a game (kept in slot
    # 1), set_tag (Result, a value with a line break, Variant, quotes),
    # add_comment (a text, a brace and a line break), the PGN round trip,
    # find_moves and its list played, a list move's text parsed and played,
    # play_move (legal, then changed), the list as an array, pieces, the
    # board text, threats (a bad colour too), hex geometry, the version.
    pgn = (
        b'[Event "seed"]\n[White "a"]\n{ opening }\n1. E7-E13, E21-E15\n{ @W: a comment }\n'
        b"(1. NG3-I7, NG25-I21\n.2. E7-E13)\n2. NG3-I7, NG25-I21\n*\n{ final }\n"
    )
    seq = [2, 0] + text(pgn) + [0]
    seq += [31, 0, 0, 0, 0x50, 0x50, 31, 0, 1, 5, 0x00, 0x01]
    seq += [
        33,
        0,
        0,
        1,
        0,
        0,
        0,
        0x50,
        33,
        0,
        1,
        1,
        0,
        0,
        0,
        0x50,
        33,
        0,
        2,
        1,
        0,
        0,
        0,
        0x50,
        33,
        0,
        2,
        1,
        9,
        0,
        0,
        0x50,
    ]
    seq += [35, 0, 1, 0, 0, 0, 0x50, 0, 1, 31, 1, 0, 0, 0x50, 0x50, 35, 0, 1, 0, 1, 7, 0x50, 0]
    seq += [32, 0, 4, 0, 0, 32, 0, 0, 8, 0, 32, 0, 5, 7, 0, 32, 0, 3, 10, 0, 32, 0, 0, 0, 1]
    seq += (
        [34, 0]
        + text(b"hello")
        + [0, 0, 0]
        + [34, 0, 0, 0, 0, 0, 1]
        + [34, 0]
        + text(b"\xff")
        + [0, 1, 9]
    )
    # An opening and a final comment; assessments set (glyph 5), read, refused (glyph 9).
    seq += [34, 0] + text(b"context") + [0x10, 0, 0] + [34, 0] + text(b"adjourned") + [0x20, 1, 0]
    seq += [40, 0, 0, 1, 0, 0, 5, 40, 0, 0, 0, 0, 1, 9, 40, 0, 1, 9, 1, 0, 0]
    seq += [21, 0, 0x50]
    seq += [27, 0, 0, 0, 2, 17, 2, 0, 0, 27, 0, 0x80, 0xC0, 3, 3, 5, 0]
    seq += (
        [8, 0, 1, 29, 0, 0, 1, 0, 3, 1, 8, 0, 1, 29, 0, 1, 1, 0, 2, 0, 29, 0, 0, 3]
        + text(b"E21-E15")
        + [0]
    )
    seq += [28, 0, 1, 5, 0, 15, 28, 0, 1, 5, 3, 1, 28, 0, 0x81, 0, 0, 15]
    seq += [8, 0, 1, 30, 1, 0, 30, 1, 1]
    seq += [36, 0, 0x50, 36, 0, 0x00, 36, 0, 0x05, 36, 0, 0x80]
    seq += [37, 0, 0, 0x50, 37, 0, 1, 0x50, 37, 0, 0, 0x03]
    seq += [
        38,
        0,
        0,
        10,
        1,
        0x50,
        0,
        38,
        0,
        1,
        20,
        4,
        0x00,
        0x10,
        38,
        0,
        0xF1,
        5,
        0,
        0,
        38,
        0,
        0,
        84,
        5,
        0x50,
        0x40,
    ]
    seq += [
        38,
        0,
        1,
        30,
        0,
        0,
        0x40,
        38,
        0,
        0,
        40,
        2,
        0x05,
        0x40,
        38,
        0,
        1,
        50,
        3,
        0x50,
        0x40,
        38,
        0,
        0,
        60,
        6,
        1,
        0x40,
    ]
    seq += [39, 0, 10, 1, 4, 4, 39, 0, 0xC5, 3, 3, 0] + [0] * 7 + [0x40] + [0] * 7 + [0x7F]
    seq += [26, 0, 15, 4, 1, 4, 0]
    write("c_api", bytes(seq))
    # ... and game batches: self-play from the initial position (a game
    # kept, undone, written), from the castling study and from a mate (games
    # of no move); refused calls (257 threads, no out-pointer, a bad start,
    # a text not UTF-8); CTL-PGN texts read into batches (one with an error).
    seq = [41, 0, 0x00, 4, 30, 7, 2, 0, 1, 0, 19, 0, 21, 0, 0x50]
    seq += [41, 1, 0x00, 3, 20, 1, 0, 1, 2, 0, 41, 2, 0x00, 2, 10, 0, 0, 6, 0, 0]
    seq += [41, 0, 0x40, 1, 1, 0, 0, 0, 41, 0, 0x80, 1, 1, 0, 0, 0]
    seq += [41, 0, 0x00, 1, 5, 0, 0, 0xC0] + text(b"/0:K/ w") + [41, 0, 0x01] + text(b"\xff")
    seq += [41, 3, 0x01] + text(pgn2) + [5, 1, 0, 19, 3, 21, 3, 0x50]
    seq += [41, 3, 0x01] + text(pgn2.replace(b"E13", b"E14")) + [5]
    write("c_api", bytes(seq))
    # ... and a record nested three levels deep: its first variation opened
    # as a game, and its lines walked down to the innermost one.
    nest = b"1. E7-E13 (1. NG3-I7 { one } (1. H6-H12 ! (1. E7-E13 { three })))\n*\n"
    write("c_api", bytes([2, 2] + text(nest) + [0] + [35, 2, 1, 0, 0, 0, 0x50, 0, 3]))


if __name__ == "__main__":
    main()
