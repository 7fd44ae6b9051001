"""Reinforcement-learning environments for C'escacs: a PettingZoo AEC
environment (``env()`` / ``raw_env()``, made as ``pettingzoo.classic.chess_v6``)
and ``VecEnv``, many games stepped together in Rust with Gymnasium's vector
conventions.

Needs PettingZoo and Gymnasium: ``pip install "cescacs[env]"``.

>>> from cescacs.env import env, VecEnv
>>> e = env()
>>> e.reset(seed=0)
>>> obs, reward, termination, truncation, info = e.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum())
((28, 169), 68)
>>> env(history=8).observation_space("player_1")["observation"].shape
(224, 169)
>>> v = VecEnv(4, seed=0)
>>> obs, infos = v.reset()
>>> obs.shape
(4, 28, 169)

**Agents**: ``player_0`` plays White and moves first, ``player_1`` Black.

**Observations** are ``cescacs.encode`` planes, uint8.

The AEC environment shows each agent the board **from its own side**, as
PettingZoo's ``chess_v6`` does: ``player_0`` sees ``encode.planes(board)``,
``player_1`` sees ``encode.planes(board, side=BLACK)``, the board mirrored
across the midline (hex ``(c, l)`` to ``(c, 28 - l)``) with the colours
swapped, so that an agent's own pieces and rights are always in the
``white_*`` planes and ``white_to_move`` (plane 18) is 1 when it is the
agent's turn. Black's view of a position is exactly White's view of the
colour-swapped mirrored position, whose legal moves are the mirrored moves.
The observation is a dict with ``observation``, uint8 ``(history * 28,
169)``: the planes of the current position, then of the one before it, and
so on for ``history`` positions (``raw_env(history=N)``; ``chess_v6`` stacks
8), each from the agent's side, zeros for positions before the start; the
default ``history=1`` gives the current position alone, ``(28, 169)`` (the
planes hold everything the rules need but the repetition count). And
``action_mask``, int8 ``(ACTIONS,)`` = 30,001, 1 at the index of each legal
move in the agent's frame (below); all 0 for the agent not to move.

``VecEnv`` plays both sides of each game in one frame, White's (the board as
it is): the planes of every game as one array ``(num_envs, 28, 169)``, the
legal moves through ``legal_actions()`` (CSR) or ``action_masks()`` (dense).

**Actions**: ``encode.ACTIONS`` discrete move indices (``encode.move_index``).
In the AEC environment they are in the acting agent's frame, as
``chess_v6`` keeps Black's actions in its mirrored frame: ``player_1``'s
action ``i`` is the board move ``encode.index_move(board, i,
side=BLACK)``, the index ``encode.mirror_actions()[i]`` in White's frame,
so one policy, and one mask, serve both agents. ``VecEnv``'s actions are
indices in White's frame for both sides.

**Rewards** come from the result in tournament points (RULES.md §6: mate
3-0, stalemate 2-1 *for the side that stalemates*, draw 1-1): an agent's
reward is its points minus its opponent's, over 3:

=========================================  =======  ========
end of the game                            winner   loser
=========================================  =======  ========
checkmate                                  +1       -1
stalemate (the stalemating side wins)      +1/3     -1/3
fivefold repetition, 75-move rule,
insufficient material (draws)              0        0
truncation at ``max_plies``                0        0
=========================================  =======  ========

Rewards are zero-sum and 0 on every other move. A game ends where the rules
end it (the automatic draws; draws that must be claimed, threefold repetition
and the fifty-move rule, are not taken), or is truncated after ``max_plies``
plies when a limit is given (``None``, the default, sets none: the 75-move rule
bounds every game).

In the AEC environment an illegal action ends the game with reward -1 for the
agent that played it and 0 for the other (``TerminateIllegalWrapper``, as in
``chess_v6``).
"""

from __future__ import annotations

import copy
import weakref
from collections import deque
from typing import Any, Deque, Dict, List, Optional, Sequence, Tuple, Union

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from gymnasium.utils import EzPickle
    from gymnasium.vector.vector_env import AutoresetMode, VectorEnv
    from pettingzoo import AECEnv  # type: ignore[import-untyped]
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
    from pettingzoo.utils.agent_selector import AgentSelector  # type: ignore[import-untyped]
except ImportError as e:  # pragma: no cover - exercised in a venv without the extra
    raise ImportError(
        f'cescacs.env needs PettingZoo, Gymnasium and NumPy ({e.name} is missing): pip install "cescacs[env]"'
    ) from e

from . import _cescacs, encode
from ._cescacs import HEX_COUNT, Board
from ._types import Color, Outcome

__all__ = ["LegalActionSpace", "VecEnv", "env", "raw_env", "reward"]

_SEED_LIMIT = 1 << 64


def reward(outcome: Optional[Outcome], color: Color) -> float:
    """The reward of ``color`` for a game that ended with ``outcome`` (``None``:
    not ended, or truncated): its points minus the opponent's, over 3, as the
    rules compute it (a float32 value, the one ``VecEnv`` gives)."""
    if outcome is None:
        return 0.0
    return _cescacs._reward(outcome.result(), color == Color.WHITE)


def env(**kwargs: Any) -> AECEnv:
    """The AEC environment with the wrappers ``chess_v6`` uses:
    ``TerminateIllegalWrapper`` (illegal action: reward -1, game over),
    ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``. Keyword
    arguments go to ``raw_env``."""
    e: AECEnv = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv, EzPickle):  # type: ignore[misc]
    """C'escacs as a PettingZoo AEC environment (see the module docstring).

    ``render_mode="rgb_array"`` makes ``render()`` return the board as an
    ``(H, W, 3)`` ``uint8`` array (:func:`cescacs.image.rgb_array`, White at
    the bottom, the last move tinted), ``render_mode="ansi"`` the board's text (the
    same as ``str(Board)``). ``max_plies`` truncates games after that many
    plies (``None``: no limit). ``history`` is how many positions each
    observation stacks (1: the current one only; ``chess_v6`` uses 8). The
    game is ``self.board``, a ``cescacs.Board``, as it stands on the board
    (White's frame).
    """

    metadata: Dict[str, Any] = {
        "render_modes": ["ansi", "rgb_array"],
        "name": "cescacs_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self, render_mode: Optional[str] = None, max_plies: Optional[int] = None, history: int = 1
    ) -> None:
        EzPickle.__init__(self, render_mode, max_plies, history)
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']} or None, got {render_mode!r}"
            )
        if max_plies is not None and (not isinstance(max_plies, int) or max_plies < 1):
            raise ValueError(f"max_plies must be a positive int or None, got {max_plies!r}")
        if not isinstance(history, int) or isinstance(history, bool) or history < 1:
            raise ValueError(
                f"history must be a positive int (positions stacked in an observation; 8 as chess_v6), got {history!r}"
            )
        self.render_mode = render_mode
        self.max_plies = max_plies
        self.history = history
        self.board = Board()
        # The PDTL of the positions before the current one, latest first.
        self._past: Deque[str] = deque(maxlen=history - 1)
        self.agents = ["player_0", "player_1"]
        self.possible_agents = self.agents[:]
        self._sides = {"player_0": Color.WHITE, "player_1": Color.BLACK}
        self.action_spaces = {a: spaces.Discrete(encode.ACTIONS) for a in self.agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        0, 255, (history * encode.PLANES, HEX_COUNT), np.uint8
                    ),
                    "action_mask": spaces.Box(0, 1, (encode.ACTIONS,), np.int8),
                }
            )
            for a in self.agents
        }
        self.rewards: Dict[str, float] = {a: 0.0 for a in self.agents}
        self._cumulative_rewards: Dict[str, float] = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self._agent_selector = AgentSelector(self.agents)
        self.agent_selection = self._agent_selector.reset()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, "np.ndarray"]:
        """``agent``'s observation, from its own side (module docstring)."""
        side = self._sides[agent]
        if self.history == 1:
            planes = encode.planes(self.board, side=side)[0]
        else:
            planes = np.zeros((self.history * encode.PLANES, HEX_COUNT), np.uint8)
            seen = encode.planes([self.board, *self._past], side=side)
            planes[: len(seen) * encode.PLANES] = seen.reshape(-1, HEX_COUNT)
        to_move = agent == self.agent_selection and not (
            self.terminations[agent] or self.truncations[agent]
        )
        if to_move:
            # int8 is bool's layout: a view, not a copy.
            mask = encode.legal_mask(self.board, side=side)[0].view(np.int8)
        else:
            mask = np.zeros(encode.ACTIONS, np.int8)
        return {"observation": planes, "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """A new game from the initial position (the game has no randomness:
        ``seed`` changes nothing)."""
        self.agents = self.possible_agents[:]
        self.board = Board()
        self._past.clear()
        self._agent_selector = AgentSelector(self.agents)
        self.agent_selection = self._agent_selector.reset()
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}

    def step(self, action: int) -> None:
        """Plays ``action``, a move index in the acting agent's frame."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = encode.index_move(self.board, int(action), side=self._sides[agent])
        if self._past.maxlen:
            self._past.appendleft(self.board.pdtl())
        self.board.push(move)
        outcome = self.board.outcome()
        if outcome is not None:
            for a, color in zip(self.agents, (Color.WHITE, Color.BLACK)):
                self.rewards[a] = reward(outcome, color)
                self.terminations[a] = True
                self.infos[a] = {
                    "result": outcome.result(),
                    "termination": outcome.termination.value,
                }
        elif self.max_plies is not None and self.board.ply() >= self.max_plies:
            for a in self.agents:
                self.truncations[a] = True
        self._accumulate_rewards()
        self.agent_selection = self._agent_selector.next()

    def render(self) -> Any:
        if self.render_mode is None:
            gymnasium.logger.warn(
                "You are calling render method without specifying any render mode."
            )
            return None
        if self.render_mode == "rgb_array":
            from . import image

            return image.rgb_array(self.board)
        return str(self.board)

    def close(self) -> None:
        pass


class LegalActionSpace(spaces.MultiDiscrete):
    """``VecEnv.action_space``: Gymnasium's ``MultiDiscrete`` of
    ``num_envs`` move indices below ``ACTIONS`` (containment, equality,
    ``shape``, ``dtype`` int64 and masked sampling are ``MultiDiscrete``'s),
    whose ``sample()`` is a legal action of every game.

    Gymnasium users start with ``env.step(env.action_space.sample())``; a
    uniform draw over 30,001 indices is almost never a legal move, so
    ``sample()`` draws, for each game, one of its legal moves in the
    position it is in **when** ``sample()`` **is called** (uniformly, from
    ``VecEnv.legal_actions()``), with the space's own generator:
    ``space.seed(s)`` (and ``VecEnv(seed=s)``) makes the draws repeat. With
    ``mask=`` (a tuple of ``num_envs`` int8 arrays, e.g.
    ``tuple(v.action_masks())``) or ``probability=`` it samples as
    ``MultiDiscrete`` does. ``VecEnv.sample_actions()`` draws the same kind
    of actions in Rust, from each game's own seeded stream, faster.

    The space follows its environment through a weak reference (a copy of
    the space samples the same games); once the environment is gone, or in
    a pickled copy, ``sample()`` without a mask raises ``ValueError``.
    """

    def __init__(self, vec_env: "VecEnv", seed: Optional[int] = None) -> None:
        super().__init__(np.full(vec_env.num_envs, encode.ACTIONS), dtype=np.int64, seed=seed)
        self._env: Optional["weakref.ReferenceType[VecEnv]"] = weakref.ref(vec_env)

    def sample(
        self, mask: Optional[Tuple[Any, ...]] = None, probability: Optional[Tuple[Any, ...]] = None
    ) -> "np.ndarray":
        """A legal move index for every game (see the class docstring), or
        ``MultiDiscrete``'s sample under ``mask`` or ``probability``."""
        if mask is not None or probability is not None:
            return super().sample(mask=mask, probability=probability)
        games = self._env() if self._env is not None else None
        if games is None:
            raise ValueError(
                "this action space has no environment (it is gone, or the space was pickled): sample(mask=tuple(v.action_masks())) or v.sample_actions()"
            )
        indices, offsets = games.legal_actions()
        picks = self.np_random.integers(0, np.diff(offsets))
        return indices[offsets[:-1] + picks]

    def __getstate__(self) -> Dict[str, Any]:
        """The pickled state: the space without its environment."""
        state = dict(self.__dict__)
        state["_env"] = None
        return state

    def __deepcopy__(self, memo: Dict[int, Any]) -> "LegalActionSpace":
        """A copy with its own generator that samples the same games."""
        new = object.__new__(type(self))
        new.__dict__.update(
            {k: copy.deepcopy(v, memo) for k, v in self.__dict__.items() if k != "_env"}
        )
        new._env = self._env
        return new


class VecEnv(VectorEnv):
    """``num_envs`` games stepped together in Rust, as a Gymnasium vector
    environment with automatic reset in the **same step**
    (``AutoresetMode.SAME_STEP``): a game that ends in ``step`` is reset
    there, the returned observation is its new start, and the final
    observation is in ``infos["final_obs"]``.

    ``step(actions)`` plays ``actions[i]`` (a move index, an integer array of
    length ``num_envs``) in game ``i`` and returns ``(obs, rewards,
    terminations, truncations, infos)``:

    * ``obs``: uint8 ``(num_envs, 28, 169)``, the planes after the step (a
      fresh array each call, filled in Rust without the GIL, on both cores
      for 64 games or more);
    * ``rewards``: float32, the reward of the side **that made the move**
      (+1 checkmate, +1/3 stalemate, 0 otherwise: a move cannot lose);
      the opponent's is its negation;
    * ``terminations``: the game ended by the rules; ``truncations``: it
      reached ``max_plies``;
    * ``infos``: ``{}`` unless a game ended; then, as Gymnasium's vector
      environments do, ``final_obs`` (object array, the final planes where a
      game ended, else ``None``) and ``final_info`` (``result``: ``"3-0"``,
      ``"0-3"``, ``"2-1"``, ``"1-2"``, ``"1-1"`` or ``"*"`` when truncated;
      ``termination``: ``Termination`` value or ``None`` when truncated;
      ``plies``), each with its ``_key`` mask.

    An action that is not a legal move of its game raises
    ``IllegalMoveError`` (a ``ValueError``) and no game is changed.
    ``action_space.sample()`` gives legal actions (``LegalActionSpace``), so
    Gymnasium's first loop, ``v.step(v.action_space.sample())``, plays
    random games; ``single_action_space`` is ``Discrete(ACTIONS)``, whose
    plain ``sample()`` knows no game (mask it with a row of
    ``action_masks()``). The games have no randomness; ``seed`` seeds
    ``sample_actions`` (each game its own stream) and the action space, so
    a seed gives the same run.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(
        self,
        num_envs: int,
        *,
        seed: int = 0,
        max_plies: Optional[int] = None,
        start: Optional[str] = None,
    ) -> None:
        if not isinstance(num_envs, int) or isinstance(num_envs, bool):
            raise TypeError(f"num_envs must be an int, got {type(num_envs).__name__}")
        if max_plies is not None and (not isinstance(max_plies, int) or max_plies < 1):
            raise ValueError(f"max_plies must be a positive int or None, got {max_plies!r}")
        _check_seed(seed)
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, got {num_envs}")
        self._games = _cescacs._VecEnv(num_envs, seed, max_plies, start)
        self.num_envs = num_envs
        self.max_plies = max_plies
        self.render_mode = None
        self.single_observation_space = spaces.Box(
            0, 255, (encode.PLANES, HEX_COUNT), np.uint8, seed=seed
        )
        self.single_action_space = spaces.Discrete(encode.ACTIONS, seed=seed)
        self.observation_space = spaces.Box(
            0, 255, (num_envs, encode.PLANES, HEX_COUNT), np.uint8, seed=seed
        )
        self.action_space = LegalActionSpace(self, seed=seed)

    def reset(
        self,
        *,
        seed: Union[int, Sequence[Optional[int]], None] = None,
        options: Optional[Dict[str, Any]] = None,
    ) -> Tuple["np.ndarray", Dict[str, Any]]:
        """Games back to the start, as Gymnasium's vector API defines it:
        every game, or with ``options={"reset_mask": mask}`` (a bool array of
        length ``num_envs``) only those where ``mask`` is true. ``seed``
        reseeds ``sample_actions``: an int seeds every game reset (game ``i``
        as game ``i`` of a run of that seed), a list gives game ``i`` the
        seed ``seed[i]`` (``None`` keeps its stream); ``seed=s`` is
        ``seed=[s] * num_envs`` and also seeds ``np_random`` as Gymnasium's
        ``VectorEnv.reset`` does (the action space keeps its own generator,
        seeded by ``action_space.seed``). Returns ``(obs, {})`` with every
        game's observation."""
        n = self.num_envs
        seeds: Optional[List[Optional[int]]] = None
        if isinstance(seed, (list, tuple, np.ndarray)):
            if len(seed) != n:
                raise ValueError(
                    f"seed must be an int or a list of {n} seeds (one per environment), got {len(seed)}"
                )
            seeds = [None if s is None else _check_seed(s) for s in seed]
        elif seed is not None:
            seeds = [_check_seed(seed)] * n
            super().reset(seed=seeds[0])
        mask: Optional[List[bool]] = None
        unknown = set(options or {}) - {"reset_mask"}
        if unknown:
            raise ValueError(
                f"unknown reset options {sorted(unknown)}: VecEnv.reset takes only 'reset_mask'"
            )
        if options and options.get("reset_mask") is not None:
            m = np.asarray(options["reset_mask"])
            if m.dtype != np.bool_ or m.shape != (n,):
                raise ValueError(
                    f"options['reset_mask'] must be a bool array of shape ({n},), got {m.dtype} {m.shape}"
                )
            mask = m.tolist()
        return self._games.reset(seeds, mask), {}

    def step(
        self, actions: Any
    ) -> Tuple["np.ndarray", "np.ndarray", "np.ndarray", "np.ndarray", Dict[str, Any]]:
        a = np.asarray(actions)
        if a.dtype.kind not in "iu":
            raise ValueError(f"actions must be integers (move indices), got dtype {a.dtype}")
        if a.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), got {a.shape}")
        if a.dtype.kind == "u" and a.size and int(a.max()) >= encode.ACTIONS:
            bad = int(np.argmax(a >= encode.ACTIONS))
            raise _cescacs.IllegalMoveError(
                f"environment {bad}: action {int(a[bad])} is not a move index (no environment was stepped)"
            )
        obs, rewards, terminated, truncated, ended, final_obs, results, terms, plies = (
            self._games.step(np.ascontiguousarray(a, dtype=np.int64))
        )
        infos: Dict[str, Any] = {}
        if len(ended):
            n = self.num_envs
            mask = np.zeros(n, dtype=bool)
            mask[ended] = True
            fobs = np.full(n, None, dtype=object)
            result = np.full(n, None, dtype=object)
            termination = np.full(n, None, dtype=object)
            ply = np.zeros(n, dtype=np.int64)
            for j, i in enumerate(ended.tolist()):
                fobs[i] = final_obs[j]
                result[i] = results[j]
                termination[i] = terms[j]
                ply[i] = plies[j]
            infos = {
                "final_obs": fobs,
                "_final_obs": mask,
                "final_info": {
                    "result": result,
                    "_result": mask,
                    "termination": termination,
                    "_termination": mask,
                    "plies": ply,
                    "_plies": mask,
                },
                "_final_info": mask,
            }
        return obs, rewards, terminated, truncated, infos

    def legal_actions(self) -> Tuple["np.ndarray", "np.ndarray"]:
        """``(indices, offsets)``, int64 CSR: game ``i``'s legal move indices
        are ``indices[offsets[i]:offsets[i + 1]]`` (the generator's order)."""
        return self._games.legal_actions()

    def action_masks(self, dtype: Any = np.int8) -> "np.ndarray":
        """``(num_envs, ACTIONS)``, 1 at each legal move index of each game:
        int8, the dtype Gymnasium's masks take
        (``v.action_space.sample(mask=tuple(v.action_masks()))``), or with
        ``dtype=bool`` the same array viewed as bool (no copy; the dtype of
        ``encode.legal_mask``, for code that indexes with the mask)."""
        masks = self._games.action_masks()
        if np.dtype(dtype) == np.bool_:
            return masks.view(np.bool_)  # type: ignore[no-any-return]
        if np.dtype(dtype) != np.int8:
            raise ValueError(f"action_masks gives int8 or bool masks, got dtype={dtype!r}")
        return masks  # type: ignore[no-any-return]

    def sample_actions(self) -> "np.ndarray":
        """One uniformly random legal action per game (int64), from each
        game's own stream of the seed."""
        return self._games.sample_actions()  # type: ignore[no-any-return]

    def observe(self) -> "np.ndarray":
        """The current observations (no step)."""
        return self._games.observe()  # type: ignore[no-any-return]

    def plies(self) -> "np.ndarray":
        """Plies played in each game since its last reset (int64)."""
        return self._games.plies()  # type: ignore[no-any-return]

    def pdtl(self, i: int) -> str:
        """The PDTL of game ``i``'s position."""
        return self._games.pdtl(i)

    def board(self, i: int) -> Board:
        """Game ``i``'s position as a ``Board`` (without its moves)."""
        return Board(self.pdtl(i))


def _check_seed(seed: Any) -> int:
    """``seed`` as an int, or a ValueError that says what a seed is."""
    if (
        not isinstance(seed, (int, np.integer))
        or isinstance(seed, bool)
        or not 0 <= int(seed) < _SEED_LIMIT
    ):
        raise ValueError(f"seed must be an int in [0, 2**64), got {seed!r}")
    return int(seed)
