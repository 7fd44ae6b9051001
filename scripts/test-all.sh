#!/usr/bin/env bash
# Runs every test in every language. Called by the README's test command and by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== Rust: cargo test (workspace) =="
cargo test --workspace
echo "== Python: scripts/test-python.sh =="
scripts/test-python.sh
echo "== C API: scripts/setup-c.sh, scripts/test-c.sh =="
scripts/setup-c.sh
scripts/test-c.sh
