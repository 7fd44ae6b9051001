"""Random self-play beyond one machine, with Ray: K Ray tasks each make one
shard of ``cescacs.selfplay(N, seed=S, max_plies=M)`` (the shard of task k
starts at game ``k * N // K`` of the seed's stream, ``first=``) and write it
to ``DIR/part-00000.parquet``, ``DIR/part-00001.parquet``, …; the shards read
in name order hold exactly the games of ``selfplay(N, seed=S, max_plies=M)``.

    python examples/ray_selfplay.py --games N --shards K --seed S --max-plies M --out DIR [--address ADDR]

Without ``--address`` a local Ray instance starts (``--num-cpus`` caps its
CPUs). On a cluster: ``ray start --head`` on one machine, ``ray start
--address=HEAD:6379`` on the others, then run this script anywhere with
``--address HEAD:6379`` (or ``auto`` on a cluster node); ``--out`` must be a
directory every node can write (a shared file system), and every node needs
``pip install "cescacs[arrow]"`` and ray.

``--samples`` then reads the shards back with ``ray.data.read_parquet(DIR)``
and turns each block into training samples with ``map_batches`` (planes,
move played, mover's value), printing how many it made.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any, Dict, List, Optional, Tuple

import ray


@ray.remote(num_cpus=1)
def make_shard(k: int, first: int, n: int, seed: int, max_plies: int, out: str) -> Tuple[str, int]:
    """Plays games ``first .. first + n`` of the seed's stream on one CPU and
    writes them as shard ``k``; returns the path and the number of plies."""
    import cescacs

    batch = cescacs.selfplay(n, seed=seed, max_plies=max_plies, first=first, threads=1)
    path = os.path.join(out, f"part-{k:05d}.parquet")
    # Ranks: the smallest shards (about a byte a ply) for a cluster's shared disk.
    batch.write_parquet(path, moves="rank")
    return path, len(batch.moves)


def shard_bounds(games: int, shards: int) -> List[Tuple[int, int]]:
    """(first, count) of each shard: contiguous, sizes differing by at most one."""
    cuts = [k * games // shards for k in range(shards + 1)]
    return [(cuts[k], cuts[k + 1] - cuts[k]) for k in range(shards)]


def to_samples(table: Any) -> Dict[str, Any]:
    """A ``map_batches`` function: a block of Parquet rows (a pyarrow table)
    to training samples."""
    import cescacs

    s = cescacs.GameBatch.from_arrow(table).samples(planes=True, legal=False, threads=1)
    return {"planes": s["planes"], "played": s["played"], "value": s["value"]}


def main(argv: Optional[List[str]] = None) -> None:
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--shards", type=int, required=True)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--max-plies", type=int, default=300)
    p.add_argument("--out", required=True)
    p.add_argument(
        "--address", default=None, help="a running Ray cluster (default: start a local instance)"
    )
    p.add_argument(
        "--num-cpus", type=int, default=None, help="CPUs of the local instance (default: all)"
    )
    p.add_argument(
        "--samples",
        action="store_true",
        help="then read the shards with ray.data and make training samples",
    )
    args = p.parse_args(argv)
    if args.games < 0 or args.shards < 1:
        p.error("--games must be >= 0 and --shards >= 1")
    if args.address:
        ray.init(address=args.address)
    else:
        ray.init(num_cpus=args.num_cpus, include_dashboard=False)
    os.makedirs(args.out, exist_ok=True)
    t = time.perf_counter()
    tasks = [
        make_shard.remote(k, first, n, args.seed, args.max_plies, args.out)
        for k, (first, n) in enumerate(shard_bounds(args.games, args.shards))
    ]
    done = ray.get(tasks)
    seconds = time.perf_counter() - t
    plies = sum(n for _, n in done)
    cpus = int(ray.cluster_resources().get("CPU", 0))
    print(
        f"{args.games} games, {plies} plies in {len(done)} shards, {seconds:.2f} s, {plies / seconds:,.0f} plies/s on {cpus} CPUs"
    )
    if args.samples:
        ds = ray.data.read_parquet(args.out).map_batches(to_samples, batch_format="pyarrow")
        count = ds.count()
        print(f"ray.data: {count} training samples")
    ray.shutdown()


if __name__ == "__main__":
    main()
