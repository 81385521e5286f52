"""A view of a state the core plays builds its fields on first use, group by group (the
table melds and the finished rounds' results each alone), with the values and types the
Python engine's view has, built all at once."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import attrs
import pytest

import fivecrowns as fc
from fivecrowns.bots import GreedyBot
from fivecrowns.game import GameState
from fivecrowns.game import _engine as game_engine
from fivecrowns.game.views import remembered_pile
from game_twins import python_state, random_rules

if not game_engine.compiled_states(fc.Rules()):
    pytest.skip("the compiled core is not running", allow_module_level=True)

_NAMES = tuple(field.name for field in attrs.fields(fc.PlayerView))
#: What a view of a state the core plays holds before any field is read.
_UNREAD = ("table", "results", "hand", "discard_pile", "laid_off", "selection")


def _shape(value: Any) -> Any:
    """The value's type, and its items' shapes (tuples), so two values of equal shape are
    built of the same types all the way down."""
    if isinstance(value, tuple):
        return (tuple, tuple(map(_shape, value)))
    return type(value)


def _games(count: int) -> list[tuple[GameState, GameState, random.Random]]:
    """Pairs of the same new game on the two engines, of random rules and tables."""
    found = []
    for seed in range(count):
        rng = random.Random(seed)
        rules = attrs.evolve(
            random_rules(rng),
            lay_off=rng.random() < 0.4,
            auto_arrange_final_hand=rng.random() < 0.7,
        )
        players = rng.randint(2, min(5, rules.max_players))
        fast = GameState.new(players, rules=rules, seed=seed)
        assert game_engine.own_core(fast) is not None
        found.append((fast, python_state(players, rules, seed), rng))
    return found


def _states(count: int, steps: int) -> list[tuple[GameState, GameState]]:
    """Pairs of states along games on the two engines, of greedy actions and some random
    ones (so rounds end by going out, and final turns are among the states)."""
    found = []
    greedy = GreedyBot()
    for fast, slow, rng in _games(count):
        for _ in range(steps):
            found.append((fast, slow))
            if slow.is_over:
                break
            legal = slow.legal_actions()
            if rng.random() < 0.2:
                action = rng.choice(legal)
            else:
                action = greedy.act(slow.view(slow.current), legal)
            fast, slow = fast.apply(action), slow.apply(action)
    return found


def test_reading_the_top_discard_builds_neither_the_table_nor_the_results() -> None:
    tables = 0
    for fast, slow in _states(12, 300):
        seat = fast.current if not fast.is_over else 0
        view = fast.view(seat)
        unread = set(_UNREAD) - set(vars(view))
        assert unread == set(_UNREAD)
        assert view.top_discard == slow.view(seat).top_discard
        assert "table" not in vars(view)
        assert "results" not in vars(view)
        assert view.hand == slow.view(seat).hand
        assert "table" not in vars(view)
        tables += bool(fast.table)
        table_view = fast.view(seat)
        assert table_view.table == slow.view(seat).table == fast.table
        assert "hand" not in vars(table_view)
        assert "results" not in vars(table_view)
    assert tables > 50  # (final turns with melds on the table were among them)


def test_every_field_read_alone_is_the_eager_views_value_and_type() -> None:
    rng = random.Random(5)
    for fast, slow in _states(10, 250):
        seat = rng.randrange(fast.players)
        eager = slow.view(seat)
        for name in rng.sample(_NAMES, 4):
            view = fast.view(seat)
            value, expected = getattr(view, name), getattr(eager, name)
            assert value == expected, name
            assert _shape(value) == _shape(expected), name
        view = fast.view(seat)
        names = list(_NAMES)
        rng.shuffle(names)
        for name in names:
            assert getattr(view, name) == getattr(eager, name), name
            assert _shape(getattr(view, name)) == _shape(getattr(eager, name)), name


def test_a_lazy_view_compares_prints_and_pickles_as_the_eager_one() -> None:
    for fast, slow in _states(6, 200)[::7]:
        for seat in range(fast.players):
            eager = slow.view(seat)
            assert fast.view(seat) == eager
            assert repr(fast.view(seat)) == repr(eager)
            assert fast.view(seat).to_dict() == eager.to_dict()
            copied = pickle.loads(pickle.dumps(fast.view(seat)))
            assert copied == eager
            # (and a squared pile's memory: see fivecrowns.game.views.remembered_pile)
            memory = {"_remembered_pile"} if fast.rules.squared_discard_pile else set()
            assert set(vars(copied)) == set(_NAMES) | memory
            assert remembered_pile(copied) == remembered_pile(eager) == slow.discard_pile
            assert copy.deepcopy(fast.view(seat)) == eager
            assert hash(fast.view(seat).top_discard) == hash(eager.top_discard)


def test_greedy_on_a_view_of_a_state_the_core_plays_chooses_as_on_the_python_engines() -> None:
    from fivecrowns.game._core_state import core_greedy

    greedy, asked = GreedyBot(), 0
    for fast, slow in _states(16, 250):
        if slow.is_over:
            continue
        seat = fast.current
        expected = greedy.act(slow.view(seat), slow.legal_actions())  # (the Python bot)
        assert core_greedy(slow.view(seat)) is None
        assert core_greedy(fast.view(seat)) == expected
        assert greedy.act(fast.view(seat), fast.legal_actions()) == expected
        assert core_greedy(fast.view((seat + 1) % fast.players)) is None  # (not to act)
        # (a choice the caller's list does not hold: the bot chooses among that list)
        others = tuple(action for action in fast.legal_actions() if action != expected)
        if fast.phase is fc.Phase.DRAW or any(a.kind is fc.ActionKind.DISCARD for a in others):
            assert greedy.act(fast.view(seat), others) in others
        asked += 1
    assert asked > 1000


def test_core_greedy_with_the_memo_a_game_shares_chooses_as_a_fresh_core_game() -> None:
    from fivecrowns.game._core_state import core_greedy

    compared = 0
    for fast, _slow in _states(10, 250):
        if fast.is_over:
            continue
        seat = fast.current
        # (a sibling played on and asked first: the memo the two share is the sibling's)
        for sibling in fast.legal_actions()[:2]:
            after = fast.apply(sibling)
            if not after.is_over:
                core_greedy(after.view(after.current))
        fresh = GameState.new(  # (a new core game played to the same state: an empty memo)
            fast.players, rules=fast.rules, seed=fast.seed, first_dealer=fast.first_dealer
        )
        for action in fast.actions:
            fresh = fresh.apply(action)
        assert game_engine.own_core(fresh) is not None
        assert core_greedy(fast.view(seat)) == core_greedy(fresh.view(seat)) is not None
        compared += 1
    assert compared > 500


def test_legal_actions_of_a_core_state_are_its_integers_actions() -> None:
    lay_offs = 0
    for fast, slow in _states(10, 250):
        legal = fast.legal_actions()
        core = game_engine.own_core(fast)
        assert core is not None
        assert legal == tuple(map(fc.Action.from_int, core.legal_actions()))
        assert legal == slow.legal_actions()
        lay_offs += any(action.kind is fc.ActionKind.LAY_OFF for action in legal)
    assert lay_offs > 0  # (lay-offs onto table melds, beyond the base actions, among them)
