"""`Gymnasium <https://gymnasium.farama.org>`_ environments for Five Crowns: one agent in one
seat against built-in bots (:class:`FiveCrownsEnv`), and many such games stepped together on
the batched simulator (:class:`FiveCrownsVectorEnv`).

Needs Gymnasium: ``pip install "fivecrowns[gymnasium]"``. The environment's id is
``"fivecrowns/FiveCrowns-v0"`` (:data:`ENV_ID`). Gymnasium 1.x loads no plugins (it dropped
the entry-point plugin system in 1.0), so an id is known once the module that registers it
is imported; the module-qualified id :data:`MAKE_ID` makes ``gymnasium.make`` import it, with
nothing imported first:

.. code-block:: python

    import gymnasium

    env = gymnasium.make("fivecrowns.adapters.gymnasium:fivecrowns/FiveCrowns-v0", players=3)
    envs = gymnasium.make_vec(
        "fivecrowns.adapters.gymnasium:fivecrowns/FiveCrowns-v0",
        num_envs=64,
        vectorization_mode="vector_entry_point",
    )

After ``import fivecrowns.adapters.gymnasium`` the bare id works too.

.. code-block:: python

    import numpy as np
    from fivecrowns.adapters.gymnasium import FiveCrownsVectorEnv

    envs = FiveCrownsVectorEnv(256, players=4, opponents="greedy")
    observations, infos = envs.reset(seed=7)
    rng = np.random.default_rng(7)
    for _ in range(1000):  # random legal actions, drawn from the masks
        mask = infos["action_mask"]
        actions = np.argmax(rng.random(mask.shape) * mask, axis=1)
        observations, rewards, terminated, truncated, infos = envs.step(actions)

- **The agent** plays seat ``seat`` (default 0); every other seat is a built-in bot
  (``opponents``: one name for all, or one per other seat). The bots' turns are played
  inside the step, so each step is one of the agent's actions (a turn is a draw, then a
  discard or a go-out).
- **Observations** are the agent's view as the float32 tensor of
  :meth:`fivecrowns.PlayerView.observation` (``Box``; layout in :mod:`fivecrowns.game.views`).
- **Actions** are ``Discrete(num_actions(rules))``, the integers of :mod:`fivecrowns.game.actions`;
  the legal ones are in ``info["action_mask"]`` (int8, 1 at each legal action; all zero once
  the game is over) and :meth:`FiveCrownsEnv.action_masks` (bool, as masked-policy
  libraries such as sb3-contrib's ``MaskablePPO`` ask for). Gymnasium's API lets an agent
  step any action of the space, so an illegal one ends a :class:`FiveCrownsEnv`'s episode
  (``terminated``, ``info["illegal_action"]``) with reward ``illegal_reward``, the game
  unchanged, as PettingZoo's ``TerminateIllegalWrapper`` does (so Gymnasium's ``check_env``
  and unmasked agents can step it). By default (``"worst"``) that reward is minus the most
  the game's hands could cost (:func:`worst_game_cost`), so ending a game by an illegal
  action never pays; ``illegal_reward=None`` raises :class:`fivecrowns.IllegalActionError`
  instead and changes nothing (the vector environment always raises).
- **Rewards** are minus the points the agent added to its total during the step (its round
  score when a round ends), so an episode's rewards add up to minus its final score;
  ``info["scores"]`` has every seat's total and, at the end, ``info["winners"]`` the winning
  seats (a bool per seat).
- **Episodes** are whole games. ``terminated`` when the game is over; ``truncated`` after
  ``max_actions`` actions (every seat's; none by default). ``reset(seed=s)`` deals game 0 of
  run ``s`` (:func:`fivecrowns.play.simulate.game_seed`); each later ``reset()`` deals the next
  game of that run. The vector environment resets a finished game on the next step
  (Gymnasium's default ``AutoresetMode.NEXT_STEP``: that step ignores the game's action and
  returns its first observation, with a reward of 0).

Both run on :class:`fivecrowns.Simulator`, in the compiled core when it plays the rules and
bots (``env.simulator.engine`` says which).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Literal

import numpy as np
import numpy.typing as npt

from ..cards import as_int, short_repr
from ..errors import FiveCrownsError
from ..game.actions import num_actions
from ..play.simulator import Simulator
from ..rules import OFFICIAL, Rules, check_rules
from ._spaces import observation_bounds, view_text

#: Why Gymnasium could not be imported (None when it was).
_MISSING: ImportError | None = None

if TYPE_CHECKING:
    # Gymnasium's classes are generic and typed loosely; this outline is what is used here.
    class Env:
        metadata: dict[str, Any]
        observation_space: Any
        action_space: Any
        np_random: np.random.Generator

        def reset(
            self, *, seed: int | None = None, options: dict[str, Any] | None = None
        ) -> Any: ...

    class VectorEnv:
        metadata: dict[str, Any]
        num_envs: int
        observation_space: Any
        action_space: Any
        single_observation_space: Any
        single_action_space: Any
        np_random: np.random.Generator

        def reset(
            self, *, seed: int | None = None, options: dict[str, Any] | None = None
        ) -> Any: ...

    spaces: Any
    batch_space: Any
    AutoresetMode: Any
else:
    try:
        from gymnasium import Env, spaces
        from gymnasium.vector import AutoresetMode, VectorEnv
        from gymnasium.vector.utils import batch_space
    except ImportError as error:  # pragma: no cover - depends on the environment
        _MISSING = error
        Env = VectorEnv = object

__all__ = ["ENV_ID", "MAKE_ID", "FiveCrownsEnv", "FiveCrownsVectorEnv", "worst_game_cost"]

#: The id this module registers with Gymnasium.
ENV_ID: Final = "fivecrowns/FiveCrowns-v0"
#: The id with its module, for ``gymnasium.make`` with nothing imported first.
MAKE_ID: Final = f"{__name__}:{ENV_ID}"


def worst_game_cost(rules: Rules = OFFICIAL) -> int:
    """An upper bound of what a game's hands can cost one player: each round's hand size
    times the most a card scores in that round (one tie-break round included, under
    ``tie_break="extra_round"``). The default ``illegal_reward`` is minus this.

    >>> worst_game_cost(), worst_game_cost(Rules.short_game(1))
    (4400, 150)
    """
    rules = check_rules(rules)
    sizes = [(rules.hand_size(r), rules.wild_rank(r)) for r in range(1, rules.rounds + 1)]
    if rules.tie_break == "extra_round":
        sizes.append((rules.extra_round_hand_size, None))
    return sum(size * max(rules.points_by_code(wild)) for size, wild in sizes)


def _require() -> None:
    if _MISSING is not None:
        raise ImportError(
            "fivecrowns.adapters.gymnasium needs Gymnasium: "
            f'pip install "fivecrowns[gymnasium]" ({_MISSING})'
        ) from _MISSING


def _table(
    players: int, seat: int, opponents: str | Sequence[str], rules: Rules
) -> tuple[int, list[str | None]]:
    """The seat checked, and the bot of each seat (None: the agent's)."""
    table = as_int(players)
    if table is None or table < 2:
        raise FiveCrownsError(f"players must be an int of at least 2, got {short_repr(players)}")
    where = as_int(seat)
    if where is None or not 0 <= where < table:
        raise FiveCrownsError(f"seat must be an int from 0 to {table - 1}, got {short_repr(seat)}")
    others = [opponents] * (table - 1) if isinstance(opponents, str) else list(opponents)
    if len(others) != table - 1:
        raise FiveCrownsError(
            f"opponents must be one bot name, or one per other seat ({table - 1}), got "
            f"{short_repr(opponents)}"
        )
    seats: list[str | None] = [*others[:where], None, *others[where:]]
    check_rules(rules)
    return where, seats


def _spaces(players: int, rules: Rules) -> tuple[Any, Any]:
    low, high = observation_bounds(players, rules)
    return spaces.Box(low, high, dtype=np.float32), spaces.Discrete(num_actions(rules))


def _illegal_reward(value: object, rules: Rules) -> float | None:
    if value is None:
        return None
    if isinstance(value, str) and value == "worst":
        return -float(worst_game_cost(rules))
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise FiveCrownsError(
            f"illegal_reward must be a number, 'worst' or None, got {short_repr(value)}"
        )
    return float(value)


class FiveCrownsEnv(Env):
    """One agent in seat ``seat`` against built-in bots (see the module).

    >>> import fivecrowns as fc
    >>> from fivecrowns.adapters.gymnasium import FiveCrownsEnv
    >>> env = FiveCrownsEnv(players=2, rules=fc.Rules.short_game(1))
    >>> observation, info = env.reset(seed=3)
    >>> observation.shape, int(info["action_mask"].sum())
    ((314,), 2)
    """

    # (render_fps: how often a viewer redraws; Gymnasium warns when it is missing)
    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 - Gymnasium's class attribute

    def __init__(
        self,
        players: int = 4,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "greedy",
        rules: Rules = OFFICIAL,
        max_actions: int | None = None,
        illegal_reward: float | Literal["worst"] | None = "worst",
        render_mode: str | None = None,
    ) -> None:
        _require()
        self.seat, bots = _table(players, seat, opponents, rules)
        self.illegal_reward = _illegal_reward(illegal_reward, rules)
        if render_mode not in (None, "ansi"):
            raise FiveCrownsError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self.simulator = Simulator(
            1,
            players=players,
            rules=rules,
            bots=bots,
            auto_reset=False,
            max_actions=max_actions,
            record=True,  # one game: keep it whole (render, ``simulator.state(0)``)
        )
        self.observation_space, self.action_space = _spaces(players, rules)
        self._started = self._ended = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Deal game 0 of run ``seed``, or (without a seed) the next game of the run."""
        super().reset(seed=seed)
        sim = self.simulator
        if seed is not None:
            sim.reset(seed)
        elif not self._started:
            sim.reset(int(self.np_random.integers(1 << 63)))
        else:
            sim.deal_next(np.ones(1, np.bool_))
        self._started, self._ended = True, False
        return self._observation(), self._info(np.zeros(self.simulator.players, np.int64), None)

    def step(
        self, action: int
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """Play the agent's ``action``, then the bots' turns until the agent's next."""
        if not self._started:
            raise FiveCrownsError("call reset() before step()")
        sim = self.simulator
        if self._ended:
            raise FiveCrownsError("the episode has ended: call reset() to deal the next game")
        if self.illegal_reward is not None and not self._legal(action):
            self._ended = True
            info = self._info(np.array(sim.state(0).scores, np.int64), None)
            info["illegal_action"] = True
            return self._observation(), float(self.illegal_reward), True, False, info
        step = sim.step(np.array([action]))
        self._ended = bool(step.terminated[0] or step.truncated[0])
        info = self._info(step.scores[0], step.winners[0] if step.terminated[0] else None)
        reward = float(step.rewards[0, self.seat])
        return self._observation(), reward, bool(step.terminated[0]), bool(step.truncated[0]), info

    def _legal(self, action: object) -> bool:
        number = as_int(action)
        mask = self.simulator.legal_action_mask()[0]
        return number is not None and 0 <= number < len(mask) and bool(mask[number])

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as a bool mask."""
        mask: npt.NDArray[np.bool_] = self.simulator.legal_action_mask()[0].copy()
        return mask

    def render(self) -> str | None:
        """With ``render_mode="ansi"``, the agent's view as text: what its seat may see (its
        own hand, the others' hand sizes, the discard pile's top, the table); else None."""
        if self.render_mode != "ansi":
            return None
        view = self.simulator.state(0).view(self.seat)
        return view_text(view, lambda seat: "you" if seat == self.seat else f"player {seat}")

    def _observation(self) -> npt.NDArray[np.float32]:
        seats = np.full(1, self.seat, np.int64)
        observation: npt.NDArray[np.float32] = self.simulator.observation(seats)[0].copy()
        return observation

    def _info(
        self, scores: npt.NDArray[np.int64], winners: npt.NDArray[np.bool_] | None
    ) -> dict[str, Any]:
        info: dict[str, Any] = {
            "action_mask": self.simulator.legal_action_mask()[0].astype(np.int8),
            "scores": scores.copy(),
        }
        if winners is not None:
            info["winners"] = winners.copy()
        return info


class FiveCrownsVectorEnv(VectorEnv):
    """``num_envs`` games, an agent in seat ``seat`` of each, stepped together on the
    batched simulator (see the module); with ``record``, ``simulator.state(i)`` rebuilds a
    game (see :class:`fivecrowns.Simulator`).

    >>> import numpy as np
    >>> from fivecrowns.adapters.gymnasium import FiveCrownsVectorEnv
    >>> envs = FiveCrownsVectorEnv(4, players=3)
    >>> observations, infos = envs.reset(seed=1)
    >>> observations.shape, infos["action_mask"].shape
    ((4, 321), (4, 267))
    """

    metadata = {  # noqa: RUF012 - Gymnasium's class attribute
        "autoreset_mode": AutoresetMode.NEXT_STEP if _MISSING is None else None
    }

    def __init__(
        self,
        num_envs: int,
        players: int = 4,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "greedy",
        rules: Rules = OFFICIAL,
        max_actions: int | None = None,
        record: bool = False,
    ) -> None:
        _require()
        self.seat, bots = _table(players, seat, opponents, rules)
        self.simulator = Simulator(
            num_envs,
            players=players,
            rules=rules,
            bots=bots,
            auto_reset=False,
            max_actions=max_actions,
            record=record,
        )
        self.num_envs = self.simulator.num_games
        self.single_observation_space, self.single_action_space = _spaces(players, rules)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._seats = np.full(self.num_envs, self.seat, np.int64)
        self._ended = np.zeros(self.num_envs, np.bool_)
        self._started = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Deal games 0 to ``num_envs - 1`` of run ``seed``, or (without a seed) the next
        ``num_envs`` games of the run."""
        super().reset(seed=seed)
        sim = self.simulator
        if seed is not None:
            sim.reset(seed)
        elif not self._started:
            sim.reset(int(self.np_random.integers(1 << 63)))
        else:
            sim.deal_next(np.ones(self.num_envs, np.bool_))
        self._started = True
        self._ended[:] = False
        return self._observations(), {"action_mask": self._mask()}

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Play each game's action (a game that ended on the last step is dealt afresh
        instead, and its action ignored)."""
        if not self._started:
            raise FiveCrownsError("call reset() before step()")
        sim = self.simulator
        step = sim.step(actions)  # the games that ended are done: their actions are ignored
        rewards = step.rewards[:, self.seat].copy()
        terminated, truncated = step.terminated.copy(), step.truncated.copy()
        scores, winners = step.scores.copy(), step.winners.copy()
        if self._ended.any():
            sim.deal_next(self._ended)
            rewards[self._ended] = 0
            scores[self._ended] = 0
        self._ended = terminated | truncated
        info = {"action_mask": self._mask(), "scores": scores, "winners": winners}
        return self._observations(), rewards, terminated, truncated, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Each game's legal actions now, as a bool mask (num_envs x num_actions)."""
        mask: npt.NDArray[np.bool_] = self.simulator.legal_action_mask().copy()
        return mask

    def _observations(self) -> npt.NDArray[np.float32]:
        seen: npt.NDArray[np.float32] = self.simulator.observation(self._seats).copy()
        return seen

    def _mask(self) -> npt.NDArray[np.int8]:
        return self.simulator.legal_action_mask().astype(np.int8)


def _register() -> None:
    if _MISSING is None:
        import gymnasium

        if ENV_ID not in gymnasium.registry:
            gymnasium.register(
                id=ENV_ID,
                entry_point=f"{__name__}:FiveCrownsEnv",
                vector_entry_point=f"{__name__}:FiveCrownsVectorEnv",
            )


_register()
