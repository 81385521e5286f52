"""A `PettingZoo <https://pettingzoo.farama.org>`_ AEC environment for Five Crowns.

Needs the ``pettingzoo`` extra: ``pip install "fivecrowns[pettingzoo]"`` (PettingZoo and
Gymnasium).

.. code-block:: python

    from fivecrowns import Rules
    from fivecrowns.adapters.pettingzoo import env

    game = env(players=3, rules=Rules(schedule=(3, 4), turn_limit=60), seed=7)
    game.reset(seed=7)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, info = game.last()
        if termination or truncation:
            action = None
        else:  # any legal action: the mask marks them
            action = int(observation["action_mask"].nonzero()[0][0])
        game.step(action)

The module imports without PettingZoo installed (so that documentation tools can read it);
building an environment then raises :class:`ImportError` saying what to install.

The environment:

- **Agents** ``player_0`` ... ``player_{n-1}``, seat order; ``agent_selection`` is the player
  to act (:attr:`fivecrowns.GameState.current_player`). A turn takes several steps (draw,
  then discard; lay-downs in final turns with ``Rules(auto_arrange_final_hand=False)``).
- **Observations** are dicts: ``"observation"``, the acting agent's view as the float32
  tensor of :meth:`fivecrowns.PlayerView.observation` (:func:`fivecrowns.observation_size`
  entries, layout in :mod:`fivecrowns.game.views`; nothing another player holds), and
  ``"action_mask"``, an int8 vector of :func:`fivecrowns.num_actions` entries, 1 at each
  legal action (all 0 for an agent not to act).
- **Actions** are ``Discrete(num_actions(rules))``: the stable integer encoding of
  :mod:`fivecrowns.game.actions`, given as a Python or numpy integer (not a bool, a float, a
  string or bytes: those raise :class:`fivecrowns.IllegalActionError`). An illegal action raises
  :class:`fivecrowns.IllegalActionError` (the state is unchanged), unless the environment
  was built by :func:`env` with ``illegal_reward``: then PettingZoo's
  ``TerminateIllegalWrapper`` ends the game, giving that reward to the offender.
- **Rewards** (``reward=``): ``"round"`` (the default) gives every player minus its round
  score when a round of the schedule ends, so a player's rewards add up to minus its final
  total (:attr:`fivecrowns.GameState.returns`); ``"game"`` gives minus the total only when
  the game ends. Tie-break rounds (``tie_break="extra_round"``) pay nothing.
- **Termination**: every agent terminates when the game is over (no truncation: to bound
  games between weak agents, use the ``turn_limit`` rule).
- **Seeding**: ``reset(seed=s)`` deals the same games every time; each later ``reset()``
  without a seed deals the next game of that sequence. The game of the moment is
  :attr:`raw_env.game_state`.
- **Rendering** (``render_mode="ansi"`` returns the text, ``"human"`` prints it) shows the
  whole table, every hand included: it is for watching, not for players.
"""

from __future__ import annotations

import random
import warnings
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from ..cards import as_int, short_repr
from ..errors import IllegalActionError, InvalidStateError
from ..game import GameState
from ..game import _engine as game_engine
from ..game._core_state import CoreGame
from ..game.actions import num_actions
from ..rules import OFFICIAL, Rules
from ._spaces import observation_bounds, table_text

#: What a step did: the totals if the game ended, the seat to act next, and the scores by
#: seat and tie-break number of the round that ended, if one did.

#: Why PettingZoo could not be imported (None when it was).
_MISSING: ImportError | None = None

if TYPE_CHECKING:
    from .. import _core

    # PettingZoo ships no type information: a typed outline of the parts used here.
    class AECEnv:
        metadata: dict[str, Any]
        possible_agents: list[str]
        agents: list[str]
        agent_selection: str
        rewards: dict[str, float]
        _cumulative_rewards: dict[str, float]
        terminations: dict[str, bool]
        truncations: dict[str, bool]
        infos: dict[str, dict[str, Any]]

        def _was_dead_step(self, action: object) -> None: ...
        def _accumulate_rewards(self) -> None: ...
        def _clear_rewards(self) -> None: ...
        def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]: ...
        def agent_iter(self, max_iter: int = 2**63) -> Any: ...

    Space = Any
    spaces: Any
    wrappers: Any
else:
    try:
        from gymnasium import spaces
        from gymnasium.spaces import Space
        from pettingzoo import AECEnv
        from pettingzoo.utils import wrappers
    except ImportError as error:  # pragma: no cover - depends on the environment
        _MISSING = error
        AECEnv = object


def _require() -> None:
    """Raise ImportError unless PettingZoo and Gymnasium are installed."""
    if _MISSING is not None:
        raise ImportError(
            "fivecrowns.adapters.pettingzoo needs PettingZoo and Gymnasium: "
            f'pip install "fivecrowns[pettingzoo]" ({_MISSING})'
        ) from _MISSING


__all__ = ["env", "raw_env"]

_REWARDS: Final = ("round", "game")


def _agent(seat: int) -> str:
    return f"player_{seat}"


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's naming convention
    """The Five Crowns AEC environment without PettingZoo's wrappers (see :func:`env`).

    ``players`` (2 to ``rules.max_players``) sit at the table under ``rules``; ``seed``
    fixes the sequence of games dealt by :meth:`reset` (a seed given to :meth:`reset` replaces
    it). ``reward`` is ``"round"`` or ``"game"`` (module docs); ``render_mode`` is None,
    ``"ansi"`` or ``"human"``.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "name": "fivecrowns_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 4,
        rules: Rules = OFFICIAL,
        seed: int | None = None,
        reward: str = "round",
        render_mode: str | None = None,
    ) -> None:
        _require()
        super().__init__()
        if reward not in _REWARDS:
            raise InvalidStateError(f"reward must be 'round' or 'game', got {short_repr(reward)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidStateError(
                f"render_mode must be None, 'human' or 'ansi', got {short_repr(render_mode)}"
            )
        # Deal once now, to check the table (players, rules, seed) with the engine's errors.
        first = GameState.new(players, rules=rules, seed=0 if seed is None else seed)
        seed = None if seed is None else as_int(seed)  # checked by the deal: an int now
        players = first.players
        self.players = players
        self.rules = rules
        self.reward = reward
        self.render_mode = render_mode
        self.possible_agents = [_agent(seat) for seat in range(players)]
        self._rng = random.Random(seed)
        low, high = observation_bounds(players, rules)
        actions = num_actions(rules)
        observation = spaces.Dict(
            {
                "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
            }
        )
        self.observation_spaces: dict[str, Space] = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces: dict[str, Space] = {
            agent: spaces.Discrete(actions) for agent in self.possible_agents
        }
        self._state: GameState | None = None  # (None until the first reset)
        # The game the core plays in place, when it plays the rules (``_state`` is then
        # built from it when asked for), the totals before the round in play and whether
        # that round is a tie-break.
        self._core: _core.Game | None = None
        self._stale = False
        self._totals: list[int] = []
        self._extra = False
        self._width = actions
        self._idle_mask = np.zeros(actions, dtype=np.int8)

    # -- the PettingZoo API -------------------------------------------------------------------

    def observation_space(self, agent: str) -> Space:
        """The observation space of ``agent`` (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Space:
        """The action space of ``agent``: ``Discrete(num_actions(rules))``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game (``seed``, an int of at least 0: restart the sequence of deals
        from that seed)."""
        if seed is not None:
            number = as_int(seed)
            if number is None or number < 0:
                raise InvalidStateError(
                    f"seed must be None or an int of at least 0, got {short_repr(seed)}"
                )
            self._rng = random.Random(number)
        state = GameState.new(self.players, rules=self.rules, seed=self._rng.getrandbits(63))
        core = game_engine.own_core(state)
        self._state, self._stale = state, False
        self._core = None if core is None else core.clone()
        if self._core is not None:
            self._totals, self._extra = self._core.scores, False
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = _agent(self._state.current)

    def _reset_first(self, call: str) -> None:
        if self._state is None:
            raise InvalidStateError(f"call reset() before {call}()")

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The acting agent's observation, reward, termination, truncation and info."""
        self._reset_first("last")
        return super().last(observe)

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        """The agents in turn, while any is left (at most ``max_iter`` steps)."""
        self._reset_first("agent_iter")
        return super().agent_iter(max_iter)

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """``agent``'s observation: its view's tensor and its action mask."""
        self._reset_first("observe")
        seat = self.possible_agents.index(agent)
        core = self._core
        if core is not None:  # (read from the core game as it is, in place)
            if seat == core.current and not core.is_over:
                found = core.legal_mask(self._width)
            else:
                found = self._idle_mask.copy()
            return {"observation": core.observation(seat), "action_mask": found}
        state = self.game_state
        if state.current_player == seat:
            mask = state.legal_action_mask().view(np.int8)
        else:
            mask = self._idle_mask.copy()
        return {"observation": state.observation(seat), "action_mask": mask}

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Play ``action`` (an integer) for the agent to act; an agent whose game is over
        steps with None."""
        self._reset_first("step")
        if not self.agents:
            warnings.warn(
                "step() after the game ended and every agent was done: call reset()",
                UserWarning,
                stacklevel=2,
            )
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise InvalidStateError(f"{agent} is to act: None is only for a finished agent")
        # Discrete actions are integers: int() would also turn 0.9, "1", b"1" and True into
        # actions.
        number = action if type(action) is int else as_int(action)
        if number is None:
            raise IllegalActionError(
                f"{agent}'s action must be an integer from 0 to {num_actions(self.rules) - 1} "
                f"(a Python or numpy integer, not a bool), got {short_repr(action)}"
            )
        if self._core is not None:
            self._step_core(self._core, agent, number)
            return
        before = self.game_state
        after = self._state = before.apply(number)  # an illegal action raises
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.reward == "round" and _round_ended(before, after) and not before.extra_round:
            # (a round of the schedule: its scores are what it added to the totals)
            for seat, (total, earlier) in enumerate(zip(after.scores, before.scores)):
                self.rewards[_agent(seat)] = -float(total - earlier)
        if after.is_over:
            if self.reward == "game":
                for seat, total in enumerate(after.scores):
                    self.rewards[_agent(seat)] = -float(total)
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = _agent(after.current)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _step_core(self, core: _core.Game, agent: str, number: int) -> None:
        """:meth:`step` on the core game, played in place (the same rewards as on a
        :class:`~fivecrowns.GameState`)."""
        rounds = core.rounds_played
        core.apply(number)  # an illegal action raises, and changes nothing
        self._stale = True
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        over = core.is_over
        if core.rounds_played != rounds:  # (a round ended)
            totals = core.scores
            if self.reward == "round" and not self._extra:
                for seat, (total, earlier) in enumerate(zip(totals, self._totals)):
                    self.rewards[_agent(seat)] = -float(total - earlier)
            self._totals = totals
            self._extra = not over and core.round_facts()[1] > 0
        if over:
            if self.reward == "game":
                for seat, total in enumerate(core.scores):
                    self.rewards[_agent(seat)] = -float(total)
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = _agent(core.current)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text (``"ansi"``: returned; ``"human"``: printed)."""
        self._reset_first("render")
        if self.render_mode is None:
            return None
        text = table_text(self.game_state, _agent)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    # -- extras -------------------------------------------------------------------------------

    @property
    def game_state(self) -> GameState:
        """The :class:`fivecrowns.GameState` of the game being played."""
        if self._state is None:
            raise InvalidStateError("call reset() before playing")
        if self._stale and self._core is not None:  # (the core played on in place)
            self._state = GameState._wrap(CoreGame.resumed(self._core, self.rules))
            self._stale = False
        return self._state


def _round_ended(before: GameState, after: GameState) -> bool:
    """Did the action from ``before`` to ``after`` end a round?"""
    # (every round has its own number: tie-break rounds count on from the last)
    return after.is_over or after.round_number != before.round_number


def env(
    players: int = 4,
    rules: Rules = OFFICIAL,
    seed: int | None = None,
    reward: str = "round",
    render_mode: str | None = None,
    illegal_reward: float | None = None,
) -> Any:
    """The environment as PettingZoo recommends: out-of-bounds actions and calls out of order
    are refused. :class:`raw_env` does both checks itself (an action that is not a legal
    integer raises :class:`~fivecrowns.IllegalActionError`; ``step``, ``observe``, ``last``,
    ``agent_iter`` and ``render`` before ``reset`` raise :class:`~fivecrowns.InvalidStateError`;
    a step once every agent is done warns), so it comes without PettingZoo's
    ``OrderEnforcingWrapper`` and ``AssertOutOfBoundsWrapper``, whose attribute lookups
    cost two thirds of a step. With ``illegal_reward`` (e.g. ``-1.0``), an illegal action ends
    the game and gives that reward to the agent that played it, instead of raising (through
    PettingZoo's ``TerminateIllegalWrapper``, with its order enforcing)."""
    _require()
    game: Any = raw_env(
        players=players, rules=rules, seed=seed, reward=reward, render_mode=render_mode
    )
    if illegal_reward is None:
        return game
    game = wrappers.TerminateIllegalWrapper(game, illegal_reward=illegal_reward)
    return wrappers.OrderEnforcingWrapper(game)
