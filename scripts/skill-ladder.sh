#!/usr/bin/env bash
# Measures every strength level against the next (docs/ENGINE.md "Levels"):
# `cescacs match` between `Skill Level L+1` (A) and `Skill Level L` (B),
# for L = FROM..19, GAMES games a pair, CONCURRENCY games at a time (one
# search thread a side: at most one per core). Level 20 searches MS
# milliseconds a move; levels 0-19 are node budgets and get 2 s a move, so
# their budget, never the machine's load, ends their search. --timemargin
# is MARGIN ms (2000).
# Both sides evaluate with the network (the default); USE_NNUE=false plays
# them with the hand-written terms.
# Games go to LADDER_DIR (target/ladder). scripts/ladder-elo.py reads the
# output and derives SKILL_ELO.
# Usage: scripts/skill-ladder.sh [BINARY] [MS] [GAMES] [FROM] [CONCURRENCY]
set -euo pipefail
bin=${1:-target/release/cescacs}
ms=${2:-50}
games=${3:-40}
from=${4:-0}
concurrency=${5:-1}
nnue=${USE_NNUE:-true}
out=${LADDER_DIR:-target/ladder}
mkdir -p "$out"
for ((low = from; low < 20; low++)); do
    high=$((low + 1))
    echo "== level $high vs level $low (load: $(cut -d' ' -f1-3 /proc/loadavg))"
    st=2
    if ((high == 20)); then st=$(printf '%d.%03d' $((ms / 1000)) $((ms % 1000))); fi
    "$bin" match \
        --engine "cmd='$bin uci' name=L$high st=$st 'option.Skill Level=$high' 'option.Use NNUE=$nnue'" \
        --engine "cmd='$bin uci' name=L$low st=2 'option.Skill Level=$low' 'option.Use NNUE=$nnue'" \
        --timemargin "${MARGIN:-2000}" --games "$games" --concurrency "$concurrency" --seed 33 --pgn "$out/L$high-L$low.ctl-pgn"
done
