#!/usr/bin/env bash
# CTL-PGN reading at scale, every side in one run, with the machine's load:
#   1. the core's streaming reader (pgn::Reader, every move checked) on a 30 MB
#      collection of C'escacs games, beside pgn-reader + shakmaty (every SAN resolved
#      and played) on a 30 MB file of orthodox games and `cescacs pgn` on the same
#      collection, in one process: cargo bench --bench vs_pgn_reader -- 30 --cli BIN,
#      then each reader alone under GNU time for its peak RSS;
#   2. `cescacs pgn` on the same 30 MB collection (one summary line per game) beside the
#      core reader alone (core/examples/read_pgn.rs), whole processes in turn;
#   3. Python: cescacs.pgn.read_games, the streaming read_game loop and python-chess's
#      read_game loop on the first 5 MB of both files (python/bench/bench_pgn.py; needs
#      the venv of scripts/test-python.sh, python-chess is installed into it here);
#   4. one game of a million nested variations (12 MB) read and written back by
#      `cescacs pgn --write`;
#   5. Python: 100,000 nested variations read and written back, beside python-chess.
# The files are generated (none is committed) into $TMPDIR/cescacs-pgn-bench.
# Usage: scripts/bench-pgn.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
dir="${TMPDIR:-/tmp}/cescacs-pgn-bench"
mkdir -p "$dir"
load() { cut -d' ' -f1-3 /proc/loadavg; }
peak() { # peak RSS (MB) and seconds of a command, its output thrown away
    /usr/bin/time -f "%M %e" -o "$dir/time" "$@" >/dev/null 2>&1 || true
    read -r kb secs <"$dir/time"
    echo "$((kb / 1024)) MB peak, $secs s"
}

echo "== 1. core reader and cescacs pgn beside pgn-reader + shakmaty (best of 3 in one process); load $(load)"
cargo build --release -q -p cescacs-cli
cargo bench -q -p cescacs --bench vs_pgn_reader -- 30 --cli "$PWD/target/release/cescacs" 2>/dev/null | grep -v '^$'
bench=$(ls -t target/release/deps/vs_pgn_reader-* | grep -v '\.d$' | head -n 1)
echo "   peak RSS, each side alone: cescacs $(peak "$bench" 30 cescacs); pgn-reader $(peak "$bench" 30 orthodox)"

echo "== 2. cescacs pgn beside the core reader alone, whole processes in turn, on the same collection; load $(load)"
cargo build --release -q -p cescacs --example read_pgn
bin=target/release/cescacs
reader=target/release/examples/read_pgn
ctl="$dir/cescacs-30.ctl-pgn"
plies=$("$bin" pgn "$ctl" 2>/dev/null | awk -F'— ' '{ split($2, a, " "); s += a[1] } END { print s }' || true)
echo "   $(du -m "$ctl" | cut -f1) MB, $(grep -c '^\[Event "copy' "$ctl") games, $plies plies"
timed() { # CPU seconds (user + system), wall seconds and peak RSS (kB) of a command, its output to a pipe
    /usr/bin/time -f "%U %S %e %M" -o "$dir/time" sh -c '"$@" | cat >/dev/null' sh "$@" 2>/dev/null || true
    tail -n 1 "$dir/time"
}
for _ in $(seq "$runs"); do
    read -r pu ps pe pm < <(timed "$bin" pgn "$ctl")
    read -r ru rs re rm < <(timed "$reader" "$ctl")
    python3 -c "import sys; pc, pe, rc, re, p = float(sys.argv[1]) + float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]) + float(sys.argv[5]), float(sys.argv[6]), int(sys.argv[7]); print(f'   cescacs pgn {pc:.2f} s CPU ({pe:.2f} s wall, {p / pe / 1e6:.2f} M plies/s), core reader {rc:.2f} s CPU ({re:.2f} s wall): {pc / rc:.2f}x CPU, {pe / re:.2f}x wall')" "$pu" "$ps" "$pe" "$ru" "$rs" "$re" "$plies"
done
echo "== 3. Python; load $(load)"
if [ -x .venv/bin/python ]; then
    .venv/bin/python -m pip install -q --disable-pip-version-check chess
    .venv/bin/python python/bench/bench_pgn.py --mb 5 --runs "$runs" --dir "$dir"
else
    echo "   skipped: run scripts/test-python.sh first (it makes .venv)"
fi

echo "== 4. a million nested variations, read and written back; load $(load)"
python3 -c "
d = 1_000_000
open('$dir/nested.ctl-pgn', 'w').write('1. H6-H12' + ' (1. H6-H12' * d + ')' * d + '\n*\n')"
for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %M" -o "$dir/time" "$bin" pgn --write "$dir/nested.ctl-pgn" >"$dir/nested.out" 2>/dev/null
    read -r secs kb < <(tail -n 1 "$dir/time")
    echo "   $secs s, peak $((kb / 1024)) MB, $(wc -c <"$dir/nested.out") bytes written"
done

echo "== 5. Python, 100,000 nested variations read and written back, beside python-chess; load $(load)"
if [ -x .venv/bin/python ]; then
    for who in cescacs python-chess; do
        .venv/bin/python - "$who" <<'PY'
import io, resource, sys, time
who, d = sys.argv[1], 100_000
t = time.perf_counter()
if who == "cescacs":
    import cescacs.pgn
    text = "1. H6-H12" + " (1. H6-H12" * d + ")" * d + "\n*\n"
    out = str(cescacs.pgn.read_game(io.StringIO(text)))
else:
    import chess.pgn
    text = "1. e4" + " (1. e4" * d + ")" * d + " *\n"
    out = str(chess.pgn.read_game(io.StringIO(text)))
secs = time.perf_counter() - t
print(f"   {who:<13} {secs:.2f} s, peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB, {out.count('(')} variations written")
PY
    done
fi
