"""The expert bot: determinised Monte Carlo search over rollouts played by the core.

At each decision that matters, :class:`ExpertBot` takes a few candidate moves (the two
draws; the discards :class:`~fivecrowns.StrongBot` prefers and those leaving the least
deadwood), samples complete hidden states consistent with its view
(:func:`~fivecrowns.sample_state`: the other hands and the stock order drawn from the cards
it has not seen, the other hands dealt as hands that have been played), plays each
candidate first in every sample and the rest of the round with built-in bots
(:func:`~fivecrowns.rollouts` with ``actions``: every candidate meets the same cards and the
same luck), and keeps the candidate with the best mean of its round score minus the mean of
the other players' round scores. Everything else, going out and the final turns, it plays
as :class:`~fivecrowns.StrongBot` does.

>>> import fivecrowns as fc
>>> state = fc.GameState.new(players=2, rules=fc.Rules.short_game(3), seed=5)
>>> bot = ExpertBot(rollouts=64)
>>> bot.reset(1)
>>> action = bot.act(state.view(0), state.legal_actions())
>>> action in state.legal_actions()
True

The bot is deterministic for its seed (:meth:`ExpertBot.reset`): the samples of a decision
are dealt from the seed and the decision's place in the game. Its cost is the number of
rollouts per decision (``rollouts``, fewer for a big hand: ``card_budget``): with the
compiled core the default budget took about 12 ms per decision on one core in four-player
official games against StrongBot (16 ms where it searched, p99 25 ms, the slowest 28 ms;
``decision_times`` of ``benchmarks/bot_table.py``, 258 decisions, on a virtual machine of
two AMD EPYC cores, otherwise idle: a load of 0.3; on a loaded machine, several times
that), and beat
StrongBot by about 9.3 points a game (``benchmarks/bot_table.py``, which prints the table
and the strength for other budgets). Without the core the rollouts run in the Python
engine, with the same results, about a hundred times slower.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs
import numpy as np
import numpy.typing as npt

from .._shuffle import derive_seed
from ..cards import Card
from ..errors import FiveCrownsError
from ..game.actions import DRAW_DISCARD, DRAW_STOCK, Action, ActionKind, Phase
from ..game.views import PlayerView
from ..rules import MAX_HAND_SIZE
from ..solver import deadwood_by_discard
from ._builtin import StrongBot
from .rollout import ROLLOUT_BOTS, _horizon, rollouts
from .tracking import RoundTracker

__all__ = ["ExpertBot"]

#: The most rollouts one decision may spend.
MAX_BUDGET: Final = 1_000_000
#: The largest ``card_budget``: the most rollouts times the most cards a hand holds.
MAX_CARD_BUDGET: Final = MAX_BUDGET * (MAX_HAND_SIZE + 1)


def _budget(value: object) -> int:
    if type(value) is not int or not 1 <= value <= MAX_BUDGET:
        raise FiveCrownsError(
            f"rollouts must be an int from 1 to {MAX_BUDGET:,} per decision, got {value!r}"
        )
    return value


def _card_budget(value: object) -> int | None:
    if value is not None and (type(value) is not int or not 1 <= value <= MAX_CARD_BUDGET):
        raise FiveCrownsError(
            f"card_budget must be None or an int from 1 to {MAX_CARD_BUDGET:,}, got {value!r}"
        )
    return value


def _candidates(value: object) -> int:
    if type(value) is not int or not 2 <= value <= 60:
        raise FiveCrownsError(f"candidates must be an int from 2 to 60, got {value!r}")
    return value


def _policy(value: object) -> str:
    if value not in ROLLOUT_BOTS:
        raise FiveCrownsError(
            f"policy must be a rollout bot ({', '.join(ROLLOUT_BOTS)}), got {value!r}"
        )
    return str(value)


def _improve(value: object) -> bool:
    if type(value) is not bool:
        raise FiveCrownsError(f"improve must be True or False, got {value!r}")
    return value


@attrs.define
class ExpertBot:
    """A bot that searches: for each decision, a few candidate moves compared by
    ``rollouts`` rollouts (split evenly among them) of the rest of the round, the hidden
    cards sampled afresh for each, played by ``policy`` in every seat.

    ``candidates`` bounds the discards compared (StrongBot's choice and those leaving the
    least deadwood). Raising ``rollouts`` makes the bot stronger and slower (see the
    strength-against-budget figures in ``benchmarks/bot_table.py`` and the docs), up to a
    point: valued by an oracle on the same recorded decisions (an experiment since
    removed, see the CHANGELOG), 1,024 rollouts lost about a point a game less than
    256 (at the edge of that measurement's noise), 512 and 2,048 no less than 1,024. In
    whole games too (two experts against two StrongBots, the same 1,000 four-player deals),
    2,048 rollouts with ``card_budget=16384`` scored -9.72 ± 2.93 points a game against the
    default's -9.71 ± 2.91 (paired by deal: -0.02 ± 0.83), at about twice the time.

    A rollout of a big hand costs more (a 13-card round about five times a 3-card one), so
    ``card_budget`` caps rollouts times the cards in hand (:meth:`budget`): the default
    spends its 1,024 rollouts on hands of up to 8 cards and 585 on 14, which kept every
    decision of four official games under 40 ms on one core; ``card_budget=None``
    always spends ``rollouts``. Against two StrongBots on the same 2,000 four-player deals,
    the default scored -9.27 ± 2.01 points a game, 256 rollouts -8.69 ± 2.01. Under
    ``Rules(lay_off=True)`` a rollout's final lap weighs what each final hand can lay off,
    about five times the cost of an official 13-card rollout: the slowest decisions of a
    four-player game took about 0.2 s there; lower ``card_budget`` to bound them.

    ``improve`` (the default) samples the other hands as hands that have been played
    (:func:`~fivecrowns.sample_state` with ``improve``): uniform samples meld far worse
    than real hands, so the rollouts saw opponents going out later than they do. Against two
    StrongBots on the same 1,000 four-player deals it scored 0.96 ± 1.45 points a game
    better than with ``improve=False`` (-9.41 ± 2.80 against -8.45 ± 2.80); with it,
    raising ``rollouts`` to 512 (-9.30) or ``candidates`` to 6 (-9.18, 384 rollouts) did not
    help further.

    ``policy`` plays every seat of the rollouts. Greedy is the default because it measured
    best: against two StrongBots (four players, the same 400 deals, 128 rollouts) the expert
    scored 5.7 points a game less than they did with greedy rollouts, 1.9 with strong ones
    (which also cost about six times as much), 2.0 with its own seat strong and the others
    greedy, and 3.7 the other way round.

    ``horizon`` stops each rollout once that many more turns have begun with nobody out,
    scoring every hand by its least deadwood there (:func:`~fivecrowns.rollouts`); None (the
    default) plays the round out. Against two StrongBots, paired with the default on the
    same four-player deals: a horizon of 4 turns (one lap) scored 1.78 ± 1.13 points a game
    worse (1,000 deals), 6 turns 0.57 ± 0.93 better, 12 turns 0.23 ± 0.62 better, and 8
    turns 0.62 ± 0.85 better on those deals but 0.75 ± 0.85 worse on the next 1,000 (+0.06
    ± 0.60 over the 2,000), for about four fifths of the default's time: no stronger.
    """

    rollouts: int = attrs.field(default=1024, converter=_budget)
    card_budget: int | None = attrs.field(default=8192, converter=_card_budget)
    candidates: int = attrs.field(default=4, converter=_candidates)
    policy: str = attrs.field(default="greedy", converter=_policy)
    improve: bool = attrs.field(default=True, converter=_improve)
    horizon: int | None = attrs.field(default=None, converter=_horizon)
    name: str = "expert"
    _seed: int = attrs.field(default=0, init=False, repr=False)
    _strong: StrongBot = attrs.field(factory=StrongBot, init=False, repr=False)
    _tracker: RoundTracker = attrs.field(factory=RoundTracker, init=False, repr=False)

    def reset(self, seed: int) -> None:
        """Forget the previous game; the searches of the next are dealt from ``seed``."""
        self._seed = seed
        self._strong.reset(seed)
        self._tracker.reset()

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The expert's choice among ``legal``."""
        upcard = self._tracker.upcard(view)
        choice = self._strong.act(view, legal)
        if view.went_out is not None or len(legal) < 2:
            return choice
        options = [option for option in self._options(view, legal, choice) if option in legal]
        if len(options) < 2:
            return choice
        return options[int(np.argmin(self._values(view, options, upcard)))]

    def _values(
        self, view: PlayerView, options: Sequence[Action], upcard: Card | None
    ) -> npt.NDArray[np.float64]:
        """Each option's mean over its rollouts of the player's round score less the mean
        of the other players' (lower is better)."""
        found = rollouts(
            view,
            self.policy,
            n=max(1, self.budget(view) // len(options)),
            seed=self._decision_seed(view),
            actions=options,
            upcard=upcard,
            improve=self.improve,
            horizon=self.horizon,
        )
        own = found[:, :, view.player]
        others = (found.sum(axis=2) - own) / max(1, len(view.active) - 1)
        value: npt.NDArray[np.float64] = (own - others).mean(axis=1)
        return value

    def budget(self, view: PlayerView) -> int:
        """The rollouts a decision from ``view`` spends: ``rollouts``, or fewer for a big
        hand, so that rollouts times the cards in hand stays within ``card_budget``.

        >>> import fivecrowns as fc
        >>> state = fc.GameState.new(players=4, seed=1)   # 3 cards each
        >>> ExpertBot().budget(state.view(0)), ExpertBot(card_budget=1200).budget(state.view(0))
        (1024, 400)
        """
        if self.card_budget is None:
            return self.rollouts
        return max(1, min(self.rollouts, self.card_budget // max(1, len(view.hand))))

    def _options(self, view: PlayerView, legal: Sequence[Action], choice: Action) -> list[Action]:
        """The moves worth comparing, StrongBot's choice first (it wins ties)."""
        if view.phase is Phase.DRAW:
            top = view.top_discard
            if top is None or top.is_wild(view.wild_rank):
                return [choice]
            return [choice, *(draw for draw in (DRAW_STOCK, DRAW_DISCARD) if draw != choice)]
        if choice.kind is not ActionKind.DISCARD or any(
            action.kind is ActionKind.GO_OUT for action in legal
        ):
            return [choice]
        cards: dict[Card, Action] = {}
        for action in legal:
            if action.kind is ActionKind.DISCARD and action.card is not None:
                cards.setdefault(action.card, action)
        left = deadwood_by_discard(view.hand, view.wild_rank, rules=view.rules)
        ranked = sorted(cards, key=lambda card: (left[card], card.code))
        options = [choice]
        for card in ranked:
            if len(options) >= self.candidates:
                break
            if cards[card] != choice and not card.is_wild(view.wild_rank):
                options.append(cards[card])
        return options

    def _decision_seed(self, view: PlayerView) -> int:
        return (
            derive_seed(
                "fivecrowns/expert/v1",
                self._seed,
                view.round_number,
                view.extra_round,
                view.turns,
                view.phase.value,
            )
            >> 1
        )
