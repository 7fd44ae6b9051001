#!/usr/bin/env bash
# The npm package's speed beside the native CLI (docs/WEB.md): perft 4 of the initial position
# on one thread, and `cescacs bench DEPTH`'s engine searches (the same positions, depth and
# table; the node counts must agree), then the .wasm's size and gzip size. Needs web/pkg
# (scripts/build-web.sh). Each side reports its own in-process time; the two run in turn,
# PAIRS times (native, then WebAssembly), and the figures are the medians and the median of
# the pairs' ratios (WebAssembly's speed over native's), with the load before and after.
#   scripts/bench-web.sh [DEPTH] [PAIRS]     (engine depth, default 5; pairs, default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
depth=${1:-5}
pairs=${2:-5}

cargo build --quiet --release -p cescacs-cli
cli=target/release/cescacs

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
seconds() { sed -n 's/.* in \([0-9.]*\) s .*/\1/p'; }
nps() { sed -n 's/^Nodes\/second *: *\([0-9]*\)$/\1/p'; }

echo "load: $(uptime)"
echo "== perft 4, one thread, in-process seconds ($pairs pairs) =="
perft=$(mktemp)
trap 'rm -f "$perft"' EXIT
for i in $(seq "$pairs"); do
    n=$("$cli" perft 4 --threads 1 2>&1 >/dev/null | seconds)
    w=$(node web/bench/bench.mjs perft 4 | seconds)
    echo "$n $w" | tee -a "$perft" | awk '{ printf "native %.3f s  wasm %.3f s  ratio %.2fx\n", $1, $2, $1 / $2 }'
done
awk '{ print $1 }' "$perft" | median | xargs printf "native median %.3f s\n"
awk '{ print $2 }' "$perft" | median | xargs printf "wasm median   %.3f s\n"
awk '{ print $1 / $2 }' "$perft" | median | xargs printf "perft ratio (median of pairs): %.2fx native\n"

echo "== engine: cescacs bench $depth, nodes/s ($pairs pairs) =="
: > "$perft"
for i in $(seq "$pairs"); do
    native=$("$cli" bench "$depth" 2>&1)
    n=$(echo "$native" | nps)
    w=$(echo "$native" | node web/bench/bench.mjs engine "$depth" | nps)
    echo "$n $w" | tee -a "$perft" | awk '{ printf "native %d  wasm %d  ratio %.2fx\n", $1, $2, $2 / $1 }'
done
awk '{ print $1 }' "$perft" | median | xargs printf "native median %.0f nodes/s\n"
awk '{ print $2 }' "$perft" | median | xargs printf "wasm median   %.0f nodes/s\n"
awk '{ print $2 / $1 }' "$perft" | median | xargs printf "nodes/s ratio (median of pairs): %.2fx native\n"
echo "load: $(uptime)"

echo "== size =="
wasm=web/pkg/cescacs_bg.wasm
echo "cescacs_bg.wasm: $(wc -c < "$wasm") bytes, gzip -9: $(gzip -9 -c "$wasm" | wc -c) bytes"
