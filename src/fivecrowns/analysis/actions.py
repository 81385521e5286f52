"""What each legal action is worth: the expected round score of every move the player to act
can make (lower is better), the best move and its margin over the next best.

:func:`evaluate_actions` plays every action from the view ``n`` times on with built-in bots
(:func:`fivecrowns.rollouts`: the hidden cards dealt afresh for every rollout, each action on
the same deals and luck, so the differences between actions are not the noise of the deal),
and reads the player's round score. Each value has its standard error; the margin's is that
of the paired differences. On the final lap (somebody has gone out) the player's round score
is that of its own final hand, whatever the others do, so the values are exact: the final
hand's least deadwood after each discard, after taking the top discard, and on average over
the cards unseen after a stock draw (:mod:`fivecrowns.bots.tracking`'s writer's kit).

>>> import fivecrowns as fc
>>> view = fc.GameState.new(players=3, rules=fc.Rules.short_game(3), seed=4).view(0)
>>> values = evaluate_actions(view, n=32, seed=1)
>>> [str(value.action) for value in values.actions] == sorted(
...     ["draw", "take"], key=lambda a: a != str(values.best))
True
>>> values.exact, values.rollouts, values.margin >= 0
(False, 32, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

import attrs
import numpy as np

from ..bots.rollout import ROLLOUT_BOTS, rollouts, sample_state
from ..bots.tracking import deadwood_after_drawing, expected_stock_deadwood, final_layout
from ..cards import as_int, short_repr
from ..errors import FiveCrownsError
from ..game.actions import DRAW_DISCARD, DRAW_STOCK, Action, ActionKind, Phase
from ..game.views import PlayerView

__all__ = ["ActionValue", "ActionValues", "evaluate_actions"]

#: The most rollouts per action.
MAX_ROLLOUTS: Final = 100_000
#: The kinds of action that go out.
_OUT_KINDS: Final = (ActionKind.GO_OUT, ActionKind.GO_OUT_WITHOUT_DISCARD)


@attrs.frozen
class ActionValue:
    """One legal action and the player's expected round score after it (``mean``, lower is
    better) with its standard error (0 when exact)."""

    action: Action
    mean: float
    standard_error: float


@attrs.frozen
class ActionValues:
    """Every legal action's value for ``player`` (see :func:`evaluate_actions`), best
    first; ``best`` is the first one's action, ``margin`` what the next best costs more
    (0 with one action) and ``margin_error`` its standard error (of the paired differences;
    0 when exact); ``rollouts`` per action (0 when ``exact``)."""

    player: int
    actions: tuple[ActionValue, ...]
    best: Action
    margin: float
    margin_error: float
    exact: bool
    rollouts: int


def evaluate_actions(
    view: PlayerView,
    *,
    n: int = 64,
    bots: str = "greedy",
    seed: int = 0,
    improve: bool = True,
) -> ActionValues:
    """The expected round score of every legal action of ``view.player``, who must be the
    player to act: from ``n`` rollouts per action with ``bots`` (a built-in rollout bot for
    every seat: greedy by default, about 25 ms for the ten actions of a 10-card 4-player
    view on the core; strong plays better and costs about eight times that), the other
    hands dealt as hands that have been played (``improve``, see
    :func:`fivecrowns.sample_state`), deterministic for a ``seed``; exact on the final lap.
    Bad input raises :class:`~fivecrowns.FiveCrownsError` saying what was wrong."""
    if not isinstance(view, PlayerView):
        raise FiveCrownsError(f"evaluate_actions takes a PlayerView, got {short_repr(view)}")
    count = as_int(n)
    if count is None or not 2 <= count <= MAX_ROLLOUTS:
        raise FiveCrownsError(f"n must be an int from 2 to {MAX_ROLLOUTS:,}, got {short_repr(n)}")
    if bots not in ROLLOUT_BOTS:
        raise FiveCrownsError(
            f"bots must be one of {', '.join(ROLLOUT_BOTS)}, got {short_repr(bots)}"
        )
    if view.phase is Phase.OVER:
        raise FiveCrownsError("the game is over: there is no action to value")
    if view.current_player != view.player:
        raise FiveCrownsError(
            f"actions are valued for the player to act: seat {view.current_player}, not the "
            f"view's player {view.player}"
        )
    legal = sample_state(view, 0).legal_actions()  # (its own moves: no hidden card matters)
    if view.went_out is not None and view.rules.auto_arrange_final_hand:
        return _final_lap(view, legal)
    scores = rollouts(view, bots, n=count, seed=seed, actions=legal, improve=improve)
    return _summed(view.player, legal, scores[:, :, view.player].astype(np.float64))


def _summed(
    player: int, legal: Sequence[Action], scores: np.ndarray[tuple[int, int], np.dtype[np.float64]]
) -> ActionValues:
    """The values from ``scores`` (actions x rollouts: the player's round scores)."""
    count = scores.shape[1]
    means = scores.mean(axis=1)
    errors = scores.std(axis=1, ddof=1) / math.sqrt(count)
    order = sorted(range(len(legal)), key=lambda i: _rank(float(means[i]), legal[i]))
    values = tuple(ActionValue(legal[i], float(means[i]), float(errors[i])) for i in order)
    margin = error = 0.0
    if len(order) > 1:
        differences = scores[order[1]] - scores[order[0]]
        margin = float(differences.mean())
        error = float(differences.std(ddof=1) / math.sqrt(count))
    return ActionValues(player, values, values[0].action, margin, error, False, count)


def _rank(mean: float, action: Action) -> tuple[float, bool, int]:
    """Where an action of value ``mean`` ranks (smallest first): by its value, then going
    out before any other action of the same value (a hand whose every card melds scores 0
    whether it goes out now or a turn later, but the others' hands only improve meanwhile),
    then by its number."""
    return (mean, action.kind not in _OUT_KINDS, action.to_int())


def _final_lap(view: PlayerView, legal: Sequence[Action]) -> ActionValues:
    """The exact values of the player's final turn: its final hand's points."""
    values = []
    for action in legal:
        if action == DRAW_STOCK:
            mean = expected_stock_deadwood(view)
        elif action == DRAW_DISCARD:
            mean = float(deadwood_after_drawing(view, view.discard_pile[-1], taken=True))
        elif action.kind in (ActionKind.DISCARD, ActionKind.GO_OUT):
            mean = float(final_layout(view, action.card).points)
        else:  # (out! with every card melded, where the rules allow it)
            mean = float(final_layout(view).points)
        values.append(ActionValue(action, mean, 0.0))
    values.sort(key=lambda value: _rank(value.mean, value.action))
    margin = values[1].mean - values[0].mean if len(values) > 1 else 0.0
    return ActionValues(view.player, tuple(values), values[0].action, margin, 0.0, True, 0)
