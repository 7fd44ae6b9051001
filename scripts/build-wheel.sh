#!/usr/bin/env bash
# Builds the portable wheel of the Python package: abi3 (one wheel for CPython 3.9 and
# later) and manylinux2014 (glibc 2.17 and later), linked with zig so that the glibc of
# this machine does not leak into it (a plain `pip wheel` here is tagged manylinux_2_34,
# which older Linux refuses). maturin checks the manylinux policy before tagging it.
#
#   scripts/build-wheel.sh [OUT_DIR]      # default: target/wheels; prints the wheel's path
#
# Needs python3 (>= 3.9) with venv, a Rust toolchain and PyPI (maturin, ziglang).
set -euo pipefail
cd "$(dirname "$0")/.."

out="${1:-target/wheels}"
VENV="${CESCACS_WHEEL_VENV:-target/wheel-venv}"
if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "maturin>=1.9,<2" "ziglang>=0.13"
export PATH="$(cd "$VENV/bin" && pwd):$PATH"
# A target directory of its own: the zig-linked build must not reuse objects of the
# other builds.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target/wheel}"
rm -f "$out"/cescacs-*manylinux2014*.whl
maturin build --quiet --release --zig --compatibility manylinux2014 -m python/Cargo.toml --out "$out" >&2
ls "$out"/cescacs-*-cp39-abi3-manylinux*2014*.whl
