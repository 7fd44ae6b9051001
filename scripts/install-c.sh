#!/usr/bin/env bash
# Installs the C library of cescacs into PREFIX:
#   PREFIX/lib/libcescacs.so, PREFIX/lib/libcescacs.a,
#   PREFIX/include/cescacs.h, PREFIX/lib/pkgconfig/cescacs.pc
# Then: PKG_CONFIG_PATH=PREFIX/lib/pkgconfig cc prog.c $(pkg-config --cflags --libs cescacs)
#
# Usage: scripts/install-c.sh PREFIX        (builds the release library first)
set -euo pipefail
if [[ $# -ne 1 ]]; then
    echo "usage: $0 PREFIX" >&2
    exit 2
fi
cd "$(dirname "$0")/.."
mkdir -p "$1"
prefix="$(cd "$1" && pwd)"

cargo build --release -p cescacs-ffi
target_dir="$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')"
version="$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "cescacs-ffi"))')"
url="$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(next(p["repository"] or "" for p in json.load(sys.stdin)["packages"] if p["name"] == "cescacs-ffi"))')"

install -d "$prefix/lib/pkgconfig" "$prefix/include"
install -m 0755 "$target_dir/release/libcescacs.so" "$prefix/lib/libcescacs.so"
install -m 0644 "$target_dir/release/libcescacs.a" "$prefix/lib/libcescacs.a"
install -m 0644 include/cescacs.h "$prefix/include/cescacs.h"
sed -e "s|@PREFIX@|$prefix|g" -e "s|@VERSION@|$version|g" -e "s|@URL@|$url|g" \
    ffi-c/cescacs.pc.in > "$prefix/lib/pkgconfig/cescacs.pc"
echo "installed libcescacs $version into $prefix"
