"""Many games stepped together, for training loops, search and mass simulation:
:class:`Simulator`.

A simulator holds ``games`` independent games of the same table. Each seat is played either
by a built-in bot (``bots[seat]``, a name from :data:`fivecrowns.BOTS`) or by the caller
(``None``): after a reset and after every step, each game is played on by its built-in seats
until a caller's seat must act. One :meth:`Simulator.step` then takes one action per game,
as integers (:meth:`fivecrowns.Action.to_int`), and reports per game what happened.

>>> import numpy as np
>>> import fivecrowns as fc
>>> sim = fc.Simulator(8, players=2, bots=[None, "greedy"], seed=1)
>>> rng = np.random.default_rng(0)
>>> while not (step := sim.step(sim.sample(rng))).terminated.any():
...     pass
>>> bool((step.scores[step.terminated] >= 0).all())
True

Games are numbered in the order they are dealt: slot ``i`` first plays game ``i`` of the run,
and every game that ends is replaced (``auto_reset``, the default) by the next number, in
slot order. Game ``k`` of a run with seed ``s`` is dealt from
:func:`fivecrowns.play.simulate.game_seed` ``(s, k)`` with the last seat dealing first, and its
bots are reset as :func:`fivecrowns.play_game` resets them, so a game here is the game
:func:`~fivecrowns.play_game` plays from the same seed with the same bots in the same seats
(:meth:`Simulator.state` returns it as a :class:`~fivecrowns.GameState`, for a simulator
made with ``record=True``).

The arrays a simulator returns are its own buffers, overwritten by the next call of the same
method: copy what you keep. With the compiled core (``fivecrowns._core``) the games are played
in it, without a Python call per action, for rule sets it plays
(``auto_arrange_final_hand`` on, no ``lay_off``) and the bots ``"random"``, ``"greedy"`` and
``"strong"``; otherwise the Python engine plays them, with the same results.
:attr:`Simulator.engine` says which.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import attrs
import numpy as np
import numpy.typing as npt

from ..bots import BOTS, Bot, make_bot
from ..cards import _int_or_same, as_int, short_repr
from ..errors import FiveCrownsError, IllegalActionError
from ..game import GameRecord, GameState
from ..game._checks import check_players, check_rounds_end
from ..game.actions import Action, num_actions
from ..game.views import observation_size
from ..rules import OFFICIAL, Rules, check_rules
from ..solver import _engine
from .simulate import bot_seed, game_seed

__all__ = ["Simulator", "Step"]

Engine = Literal["core", "python"]


@attrs.frozen
class Step:
    """What one :meth:`Simulator.step` did to each game (arrays with one row per game).

    ``rewards`` (float32, games x players) is minus the points each seat added to its total
    during the step (so a game's rewards sum to minus its final scores); ``terminated``
    marks the games that ended, ``truncated`` those cut short by ``max_actions``; ``scores``
    (int64) holds each seat's total, of the game that ended in a row where one did;
    ``winners`` (bool) marks the winning seats of the games that ended.
    """

    rewards: npt.NDArray[np.float32]
    terminated: npt.NDArray[np.bool_]
    truncated: npt.NDArray[np.bool_]
    scores: npt.NDArray[np.int64]
    winners: npt.NDArray[np.bool_]


class Simulator:
    """``games`` games of ``players`` under ``rules``, stepped together (see the module).

    ``bots`` names a built-in bot per seat, or ``None`` for a seat the caller plays (default:
    the caller plays every seat); at least one seat is the caller's. ``seed`` is the run's
    seed (:meth:`reset` starts another run). A game that ends is replaced by the next one
    when ``auto_reset`` is on; otherwise it stays as it ended and takes no more actions.
    ``max_actions`` cuts a game short (``truncated``) at the first step after which it has
    played that many actions (the bots' included). With ``record``, each game keeps every
    action, so that :meth:`state` can rebuild it; without (the default), a game keeps only
    what the rest of the game needs, so memory stays bounded however long games last.
    ``engine="python"`` plays the games in
    the Python engine even when the core could; ``engine="core"`` insists on the core and
    raises :class:`~fivecrowns.FiveCrownsError` saying why when it cannot.
    """

    def __init__(
        self,
        games: int,
        *,
        players: int = 4,
        rules: Rules = OFFICIAL,
        bots: Sequence[str | None] | None = None,
        seed: int = 0,
        auto_reset: bool = True,
        max_actions: int | None = None,
        record: bool = False,
        engine: Literal["auto", "core", "python"] = "auto",
    ) -> None:
        if engine not in ("auto", "core", "python"):
            raise FiveCrownsError(
                f"engine must be 'auto', 'core' or 'python', got {short_repr(engine)}"
            )
        self._rules = check_rules(rules)
        count = _positive("games", games)
        table = check_players(_int_or_same(players), self._rules)  # as GameState.new does
        check_rounds_end(self._rules)
        seats = _seats(bots, table)
        limit = None if max_actions is None else _positive("max_actions", max_actions)
        start = _seed(seed)
        self._bots: tuple[str | None, ...] = seats
        self._record = bool(record)
        self._actions = num_actions(self._rules)
        self._width = _legal_width(self._rules, self._actions)
        self._engine: Engine
        self._why: str
        self._engine, self._why = _choose(seats)
        if engine == "core" and self._engine != "core":
            raise FiveCrownsError(f"engine='core' was asked for, but {self._why}")
        if engine == "python" and self._engine == "core":
            self._engine, self._why = "python", "engine='python' was asked for"
        self._batch: _CoreBatch | _PythonBatch
        if self._engine == "core":
            self._batch = _CoreBatch(
                self._rules, table, seats, count, self._actions, auto_reset, limit, self._record
            )
        else:
            self._batch = _PythonBatch(
                self._rules, table, seats, count, self._actions, self._width, auto_reset, limit
            )
        self._batch.reset(start)

    # -- what it is ------------------------------------------------------------------------

    @property
    def num_games(self) -> int:
        """How many games are stepped together."""
        return self._batch.games

    @property
    def players(self) -> int:
        return self._batch.players

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def bots(self) -> tuple[str | None, ...]:
        """The built-in bot of each seat (``None``: the caller plays it)."""
        return self._bots

    @property
    def seed(self) -> int:
        """The seed of the current run."""
        return self._batch.seed

    @property
    def engine(self) -> Engine:
        """Which engine plays the games: ``"core"`` or ``"python"`` (see :attr:`engine_reason`)."""
        return self._engine

    @property
    def engine_reason(self) -> str:
        """Why :attr:`engine` plays the games."""
        return self._why

    @property
    def num_actions(self) -> int:
        """The number of action integers (the columns of :meth:`legal_action_mask`)."""
        return self._actions

    @property
    def observation_size(self) -> int:
        """The length of an observation row (:func:`fivecrowns.observation_size`)."""
        return observation_size(self.players)

    @property
    def max_legal_actions(self) -> int:
        """The width of :meth:`legal_actions`' rows: no state has more legal actions."""
        return self._width

    # -- playing ---------------------------------------------------------------------------

    def reset(self, seed: int = 0) -> None:
        """Start run ``seed``: slot ``i`` is dealt game ``i`` afresh."""
        self._batch.reset(_seed(seed))

    def deal_next(self, games: npt.ArrayLike) -> None:
        """Deal the next games of the run into the slots ``games`` marks (a bool per game),
        in slot order: to start over games that are done without ``auto_reset``, or any
        others.

        >>> import numpy as np, fivecrowns as fc
        >>> sim = fc.Simulator(3, players=2, auto_reset=False)
        >>> sim.deal_next(np.array([False, True, True]))
        >>> [sim.game_number(i) for i in range(3)]
        [0, 3, 4]
        """
        marks = np.asarray(games)
        if marks.shape != (self.num_games,) or marks.dtype != np.bool_:
            raise FiveCrownsError(
                f"games must be a bool array of shape ({self.num_games},), got {marks.dtype} "
                f"of shape {marks.shape}"
            )
        self._batch.deal_next(np.ascontiguousarray(marks))

    def step(self, actions: npt.ArrayLike) -> Step:
        """Play ``actions[i]`` (an action integer) in game ``i``, then the bots' turns.

        A game that is done (over or cut short, without ``auto_reset``) ignores its entry.
        If any game's action is illegal, :class:`~fivecrowns.IllegalActionError` names the
        first such game and no game changes.
        """
        found = np.asarray(actions)
        if found.shape != (self.num_games,) or found.dtype.kind not in "iu":
            raise IllegalActionError(
                f"actions must be one action integer per game: an int array of shape "
                f"({self.num_games},), got {found.dtype} of shape {found.shape}"
            )
        return self._batch.step(found.astype(np.int64, copy=False))

    @property
    def current_player(self) -> npt.NDArray[np.int64]:
        """The seat each game waits for (-1: the game is done)."""
        return self._batch.to_act()

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """Each game's legal actions as a mask (games x :attr:`num_actions`; a done game's
        row is all false)."""
        return self._batch.legal_action_mask()

    def legal_actions(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.uint32]]:
        """Each game's legal actions, ascending, in a row of :attr:`max_legal_actions` padded
        with -1, and how many each game has."""
        return self._batch.legal_actions()

    def sample(self, rng: np.random.Generator) -> npt.NDArray[np.int64]:
        """A uniformly random legal action per game, drawn from ``rng`` (0 for a done game).

        >>> import numpy as np, fivecrowns as fc
        >>> sim = fc.Simulator(3, players=2)
        >>> bool(sim.legal_action_mask()[np.arange(3), sim.sample(np.random.default_rng(1))].all())
        True
        """
        legal, counts = self.legal_actions()
        picks = (rng.random(len(counts)) * counts).astype(np.int64)
        return np.where(counts > 0, legal[np.arange(len(counts)), picks], 0)

    def observation(self, players: npt.ArrayLike | None = None) -> npt.NDArray[np.float32]:
        """Each game's observation (games x :attr:`observation_size`, float32, the encoding
        of :meth:`fivecrowns.PlayerView.observation`), for the seat it waits for or, with
        ``players``, for ``players[i]`` (a done game is seen by seat 0 unless told)."""
        if players is None:
            return self._batch.observation(None)
        seats = np.asarray(players)
        if (
            seats.shape != (self.num_games,)
            or seats.dtype.kind not in "iu"
            or (seats.size and not (seats.min() >= 0 and seats.max() < self.players))
        ):
            raise FiveCrownsError(
                f"players must be one seat per game: ints from 0 to {self.players - 1} in an "
                f"array of shape ({self.num_games},), got {seats.dtype} of shape {seats.shape}"
            )
        return self._batch.observation(seats.astype(np.int64, copy=False))

    def state(self, index: int) -> GameState:
        """The game in slot ``index`` as a :class:`~fivecrowns.GameState` (with the core,
        rebuilt by replaying its actions): for a simulator made with ``record=True``."""
        slot = self._index(index)
        if not self._record:
            raise FiveCrownsError(
                "state(i) rebuilds a game from all its actions: make the simulator with "
                "record=True to keep them"
            )
        return self._batch.state(slot)

    def game_number(self, index: int) -> int:
        """The number in the run of the game in slot ``index`` (it was dealt from
        ``game_seed(seed, number)``)."""
        return self._batch.number(self._index(index))

    def _index(self, index: object) -> int:
        number = as_int(index)
        if number is None or not 0 <= number < self.num_games:
            raise FiveCrownsError(
                f"index must be an int from 0 to {self.num_games - 1}, got {short_repr(index)}"
            )
        return number

    def __repr__(self) -> str:
        return (
            f"Simulator({self.num_games}, players={self.players}, bots={list(self._bots)!r}, "
            f"seed={self.seed}) [engine: {self._engine}]"
        )


# -- checking the arguments ----------------------------------------------------------------


def _positive(name: str, value: object) -> int:
    number = as_int(value)
    if number is None or number < 1:
        raise FiveCrownsError(f"{name} must be a positive int, got {short_repr(value)}")
    return number


def _seed(value: object) -> int:
    number = as_int(value)
    if number is None or not 0 <= number < 1 << 63:
        raise FiveCrownsError(f"seed must be an int from 0 to 2**63 - 1, got {short_repr(value)}")
    return number


def _seats(bots: Sequence[str | None] | None, players: int) -> tuple[str | None, ...]:
    if bots is None:
        return (None,) * players
    if isinstance(bots, str) or len(bots) != players:
        raise FiveCrownsError(
            f"bots must name a built-in bot or None for each of the {players} seats, got "
            f"{short_repr(bots)}"
        )
    for bot in bots:
        if bot is not None and bot not in BOTS:
            raise FiveCrownsError(
                f"a seat's bot is None (played by the caller) or one of {', '.join(BOTS)}, "
                f"got {short_repr(bot)}"
            )
    if all(bot is not None for bot in bots):
        raise FiveCrownsError(
            "at least one seat must be played by the caller (None); to play whole games of "
            "built-in bots, use fivecrowns.tournament"
        )
    return tuple(bots)


def _legal_width(rules: Rules, actions: int) -> int:
    if rules.lay_off or not rules.auto_arrange_final_hand:
        return actions  # selecting and laying down: bounded by the action integers
    largest = max((*rules.schedule, rules.extra_round_hand_size))
    return 2 * (largest + 1) + 1  # a discard and a go-out per card, and out!


def _choose(seats: tuple[str | None, ...]) -> tuple[Engine, str]:
    info = _engine.core_info()
    if not info.compiled:
        return "python", f"the compiled core is not in use ({info.reason})"
    from ..game import _core_game  # (only with the core: it imports the extension)

    others = sorted({bot for bot in seats if bot is not None} - _core_game.CORE_BOTS)
    if others:
        return "python", f"the core does not play the bots {', '.join(others)}"
    return "core", "the compiled core plays these rules and bots"


# -- the engines ---------------------------------------------------------------------------


class _CoreBatch:
    """The games in the compiled core."""

    def __init__(
        self,
        rules: Rules,
        players: int,
        seats: tuple[str | None, ...],
        games: int,
        actions: int,
        auto_reset: bool,
        max_actions: int | None,
        record: bool,
    ) -> None:
        from ..game import _core_game

        self.rules, self.players, self.games = rules, players, games
        self._core = _core_game.batch(
            rules, list(seats), games, actions, auto_reset, max_actions or 0, record
        )
        core = self._core
        self._step = Step(core.rewards, core.terminated, core.truncated, core.scores, core.winners)

    @property
    def seed(self) -> int:
        return self._core.seed

    def reset(self, seed: int) -> None:
        self._core.reset(seed)

    def deal_next(self, games: npt.NDArray[np.bool_]) -> None:
        self._core.deal_next(games)

    def step(self, actions: npt.NDArray[np.int64]) -> Step:
        self._core.step(np.ascontiguousarray(actions))
        return self._step

    def to_act(self) -> npt.NDArray[np.int64]:
        return self._core.to_act()

    def observation(self, seats: npt.NDArray[np.int64] | None) -> npt.NDArray[np.float32]:
        return self._core.observation(None if seats is None else np.ascontiguousarray(seats))

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        return self._core.legal_action_mask()

    def legal_actions(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.uint32]]:
        return self._core.legal_actions()

    def number(self, index: int) -> int:
        return self._core.game(index)[1]

    def state(self, index: int) -> GameState:
        game, _ = self._core.game(index)
        record = GameRecord(self.players, self.rules, game.seed, game.first_dealer, ())
        return attrs.evolve(record, actions=tuple(game.actions)).replay()


@attrs.define
class _Slot:
    """One game of the Python engine's batch."""

    number: int
    state: GameState
    bots: list[Bot | None]
    done: bool = False


class _PythonBatch:
    """The games in the Python engine: the twin of the core's batch."""

    def __init__(
        self,
        rules: Rules,
        players: int,
        seats: tuple[str | None, ...],
        games: int,
        actions: int,
        width: int,
        auto_reset: bool,
        max_actions: int | None,
    ) -> None:
        self.rules, self.players, self.games = rules, players, games
        self._seats, self._auto_reset, self._max_actions = seats, auto_reset, max_actions
        self.seed = 0
        self._next = 0
        self._slots: list[_Slot] = []
        self._step = Step(
            np.zeros((games, players), np.float32),
            np.zeros(games, np.bool_),
            np.zeros(games, np.bool_),
            np.zeros((games, players), np.int64),
            np.zeros((games, players), np.bool_),
        )
        self._to_act = np.zeros(games, np.int64)
        self._observation = np.zeros((games, observation_size(players)), np.float32)
        self._mask = np.zeros((games, actions), np.bool_)
        self._legal = np.zeros((games, width), np.int64)
        self._counts = np.zeros(games, np.uint32)

    def reset(self, seed: int) -> None:
        self.seed = seed
        self._slots = [self._deal(number) for number in range(self.games)]
        self._next = self.games

    def deal_next(self, games: npt.NDArray[np.bool_]) -> None:
        for index in np.flatnonzero(games).tolist():
            self._slots[index] = self._deal(self._next)
            self._next += 1

    def _deal(self, number: int) -> _Slot:
        seed = game_seed(self.seed, number)
        state = GameState.new(self.players, rules=self.rules, seed=seed)
        bots: list[Bot | None] = []
        for seat, name in enumerate(self._seats):
            bot = None if name is None else make_bot(name)
            if bot is not None:
                bot.reset(bot_seed(seed, seat))
            bots.append(bot)
        slot = _Slot(number, state, bots)
        self._play_bots(slot)
        return slot

    @staticmethod
    def _play_bots(slot: _Slot) -> None:
        while not slot.state.is_over:
            bot = slot.bots[slot.state.current]
            if bot is None:
                return
            state = slot.state
            slot.state = state.apply(bot.act(state.view(state.current), state.legal_actions()))

    def step(self, actions: npt.NDArray[np.int64]) -> Step:
        # (every game's action applied before any game changes: a refusal changes nothing)
        played: list[GameState | None] = []
        for index, (slot, value) in enumerate(zip(self._slots, actions.tolist(), strict=True)):
            try:
                played.append(
                    None if slot.done else slot.state.apply(Action.from_int(value, self.rules))
                )
            except IllegalActionError as error:
                raise IllegalActionError(f"game {index}: {error}") from None
        out = self._step
        out.rewards.fill(0)
        out.terminated.fill(False)
        out.truncated.fill(False)
        out.winners.fill(False)
        for index, (slot, after) in enumerate(zip(self._slots, played, strict=True)):
            before = np.array(slot.state.scores)
            if after is not None:
                slot.state = after
                self._play_bots(slot)
            state = slot.state
            out.scores[index] = state.scores
            if slot.done:
                continue
            out.rewards[index] = before - np.array(state.scores)
            over = state.is_over
            cut = (
                not over
                and self._max_actions is not None
                and len(state.actions) >= self._max_actions
            )
            if not (over or cut):
                continue
            out.terminated[index], out.truncated[index] = over, cut
            out.winners[index, list(state.winners)] = True
            if self._auto_reset:
                self._slots[index] = self._deal(self._next)
                self._next += 1
            else:
                slot.done = True
        return out

    def to_act(self) -> npt.NDArray[np.int64]:
        for index, slot in enumerate(self._slots):
            self._to_act[index] = -1 if slot.done else slot.state.current
        return self._to_act

    def observation(self, seats: npt.NDArray[np.int64] | None) -> npt.NDArray[np.float32]:
        for index, slot in enumerate(self._slots):
            seat = (0 if slot.done else slot.state.current) if seats is None else seats[index]
            self._observation[index] = slot.state.view(int(seat)).observation()
        return self._observation

    def _legal_ints(self, slot: _Slot) -> list[int]:
        return [] if slot.done else [action.to_int() for action in slot.state.legal_actions()]

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        self._mask.fill(False)
        for index, slot in enumerate(self._slots):
            self._mask[index, self._legal_ints(slot)] = True
        return self._mask

    def legal_actions(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.uint32]]:
        self._legal.fill(-1)
        for index, slot in enumerate(self._slots):
            legal = self._legal_ints(slot)
            self._legal[index, : len(legal)] = legal
            self._counts[index] = len(legal)
        return self._legal, self._counts

    def number(self, index: int) -> int:
        return self._slots[index].number

    def state(self, index: int) -> GameState:
        return self._slots[index].state
