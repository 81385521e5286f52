"""The two game engines side by side: the Python ``GameState`` and the compiled core's
``_core.Game``, compared field by field after every action (for the tests and
``benchmarks/check_game.py``).

Both are read into the same plain form (:func:`py_snapshot`, and ``_core.Game.snapshot``):
cards as codes, melds as (kind, sorted codes), round results with their final layouts.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import fivecrowns as fc
from fivecrowns import _core
from fivecrowns._shuffle import bot_seed
from fivecrowns.bots import make_bot
from fivecrowns.cards import Card
from fivecrowns.game import GameRecord, GameState, _core_game
from fivecrowns.game import _engine as game_engine
from fivecrowns.melds import Meld


def _codes(cards: Sequence[Card]) -> tuple[int, ...]:
    return tuple(card.code for card in cards)


def _meld(meld: Meld) -> tuple[str, tuple[int, ...]]:
    # a table meld is built from its cards in code order, so its cards say which meld it is
    return (meld.kind.value, tuple(sorted(_codes(meld.cards))))


def py_snapshot(state: GameState, results: bool = True) -> dict[str, Any]:
    """The Python state in the form of ``_core.Game.snapshot`` (the round results only with
    ``results``)."""
    found = []
    for r in state.results if results else ():
        layouts = [
            None
            if lay is None
            else (
                [_meld(meld) for meld in lay.melds],
                _codes(lay.deadwood),
                lay.points,
                _codes(lay.laid_off),
            )
            for lay in r.layouts
        ]
        found.append(
            (
                r.round_number,
                r.extra_round,
                r.hand_size,
                r.wild_rank,
                r.dealer,
                r.went_out,
                r.scores,
                r.ended,
                layouts,
            )
        )
    snapshot = {
        "round_number": state.round_number,
        "extra_round": state.extra_round,
        "dealer": state.dealer,
        "active": state.active,
        "current": state.current,
        "phase": state.phase.value,
        "hands": tuple(_codes(hand) for hand in state.hands),
        "stock": _codes(state.stock),
        "discard_pile": _codes(state.discard_pile),
        "table": [(placed.owner, *_meld(placed.meld)) for placed in state.table],
        "went_out": state.went_out,
        "final_turns_left": state.final_turns_left,
        "taken": None if state.taken is None else state.taken.code,
        "turns": state.turns,
        "reshuffles": state.reshuffles,
        "round_scores": state.round_scores,
        "laid_off": tuple(_codes(cards) for cards in state.laid_off),
        "selection": _codes(state.selection),
        "scores": state.scores,
        "past_actions": len(state.past_actions),
        "round_history": state.round_history,
    }
    if results:
        snapshot["results"] = found
    return snapshot


def differences(state: GameState, game: _core.Game, results: bool = True) -> list[str]:
    """The fields where the two engines' states differ (empty: none), with both values; the
    finished rounds' results (whose layouts the core arranges when asked) only with
    ``results``."""
    ours, theirs = py_snapshot(state, results), game.snapshot(results)
    return [
        f"{name}: python {ours[name]!r}, core {theirs.get(name)!r}"
        for name in ours
        if ours[name] != theirs.get(name)
    ]


def python_state(
    players: int, rules: fc.Rules, seed: int, first_dealer: int | None = None
) -> GameState:
    """``GameState.new(players, rules=rules, seed=seed)`` dealt on the Python engine (the
    twin: its transitions and referee in Python; the solver runs where it runs)."""
    return GameState._new(players, rules, seed, first_dealer, game_engine.PYTHON)


def core_state(
    players: int, rules: fc.Rules, seed: int, first_dealer: int | None = None
) -> GameState | None:
    """The same, dealt on the compiled core (None when the core does not deal it)."""
    if game_engine.COMPILED is None or not game_engine.compiled_states(rules):
        return None
    return GameState._new(players, rules, seed, first_dealer, game_engine.COMPILED)


def python_replay(record: GameRecord) -> GameState:
    """``record.replay()`` on the Python engine."""
    state = python_state(record.players, record.rules, record.seed, record.first_dealer)
    for action in record.actions:
        state = state.apply(action)
    return state


def core_game(state: GameState) -> _core.Game:
    """A core game dealt as ``state``'s game was (its seed and first dealer)."""
    rules = _core_game.game_rules(state.rules)
    return _core.Game(rules, state.players, state.seed, state.first_dealer)


def step_both(
    rules: fc.Rules,
    players: int,
    seed: int,
    choose: Callable[[Sequence[int]], int],
    max_actions: int = 100_000,
    bots: Sequence[str] = (),
    random_final_turns: bool = False,
) -> tuple[int, str | None]:
    """Play one game in both engines with the same actions (``choose`` picks one of the
    legal integers; or, given ``bots``, those Python bots play the seats, on the Python
    state's views, but the final turns with ``random_final_turns``), comparing the states and
    the legal actions after every action (the round results whenever a round ends), and the
    public ``GameState`` the core plays with the Python one (every other action its view
    first): the actions played and the first mismatch (None: none)."""
    players_bots = [make_bot(name) for name in bots]
    for index, bot in enumerate(players_bots):
        bot.reset(seed + index)
    state = python_state(players, rules, seed)
    game = core_game(state)
    # and the public GameState the core plays (None when the core's states are off)
    fast = core_state(players, rules, seed)
    rounds = 0
    for played in range(max_actions + 1):
        diff = differences(state, game, len(state.results) != rounds or state.is_over)
        rounds = len(state.results)
        if diff:
            return played, f"after {played} actions: " + "; ".join(diff)
        if fast is not None:
            seat = state.current
            # a view before any field is read (every other action), then the whole state
            if played % 2 and fast.view(seat) != state.view(seat):
                return played, f"after {played} actions: the view of the core's GameState"
            if fast != state or fast.legal_actions() != state.legal_actions():
                return played, f"after {played} actions: the core's GameState"
        legal = list(state.legal_action_ints())
        if legal != game.legal_actions():
            return played, f"after {played} actions: legal {legal} vs {game.legal_actions()}"
        if state.is_over:
            if list(state.winners) != game.winners:
                return played, f"winners {state.winners} vs {game.winners}"
            return played, None
        if players_bots and not (random_final_turns and state.went_out is not None):
            seat = state.current
            act = players_bots[seat].act(state.view(seat), state.legal_actions())
            action = act.to_int()
        else:
            action = choose(legal)
        state = state.apply(action)
        game.apply(action)
        if fast is not None:
            fast = fast.apply(action)
    return max_actions, None


def bots_both(rules: fc.Rules, bots: Sequence[str], seed: int) -> tuple[int, str | None]:
    """One game of built-in bots in both engines: the actions and the first mismatch of the
    actions chosen or of the final states (None: none)."""
    replayed = python_state(len(bots), rules, seed)
    players = [make_bot(name) for name in bots]
    for seat, bot in enumerate(players):
        bot.reset(bot_seed(seed, seat))
    while not replayed.is_over:  # (as fivecrowns.play_game plays, on the Python engine)
        seat = replayed.current
        legal = replayed.legal_actions()
        replayed = replayed.apply(players[seat].act(replayed.view(seat), legal))
    if GameRecord(len(bots), rules, seed, len(bots) - 1, replayed.actions).replay() != replayed:
        return len(replayed.actions), "the Python game does not replay from its record"
    game = _core.play_game(_core_game.game_rules(rules), list(bots), seed)
    ours = list(replayed.actions)
    if ours != game.actions:
        at = next(
            (i for i, (a, b) in enumerate(zip(ours, game.actions)) if a != b),
            min(len(ours), len(game.actions)),
        )
        return (
            at,
            f"bots {list(bots)}: action {at} is {ours[at : at + 1]} vs {game.actions[at : at + 1]}",
        )
    diff = differences(replayed, game)
    return len(ours), ("; ".join(diff) if diff else None)


def random_rules(rng: random.Random) -> fc.Rules:
    """A rule set the core plays: a short schedule (so games are quick), any packs, meld,
    turn, scoring and tie-break options, sometimes a schedule of its own; always a turn
    limit (official games without one are played by the tests of greedy games)."""
    options: dict[str, Any] = {
        "packs": rng.choice([1, 2, 2, 2, 3, 4]),
        "distinct_suit_books": rng.random() < 0.2,
        "max_wilds_per_meld": rng.choice([None, None, None, 0, 1, 2, "naturals"]),
        "all_wild_melds": rng.random() < 0.8,
        "wild_points": rng.choice([20, 20, 20, 0, 5]),
        "joker_points": rng.choice([50, 50, 50, 0, 15]),
        "go_out_without_discard": rng.random() < 0.2,
        "may_discard_taken_discard": rng.random() < 0.8,
        "go_out_bonus": rng.choice([0, 0, -10, -3]),
        "go_out_bonus_below_zero": rng.random() < 0.3,
        "tie_break": rng.choice(["shared", "extra_round", "most_rounds_out"]),
        "extra_round_hand_size": rng.choice([3, 4, 13]),
        # random play seldom goes out, so its rounds need a limit (greedy's end well before)
        "turn_limit": rng.choice([7, 40, 100, 300]),
        # the discard pile's options (issue 49)
        "reshuffle_whole_discard_pile": rng.random() < 0.3,
        "squared_discard_pile": rng.random() < 0.2,
    }
    if rng.random() < 0.2:
        # sizes under 3 never end without a turn limit (no hand can go out)
        sizes = [rng.choice([1, 2, 3, 5, 8, 14]) for _ in range(rng.randint(1, 3))]
        ranks = [rng.choice([None, 3, 7, 13]) for _ in sizes]
        options |= {"schedule": tuple(sizes), "wild_ranks": tuple(ranks), "turn_limit": 30}
        return fc.Rules(**options)
    return fc.Rules.short_game(rng.randint(1, 4), **options)
