"""The match view: each player's chance to win the game from here, from the totals so far and
the rounds left (a win-probability meter for an app).

:func:`win_chances` plays the rest of the game ``n`` times with built-in bots in every seat
(:func:`fivecrowns.rollouts` with ``until="game"``; from a view the hidden cards are dealt
afresh for every rollout) and counts the winners: a shared win counts ``1/k`` for each of
the ``k`` players sharing it, as :func:`fivecrowns.tournament` counts wins. Each chance comes
with its standard error; the chances add up to 1.

>>> import fivecrowns as fc
>>> state = fc.GameState.new(players=3, rules=fc.Rules.short_game(2), seed=4)
>>> chances = win_chances(state.view(0), n=200, seed=1)
>>> round(sum(chances.chances), 9), len(chances.errors), chances.samples
(1.0, 3, 200)
"""

from __future__ import annotations

import math

import attrs

from ..bots.rollout import ROLLOUT_BOTS, rollouts
from ..cards import as_int, short_repr
from ..errors import FiveCrownsError
from ..game import GameState
from ..game.actions import Phase
from ..game.views import PlayerView

__all__ = ["WinChances", "win_chances"]


@attrs.frozen
class WinChances:
    """Each seat's chance to win the game (``chances``, adding up to 1) with its standard
    error, from ``samples`` games played out."""

    chances: tuple[float, ...]
    errors: tuple[float, ...]
    samples: int


def win_chances(
    start: GameState | PlayerView, *, n: int = 500, bots: str = "greedy", seed: int = 0
) -> WinChances:
    """Each seat's chance to win the game from ``start`` (a state, or a view whose hidden
    cards are sampled afresh for every game), the rest of the game played ``n`` times by
    ``bots`` (a built-in rollout bot in every seat), deterministic for a ``seed``. (Not yet
    under ``tie_break="most_rounds_out"``, where the totals do not decide a tie.) Bad input
    raises :class:`~fivecrowns.FiveCrownsError`."""
    if not isinstance(start, GameState | PlayerView):
        raise FiveCrownsError(
            f"win_chances starts from a GameState or a PlayerView, got {short_repr(start)}"
        )
    count = as_int(n)
    if count is None or not 2 <= count <= 1_000_000:
        raise FiveCrownsError(f"n must be an int from 2 to 1,000,000, got {short_repr(n)}")
    if bots not in ROLLOUT_BOTS:
        raise FiveCrownsError(f"bots must be one of {', '.join(ROLLOUT_BOTS)}, got {bots!r}")
    if start.phase is Phase.OVER:
        raise FiveCrownsError("the game is over: its winners are known (GameState.winners)")
    if start.rules.tie_break == "most_rounds_out":
        raise FiveCrownsError(
            "win_chances does not take tie_break='most_rounds_out' yet: the rollouts report "
            "the totals, and under it the rounds each player went out decide a tie"
        )
    totals = rollouts(start, bots, n=count, seed=seed, until="game")
    winners = totals == totals.min(axis=1, keepdims=True)
    shares = winners / winners.sum(axis=1, keepdims=True)
    means = shares.mean(axis=0)
    errors = shares.std(axis=0, ddof=1) / math.sqrt(count)
    return WinChances(tuple(map(float, means)), tuple(map(float, errors)), count)
