#!/usr/bin/env python3
"""Writes the committed seeds of the `nnue` fuzz target, fuzz/seeds/nnue/, with the
network writer of scripts/nnue/netfile.py (so the replay test also checks that the
Python writer and the engine's reader agree). Deterministic; rerun after changing the
format: python3 fuzz/make-nnue-seeds.py

Input layout of the target (fuzz/checks/src/nnue.rs): byte 0 flags (bit 0: recompute the
checksum before reading), then the file's bytes.
"""

import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts" / "nnue"))
import netfile  # noqa: E402

SEEDS = ROOT / "fuzz" / "seeds" / "nnue"


def main():
    SEEDS.mkdir(parents=True, exist_ok=True)
    one = netfile.random_network(1, 1, seed=1)
    two = netfile.random_network(2, 1, seed=2, scale=100)
    hand = netfile.random_network(2, 2, seed=3, base="hand")
    bucketed = netfile.random_network(1, 1, seed=4, base="hand", buckets=2)
    seeds = {
        "valid-1x1": b"\0" + one,
        "valid-2x1-checksum-recomputed": b"\1" + two[:-4] + b"\0\0\0\0",
        "corrupt-checksum": b"\0" + one[:-1] + bytes([one[-1] ^ 0x40]),
        "header-only": b"\0" + one[:64],
        "version-1": b"\0" + one[:8] + struct.pack("<H", 1) + one[10:],
        "valid-2x2-hand-written-base": b"\0" + hand,
        "unknown-base": b"\1" + hand[:64] + struct.pack("<I", 7) + hand[68:],
        "valid-1x1-2-king-buckets": b"\0" + bucketed,
        "king-buckets-7": b"\1" + bucketed[:68] + struct.pack("<I", 7) + bucketed[72:],
        "empty": b"",
    }
    for name, data in seeds.items():
        (SEEDS / name).write_bytes(data)


if __name__ == "__main__":
    main()
