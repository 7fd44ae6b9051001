#!/usr/bin/env bash
# Generates self-play positions, trains the network with the NumPy trainer and checks the
# quantized file in the engine (docs/NNUE.md).
#
#   scripts/train-net.sh OUTDIR [POSITIONS] [NODES] [SEED] [EPOCHS]
#   scripts/train-net.sh target/nnue 20000 1000 1 10
#
# Writes OUTDIR/positions.bin (and positions.parquet when pyarrow is there), OUTDIR/net.nnue,
# OUTDIR/net.nnue.json (arguments, losses per epoch) and OUTDIR/loss.png. Needs python3 with
# numpy and matplotlib (PYTHON=... to choose the interpreter). Everything is seeded: the same
# arguments give the same files.
set -euo pipefail
cd "$(dirname "$0")/.."

out="${1:?usage: scripts/train-net.sh OUTDIR [POSITIONS] [NODES] [SEED] [EPOCHS]}"
positions="${2:-20000}"
nodes="${3:-1000}"
seed="${4:-1}"
epochs="${5:-10}"
python="${PYTHON:-python3}"
mkdir -p "$out"

echo "== train-net: $positions positions at $nodes nodes, seed $seed =="
nice -n 10 cargo run --release -q -p cescacs-research --example gen_positions -- \
    --positions "$positions" --nodes "$nodes" --seed "$seed" --threads 2 --out "$out/positions.bin"
if "$python" -c "import pyarrow" 2>/dev/null; then
    "$python" scripts/nnue/to_parquet.py "$out/positions.bin" "$out/positions.parquet"
fi

echo "== train-net: training, $epochs epochs =="
nice -n 10 "$python" scripts/nnue/train.py --data "$out/positions.bin" --out "$out/net.nnue" \
    --plot "$out/loss.png" --seed "$seed" --epochs "$epochs"

echo "== train-net: the engine reads the file and evaluates as the float network =="
nice -n 10 cargo run --release -q -p cescacs-engine --example nnue_eval -- "$out/net.nnue" "$out/positions.bin" 100 >"$out/net.nnue.engine-evals.txt"
"$python" - "$out" <<'PY'
import sys
import numpy as np
out = sys.argv[1]
f = np.loadtxt(f"{out}/net.nnue.float-evals.txt")
e = np.loadtxt(f"{out}/net.nnue.engine-evals.txt")
d = np.abs(f - e)
print(f"quantized vs float on 100 positions: mean |diff| {d.mean():.1f} cp, max {d.max():.0f} cp")
PY
echo "train-net: $out/net.nnue, $out/loss.png"
