"""Sampled worlds of the OpenSpiel game (``FiveCrownsState.resample_from_infostate``), built
directly from the record: each agrees with the player's information state, is the world a
replay of its history reaches (the same as resampling by replay), depends only on the sampler,
is the same on both engines, and is built without replaying the game (at round 8 too)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import fivecrowns as fc  # noqa: E402
from fivecrowns.adapters import openspiel as fo  # noqa: E402
from fivecrowns.game import _engine  # noqa: E402


def _step(state: Any, rng: random.Random) -> None:
    if state.is_chance_node():
        outcomes, chances = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(outcomes, chances)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def _decisions(game: Any, rng: random.Random, chance: float, count: int) -> list[Any]:
    """``count`` states at players' decisions of random games (each kept with ``chance``)."""
    found: list[Any] = []
    while len(found) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(found) < count:
            if not state.is_chance_node() and rng.random() < chance:
                found.append(state.clone())
            _step(state, rng)
    return found


def _sampler(value: float) -> Callable[[], float]:
    return lambda: value


def _same_to(player: int, world: Any, state: Any) -> None:
    """``world`` is one ``player`` cannot tell from ``state``."""
    assert world.information_state_string(player) == state.information_state_string(player)
    assert world.observation_string(player) == state.observation_string(player)
    assert np.array_equal(
        world.information_state_tensor(player), state.information_state_tensor(player)
    )
    assert np.array_equal(world.observation_tensor(player), state.observation_tensor(player))
    assert world.current_player() == state.current_player()
    assert world.legal_actions() == state.legal_actions()
    assert len(world.history()) == len(state.history())


def _replays_to(world: Any) -> None:
    """``world``'s history played from the start reaches ``world`` (every player's view)."""
    replayed = world.get_game().new_initial_state()
    for action in world.history():
        replayed.apply_action(action)
    assert str(replayed) == str(world)
    assert [p.player for p in replayed.full_history()] == [p.player for p in world.full_history()]
    for player in range(world.get_game().num_players()):
        assert replayed.information_state_string(player) == world.information_state_string(player)
        assert np.array_equal(
            replayed.information_state_tensor(player), world.information_state_tensor(player)
        )
    assert replayed.game_state == world.game_state or world.game_state is None


@pytest.mark.parametrize(
    "spec",
    [
        "python_fivecrowns(players=2,rounds=3)",  # two packs: reshuffles in long rounds
        "python_fivecrowns(players=3,packs=1,rounds=2,rules=--lay-off)",
        "python_fivecrowns(players=4,packs=1,hand_size=5,rounds=2)",
        "python_fivecrowns(players=5,packs=1,rounds=2,turn_limit=150,"
        "rules=--reshuffle-whole-pile --squared-pile)",
    ],
)
def test_resampled_states_agree_with_the_players_information_state(spec: str) -> None:
    game = pyspiel.load_game(spec)
    rng = random.Random(spec)
    changed = 0
    for state in _decisions(game, rng, 0.05, 10):
        player = state.current_player()
        world = state.resample_from_infostate(player, _sampler(rng.random()))
        _same_to(player, world, state)
        _replays_to(world)
        # the same world as resampling by replay, from the same sampler
        value = rng.random()
        built = state._resampled(player, _sampler(value), replay=False)
        replayed = state._resampled(player, _sampler(value), replay=True)
        assert built.history() == replayed.history()
        assert str(built) == str(replayed)
        changed += built.history() != state.history()
    assert changed > 5  # (the hidden cards do change)


def test_resampling_is_deterministic_for_a_sampler() -> None:
    game = pyspiel.load_game("python_fivecrowns(players=3,packs=1,rounds=2)")
    rng = random.Random(5)
    for state in _decisions(game, rng, 0.05, 6):
        player = state.current_player()
        worlds = [
            state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(9, 0.0, 1.0))
            for _ in range(2)
        ]
        assert worlds[0].history() == worlds[1].history()
        assert str(worlds[0]) == str(worlds[1])
        other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(10, 0, 1))
        _same_to(player, other, worlds[0])


def test_resample_at_round_8_builds_the_world_without_replaying(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = pyspiel.load_game("python_fivecrowns(players=2)")
    rng = random.Random(8)
    state = game.new_initial_state()
    while state.is_chance_node() or state.game_state.round_number < 8:
        _step(state, rng)
    for _ in range(rng.randrange(10, 40)):  # some turns into round 8
        _step(state, rng)
    while state.is_chance_node() or state.game_state.went_out is not None:
        _step(state, rng)
    assert state.game_state.round_number == 8
    assert state.game_state.wild_rank == 10

    def refused(self: Any, history: list[int]) -> Any:
        raise AssertionError("the world was replayed")

    monkeypatch.setattr(fo.FiveCrownsState, "_replayed", refused)
    player = state.current_player()
    other = 1 - player
    hands = set()
    firsts = set()
    for value in (0.1, 0.5, 0.9):
        world = state.resample_from_infostate(player, _sampler(value))
        _same_to(player, world, state)
        assert world.game_state.scores == state.game_state.scores
        assert world.game_state.hand(player) == state.game_state.hand(player)
        hands.add(world.game_state.hand(other))
        firsts.add(tuple(world.history()[: 2 * 3]))  # round 1's deal
    assert len(hands) > 1
    assert len(firsts) > 1  # an earlier round's hidden cards were drawn again too
    monkeypatch.undo()
    _replays_to(world)


@pytest.mark.skipif(
    _engine.COMPILED is None or not _engine.compiled_states(fc.OFFICIAL),
    reason="the compiled core does not play games here",
)
def test_resampled_worlds_are_the_same_on_both_engines() -> None:
    game = pyspiel.load_game("python_fivecrowns(players=3,packs=1,rounds=2,rules=--lay-off)")
    twin_game = pyspiel.load_game(str(game))
    first = fc.GameState._new(3, twin_game.rules, 0, None, _engine.PYTHON)
    twin_game._initial = fo.initial(first)
    rng = random.Random(2)
    compared = 0
    while compared < 8:
        state, twin = game.new_initial_state(), twin_game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node() and rng.random() < 0.05:
                player, value = state.current_player(), rng.random()
                world = state.resample_from_infostate(player, _sampler(value))
                twin_world = twin.resample_from_infostate(player, _sampler(value))
                assert world.history() == twin_world.history()
                assert str(world) == str(twin_world)
                assert world.game_state == twin_world.game_state
                compared += 1
            if state.is_chance_node():
                outcomes, chances = zip(*state.chance_outcomes())
                action = rng.choices(outcomes, chances)[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            twin.apply_action(action)
