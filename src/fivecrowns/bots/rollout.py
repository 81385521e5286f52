"""Rollouts for search: play a state on with built-in bots, many times, and read the scores;
and complete states sampled from what one player may know.

:func:`rollouts` plays the rest of the round (``until="round"``, or only its next turns:
``horizon``) or of the game (``until="game"``) from a :class:`~fivecrowns.GameState`, or from a
:class:`~fivecrowns.PlayerView` with the hidden cards sampled afresh for every rollout
(:func:`sample_state`). Rollout ``i`` of a call with seed ``s`` has its own seed
(:func:`rollout_seed`): it deals the sampled cards, the reshuffles and the later rounds,
and resets the bots (as :func:`fivecrowns.play_game` resets them in a game dealt from that
seed), so a call is deterministic and the rollouts are independent.

>>> import fivecrowns as fc
>>> state = fc.GameState.new(players=3, rules=fc.Rules.short_game(2), seed=4)
>>> scores = rollouts(state.view(0), "greedy", n=8, seed=1)
>>> scores.shape, bool((scores >= 0).all())
((8, 3), True)

With the compiled core the games are played in it, without a Python call per action, when
it plays the rules and bots (``"random"``, ``"greedy"``, ``"strong"``); otherwise the Python engine
plays them, with the same results.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal

import attrs
import numpy as np
import numpy.typing as npt

from .._shuffle import SplitMix64, bot_seed, derive_seed
from ..cards import CARDS, Card, as_int, short_repr
from ..errors import FiveCrownsError
from ..game import GameState, _engine
from ..game._round import finished_seats
from ..game._scoring import hand_points
from ..game.actions import Action, Phase, as_action
from ..game.views import PlayerView, remembered_pile
from ..rules import MAX_ROUND_TURNS
from ..solver import deadwood_by_discard, min_deadwood
from ._builtin import BUILTIN
from .tracking import read_round

if TYPE_CHECKING:
    from .. import _core

__all__ = ["ROLLOUT_BOTS", "rollout_seed", "rollouts", "sample_state"]

#: What the core needs to deal a view's hidden cards (``_core.view_rollouts``' first
#: arguments): the template game, each seat's known and laid cards, its hidden count,
#: whether it is scored, its improvements, and the unseen cards.
CoreViewSpec = tuple[
    "_core.Game", list[list[int]], list[list[int]], list[int], list[bool], list[int], list[int]
]

Until = Literal["round", "game"]
#: The built-in bots that play rollouts (not the searching ``"expert"``).
ROLLOUT_BOTS: Final = ("random", "greedy", "strong")
#: The most rollouts one call plays.
MAX_ROLLOUTS: Final = 10_000_000
#: The most times :func:`sample_state` improves one hand (``improve``).
MAX_IMPROVE: Final = 1_000
#: The largest ``horizon`` of :func:`rollouts`: the turns a round may last.
MAX_HORIZON: Final = MAX_ROUND_TURNS


def rollout_seed(seed: int, index: int) -> int:
    """The seed of rollout ``index`` of a call with seed ``seed``.

    >>> rollout_seed(0, 0) == rollout_seed(0, 0) != rollout_seed(0, 1)
    True
    """
    return derive_seed("fivecrowns/rollout/v1", seed, index) >> 1


def sample_state(
    view: PlayerView, seed: int, *, upcard: Card | None = None, improve: bool = False
) -> GameState:
    """A complete state consistent with everything ``view.player`` may know, the hidden
    cards dealt from ``seed``: the other hands hold the cards they are known to have taken
    from the discard pile (:func:`fivecrowns.bots.tracking.read_round`) and unseen cards drawn at
    random, and the stock is the rest of the unseen cards in random order (the unseen cards
    shuffled by ``fivecrowns._shuffle.SplitMix64`` seeded with ``seed``, then dealt seat by
    seat, the rest to the stock).

    With ``improve``, the other hands are dealt as hands that have been played, not as
    fresh ones: a player keeps the cards that serve it and throws the others, so after a few
    turns its hand melds far better than as many unseen cards drawn at random (among
    StrongBots, the least deadwood of a hand after two laps was about half that of a uniform
    sample). So each seat still to play this round, but the one whose turn it is, is
    improved once for every turn it started this round (at most ``MAX_IMPROVE``, 1,000,
    times), seat by seat: a stock card at a random place (the generator's next
    ``below(len(stock))``) joins its hand, and the card whose discard leaves the least
    deadwood (in :func:`~fivecrowns.best_discard`'s order; never a card the seat is known to
    hold) takes that place in the stock. This is a model of the other players, not a
    conclusion from the view: the state is as consistent with the view as without it.

    The state plays on like any other (``apply``, ``legal_actions``, views) and is dealt its
    reshuffles and later rounds from ``seed``. It knows the earlier rounds by their results
    only (``past_actions`` is empty, and the round's ``reshuffles`` start from 0), so it has
    no record to replay. Under every rule set: cards laid down or off in final turns are on
    the table where the view saw them, and a finished hand is scored as the engine scored it.

    >>> import fivecrowns as fc
    >>> view = fc.GameState.new(players=2, seed=3).view(0)
    >>> sampled = sample_state(view, 7)
    >>> sampled.view(0) == view, len(sampled.stock) == view.stock_size
    (True, True)
    """
    if not isinstance(view, PlayerView):
        hint = " (a state's view of one seat is state.view(seat))" * isinstance(view, GameState)
        raise FiveCrownsError(f"sample_state takes a PlayerView{hint}, got {short_repr(view)}")
    return _sampled(_hidden(view, upcard, improve=improve), _seed(seed))


@attrs.frozen
class _Hidden:
    """What ``view.player`` does not see, and what it knows of where the cards are: per
    seat, the cards known to be in its hand (the player's own hand; others' known pick-ups),
    how many unseen cards it holds besides, and how many times its hand is improved
    (:func:`sample_state`); the unseen cards (codes, ascending); the seats that finished the
    round, in order."""

    view: PlayerView
    known: tuple[tuple[Card, ...], ...]
    hidden: tuple[int, ...]
    improve: tuple[int, ...]
    unseen: tuple[int, ...]
    finished: tuple[int, ...]


def _hidden(view: PlayerView, upcard: Card | None, *, improve: bool) -> _Hidden:
    if type(improve) is not bool:
        raise FiveCrownsError(f"improve must be True or False, got {short_repr(improve)}")
    if view.phase is Phase.OVER:
        raise FiveCrownsError("the game is over: there is nothing hidden left to sample")
    know = read_round(view, upcard)
    unseen = tuple(code for code, count in enumerate(know.unseen_by_code) for _ in range(count))
    known = tuple(
        view.hand if seat == view.player else know.picked_up[seat] for seat in range(view.players)
    )
    hidden = tuple(size - len(cards) for size, cards in zip(view.hand_sizes, known, strict=True))
    if min(hidden) < 0 or sum(hidden) + view.stock_size != len(unseen):
        raise FiveCrownsError("the view is not consistent: the unseen cards are not the hands")
    finished = finished_seats(view.active, view.players, view.went_out, view.final_turns_left)
    # (not the seat whose turn it is: it may have drawn already, and a hand holds at most
    # one card more than it was dealt)
    improved = [
        improve and count > 0 and seat not in (view.player, view.current_player, *finished)
        for seat, count in enumerate(hidden)
    ]
    steps = tuple(
        min(turns, MAX_IMPROVE) if chosen else 0
        for turns, chosen in zip(know.turns, improved, strict=True)
    )
    return _Hidden(view, known, hidden, steps, unseen, finished)


def _improve(
    hand: list[Card],
    known: tuple[Card, ...],
    stock: list[Card],
    steps: int,
    generator: SplitMix64,
    view: PlayerView,
) -> None:
    """Improve ``hand`` ``steps`` times in place (see :func:`sample_state`), never throwing
    the cards of ``known``; the cards thrown take the places in ``stock`` of those drawn."""
    wild, rules = view.wild_rank, view.rules
    for _ in range(steps):
        if not stock:
            return
        place = generator.below(len(stock))
        hand.append(stock[place])
        left = deadwood_by_discard(hand, wild, rules=rules)
        spare = list(hand)
        for card in known:
            spare.remove(card)
        # (best_discard's order: the least deadwood left, a natural before a wild, the card
        # worth the most points, the higher code)
        thrown = min(
            spare,
            key=lambda c: (left[c], c.is_wild(wild), -rules.points(c, wild), -_code(c)),
        )
        hand.remove(thrown)
        stock[place] = thrown


def _sampled(hidden: _Hidden, seed: int) -> GameState:
    """The state of ``hidden.view`` with the hidden cards dealt from ``seed`` (the twin of
    the core's ``rollout::Unseen::sample``)."""
    view, rules, players = hidden.view, hidden.view.rules, hidden.view.players
    generator = SplitMix64(seed)
    order = generator.shuffle(list(hidden.unseen))
    dealt: list[list[Card]] = []
    taken = 0
    for known, count in zip(hidden.known, hidden.hidden, strict=True):
        dealt.append([*known, *(CARDS[code] for code in order[taken : taken + count])])
        taken += count
    stock = [CARDS[code] for code in order[taken:]]
    for seat, steps in enumerate(hidden.improve):
        _improve(dealt[seat], hidden.known[seat], stock, steps, generator, view)
    hands = [tuple(sorted(hand, key=_code)) for hand in dealt]
    round_scores: list[int | None] = [None] * players
    for seat in hidden.finished:
        if seat == view.went_out:
            round_scores[seat] = (
                rules.go_out_bonus if view.extra_round else rules.go_out_score(view.scores[seat])
            )
        else:
            round_scores[seat] = hand_points(hands[seat], view.wild_rank, rules)
    fields: dict[str, Any] = {
        "rules": rules,
        "players": players,
        "seed": seed,
        "first_dealer": (view.dealer - (view.round_number - 1)) % players,
        "round_number": view.round_number,
        "extra_round": view.extra_round,
        "dealer": view.dealer,
        "active": view.active,
        "current": view.current_player,
        "phase": view.phase,
        "hands": tuple(hands),
        "selection": view.selection,
        "stock": tuple(stock),
        "discard_pile": remembered_pile(view),
        "table": view.table,
        "went_out": view.went_out,
        "final_turns_left": view.final_turns_left,
        "taken": view.taken,
        "turns": view.turns,
        "reshuffles": 0,
        "round_scores": tuple(round_scores),
        "laid_off": view.laid_off,
        "results": view.results,
        "round_history": tuple((seat, action.to_int()) for seat, action in view.history),
        "past_actions": (),
    }
    return GameState._of(fields)


def rollouts(
    start: GameState | PlayerView,
    bots: str | Sequence[str] = "greedy",
    *,
    n: int = 1,
    seed: int = 0,
    until: Until = "round",
    upcard: Card | None = None,
    actions: Iterable[Action | int | str] | None = None,
    improve: bool = False,
    horizon: int | None = None,
) -> npt.NDArray[np.int64]:
    """Play ``start`` on ``n`` times with built-in bots (one name for every seat, or one per
    seat) and return the scores, an ``n`` x players int64 array: each seat's score in the
    round being played (0 for a seat not dealt in) with ``until="round"``, or each seat's
    final total with ``until="game"``.

    ``horizon`` (with ``until="round"``) stops a rollout early: once that many more turns
    have begun (a turn begins when its player is to draw) and nobody has gone out, the round
    is scored as if it ended there, each seat by its hand's least deadwood
    (:func:`~fivecrowns.min_deadwood`). A round that ends sooner is scored as it ends; once
    somebody goes out the rollout plays the final turns whatever the horizon. Shorter
    rollouts cost less and value a position by the hands it leads to in a few turns rather
    than by the rest of the round as the rollout bots would play it.

    From a :class:`~fivecrowns.PlayerView` every rollout plays its own
    :func:`sample_state`; ``upcard`` is the card that started the round's discard pile, if
    the player saw it (see :class:`fivecrowns.bots.tracking.RoundTracker`); ``improve`` deals the
    other hands as hands that have been played (see :func:`sample_state`).

    ``actions`` compares moves for the player to act (from a view, that must be the view's
    player): every rollout plays each of them first, on the same sampled cards and the same
    luck (common random numbers, so a difference between two actions is not noise of the
    deal), and the result is a ``len(actions)`` x ``n`` x players array. The actions are
    :class:`~fivecrowns.Action` objects, integers (a numpy array of them too) or notation, each
    legal now; one that is not raises :class:`~fivecrowns.IllegalActionError`.

    >>> import fivecrowns as fc
    >>> state = fc.GameState.new(players=2, rules=fc.Rules.short_game(1), seed=2)
    >>> found = rollouts(state.view(0), n=50, seed=3, actions=["draw", "take"])
    >>> found.shape
    (2, 50, 2)
    """
    count, turns = _count_and_horizon(n, until, horizon)
    if not isinstance(start, GameState | PlayerView):
        raise FiveCrownsError(
            f"rollouts start from a GameState or a PlayerView, got {short_repr(start)}"
        )
    names = _bots(bots, start.players)
    number = _seed(seed)
    first, hidden = _first(start, upcard, improve, number)
    firsts = _firsts(start, first, actions, count)
    found = _played(first, hidden, firsts, names, number, count, until, turns)
    if actions is None:
        return found
    return np.ascontiguousarray(found.reshape(count, len(firsts), -1).transpose(1, 0, 2))


def _count_and_horizon(n: object, until: object, horizon: object) -> tuple[int, int | None]:
    """The number of rollouts ``n`` and the turns of ``horizon`` (None: no horizon), checked
    with ``until``."""
    count = as_int(n)
    if count is None or not 1 <= count <= MAX_ROLLOUTS:
        raise FiveCrownsError(f"n must be an int from 1 to {MAX_ROLLOUTS:,}, got {short_repr(n)}")
    if not isinstance(until, str) or until not in ("round", "game"):
        raise FiveCrownsError(f"until must be 'round' or 'game', got {short_repr(until)}")
    return count, _horizon(horizon, "round" if until == "round" else "game")


def _first(
    start: GameState | PlayerView, upcard: Card | None, improve: bool, number: int
) -> tuple[GameState, _Hidden | None]:
    """The state the first rollout plays from (from a view, its sampled state), and the
    hidden cards the others sample afresh (None from a state)."""
    if isinstance(start, PlayerView):
        hidden = _hidden(start, upcard, improve=improve)
        return _sampled(hidden, rollout_seed(number, 0)), hidden
    if improve is not False:
        raise FiveCrownsError(
            "improve deals the hidden cards of a PlayerView; a GameState hides nothing, "
            f"so improve must be False, got {short_repr(improve)}"
        )
    if start.is_over:
        raise FiveCrownsError("the game is over: there is nothing left to play")
    return start, None


def _played(
    first: GameState,
    hidden: _Hidden | None,
    firsts: list[Action],
    names: list[str],
    number: int,
    count: int,
    until: Until,
    turns: int | None,
) -> npt.NDArray[np.int64]:
    """The scores of ``count`` rollouts from ``first`` (each first playing each of
    ``firsts``), in the core when it plays them, else in Python."""
    codes = [action.to_int() for action in firsts]
    # (from a state the core plays, the rollouts start from its own core game; any other
    # is built from its fields, which say nothing of what was laid down or off by hand, so
    # under those rules the core takes it only before anyone has finished the round)
    on_core = _engine.own_core(first) is not None if hidden is None else not hidden.finished
    ruled = _engine.compiled_from_deal if on_core else _engine.compiled_games
    if ruled(first.rules) and _core_bots(names):
        from ..game import _core_game  # (only with the core: it imports the extension)

        # (the core derives each rollout's seed itself)
        whole = until == "game"
        if hidden is not None:
            return _in_core(hidden, first, names, number, count, whole, codes, turns)
        return _core_game.rollouts([first], names, number, count, whole, codes, turns)
    rows: list[list[int]] = []
    for index in range(count):
        rollout = rollout_seed(number, index)
        state = first if hidden is None or index == 0 else _sampled(hidden, rollout)
        for after in [state.apply(action) for action in firsts] or [state]:
            rows.append(play_out(after, names, rollout, until, turns))
    return np.array(rows, np.int64).reshape(len(rows), first.players)


def play_out(
    state: GameState, bots: Sequence[str], seed: int, until: Until, horizon: int | None = None
) -> list[int]:
    """One rollout in the Python engine (the twin of the core's): ``state`` dealt on from
    ``seed`` and played by ``bots`` to the end of the round or game, or within the round
    until ``horizon`` more turns have begun with nobody out (see :func:`rollouts`)."""
    state = state._evolve(seed=seed)
    players = [BUILTIN[name]() for name in bots]
    for seat, bot in enumerate(players):
        bot.reset(bot_seed(seed, seat))
    rounds = len(state.results)
    begun = 0
    while not state.is_over and (until == "game" or len(state.results) == rounds):
        if horizon is not None and state.phase is Phase.DRAW and state.went_out is None:
            if begun == horizon:
                return _least_of_hands(state)
            begun += 1
        seat = state.current
        state = state.apply(players[seat].act(state.view(seat), state.legal_actions()))
    if until == "game":
        return list(state.scores)
    scores = state.results[rounds].scores if len(state.results) > rounds else state.round_scores
    return [0 if score is None else score for score in scores]


# -- helpers ---------------------------------------------------------------------------------


def _least_of_hands(state: GameState) -> list[int]:
    """Each seat's least deadwood now (0 for a seat not dealt in): the scores of a rollout
    stopped at its horizon."""
    return [
        min_deadwood(state.hand(seat), state.wild_rank, rules=state.rules)
        if seat in state.active
        else 0
        for seat in range(state.players)
    ]


def _horizon(value: object, until: Until = "round") -> int | None:
    """``value`` as the turns of a horizon (None: none), checked (also ``ExpertBot``'s)."""
    if value is None:
        return None
    turns = as_int(value)
    if turns is None or not 0 <= turns <= MAX_HORIZON:
        raise FiveCrownsError(
            f"horizon must be None or an int from 0 to {MAX_HORIZON:,} (turns), got "
            f"{short_repr(value)}"
        )
    if until != "round":
        raise FiveCrownsError(
            f"horizon stops a rollout within the round, so until must be 'round', got "
            f"{short_repr(until)}"
        )
    return turns


def _firsts(
    start: GameState | PlayerView,
    state: GameState,
    actions: Iterable[Action | int | str] | None,
    count: int,
) -> list[Action]:
    """The actions ``rollouts`` plays first (none without ``actions``), checked legal in
    ``state`` (``start`` or a state sampled from it)."""
    if actions is None:
        return []
    try:
        listed = None if isinstance(actions, str | bytes) else list(actions)
    except TypeError:
        listed = None
    if not listed:
        raise FiveCrownsError(
            "actions must be a non-empty sequence of actions (Action, integer or notation), "
            f"got {short_repr(actions)}"
        )
    actions = listed
    if count * len(actions) > MAX_ROLLOUTS:
        raise FiveCrownsError(f"n times the number of actions is more than {MAX_ROLLOUTS:,}")
    if isinstance(start, PlayerView) and start.current_player != start.player:
        raise FiveCrownsError(
            f"actions are played by the player to act: seat {start.current_player}, not the "
            f"view's player {start.player}"
        )
    found = []
    for action in actions:
        act = as_action(action, state.rules)
        if not state.is_legal(act):
            state.apply(act)  # raises IllegalActionError saying why
        found.append(act)
    return found


def _in_core(
    hidden: _Hidden,
    first: GameState,
    bots: list[str],
    seed: int,
    count: int,
    whole_game: bool,
    firsts: list[int],
    horizon: int | None,
) -> npt.NDArray[np.int64]:
    """``count`` rollouts from a view in the core: ``first`` (the state sampled from the
    first rollout's seed) as the template, the hidden cards dealt afresh there from each
    rollout's seed (``rollout_seed(seed, i)``)."""
    from ..game import _core_game  # (only with the core: it imports the extension)

    return _core_game.view_rollouts(
        *_core_spec(hidden, first), bots, seed, count, whole_game, firsts, horizon
    )


def core_view_spec(view: PlayerView, *, improve: bool = False) -> CoreViewSpec | None:
    """What the core needs to deal ``view``'s hidden cards itself as :func:`sample_state`
    deals them (the arguments of ``_core.view_rollouts`` before the bots), or None when the
    core does not play the view's rules (nor run): for the analysis layer's own rollouts."""
    hidden = _hidden(view, None, improve=improve)
    first = _sampled(hidden, rollout_seed(0, 0))
    ruled = _engine.compiled_games if hidden.finished else _engine.compiled_from_deal
    return _core_spec(hidden, first) if ruled(first.rules) else None


def _core_spec(hidden: _Hidden, first: GameState) -> CoreViewSpec:
    """The core's template of ``first`` and what ``hidden`` says of the cards, as
    ``_core.view_rollouts`` takes them."""
    from ..game import _core_game  # (only with the core: it imports the extension)

    view = hidden.view
    template = _core_game.core_game(first)
    laid: list[list[int]] = [[] for _ in range(view.players)]
    for placed in view.table:
        laid[placed.owner].extend(card.code for card in placed.meld.cards)
    scored = [seat in hidden.finished and seat != view.went_out for seat in range(view.players)]
    return (
        template,
        [[card.code for card in cards] for cards in hidden.known],
        laid,
        list(hidden.hidden),
        scored,
        list(hidden.improve),
        list(hidden.unseen),
    )


def _core_bots(names: list[str]) -> bool:
    """Are these all bots the core plays (asked once the core is known to run)?"""
    from ..game import _core_game

    return set(names) <= _core_game.CORE_BOTS


def _code(card: Card) -> int:
    return card.code


def _seed(value: object) -> int:
    number = as_int(value)
    if number is None or not 0 <= number < 1 << 64:
        raise FiveCrownsError(f"seed must be an int from 0 to 2**64 - 1, got {short_repr(value)}")
    return number


def _bots(bots: str | Sequence[str], players: int) -> list[str]:
    if isinstance(bots, str):
        names = [bots] * players
    elif isinstance(bots, Sequence):
        names = list(bots)
    else:
        names = []
    if len(names) != players or any(
        not isinstance(name, str) or name not in ROLLOUT_BOTS for name in names
    ):
        raise FiveCrownsError(
            f"bots must be a rollout bot's name ({', '.join(ROLLOUT_BOTS)}) or one per seat "
            f"({players}), got {short_repr(bots)}"
        )
    return names
