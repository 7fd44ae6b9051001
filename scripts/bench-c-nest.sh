#!/usr/bin/env bash
# Walks a record nested DEPTH levels deep from its main line to the innermost
# variation through the C API (ffi-c/benches/nest_walk.c), on a 1 MiB stack:
#   lines  one line handle a level (cescacs_line_variation): time linear in the depth;
#   games  one game a level (cescacs_game_variation, which copies the variation's own moves
#          and shares the nest below it): time linear in the depth.
# Prints, for each mode and depth, the median of RUNS runs of the read and walk times,
# and the peak RSS of the process (read and walk), with the load (uptime) before each mode.
# Usage: scripts/bench-c-nest.sh [RUNS] [LINE_DEPTHS] [GAME_DEPTHS]
#   e.g. scripts/bench-c-nest.sh 5 "100000 1000000" "10000 20000"
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
line_depths="${2:-100000 1000000}"
game_depths="${3:-5000 10000 20000}"

cargo build --release -q -p cescacs-ffi
target_dir="$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# The shared library under its SONAME, as scripts/test-c.sh links it.
cp "$target_dir/release/libcescacs.so" "$out/libcescacs.so.0"
ln -sfn libcescacs.so.0 "$out/libcescacs.so"
cc -std=c11 -Wall -Wextra -Werror -pedantic -O2 -Iinclude ffi-c/benches/nest_walk.c -L"$out" -lcescacs -o "$out/nest_walk"

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

bench() {
    local mode="$1" depth="$2" reads="" walks="" rss=""
    for _ in $(seq "$runs"); do
        (ulimit -s 1024 && LD_LIBRARY_PATH="$out" /usr/bin/time -v "$out/nest_walk" "$mode" "$depth") \
            >"$out/log" 2>"$out/time"
        reads+="$(sed -n 's/.*read \([0-9.]*\) s.*/\1/p' "$out/log")"$'\n'
        walks+="$(sed -n 's/.*walk \([0-9.]*\) s.*/\1/p' "$out/log")"$'\n'
        rss+="$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$out/time")"$'\n'
    done
    printf '%-5s depth %8d: read %7.3f s, walk %8.3f s, peak RSS %7.1f MiB (medians of %d)\n' "$mode" "$depth" \
        "$(printf '%s' "$reads" | median)" "$(printf '%s' "$walks" | median)" \
        "$(printf '%s' "$rss" | median | awk '{ print $1 / 1024 }')" "$runs"
}

echo "load: $(uptime)"
for d in $line_depths; do bench lines "$d"; done
echo "load: $(uptime)"
for d in $game_depths; do bench games "$d"; done
