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
>>> v = VecEnv(4, seed=0)
>>> obs, infos = v.reset()
>>> obs.shape
(4, 28, 169)

**Agents**: ``player_0`` plays White and moves first, ``player_1`` Black.

**Observations**: ``cescacs.encode`` planes of the current position, uint8
``(PLANES, 169)`` = ``(28, 169)``, the same board orientation for both agents
(plane 18, ``white_to_move``, says who moves). The AEC environment gives a
dict with ``observation`` and ``action_mask`` (int8, ``(ACTIONS,)`` = 30,001,
1 at the index of each legal move; all 0 for the agent not to move);
``VecEnv`` gives the planes of every game as one array and the legal moves
through ``legal_actions()`` (CSR) or ``action_masks()`` (dense).

**Actions**: ``encode.ACTIONS`` discrete move indices (``encode.move_index``).

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

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

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

__all__ = ["VecEnv", "env", "raw_env", "reward"]

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
    plies (``None``: no limit). The game is ``self.board``, a ``cescacs.Board``.
    """

    metadata: Dict[str, Any] = {"render_modes": ["ansi", "rgb_array"], "name": "cescacs_v0", "is_parallelizable": False, "render_fps": 2}

    def __init__(self, render_mode: Optional[str] = None, max_plies: Optional[int] = None) -> None:
        EzPickle.__init__(self, render_mode, max_plies)
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, got {render_mode!r}")
        if max_plies is not None and (not isinstance(max_plies, int) or max_plies < 1):
            raise ValueError(f"max_plies must be a positive int or None, got {max_plies!r}")
        self.render_mode = render_mode
        self.max_plies = max_plies
        self.board = Board()
        self.agents = ["player_0", "player_1"]
        self.possible_agents = self.agents[:]
        self.action_spaces = {a: spaces.Discrete(encode.ACTIONS) for a in self.agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0, 255, (encode.PLANES, HEX_COUNT), np.uint8),
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
        planes = encode.planes(self.board)[0]
        to_move = agent == self.agent_selection and not (self.terminations[agent] or self.truncations[agent])
        if to_move:
            mask = encode.legal_mask(self.board)[0].astype(np.int8)
        else:
            mask = np.zeros(encode.ACTIONS, np.int8)
        return {"observation": planes, "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """A new game from the initial position (the game has no randomness:
        ``seed`` changes nothing)."""
        self.agents = self.possible_agents[:]
        self.board = Board()
        self._agent_selector = AgentSelector(self.agents)
        self.agent_selection = self._agent_selector.reset()
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.board.push(encode.index_move(self.board, int(action)))
        outcome = self.board.outcome()
        if outcome is not None:
            for a, color in zip(self.agents, (Color.WHITE, Color.BLACK)):
                self.rewards[a] = reward(outcome, color)
                self.terminations[a] = True
                self.infos[a] = {"result": outcome.result(), "termination": outcome.termination.value}
        elif self.max_plies is not None and self.board.ply() >= self.max_plies:
            for a in self.agents:
                self.truncations[a] = True
        self._accumulate_rewards()
        self.agent_selection = self._agent_selector.next()

    def render(self) -> Any:
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        if self.render_mode == "rgb_array":
            from . import image

            return image.rgb_array(self.board)
        return str(self.board)

    def close(self) -> None:
        pass


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
    ``IllegalMoveError`` (a ``ValueError``) and no game is changed. The
    games have no randomness; ``seed`` seeds ``sample_actions`` (each game
    its own stream), so a seed gives the same run.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, num_envs: int, *, seed: int = 0, max_plies: Optional[int] = None, start: Optional[str] = None) -> None:
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
        self.single_observation_space = spaces.Box(0, 255, (encode.PLANES, HEX_COUNT), np.uint8, seed=seed)
        self.single_action_space = spaces.Discrete(encode.ACTIONS, seed=seed)
        self.observation_space = spaces.Box(0, 255, (num_envs, encode.PLANES, HEX_COUNT), np.uint8, seed=seed)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, encode.ACTIONS), seed=seed)

    def reset(
        self, *, seed: Union[int, Sequence[Optional[int]], None] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple["np.ndarray", Dict[str, Any]]:
        """Games back to the start, as Gymnasium's vector API defines it:
        every game, or with ``options={"reset_mask": mask}`` (a bool array of
        length ``num_envs``) only those where ``mask`` is true. ``seed``
        reseeds ``sample_actions``: an int seeds every game reset (game ``i``
        as game ``i`` of a run of that seed), a list gives game ``i`` the
        seed ``seed[i]`` (``None`` keeps its stream); ``seed=s`` is
        ``seed=[s] * num_envs``. Returns ``(obs, {})`` with every game's
        observation."""
        n = self.num_envs
        seeds: Optional[List[Optional[int]]] = None
        if isinstance(seed, (list, tuple, np.ndarray)):
            if len(seed) != n:
                raise ValueError(f"seed must be an int or a list of {n} seeds (one per environment), got {len(seed)}")
            seeds = [None if s is None else _check_seed(s) for s in seed]
        elif seed is not None:
            seeds = [_check_seed(seed)] * n
        mask: Optional[List[bool]] = None
        unknown = set(options or {}) - {"reset_mask"}
        if unknown:
            raise ValueError(f"unknown reset options {sorted(unknown)}: VecEnv.reset takes only 'reset_mask'")
        if options and options.get("reset_mask") is not None:
            m = np.asarray(options["reset_mask"])
            if m.dtype != np.bool_ or m.shape != (n,):
                raise ValueError(f"options['reset_mask'] must be a bool array of shape ({n},), got {m.dtype} {m.shape}")
            mask = m.tolist()
        return self._games.reset(seeds, mask), {}

    def step(self, actions: Any) -> Tuple["np.ndarray", "np.ndarray", "np.ndarray", "np.ndarray", Dict[str, Any]]:
        a = np.asarray(actions)
        if a.dtype.kind not in "iu":
            raise ValueError(f"actions must be integers (move indices), got dtype {a.dtype}")
        if a.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), got {a.shape}")
        if a.dtype.kind == "u" and a.size and int(a.max()) >= encode.ACTIONS:
            bad = int(np.argmax(a >= encode.ACTIONS))
            raise _cescacs.IllegalMoveError(f"environment {bad}: action {int(a[bad])} is not a move index (no environment was stepped)")
        obs, rewards, terminated, truncated, ended, final_obs, results, terms, plies = self._games.step(
            np.ascontiguousarray(a, dtype=np.int64)
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

    def action_masks(self) -> "np.ndarray":
        """bool ``(num_envs, ACTIONS)``: ``True`` at each legal move index."""
        return self._games.action_masks()  # type: ignore[no-any-return]

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
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool) or not 0 <= int(seed) < _SEED_LIMIT:
        raise ValueError(f"seed must be an int in [0, 2**64), got {seed!r}")
    return int(seed)


