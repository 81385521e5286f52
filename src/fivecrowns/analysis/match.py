"""The match view: each player's chance to win the game from here, from the totals so far and
the rounds left (a win-probability meter for an app).

:func:`win_chances` plays the rest of the game ``n`` times with built-in bots in every seat
(:func:`fivecrowns.rollouts` with ``until="game"``; from a view the hidden cards are dealt
afresh for every rollout) and counts the winners as the game decides them: the lowest
total wins, and under ``tie_break="most_rounds_out"`` a tie goes to the tied player who went
out in the most rounds (the rollouts report them: ``rounds_out``); a shared win counts
``1/k`` for each of the ``k`` players sharing it, as :func:`fivecrowns.tournament` counts
wins. Each chance comes with its standard error; the chances add up to 1.

>>> import fivecrowns as fc
>>> state = fc.GameState.new(players=3, rules=fc.Rules.short_game(2), seed=4)
>>> chances = win_chances(state.view(0), n=200, seed=1)
>>> round(sum(chances.chances), 9), len(chances.errors), chances.samples
(1.0, 3, 200)
"""

from __future__ import annotations

import math

import attrs
import numpy as np
import numpy.typing as npt

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
    ``bots`` (a built-in rollout bot in every seat), deterministic for a ``seed``. Under
    ``tie_break="most_rounds_out"`` a tie of totals goes to the tied player who went out most
    often (over the whole game, the rounds before ``start`` too; still tied, it is shared).
    Bad input raises :class:`~fivecrowns.FiveCrownsError`."""
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
    by_outs = start.rules.tie_break == "most_rounds_out"
    found = rollouts(start, bots, n=count, seed=seed, until="game", rounds_out=by_outs)
    winners = _winners(found, start.players, by_outs)
    shares = winners / winners.sum(axis=1, keepdims=True)
    means = shares.mean(axis=0)
    errors = shares.std(axis=0, ddof=1) / math.sqrt(count)
    return WinChances(tuple(map(float, means)), tuple(map(float, errors)), count)


def _winners(found: npt.NDArray[np.int64], players: int, by_outs: bool) -> npt.NDArray[np.bool_]:
    """Each rollout's winners (a rollouts x players mask) from its totals (the first
    ``players`` columns), a tie decided by the rounds out (the next ``players``) when
    ``by_outs``, as :meth:`fivecrowns.GameState.winners` decides it."""
    totals = found[:, :players]
    winners: npt.NDArray[np.bool_] = totals == totals.min(axis=1, keepdims=True)
    if by_outs:
        outs = np.where(winners, found[:, players:], -1)
        winners = outs == outs.max(axis=1, keepdims=True)
    return winners
