#!/usr/bin/env python3
"""The ladder's table and SKILL_ELO from scripts/skill-ladder.sh's output.

Reads the output (a file or stdin) and prints, per pair, the higher level's
Elo over the lower one with its 95 % bar (fastchess's pentanomial line that
`cescacs match` prints), its wins, draws and losses, its share of the points
and the games lost on time; then `SKILL_ELO`: level 0 at 1000 and
each level the one below plus its measured step rounded, a step measured
below MIN_STEP counted as MIN_STEP (the ladder climbs, so `UCI_Elo` maps
onto levels in order and each level keeps an Elo of its own), and one
without a finite estimate (every game won) as CAP.

    scripts/skill-ladder.sh target/release/cescacs 20 60 0 2 | tee ladder.log
    scripts/ladder-elo.py ladder.log
"""

import math
import re
import sys

CAP = 800
MIN_STEP = 10


def parse(text):
    pairs = []
    for block in re.split(r"^== ", text, flags=re.M)[1:]:
        head = re.match(r"level (\d+) vs level (\d+)", block)
        score = re.search(
            r"A \+(\d+) =(\d+) -(\d+), points (\d+)-(\d+), A scores ([\d.]+) %", block
        )
        timeouts = re.search(r"; (\d+) lost on time", block)
        elo = re.search(r"^Elo: (-?[\d.]+|-?inf) \+/- ([\d.]+|inf|nan)", block, flags=re.M)
        if not (head and score and elo):
            continue
        pairs.append(
            {
                "level": int(head.group(1)),
                "wdl": tuple(int(score.group(i)) for i in (1, 2, 3)),
                "share": float(score.group(6)),
                "timeouts": int(timeouts.group(1)) if timeouts else 0,
                "elo": float(elo.group(1)),
                "bar": elo.group(2),
            }
        )
    return pairs


def main():
    text = open(sys.argv[1]).read() if len(sys.argv) > 1 else sys.stdin.read()
    pairs = parse(text)
    if not pairs:
        sys.exit("no finished pair in the input")
    print(
        "| level | Elo over the level below (95 %) | its wins, draws, losses | its points | games lost on time |"
    )
    print("| --- | --- | --- | --- | --- |")
    for p in pairs:
        w, d, l = p["wdl"]
        elo = (
            f"{p['elo']:+.0f} ± {float(p['bar']):.0f}"
            if math.isfinite(p["elo"])
            else f"{p['elo']:+}"
        )
        print(f"| {p['level']} | {elo} | +{w} ={d} −{l} | {p['share']:.1f} % | {p['timeouts']} |")
    steps = {p["level"]: max(-CAP, min(CAP, p["elo"])) for p in pairs}
    if sorted(steps) != list(range(1, 21)):
        print(f"levels measured: {sorted(steps)}; SKILL_ELO needs 1..20", file=sys.stderr)
        return
    ladder = [1000]
    for level in range(1, 21):
        ladder.append(ladder[-1] + max(MIN_STEP, round(steps[level])))
    print()
    print("SKILL_ELO = [" + ", ".join(str(x) for x in ladder) + "]")
    print(f"mean step {sum(steps.values()) / 20:.1f} Elo; level 20 at {ladder[-1]}")


if __name__ == "__main__":
    main()
