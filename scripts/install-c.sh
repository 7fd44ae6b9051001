#!/usr/bin/env bash
# Installs the C library of cescacs into PREFIX the way C projects expect:
#   PREFIX/include/cescacs.h
#   PREFIX/lib/libcescacs.so.VERSION           the shared library, stripped, SONAME libcescacs.so.ABI
#   PREFIX/lib/libcescacs.so.ABI -> .so.VERSION and libcescacs.so -> .so.ABI
#   PREFIX/lib/libcescacs.a                     the static library (debug info stripped)
#   PREFIX/lib/pkgconfig/cescacs.pc             pkg-config --cflags --libs [--static] cescacs
#   PREFIX/lib/cmake/cescacs/cescacsConfig.cmake (+ ConfigVersion): find_package(cescacs CONFIG)
#                                               gives cescacs::cescacs and cescacs::cescacs_static
# The ABI version (ABI) is the SONAME's, set at link time by ffi-c/build.rs.
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
metadata="$(cargo metadata --format-version 1 --no-deps)"
target_dir="$(python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])' <<<"$metadata")"
version="$(python3 -c 'import json, sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "cescacs-ffi"))' <<<"$metadata")"
major="${version%%.*}"
minor="${version#*.}"
minor="${minor%%.*}"
lib="$target_dir/release/libcescacs.so"
soname="$(readelf -d "$lib" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')"
if [[ "$soname" != libcescacs.so.* ]]; then
    echo "install-c: $lib has no SONAME libcescacs.so.N (ffi-c/build.rs sets it)" >&2
    exit 1
fi
abi="${soname#libcescacs.so.}"

install -d "$prefix/lib/pkgconfig" "$prefix/lib/cmake/cescacs" "$prefix/include"
install -m 0644 include/cescacs.h "$prefix/include/cescacs.h"
install -m 0755 "$lib" "$prefix/lib/libcescacs.so.$version"
strip --strip-unneeded "$prefix/lib/libcescacs.so.$version"
ln -sfn "libcescacs.so.$version" "$prefix/lib/$soname"
ln -sfn "$soname" "$prefix/lib/libcescacs.so"
install -m 0644 "$target_dir/release/libcescacs.a" "$prefix/lib/libcescacs.a"
strip --strip-debug "$prefix/lib/libcescacs.a"
sed -e "s|@PREFIX@|$prefix|g" -e "s|@VERSION@|$version|g" \
    ffi-c/cescacs.pc.in > "$prefix/lib/pkgconfig/cescacs.pc"
for f in cescacsConfig cescacsConfigVersion; do
    sed -e "s|@VERSION@|$version|g" -e "s|@ABI@|$abi|g" -e "s|@MAJOR@|$major|g" -e "s|@MINOR@|$minor|g" \
        "ffi-c/cmake/$f.cmake.in" > "$prefix/lib/cmake/cescacs/$f.cmake"
done
echo "installed libcescacs $version (SONAME $soname) into $prefix"
