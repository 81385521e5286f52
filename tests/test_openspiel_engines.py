"""The OpenSpiel game (``fivecrowns.adapters.openspiel``) on both engines: a game whose states
the compiled core plays (one call into the core a step) and the same game on the Python engine
give the same answers step by step (the same seed, the same chance outcomes and actions); the
core's chance functions refuse what the rules do not allow; a step costs the same early and
late in a round."""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import fivecrowns as fc  # noqa: E402
from fivecrowns.adapters import _openspiel_table as table  # noqa: E402
from fivecrowns.adapters import openspiel as fo  # noqa: E402
from fivecrowns.game import _engine  # noqa: E402

needs_core = pytest.mark.skipif(
    _engine.COMPILED is None or not _engine.compiled_states(fc.OFFICIAL),
    reason="the compiled core does not play games here",
)

SPECS = [
    "python_fivecrowns(players=2,packs=1,rounds=2)",
    "python_fivecrowns(players=3,packs=1,rounds=2,rules=--lay-off)",
    "python_fivecrowns(players=2,packs=1,hand_size=7,rounds=2,turn_limit=40,"
    "rules=--no-discard-taken --go-out-without-discard)",
    "python_fivecrowns(players=4,rounds=2,utility=score,rules=--go-out-bonus -10)",
    "python_fivecrowns(players=5,packs=1,rounds=2,turn_limit=150,"
    "rules=--reshuffle-whole-pile --squared-pile)",
]


def _on_python(game: Any) -> Any:
    """A twin of ``game`` whose states the Python engine plays."""
    twin = pyspiel.load_game(str(game))
    first = fc.GameState._new(twin.players, twin.rules, 0, None, _engine.PYTHON)
    twin._initial = fo.initial(first)
    assert isinstance(twin._initial.table, table.PlainTable)
    return twin


def _facts(state: Any) -> tuple[Any, ...]:
    players = state.get_game().num_players()
    facts: list[Any] = [str(state), state.current_player(), state.returns(), state.history()]
    if state.is_chance_node():
        facts.append(state.chance_outcomes())
    elif not state.is_terminal():
        facts.append(state.legal_actions())
    for player in range(players):
        facts.append(state.information_state_string(player))
        facts.append(state.observation_string(player))
        facts.append(list(state.information_state_tensor(player)))
        facts.append(list(state.observation_tensor(player)))
    return tuple(facts)


@needs_core
@pytest.mark.parametrize("spec", SPECS)
def test_core_and_python_engines_play_the_same_game(spec: str) -> None:
    game = pyspiel.load_game(spec)
    twin_game = _on_python(game)
    assert isinstance(game._initial.table, table.CoreTable)
    rng = random.Random(spec)
    for _ in range(2):
        state, twin = game.new_initial_state(), twin_game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if steps % 7 == 0 or state.game_state is None or state.game_state.went_out:
                assert _facts(state) == _facts(twin)
            if state.is_chance_node():
                outcomes, chances = zip(*state.chance_outcomes())
                action = rng.choices(outcomes, chances)[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            twin.apply_action(action)
            steps += 1
        assert _facts(state) == _facts(twin)
        assert state.game_state == twin.game_state


@needs_core
def test_core_chance_functions_refuse_what_the_rules_do_not_allow() -> None:
    from fivecrowns import _core
    from fivecrowns.game import _core_game

    rules = fc.Rules(packs=1, schedule=(3,))
    game = _core.Game(_core_game.game_rules(rules), 2, 0, 1)
    with pytest.raises(fc.InvalidStateError, match="not in the deck"):
        _core.chance_redeal(game, [[4, 4, 5], [6, 7, 8]], 9)  # (one pack: one 4)
    with pytest.raises(fc.InvalidStateError, match="must be dealt 3 cards"):
        _core.chance_redeal(game, [[4, 5], [6, 7, 8]], 9)
    dealt = _core.chance_redeal(game, [[3, 4, 5], [6, 7, 8]], 9)
    rest = sorted(set(range(56)) - set(range(3, 10)))  # (and two more jokers)
    assert [card.code for card in dealt.stock] == [*rest, 55, 55]
    with pytest.raises(fc.IllegalActionError, match="no 3 is in the stock"):
        _core.chance_draw(dealt, 3)
    with pytest.raises(fc.IllegalActionError, match="no 99 is in the stock"):
        _core.chance_draw(dealt, 99)
    drew, current, phase = _core.chance_draw(dealt, 20)
    assert (current, phase) == (dealt.current, "discard")
    assert 20 in [card.code for card in drew.seat_view(current).hand()]
    with pytest.raises(fc.IllegalActionError):
        _core.chance_draw(drew, 21)  # (drawn already: the referee's refusal)
    with pytest.raises(fc.InvalidStateError, match="first action"):
        _core.chance_redeal(drew, [[3, 4, 5], [6, 7, 8]], 9)
    outcomes = _core.chance_stock(dealt)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert dict(outcomes)[55] == 3 / 51
    after, _, _, rounds, reshuffles, went_out, taken, lost = _core.chance_played(drew, 2 + 20)
    assert (rounds, reshuffles, went_out, taken, tuple(lost)) == (0, 0, None, None, (20,))
    with pytest.raises(fc.IllegalActionError):
        _core.chance_played(after, -1)


@needs_core
def test_a_state_pickles_and_plays_on_the_same() -> None:
    game = pyspiel.load_game("python_fivecrowns(players=2,packs=1,rounds=2)")
    rng = random.Random(4)
    state = game.new_initial_state()
    for _ in range(60):
        if state.is_chance_node():
            state.apply_action(rng.choice([code for code, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    copy = pickle.loads(pickle.dumps(state._now))
    assert isinstance(copy.table, table.CoreTable)
    assert copy.table.state == state._now.table.state
    assert copy.steps == state._now.steps
    assert [fo.line(e, 0) for e in fo.entries(copy.log)] == [
        fo.line(e, 0) for e in fo.entries(state._now.log)
    ]
    assert np.array_equal(copy.memory(), state._now.memory())
