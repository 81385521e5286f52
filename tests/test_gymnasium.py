"""The Gymnasium environments: Gymnasium's own checker passes, an episode is a whole game whose
rewards add up to minus the agent's score, seeds deal the documented games, illegal actions
end the episode with ``illegal_reward`` (or are refused), the module-qualified id makes the
environment with nothing imported first, a render shows only what the agent's seat may see,
and the vector environment resets a finished game on the next step with the games the single
environment plays."""

from __future__ import annotations

import subprocess
import sys
import warnings
from typing import Any

import numpy as np
import pytest

import fivecrowns as fc

gym = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from fivecrowns.adapters.gymnasium import (  # noqa: E402
    ENV_ID,
    MAKE_ID,
    FiveCrownsEnv,
    FiveCrownsVectorEnv,
    worst_game_cost,
)
from fivecrowns.play.simulate import game_seed  # noqa: E402

SHORT = fc.Rules.short_game(2)


def _pick(mask: np.ndarray, rng: np.random.Generator) -> Any:
    return np.argmax(rng.random(mask.shape) * mask, axis=-1)


def test_gymnasium_s_checker_passes_on_the_default_env_without_a_warning() -> None:
    # it failed with "player 0 must draw first": check_env steps random actions of the space
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(gym.make(ENV_ID).unwrapped)  # (made: its render mode is checked too)
        check_env(FiveCrownsEnv(), skip_render_check=True)
        check_env(FiveCrownsEnv(players=3, illegal_reward=-100.0), skip_render_check=True)


def test_the_module_qualified_id_makes_the_env_with_nothing_imported_first() -> None:
    # Gymnasium 1.x loads no plugin entry points: "module:id" imports the module that
    # registers the id (a fresh interpreter, so nothing of fivecrowns is imported before)
    code = (
        "import sys, gymnasium\n"
        "assert not any(name.startswith('fivecrowns') for name in sys.modules)\n"
        f"env = gymnasium.make({MAKE_ID!r}, players=2)\n"
        "observation, info = env.reset(seed=1)\n"
        f"envs = gymnasium.make_vec({MAKE_ID!r}, num_envs=2, "
        "vectorization_mode='vector_entry_point', players=2)\n"
        "print(type(env.unwrapped).__name__, observation.shape, envs.reset(seed=1)[0].shape)\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=120
    )
    assert run.returncode == 0, run.stderr
    size = fc.observation_size(2)
    assert run.stdout.split() == ["FiveCrownsEnv", f"({size},)", "(2,", f"{size})"]
    assert f"fivecrowns.adapters.gymnasium:{ENV_ID}" == MAKE_ID


def test_make_builds_both() -> None:
    env = gym.make(ENV_ID, players=2, rules=SHORT)
    observation, _info = env.reset(seed=1)
    assert env.observation_space.contains(observation)
    envs = gym.make_vec(
        ENV_ID, num_envs=3, vectorization_mode="vector_entry_point", players=2, rules=SHORT
    )
    observations, _infos = envs.reset(seed=1)
    assert observations.shape == (3, fc.observation_size(2))
    assert np.array_equal(observations[0], observation)  # game 0 of run 1 in both


def test_an_episode_is_a_game_and_its_rewards_add_up_to_minus_the_score() -> None:
    env = FiveCrownsEnv(players=3, seat=1, opponents=["random", "greedy"], rules=SHORT)
    rng = np.random.default_rng(0)
    observation, info = env.reset(seed=4)
    total, done = 0.0, False
    while not done:
        assert env.observation_space.contains(observation)
        assert np.array_equal(info["action_mask"].astype(bool), env.action_masks())
        observation, reward, terminated, truncated, info = env.step(
            int(_pick(info["action_mask"], rng))
        )
        total += reward
        done = terminated or truncated
    assert terminated
    state = env.simulator.state(0)
    assert state.is_over
    assert state.seed == game_seed(4, 0)
    assert -total == state.scores[1] == info["scores"][1]
    assert tuple(np.flatnonzero(info["winners"])) == state.winners
    assert not info["action_mask"].any()
    with pytest.raises(fc.FiveCrownsError, match="reset"):
        env.step(0)
    env.reset()  # without a seed: the next game of the run
    assert env.simulator.state(0).seed == game_seed(4, 1)


def test_illegal_actions_end_the_episode_with_the_penalty_or_raise() -> None:
    env = FiveCrownsEnv(players=2, rules=SHORT, illegal_reward=None)
    observation, _ = env.reset(seed=2)
    before = env.simulator.state(0)
    for action in (2 + 55, 500, -1):  # a discard before drawing; no such actions
        with pytest.raises(fc.IllegalActionError):
            env.step(action)
    assert env.simulator.state(0) == before
    penalised = FiveCrownsEnv(players=2, rules=SHORT, illegal_reward=-7.5)
    penalised.reset(seed=2)
    after, reward, terminated, truncated, info = penalised.step(2 + 55)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-7.5, True, False, True)
    assert np.array_equal(after, observation)
    assert penalised.simulator.state(0) == before
    # by default: minus the most the game's hands could cost (so it never pays)
    default = FiveCrownsEnv(players=2, rules=SHORT)
    default.reset(seed=2)
    _, reward, terminated, _, info = default.step(500)
    assert (reward, terminated, info["illegal_action"]) == (-worst_game_cost(SHORT), True, True)
    with pytest.raises(fc.FiveCrownsError, match="illegal_reward must be"):
        FiveCrownsEnv(illegal_reward="least")  # type: ignore[arg-type]


def test_the_worst_game_cost_bounds_every_round_s_worst_hand() -> None:
    from fivecrowns.game.scoring_limits import max_round_score

    rules = fc.Rules.short_game(3)
    assert worst_game_cost(rules) == 3 * 50 + 4 * 50 + 5 * 50
    exact = sum(
        max_round_score(rules.hand_size(r), rules.wild_rank(r), rules=rules)[0]
        for r in range(1, rules.rounds + 1)
    )
    assert exact <= worst_game_cost(rules)
    assert worst_game_cost(fc.Rules(schedule=(3,), tie_break="extra_round")) == 150 + 13 * 50


def test_the_same_seed_deals_the_same_episodes() -> None:
    def trajectory() -> list[Any]:
        env = FiveCrownsEnv(players=2, opponents="random", rules=SHORT)
        rng = np.random.default_rng(5)
        observation, info = env.reset(seed=9)
        seen = [observation]
        for _ in range(40):
            observation, reward, terminated, truncated, info = env.step(
                int(_pick(info["action_mask"], rng))
            )
            seen.append((observation, reward))
            if terminated or truncated:
                break
        return seen

    first, second = trajectory(), trajectory()
    assert len(first) == len(second)
    assert all(np.array_equal(a[0], b[0]) for a, b in zip(first[1:], second[1:], strict=True))


def test_the_vector_env_resets_a_finished_game_on_the_next_step() -> None:
    envs = FiveCrownsVectorEnv(3, players=2, rules=SHORT, record=True)
    single = FiveCrownsEnv(players=2, rules=SHORT)
    rng = np.random.default_rng(1)
    observations, infos = envs.reset(seed=6)
    alone, _ = single.reset(seed=6)
    resets, pending = 0, np.zeros(3, bool)
    for _ in range(2000):
        actions = _pick(infos["action_mask"], rng)
        actions[pending] = 999  # ignored: those games are dealt afresh instead
        observations, rewards, terminated, truncated, infos = envs.step(actions)
        assert not (terminated & pending).any()
        assert not rewards[pending].any()
        for i in np.flatnonzero(pending):
            assert envs.simulator.game_number(i) == 2 + resets + 1  # the run's next game
            assert envs.simulator.state(i).round_number == 1
            resets += 1
        if single is not None:  # env 0 plays the game the single env plays
            alone, _, alone_end, _, _alone_info = single.step(int(actions[0]))
            assert np.array_equal(alone, observations[0])
            if alone_end:
                single = None
        pending = terminated | truncated
        if resets >= 3:
            break
    assert resets >= 3
    assert np.array_equal(infos["action_mask"].astype(bool), envs.action_masks())
    for i in range(3):
        state = envs.simulator.state(i)
        assert np.array_equal(observations[i], state.view(0).observation())


def test_bad_tables_are_refused_with_what_is_accepted() -> None:
    with pytest.raises(fc.FiveCrownsError, match="seat must be"):
        FiveCrownsEnv(players=2, seat=2)
    with pytest.raises(fc.FiveCrownsError, match="one per other seat"):
        FiveCrownsEnv(players=3, opponents=["greedy"])
    with pytest.raises(fc.FiveCrownsError, match="render_mode"):
        FiveCrownsEnv(render_mode="human")
    with pytest.raises(fc.FiveCrownsError, match="reset"):
        FiveCrownsVectorEnv(2).step(np.zeros(2, np.int64))


def test_render_shows_only_what_the_agent_s_seat_may_see() -> None:
    # it printed every hand
    watched = FiveCrownsEnv(players=3, seat=1, rules=SHORT, render_mode="ansi")
    watched.reset(seed=1)
    text = watched.render()
    assert text is not None
    state = watched.simulator.state(0)
    own = fc.format_cards(state.hands[1])
    assert f"you: {own}" in text
    for seat in (0, 2):
        assert f"player {seat}: {len(state.hands[seat])} cards" in text
        assert fc.format_cards(state.hands[seat]) not in text
    assert f"stock {len(state.stock)}, discard pile top {state.discard_pile[-1]}" in text
    assert "scores [0, 0, 0]" in text
    plain = FiveCrownsEnv(players=2, rules=SHORT)
    plain.reset(seed=1)
    assert plain.render() is None
