#!/usr/bin/env bash
# CTL-PGN reading at scale through `cescacs pgn`, files generated here (none is committed):
#   1. a ~30 MB collection: the real games of tests/data/games, each copy under its own
#      Event tag, until 30 MB; every move of every game validated against the rules;
#   2. one game with a million nested variations (12 MB), read and written back (--write).
# Prints, for RUNS runs of each, the wall time and peak RSS (GNU time), the plies read per
# second, and the machine's load. Usage: scripts/bench-pgn.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
cargo build --release -q -p cescacs-cli
bin=target/release/cescacs
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT

python3 - "$dir" <<'PY'
import glob, sys
out = sys.argv[1]
games = [open(f, encoding="utf-8").read() for f in sorted(glob.glob("tests/data/games/*.ctl-pgn"))]
with open(f"{out}/many.ctl-pgn", "w", encoding="utf-8") as f:
    size = n = 0
    while size < 30_000_000:
        for g in games:
            t = f'[Event "copy {n}"]\n' + g.rstrip("\n") + "\n\n"
            f.write(t)
            size += len(t.encode())
            n += 1
d = 1_000_000
with open(f"{out}/nested.ctl-pgn", "w", encoding="utf-8") as f:
    f.write("1. H6-H12" + " (1. H6-H12" * d + ")" * d + "\n*\n")
PY

plies=$("$bin" pgn "$dir/many.ctl-pgn" 2>/dev/null | awk -F'— ' '{ split($2, a, " "); s += a[1] } END { print s }' || true)
games=$(grep -c '^\[Event "copy' "$dir/many.ctl-pgn")
echo "collection: $(du -m "$dir/many.ctl-pgn" | cut -f1) MB, $games games, $plies plies; load: $(cut -d' ' -f1-3 /proc/loadavg)"
for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %M" -o "$dir/time" "$bin" pgn "$dir/many.ctl-pgn" >/dev/null 2>&1 || true
    read -r secs kb < <(tail -n 1 "$dir/time")
    python3 -c "import sys; s, kb, p = float(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]); print(f'  {s:.2f} s, {p / s / 1e6:.2f} M plies/s, peak {kb / 1024:.1f} MB')" "$secs" "$kb" "$plies"
done
echo "nested: a million levels, read and written back; load: $(cut -d' ' -f1-3 /proc/loadavg)"
for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %M" -o "$dir/time" "$bin" pgn --write "$dir/nested.ctl-pgn" >"$dir/nested.out" 2>/dev/null
    read -r secs kb < <(tail -n 1 "$dir/time")
    echo "  $secs s, peak $((kb / 1024)) MB, $(wc -c <"$dir/nested.out") bytes written"
done
