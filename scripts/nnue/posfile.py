"""Reads the positions files of research/examples/gen_positions.rs (docs/NNUE.md)."""

import numpy as np

MAGIC = b"CESPOS1\0"
RECORD = np.dtype(
    [("packed", "u1", 58), ("score", "<i2"), ("result", "u1"), ("pad", "u1"), ("ply", "<u2")]
)


def read_positions(path):
    """The records of a positions file, as a NumPy structured array."""
    data = np.fromfile(path, dtype=np.uint8)
    if bytes(data[:8]) != MAGIC or (len(data) - 8) % RECORD.itemsize:
        raise ValueError(f"{path}: not a positions file")
    return data[8:].view(RECORD)
