#!/usr/bin/env bash
# Builds the API reference of every language into target/doc-site/:
#   rust/    cargo doc of the workspace's library crates (RUSTDOCFLAGS=-D warnings);
#   python/  Sphinx over the installed package and its stubs (docs/reference/python/,
#            -W), whose examples then run as doctests (sphinx-build -b doctest);
#   c/       Doxygen on include/cescacs.h (docs/reference/c/Doxyfile, warnings are errors);
#   index.html, linking the three (docs/reference/index.html).
# Installs its tools: Doxygen from the distribution's packages when missing; Sphinx, maturin,
# NumPy and the env extra's PettingZoo and Gymnasium (cescacs.env's examples run) into the
# venv of scripts/test-python.sh (.venv, or $CESCACS_VENV), with the package built from
# ./python. Starts from an empty target/doc-site each run. Exits non-zero on any warning.
set -euo pipefail
cd "$(dirname "$0")/.."

site=target/doc-site
build=target/doc-build
rm -rf "$site" "$build"
mkdir -p "$site" "$build"

# Counts the warning lines of a tool's log (each tool also fails on them by itself).
warnings() {
    grep -cE '(^|[: ])(warning|error|WARNING|ERROR):' "$1" || true
}

echo "== docs: tools =="
if ! command -v doxygen >/dev/null; then
    sudo=""
    if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
    $sudo apt-get update -qq && $sudo apt-get install -y -qq doxygen
fi
PYTHON="${PYTHON:-python3}"
VENV="${CESCACS_VENV:-.venv}"
if [ ! -x "$VENV/bin/python" ]; then
    echo "== docs: creating $VENV =="
    "$PYTHON" -m venv "$VENV"
fi
VENV_BIN="$(cd "$VENV/bin" && pwd)"
PY="$VENV_BIN/python"
# maturin's build backend runs the `maturin` of the venv: put it on PATH.
export PATH="$VENV_BIN:$PATH"
"$PY" -m pip install --quiet --disable-pip-version-check "maturin>=1.9,<2" "numpy>=1.21" \
    "pettingzoo>=1.24" "gymnasium>=1.1" "sphinx>=7.2,<10"
echo "doxygen $(doxygen --version); $("$PY" -m sphinx --version)"

echo "== docs: Rust (cargo doc, -D warnings) =="
# The library crates: the CLI has no library, the C ABI crate's reference is its header
# (its library is also named cescacs, which would overwrite the rules crate's pages), and
# the fuzz checks are the tests' (fuzz/checks).
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --workspace --exclude cescacs-cli --exclude cescacs-ffi \
    --exclude cescacs-checks \
    2>&1 | tee "$build/rust.log"
target_dir="$(cargo metadata --format-version 1 --no-deps |
    "$PY" -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')"
cp -R "$target_dir/doc" "$site/rust"
# The crates the index lists: each documented library with its description.
cargo metadata --format-version 1 --no-deps | "$PY" -c '
import html, json, sys
for p in json.load(sys.stdin)["packages"]:
    if p["name"] in ("cescacs-cli", "cescacs-ffi", "cescacs-checks"):
        continue
    for t in p["targets"]:
        if "lib" in t["kind"]:
            link = "rust/%s/index.html" % t["name"].replace("-", "_")
            about = html.escape(p.get("description") or "")
            print("<li><a href=\"%s\"><code>%s</code></a>: %s</li>" % (link, html.escape(p["name"]), about))
' >"$build/rust-crates.html"

echo "== docs: Python (Sphinx -W, then its doctests) =="
echo "pip install ./python (the documented package, as built from this checkout)"
CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target/python}" \
    "$PY" -m pip install --quiet --disable-pip-version-check --no-build-isolation ./python
sphinx=("$PY" -m sphinx -E -W --keep-going -q -d "$build/python-doctrees" docs/reference/python)
"${sphinx[@]}" -b html "$site/python" 2>&1 | tee "$build/python.log"
"${sphinx[@]}" -b doctest "$build/python-doctest" 2>&1 | tee "$build/python-doctest.log"
# "N tests, 0 failures in tests", from the summary at the end of the builder's report.
doctest_summary="$(sed -n '/^Doctest summary/,$p' "$build/python-doctest/output.txt" |
    grep -E '^ +[0-9]+ (tests?|failures? in tests)$' | sed 's/^ *//' | paste -sd, - | sed 's/,/, /')"
echo "doctests: $doctest_summary"

echo "== docs: C (Doxygen on include/cescacs.h) =="
doxygen docs/reference/c/Doxyfile 2>&1 | tee "$build/c.log"

cp docs/reference/index.html "$site/index.html"
"$PY" - "$site/index.html" "$build/rust-crates.html" <<'EOF'
import sys
page, crates = sys.argv[1], open(sys.argv[2], encoding="utf-8").read()
text = open(page, encoding="utf-8").read()
open(page, "w", encoding="utf-8").write(text.replace("<!-- rust crates -->\n", crates))
EOF

echo
echo "Warnings: rustdoc $(warnings "$build/rust.log"), Sphinx $(warnings "$build/python.log") (doctest run:" \
    "$(warnings "$build/python-doctest.log")), Doxygen $(warnings "$build/c.log"); doctests: $doctest_summary"
echo "The API reference is in $PWD/$site/index.html"
