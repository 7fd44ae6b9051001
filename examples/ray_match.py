"""A match of engine settings spread over Ray: the opening pairs of
``cescacs match`` split into Ray tasks, each playing its pairs through
``cescacs.study`` on one CPU; the games, put back in pair order, are the
local runner's game for game (fixed depths: every game starts from cleared
tables), so

    python examples/ray_match.py --depth 2 --vs-depth 1 --pairs 10 --seed 5 --pgn A.pgn
    cescacs match --depth 2 --vs-depth 1 --pairs 10 --seed 5 --pgn B.pgn

write the same CTL-PGN, byte for byte. ``--parquet FILE`` writes the table
of results (one row per game: ``cescacs.study.MatchResult.table``) with
pyarrow. The summary is fastchess's (Elo with its 95 % error, LOS, the
pentanomial counts, and the SPRT with ``--sprt elo0=0,elo1=5``).

Without ``--address`` a local Ray instance starts (``--num-cpus`` caps its
CPUs, as ``ray.init(num_cpus=N)``). On a cluster: ``ray start --head`` on
one machine, ``ray start --address=HEAD:6379`` on the others, then run this
script with ``--address HEAD:6379`` (or ``auto`` on a cluster node); every
node needs ``pip install cescacs`` and ray; the files are written where the
script runs.
"""

from __future__ import annotations

import argparse
import time
from typing import Any, Dict, List, Optional, Tuple

import ray

from cescacs.study import GameRow, MatchResult, MatchSpec, combine, play


@ray.remote(num_cpus=1)
def play_pairs(spec: Dict[str, Any], first: int, n: int) -> List[Tuple[Any, ...]]:
    """Plays pairs ``first .. first + n`` of the match ``spec`` on one CPU;
    returns its games as plain tuples (``GameRow`` fields)."""
    from cescacs import study

    result = study.play(study.MatchSpec(**{**spec, "threads": 1}), first_pair=first, pairs=n)
    return [tuple(r) for r in result.rows]


def task_bounds(pairs: int, tasks: int) -> List[Tuple[int, int]]:
    """(first pair, count) of each task: contiguous, sizes differing by at
    most one, no empty task."""
    tasks = max(1, min(tasks, pairs))
    cuts = [k * pairs // tasks for k in range(tasks + 1)]
    return [(cuts[k], cuts[k + 1] - cuts[k]) for k in range(tasks) if cuts[k + 1] > cuts[k]]


def parse_args(argv: Optional[List[str]]) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--depth", type=int, default=3, help="A's search depth")
    p.add_argument(
        "--vs-depth", type=int, default=None, help="B's search depth (default: A's minus one)"
    )
    p.add_argument("--eval", default="default", help="A's evaluation")
    p.add_argument("--vs-eval", default="default", help="B's evaluation")
    p.add_argument("--pairs", type=int, default=100, help="openings, each played twice")
    p.add_argument("--seed", type=int, default=0, help="seed of the random openings")
    p.add_argument(
        "--max-plies", type=int, default=300, help="a game still going after this many plies is 1-1"
    )
    p.add_argument("--hash", type=int, default=8, help="transposition table per engine, MiB")
    p.add_argument("--no-castling", action="store_true")
    p.add_argument("--abstain", default=None, help="gaits A never plays: leaps, castling or both")
    p.add_argument(
        "--sprt", default=None, help="elo0=E0,elo1=E1[,alpha=A,beta=B]: print the SPRT's verdict"
    )
    p.add_argument("--tasks", type=int, default=None, help="Ray tasks (default: one a pair)")
    p.add_argument("--pgn", default=None, help="write every game as CTL-PGN to FILE")
    p.add_argument("--parquet", default=None, help="write the table of results to FILE (pyarrow)")
    p.add_argument(
        "--address", default=None, help="a running Ray cluster (default: start a local instance)"
    )
    p.add_argument(
        "--num-cpus", type=int, default=None, help="CPUs of the local instance (default: all)"
    )
    args = p.parse_args(argv)
    if args.pairs < 0 or (args.tasks is not None and args.tasks < 1):
        p.error("--pairs must be >= 0 and --tasks >= 1")
    return args


def main(argv: Optional[List[str]] = None) -> None:
    args = parse_args(argv)
    spec = MatchSpec(
        depth=args.depth,
        vs_depth=args.vs_depth,
        eval=args.eval,
        vs_eval=args.vs_eval,
        pairs=args.pairs,
        seed=args.seed,
        max_plies=args.max_plies,
        threads=1,
        hash_mb=args.hash,
        no_castling=args.no_castling,
        abstain=args.abstain,
        sprt=args.sprt,
    )
    # Bad settings (ValueError) fail here, before Ray starts: no pair played.
    play(spec, pairs=0)
    if args.address:
        ray.init(address=args.address)
    else:
        ray.init(num_cpus=args.num_cpus, include_dashboard=False)
    cpus = int(ray.cluster_resources().get("CPU", 0))
    t = time.perf_counter()
    fields = {k: getattr(spec, k) for k in spec.__dataclass_fields__}
    bounds = task_bounds(args.pairs, args.tasks or args.pairs)
    parts = ray.get([play_pairs.remote(fields, first, n) for first, n in bounds])
    seconds = time.perf_counter() - t
    ray.shutdown()
    result = (
        combine([MatchResult(spec, [GameRow(*r) for r in rows]) for rows in parts])
        if parts
        else MatchResult(spec, [])
    )
    if args.pgn:
        with open(args.pgn, "w", encoding="utf-8", newline="\n") as f:
            f.write(result.pgn())
    if args.parquet:
        import pyarrow.parquet as pq

        pq.write_table(result.to_arrow(), args.parquet)
    s = result.summary()
    a, b = s["points"]
    print(
        f"{len(result)} games in {len(bounds)} Ray tasks on {cpus} CPUs, {seconds:.1f} s; points {a}-{b}"
    )
    for line in s["lines"]:
        print(line)


if __name__ == "__main__":
    main()
