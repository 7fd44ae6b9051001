"""Hostile CTL-PGN through Python: deep nesting read on a thread with a
256 KiB stack (recursion per level would kill the interpreter), unclosed
nests and stray brackets as ``InvalidPgnError`` with a line and column."""

from __future__ import annotations

import io
import threading
from typing import Any, Dict

import pytest

import cescacs.pgn
from cescacs import InvalidPgnError


def nested(depth: int, closed: bool = True) -> str:
    return "1. H6-H12" + " (1. H6-H12" * depth + (")" * depth if closed else "") + "\n*\n"


def on_small_stack(fn: Any) -> Dict[str, Any]:
    """Runs ``fn`` on a thread with a 256 KiB stack and returns what it put
    in the dict it is given (or the exception it raised)."""
    out: Dict[str, Any] = {}

    def run() -> None:
        try:
            fn(out)
        except BaseException as e:  # noqa: BLE001 - handed to the test thread
            out["error"] = e

    old = threading.stack_size(256 * 1024)
    try:
        t = threading.Thread(target=run)
        t.start()
        t.join()
    finally:
        threading.stack_size(old)
    if "error" in out:
        raise out["error"]
    return out


def test_a_hundred_thousand_nested_variations_read_and_write_back_on_a_small_stack() -> None:
    depth = 100_000

    def work(out: Dict[str, Any]) -> None:
        game = cescacs.pgn.read_game(io.StringIO(nested(depth)))
        assert game is not None
        text = str(game)
        out["opens"] = text.count("(")
        again = cescacs.pgn.read_games(text)[0]
        out["equal"] = again == game
        # Every level's first move is a move playable from the start: the
        # game's variations list them all (each node one link of a path
        # shared with the nodes above it), the deepest last.
        first = game.variations
        out["moves"] = len(first)
        node = first[-1]
        out["ctl"] = node.ctl
        out["ply"] = node.ply()
        out["last"] = (
            len(node.variations),
            node.board().ply(),
            node.board_before().ply(),
            node.move_number,
            node.parent is game,
        )
        # An edit at the deepest level, and back through the text.
        node.add_variation("I23-I19", comment="deep")
        out["edited"] = cescacs.pgn.read_games(str(game))[0] == game
        del node, first, game, again

    out = on_small_stack(work)
    assert out == {
        "opens": depth,
        "equal": True,
        "moves": depth + 1,
        "ctl": "H6-H12",
        "ply": 1,
        "last": (0, 1, 0, 1, True),
        "edited": True,
    }


def test_an_unclosed_deep_nest_is_an_invalid_pgn_error_at_the_innermost_paren() -> None:
    depth = 20_000

    def work(out: Dict[str, Any]) -> None:
        with pytest.raises(InvalidPgnError) as info:
            cescacs.pgn.read_games(nested(depth, closed=False))
        out["where"] = (info.value.line, info.value.column)

    assert on_small_stack(work) == {"where": (1, 11 * depth)}


def test_stray_brackets_by_the_hundred_thousand_give_a_bounded_error_list() -> None:
    games, errors = cescacs.pgn.read_games("1. H6-H12 " + ")" * 100_000 + "\n*\n", lenient=True)
    assert len(games) == 1 and len(games[0].mainline_moves()) == 1
    assert len(errors) == 17
    assert "99984 more errors in this game were not reported" in str(errors[-1])


def test_iter_games_reads_lazily_and_goes_on_after_a_bad_game() -> None:
    text = "".join(f'[Event "{i}"]\n1. H6-H12, I23-I19\n*\n\n' for i in range(2000))
    text += '[Event "bad"]\n1. H6-H13\n*\n\n[Event "last"]\n1. E7-E13\n*\n'
    stream = io.StringIO(text)
    games = cescacs.pgn.iter_games(stream)
    first = next(games)
    assert first.headers["Event"] == "0"
    assert stream.tell() < 100, "only the first game was read"
    rest = []
    with pytest.raises(InvalidPgnError):
        for g in games:
            rest.append(g)
    assert len(rest) == 1999
    after = list(cescacs.pgn.iter_games(stream))
    assert [g.headers["Event"] for g in after] == ["last"]


def test_iter_games_reads_30_mb_in_bounded_memory(tmp_path: Any) -> None:
    """A 30 MB collection streams game by game: the reading process grows
    by less than 64 MB (its peak RSS, in a fresh interpreter)."""
    import pathlib
    import subprocess
    import sys

    games = sorted(
        (pathlib.Path(__file__).parents[2] / "tests" / "data" / "games").glob("*.ctl-pgn")
    )
    texts = [g.read_text(encoding="utf-8").rstrip("\n") for g in games]
    path = tmp_path / "many.ctl-pgn"
    n = size = 0
    with open(path, "w", encoding="utf-8") as f:
        while size < 30_000_000:
            for t in texts:
                chunk = f'[Event "copy {n}"]\n{t}\n\n'
                f.write(chunk)
                size += len(chunk.encode())
                n += 1
    script = (
        "import resource, sys, cescacs.pgn\n"
        "base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "with open(sys.argv[1], encoding='utf-8') as f:\n"
        "    games = plies = 0\n"
        "    for g in cescacs.pgn.iter_games(f):\n"
        "        games += 1\n"
        "        plies += g.end_ply()\n"
        "grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base\n"
        "print(games, plies, grown)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script, str(path)], capture_output=True, text=True, timeout=600
    )
    assert out.returncode == 0, out.stderr
    read, plies, grown_kb = map(int, out.stdout.split())
    per_round = sum(cescacs.pgn.read_game(t).end_ply() for t in texts)  # type: ignore[union-attr]
    assert read == n
    assert plies == per_round * (n // len(texts)) + sum(
        cescacs.pgn.read_game(t).end_ply()
        for t in texts[: n % len(texts)]  # type: ignore[union-attr]
    )
    assert grown_kb < 64 * 1024, f"grew by {grown_kb} KB"
