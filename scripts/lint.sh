#!/usr/bin/env bash
# The formatting and lint gates of every language, as CI runs them (scripts/test-all.sh):
#   - rustfmt (rustfmt.toml) on the three cargo workspaces: the main one, fuzz/ and python/;
#   - clippy with warnings as errors on the same three, every target (tests, benches, examples);
#   - ruff check and ruff format --check on every Python source (ruff.toml), ruff installed
#     into a venv of its own (target/lint-venv) at the version pinned here.
# Fix what it reports with `cargo fmt --all` (in each workspace), `ruff format .` and
# `ruff check --fix .`. Exits non-zero at the first gate that fails; the last line is
# "lint: ok".
set -euo pipefail
cd "$(dirname "$0")/.."

RUFF_VERSION=0.17.6

step() {
    echo "== lint: $* =="
    "$@"
}

rustup component add rustfmt clippy >/dev/null 2>&1 || true

# rustfmt: one configuration (the root's rustfmt.toml) for the three workspaces.
step cargo fmt --all --check
(cd fuzz && step cargo fmt --all --check)
(cd python && step cargo fmt --all --check)

# clippy: the main workspace (the crates and the fuzz checks crate), the fuzz targets (stable
# checks them: libFuzzer's nightly flags only matter when cargo-fuzz builds them) and the
# PyO3 extension (its own target directory, as scripts/test-python.sh's).
step nice cargo clippy --workspace --all-targets --locked -- -D warnings
(cd fuzz && step nice cargo clippy --all-targets --locked -- -D warnings)
(cd python && CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/../target/python}" \
    step nice cargo clippy --all-targets --locked -- -D warnings)

# ruff: a venv of its own, so the gate needs only python3.
venv=target/lint-venv
if [[ ! -x $venv/bin/ruff ]] || [[ $("$venv/bin/ruff" --version) != "ruff $RUFF_VERSION" ]]; then
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "ruff==$RUFF_VERSION"
fi
step "$venv/bin/ruff" check .
step "$venv/bin/ruff" format --check .

echo "lint: ok"
