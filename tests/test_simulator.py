"""The batched simulator: its games are the games ``play_game`` plays from the same seeds, the
core and the Python engine step them identically (every array after every step), illegal
actions refuse the whole step and change nothing, and games are numbered, reset and cut
short as documented."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fivecrowns as fc
from fivecrowns.bots import GreedyBot, RandomBot
from fivecrowns.play.simulate import bot_seed, game_seed
from game_twins import random_rules

CORE = fc.core_info().compiled
needs_core = pytest.mark.skipif(not CORE, reason="the compiled core is not in use")


def _arrays(sim: fc.Simulator) -> dict[str, Any]:
    """Everything a caller can read of the games now (copies)."""
    legal, counts = sim.legal_actions()
    seats = np.arange(sim.num_games) % sim.players
    return {
        "current": sim.current_player.copy(),
        "mask": sim.legal_action_mask().copy(),
        "legal": legal.copy(),
        "counts": counts.copy(),
        "observation": sim.observation().copy(),
        "seen_by": sim.observation(seats).copy(),
        "numbers": [sim.game_number(i) for i in range(sim.num_games)],
    }


def _same(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    return [key for key in a if not np.array_equal(a[key], b[key])]


def _steps_agree(
    rules: fc.Rules, players: int, seats: list[str | None], seed: int, steps: int, **options: Any
) -> None:
    core = fc.Simulator(
        3,
        players=players,
        rules=rules,
        bots=seats,
        seed=seed,
        engine="core",
        record=True,
        **options,
    )
    python = fc.Simulator(
        3,
        players=players,
        rules=rules,
        bots=seats,
        seed=seed,
        engine="python",
        record=True,
        **options,
    )
    rng = np.random.default_rng(seed)
    for number in range(steps):
        before = _arrays(core)
        assert _same(before, _arrays(python)) == [], f"before step {number}"
        actions = core.sample(rng)
        got, want = core.step(actions), python.step(actions)
        for field in ("rewards", "terminated", "truncated", "scores", "winners"):
            assert np.array_equal(getattr(got, field), getattr(want, field)), (number, field)
        if number % 25 == 0:
            for i in range(3):
                assert core.state(i) == python.state(i), (number, i)


@needs_core
@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**63 - 1))
def test_the_core_and_the_python_engine_step_the_same_games(seed: int) -> None:
    rng = random.Random(seed)
    rules = random_rules(rng)
    players = rng.randint(2, min(4, rules.max_players))
    seats: list[str | None] = [
        rng.choice([None, None, "random", "greedy", "strong"]) for _ in range(players)
    ]
    seats[rng.randrange(players)] = None
    options = rng.choice([{}, {"auto_reset": False}, {"max_actions": rng.randint(1, 60)}])
    _steps_agree(rules, players, seats, seed, 120, **options)


@needs_core
@pytest.mark.parametrize("seed", range(4))
def test_lay_offs_and_hands_laid_down_by_hand_step_the_same_in_both_engines(seed: int) -> None:
    """Rules ``lay_off`` and ``auto_arrange_final_hand=False`` in the batched simulator: bots
    that go out in some seats (final turns lay cards off, or down card by card), random
    legal actions in the others."""
    rules = fc.Rules.short_game(
        3 + seed % 2, lay_off=seed != 1, auto_arrange_final_hand=seed % 2 == 0
    )
    _steps_agree(rules, 3, [None, "greedy", "strong"], seed, 300)


@needs_core
def test_official_four_player_games_step_the_same_in_both_engines() -> None:
    _steps_agree(fc.Rules(), 4, [None, "greedy", None, "random"], 5, 400)
    _steps_agree(fc.Rules(), 3, [None, "strong", "strong"], 6, 300)


@needs_core
def test_strong_seats_read_the_round_without_a_record_of_the_game() -> None:
    # StrongBot reads the round's public record: a simulator that keeps no record of the
    # game still keeps the round's, so its strong seats play as with the whole record
    runs = [
        fc.Simulator(3, players=3, bots=[None, "strong", "strong"], seed=8, record=record)
        for record in (False, True)
    ]
    rng = np.random.default_rng(8)
    for _ in range(300):
        actions = runs[0].sample(rng)
        steps = [sim.step(actions) for sim in runs]
        assert np.array_equal(steps[0].scores, steps[1].scores)
        assert np.array_equal(runs[0].observation(), runs[1].observation())


@pytest.mark.parametrize("engine", ["auto", "python"])
def test_a_simulated_game_is_the_game_play_game_plays_from_its_seed(engine: str) -> None:
    # seat 0 played from outside by a GreedyBot reset as play_game resets it
    sim = fc.Simulator(
        2, players=3, bots=[None, "greedy", "random"], seed=9, engine=engine, record=True
    )
    number = sim.game_number(1)
    seed = game_seed(9, number)
    mine = GreedyBot()
    mine.reset(bot_seed(seed, 0))
    rewards = np.zeros(3)
    while True:
        state = sim.state(1)
        action = mine.act(state.view(0), state.legal_actions()).to_int()
        actions = sim.sample(np.random.default_rng(0))
        actions[1] = action
        step = sim.step(actions)
        rewards += step.rewards[1]
        if step.terminated[1]:
            break
    expected = fc.play_game([GreedyBot(), GreedyBot(), RandomBot()], seed=seed)
    assert tuple(step.scores[1]) == expected.scores
    assert tuple(np.flatnonzero(step.winners[1])) == expected.winners
    assert tuple(-rewards) == expected.scores  # the rewards add up to minus the scores
    assert sim.game_number(1) == 2  # the next game of the run took the slot


@pytest.mark.parametrize("engine", ["auto", "python"])
def test_observations_and_masks_are_those_of_the_games_states(engine: str) -> None:
    sim = fc.Simulator(4, players=2, bots=[None, "greedy"], seed=3, engine=engine, record=True)
    rng = np.random.default_rng(3)
    for _ in range(60):
        obs, mask = sim.observation().copy(), sim.legal_action_mask()
        seen = sim.observation(np.ones(4, np.int64))
        for i in range(4):
            state = sim.state(i)
            assert np.array_equal(obs[i], state.view(state.current).observation())
            assert np.array_equal(seen[i], state.view(1).observation())
            legal = [action.to_int() for action in state.legal_actions()]
            assert list(np.flatnonzero(mask[i])) == legal
        sim.step(sim.sample(rng))


@pytest.mark.parametrize("engine", ["auto", "python"])
def test_an_illegal_action_refuses_the_whole_step_and_changes_nothing(engine: str) -> None:
    sim = fc.Simulator(3, players=2, seed=1, engine=engine, record=True)
    before = _arrays(sim)
    states = [sim.state(i) for i in range(3)]
    for actions in (
        [0, 0, 2],  # a discard in the draw phase
        [0, 0, 500],  # no such action
        [0, 0, -1],
    ):
        with pytest.raises(fc.IllegalActionError, match="game 2"):
            sim.step(np.array(actions))
    for bad in ([0, 0], [0.0, 0.0, 0.0], [[0, 0, 0]], "draw"):
        with pytest.raises(fc.IllegalActionError, match="one action integer per game"):
            sim.step(bad)  # type: ignore[arg-type]
    assert _same(before, _arrays(sim)) == []
    assert [sim.state(i) for i in range(3)] == states


@pytest.mark.skipif(not CORE, reason="needs the compiled core")
def test_both_engines_refuse_an_illegal_step_in_the_referee_s_words() -> None:
    sims = [fc.Simulator(2, players=3, seed=8, engine=engine) for engine in ("core", "python")]
    for actions in ([0, 2], [0, 200], [0, 9_999]):
        said = []
        for sim in sims:
            with pytest.raises(fc.IllegalActionError) as refused:
                sim.step(np.array(actions))
            said.append(str(refused.value))
        assert said[0] == said[1]
        assert said[0].startswith("game 1: ")


@pytest.mark.parametrize("engine", ["auto", "python"])
def test_without_auto_reset_a_finished_game_stays_and_takes_no_action(engine: str) -> None:
    rules = fc.Rules.short_game(1)
    sim = fc.Simulator(
        2,
        players=2,
        rules=rules,
        bots=[None, "greedy"],
        auto_reset=False,
        engine=engine,
        record=True,
    )
    rng = np.random.default_rng(0)
    ended = np.zeros(2, bool)
    for _ in range(500):
        step = sim.step(sim.sample(rng))
        assert not (step.terminated & ended).any()  # a game ends once
        ended |= step.terminated
        if ended.all():
            break
    assert ended.all()
    assert list(sim.current_player) == [-1, -1]
    assert not sim.legal_action_mask().any()
    assert list(sim.legal_actions()[1]) == [0, 0]
    final = [sim.state(i) for i in range(2)]
    assert all(state.is_over for state in final)
    step = sim.step(np.array([7, 123]))  # ignored
    assert not step.terminated.any()
    assert not step.rewards.any()
    assert [tuple(row) for row in step.scores] == [state.scores for state in final]
    assert [sim.game_number(i) for i in range(2)] == [0, 1]


@pytest.mark.parametrize("engine", ["auto", "python"])
def test_max_actions_cuts_games_short_and_deals_the_next(engine: str) -> None:
    sim = fc.Simulator(2, players=2, max_actions=10, seed=4, engine=engine, record=True)
    rng = np.random.default_rng(0)
    for _ in range(9):
        step = sim.step(sim.sample(rng))
        assert not step.truncated.any()
    step = sim.step(sim.sample(rng))
    assert list(step.truncated) == [True, True]
    assert not step.terminated.any()
    assert [sim.game_number(i) for i in range(2)] == [2, 3]
    assert [len(sim.state(i).actions) for i in range(2)] == [0, 0]


@pytest.mark.parametrize("engine", ["auto", "python"])
def test_reset_starts_the_run_of_its_seed(engine: str) -> None:
    sim = fc.Simulator(3, players=2, seed=5, engine=engine, record=True)
    first = [sim.state(i) for i in range(3)]
    sim.step(sim.sample(np.random.default_rng(1)))
    sim.reset(6)
    assert sim.seed == 6
    assert [sim.state(i).seed for i in range(3)] == [game_seed(6, i) for i in range(3)]
    sim.reset(5)
    assert [sim.state(i) for i in range(3)] == first


def test_bad_arguments_are_refused_with_what_is_accepted() -> None:
    with pytest.raises(fc.FiveCrownsError, match="games must be an int from 1 to 1,048,576"):
        fc.Simulator(0)
    with pytest.raises(fc.FiveCrownsError, match="games must be an int from 1 to 1,048,576"):
        fc.Simulator(2**40)  # (the core aborted the interpreter, allocating for them)
    with pytest.raises(fc.FiveCrownsError, match="max_actions must be an int from 1"):
        fc.Simulator(1, max_actions=2**70)  # (an OverflowError from the core)
    with pytest.raises(fc.FiveCrownsError, match="each of the 2 seats"):
        fc.Simulator(1, players=2, bots=[None])
    with pytest.raises(fc.FiveCrownsError, match="one of"):
        fc.Simulator(1, players=2, bots=[None, "grandmaster"])
    with pytest.raises(fc.FiveCrownsError, match="at least one seat"):
        fc.Simulator(1, players=2, bots=["greedy", "random"])
    with pytest.raises(fc.FiveCrownsError, match="seed must be"):
        fc.Simulator(1, seed=-1)
    with pytest.raises(fc.FiveCrownsError, match="engine must be"):
        fc.Simulator(1, engine="fast")  # type: ignore[arg-type]
    with pytest.raises(fc.FiveCrownsError, match="max_actions"):
        fc.Simulator(1, max_actions=0)
    with pytest.raises(fc.InvalidStateError, match="players must be"):
        fc.Simulator(1, players=30)  # as GameState.new refuses it, whichever engine plays
    with pytest.raises(fc.InvalidRulesError, match="can go out"):
        fc.Simulator(1, players=2, rules=fc.Rules(schedule=(2,)))
    sim = fc.Simulator(2, players=2, record=True)
    with pytest.raises(fc.FiveCrownsError, match="index must be"):
        sim.state(2)
    with pytest.raises(fc.FiveCrownsError, match="record=True"):
        fc.Simulator(2, players=2).state(0)
    with pytest.raises(fc.FiveCrownsError, match="players must be one seat per game"):
        sim.observation(np.array([0, 2]))


def test_the_engine_says_which_plays_and_why() -> None:
    expert = fc.Simulator(1, players=2, bots=[None, "expert"])
    assert expert.engine == "python"
    assert "expert" in expert.engine_reason or not CORE
    if CORE:
        assert fc.Simulator(1, players=2).engine == "core"
        assert fc.Simulator(1, players=2, rules=fc.Rules(lay_off=True)).engine == "core"
    else:
        with pytest.raises(fc.FiveCrownsError, match="not in use"):
            fc.Simulator(1, players=2, engine="core")


def test_lay_off_games_step_in_the_python_engine_with_wider_legal_rows() -> None:
    rules = fc.Rules(lay_off=True, auto_arrange_final_hand=False)
    sim = fc.Simulator(2, players=2, rules=rules, seed=2, record=True)
    assert sim.max_legal_actions == sim.num_actions
    rng = np.random.default_rng(2)
    for _ in range(300):
        legal, counts = sim.legal_actions()
        for i in range(2):
            state = sim.state(i)
            assert list(legal[i, : counts[i]]) == [a.to_int() for a in state.legal_actions()]
        sim.step(sim.sample(rng))


@pytest.mark.skipif(not CORE, reason="needs the compiled core")
def test_a_read_only_output_array_is_refused_not_a_panic_and_changes_nothing() -> None:
    # (issue 49: the next call raised pyo3's PanicException, a BaseException)
    sim = fc.Simulator(2, players=2, seed=1, record=True)
    reads = {
        "mask": sim.legal_action_mask,
        "observation": sim.observation,
        "legal": lambda: sim.legal_actions()[0],
        "to act": lambda: sim.current_player,
    }
    for name, read in reads.items():
        array = read()
        array.flags.writeable = False
        with pytest.raises(fc.FiveCrownsError, match="cannot be written now"):
            read()
        array.flags.writeable = True
        assert read() is array, name
    before = [sim.state(i) for i in range(2)]
    step = sim.step(np.array([0, 0]))
    after = [sim.state(i) for i in range(2)]
    step.rewards.flags.writeable = False
    with pytest.raises(fc.FiveCrownsError, match="cannot be written now"):
        sim.step(np.array([0, 0]))
    assert [sim.state(i) for i in range(2)] == after != before
