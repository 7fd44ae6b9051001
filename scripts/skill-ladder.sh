#!/usr/bin/env bash
# Measures every strength level against the next (docs/ENGINE.md "Levels"):
# `cescacs match` between `Skill Level L+1` (A) and `Skill Level L` (B),
# for L = FROM..19, at --movetime MS, GAMES games a pair, CONCURRENCY games
# at a time (one search thread a side: at most one per core).
# --timemargin is MARGIN ms (2000): on a loaded machine a capped level may
# overrun 20 ms at depth 1, and a loss on time would measure the load.
# Both sides evaluate with the hand-written terms, as the ladder in
# docs/ENGINE.md was measured; USE_NNUE=true plays them with the network.
# Games go to LADDER_DIR (target/ladder). scripts/ladder-elo.py reads the
# output and derives SKILL_ELO.
# Usage: scripts/skill-ladder.sh [BINARY] [MS] [GAMES] [FROM] [CONCURRENCY]
set -euo pipefail
bin=${1:-target/release/cescacs}
ms=${2:-20}
games=${3:-40}
from=${4:-0}
concurrency=${5:-1}
nnue=${USE_NNUE:-false}
out=${LADDER_DIR:-target/ladder}
mkdir -p "$out"
for ((low = from; low < 20; low++)); do
    high=$((low + 1))
    echo "== level $high vs level $low (load: $(cut -d' ' -f1-3 /proc/loadavg))"
    "$bin" match \
        --engine "cmd='$bin uci' name=L$high 'option.Skill Level=$high' 'option.Use NNUE=$nnue'" \
        --engine "cmd='$bin uci' name=L$low 'option.Skill Level=$low' 'option.Use NNUE=$nnue'" \
        --movetime "$ms" --timemargin "${MARGIN:-2000}" --games "$games" --concurrency "$concurrency" --seed 33 --pgn "$out/L$high-L$low.ctl-pgn"
done
