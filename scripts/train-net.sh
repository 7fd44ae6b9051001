#!/usr/bin/env bash
# Generates self-play positions and trains the engine's network on them (docs/NNUE.md).
#
#   scripts/train-net.sh OUTDIR [POSITIONS] [NODES] [SEED] [EPOCHS]
#   scripts/train-net.sh target/nnue 4000000 1000 2 6     # the default network's data and settings
#
# (docs/NNUE.md gives the default network's exact commands: its training seed is 1, where this
# script trains with the data's seed)
#
# Writes OUTDIR/positions.bin (and positions.parquet when pyarrow and cescacs are there), OUTDIR/net.nnue,
# OUTDIR/net.nnue.json (arguments, losses per epoch, the quantized network against the float
# one, the static evaluations' held-out losses) and OUTDIR/loss.png (with matplotlib;
# PYTHON=... to choose the interpreter). Everything is seeded: the same arguments give the
# same files. TRAIN_ARGS passes more arguments to cescacs-train (`cescacs-train --help`).
set -euo pipefail
cd "$(dirname "$0")/.."

out="${1:?usage: scripts/train-net.sh OUTDIR [POSITIONS] [NODES] [SEED] [EPOCHS]}"
positions="${2:-200000}"
nodes="${3:-1000}"
seed="${4:-1}"
epochs="${5:-6}"
python="${PYTHON:-python3}"
mkdir -p "$out"

echo "== train-net: $positions positions at $nodes nodes, seed $seed =="
cargo build --release -q -p cescacs-research --bin gen_positions
cargo build --release -q -p cescacs-train
target/release/gen_positions \
    --positions "$positions" --nodes "$nodes" --seed "$seed" --threads 2 --out "$out/positions.bin"
if "$python" -c "import pyarrow, cescacs.positions" 2>/dev/null; then
    "$python" scripts/nnue/to_parquet.py "$out/positions.bin" "$out/positions.parquet"
fi

echo "== train-net: training, $epochs epochs =="
# shellcheck disable=SC2086
target/release/cescacs-train --data "$out/positions.bin" --out "$out/net.nnue" \
    --seed "$seed" --epochs "$epochs" --threads 2 ${TRAIN_ARGS:-}
if "$python" -c "import matplotlib" 2>/dev/null; then
    "$python" scripts/nnue/plot_loss.py "$out/net.nnue.json" "$out/loss.png"
fi
echo "train-net: $out/net.nnue (use it: setoption name EvalFile value $out/net.nnue)"
