"""cescacs.env: the PettingZoo AEC environment passes PettingZoo's own tests,
and VecEnv steps its games exactly as the rules and Board do."""

from __future__ import annotations

import subprocess
import sys
import warnings
from typing import List, Optional

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import cescacs  # noqa: E402
import cescacs.encode as encode  # noqa: E402
from cescacs.env import VecEnv, env, raw_env, reward  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402
from gymnasium.spaces import MultiDiscrete  # noqa: E402

START = encode.planes(cescacs.Board())[0]


def first_game_ending(termination: cescacs.Termination) -> cescacs.Game:
    """The first of 200 seeded random games (seed 23, up to 3000 plies) that
    ends this way (research/tests/episode.rs: 58 mates, 1 stalemate)."""
    for g in cescacs.random_games(200, max_plies=3000, seed=23):
        o = g.end_board().outcome()
        if o is not None and o.termination == termination:
            return g
    raise AssertionError(f"no {termination} among the games")


@pytest.fixture(scope="module")
def mate() -> cescacs.Game:
    return first_game_ending(cescacs.Termination.CHECKMATE)


@pytest.fixture(scope="module")
def stalemate() -> cescacs.Game:
    return first_game_ending(cescacs.Termination.STALEMATE)


# --- the AEC environment -------------------------------------------------


def test_pettingzoo_api_test() -> None:
    with warnings.catch_warnings():
        # "Observation is not a NumPy array": a dict, as chess_v6's.
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(), num_cycles=300)
        api_test(env(max_plies=40), num_cycles=100)
        api_test(env(history=8), num_cycles=100)


def test_pettingzoo_seed_test() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        seed_test(env, num_cycles=100)
        seed_test(lambda **kw: env(history=4, **kw), num_cycles=100)


def test_metadata_and_first_observation() -> None:
    e = env(render_mode="ansi")
    assert e.metadata == {
        "render_modes": ["ansi", "rgb_array"],
        "name": "cescacs_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }
    e.reset(seed=0)
    assert e.possible_agents == ["player_0", "player_1"]
    assert e.agent_selection == "player_0"
    obs, rew, term, trunc, info = e.last()
    assert obs["observation"].dtype == np.uint8 and obs["observation"].shape == (28, 169)
    assert np.array_equal(obs["observation"], START)
    assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].shape == (30001,)
    assert np.array_equal(obs["action_mask"], encode.legal_mask(cescacs.Board())[0].astype(np.int8))
    assert int(obs["action_mask"].sum()) == 68
    # The agent not to move sees no legal action, and the board from its side.
    black = e.observe("player_1")
    assert int(black["action_mask"].sum()) == 0
    assert np.array_equal(
        black["observation"], encode.planes(cescacs.Board(), side=cescacs.BLACK)[0]
    )
    # The initial position is its own colour-swapped mirror: only the turn differs.
    differs = [p for p in range(28) if not np.array_equal(black["observation"][p], START[p])]
    assert differs == [18] and black["observation"][18].tolist() == [0] * 169
    assert (rew, term, trunc, info) == (0, False, False, {})
    assert e.render() == str(cescacs.Board())


def test_rgb_array_render_is_the_image_of_the_board() -> None:
    import cescacs.image

    e = env(render_mode="rgb_array")
    e.reset(seed=0)
    first = e.render()
    assert first.dtype == np.uint8 and first.ndim == 3 and first.shape[2] == 3
    assert np.array_equal(first, cescacs.image.rgb_array(cescacs.Board()))
    e.step(encode.move_index(cescacs.Board().parse_ctl("E7-E13")))
    board = cescacs.Board()
    board.push_ctl("E7-E13")
    assert np.array_equal(e.render(), cescacs.image.rgb_array(board))
    assert not np.array_equal(e.render(), first)


def play_aec(game: cescacs.Game) -> tuple:
    """The game played in the AEC environment, each move given in its
    agent's frame."""
    e = env()
    e.reset()
    board = cescacs.Board()
    for m in game.mainline_moves():
        assert not any(e.terminations.values())
        e.step(encode.move_index(m, side=board.turn))
        board.push(m)
    return e


def test_a_mate_gives_plus_and_minus_one(mate: cescacs.Game) -> None:
    e = play_aec(mate)
    o = mate.end_board().outcome()
    winner, loser = (
        ("player_0", "player_1") if o.winner == cescacs.WHITE else ("player_1", "player_0")
    )
    assert e.terminations == {"player_0": True, "player_1": True}
    assert e.truncations == {"player_0": False, "player_1": False}
    assert e.rewards == {winner: 1.0, loser: -1.0}
    assert e.infos[winner] == {"result": o.result(), "termination": "checkmate"}
    assert np.array_equal(
        e.observe(winner)["observation"], encode.planes(mate.end_board(), side=o.winner)[0]
    )


def test_a_stalemate_gives_a_third(stalemate: cescacs.Game) -> None:
    e = play_aec(stalemate)
    o = stalemate.end_board().outcome()
    winner, loser = (
        ("player_0", "player_1") if o.winner == cescacs.WHITE else ("player_1", "player_0")
    )
    # The rules' reward, a float32 value (as VecEnv's rewards).
    assert e.rewards == {winner: np.float32(1 / 3), loser: np.float32(-1 / 3)}
    assert (
        e.infos[winner]["result"] in ("2-1", "1-2")
        and e.infos[winner]["termination"] == "stalemate"
    )


def test_reward_mapping() -> None:
    O, T, W, B = cescacs.Outcome, cescacs.Termination, cescacs.WHITE, cescacs.BLACK
    assert (
        reward(O(T.CHECKMATE, B, (0, 3)), W) == -1.0 and reward(O(T.CHECKMATE, B, (0, 3)), B) == 1.0
    )
    third = np.float32(1 / 3)
    assert (
        reward(O(T.STALEMATE, W, (2, 1)), W) == third
        and reward(O(T.STALEMATE, W, (2, 1)), B) == -third
    )
    # A draw is +0.0 for both sides (never negative zero).
    for color in (W, B):
        assert str(reward(O(T.SEVENTYFIVE_MOVES, None, (1, 1)), color)) == "0.0"
    assert reward(None, B) == 0.0


def test_truncation_and_illegal_actions() -> None:
    e = env(max_plies=2)
    e.reset()
    for _ in range(2):
        agent = e.agent_selection
        e.step(int(np.flatnonzero(e.observe(agent)["action_mask"])[0]))
    assert e.truncations == {"player_0": True, "player_1": True}
    assert e.rewards == {"player_0": 0, "player_1": 0}
    # An illegal action: reward -1 for its agent, game over (TerminateIllegalWrapper).
    e = env()
    e.reset()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(0)
    assert e.terminations == {"player_0": True, "player_1": True}
    assert e.rewards == {"player_0": -1, "player_1": 0}
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(render_mode="human")
    with pytest.raises(ValueError, match="max_plies"):
        raw_env(max_plies=0)


def mirror_hex(name: str) -> str:
    """Hex (c, l) to (c, 28 - l), by its name."""
    column, line = name.rstrip("0123456789"), name.lstrip("PTABCDEFGHIKLXZ")
    return f"{column}{28 - int(line)}"


def colour_swapped_mirror(pdtl: str) -> str:
    """The PDTL of the position with the colours swapped and the board
    mirrored across the midline, written from the PDTL text alone
    (NOTATION.md §5): every line l becomes line 28 - l with its letters'
    case swapped (the columns keep their left-to-right order), the other
    side moves, the castling parts change hands, the special capture's
    hexes and lines are mirrored; the clocks stay."""
    placement, turn, castling, special, halfmove, fullmove = pdtl.split(" ")
    records = [r.split(":") for r in placement.strip("/").split("/")]
    lines = sorted(((28 - int(l), c.swapcase()) for l, c in records), reverse=True)
    placement = "/" + "".join(f"{l}:{c}/" for l, c in lines)
    cut = 1 if castling.startswith("-") else len(castling) - len(castling.lstrip("RK"))
    white, black = castling[:cut], castling[cut:]
    castling = black.upper() + white.lower()
    if "@" in special:
        left, right = special.split("@")
        if right[0].isalpha():  # capturer@scornful pawn
            special = f"{mirror_hex(left)}@{mirror_hex(right)}"
        else:  # en passant: pawn hex @ target lines
            special = f"{mirror_hex(left)}@" + "-".join(
                str(l) for l in sorted(28 - int(x) for x in right.split("-"))
            )
    elif special != "-":  # a scornful pawn
        special = mirror_hex(special)
    return " ".join([placement, "b" if turn == "w" else "w", castling, special, halfmove, fullmove])


@pytest.fixture(scope="module")
def positions() -> List[cescacs.Board]:
    """Every position of 6 random games (seed 4, up to 400 plies)."""
    out = []
    for g in cescacs.random_games(6, max_plies=400, seed=4):
        out += [g.board_at(i) for i in range(len(g.mainline_moves()) + 1)]
    return out


def test_blacks_view_is_the_colour_swapped_mirrored_position(
    positions: List[cescacs.Board],
) -> None:
    """Exactly, plane by plane and move by move: Black's planes and mask of a
    position are White's of its colour-swapped mirror."""
    mirrors = [cescacs.Board(colour_swapped_mirror(b.pdtl())) for b in positions]
    assert [colour_swapped_mirror(m.pdtl()) for m in mirrors] == [b.pdtl() for b in positions]
    assert np.array_equal(encode.planes(positions, side=cescacs.BLACK), encode.planes(mirrors))
    assert np.array_equal(encode.planes(mirrors, side=cescacs.BLACK), encode.planes(positions))
    assert np.array_equal(
        encode.planes(positions, side=cescacs.BLACK, grid=True), encode.planes(mirrors, grid=True)
    )
    assert np.array_equal(
        encode.legal_mask(positions, side=cescacs.BLACK), encode.legal_mask(mirrors)
    )
    special = sum(b.pdtl().split(" ")[3] != "-" for b in positions)
    assert len(positions) > 1500 and special > 100, (len(positions), special)
    m = encode.mirror_actions()
    assert m.dtype == np.int64 and m.shape == (30001,)
    assert np.array_equal(m[m], np.arange(30001)) and sorted(m.tolist()) == list(range(30001))
    for b, mirror in zip(positions[::50], mirrors[::50]):
        for move in b.legal_moves:
            i = encode.move_index(move, side=cescacs.BLACK)
            assert i == m[encode.move_index(move)]
            assert encode.index_move(b, i, side=cescacs.BLACK) == move
            after, after_mirror = b.copy(), mirror.copy()
            after.push(move)
            after_mirror.push(encode.index_move(mirror, i))
            # The same position after the move but for the move number (it counts Black's moves).
            fields = lambda x: x.pdtl().rsplit(" ", 1)[0]
            assert fields(after_mirror) == fields(
                cescacs.Board(colour_swapped_mirror(after.pdtl()))
            )


def test_each_agent_sees_and_plays_from_its_own_side() -> None:
    """A random game through the AEC environment: every observation is the
    planes of the agent's side, its mask marks the legal moves in its frame,
    and the index it gives is the mirrored move for player_1."""
    e = env()
    e.reset()
    board = cescacs.Board()
    rng = np.random.default_rng(0)
    for agent in e.agent_iter(max_iter=200):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        side = cescacs.WHITE if agent == "player_0" else cescacs.BLACK
        assert side == board.turn
        view = (
            board if side == cescacs.WHITE else cescacs.Board(colour_swapped_mirror(board.pdtl()))
        )
        assert np.array_equal(obs["observation"], encode.planes(view)[0])
        assert np.array_equal(obs["action_mask"], encode.legal_mask(view)[0].view(np.int8))
        other = "player_1" if agent == "player_0" else "player_0"
        assert np.array_equal(e.observe(other)["observation"], encode.planes(board, side=~side)[0])
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        move = encode.index_move(board, action, side=side)
        if side == cescacs.BLACK:
            assert move == encode.index_move(board, int(encode.mirror_actions()[action]))
        e.step(action)
        board.push(move)
        assert e.unwrapped.board.pdtl() == board.pdtl()
    # Black's first move given in White's frame is not its move: E21-E15 is E7-E13 mirrored.
    e.reset()
    e.step(encode.move_index(cescacs.Board().parse_ctl("G7-G9")))
    e.step(encode.move_index(cescacs.Board().parse_ctl("E7-E13")))
    played = e.unwrapped.board.pdtl()
    expected = cescacs.Board()
    expected.push_ctl("G7-G9")
    expected.push_ctl("E21-E15")
    assert played == expected.pdtl()


def test_history_stacks_the_last_positions_from_the_agents_side() -> None:
    e = env(history=3)
    e.reset()
    assert e.observation_space("player_0")["observation"].shape == (84, 169)
    obs = e.observe("player_0")["observation"]
    assert obs.shape == (84, 169) and obs.dtype == np.uint8
    assert np.array_equal(obs[:28], START) and not obs[28:].any()
    boards = [cescacs.Board()]
    for text in ["E7-E13", "E21-E15", "G7-G9", "G21-G19"]:
        b = boards[-1].copy()
        b.push_ctl(text)
        agent = e.agent_selection
        e.step(encode.move_index(boards[-1].parse_ctl(text), side=boards[-1].turn))
        boards.append(b)
        for a, side in (("player_0", cescacs.WHITE), ("player_1", cescacs.BLACK)):
            recent = boards[::-1][:3]
            expected = np.zeros((84, 169), np.uint8)
            expected[: 28 * len(recent)] = encode.planes(recent, side=side).reshape(-1, 169)
            assert np.array_equal(e.observe(a)["observation"], expected), (text, a)
        assert agent != e.agent_selection
    e.reset()
    assert not e.observe("player_1")["observation"][28:].any()
    for bad in (0, -1, 1.5, True):
        with pytest.raises(ValueError, match="history"):
            raw_env(history=bad)  # type: ignore[arg-type]


def test_missing_extra_names_it() -> None:
    code = (
        "import sys; sys.modules['pettingzoo'] = None\n"
        "try:\n    import cescacs.env\nexcept ImportError as e:\n    print(e)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert (
        out
        == 'cescacs.env needs PettingZoo, Gymnasium and NumPy (pettingzoo is missing): pip install "cescacs[env]"\n'
    )


# --- VecEnv ----------------------------------------------------------------


def boards_of(v: VecEnv) -> List[cescacs.Board]:
    return [v.board(i) for i in range(v.num_envs)]


def test_reset_gives_the_initial_planes() -> None:
    v = VecEnv(5, seed=0)
    obs, infos = v.reset()
    assert obs.shape == (5, 28, 169) and obs.dtype == np.uint8 and infos == {}
    assert all(np.array_equal(o, START) for o in obs)
    assert v.observation_space.shape == (5, 28, 169) and v.single_action_space.n == 30001
    assert v.metadata["autoreset_mode"].value == "SameStep"


def test_steps_follow_board_and_legal_actions_match() -> None:
    v = VecEnv(70, seed=9)  # 70 >= 64: the step runs on both cores
    v.reset()
    boards = [cescacs.Board() for _ in range(70)]
    for _ in range(30):
        indices, offsets = v.legal_actions()
        assert offsets.dtype == np.int64 and offsets.shape == (71,) and offsets[0] == 0
        for i, b in enumerate(boards):
            assert indices[offsets[i] : offsets[i + 1]].tolist() == [
                encode.move_index(m) for m in b.legal_moves
            ]
        assert np.array_equal(v.action_masks(), encode.legal_mask(boards))
        actions = v.sample_actions()
        assert all(a in indices[offsets[i] : offsets[i + 1]] for i, a in enumerate(actions))
        obs, rewards, term, trunc, infos = v.step(actions)
        for b, a in zip(boards, actions):
            b.push(encode.index_move(b, int(a)))
        assert np.array_equal(obs, encode.planes(boards))
        assert not term.any() and not trunc.any() and not rewards.any() and infos == {}
    assert [v.pdtl(i) for i in range(70)] == [b.pdtl() for b in boards]
    assert v.plies().tolist() == [30] * 70


def test_a_mate_rewards_the_mover_and_resets_in_the_same_step(mate: cescacs.Game) -> None:
    moves = mate.mainline_moves()
    before = mate.board_at(len(moves) - 1)
    o = mate.end_board().outcome()
    v = VecEnv(2, start=before.pdtl())
    v.reset()

    def goes_on(m: cescacs.Move) -> bool:
        b = before.copy()
        b.push(m)
        return b.outcome() is None

    other = next(m for m in before.legal_moves if goes_on(m))
    obs, rewards, term, trunc, infos = v.step(
        np.array([encode.move_index(moves[-1]), encode.move_index(other)])
    )
    assert rewards.dtype == np.float32
    assert rewards.tolist() == [1.0, 0.0]
    assert term.tolist() == [True, False] and trunc.tolist() == [False, False]
    # Game 0 is back at its start; game 1 goes on.
    assert np.array_equal(obs[0], encode.planes(before)[0])
    assert np.array_equal(infos["final_obs"][0], encode.planes(mate.end_board())[0])
    assert infos["_final_obs"].tolist() == [True, False] and infos["final_obs"][1] is None
    fi = infos["final_info"]
    assert (fi["result"][0], fi["termination"][0], int(fi["plies"][0])) == (
        o.result(),
        "checkmate",
        1,
    )
    assert v.plies().tolist()[0] == 0


def test_a_stalemate_rewards_the_mover_a_third(stalemate: cescacs.Game) -> None:
    moves = stalemate.mainline_moves()
    before = stalemate.board_at(len(moves) - 1)
    v = VecEnv(1, start=before.pdtl())
    v.reset()
    _, rewards, term, _, infos = v.step(np.array([encode.move_index(moves[-1])]))
    assert rewards.tolist() == [np.float32(1 / 3)] and term.tolist() == [True]
    assert infos["final_info"]["termination"][0] == "stalemate"


def test_truncation_autoresets() -> None:
    v = VecEnv(3, seed=1, max_plies=2)
    v.reset()
    v.step(v.sample_actions())
    obs, rewards, term, trunc, infos = v.step(v.sample_actions())
    assert (
        trunc.tolist() == [True] * 3
        and term.tolist() == [False] * 3
        and rewards.tolist() == [0.0] * 3
    )
    assert all(np.array_equal(o, START) for o in obs)
    assert infos["final_info"]["result"].tolist() == ["*"] * 3
    assert infos["final_info"]["termination"].tolist() == [None] * 3
    assert infos["final_info"]["plies"].tolist() == [2] * 3
    assert all(f.shape == (28, 169) and not np.array_equal(f, START) for f in infos["final_obs"])
    assert v.plies().tolist() == [0, 0, 0]


def test_a_full_random_run_matches_random_play_on_boards() -> None:
    """Many plies with auto-resets: every game, replayed on a Board, ends
    where VecEnv says, with the reward its outcome gives the mover."""
    v = VecEnv(4, seed=3)
    v.reset()
    boards = [cescacs.Board() for _ in range(4)]
    ended = 0
    for _ in range(1500):
        actions = v.sample_actions()
        movers = [b.turn for b in boards]
        for b, a in zip(boards, actions):
            b.push(encode.index_move(b, int(a)))
        obs, rewards, term, trunc, infos = v.step(actions)
        for i, b in enumerate(boards):
            o: Optional[cescacs.Outcome] = b.outcome()
            assert term[i] == (o is not None)
            assert rewards[i] == np.float32(reward(o, movers[i]))
            if o is not None:
                assert infos["final_info"]["result"][i] == o.result()
                assert np.array_equal(infos["final_obs"][i], encode.planes(b)[0])
                boards[i] = cescacs.Board()
                ended += 1
        assert np.array_equal(obs, encode.planes(boards))
    assert ended == 4  # games of this seed that ended within 1,500 plies


def test_a_bad_action_changes_no_game() -> None:
    v = VecEnv(3, seed=2)
    v.reset()
    v.step(v.sample_actions())
    pdtls, plies = [v.pdtl(i) for i in range(3)], v.plies().tolist()
    good = v.sample_actions()
    for bad in (0, -1, 30001, 2**40):
        actions = good.copy()
        actions[2] = bad
        with pytest.raises(cescacs.IllegalMoveError, match="environment 2"):
            v.step(actions)
    with pytest.raises(cescacs.IllegalMoveError, match="environment 1"):
        v.step(np.array([good[0], 2**64 - 1, good[2]], dtype=np.uint64))
    with pytest.raises(ValueError, match="shape"):
        v.step(good[:2])
    with pytest.raises(ValueError, match="integers"):
        v.step(good.astype(np.float64))
    assert [v.pdtl(i) for i in range(3)] == pdtls and v.plies().tolist() == plies
    assert issubclass(cescacs.IllegalMoveError, ValueError)


def test_bad_arguments() -> None:
    for kwargs in ({"max_plies": 0}, {"seed": -1}, {"seed": 2**64}):
        with pytest.raises(ValueError):
            VecEnv(2, **kwargs)
    with pytest.raises(ValueError, match="num_envs"):
        VecEnv(0)
    with pytest.raises(ValueError, match="num_envs"):
        VecEnv(70_000)
    with pytest.raises(cescacs.InvalidPdtlError):
        VecEnv(1, start="not a position")


def test_a_start_that_is_over_is_refused(mate: cescacs.Game) -> None:
    o = mate.end_board().outcome()
    with pytest.raises(ValueError, match=f"the start position is already over: {o.result()}"):
        VecEnv(1, start=mate.end_board().pdtl())


def test_seeded_runs_repeat() -> None:
    def run(seed: int) -> List[np.ndarray]:
        v = VecEnv(8, seed=seed, max_plies=50)
        v.reset()
        out = []
        for _ in range(120):
            obs, *_ = v.step(v.sample_actions())
            out.append(obs)
        return out

    a, b, c = run(5), run(5), run(6)
    assert all(np.array_equal(x, y) for x, y in zip(a, b))
    assert not all(np.array_equal(x, y) for x, y in zip(a, c))
    # reset(seed=...) reseeds: the same as a fresh environment with that seed.
    v = VecEnv(8, seed=0, max_plies=50)
    v.reset(seed=5)
    assert all(np.array_equal(v.step(v.sample_actions())[0], x) for x in a[:10])


def test_reset_mask_and_per_game_seeds_follow_gymnasium() -> None:
    v = VecEnv(4, seed=0)
    v.reset()
    for _ in range(3):
        played, *_ = v.step(v.sample_actions())
    assert not any(np.array_equal(o, START) for o in played)
    # Only the masked games go back to the start; the others keep their position.
    obs, infos = v.reset(options={"reset_mask": np.array([True, False, True, False])})
    assert infos == {}
    assert np.array_equal(obs[0], START) and np.array_equal(obs[2], START)
    assert np.array_equal(obs[1], played[1]) and np.array_equal(obs[3], played[3])
    assert np.array_equal(v._games.observe(), obs)
    # A seed for every game is the seed of the batch; None keeps a game's stream.
    a = VecEnv(4, seed=0)
    a.reset(seed=7)
    b = VecEnv(4, seed=0)
    b.reset(seed=[7, 7, 7, 7])
    assert np.array_equal(a.sample_actions(), b.sample_actions())
    c = VecEnv(4, seed=7)
    c.reset(seed=[None, 3, None, 3])
    d = VecEnv(4, seed=3)
    d.reset()
    first_c, first_d, plain = (
        c.sample_actions(),
        d.sample_actions(),
        VecEnv(4, seed=7).sample_actions(),
    )
    assert (first_c[[1, 3]] == first_d[[1, 3]]).all() and (first_c[[0, 2]] == plain[[0, 2]]).all()
    # A masked reset reseeds only the games it resets.
    e = VecEnv(2, seed=1)
    e.reset(seed=[5, 5], options={"reset_mask": np.array([False, True])})
    f = VecEnv(2, seed=5)
    g = VecEnv(2, seed=1)
    first_e = e.sample_actions()
    assert first_e[1] == f.sample_actions()[1] and first_e[0] == g.sample_actions()[0]


def test_bad_reset_arguments_say_what_to_give() -> None:
    v = VecEnv(3, seed=0)
    for kwargs, words in [
        ({"seed": [1, 2]}, "list of 3 seeds"),
        ({"seed": [1, -2, 3]}, "seed must be an int"),
        ({"options": {"reset_mask": np.array([True, False])}}, "shape \\(3,\\)"),
        ({"options": {"reset_mask": np.array([1, 0, 1])}}, "bool array"),
        ({"options": {"mask": np.array([True] * 3)}}, "only 'reset_mask'"),
    ]:
        with pytest.raises(ValueError, match=words):
            v.reset(**kwargs)


def test_module_doctest() -> None:
    import doctest

    import cescacs.env

    assert doctest.testmod(cescacs.env).failed == 0


def test_gymnasium_vector_wrappers_accept_it() -> None:
    """Gymnasium's RecordEpisodeStatistics reads the same-step autoreset."""
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    v = RecordEpisodeStatistics(VecEnv(4, seed=1, max_plies=10))
    v.reset()
    lengths = []
    for _ in range(25):
        _, _, _, _, info = v.step(v.unwrapped.sample_actions())
        if "episode" in info:
            lengths.append(info["episode"]["l"][info["_episode"]].tolist())
    assert lengths == [[10, 10, 10, 10], [10, 10, 10, 10]]


# --- VecEnv as Gymnasium users drive it ----------------------------------------


def is_legal(v: VecEnv, actions: np.ndarray) -> bool:
    indices, offsets = v.legal_actions()
    return all(a in indices[offsets[i] : offsets[i + 1]] for i, a in enumerate(actions.tolist()))


def test_action_space_sample_is_a_legal_move_of_every_game() -> None:
    """Gymnasium's first loop plays random games: sample() draws uniformly
    among each game's legal moves with the space's generator."""
    v = VecEnv(6, seed=3, max_plies=40)
    v.reset()
    indices, offsets = v.legal_actions()
    expected = indices[offsets[:-1] + np.random.default_rng(3).integers(0, np.diff(offsets))]
    first = v.action_space.sample()
    assert first.dtype == np.int64 and first.shape == (6,) and first in v.action_space
    assert first.tolist() == expected.tolist()
    ended = 0
    for _ in range(200):
        actions = v.action_space.sample()
        assert is_legal(v, actions)
        _, _, term, trunc, _ = v.step(actions)
        ended += int(term.sum() + trunc.sum())
    assert ended >= 6 * 4  # every game truncated at 40 plies at least four times

    # A seed repeats the run: the environment's and the space's own.
    def run(seed: int, reseed: Optional[int] = None) -> List[List[int]]:
        w = VecEnv(4, seed=seed)
        w.reset()
        if reseed is not None:
            w.action_space.seed(reseed)
        out = []
        for _ in range(30):
            a = w.action_space.sample()
            w.step(a)
            out.append(a.tolist())
        return out

    assert run(5) == run(5) == run(9, reseed=5) and run(5) != run(6)
    # With a mask it samples as MultiDiscrete does, from int8 masks.
    masked = v.action_space.sample(mask=tuple(v.action_masks()))
    assert is_legal(v, masked)
    assert isinstance(v.action_space, MultiDiscrete)
    assert v.action_space == MultiDiscrete(np.full(6, 30001))


def test_action_space_copies_and_a_space_without_its_environment() -> None:
    import copy
    import gc
    import pickle

    v = VecEnv(3, seed=1)
    v.step(v.sample_actions())
    assert is_legal(v, copy.deepcopy(v.action_space).sample())
    unpickled = pickle.loads(pickle.dumps(v.action_space))
    assert unpickled == v.action_space
    with pytest.raises(
        ValueError, match="no environment.*sample\\(mask=tuple\\(v.action_masks\\(\\)\\)\\)"
    ):
        unpickled.sample()
    assert is_legal(v, unpickled.sample(mask=tuple(v.action_masks())))
    space = VecEnv(2).action_space
    gc.collect()
    with pytest.raises(ValueError, match="no environment"):
        space.sample()


def test_action_masks_are_int8_with_a_bool_view() -> None:
    v = VecEnv(3, seed=0)
    v.step(v.sample_actions())
    masks = v.action_masks()
    assert masks.dtype == np.int8 and masks.shape == (3, 30001)
    assert set(np.unique(masks).tolist()) == {0, 1}
    boards = boards_of(v)
    assert np.array_equal(masks.view(np.bool_), encode.legal_mask(boards))
    as_bool = v.action_masks(dtype=bool)
    assert as_bool.dtype == np.bool_ and np.array_equal(as_bool, encode.legal_mask(boards))
    indices, offsets = v.legal_actions()
    assert [np.flatnonzero(m).tolist() for m in masks] == [
        sorted(indices[offsets[i] : offsets[i + 1]].tolist()) for i in range(3)
    ]
    with pytest.raises(ValueError, match="int8 or bool"):
        v.action_masks(dtype=np.float32)


def test_gymnasiums_checks_that_apply_to_a_vector_environment() -> None:
    """Gymnasium's env_checker has no vector checker; its checks that take a
    vector environment as it is pass: seeded reset determinism (np_random
    seeded, observations in the space), reset options, fresh data each call."""
    from gymnasium.utils.env_checker import (
        check_reset_options,
        check_reset_seed_determinism,
        check_returned_data_not_reused,
    )

    check_reset_seed_determinism(VecEnv(4, seed=0))
    check_reset_options(VecEnv(4, seed=0))
    check_returned_data_not_reused(VecEnv(1, seed=0))


def test_every_returned_array_has_its_space_dtype_and_shape() -> None:
    """The environment checker's checks, for a vector environment, over a run
    with many same-step resets: observations in the observation space,
    the batch's shapes and dtypes, the infos' layout."""
    n = 5
    v = VecEnv(n, seed=2, max_plies=7)
    obs, infos = v.reset(seed=11)
    assert obs in v.observation_space and infos == {}
    assert all(o in v.single_observation_space for o in obs)
    seen_final = 0
    for step in range(60):
        actions = v.action_space.sample()
        assert actions in v.action_space and all(a in v.single_action_space for a in actions)
        obs, rewards, term, trunc, infos = v.step(actions)
        assert obs.dtype == np.uint8 and obs.shape == (n, 28, 169) and obs in v.observation_space
        assert rewards.dtype == np.float32 and rewards.shape == (n,)
        assert (
            term.dtype == np.bool_
            and term.shape == (n,)
            and trunc.dtype == np.bool_
            and trunc.shape == (n,)
        )
        assert not (term & trunc).any()
        ended = term | trunc
        assert (
            trunc == ((step + 1) % 7 == 0)
        ).all()  # every game truncated at 7 plies, all at once
        if not ended.any():
            assert infos == {}
            continue
        seen_final += 1
        assert set(infos) == {"final_obs", "_final_obs", "final_info", "_final_info"}
        assert (
            infos["_final_obs"].tolist() == ended.tolist()
            and infos["_final_info"].tolist() == ended.tolist()
        )
        assert infos["final_obs"].dtype == object and infos["final_obs"].shape == (n,)
        for i in range(n):
            f = infos["final_obs"][i]
            assert (f is None) != bool(ended[i])
            if f is not None:
                assert f.dtype == np.uint8 and f in v.single_observation_space
                assert np.array_equal(obs[i], START)  # reset within the same step
        fi = infos["final_info"]
        assert set(fi) == {"result", "_result", "termination", "_termination", "plies", "_plies"}
        assert fi["plies"].dtype == np.int64 and fi["plies"][ended].tolist() == [7] * n
        assert fi["result"][ended].tolist() == ["*"] * n
    assert seen_final == 60 // 7
    assert v.plies().tolist() == [60 % 7] * n


def test_seeded_reset_and_step_repeat_exactly() -> None:
    """Reset with a seed, seed the action space, step: the same data, exactly
    (Gymnasium's data_equivalence), infos included; another seed differs."""
    from gymnasium.utils.env_checker import data_equivalence

    def run(v: VecEnv, seed: int) -> list:
        out = [v.reset(seed=seed)]
        v.action_space.seed(seed)
        for _ in range(40):
            out.append(v.step(v.action_space.sample()))
            out.append(v.step(v.sample_actions()))
        return out

    v = VecEnv(3, seed=0, max_plies=25)
    first = run(v, 21)
    assert data_equivalence(first, run(v, 21), exact=True)
    assert data_equivalence(first, run(VecEnv(3, seed=99, max_plies=25), 21), exact=True)
    assert not data_equivalence(first, run(v, 22), exact=True)
    assert v.np_random_seed == 22
