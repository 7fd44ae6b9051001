#!/usr/bin/env bash
# Measures every strength level against the next (docs/ENGINE.md "Levels"):
# `cescacs match` between `Skill Level L+1` (A) and `Skill Level L` (B),
# for L = FROM..19, at --movetime MS, GAMES games a pair, one game at a time.
# --timemargin is MARGIN ms (2000): on a loaded machine a capped level may
# overrun 20 ms at depth 1, and a loss on time would measure the load.
# Usage: scripts/skill-ladder.sh [BINARY] [MS] [GAMES] [FROM]
set -euo pipefail
bin=${1:-target/release/cescacs}
ms=${2:-20}
games=${3:-40}
from=${4:-0}
for ((low = from; low < 20; low++)); do
    high=$((low + 1))
    echo "== level $high vs level $low (load: $(cut -d' ' -f1-3 /proc/loadavg))"
    "$bin" match \
        --engine "cmd='$bin uci' name=L$high 'option.Skill Level=$high'" \
        --engine "cmd='$bin uci' name=L$low 'option.Skill Level=$low'" \
        --movetime "$ms" --timemargin "${MARGIN:-2000}" --games "$games" --concurrency 1 --seed 33
done
