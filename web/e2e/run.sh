#!/usr/bin/env bash
# Browser tests of the page web/app in headless Chromium (Debian's
# `chromium`, driven by playwright-core from npm: its own browser download
# cannot work here). Needs the package's copy in web/app/pkg/
# (scripts/build-web.sh). `web/e2e/run.sh --screenshot` also redraws
# docs/web-app.png.
set -euo pipefail
cd "$(dirname "$0")"

if ! command -v chromium >/dev/null 2>&1; then
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
fi
if [ ! -f ../app/pkg/index.js ]; then
  echo "web/app/pkg/ is missing: scripts/build-web.sh builds it" >&2
  exit 1
fi
npm ci --no-audit --no-fund --loglevel=error

node --test --test-concurrency=1 --test-reporter=spec tests/
if [ "${1:-}" = "--screenshot" ]; then
  node screenshot.mjs ../../docs/web-app.png
fi
