"""Training positions for the engine's network beyond one machine, with Ray: K Ray tasks
each run the engine's self-play generator (``research/examples/gen_positions.rs``) for one
shard, ``--positions N`` split over the shards, shard k with seed ``S * 1000 + k`` on one
CPU, written to ``DIR/part-00000.bin``, ``DIR/part-00001.bin``, … (the positions files of
docs/NNUE.md: ``cescacs-train --data`` reads each, ``cat`` of their records after one
header makes one file). A shard is exactly what ``gen_positions`` writes with its
arguments, so any shard can be made again on its own.

    cargo build --release -p cescacs-research --example gen_positions
    python examples/ray_positions.py --positions N --shards K --seed S --out DIR \\
        [--nodes 1000] [--binary target/release/examples/gen_positions] [--address ADDR]

Without ``--address`` a local Ray instance starts (``--num-cpus`` caps its CPUs). On a
cluster: ``ray start --head`` on one machine, ``ray start --address=HEAD:6379`` on the
others, then run this script with ``--address HEAD:6379``; ``--out`` must be a directory
every node can write and ``--binary`` a path to the generator on every node.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import time
from pathlib import Path
from typing import List, Optional, Tuple

import ray

ROOT = Path(__file__).resolve().parents[1]
# Where cargo builds: CARGO_TARGET_DIR (relative to the repository) or target/.
TARGET = ROOT / os.environ.get("CARGO_TARGET_DIR", "target")
RECORD = 64
HEADER = b"CESPOS1\0"


@ray.remote(num_cpus=1)
def make_shard(
    binary: str, k: int, positions: int, nodes: int, seed: int, out: str
) -> Tuple[str, int]:
    """Runs the generator for shard ``k`` on one thread; returns its path and positions."""
    path = os.path.join(out, f"part-{k:05d}.bin")
    args = [
        binary,
        "--positions",
        str(positions),
        "--nodes",
        str(nodes),
        "--seed",
        str(seed),
        "--threads",
        "1",
        "--out",
        path,
    ]
    subprocess.run(args, check=True, capture_output=True)
    return path, (os.path.getsize(path) - len(HEADER)) // RECORD


def shard_sizes(positions: int, shards: int) -> List[int]:
    """Positions per shard: sizes differing by at most one, adding up to ``positions``."""
    cuts = [k * positions // shards for k in range(shards + 1)]
    return [cuts[k + 1] - cuts[k] for k in range(shards)]


def main(argv: Optional[List[str]] = None) -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--positions", type=int, required=True)
    ap.add_argument("--shards", type=int, required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--nodes", type=int, default=1000)
    ap.add_argument("--out", required=True)
    ap.add_argument("--binary", default=str(TARGET / "release" / "examples" / "gen_positions"))
    ap.add_argument("--address", default=None)
    ap.add_argument("--num-cpus", type=int, default=None)
    args = ap.parse_args(argv)
    if args.positions < args.shards or args.shards < 1:
        ap.error("--positions must be at least --shards, and --shards at least 1")
    if not os.access(args.binary, os.X_OK):
        ap.error(
            f"{args.binary} is not an executable (cargo build --release -p cescacs-research --example gen_positions)"
        )
    os.makedirs(args.out, exist_ok=True)
    if args.address:
        ray.init(address=args.address)
    else:
        ray.init(num_cpus=args.num_cpus)
    started = time.perf_counter()
    sizes = shard_sizes(args.positions, args.shards)
    jobs = [
        make_shard.remote(args.binary, k, n, args.nodes, args.seed * 1000 + k, args.out)
        for k, n in enumerate(sizes)
    ]
    done = ray.get(jobs)
    seconds = time.perf_counter() - started
    total = sum(n for _, n in done)
    print(
        f"{total} positions in {len(done)} shards in {seconds:.1f} s: {total / seconds * 3600 / 1e6:.2f} M positions an hour"
    )


if __name__ == "__main__":
    main()
