"""scripts/balance-shares.py (docs/BALANCE.md): A's and White's shares of the points of
`cescacs match --pgn` records, over games and over opening pairs, and its plots."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "balance-shares.py"

# Two opening pairs; in game 1 of a pair A is White. A's shares: 1 and 1/2 (pair 1),
# 2/3 and 1 (pair 2); White's: 1, 1/2, 2/3, 0.
RECORDS = """\
[Round "1.1"]
[White "A"]
[Black "B"]
[Result "3-0"]

[Round "1.2"]
[White "B"]
[Black "A"]
[Result "1-1"]

[Round "2.1"]
[White "A"]
[Black "B"]
[Result "2-1"]

[Round "2.2"]
[White "B"]
[Black "A"]
[Result "0-3"]

[Round "3.1"]
[White "A"]
[Black "B"]
[Result "3-0"]
"""


def run(*args):
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, check=False
    )


def test_shares_over_games_and_pairs(tmp_path):
    games = tmp_path / "leaps.ctl-pgn"
    games.write_text(RECORDS, encoding="utf-8")
    out = run(str(games), str(games))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    # The unfinished third pair is left out.
    assert lines[0] == f"{games}: 2 pairs, 4 games, A +3 =1 -0, points 9-2 (81.8 % of the points)"
    # Games: 1, 1/2, 2/3, 1 (mean 19/24, sd 1/4: 1.96 / 4 / 2); pairs: 3/4 and 5/6 (sd 0.0589,
    # 1.96 * sd / sqrt 2); Elo of 19/24 and of its pairs' interval.
    assert (
        lines[1]
        == "  A's share 79.2 % +/- 24.5 % (games), +/- 8.2 % (pairs); Elo +231.9 [+155.5, +335.4]"
    )
    # White: games 1, 1/2, 2/3, 0; pairs 3/4 and 1/3; the two files are the same pairs twice.
    assert lines[2] == "  White's share 54.2 % +/- 40.8 % (games), +/- 40.8 % (pairs)"
    assert lines[-1] == "all files: 4 pairs, White's share 54.2 % +/- 23.6 % (pairs)"


def test_too_few_pairs_is_an_error(tmp_path):
    games = tmp_path / "short.ctl-pgn"
    games.write_text(RECORDS.split('[Round "2.1"]')[0], encoding="utf-8")
    out = run(str(games))
    assert out.returncode == 1
    assert out.stderr.strip() == f"{games}: fewer than 2 complete pairs"


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None, reason="needs matplotlib")
def test_plots_one_png_a_file_and_the_first_move(tmp_path):
    games = tmp_path / "castling.ctl-pgn"
    games.write_text(RECORDS, encoding="utf-8")
    out = run("--plot", str(tmp_path), "--pairs", "2", str(games))
    assert out.returncode == 0, out.stderr
    for name in ("castling.png", "first-move.png"):
        png = (tmp_path / name).read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
