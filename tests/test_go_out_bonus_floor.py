"""Hardening (issue 17), item 9: the go-out bonus and "no score is ever negative"."""

from __future__ import annotations

import random

import pytest

import fivecrowns as fc


def _play(rules: fc.Rules, seed: int) -> fc.GameState:
    """A game where every player goes out as soon as it can (random moves otherwise)."""
    rng = random.Random(seed)
    state = fc.GameState.new(2, rules=rules, seed=seed)
    while not state.is_over:
        actions = state.legal_actions()
        outs = [a for a in actions if a.kind is fc.ActionKind.GO_OUT]
        state = state.apply(outs[0] if outs else rng.choice(actions))
    return state


def test_go_out_bonus_never_takes_a_total_below_zero_by_default() -> None:
    rules = fc.Rules(go_out_bonus=-10, schedule=(3, 3, 3, 3), turn_limit=60)
    assert rules.go_out_score(25) == -10
    assert rules.go_out_score(4) == -4
    assert rules.go_out_score(0) == 0
    for seed in range(20):
        state = _play(rules, seed)
        assert min(state.scores) >= 0
        assert fc.GameState.from_json(state.to_json()) == state


def test_go_out_bonus_below_zero_counts_the_bonus_in_full() -> None:
    rules = fc.Rules(
        go_out_bonus=-10, go_out_bonus_below_zero=True, schedule=(3, 3, 3, 3), turn_limit=60
    )
    assert rules.go_out_score(4) == -10
    games = [_play(rules, seed) for seed in range(20)]
    assert any(min(state.scores) < 0 for state in games)
    for state in games:
        assert fc.GameState.from_json(state.to_json()) == state


def test_go_out_bonus_below_zero_must_be_a_bool() -> None:
    with pytest.raises(fc.InvalidRulesError, match="go_out_bonus_below_zero must be True or False"):
        fc.Rules(go_out_bonus_below_zero=1)  # type: ignore[arg-type]
