"""The Gymnasium environments: Gymnasium's own checker passes, an episode is a whole game whose
rewards add up to minus the agent's score, seeds deal the documented games, illegal actions
are refused (or end the episode with ``illegal_reward``), and the vector environment resets
a finished game on the next step with the games the single environment plays."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import fivecrowns as fc

gym = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from fivecrowns.adapters.gymnasium import (  # noqa: E402
    ENV_ID,
    FiveCrownsEnv,
    FiveCrownsVectorEnv,
)
from fivecrowns.play.simulate import game_seed  # noqa: E402

SHORT = fc.Rules.short_game(2)


def _pick(mask: np.ndarray, rng: np.random.Generator) -> Any:
    return np.argmax(rng.random(mask.shape) * mask, axis=-1)


def test_gymnasium_s_checker_passes_and_make_builds_both() -> None:
    check_env(FiveCrownsEnv(players=3, illegal_reward=-100.0), skip_render_check=True)
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


def test_illegal_actions_raise_or_end_the_episode_with_the_penalty() -> None:
    env = FiveCrownsEnv(players=2, rules=SHORT)
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


def test_render_shows_the_table_as_text_when_asked() -> None:
    watched = FiveCrownsEnv(players=2, rules=SHORT, render_mode="ansi")
    watched.reset(seed=1)
    text = watched.render()
    assert text is not None
    assert "player 0:" in text
    assert "player 1:" in text
    plain = FiveCrownsEnv(players=2, rules=SHORT)
    plain.reset(seed=1)
    assert plain.render() is None
