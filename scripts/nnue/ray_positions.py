"""Training positions for the engine's network beyond one machine, with Ray: K Ray tasks
each run the engine's self-play generator (``research/src/bin/gen_positions.rs``) for one
shard, ``--positions N`` split over the shards, shard k with seed ``S * 1000 + k`` on one
CPU, written to ``DIR/part-00000.bin``, ``DIR/part-00001.bin``, … (the positions files of
docs/NNUE.md). A shard is exactly what ``gen_positions`` writes with its arguments, so any
shard can be made again on its own; each is read back whole with ``cescacs.positions``
before it counts. Then ``dedup_positions`` (``research/src/bin/dedup_positions.rs``) writes
``DIR/positions.bin``: the first record of each position over the shards in order, the
file ``cescacs-train --data`` reads.

    cargo build --release -p cescacs-research --bin gen_positions --bin dedup_positions
    python scripts/nnue/ray_positions.py --positions N --shards K --seed S --out DIR \\
        [--nodes 1000] [--opening-plies P] [--eval-file NET] [--address ADDR] [--no-dedup]

**Resumable.** A shard is written under ``part-k.bin.tmp`` and renamed when whole, and a
run skips every shard already in ``DIR`` that reads back whole with its size: run the same
command again after a stop (or a lost node) and only the missing shards are made. The
shards' seeds and sizes depend on the arguments alone, so the result is the same file.

**Progress.** A line as each shard finishes: shards and positions done, the rate, and the
time left at that rate.

Without ``--address`` a local Ray instance starts (``--num-cpus`` caps its CPUs). On a
cluster: ``ray start --head`` on one machine, ``ray start --address=HEAD:6379`` on the
others, then run this script with ``--address HEAD:6379``; ``--out`` must be a directory
every node can write and ``--binary`` a path to the generator on every node.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import List, Optional, Tuple

import ray

ROOT = Path(__file__).resolve().parents[2]
# Where cargo builds: CARGO_TARGET_DIR (relative to the repository) or target/.
TARGET = ROOT / os.environ.get("CARGO_TARGET_DIR", "target")


def shard_path(out: str, k: int) -> str:
    """Where shard ``k`` lives."""
    return os.path.join(out, f"part-{k:05d}.bin")


def shard_records(path: str) -> Optional[int]:
    """The records of the shard at ``path``, or ``None`` if it is missing or does not
    read back whole (a truncated or damaged file is made again)."""
    from cescacs.positions import PositionsFileError, read_batch

    if not os.path.exists(path):
        return None
    try:
        return len(read_batch(path)["score"])
    except PositionsFileError:
        return None


@ray.remote(num_cpus=1)
def make_shard(
    binary: str, k: int, positions: int, seed: int, out: str, extra: List[str]
) -> Tuple[int, str, int]:
    """Runs the generator for shard ``k`` on one thread into a temporary file, checks it
    reads back whole with ``positions`` records, renames it; returns ``k``, its path and
    its records. A generator failure raises with its stderr."""
    path = shard_path(out, k)
    tmp = path + ".tmp"
    args = [binary, "--positions", str(positions), "--seed", str(seed), "--threads", "1"]
    run = subprocess.run([*args, *extra, "--out", tmp], capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise RuntimeError(f"shard {k}: {' '.join(args)}: {run.stderr.strip()}")
    got = shard_records(tmp)
    if got != positions:
        raise RuntimeError(f"shard {k}: {tmp} holds {got} records, not {positions}")
    os.replace(tmp, path)
    return k, path, positions


def shard_sizes(positions: int, shards: int) -> List[int]:
    """Positions per shard: sizes differing by at most one, adding up to ``positions``."""
    cuts = [k * positions // shards for k in range(shards + 1)]
    return [cuts[k + 1] - cuts[k] for k in range(shards)]


def duration(seconds: float) -> str:
    """``1h02m03s``, ``2m03s`` or ``3s``."""
    s = int(round(seconds))
    h, m = s // 3600, s // 60 % 60
    if h:
        return f"{h}h{m:02d}m{s % 60:02d}s"
    return f"{m}m{s % 60:02d}s" if m else f"{s}s"


def main(argv: Optional[List[str]] = None) -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--positions", type=int, required=True)
    ap.add_argument("--shards", type=int, required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--nodes", type=int, default=1000)
    ap.add_argument("--opening-plies", type=int, default=None)
    ap.add_argument("--eval-file", default=None, help="a network that plays and labels")
    ap.add_argument("--out", required=True)
    ap.add_argument("--binary", default=str(TARGET / "release" / "gen_positions"))
    ap.add_argument("--dedup-binary", default=str(TARGET / "release" / "dedup_positions"))
    ap.add_argument("--no-dedup", action="store_true", help="leave the shards as they are")
    ap.add_argument("--address", default=None)
    ap.add_argument("--num-cpus", type=int, default=None)
    args = ap.parse_args(argv)
    if args.positions < args.shards or args.shards < 1:
        ap.error("--positions must be at least --shards, and --shards at least 1")
    build = "cargo build --release -p cescacs-research --bin gen_positions --bin dedup_positions"
    binaries = [args.binary] + ([] if args.no_dedup else [args.dedup_binary])
    for binary in binaries:
        if not os.access(binary, os.X_OK):
            ap.error(f"{binary} is not an executable ({build})")
    extra = ["--nodes", str(args.nodes)]
    if args.opening_plies is not None:
        extra += ["--opening-plies", str(args.opening_plies)]
    if args.eval_file is not None:
        extra += ["--eval-file", os.path.abspath(args.eval_file)]
    os.makedirs(args.out, exist_ok=True)

    sizes = shard_sizes(args.positions, args.shards)
    todo = [k for k, n in enumerate(sizes) if shard_records(shard_path(args.out, k)) != n]
    kept = len(sizes) - len(todo)
    if kept:
        print(f"{kept} of {len(sizes)} shards already whole in {args.out}: kept", flush=True)
    started = time.perf_counter()
    made = 0
    if todo:
        if args.address:
            ray.init(address=args.address)
        else:
            ray.init(num_cpus=args.num_cpus)
        pending = [
            make_shard.remote(args.binary, k, sizes[k], args.seed * 1000 + k, args.out, extra)
            for k in todo
        ]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            k, _, n = ray.get(ready[0])
            made += n
            seconds = time.perf_counter() - started
            rate = made / seconds
            left = sum(sizes[j] for j in todo) - made
            print(
                f"shard {k} done: {len(todo) - len(pending)}/{len(todo)} shards, "
                f"{made} positions in {duration(seconds)} "
                f"({rate * 3600 / 1e6:.2f} M an hour), about {duration(left / rate)} left",
                flush=True,
            )
    seconds = time.perf_counter() - started
    total = sum(sizes)
    rate = f": {made / seconds * 3600 / 1e6:.2f} M positions an hour" if made else ""
    print(f"{total} positions in {len(sizes)} shards in {seconds:.1f} s{rate}", flush=True)
    if not args.no_dedup:
        shards = [shard_path(args.out, k) for k in range(len(sizes))]
        target = os.path.join(args.out, "positions.bin")
        run = subprocess.run([args.dedup_binary, "--out", target, *shards], check=False)
        if run.returncode != 0:
            sys.exit(run.returncode)


if __name__ == "__main__":
    main()
