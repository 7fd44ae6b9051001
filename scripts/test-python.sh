#!/usr/bin/env bash
# Builds the Python package (PyO3 + maturin, abi3 wheel) into a venv at .venv
# and runs its pytest suite. Needs python3 (>= 3.9) with venv + pip, a Rust
# toolchain, and PyPI/crates.io. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3}"
VENV="${CESCACS_VENV:-.venv}"
# Keep the extension's build apart from the workspace's target/ lock.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target/python}"

if [ ! -x "$VENV/bin/python" ]; then
    echo "== Python: creating $VENV =="
    "$PYTHON" -m venv "$VENV"
fi
VENV_BIN="$(cd "$VENV/bin" && pwd)"
PY="$VENV_BIN/python"
# maturin's build backend runs the `maturin` of the venv: put it on PATH.
export PATH="$VENV_BIN:$PATH"

echo "== Python: installing maturin, pytest, mypy, numpy, the notebook runner, pyarrow, polars, pandas, ray, pettingzoo and gymnasium =="
# pyarrow: the cescacs[arrow] extra (GameBatch to Arrow and Parquet); polars: the notebook's
# statistics; pandas: the test that pandas reads the Parquet default; ray[data]:
# examples/ray_selfplay.py, run by python/tests/test_ray.py;
# pettingzoo and gymnasium: the cescacs[env] extra (test_env.py runs PettingZoo's own api_test).
"$PY" -m pip install --quiet --disable-pip-version-check "maturin>=1.9,<2" "pytest>=7" "mypy>=1.10" "numpy>=1.21" \
    nbclient nbformat ipykernel matplotlib "pyarrow>=14" polars pandas "ray[data]" "pettingzoo>=1.24" "gymnasium>=1.1" "pyright>=1.1.380"

echo "== Python: scripts/build-wheel.sh (abi3, manylinux2014, zig) =="
# The release build of the abi3 extension, in its own build directory and venv: the wheel
# users install. It goes into this venv too (one release build, not two), and
# test_wheel.py installs it into a fresh venv.
CESCACS_WHEEL="$(CARGO_TARGET_DIR= scripts/build-wheel.sh target/wheels | tail -n 1)"
export CESCACS_WHEEL
"$PY" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "$CESCACS_WHEEL"

echo "== Python: the CLI (cescacs uci and cescacs-fake-uci, the engines test_uci.py drives) =="
# Built into the workspace's own target/ (shared with the other test scripts).
(unset CARGO_TARGET_DIR; cargo build --release --quiet -p cescacs-cli)
export CESCACS_BIN_DIR="$PWD/target/release"

echo "== Python: pytest python/tests =="
"$PY" -m pytest python/tests -q
