"""`python -m cescacs`: the `moves --long --batch` contract of the CLI."""

from __future__ import annotations

import subprocess
import sys

import cescacs
from cescacs import Board, InvalidPdtlError

from conftest import records


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "cescacs", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )


def error_text(pdtl: str) -> str:
    try:
        Board(pdtl)
    except InvalidPdtlError as e:
        return f"error: {e}"
    raise AssertionError(f"{pdtl!r} is a valid PDTL")


def test_moves_long_batch() -> None:
    rs = records("random-dev.jsonl")[:300] + [
        r for r in records("games.jsonl") if r["played"] is None
    ]
    lines = [r["pdtl"] for r in rs]
    bad = ["nonsense", "", "/27:1k/1:1K/ x"]
    stdin = "\n".join(lines[:5] + bad + lines[5:]) + "\n"
    p = run("moves", "--long", "--batch", stdin=stdin)
    assert p.returncode == 0, p.stderr
    assert p.stderr == ""
    out = p.stdout.split("\n")
    assert out[-1] == ""  # every line ends with a newline
    out = out[:-1]
    want = [" ".join(r["moves"]) for r in rs]
    errors = [error_text(b) for b in bad]
    assert errors[1] == "error: empty PDTL"
    assert errors[2] == "error: turn field \"x\": expected 'w' or 'b'"
    assert out == want[:5] + errors + want[5:]
    assert out[-1] == ""  # a mate: no legal move, an empty line


def test_moves_long_batch_crlf_and_no_final_newline() -> None:
    p = run(
        "moves", "--long", "--batch", stdin=cescacs.INITIAL_PDTL + "\r\n" + cescacs.INITIAL_PDTL
    )
    assert p.returncode == 0
    line = " ".join(Board().legal_moves.long())
    assert p.stdout == f"{line}\n{line}\n"


def test_moves_single_position() -> None:
    p = run("moves", "--long")
    assert p.returncode == 0
    assert p.stdout == " ".join(Board().legal_moves.long()) + "\n"
    r = records("castling.jsonl")[0]
    p = run("moves", r["pdtl"])
    assert p.returncode == 0
    assert p.stdout == " ".join(r["notation"][m] for m in r["moves"]) + "\n"
    p = run("moves", "--batch", stdin=r["pdtl"] + "\nnonsense\n")
    assert p.stdout.split("\n")[:2] == [
        " ".join(r["notation"][m] for m in r["moves"]),
        error_text("nonsense"),
    ]


def test_cli_errors_and_perft() -> None:
    p = run("moves", "--long", "nonsense")
    assert p.returncode == 1
    assert p.stdout == ""
    assert p.stderr == error_text("nonsense") + "\n"
    p = run("moves", "--long", "--batch", cescacs.INITIAL_PDTL)
    assert p.returncode == 2
    assert p.stderr == "error: --batch reads PDTLs from standard input; give no PDTL argument\n"
    p = run("perft", "2")
    assert (p.returncode, p.stdout) == (0, "4612\n")
    p = run("perft", "1", "nonsense")
    assert (p.returncode, p.stderr) == (1, error_text("nonsense") + "\n")
    p = run()
    assert p.returncode == 2
    assert "usage: python -m cescacs" in p.stderr
