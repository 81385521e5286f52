"""The discard pile's options in the adapters (issue 49): under ``squared_discard_pile`` the
Gymnasium, PettingZoo and OpenSpiel observations and renders show the top card alone;
OpenSpiel plays both options (its chance nodes follow the whole-pile reshuffle)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import fivecrowns as fc
from fivecrowns.game.views import remembered_pile

#: The observation's block of the discard pile (see fivecrowns.game.views).
PILE = slice(112, 168)
SQUARED = fc.Rules.short_game(2, packs=1, squared_discard_pile=True, turn_limit=60)


def _pile_line(text: str) -> str:
    """The part of a render (its line, or ``;``- or ``,``-separated part) that shows the
    discard pile, from the words "discard pile" on."""
    parts = text.replace(";", "\n").replace(",", "\n").splitlines()
    part = next(part for part in parts if "discard pile" in part)
    return part[part.index("discard pile") :]


def test_rule_option_squared_discard_pile_gymnasium_observation_and_render() -> None:
    pytest.importorskip("gymnasium")
    from fivecrowns.adapters.gymnasium import FiveCrownsEnv

    env = FiveCrownsEnv(players=3, rules=SQUARED, render_mode="ansi")
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(1)
    deepest = 0
    for _ in range(30):
        assert obs[PILE].sum() <= 1
        state = env.simulator.state(0)
        pile = state.discard_pile
        deepest = max(deepest, len(pile))
        text = env.render()
        assert text is not None
        line = _pile_line(text)
        for card in pile[:-1]:
            if card not in pile[-1:]:
                assert str(card) not in line.split()
        obs, _, done, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(info["action_mask"])))
        )
        if done or truncated:
            break
    assert deepest > 1


def test_rule_option_squared_discard_pile_pettingzoo_observation() -> None:
    pytest.importorskip("pettingzoo")
    from fivecrowns.adapters.pettingzoo import env as make_env

    env = make_env(players=3, rules=SQUARED)
    env.reset(seed=2)
    rng = random.Random(0)
    for _agent in env.agent_iter(max_iter=60):
        observation, _, done, truncated, _ = env.last()
        assert observation["observation"][PILE].sum() <= 1
        legal = np.flatnonzero(observation["action_mask"])
        env.step(None if done or truncated else int(rng.choice(list(legal))))


def test_rule_option_squared_discard_pile_openspiel_observation() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from fivecrowns.adapters import openspiel as fo

    game = fo.load_game(3, SQUARED)
    state = game.new_initial_state()
    rng = random.Random(4)
    deepest = 0
    while not state.is_terminal() and deepest < 4:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        player = state.current_player()
        view = state._view(player)
        deepest = max(deepest, len(remembered_pile(view)))
        assert len(view.discard_pile) <= 1
        assert np.asarray(state.observation_tensor(player))[PILE].sum() <= 1
        line = _pile_line(state.observation_string(player))
        shown = [word for word in line.split()[2:] if word != "-"]
        assert shown == [str(card) for card in view.discard_pile]
        state.apply_action(rng.choice(state.legal_actions()))
    assert deepest >= 4
    assert pyspiel is not None


def test_rule_option_reshuffle_whole_discard_pile_openspiel_random_sims() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    spec = (
        "python_fivecrowns(players=5,packs=1,rounds=2,turn_limit=150,"
        "rules=--reshuffle-whole-pile --squared-pile)"
    )
    pyspiel.random_sim_test(pyspiel.load_game(spec), num_sims=3, serialize=True, verbose=False)
