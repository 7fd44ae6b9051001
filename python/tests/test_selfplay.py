"""cescacs.random_games: seeded random self-play in Rust."""

from __future__ import annotations

import pytest

import cescacs

KINGS_AND_ROOKS = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1"


def test_same_seed_same_games_whatever_the_threads() -> None:
    games = cescacs.random_games(12, max_plies=80, seed=3, threads=1)
    assert len(games) == 12
    texts = [str(g) for g in games]
    for threads in (2, None):
        assert [
            str(g) for g in cescacs.random_games(12, max_plies=80, seed=3, threads=threads)
        ] == texts
    assert [str(g) for g in cescacs.random_games(12, max_plies=80, seed=4)] != texts


def test_games_are_legal_and_end_where_the_rules_say() -> None:
    for g in cescacs.random_games(20, max_plies=250, seed=11):
        assert g.ply() <= 250
        replay = cescacs.Game()
        for m in g.mainline_moves():
            replay.push(m)  # a Game refuses illegal moves and moves after the end
        assert replay.end_board() == g.end_board()
        if g.outcome() is None:
            assert g.ply() == 250 and g.result == "*"
        else:
            assert g.end_ply() == g.ply() and g.result == g.outcome().result()  # type: ignore[union-attr]
        # A written record reads back.
        assert str(cescacs.pgn.read_game(str(g))) == str(g)


def test_from_a_start_position() -> None:
    games = cescacs.random_games(3, max_plies=6, seed=1, start=KINGS_AND_ROOKS)
    assert all(g.board().pdtl() == KINGS_AND_ROOKS and g.ply() <= 6 for g in games)
    board_start = cescacs.random_games(3, max_plies=6, seed=1, start=cescacs.Board(KINGS_AND_ROOKS))
    assert [str(g) for g in board_start] == [str(g) for g in games]
    assert cescacs.random_games(0) == []
    with pytest.raises(cescacs.InvalidPdtlError):
        cescacs.random_games(1, start="nonsense")
    with pytest.raises(OverflowError):
        cescacs.random_games(-1)


def test_max_plies_none_plays_every_game_to_its_end() -> None:
    games = cescacs.random_games(8, max_plies=None, seed=2)
    assert all(g.outcome() is not None for g in games)
    # No limit is a limit above every game's length: the same games.
    longest = max(g.ply() for g in games)
    again = cescacs.random_games(8, max_plies=longest + 1, seed=2)
    assert [str(g) for g in again] == [str(g) for g in games]
    batch = cescacs.selfplay(8, max_plies=None, seed=2)
    assert [batch[i].ctl_moves() for i in range(8)] == [g.ctl_moves() for g in games]
    with pytest.raises((TypeError, OverflowError)):
        cescacs.random_games(2, max_plies=-1)
