#!/usr/bin/env bash
# Optional extras for the Python package's docs: rsvg-convert turns
# docs/board.svg into docs/board.png (scripts/render-board.sh). Nothing here
# is needed to build or test the package (scripts/test-python.sh does that).
set -euo pipefail
if ! command -v rsvg-convert >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1; then
        apt-get update -qq
        apt-get install -y -qq librsvg2-bin
    else
        echo "install librsvg (rsvg-convert) with your package manager" >&2
        exit 1
    fi
fi
