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

A simulator can be shared between threads: its calls take turns (each holds the simulator's
lock while it runs; the core's steps run without the GIL, so other Python threads go on
meanwhile). The arrays it returns are still its buffers: another thread's call of the same
method rewrites them, even while this thread reads them. Threads that share a simulator
must agree among themselves who reads its arrays when (or each keep a simulator of its own).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Sequence
from typing import Concatenate, Final, Literal, ParamSpec, TypeVar, cast

import numpy as np
import numpy.typing as npt

from ..bots import BOTS
from ..cards import _int_or_same, as_int, short_repr
from ..errors import FiveCrownsError, IllegalActionError
from ..game import GameState
from ..game._checks import check_players, check_rounds_end
from ..game.actions import num_actions
from ..game.views import observation_size
from ..rules import OFFICIAL, Rules, check_rules
from ..solver import _engine
from ._batches import CoreBatch, PythonBatch, Step

__all__ = ["MAX_GAMES", "Simulator", "Step"]

#: The most games one simulator steps together (each costs a few kilobytes of buffers).
MAX_GAMES: Final = 1 << 20

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _serialized(
    method: Callable[Concatenate[Simulator, _P], _R],
) -> Callable[Concatenate[Simulator, _P], _R]:
    """``method`` run under the simulator's lock: calls from several threads take turns."""

    def serialized(self: Simulator, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        with self._lock:
            return method(self, *args, **kwargs)

    # (functools.wraps' own type loses the signature: the cast keeps it for the checker)
    return cast("Callable[Concatenate[Simulator, _P], _R]", functools.wraps(method)(serialized))


Engine = Literal["core", "python"]


class Simulator:
    """``games`` games (1 to :data:`MAX_GAMES`) of ``players`` under ``rules``, stepped
    together (see the module).

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
        if not isinstance(engine, str) or engine not in ("auto", "core", "python"):
            raise FiveCrownsError(
                f"engine must be 'auto', 'core' or 'python', got {short_repr(engine)}"
            )
        self._rules = check_rules(rules)
        count = _positive("games", games, MAX_GAMES)
        table = check_players(_int_or_same(players), self._rules)  # as GameState.new does
        check_rounds_end(self._rules)
        seats = _seats(bots, table)
        limit = None if max_actions is None else _positive("max_actions", max_actions, 2**62)
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
        self._lock = threading.RLock()
        self._batch: CoreBatch | PythonBatch
        if self._engine == "core":
            self._batch = CoreBatch(
                self._rules, table, seats, count, self._actions, auto_reset, limit, self._record
            )
        else:
            self._batch = PythonBatch(
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

    @_serialized
    def reset(self, seed: int = 0) -> None:
        """Start run ``seed``: slot ``i`` is dealt game ``i`` afresh."""
        self._batch.reset(_seed(seed))

    @_serialized
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

    @_serialized
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
    @_serialized
    def current_player(self) -> npt.NDArray[np.int64]:
        """The seat each game waits for (-1: the game is done)."""
        return self._batch.to_act()

    @_serialized
    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """Each game's legal actions as a mask (games x :attr:`num_actions`; a done game's
        row is all false)."""
        return self._batch.legal_action_mask()

    @_serialized
    def legal_actions(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.uint32]]:
        """Each game's legal actions, ascending, in a row of :attr:`max_legal_actions` padded
        with -1, and how many each game has."""
        return self._batch.legal_actions()

    @_serialized
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

    @_serialized
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

    @_serialized
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

    @_serialized
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


def _positive(name: str, value: object, most: int) -> int:
    number = as_int(value)
    if number is None or not 1 <= number <= most:
        raise FiveCrownsError(f"{name} must be an int from 1 to {most:,}, got {short_repr(value)}")
    return number


def _seed(value: object) -> int:
    number = as_int(value)
    if number is None or not 0 <= number < 1 << 63:
        raise FiveCrownsError(f"seed must be an int from 0 to 2**63 - 1, got {short_repr(value)}")
    return number


def _seats(bots: Sequence[str | None] | None, players: int) -> tuple[str | None, ...]:
    if bots is None:
        return (None,) * players
    if not isinstance(bots, Sequence) or isinstance(bots, str) or len(bots) != players:
        raise FiveCrownsError(
            f"bots must name a built-in bot or None for each of the {players} seats, got "
            f"{short_repr(bots)}"
        )
    for bot in bots:
        if bot is not None and (not isinstance(bot, str) or bot not in BOTS):
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
