"""The compiled game (``fivecrowns._core``, Rust): whole games of built-in bots played in the
core, move for move the games the Python engine plays with the same seeds (the same shuffles,
the same bots' choices), for tournaments.

The core plays every rule set but those whose points or go-out bonus exceed its integers:
the transitions of :class:`fivecrowns.GameState` (:func:`supports_states`) and whole games of
its built-in bots and batches from the deal (:func:`supports_games`). Rollouts from a state
the core builds from its fields take all but the rule sets where final hands are laid down
by the players (``auto_arrange_final_hand=False``) or laid off onto the table (``lay_off``)
(:func:`supports`); rollouts from a state the core plays run on that state's own core game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from .. import _core
from ..rules import Rules
from ..solver import _compiled
from ._fields import StateFields
from ._round import finished_seats

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


__all__ = [
    "CORE_BOTS",
    "batch",
    "core_game",
    "game_rules",
    "play_summaries",
    "rollouts",
    "supports",
    "supports_games",
    "supports_states",
    "view_rollouts",
]

#: The built-in bots the core plays (by their names in :data:`fivecrowns.bots.BOTS`).
CORE_BOTS: Final = frozenset({"random", "greedy", "strong"})
#: The largest points an unmelded wild may cost, and the largest go-out bonus (either sign).
_MAX_POINTS: Final = 1 << 20
_MAX_BONUS: Final = 1 << 40


def supports(rules: Rules) -> bool:
    """Does the core play games under ``rules`` from any state (rollouts from a state it
    builds from the state's fields, which do not say what was laid down where)?"""
    return rules.auto_arrange_final_hand and not rules.lay_off and supports_states(rules)


def supports_games(rules: Rules) -> bool:
    """Does the core play whole games under ``rules`` from the deal (tournaments of its
    built-in bots, the batched simulator)?"""
    return supports_states(rules)


def supports_states(rules: Rules) -> bool:
    """Does the core play the transitions of games under ``rules``?"""
    return (
        rules.wild_points <= _MAX_POINTS
        and rules.joker_points <= _MAX_POINTS
        and abs(rules.go_out_bonus) <= _MAX_BONUS
    )


def game_rules(rules: Rules) -> _core.GameRules:
    """The core's copy of a rule set it supports (kept per rule set)."""
    found = _RULES.get(rules)
    if found is None:
        found = _core.GameRules(
            _compiled.solver(rules),
            list(rules.schedule),
            [rules.wild_rank(number) or 0 for number in range(1, rules.rounds + 1)],
            rules.extra_round_hand_size,
            rules.tie_break,
            rules.go_out_bonus,
            rules.go_out_bonus_below_zero,
            rules.may_discard_taken_discard,
            rules.go_out_without_discard,
            rules.lay_off,
            rules.auto_arrange_final_hand,
            rules.turn_limit or 0,
            reshuffle_whole_discard_pile=rules.reshuffle_whole_discard_pile,
            squared_discard_pile=rules.squared_discard_pile,
        )
        if len(_RULES) >= 64:
            _RULES.clear()
        _RULES[rules] = found
    return found


def play_summaries(
    rules: Rules, seatings: Sequence[Sequence[str]], seeds: Sequence[int]
) -> list[_core._Summary]:
    """Play one game per seed with the built-in bots named in each seating (seat by seat):
    each game's totals and winners by seat, each schedule round's scores by seat, and who
    went out of each round (-1: nobody)."""
    return _core.play_summaries(game_rules(rules), [list(s) for s in seatings], list(seeds))


def batch(
    rules: Rules,
    seats: Sequence[str | None],
    games: int,
    num_actions: int,
    auto_reset: bool,
    max_actions: int,
    record: bool,
) -> _core.Batch:
    """The core's batch of ``games`` games (seats: a built-in bot's name or None, played from
    outside; ``max_actions`` 0 for no limit; ``record``: keep every action), dealt from seed
    0."""
    return _core.Batch(
        game_rules(rules), list(seats), games, num_actions, auto_reset, max_actions, record
    )


def core_game(state: StateFields) -> _core.Game:
    """The core's copy of ``state``: the state's own core game when the core plays it; else
    built from its fields (it keeps the round's history and the finished rounds' scores, not
    their actions or layouts)."""
    own: _core.Game | None = getattr(getattr(state, "_game", None), "core", None)
    if own is not None:
        return own
    codes = [[card.code for card in hand] for hand in state.hands]
    finished = finished_seats(state.active, state.players, state.went_out, state.final_turns_left)
    for placed in state.table:
        codes[placed.owner].extend(card.code for card in placed.meld.cards)
    return _core.Game.from_parts(
        game_rules(state.rules),
        state.players,
        state.seed,
        state.first_dealer,
        state.round_number,
        state.extra_round,
        state.dealer,
        list(state.active),
        state.current,
        state.phase.value,
        codes,
        list(finished),
        [card.code for card in state.stock],
        [card.code for card in state.discard_pile],
        state.went_out,
        list(state.final_turns_left),
        None if state.taken is None else state.taken.code,
        state.turns,
        state.reshuffles,
        list(state.round_scores),
        [
            (r.round_number, r.extra_round, r.went_out, list(r.scores), r.ended)
            for r in state.results
        ],
        list(state.scores),
        list(state.round_history),
    )


def rollouts(
    states: Sequence[StateFields],
    bots: Sequence[str],
    seed: int,
    count: int,
    whole_game: bool,
    firsts: Sequence[int] = (),
    horizon: int | None = None,
) -> npt.NDArray[np.int64]:
    """Play each state on (``states[i]``, or ``states[0]`` for every rollout) with the
    built-in bots by seat, ``count`` rollouts, rollout ``i`` with the luck of
    ``fivecrowns.rollout_seed(seed, i)``: the round's scores, or the final totals; with
    ``firsts`` (action integers), a row per rollout and first action, rollout-major; with a
    ``horizon``, the hands' least deadwood for a round still on after that many turns."""
    games = [core_game(state) for state in states]
    return _core.rollouts(games, list(bots), seed, count, whole_game, list(firsts), horizon)


def view_rollouts(
    template: _core.Game,
    known: list[list[int]],
    laid: list[list[int]],
    hidden: list[int],
    scored: list[bool],
    improve: list[int],
    unseen: list[int],
    bots: Sequence[str],
    seed: int,
    count: int,
    whole_game: bool,
    firsts: Sequence[int] = (),
    horizon: int | None = None,
) -> npt.NDArray[np.int64]:
    """Rollouts from one player's knowledge: ``template``'s hidden cards dealt afresh from
    each rollout's seed (see ``fivecrowns.bots.rollout._sampled``, the twin), then played on
    (after each of ``firsts``, as :func:`rollouts` plays them, to the same ``horizon``)."""
    return _core.view_rollouts(
        template,
        known,
        laid,
        hidden,
        scored,
        improve,
        unseen,
        list(bots),
        seed,
        count,
        whole_game,
        list(firsts),
        horizon,
    )


_RULES: dict[Rules, _core.GameRules] = {}
