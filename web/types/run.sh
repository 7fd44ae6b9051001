#!/usr/bin/env bash
# The package's TypeScript declarations checked: check.ts (the API as the README and
# docs/WEB.md use it) under `tsc --noEmit --strict` against web/pkg's .d.ts files (wasm-bindgen's
# and wasm/js's), resolved through the package's `exports` map as an installed `cescacs` would
# be. Then the same check against a copy whose `Board.legalMoves` is declared `any` must fail,
# so that the check is known to catch a declaration gone wrong. Needs web/pkg
# (scripts/build-web.sh); installs TypeScript (package-lock.json) with npm.
set -euo pipefail
cd "$(dirname "$0")"

if [ ! -f ../pkg/cescacs.d.ts ]; then
  echo "web/pkg/ is missing: scripts/build-web.sh builds it" >&2
  exit 1
fi
npm ci --no-audit --no-fund --loglevel=error
# `cescacs` resolves to the built package from web/ (as an installed package would).
mkdir -p ../node_modules
[ -e ../node_modules/cescacs ] || ln -s ../pkg ../node_modules/cescacs
tsc=node_modules/.bin/tsc

$tsc --version
$tsc -p tsconfig.json --noEmit --strict
echo "check.ts: the declarations pass tsc --noEmit --strict"

# The same check against a wrong declaration.
spoilt=$(mktemp -d)
trap 'rm -rf "$spoilt"' EXIT
mkdir -p "$spoilt/node_modules/cescacs"
cp check.ts tsconfig.json package.json "$spoilt/"
cp ../pkg/*.d.ts ../pkg/package.json "$spoilt/node_modules/cescacs/"
sed -i 's/^\(    legalMoves()\): Move\[\];$/\1: any;/' "$spoilt/node_modules/cescacs/cescacs.d.ts"
if ! grep -q '^    legalMoves(): any;$' "$spoilt/node_modules/cescacs/cescacs.d.ts"; then
  echo "no 'legalMoves(): Move[];' line in web/pkg/cescacs.d.ts to spoil" >&2
  exit 1
fi
if $tsc -p "$spoilt/tsconfig.json" --noEmit --strict >"$spoilt/out" 2>&1; then
  echo "check.ts passed against legalMoves(): any: it does not catch a wrong declaration" >&2
  exit 1
fi
# It must fail where check.ts pins legalMoves' type, not for some other reason.
line=$(grep -n 'ReturnType<Board\["legalMoves"\]>' check.ts | cut -d: -f1)
if ! grep -q "check.ts($line," "$spoilt/out"; then
  echo "check.ts failed against legalMoves(): any, but not on its line $line:" >&2
  cat "$spoilt/out" >&2
  exit 1
fi
echo "check.ts: a declaration spoilt to any fails it, as it should"
