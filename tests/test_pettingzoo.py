"""The PettingZoo AEC environment (skipped when PettingZoo is not installed)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test, seed_test

import fivecrowns as fc
from fivecrowns.adapters.pettingzoo import env, raw_env
from fivecrowns.game import _engine as game_engine

SHORT = fc.Rules(schedule=(3, 4), turn_limit=60)

# Dict observations with an action mask are PettingZoo's recommended form for board and card
# games, but api_test only whitelists its own classic games by name for them.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent:UserWarning"),
]


@pytest.mark.parametrize(
    ("players", "rules"),
    [
        (4, SHORT),
        (
            2,
            fc.Rules(
                schedule=(3, 4, 5), turn_limit=60, auto_arrange_final_hand=False, lay_off=True
            ),
        ),
        (
            3,
            fc.Rules(
                schedule=(3, 3),
                turn_limit=40,
                go_out_bonus=-10,
                tie_break="extra_round",
                extra_round_hand_size=3,
                go_out_without_discard=True,
                packs=1,
            ),
        ),
    ],
)
def test_pettingzoo_api_test(players: int, rules: fc.Rules) -> None:
    api_test(env(players=players, rules=rules, seed=1), num_cycles=200)


def test_pettingzoo_api_test_official_rules() -> None:
    api_test(env(rules=fc.Rules(turn_limit=80), seed=2), num_cycles=60)


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: env(players=3, rules=SHORT), num_cycles=100)


def test_api_test_with_the_illegal_move_wrapper() -> None:
    api_test(env(players=2, rules=SHORT, illegal_reward=-1.0), num_cycles=50)


def _play(game: Any, rng: random.Random) -> dict[str, float]:
    """Play a game with random legal actions; each agent's rewards summed."""
    totals: dict[str, float] = {}
    for agent in game.agent_iter():
        observation, reward, termination, truncation, _ = game.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if termination or truncation:
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        game.step(int(rng.choice(list(legal))))
    return totals


@pytest.mark.parametrize("reward", ["round", "game"])
def test_rewards_add_up_to_minus_the_final_scores(reward: str) -> None:
    rules = fc.Rules(schedule=(3, 4, 5), turn_limit=60, go_out_bonus=-10)
    game = raw_env(players=3, rules=rules, reward=reward)
    game.reset(seed=4)
    totals = _play(game, random.Random(4))
    state = game.game_state
    assert state.is_over
    assert game.agents == []
    assert totals == {f"player_{seat}": -float(score) for seat, score in enumerate(state.scores)}


def test_observation_and_mask_are_the_engines() -> None:
    game = raw_env(players=3, rules=SHORT)
    game.reset(seed=9)
    state = game.game_state
    assert game.agent_selection == f"player_{state.current}"
    for seat in range(3):
        observation = game.observe(f"player_{seat}")
        assert observation["observation"].dtype == np.float32
        assert observation["observation"].shape == (fc.observation_size(3),)
        np.testing.assert_array_equal(observation["observation"], state.observation(seat))
        mask = observation["action_mask"]
        assert mask.dtype == np.int8
        assert mask.shape == (fc.num_actions(SHORT),)
        if seat == state.current:
            np.testing.assert_array_equal(mask.astype(bool), state.legal_action_mask())
        else:
            assert not mask.any()
    assert game.action_space("player_0").n == fc.num_actions(SHORT)
    assert game.observation_space("player_1") is game.observation_space("player_1")


def test_same_seed_same_games_and_reset_deals_new_ones() -> None:
    first, second = raw_env(players=2, rules=SHORT, seed=5), raw_env(players=2, rules=SHORT)
    first.reset()
    second.reset(seed=5)
    assert first.game_state == second.game_state
    first.reset()
    assert first.game_state != second.game_state


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    game = raw_env(players=2, rules=SHORT)
    game.reset(seed=1)
    before = game.game_state
    with pytest.raises(fc.IllegalActionError, match="must draw first"):
        game.step(fc.Action.discard(before.hand(before.current)[0]).to_int())
    assert game.game_state == before
    with pytest.raises(fc.InvalidStateError, match="None is only for a finished agent"):
        game.step(None)


def test_the_illegal_move_wrapper_ends_the_game() -> None:
    game = env(players=2, rules=SHORT, illegal_reward=-5.0)
    game.reset(seed=1)
    agent = game.agent_selection
    game.step(2)  # a discard, before drawing
    assert all(game.terminations.values())
    assert game.rewards[agent] == -5.0


def test_render_and_bad_arguments() -> None:
    game = raw_env(players=2, rules=SHORT, render_mode="ansi")
    game.reset(seed=3)
    text = game.render()
    assert text is not None
    assert text.startswith("round 1/2 (3 cards, 3s and jokers wild); player_0 to draw")
    assert fc.format_cards(game.game_state.hand(1)) in text
    quiet = raw_env(players=2, rules=SHORT)
    quiet.reset(seed=3)
    assert quiet.render() is None
    with pytest.raises(fc.InvalidStateError, match="reward must be"):
        raw_env(reward="points")
    with pytest.raises(fc.InvalidStateError, match="render_mode must be"):
        raw_env(render_mode="rgb_array")
    with pytest.raises(fc.InvalidStateError, match="players must be"):
        raw_env(players=1)
    with pytest.raises(fc.InvalidStateError, match="call reset"):
        _ = raw_env(players=2).game_state


def test_pettingzoo_step_refuses_actions_that_are_not_integers() -> None:
    # int() turned 0.9 into 0 ("draw") and "1", b"1", True into 1 ("take")
    game = raw_env(players=2, rules=SHORT, seed=3)
    game.reset(seed=3)
    before = game.game_state
    for action in (0.9, 1.0, "1", b"1", True, False, np.float64(0.0), np.True_, [0]):
        with pytest.raises(fc.IllegalActionError, match="must be an integer") as info:
            game.step(action)  # type: ignore[arg-type]
        assert isinstance(info.value, ValueError)
        assert game.game_state is before
    for integer in (np.int64(0), np.uint8(0), np.array(0)):
        game.reset(seed=3)
        game.step(integer)  # type: ignore[arg-type]
        assert game.game_state == before.apply("draw")


def test_pettingzoo_accepts_numpy_integer_seeds_and_players() -> None:
    # random.Random refuses numpy integers, and GameState.new refused them
    game = raw_env(players=np.int64(2), rules=SHORT, seed=np.int64(5))  # type: ignore[arg-type]
    plain = raw_env(players=2, rules=SHORT, seed=5)
    assert type(game.players) is int
    game.reset()
    plain.reset()
    assert game.game_state == plain.game_state
    game.reset(seed=np.uint32(9))  # type: ignore[arg-type]
    plain.reset(seed=9)
    assert game.game_state == plain.game_state
    for bad in (True, -1, 9.0):
        with pytest.raises(fc.InvalidStateError, match="seed must be None or an int"):
            game.reset(seed=bad)  # type: ignore[arg-type]


@pytest.mark.skipif(not fc.core_info().compiled, reason="the compiled core is not in use")
@pytest.mark.parametrize("reward", ["round", "game"])
@pytest.mark.parametrize(
    "rules",
    [
        SHORT,
        fc.Rules.short_game(3, tie_break="extra_round", extra_round_hand_size=3),
        fc.Rules.short_game(2, lay_off=True, auto_arrange_final_hand=False, turn_limit=60),
    ],
)
def test_the_environment_on_the_core_plays_as_on_the_python_engine(
    reward: str, rules: fc.Rules
) -> None:
    """Observations, masks, rewards, terminations and the game state agree at every step
    whichever engine plays (the core's, when it plays the rules; the Python engine's)."""
    from fivecrowns.solver import _engine

    for seed in range(3):
        fast = raw_env(players=3, rules=rules, seed=seed, reward=reward)
        fast.reset()
        with _engine.running(False):
            slow = raw_env(players=3, rules=rules, seed=seed, reward=reward)
            slow.reset()
        assert game_engine.own_core(fast.game_state) is not None
        assert game_engine.own_core(slow.game_state) is None
        rng = random.Random(seed)
        steps = 0
        while fast.agents:
            agent = fast.agent_selection
            assert slow.agent_selection == agent
            mine = fast.observe(agent)
            theirs = slow.observe(agent)
            np.testing.assert_array_equal(mine["observation"], theirs["observation"])
            np.testing.assert_array_equal(mine["action_mask"], theirs["action_mask"])
            assert fast.last()[1:4] == slow.last()[1:4]
            if fast.terminations[agent]:
                action = None
            else:
                action = rng.choice(np.flatnonzero(mine["action_mask"]).tolist())
            fast.step(action)
            slow.step(action)
            assert fast.rewards == slow.rewards
            steps += 1
            if steps % 50 == 0:
                assert fast.game_state == slow.game_state
        assert fast.game_state == slow.game_state
        assert fast.game_state.is_over


def test_env_refuses_calls_out_of_order_and_out_of_bounds_actions() -> None:
    game = env(players=2, rules=SHORT, render_mode="ansi")
    for call, args in (
        ("step", (0,)),
        ("observe", ("player_0",)),
        ("last", ()),
        ("agent_iter", ()),
        ("render", ()),
    ):
        with pytest.raises(fc.InvalidStateError, match=rf"call reset\(\) before {call}\(\)"):
            getattr(game, call)(*args)
    game.reset(seed=2)
    before = game.game_state
    for action in (-1, fc.num_actions(SHORT), 10**9):
        with pytest.raises(fc.IllegalActionError):
            game.step(action)
        assert game.game_state is before
    rng = random.Random(2)
    _play(game, rng)
    assert not game.agents
    with pytest.warns(UserWarning, match="every agent was done"):
        game.step(None)
