#!/usr/bin/env bash
# Builds the npm package `cescacs` (wasm/ through wasm-bindgen, ES module, `--target web`)
# into web/pkg/ and copies it into web/app/pkg/ for the page. Installs what it needs first:
# Debian's rustc-web (a Rust that builds the standard library for wasm32-unknown-unknown from
# its sources, with wasm-ld) and wasm-bindgen-cli at the version Cargo.lock pins.
#   scripts/build-web.sh            # tools if missing, then the package
#   scripts/build-web.sh --tools    # only the tools
set -euo pipefail
cd "$(dirname "$0")/.."

# The wasm-bindgen crate's version in Cargo.lock: the CLI must be the same.
wb_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)

install_tools() {
    if [ ! -x /usr/bin/wasm-ld ] || [ ! -x /usr/bin/cargo ] || [ ! -d /usr/lib/rustlib/src ]; then
        echo "== web: apt-get install rustc-web cargo-web rust-web-src lld =="
        local sudo=""
        [ "$(id -u)" -eq 0 ] || sudo=sudo
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq rustc-web cargo-web rust-web-src lld >/dev/null
    fi
    if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $wb_version" ]; then
        echo "== web: cargo install wasm-bindgen-cli $wb_version =="
        # No default features: the CLI's TLS stack (for downloading test browsers) is not needed
        # to generate bindings, and leaving it out builds about half the crates.
        cargo install wasm-bindgen-cli --version "=$wb_version" --no-default-features --quiet
    fi
}

install_tools
[ "${1:-}" = "--tools" ] && exit 0

echo "== web: cargo build -p cescacs-wasm (wasm32-unknown-unknown, Debian's rustc-web) =="
# Debian's toolchain first on PATH (rustup's cannot add the wasm32 target here); std is
# built from its sources (-Z build-std, allowed by RUSTC_BOOTSTRAP on that stable compiler).
# A directory of its own keeps its std apart from the native target/. The features are those
# of every browser with module workers (SIMD: Chrome 91, Firefox 89, Safari 16.4; Node 16.4):
# SIMD makes the engine's network about a tenth faster. Whole-program LTO, no unwinding, and
# opt-level 2: at 3 the move generator's function is larger and takes V8 longer to compile to
# optimised code, so perft's one call is no faster, and the file is 5% larger (docs/WEB.md).
wasm_target_dir="$PWD/target/wasm"
PATH=/usr/bin:$PATH RUSTC_BOOTSTRAP=1 RUSTFLAGS="-C linker=wasm-ld -C target-feature=+bulk-memory,+mutable-globals,+sign-ext,+nontrapping-fptoint,+simd128" \
    CARGO_TARGET_DIR="$wasm_target_dir" CARGO_PROFILE_RELEASE_DEBUG=0 \
    CARGO_PROFILE_RELEASE_LTO=fat CARGO_PROFILE_RELEASE_PANIC=abort CARGO_PROFILE_RELEASE_OPT_LEVEL=2 \
    cargo build --quiet --release -p cescacs-wasm --target wasm32-unknown-unknown \
    -Z build-std=std,panic_abort

echo "== web: wasm-bindgen --target web -> web/pkg =="
pkg=web/pkg
rm -rf "$pkg"
mkdir -p "$pkg"
wasm-bindgen --target web --out-name cescacs --out-dir "$pkg" \
    "$wasm_target_dir/wasm32-unknown-unknown/release/cescacs_wasm.wasm"
# The hand-written parts: the entry module (which re-exports the error classes from the
# snippet wasm-bindgen copied), the engine's Web Worker and its client, package.json.
errors=$(cd "$pkg" && ls snippets/*/js/errors.js)
version=$(awk -F'"' '/^\[workspace.package\]/ { p = 1 } p && /^version/ { print $2; exit }' Cargo.toml)
for f in wasm/js/*.js wasm/js/*.d.ts wasm/js/package.json; do
    sed -e "s|@ERRORS@|./$errors|g" -e "s|@VERSION@|$version|g" "$f" > "$pkg/$(basename "$f")"
done
rm "$pkg/errors.js" "$pkg/errors.d.ts" 2>/dev/null || true
ls -l "$pkg"/cescacs_bg.wasm | awk '{ print "== web: cescacs_bg.wasm " $5 " bytes ==" }'

if [ -d web/app ]; then
    rm -rf web/app/pkg
    cp -r "$pkg" web/app/pkg
fi
