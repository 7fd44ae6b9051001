#!/usr/bin/env bash
# The npm package's speed beside the native CLI (docs/WEB.md): perft 4 of the initial position
# on one thread, and `cescacs bench DEPTH`'s engine searches (the same positions, depth and
# table; the node counts must agree), then the .wasm's size and gzip size. Needs web/pkg
# (scripts/build-web.sh). Each side reports its own in-process time.
#   scripts/bench-web.sh [DEPTH]     (engine depth, default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
depth=${1:-5}

cargo build --quiet --release -p cescacs-cli
cli=target/release/cescacs
uptime
echo "== perft 4, one thread =="
echo "native: $("$cli" perft 4 --threads 1 2>&1 | tail -n 1)"
echo "wasm:   $(node web/bench/bench.mjs perft 4)"
echo "== engine: cescacs bench $depth =="
native=$("$cli" bench "$depth" 2>&1)
echo "native: $(echo "$native" | grep 'Nodes/second')"
echo "wasm:   $(echo "$native" | node web/bench/bench.mjs engine "$depth" | grep 'Nodes/second')"
echo "== size =="
wasm=web/pkg/cescacs_bg.wasm
echo "cescacs_bg.wasm: $(wc -c < "$wasm") bytes, gzip -9: $(gzip -9 -c "$wasm" | wc -c) bytes"
