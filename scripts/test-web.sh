#!/usr/bin/env bash
# The web step of scripts/test-all.sh: builds the npm package (scripts/build-web.sh, which
# installs its toolchain first), runs its Node tests (node --test web/test/), the TypeScript
# check of its declarations (web/types/run.sh) and, when the page has them, its browser tests
# (web/e2e/run.sh). Each runner ends with its "ℹ pass N" lines.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/build-web.sh
echo "== web: node --test web/test/ =="
node --test --test-reporter=spec web/test/
echo "== web: web/types/run.sh (tsc --strict over the .d.ts) =="
web/types/run.sh
if [ -x web/e2e/run.sh ]; then
    echo "== web: web/e2e/run.sh =="
    web/e2e/run.sh
fi
