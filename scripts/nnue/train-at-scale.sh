#!/usr/bin/env bash
# The second-generation network from one command (docs/NNUE.md, "At scale, on Ray"):
# POSITIONS positions played and labelled on Ray by the engine of GEN_COMMIT with its
# built-in network (1,000-node searches), one shard of 100,000 a task, deduplicated, then
# `cescacs-train` on them.
#
#   scripts/nnue/train-at-scale.sh OUTDIR [POSITIONS=50000000] [SEED=8]
#
# Writes OUTDIR/shards/part-*.bin and OUTDIR/shards/positions.bin (the data), OUTDIR/net.nnue
# and OUTDIR/net.nnue.json (the network and its run's record) and OUTDIR/loss.png (with
# matplotlib). Everything is seeded, and the engine that plays is built from GEN_COMMIT
# (`git archive`, into OUTDIR/gen/), so the same command gives the same files whatever the
# working tree's engine has become. Resumable: run it again after a stop and only the
# missing shards are made.
#
# Environment: NODES (1000), SHARDS (one per 100,000 positions), NUM_CPUS (Ray's CPUs, all
# by default), ADDRESS (a Ray cluster's head, HEAD:6379, instead of a local instance; every
# node then needs GEN_BIN), GEN_COMMIT (e6f0bac), GEN_BIN (a generator binary to use instead
# of building GEN_COMMIT; its `--eval-file` is then the working tree's default network),
# TRAIN_ARGS (more `cescacs-train` arguments; the seed and epochs are set here: TRAIN_SEED 1,
# EPOCHS 6), PYTHON (an interpreter with ray and the cescacs package).
set -euo pipefail
cd "$(dirname "$0")/../.."

out="${1:?usage: scripts/nnue/train-at-scale.sh OUTDIR [POSITIONS] [SEED]}"
positions="${2:-50000000}"
seed="${3:-8}"
nodes="${NODES:-1000}"
shards="${SHARDS:-$(((positions + 99999) / 100000))}"
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

echo "== train-at-scale: $positions positions in $shards shards at $nodes nodes, seed $seed =="
ray=(--positions "$positions" --shards "$shards" --seed "$seed" --nodes "$nodes"
    --eval-file "$net" --out "$out/shards" --binary "$gen" --dedup-binary "$dedup")
if [[ -n ${ADDRESS:-} ]]; then ray+=(--address "$ADDRESS"); fi
if [[ -n ${NUM_CPUS:-} ]]; then ray+=(--num-cpus "$NUM_CPUS"); fi
"$python" scripts/nnue/ray_positions.py "${ray[@]}"

echo "== train-at-scale: training =="
cargo build --release -q -p cescacs-train
train="${CARGO_TARGET_DIR:-target}/release/cescacs-train"
# The training's time and peak memory, when GNU time is there.
timer=()
if [[ -x /usr/bin/time ]]; then timer=(/usr/bin/time -f "training: %e s, peak RSS %M KiB"); fi
# shellcheck disable=SC2086
"${timer[@]}" "$train" \
    --data "$out/shards/positions.bin" --out "$out/net.nnue" \
    --seed "${TRAIN_SEED:-1}" --epochs "${EPOCHS:-6}" --threads 2 ${TRAIN_ARGS:-}
if "$python" -c "import matplotlib" 2>/dev/null; then
    "$python" scripts/nnue/plot_loss.py "$out/net.nnue.json" "$out/loss.png"
fi
echo "train-at-scale: $out/net.nnue (use it: setoption name EvalFile value $out/net.nnue)"
