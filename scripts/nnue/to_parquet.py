#!/usr/bin/env python3
"""Converts a positions file of examples/gen_positions.rs to Parquet (pyarrow).

    python3 scripts/nnue/to_parquet.py positions.bin positions.parquet

Columns: position (fixed_size_binary(58), the packed position of
research/src/packed.rs, zero-padded), score (int16, centipawns for the side to move),
result (uint8, White's points 0-3, 255 unfinished), ply (uint16). Compressed with zstd;
prints the bytes per position on disk.
"""

import os
import sys

import numpy as np

from posfile import read_positions


def main(src, dst):
    import pyarrow as pa
    import pyarrow.parquet as pq

    rec = read_positions(src)
    packed = pa.FixedSizeBinaryArray.from_buffers(
        pa.binary(58), len(rec), [None, pa.py_buffer(np.ascontiguousarray(rec["packed"]).tobytes())]
    )
    table = pa.table(
        {
            "position": packed,
            "score": pa.array(rec["score"], pa.int16()),
            "result": pa.array(rec["result"], pa.uint8()),
            "ply": pa.array(rec["ply"], pa.uint16()),
        }
    )
    pq.write_table(table, dst, compression="zstd", compression_level=9)
    size = os.path.getsize(dst)
    print(f"{len(rec)} positions, {size} bytes: {size / max(len(rec), 1):.1f} bytes a position")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
