#!/usr/bin/env bash
# GameBatch to Parquet and back in each moves encoding (CTL-AN strings, move indices,
# ranks), with the machine's load:
#   1. Python: write_parquet + read_parquet of self-play games in each encoding, several
#      runs (python/bench/bench_parquet.py; needs the venv of scripts/test-python.sh, or
#      PYTHON pointing at an interpreter with cescacs and pyarrow);
#   2. Rust alone: the research crate's encodings of the same games, one thread and all
#      cores (research/examples/encodings.rs): what reading move indices (a replay that
#      checks every move), ranks and CTL-AN costs without Arrow and Parquet.
# Usage: scripts/bench-parquet.sh [GAMES] [RUNS]   (default 10000 games, 3 runs)
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-10000}"
runs="${2:-3}"
py="${PYTHON:-.venv/bin/python}"
load() { cut -d' ' -f1-3 /proc/loadavg; }

echo "== 1. Python, $games games, $runs runs; load $(load)"
if [ -x "$py" ] || command -v "$py" >/dev/null; then
    "$py" python/bench/bench_parquet.py "$games" "$runs"
else
    echo "   skipped: run scripts/test-python.sh first (it makes .venv)"
fi

echo "== 2. Rust alone; load $(load)"
cargo build --release -q -p cescacs-research --example encodings
for threads in 1 0; do
    target/release/examples/encodings "$games" "$threads"
done
