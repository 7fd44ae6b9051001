"""Writes and reads cescacs network files (engine/src/nnue/format.rs, docs/NNUE.md).

Little-endian: magic b"CESNNUE\\0", version u16 (2, 3 with the base field, 4 with King
buckets), input kind u16 (1; 2 in version 4), inputs u32 (3042 B), accumulator N u32, hidden
H u32, output scale u32 (centipawns of an output of 1.0), material i32[9] (centipawns per
piece kind, added to the output), in versions 3 and 4 the base u32 (0: the material, 1: the
engine's hand-written evaluation), in version 4 the King buckets B u32 (2 to 6), then
accumulator biases i16[N], weights i16[3042 B][N] (B = 1 before version 4), hidden biases
i32[H], hidden weights i8[H][2N], output bias i32, output weights i8[H], and the CRC-32
(zlib.crc32) of all of it.
"""

import struct
import zlib

import numpy as np

MAGIC = b"CESNNUE\0"
VERSION = 3
VERSION_MATERIAL = 2
VERSION_BUCKETED = 4
BASES = {"material": 0, "hand": 1}
INPUT_KIND = 1
INPUT_KIND_BUCKETED = 2
INPUTS = 3042
MAX_BUCKETS = 6


def to_bytes(
    ft_bias,
    ft_weights,
    l1_bias,
    l1_weights,
    l2_bias,
    l2_weights,
    scale,
    material=(0,) * 9,
    base="material",
    buckets=1,
):
    """The file's bytes from integer arrays of the shapes above (ft_weights: (3042 B, N),
    l1_weights: (H, 2N), l2_weights: (H,)); a network with King buckets (B > 1) is version
    4, else one over the material is version 2, one over the hand-written evaluation (base
    "hand") version 3."""
    n, h = len(ft_bias), len(l1_bias)
    assert 1 <= buckets <= MAX_BUCKETS
    assert (
        ft_weights.shape == (buckets * INPUTS, n)
        and l1_weights.shape == (h, 2 * n)
        and l2_weights.shape == (h,)
    )
    out = bytearray(MAGIC)
    if buckets > 1:
        version, kind = VERSION_BUCKETED, INPUT_KIND_BUCKETED
    else:
        version, kind = (VERSION_MATERIAL if base == "material" else VERSION), INPUT_KIND
    out += struct.pack("<HHIIII", version, kind, buckets * INPUTS, n, h, scale)
    out += struct.pack("<9i", *[int(m) for m in material])
    if version != VERSION_MATERIAL:
        out += struct.pack("<I", BASES[base])
    if version == VERSION_BUCKETED:
        out += struct.pack("<I", buckets)
    out += np.asarray(ft_bias, "<i2").tobytes() + np.asarray(ft_weights, "<i2").tobytes()
    out += np.asarray(l1_bias, "<i4").tobytes() + np.asarray(l1_weights, "i1").tobytes()
    out += struct.pack("<i", int(l2_bias)) + np.asarray(l2_weights, "i1").tobytes()
    out += struct.pack("<I", zlib.crc32(bytes(out)))
    return bytes(out)


def random_network(n, h, seed, scale=400, base="material", buckets=1):
    """A network of small random weights (fuzz seeds, format tests)."""
    rng = np.random.default_rng(seed)
    return to_bytes(
        rng.integers(-32, 33, n),
        rng.integers(-24, 25, (buckets * INPUTS, n)),
        rng.integers(-2000, 2001, h),
        rng.integers(-40, 41, (h, 2 * n)),
        rng.integers(-2000, 2001),
        rng.integers(-60, 61, h),
        scale,
        rng.integers(-500, 501, 9),
        base,
        buckets,
    )
