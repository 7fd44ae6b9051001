"""cescacs.GameBatch and cescacs.selfplay: compact games, the same as
random_games, shards, NumPy arrays, training samples, Arrow and Parquet
round trips, and CTL-PGN collections read into a batch."""

from __future__ import annotations

import gc
import io
import sys
from pathlib import Path
from typing import List

import numpy as np
import pytest
from conftest import DATA

import cescacs
import cescacs.encode
import cescacs.pgn
from cescacs import GameBatch

KINGS_AND_ROOKS = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1"


def test_selfplay_holds_the_games_of_random_games() -> None:
    for threads in (1, 2):
        batch = cescacs.selfplay(30, max_plies=150, seed=9, threads=threads)
        games = cescacs.random_games(30, max_plies=150, seed=9)
        assert len(batch) == 30
        for i, g in enumerate(games):
            b = batch[i]
            assert b == g
            assert [m.long() for m in b.mainline_moves()] == [m.long() for m in g.mainline_moves()]
            assert b.outcome() == g.outcome() and b.result == g.result
        assert [str(g) for g in batch] == [str(g) for g in games]


def test_selfplay_from_a_start_position() -> None:
    batch = cescacs.selfplay(12, max_plies=300, seed=2, start=KINGS_AND_ROOKS)
    games = cescacs.random_games(12, max_plies=300, seed=2, start=cescacs.Board(KINGS_AND_ROOKS))
    assert list(batch) == games
    assert batch.starts == [KINGS_AND_ROOKS]
    assert batch.start_indices.tolist() == [0] * 12


def test_shards_with_first_are_pieces_of_one_stream() -> None:
    whole = cescacs.selfplay(40, max_plies=60, seed=5)
    shards = [
        cescacs.selfplay(n, max_plies=60, seed=5, first=k) for k, n in ((0, 13), (13, 14), (27, 13))
    ]
    for k, shard in zip((0, 13, 27), shards):
        assert (shard.seed, shard.first) == (5, k)
        for i in range(len(shard)):
            assert shard[i] == whole[k + i]
        assert shard == whole[k : k + len(shard)]
    assert GameBatch.concat(shards) == whole


def test_arrays() -> None:
    batch = cescacs.selfplay(20, max_plies=100, seed=4)
    games = cescacs.random_games(20, max_plies=100, seed=4)
    moves = batch.moves
    assert moves.dtype == np.uint16 and moves.base is batch and not moves.flags.writeable
    offsets = batch.offsets
    assert (
        offsets.dtype == np.int64
        and len(offsets) == 21
        and offsets[0] == 0
        and offsets[-1] == len(moves)
    )
    assert batch.plies.tolist() == [g.ply() for g in games]
    for i, g in enumerate(games):
        expected = [cescacs.encode.move_index(m) for m in g.mainline_moves()]
        assert moves[offsets[i] : offsets[i + 1]].tolist() == expected
        assert GameBatch.RESULTS[batch.results[i]] == g.result
        outcome = g.outcome()
        code = batch.terminations[i]
        assert GameBatch.TERMINATIONS[code] == (
            None if outcome is None else outcome.termination.value
        )
    # The view keeps the batch alive.
    del batch
    gc.collect()
    assert moves[: offsets[1]].tolist() == [
        cescacs.encode.move_index(m) for m in games[0].mainline_moves()
    ]
    assert GameBatch.RESULTS == ["3-0", "0-3", "2-1", "1-2", "1-1", "*"]
    assert GameBatch.TERMINATIONS == [None] + [t.value for t in cescacs.Termination]


def test_move_kinds() -> None:
    batch = cescacs.selfplay(30, max_plies=200, seed=21)
    kinds = batch.move_kinds()
    order = list(cescacs.MoveKind)
    assert kinds.dtype == np.uint8
    assert [order[k] for k in kinds] == [m.kind for g in batch for m in g.mainline_moves()]


def test_indexing_slicing_and_errors() -> None:
    batch = cescacs.selfplay(10, max_plies=40, seed=1)
    games = list(batch)
    assert batch[-1] == games[9] and batch[-10] == games[0]
    assert list(batch[2:5]) == games[2:5]
    assert list(batch[::-3]) == games[::-3]
    assert (batch[2:5].seed, batch[2:5].first) == (1, 2)
    assert batch[::2].seed is None
    assert len(batch[7:3]) == 0
    with pytest.raises(IndexError):
        batch[10]
    with pytest.raises(IndexError):
        batch[-11]
    with pytest.raises(TypeError):
        batch["a"]  # type: ignore[call-overload]
    assert "10 games" in repr(batch)


def test_pickle() -> None:
    import pickle

    batch = cescacs.selfplay(12, max_plies=50, seed=3, first=4)
    back = pickle.loads(pickle.dumps(batch))
    assert back == batch and (back.seed, back.first) == (3, 4)
    mixed = GameBatch.from_games(
        cescacs.random_games(2, max_plies=9, seed=1, start=KINGS_AND_ROOKS)
    )
    assert pickle.loads(pickle.dumps(mixed)) == mixed


def test_held_memory_is_two_bytes_a_ply() -> None:
    batch = cescacs.selfplay(500, max_plies=300, seed=0)
    plies = len(batch.moves)
    # 2 bytes a ply, 14 a game (offset, start index, result, termination), one start.
    assert batch.nbytes <= 2 * plies + 14 * 501 + 512
    assert batch.nbytes / plies < 4


def _boards(game: cescacs.Game) -> List[cescacs.Board]:
    board = game.board()
    out = []
    for m in game.mainline_moves():
        out.append(board.copy(stack=False))
        board.push(m)
    return out


def test_samples_match_encode() -> None:
    batch = cescacs.selfplay(6, max_plies=30, seed=8)
    s = batch.samples(mask=True)
    boards = [b for g in batch for b in _boards(g)]
    played = [cescacs.encode.move_index(m) for g in batch for m in g.mainline_moves()]
    n = len(boards)
    assert n == len(batch.moves)
    assert np.array_equal(s["planes"], cescacs.encode.planes(boards))
    assert np.array_equal(s["mask"], cescacs.encode.legal_mask(boards))
    assert s["played"].tolist() == played
    assert s["game"].tolist() == [i for i in range(6) for _ in range(batch.plies[i])]
    assert s["ply"].tolist() == [k for i in range(6) for k in range(batch.plies[i])]
    offsets = s["legal_offsets"]
    for k, board in enumerate(boards):
        legal = s["legal"][offsets[k] : offsets[k + 1]]
        assert sorted(legal.tolist()) == sorted(
            cescacs.encode.move_index(m) for m in board.legal_moves
        )
    assert s["value"].tolist() == [0.0] * n  # unfinished games


def test_samples_values_and_chosen_plies() -> None:
    game = cescacs.random_games(1, max_plies=6, seed=1)[0]
    game.result = "0-3"
    batch = GameBatch.from_games([game, game])
    s = batch.samples(planes=False, legal=False)
    assert set(s) == {"game", "ply", "played", "value"}
    assert s["value"].tolist() == [-1.0, 1.0] * 6
    some = batch.samples(plies=np.array([1, 7, 11]))
    assert some["game"].tolist() == [0, 1, 1] and some["ply"].tolist() == [1, 1, 5]
    everything = batch.samples()
    assert np.array_equal(some["planes"], everything["planes"][[1, 7, 11]])
    with pytest.raises(ValueError, match="below 12"):
        batch.samples(plies=[3, 12])


def test_arrow_and_parquet_round_trips(tmp_path: Path) -> None:
    pa = pytest.importorskip("pyarrow")
    batch = cescacs.selfplay(50, max_plies=120, seed=6)
    table = batch.to_arrow()
    assert table.column_names == [
        "moves",
        "result",
        "termination",
        "plies",
        "seed",
        "index",
        "start",
    ]
    assert str(table.schema.field("moves").type) == "list<item: uint16>"
    assert (
        table.column("moves").to_pylist()[3]
        == batch.moves[batch.offsets[3] : batch.offsets[4]].tolist()
    )
    assert table.column("index").to_pylist() == list(range(50))
    assert GameBatch.from_arrow(table) == batch
    # A table made by other tools: plain strings, no seed columns.
    plain = pa.table(
        {
            "moves": table.column("moves"),
            "result": table.column("result").cast(pa.string()),
            "termination": table.column("termination").cast(pa.string()),
            "start": table.column("start").cast(pa.string()),
        }
    )
    back = GameBatch.from_arrow(plain)
    assert list(back) == list(batch) and back.seed is None
    path = tmp_path / "games.parquet"
    batch.write_parquet(path)
    assert str(pa.parquet.read_schema(path).field("moves").type) == "list<element: string>"
    assert GameBatch.read_parquet(path) == batch
    batch.write_parquet(tmp_path / "ranks.parquet", moves="rank")
    assert GameBatch.read_parquet(tmp_path / "ranks.parquet") == batch
    assert GameBatch.read_parquet(str(path))[7] == batch[7]
    batch.write_parquet(tmp_path / "indices.parquet", moves="index")
    assert GameBatch.read_parquet(tmp_path / "indices.parquet") == batch
    # A slice of a table (a non-zero list offset) reads back too.
    assert GameBatch.from_arrow(table.slice(10, 5)) == batch[10:15]


def test_empty_batches() -> None:
    pytest.importorskip("pyarrow")
    empty = cescacs.selfplay(0, seed=4, first=9)
    assert len(empty) == 0 and list(empty) == [] and empty.offsets.tolist() == [0]
    assert empty.samples()["planes"].shape == (0, cescacs.encode.PLANES, cescacs.HEX_COUNT)
    for moves in ("index", "rank"):
        back = GameBatch.from_arrow(empty.to_arrow(moves=moves))
        assert back == empty and (back.seed, back.first) == (4, 9)
    no_moves = cescacs.selfplay(3, max_plies=0)
    assert no_moves.plies.tolist() == [0, 0, 0] and no_moves[2].ply() == 0
    assert GameBatch.from_arrow(no_moves.to_arrow()) == no_moves
    assert cescacs.selfplay(5, seed=1)[5:] == cescacs.selfplay(0, seed=1, first=5)


def test_ranks() -> None:
    pa = pytest.importorskip("pyarrow")
    batch = cescacs.selfplay(8, max_plies=60, seed=2)
    ranks = batch.ranks()
    assert ranks.dtype == np.uint16 and len(ranks) == len(batch.moves)
    assert np.array_equal(ranks, batch.ranks(threads=1))
    # The initial position's 68 moves take ranks 0-67: the Pegasi D2 and
    # H2 two each (0-3), the Knight E3 four (4-7), ..., the pawn F8 last.
    games = []
    for text in ("D2-B6", "H2-I7", "E3-C13", "B4-B6", "F6-E9", "F6-L21", "F8-E9", "F8-F12"):
        games.append(cescacs.Game())
        games[-1].push(cescacs.Move.from_long(text))
    assert GameBatch.from_games(games).ranks().tolist() == [0, 3, 7, 12, 42, 51, 64, 67]
    table = batch.to_arrow(moves="rank")
    assert "moves" not in table.column_names and GameBatch.RANK_VERSION == 2
    assert str(table.schema.field("ranks_v2").type) == "list<item: uint8>"
    assert GameBatch.from_arrow(table) == batch
    values = table.column("ranks_v2").to_pylist()
    values[1][0] = 200  # 68 moves in the initial position
    with pytest.raises(
        ValueError,
        match="game 1, ply 0: rank 200 names no legal move \\(the position has 68 legal moves\\)",
    ):
        GameBatch.from_arrow(
            table.set_column(0, "ranks_v2", pa.array(values, pa.list_(pa.uint8())))
        )
    # Ranks of another version are refused, "ranks" being version 1.
    for name, version in (("ranks", 1), ("ranks_v3", 3)):
        with pytest.raises(
            cescacs.dataset.RankVersionError,
            match=f"ranks of version {version}; this cescacs reads rank version 2 only",
        ):
            GameBatch.from_arrow(table.rename_columns([name, *table.column_names[1:]]))
    with pytest.raises(ValueError, match="'ctl', 'index', 'rank'"):
        batch.to_arrow(moves="san")


def test_parquet_of_mixed_starts_and_stated_results(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    games = cescacs.random_games(3, max_plies=20, seed=1) + cescacs.random_games(
        2, max_plies=20, seed=1, start=KINGS_AND_ROOKS
    )
    games[1].result = "1-1"
    batch = GameBatch.from_games(games)
    assert batch.starts == [cescacs.INITIAL_PDTL, KINGS_AND_ROOKS]
    batch.write_parquet(tmp_path / "mixed.parquet")
    back = GameBatch.read_parquet(tmp_path / "mixed.parquet")
    assert back == batch and list(back) == games and back[1].result == "1-1"


def test_from_arrow_checks_every_move() -> None:
    pa = pytest.importorskip("pyarrow")
    table = cescacs.selfplay(4, max_plies=10, seed=3).to_arrow()
    moves = table.column("moves").to_pylist()
    moves[2][4] = moves[2][3]  # the previous move again: not legal
    bad = table.set_column(0, "moves", pa.array(moves, pa.list_(pa.uint16())))
    with pytest.raises(ValueError, match="game 2, ply 4"):
        GameBatch.from_arrow(bad)
    wrong = table.set_column(1, "result", pa.array(["2-0"] * 4))
    with pytest.raises(ValueError, match="unknown result '2-0'"):
        GameBatch.from_arrow(wrong)
    with pytest.raises(ValueError, match="no moves column"):
        GameBatch.from_arrow(table.drop_columns(["moves"]))


def test_missing_pyarrow_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(ImportError, match=r"pip install 'cescacs\[arrow\]'") as e:
        cescacs.selfplay(1, max_plies=4).to_arrow()
    assert type(e.value).__name__ == "MissingExtraError"


def test_read_batch_from_a_path_and_a_stream(tmp_path: Path) -> None:
    games = cescacs.random_games(5, max_plies=40, seed=2) + cescacs.random_games(
        2, max_plies=40, seed=2, start=KINGS_AND_ROOKS
    )
    text = cescacs.pgn.write_games(games)
    path = tmp_path / "games.ctl-pgn"
    path.write_text(text, encoding="utf-8")
    expected = GameBatch.from_games(games)
    assert cescacs.pgn.read_batch(path) == expected
    assert cescacs.pgn.read_batch(str(path)) == expected
    assert cescacs.pgn.read_batch(io.StringIO(text)) == expected
    real = sorted((DATA / "games").glob("*.ctl-pgn"))
    for f in real:
        records = cescacs.pgn.read_games(io.StringIO(f.read_text(encoding="utf-8")))
        assert list(cescacs.pgn.read_batch(f)) == [g for g in GameBatch.from_games(records)]
        assert [g.result for g in cescacs.pgn.read_batch(f)] == [g.result for g in records]


def test_read_batch_raises_at_the_first_bad_game(tmp_path: Path) -> None:
    text = '[Event "a"]\n1. E7-E13, E21-E15\n*\n\n[Event "b"]\n1. E7-E19\n*\n'
    with pytest.raises(cescacs.InvalidPgnError) as e:
        cescacs.pgn.read_batch(io.StringIO(text))
    assert e.value.line == 6
    with pytest.raises(OSError):
        cescacs.pgn.read_batch(tmp_path / "missing.ctl-pgn")


def _finished_and_not() -> GameBatch:
    """Six games cut at 30 plies, eight played to their end (mates, a
    stalemate, 75-move draws), two from Kings and Rooks (drawn by
    insufficient material)."""
    return GameBatch.concat(
        [
            cescacs.selfplay(6, max_plies=30, seed=7),
            cescacs.selfplay(8, max_plies=None, seed=7, first=20),
            cescacs.selfplay(2, max_plies=None, seed=7, start=KINGS_AND_ROOKS),
        ]
    )


def test_masks_and_index_arrays_pick_games_like_numpy() -> None:
    batch = _finished_and_not()
    games = list(batch)
    assert batch.results.labels() == ["*"] * 6 + [
        "3-0",
        "1-1",
        "0-3",
        "3-0",
        "1-1",
        "1-1",
        "1-2",
        "1-1",
        "1-1",
        "1-1",
    ]
    finished = batch[batch.results != "*"]
    assert list(finished) == games[6:]
    assert np.array_equal(finished.results, batch.results[batch.results != "*"])
    assert np.array_equal(finished.terminations, batch.terminations[6:])
    assert finished.starts == [cescacs.INITIAL_PDTL, KINGS_AND_ROOKS]
    mates = batch[batch.terminations == "checkmate"]
    assert mates.plies.tolist() == [205, 552, 599] and mates.results.labels() == [
        "3-0",
        "0-3",
        "3-0",
    ]
    assert list(batch[batch.terminations == cescacs.Termination.CHECKMATE]) == list(mates)
    assert list(batch[batch.results.isin(["3-0", "0-3"])]) == list(mates)
    assert list(batch[[1, 5, 7]]) == [games[1], games[5], games[7]]
    assert list(batch[np.array([-1, 0, 0, 15])]) == [games[15], games[0], games[0], games[15]]
    assert list(batch[(3, -3)]) == [games[3], games[13]]
    assert list(batch[[True, False] * 8]) == games[::2]
    picked = batch[np.array([14, 2, 14], dtype=np.uint8)]
    assert picked.plies.tolist() == [batch.plies[14], 30, batch.plies[14]]
    assert picked.starts == [KINGS_AND_ROOKS, cescacs.INITIAL_PDTL]
    assert picked.start_indices.tolist() == [0, 1, 0]
    assert batch[np.int64(-2)] == games[14] and batch[np.uint16(4)] == games[4]
    assert len(batch[[]]) == 0 and len(batch[np.array([], dtype=np.int64)]) == 0
    assert len(batch[np.zeros(16, dtype=bool)]) == 0


def test_index_arrays_keep_the_seed_when_they_are_a_range() -> None:
    batch = cescacs.selfplay(10, max_plies=30, seed=3, first=5)
    assert (batch[[2, 3, 4]].seed, batch[[2, 3, 4]].first) == (3, 7)
    assert batch[[-3, -2, -1]] == cescacs.selfplay(3, max_plies=30, seed=3, first=12)
    assert batch[[4, 3]].seed is None
    mask = np.zeros(10, dtype=bool)
    mask[6:9] = True
    assert batch[mask] == batch[6:9] and batch[mask].first == 11


def test_contiguous_selections_share_the_moves() -> None:
    batch = cescacs.selfplay(600, max_plies=40, seed=8)
    copied = GameBatch.from_games(list(batch)[10:500])
    cut = batch[10:500]
    assert np.shares_memory(cut.moves, batch.moves) and not np.shares_memory(
        copied.moves, batch.moves
    )
    assert (cut.seed, cut.first, copied.seed) == (8, 10, None)
    assert np.array_equal(cut.moves, copied.moves) and np.array_equal(cut.offsets, copied.offsets)
    assert np.array_equal(cut.ranks(), copied.ranks()) and list(cut) == list(copied)
    # An ascending run of indices or of a mask's flags shares too; other
    # selections copy.
    assert np.shares_memory(batch[[3, 4, 5]].moves, batch.moves)
    assert np.shares_memory(
        batch[(np.arange(600) >= 20) & (np.arange(600) < 30)].moves, batch.moves
    )
    assert not np.shares_memory(batch[[5, 3]].moves, batch.moves)
    assert not np.shares_memory(batch[::2].moves, batch.moves)
    # A view of a slice stays valid when the batch and the slice are gone.
    expected = batch.moves[batch.offsets[10] : batch.offsets[500]].copy()
    view = cut.moves
    del batch, cut
    gc.collect()
    assert np.array_equal(view, expected)


def test_bad_keys_say_what_to_give() -> None:
    batch = cescacs.selfplay(10, max_plies=20, seed=1)
    with pytest.raises(IndexError, match="game index 10 is out of range for 10 games"):
        batch[[0, 10]]
    with pytest.raises(IndexError, match="game index -11 is out of range for 10 games"):
        batch[np.array([-11])]
    with pytest.raises(IndexError, match="game index 18446744073709551615"):
        batch[np.array([2**64 - 1], dtype=np.uint64)]
    with pytest.raises(ValueError, match="the mask has 9 entries for 10 games"):
        batch[np.ones(9, dtype=bool)]
    with pytest.raises(ValueError, match="a bool mask of one flag per game.*dtype float64"):
        batch[np.array([1.0, 2.0])]
    with pytest.raises(ValueError, match="2 dimensions"):
        batch[np.zeros((2, 2), dtype=np.int64)]
    with pytest.raises(TypeError, match="GameBatch indices must be"):
        batch["a"]  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="GameBatch indices must be"):
        batch[b"ab"]  # type: ignore[call-overload]


def test_ctl_column_is_the_games_ctl_an() -> None:
    pa = pytest.importorskip("pyarrow")
    batch = _finished_and_not()
    table = batch.to_arrow(moves="ctl")
    assert table.column_names == [
        "moves",
        "result",
        "termination",
        "plies",
        "seed",
        "index",
        "start",
    ]
    assert str(table.schema.field("moves").type) == "list<item: string>"
    assert table.column("moves").to_pylist() == [g.ctl_moves() for g in batch]
    assert table.column("moves").to_pylist()[0][:4] == batch[0].ctl_moves()[:4]
    mates = [
        row[-1]
        for row, r in zip(table.column("moves").to_pylist(), batch.results.labels())
        if r in ("3-0", "0-3")
    ]
    assert mates and all(m.endswith("#") for m in mates)
    assert GameBatch.from_arrow(table) == batch
    assert GameBatch.from_arrow(table.slice(7, 4)) == batch[7:11]
    moves = table.column("moves").to_pylist()
    moves[9][2] = "E7-E19"
    bad = table.set_column(0, "moves", pa.array(moves, pa.list_(pa.string())))
    with pytest.raises(
        ValueError, match='game 9, ply 2: "E7-E19" is not a legal CTL-AN move there'
    ):
        GameBatch.from_arrow(bad)
    moves[9][2] = None
    with pytest.raises(ValueError, match="null moves"):
        GameBatch.from_arrow(table.set_column(0, "moves", pa.array(moves, pa.list_(pa.string()))))


def test_results_and_terminations_are_readable_labels() -> None:
    pytest.importorskip("pyarrow")
    batch = _finished_and_not()
    table = batch.to_arrow()
    result = table.column("result").combine_chunks()
    assert str(result.type) == "dictionary<values=string, indices=int8, ordered=0>"
    assert (
        result.dictionary.to_pylist()
        == ["3-0", "0-3", "2-1", "1-2", "1-1", "*"]
        == GameBatch.RESULTS
    )
    assert result.to_pylist() == ["*"] * 6 + [
        "3-0",
        "1-1",
        "0-3",
        "3-0",
        "1-1",
        "1-1",
        "1-2",
        "1-1",
        "1-1",
        "1-1",
    ]
    termination = table.column("termination").combine_chunks()
    assert termination.dictionary.to_pylist() == [
        "checkmate",
        "stalemate",
        "fivefold repetition",
        "75-move rule",
        "insufficient material",
    ]
    assert termination.to_pylist() == [None] * 6 + [
        "checkmate",
        "75-move rule",
        "checkmate",
        "checkmate",
        "75-move rule",
        "75-move rule",
        "stalemate",
        "75-move rule",
        "insufficient material",
        "insufficient material",
    ]
    assert [GameBatch.TERMINATIONS[c] for c in batch.terminations] == termination.to_pylist()
    assert [GameBatch.RESULTS[c] for c in batch.results] == result.to_pylist()


def test_from_arrow_takes_readers_streams_and_frames() -> None:
    pytest.importorskip("pyarrow")
    batch = cescacs.selfplay(5, max_plies=30, seed=2)
    table = batch.to_arrow(moves="ctl")

    class Stream:
        def __init__(self, t: object) -> None:
            self.t = t

        def __arrow_c_stream__(self, requested_schema: object = None) -> object:
            return self.t.__arrow_c_stream__(requested_schema)  # type: ignore[attr-defined]

    class Frame:
        def to_arrow(self) -> object:
            return table

    assert GameBatch.from_arrow(Stream(table)) == batch
    assert GameBatch.from_arrow(Frame()) == batch
    assert GameBatch.from_arrow(table.to_reader()) == batch
    assert GameBatch.from_arrow(table.to_batches()[0]) == batch
    with pytest.raises(TypeError, match="__arrow_c_stream__"):
        GameBatch.from_arrow([1, 2, 3])


def test_polars_reads_and_filters_the_parquet_default(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    pl = pytest.importorskip("polars")
    batch = _finished_and_not()
    path = tmp_path / "games.parquet"
    batch.write_parquet(path)
    df = pl.read_parquet(path)
    assert df.schema["moves"] == pl.List(pl.String)
    assert df["moves"].to_list() == [g.ctl_moves() for g in batch]
    assert df["result"].cast(pl.String).to_list() == batch.results.labels()
    assert df["plies"].to_list() == batch.plies.tolist()
    assert GameBatch.from_arrow(df) == batch
    finished = df.filter(pl.col("result").cast(pl.String) != "*")
    assert GameBatch.from_arrow(finished) == batch[batch.results != "*"]
    mates = df.filter(pl.col("termination").cast(pl.String) == "checkmate")
    assert GameBatch.from_arrow(mates) == batch[batch.terminations == "checkmate"]
    for moves in ("index", "rank"):
        batch.write_parquet(tmp_path / f"{moves}.parquet", moves=moves)
        assert GameBatch.from_arrow(pl.read_parquet(tmp_path / f"{moves}.parquet")) == batch
    assert GameBatch.from_arrow(pl.from_arrow(batch.to_arrow())) == batch


def test_pandas_reads_the_parquet_default(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    pd = pytest.importorskip("pandas")
    batch = cescacs.selfplay(4, max_plies=12, seed=5)
    batch.write_parquet(tmp_path / "games.parquet")
    df = pd.read_parquet(tmp_path / "games.parquet")
    assert [list(m) for m in df["moves"]] == [g.ctl_moves() for g in batch]
    assert list(df["result"].astype(str)) == ["*"] * 4
    assert GameBatch.from_arrow(df) == batch


def test_samples_take_plies_in_any_order() -> None:
    batch = cescacs.selfplay(3, max_plies=10, seed=6)
    everything = batch.samples(mask=True)
    plies = [21, 4, 21, 0, 4]
    some = batch.samples(plies=plies, mask=True)
    assert some["game"].tolist() == [2, 0, 2, 0, 0] and some["ply"].tolist() == [1, 4, 1, 0, 4]
    for key in ("played", "value", "planes", "mask"):
        assert np.array_equal(some[key], everything[key][plies])
    offsets = everything["legal_offsets"]
    legal = [everything["legal"][offsets[p] : offsets[p + 1]].tolist() for p in plies]
    got = some["legal_offsets"]
    assert [some["legal"][got[k] : got[k + 1]].tolist() for k in range(5)] == legal


def test_results_compare_with_labels_and_refuse_unknown_ones() -> None:
    """A results or terminations column compares with its labels; a label it
    does not know raises instead of selecting every game."""
    batch = _finished_and_not()
    assert (batch.results != "*").tolist() == [False] * 6 + [True] * 10
    assert ("*" == batch.results).tolist() == (batch.results == "*").tolist()
    assert (batch.results == ["3-0"] * 16).sum() == 2
    assert (batch.terminations == None).sum() == 6  # noqa: E711
    assert batch.terminations[6:7].labels() == ["checkmate"]
    assert (
        str(batch.results[:2]) == "['*', '*']"
        and repr(batch.results[6:8]) == "ResultCodes(['3-0', '1-1'])"
    )
    for bad in ("3:0", "white wins", "CHECKMATE"):
        with pytest.raises(ValueError, match="unknown (result|termination)"):
            _ = batch.results == bad if ":" in bad or " " in bad else batch.terminations == bad
    with pytest.raises(
        ValueError,
        match=r"unknown result '3:0' \(expected one of '3-0', '0-3', '2-1', '1-2', '1-1', '\*'\)",
    ):
        _ = batch.results != "3:0"
    assert (batch.results != 5).tolist() == (batch.results != "*").tolist()


def test_from_arrow_of_move_lists_alone() -> None:
    """A frame of move lists alone (CTL-AN strings or move indices) makes a
    batch: every game from the initial position, each termination the
    rules' and, for a game they ended, its result; the others ``*``."""
    import polars as pl

    batch = cescacs.selfplay(40, seed=2)
    ended = batch[batch.terminations != None][:2]  # noqa: E711
    going = cescacs.selfplay(2, max_plies=7, seed=3)
    both = GameBatch.concat([ended, going])
    df = pl.DataFrame({"moves": [g.ctl_moves() for g in both]})
    got = GameBatch.from_arrow(df)
    assert got == both
    assert got.results.labels()[2:] == ["*", "*"] and got.terminations.labels()[2:] == [None, None]
    assert (
        got.terminations.labels()[:2] == ended.terminations.labels()
        and got.results.labels()[:2] == ended.results.labels()
    )
    by_index = GameBatch.from_arrow(both.to_arrow().select(["moves"]))
    assert by_index == both
    stated = GameBatch.from_arrow(pl.DataFrame({"moves": [["E7-E13"]], "result": ["1-1"]}))
    assert stated.results.labels() == ["1-1"] and stated.terminations.labels() == [None]
    with pytest.raises(ValueError, match="game 0"):
        GameBatch.from_arrow(pl.DataFrame({"moves": [["E7-E13", "E7-E13"]]}))


def test_from_parts_refuses_a_result_or_termination_code_past_its_table() -> None:
    # One game of no moves from the initial position, its codes given raw.
    moves = np.zeros(0, dtype=np.uint16)
    offsets = np.array([0, 0], dtype=np.int64)
    starts = [cescacs.Board().pdtl()]
    start_indices = np.zeros(1, dtype=np.uint32)
    star = np.array([cescacs.GameBatch.RESULTS.index("*")], dtype=np.uint8)
    none = np.zeros(1, dtype=np.uint8)
    bad = np.array([99], dtype=np.uint8)
    parts = (moves, offsets, starts, start_indices)
    with pytest.raises(ValueError, match="^result code 99 is out of range$"):
        cescacs.GameBatch._from_parts(*parts, bad, none)
    with pytest.raises(ValueError, match="^termination code 99 is out of range$"):
        cescacs.GameBatch._from_parts(*parts, star, bad)
    assert len(cescacs.GameBatch._from_parts(*parts, star, none)) == 1
