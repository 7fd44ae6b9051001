#!/usr/bin/env bash
# The engine as built now against the engine of a base commit (c85aa78 by
# default, the reference of issue 51's strength target), each its own
# `cescacs uci` process: first both engines' nodes a second on `cescacs
# bench BENCH_DEPTH` (ROUNDS alternating runs each, the median of each and
# their ratio; the new engine with EVALFILE when given),
# then an SPRT match in the engines' hands (`cescacs match` with fastchess's
# words) at TC: `tc=1+0.01` (1 s + 10 ms a game) or `st=0.05` (50 ms a move).
#
#   scripts/vs-base.sh [TC] [MAX_GAMES] [EVALFILE]
#
# TC defaults to tc=1+0.01 and MAX_GAMES to 2000 (the SPRT usually stops
# before); EVALFILE, when given, is the network the new engine plays with
# (UCI EvalFile), else its built-in one. Environment: BASE (commit, default
# c85aa78), SPRT (default "elo0=0 elo1=10"), CONCURRENCY (2), SEED (7),
# ROUNDS (5), BENCH_DEPTH (7: about 1.4 s a run, long enough for the clock's
# milliseconds), OUT (target/vs-base). The base is built once from `git
# archive BASE` into OUT/BASE/ (its own target directory), so the working
# tree is never touched; BASE_BIN names a binary to use instead (tests).
# Games go to OUT/TC.ctl-pgn, the summary to stdout with the machine's load.
set -euo pipefail
cd "$(dirname "$0")/.."

tc=${1:-tc=1+0.01}
games=${2:-2000}
evalfile=${3:-}
base=${BASE:-c85aa78}
out=${OUT:-target/vs-base}
sprt=${SPRT:-elo0=0 elo1=10}
rounds=${ROUNDS:-5}
mkdir -p "$out"

cargo build --release -q -p cescacs-cli
new=target/release/cescacs
if [[ -n ${BASE_BIN:-} ]]; then
    old=$BASE_BIN
else
    src="$out/$base/src"
    old="$out/$base/target/release/cescacs"
    if [[ ! -x $old ]]; then
        rm -rf "$src" && mkdir -p "$src"
        git archive "$base" | tar -x -C "$src"
        echo "building $base into $out/$base"
        (cd "$src" && CARGO_TARGET_DIR="$PWD/../target" cargo build --release -q -p cescacs-cli)
    fi
fi

# Nodes a second, alternating the two engines; `cescacs bench` prints
# "Nodes/second : N".
nps() { "$@" 2>/dev/null | awk '/Nodes\/second/ {print $NF}'; }
median() { sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
: > "$out/nps-new" && : > "$out/nps-base"
bench_depth=${BENCH_DEPTH:-7}
new_bench=("$new" bench "$bench_depth")
if [[ -n $evalfile ]]; then new_bench+=(--eval-file "$evalfile"); fi
for ((i = 0; i < rounds; i++)); do
    nps "${new_bench[@]}" >> "$out/nps-new"
    nps "$old" bench "$bench_depth" >> "$out/nps-base"
done
n_new=$(median < "$out/nps-new")
n_old=$(median < "$out/nps-base")
echo "bench nodes/s, median of $rounds: new $n_new, base $n_old, ratio $(awk -v a="$n_new" -v b="$n_old" 'BEGIN {printf "%.3f", a / b}') (load: $(cut -d' ' -f1-3 /proc/loadavg))"

option=()
if [[ -n $evalfile ]]; then option=("option.EvalFile=$(realpath "$evalfile")"); fi
name=$(echo "$tc" | tr -c 'A-Za-z0-9.+=\n' '_')
echo "match at $tc, SPRT $sprt, at most $games games (load: $(cut -d' ' -f1-3 /proc/loadavg))"
read -r -a sprt_words <<< "$sprt"
"$new" match \
    -engine "cmd=$new" args=uci name=new "${option[@]}" \
    -engine "cmd=$old" args=uci "name=$base" \
    -each "$tc" -rounds "$(((games + 1) / 2))" -games 2 -repeat -concurrency "${CONCURRENCY:-2}" -srand "${SEED:-7}" \
    -sprt "${sprt_words[@]}" -pgnout "file=$out/$name.ctl-pgn"
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
