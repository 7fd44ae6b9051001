#!/usr/bin/env bash
# The second-generation network from one command (docs/NNUE.md, "At scale, on Ray"):
# POSITIONS positions played and labelled on Ray by the engine of GEN_COMMIT with its
# built-in network, one shard of 100,000 a task, in two sets: POSITIONS - DEEP_POSITIONS
# by 1,000-node searches (seed SEED), then DEEP_POSITIONS by 3,000-node searches (seed
# SEED + 1); deduplicated, then `cescacs-train` on them.
#
#   scripts/nnue/train-at-scale.sh OUTDIR [POSITIONS=50000000] [SEED=8]
#
# Writes OUTDIR/shards/part-*.bin and OUTDIR/deep/part-*.bin (the two sets' shards),
# OUTDIR/positions.bin (the data: the first record of each position over the first set's
# shards, then the second's), OUTDIR/net.nnue and OUTDIR/net.nnue.json (the network and its
# run's record) and OUTDIR/loss.png (with matplotlib). Everything is seeded, and the engine
# that plays is built from GEN_COMMIT (`git archive`, into OUTDIR/gen/), so the same command
# gives the same files whatever the working tree's engine has become. Resumable: run it again
# after a stop and only the missing shards are made.
#
# Environment: NODES (1000) and DEEP_NODES (3000), the two sets' nodes a move;
# DEEP_POSITIONS (22,000,000, or 44 % of POSITIONS when that is less than 50,000,000);
# SHARDS and DEEP_SHARDS (one per 100,000 positions of each set); NUM_CPUS (Ray's CPUs, all
# by default), ADDRESS (a Ray cluster's head, HEAD:6379, instead of a local instance; every
# node then needs GEN_BIN), GEN_COMMIT (e6f0bac), GEN_BIN (a generator binary to use instead
# of building GEN_COMMIT; its `--eval-file` is then the working tree's default network),
# TRAIN_ARGS (more `cescacs-train` arguments; the seed, epochs and target are set here,
# and the training is quantization-aware, `--qat`: TRAIN_SEED 1, EPOCHS 6, LAMBDA 0.75, a
# quarter of the target from the game's result, which its SPRT accepted at +69 +/- 28 on
# 27.5 M positions of 1,000-node data; on 10 M a quarter lost and LAMBDA 0.9 was accepted
# at +38 +/- 20, docs/results/nnue-matches.md), PYTHON
# (an interpreter with ray and the cescacs package).
set -euo pipefail
cd "$(dirname "$0")/../.."

out="${1:?usage: scripts/nnue/train-at-scale.sh OUTDIR [POSITIONS] [SEED]}"
positions="${2:-50000000}"
seed="${3:-8}"
nodes="${NODES:-1000}"
deep_nodes="${DEEP_NODES:-3000}"
if ((positions >= 50000000)); then deep_default=22000000; else deep_default=$((positions * 44 / 100)); fi
deep="${DEEP_POSITIONS:-$deep_default}"
shallow=$((positions - deep))
shards="${SHARDS:-$(((shallow + 99999) / 100000))}"
deep_shards="${DEEP_SHARDS:-$(((deep + 99999) / 100000))}"
python="${PYTHON:-python3}"
commit="${GEN_COMMIT:-e6f0bac}"
mkdir -p "$out"
out=$(realpath "$out")

# The engine that plays and labels, and its network.
if [[ -n ${GEN_BIN:-} ]]; then
    gen=$(realpath "$GEN_BIN")
    dedup="$(dirname "$gen")/dedup_positions"
    net=$(realpath engine/nets/default.nnue)
else
    src="$out/gen/src"
    gen="$out/gen/target/release/gen_positions"
    dedup="$out/gen/target/release/dedup_positions"
    net="$src/engine/nets/default.nnue"
    if [[ ! -x $gen || ! -x $dedup ]]; then
        echo "== train-at-scale: building the generator of $commit into $out/gen =="
        rm -rf "$src" && mkdir -p "$src"
        git archive "$commit" | tar -x -C "$src"
        (cd "$src" && CARGO_TARGET_DIR="$out/gen/target" \
            cargo build --release -q -p cescacs-research --bin gen_positions --bin dedup_positions)
    fi
fi

# One set of shards on Ray: positions, shards, seed, nodes, directory.
generate() {
    echo "== train-at-scale: $1 positions in $2 shards at $4 nodes, seed $3 =="
    local ray=(--positions "$1" --shards "$2" --seed "$3" --nodes "$4"
        --eval-file "$net" --out "$5" --binary "$gen" --dedup-binary "$dedup" --no-dedup)
    if [[ -n ${ADDRESS:-} ]]; then ray+=(--address "$ADDRESS"); fi
    if [[ -n ${NUM_CPUS:-} ]]; then ray+=(--num-cpus "$NUM_CPUS"); fi
    "$python" scripts/nnue/ray_positions.py "${ray[@]}"
}
# The shard files of a set, in order.
parts() { for ((k = 0; k < $2; k++)); do printf '%s/part-%05d.bin\n' "$1" "$k"; done; }
if ((shallow > 0)); then generate "$shallow" "$shards" "$seed" "$nodes" "$out/shards"; fi
if ((deep > 0)); then generate "$deep" "$deep_shards" "$((seed + 1))" "$deep_nodes" "$out/deep"; fi
echo "== train-at-scale: deduplicating =="
files=()
if ((shallow > 0)); then mapfile -t -O "${#files[@]}" files < <(parts "$out/shards" "$shards"); fi
if ((deep > 0)); then mapfile -t -O "${#files[@]}" files < <(parts "$out/deep" "$deep_shards"); fi
"$dedup" --out "$out/positions.bin" "${files[@]}"
echo "== train-at-scale: training =="
cargo build --release -q -p cescacs-train
train="${CARGO_TARGET_DIR:-target}/release/cescacs-train"
# The training's time and peak memory, when GNU time is there.
timer=()
if [[ -x /usr/bin/time ]]; then timer=(/usr/bin/time -f "training: %e s, peak RSS %M KiB"); fi
# shellcheck disable=SC2086
"${timer[@]}" "$train" \
    --data "$out/positions.bin" --out "$out/net.nnue" \
    --seed "${TRAIN_SEED:-1}" --epochs "${EPOCHS:-6}" --lambda "${LAMBDA:-0.75}" --qat --threads 2 \
    ${TRAIN_ARGS:-}
if "$python" -c "import matplotlib" 2>/dev/null; then
    "$python" scripts/nnue/plot_loss.py "$out/net.nnue.json" "$out/loss.png"
fi
echo "train-at-scale: $out/net.nnue (use it: setoption name EvalFile value $out/net.nnue)"
