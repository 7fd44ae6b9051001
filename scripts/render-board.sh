#!/usr/bin/env bash
# Renders the README's example board: docs/board.svg (and docs/board.png if
# rsvg-convert is installed, see scripts/setup-python.sh). Run after
# scripts/test-python.sh has installed the package into .venv.
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${CESCACS_VENV:-.venv}/bin/python"
mkdir -p docs
"$PY" - <<'PY'
import json

import cescacs
import cescacs.svg

# Game 2023-09-11 (tests/data/games.jsonl) after 66 plies: Black has just given check.
with open("tests/data/games.jsonl", encoding="utf-8") as f:
    plies = [r["played"] for r in map(json.loads, f) if r["source"].startswith("game:2023-09-11")][:66]
board = cescacs.Board()
for long in plies:
    board.push_long(long)
assert board.is_check()
replies = sorted(board.legal_moves, key=lambda m: m.long())
svg = cescacs.svg.board(board, arrows=replies[:1], highlight=[m.to_hex for m in replies[1:]])
with open("docs/board.svg", "w", encoding="utf-8") as f:
    f.write(svg + "\n")
print("wrote docs/board.svg:", board.pdtl())
print("last move", board.peek().long(), "replies", " ".join(m.long() for m in replies))
PY
if command -v rsvg-convert >/dev/null 2>&1; then
    rsvg-convert -w 640 docs/board.svg -o docs/board.png
    echo "wrote docs/board.png"
fi
