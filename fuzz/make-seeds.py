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
        steps = [rng.randrange(0xF0) if rng.random() < 0.9 else 0xF0 + rng.randrange(16) for _ in range(rng.randrange(8, 48))]
        write("play", bytes([i]) + bytes(steps))

    # 5. c_api: random call sequences (the driver reads any bytes).
    for _ in range(48):
        write("c_api", bytes(rng.randrange(256) for _ in range(rng.randrange(16, 160))))
    # ... and a few that play from the fixed positions through list moves.
    for p in range(8):
        seq = [1, 0, p]          # from_pdtl, slot 0, fixed position p
        for _ in range(12):
            seq += [8, 0, 0]     # legal moves of game 0 into list 0
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
    seq = [1, 0, 0x40] + text(b"/27:1k/1:1K/ w -- - 0 1") + [8, 0, 0, 17, 0, 0, 0, 18, 0, 1, 0, 0, 0]
    seq += [18, 0, 0, 3] + text(b"NG3-I7")
    seq += [1, 1, 0, 18, 1, 0, 3] + text(b"NG3-I7") + [18, 1, 0, 3] + text(b"NG25-I21")
    seq += [25, 0, 0, 0x24, 2, 0]
    seq += [4, 0, 25, 2, 0, 0x05, 1, 1, 19, 2, 19, 1, 19, 1, 19, 1]
    seq += [25, 3, 0x80] + text(pgn2) + [0x06, 2, 1]
    seq += [25, 3, 0x80] + text(pgn2.replace(b"E13", b"E14")) + [0, 0, 0]
    seq += [25, 3, 0x80] + text(b"\xff\xfe*\n")
    seq += [2, 3] + text(pgn2[:pgn2.index(b"[Event", 1)]) + [1, 19, 3]
    write("c_api", bytes(seq))


if __name__ == "__main__":
    main()
