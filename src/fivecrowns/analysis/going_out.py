"""Going-out odds over several turns: how likely a player is to go out within its next ``k``
turns, and how likely an opponent is to go out first, when every seat plays a stated policy.

:func:`going_out_odds` samples the cards the player has not seen afresh for every sample
(:func:`fivecrowns.sample_state`) and plays the round on with the policy's bot in every seat,
until the player has ended ``k`` more turns of its own (the one in progress counts, when it
is the player's turn; the opponents' turns before each of them count too) or somebody goes
out. By default (``improve=True``) the other hands are dealt as hands that have been played,
not as fresh ones (see :func:`fivecrowns.sample_state`): an opponent who has kept the cards
that serve it for a few turns goes out far sooner than one holding as many unseen cards drawn
at random. The probabilities come with their standard errors
(``sqrt(p (1 - p) / n)``). With ``turns=1``, when the player is to draw and the policy always
goes out when it can (``"greedy"``, ``"strong"``), the answer is exact instead: the policy's
draw is known, and the chance that a stock draw is an out is :func:`~fivecrowns.draw_odds`'s
(every unseen card alike, as ``improve=False`` samples deal them: one turn's samples agree
with it only then; :func:`~fivecrowns.evaluate_actions`' exact final-lap values count a stock
draw so too).

>>> import fivecrowns as fc
>>> view = fc.GameState.new(players=3, seed=5).view(0)
>>> exact = going_out_odds(view, 1)
>>> exact.exact, exact.probability == float(fc.draw_odds(view).probability)
(True, True)
>>> sampled = going_out_odds(view, 2, samples=200, seed=1)
>>> sampled.exact, sampled.samples, 0 <= sampled.probability <= 1
(False, 200, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

import attrs

from .._shuffle import bot_seed
from ..bots._builtin import BUILTIN
from ..bots.rollout import core_view_spec, rollout_seed, sample_state
from ..cards import as_int, short_repr
from ..errors import FiveCrownsError
from ..game import GameState
from ..game.actions import DRAW_DISCARD, ActionKind, Phase
from ..game.views import PlayerView
from .odds import draw_odds

__all__ = ["GoingOutOdds", "going_out_odds"]

#: The policies that play every seat (the built-in rollout bots).
POLICIES: Final = ("random", "greedy", "strong")
#: The policies that always go out when they can (so one turn's odds are exact).
_ALWAYS_OUT: Final = ("greedy", "strong")
#: The kinds of action that go out.
_OUT_KINDS: Final = (ActionKind.GO_OUT, ActionKind.GO_OUT_WITHOUT_DISCARD)
#: The most samples one call plays.
MAX_SAMPLES: Final = 1_000_000
#: The most turns asked about.
MAX_TURNS: Final = 100


@attrs.frozen
class GoingOutOdds:
    """The going-out odds of ``player`` within ``turns`` of its own turns (see
    :func:`going_out_odds`): ``probability`` that it goes out, ``opponent_first`` that
    another seat goes out before it does (within those turns), each with its standard error
    (0 when ``exact``); ``samples`` played (0 when exact) under ``policy``."""

    player: int
    turns: int
    policy: str
    exact: bool
    samples: int
    probability: float
    probability_error: float
    opponent_first: float
    opponent_first_error: float


def going_out_odds(
    view: PlayerView,
    turns: int = 1,
    *,
    policy: str = "strong",
    samples: int = 1000,
    seed: int = 0,
    improve: bool = True,
) -> GoingOutOdds:
    """The chance that ``view.player`` goes out within ``turns`` of its own turns, and that
    an opponent goes out first, every seat playing ``policy`` (a built-in bot: ``"strong"``,
    ``"greedy"`` or ``"random"``); sampled over ``samples`` deals of the hidden cards from
    ``seed`` (deterministic for a seed), the other hands dealt as hands that have been played
    (``improve``, see :func:`fivecrowns.sample_state`; ``improve=False`` deals them as fresh
    hands), or exact (see the module). Bad input (not a view, ``turns`` below 1, an unknown
    policy, a round already over, an ``improve`` that is not a bool) raises
    :class:`~fivecrowns.FiveCrownsError`."""
    if not isinstance(view, PlayerView):
        raise FiveCrownsError(f"going_out_odds takes a PlayerView, got {short_repr(view)}")
    if not isinstance(improve, bool):
        raise FiveCrownsError(f"improve must be True or False, got {short_repr(improve)}")
    count, number = as_int(turns), as_int(samples)
    if count is None or not 1 <= count <= MAX_TURNS:
        raise FiveCrownsError(
            f"turns must be an int from 1 to {MAX_TURNS}, got {short_repr(turns)}"
        )
    if number is None or not 1 <= number <= MAX_SAMPLES:
        raise FiveCrownsError(
            f"samples must be an int from 1 to {MAX_SAMPLES:,}, got {short_repr(samples)}"
        )
    number_seed = as_int(seed)
    if number_seed is None or not 0 <= number_seed < 1 << 64:
        raise FiveCrownsError(f"seed must be an int from 0 to 2**64 - 1, got {short_repr(seed)}")
    if policy not in POLICIES:
        raise FiveCrownsError(
            f"policy must be one of {', '.join(POLICIES)}, got {short_repr(policy)}"
        )
    if view.phase is Phase.OVER or view.went_out is not None:
        raise FiveCrownsError("somebody has gone out already: nobody can go out first now")
    to_draw = view.current_player == view.player and view.phase is Phase.DRAW
    if count == 1 and to_draw and policy in _ALWAYS_OUT:
        return _one_turn(view, policy)
    return _sampled(view, count, policy, number, number_seed, improve)


def _one_turn(view: PlayerView, policy: str) -> GoingOutOdds:
    """The exact odds of the turn the player is about to begin: after the policy's draw
    from the discard pile, whether the referee then offers a way out; after a draw from the
    stock, the chance that it is an out. (The player's own legal actions do not depend on the
    hidden cards, so any state sampled from the view gives them.)"""
    bot = BUILTIN[policy]()
    bot.reset(0)
    state = sample_state(view, 0)
    draw = bot.act(view, state.legal_actions())
    if draw == DRAW_DISCARD:
        legal = state.apply(draw).legal_actions()
        probability = float(any(action.kind in _OUT_KINDS for action in legal))
    else:
        probability = float(draw_odds(view).probability)
    return GoingOutOdds(view.player, 1, policy, True, 0, probability, 0.0, 0.0, 0.0)


def _sampled(
    view: PlayerView, turns: int, policy: str, samples: int, seed: int, improve: bool
) -> GoingOutOdds:
    went = first = 0
    for outcome in _first_outs(view, turns, policy, samples, seed, improve):
        went += outcome == view.player
        first += outcome >= 0 and outcome != view.player
    p, q = went / samples, first / samples
    return GoingOutOdds(
        view.player,
        turns,
        policy,
        False,
        samples,
        p,
        math.sqrt(p * (1 - p) / samples),
        q,
        math.sqrt(q * (1 - q) / samples),
    )


def _first_outs(
    view: PlayerView, turns: int, policy: str, samples: int, seed: int, improve: bool
) -> Sequence[int]:
    """Who went out first (-1: nobody) in each sample: sample ``i`` deals the hidden cards
    from ``rollout_seed(seed, i)`` (:func:`~fivecrowns.sample_state`, with ``improve``) and
    plays on with that luck; in the core when it plays the view's rules (one call for every
    sample), else in Python (:func:`_play`), with the same outcomes."""
    spec = core_view_spec(view, improve=improve)
    if spec is not None:
        from .. import _core  # (only with the core: it imports the extension)

        bots = [policy] * view.players
        return _core.view_first_outs(*spec, bots, seed, samples, view.player, turns)
    found = []
    for index in range(samples):
        number = rollout_seed(seed, index)
        state = sample_state(view, number, improve=improve)
        outcome = _play(state, view.player, turns, policy, number)
        found.append(-1 if outcome is None else outcome)
    return found


def _play(state: GameState, player: int, turns: int, policy: str, seed: int) -> int | None:
    """Play ``state`` on with ``policy`` in every seat until ``player`` has ended ``turns``
    more turns of its own (the one in progress counts) or somebody goes out: who went out,
    or None."""
    bots = [BUILTIN[policy]() for _ in range(state.players)]
    for seat, bot in enumerate(bots):
        bot.reset(bot_seed(seed, seat))
    begun = 0 if state.current != player or state.phase is Phase.DRAW else 1
    rounds = len(state.results)
    while True:
        seat = state.current
        if seat == player and state.phase is Phase.DRAW:
            begun += 1
        state = state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
        if len(state.results) > rounds:  # (the round ended at once: nobody left to play)
            return state.results[rounds].went_out
        if state.went_out is not None:
            return state.went_out
        if begun == turns and state.current != player:
            return None  # (its last turn is over)
