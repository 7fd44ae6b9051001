#!/usr/bin/env python3
"""Shares of the points in `cescacs match --pgn` records (docs/BALANCE.md).

    scripts/balance-shares.py [--pairs N] [--plot DIR] FILE...

For each file, over its first N complete opening pairs (all by default): A's
wins, draws, losses and points; A's mean share of a game's points, and White's, each with its 95 % error bar computed two
ways: over games (as `cescacs match` prints it) and over opening pairs (a
pair's two games share an opening, so they are not independent; the pair
error bar is the one to quote). Then White's share over all the files'
pairs together: in a match every opening is played with both colours, so
A's and B's strengths cancel from it, and it measures the first move's
advantage. A is the side whose name (the White or Black tag) is the match's
`--engine`/`--eval` A; records name A first in Round "pair.1".

With --plot DIR (matplotlib), one PNG a file (DIR/STEM.png, the file's name
without its extension) and DIR/first-move.png over all of them: the share as
the pairs come in, with its 95 % band over the pairs so far, and how many
pairs gave each share of their two games' points (the pentanomial counts,
finer here because a game's share can be 1/3 or 2/3).

Points are the rules' tournament points (RULES.md §6): a share is the
winner's points over the game's total (3-0: 1, 2-1: 2/3, 1-1: 1/2).
Standard library only.
"""

import math
import os
import re
import sys

RECORD = re.compile(
    r'\[Round "(\d+)\.([12])"\]\s*\[White "[^"]*"\]\s*\[Black "[^"]*"\]\s*\[Result "(\d+)-(\d+)"\]'
)


def pairs_of(path, limit):
    """[(A's share in game 1, in game 2, White's in game 1, in game 2)] over
    the first complete pairs, in pair order (game 1: A is White), and A's and
    B's points in those games."""
    games = {}
    with open(path, encoding="utf-8") as f:
        for pair, game, w, b in RECORD.findall(f.read()):
            games[(int(pair), int(game))] = (int(w), int(b))
    out = []
    points = [0, 0]
    p = 1
    while (p, 1) in games and (p, 2) in games and (limit is None or len(out) < limit):
        (w1, b1), (w2, b2) = games[(p, 1)], games[(p, 2)]
        s1, s2 = w1 / (w1 + b1), w2 / (w2 + b2)
        out.append((s1, 1 - s2, s1, s2))
        points[0] += w1 + b2
        points[1] += b1 + w2
        p += 1
    return out, points


def mean_ci(xs):
    m = sum(xs) / len(xs)
    var = sum((x - m) ** 2 for x in xs) / (len(xs) - 1)
    return m, 1.96 * math.sqrt(var / len(xs))


def elo(share):
    return -400 * math.log10(1 / share - 1)


def running(xs):
    """(mean, 95 % half-width) of xs[:n] for n = 2, 3, ...: how a share settles
    as the pairs come in."""
    return [mean_ci(xs[:n]) for n in range(2, len(xs) + 1)]


def plot(png, pair_shares, who, title):
    """Draws one question: `who`'s running share over the pairs with its band,
    and the count of pairs at each share of their points."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    run = running(pair_shares)
    xs = range(2, len(pair_shares) + 1)
    means = [100 * m for m, _ in run]
    left.plot(xs, means, label=f"{who}'s share")
    left.fill_between(
        xs,
        [100 * (m - e) for m, e in run],
        [100 * (m + e) for m, e in run],
        alpha=0.3,
        label="95 % (pairs)",
    )
    left.axhline(50, color="grey", linewidth=0.8)
    left.set_ylim(0, 100)
    left.xaxis.get_major_locator().set_params(integer=True)
    left.set_xlabel("opening pairs")
    left.set_ylabel(f"{who}'s share of the points (%)")
    left.legend()
    counts = {}
    for x in pair_shares:
        k = round(12 * x)
        counts[k] = counts.get(k, 0) + 1
    keys = sorted(counts)
    right.bar([k / 12 * 100 for k in keys], [counts[k] for k in keys], width=3)
    right.set_xlabel(f"{who}'s share of a pair's points (%)")
    right.set_ylabel("opening pairs")
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(png, dpi=100)
    plt.close(fig)


def main(argv):
    limit = None
    plot_dir = None
    while argv[:1] in (["--pairs"], ["--plot"]) and len(argv) > 1:
        if argv[0] == "--pairs":
            limit = int(argv[1])
        else:
            plot_dir = argv[1]
        argv = argv[2:]
    if not argv:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    all_white = []
    for path in argv:
        ps, points = pairs_of(path, limit)
        if len(ps) < 2:
            print(f"{path}: fewer than 2 complete pairs", file=sys.stderr)
            return 1
        a_games = [s for p in ps for s in p[:2]]
        a_pairs = [(p[0] + p[1]) / 2 for p in ps]
        w_games = [s for p in ps for s in p[2:]]
        w_pairs = [(p[2] + p[3]) / 2 for p in ps]
        all_white += w_pairs
        won = sum(1 for s in a_games if s > 0.5)
        lost = sum(1 for s in a_games if s < 0.5)
        (ma, ea), (_, eap) = mean_ci(a_games), mean_ci(a_pairs)
        (mw, ew), (_, ewp) = mean_ci(w_games), mean_ci(w_pairs)
        lo, hi = max(ma - eap, 1e-9), min(ma + eap, 1 - 1e-9)
        print(
            f"{path}: {len(ps)} pairs, {len(a_games)} games, A +{won} ={len(a_games) - won - lost} -{lost}, "
            f"points {points[0]}-{points[1]} ({100 * points[0] / sum(points):.1f} % of the points)"
        )
        print(
            f"  A's share {100 * ma:.1f} % +/- {100 * ea:.1f} % (games), +/- {100 * eap:.1f} % (pairs); "
            f"Elo {elo(ma):+.1f} [{elo(lo):+.1f}, {elo(hi):+.1f}]"
        )
        print(
            f"  White's share {100 * mw:.1f} % +/- {100 * ew:.1f} % (games), +/- {100 * ewp:.1f} % (pairs)"
        )
        if plot_dir is not None:
            stem = os.path.splitext(os.path.basename(path))[0]
            title = f"{stem}: A's share {100 * ma:.1f} % ± {100 * eap:.1f} % over {len(ps)} pairs"
            plot(os.path.join(plot_dir, f"{stem}.png"), a_pairs, "A", title)
    if len(argv) > 1:
        mw, ewp = mean_ci(all_white)
        print(
            f"all files: {len(all_white)} pairs, White's share {100 * mw:.1f} % +/- {100 * ewp:.1f} % (pairs)"
        )
    if plot_dir is not None:
        mw, ewp = mean_ci(all_white)
        title = f"first move: White's share {100 * mw:.1f} % ± {100 * ewp:.1f} % over {len(all_white)} pairs"
        plot(os.path.join(plot_dir, "first-move.png"), all_white, "White", title)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BrokenPipeError:
        # A reader that stops early (`| head`) is no error.
        sys.stderr.close()
        sys.exit(0)
