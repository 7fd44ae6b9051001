#!/usr/bin/env bash
# Runs the commands and examples of README.md, ffi-c/README.md and python/README.md as written
# (scripts/readme.py says how each kind of block is run and checked). Builds the CLI and the C
# library first; the Python blocks run in the venv scripts/test-python.sh makes (.venv, or
# CESCACS_VENV), with the package installed, so run that first. Needs cc, cmake and pkg-config
# (scripts/setup-c.sh). The last line is "readme: N blocks passed".
set -euo pipefail
cd "$(dirname "$0")/.."

VENV="${CESCACS_VENV:-.venv}"
if [[ ! -x $VENV/bin/python ]]; then
    echo "test-readme: no venv at $VENV: run scripts/test-python.sh first" >&2
    exit 1
fi
echo "== readme: cargo build --release -p cescacs-cli -p cescacs-ffi =="
nice cargo build --release -q -p cescacs-cli -p cescacs-ffi
python3 scripts/readme.py --python "$VENV/bin/python" README.md ffi-c/README.md python/README.md
