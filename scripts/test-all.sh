#!/usr/bin/env bash
# Runs every test in every language: Rust (cargo test), Python (pytest), C/C++ (valgrind,
# ASan/UBSan, header drift), JavaScript (the WebAssembly package and its page under Node and
# headless Chromium), and builds the API references (scripts/docs.sh: a warning fails
# it, the Python examples run as doctests); then the gates: rustfmt, clippy and ruff
# (scripts/lint.sh), the READMEs' commands as written (scripts/test-readme.sh) and every
# fuzz target for 20 s (scripts/fuzz.sh). Installs what it needs first. Called by the
# README's test command and by .ci/run; ends with one line "Total: N passed, 0 failed".
set -euo pipefail
cd "$(dirname "$0")/.."

log_dir=$(mktemp -d)
trap 'rm -rf "$log_dir"' EXIT
# Runs a step, showing its output and keeping a copy for the summary, and its time.
times=()
step() {
    local name=$1 start=$SECONDS
    shift
    echo "== $name: $* =="
    "$@" 2>&1 | tee "$log_dir/$name.log"
    times+=("$name $((SECONDS - start))s")
}

step rust cargo test --workspace
step python scripts/test-python.sh
# The references reuse the venv the Python step made, with the package installed.
step docs scripts/docs.sh
step c-setup scripts/setup-c.sh
step c scripts/test-c.sh
step web scripts/test-web.sh
step lint scripts/lint.sh
step readme scripts/test-readme.sh
step fuzz scripts/fuzz.sh 20

# Each runner's own closing lines, added up.
rust=$(awk '/^test result: ok\./ { n += $4 } END { print n + 0 }' "$log_dir/rust.log")
python=$(awk '/^[0-9]+ passed/ { n = $1 } END { print n + 0 }' "$log_dir/python.log")
c=$(awk '/^[0-9]+ passed, [0-9]+ failed$/ { n = $1 } END { print n + 0 }' "$log_dir/c.log")
readme=$(awk '/^readme: [0-9]+ blocks passed$/ { n = $2 } END { print n + 0 }' "$log_dir/readme.log")
web=$(awk '/^ℹ pass [0-9]+$/ { n += $3 } END { print n + 0 }' "$log_dir/web.log")
echo
echo "Rust (cargo test): $rust passed; Python (pytest): $python passed; C/C++: $c passed;" \
    "web (node --test): $web passed; README blocks: $readme passed"
echo "Steps: ${times[*]} (${SECONDS}s in all)"
echo "Total: $((rust + python + c + web + readme)) passed, 0 failed"
