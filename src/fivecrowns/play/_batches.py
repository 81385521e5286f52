"""The two engines behind :class:`~fivecrowns.Simulator`, and what one step reports
(:class:`Step`): :class:`CoreBatch` plays the games in the compiled core, :class:`PythonBatch`
in the Python engine, with the same results. :mod:`fivecrowns.play.simulator` checks the
caller's arguments and picks one.
"""

from __future__ import annotations

import attrs
import numpy as np
import numpy.typing as npt

from ..bots import Bot, make_bot
from ..errors import IllegalActionError
from ..game import GameRecord, GameState
from ..game.actions import Action
from ..game.views import observation_size
from ..rules import Rules
from .simulate import bot_seed, game_seed

__all__ = ["CoreBatch", "PythonBatch", "Step"]


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


class CoreBatch:
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


class PythonBatch:
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
