#!/usr/bin/env bash
# How well can two threads scale on this machine, and how well does perft?
#
#   scripts/thread-ceiling.sh [DEPTH] [ROUNDS]     (default: perft 5, 3 rounds)
#
# Each round times, one after another:
#   alone  `cescacs perft DEPTH --threads 1`;
#   pair   two such processes at once (nothing shared but the machine);
#   t2     `cescacs perft DEPTH --threads 2`.
# It prints perft's scaling (alone / t2) beside the machine's ceiling for a
# job split in two with no overhead at all (2 × alone / the slower of the
# pair): on a VM whose cores slow down when both are busy, no program scales
# past the ceiling. Run it on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
depth=${1:-5}
rounds=${2:-3}
cargo build --release -q -p cescacs-cli
bin=target/release/cescacs

# Wall seconds of one perft run with the given thread count.
run() {
    local start end
    start=$(date +%s.%N)
    "$bin" perft "$depth" --threads "$1" >/dev/null 2>&1
    end=$(date +%s.%N)
    awk -v s="$start" -v e="$end" 'BEGIN { print e - s }' 
}

printf '%-6s %8s %8s %8s %8s %9s %9s\n' round alone pair-a pair-b t2 scaling ceiling
for r in $(seq "$rounds"); do
    alone=$(run 1)
    tmp=$(mktemp)
    run 1 >"$tmp" &
    b=$(run 1)
    wait
    a=$(cat "$tmp")
    rm -f "$tmp"
    t2=$(run 2)
    awk -v r="$r" -v alone="$alone" -v a="$a" -v b="$b" -v t2="$t2" 'BEGIN {
        slower = a > b ? a : b
        printf "%-6s %8.2f %8.2f %8.2f %8.2f %8.2fx %8.2fx\n", r, alone, a, b, t2, alone / t2, 2 * alone / slower
    }'
done
