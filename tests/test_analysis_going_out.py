"""Going-out odds over several turns (issue 47): ``fc.going_out_odds``."""

from __future__ import annotations

import math

import pytest

import fivecrowns as fc
from fivecrowns.analysis.going_out import _sampled
from test_analysis_odds import random_view


def test_one_turn_is_exact_and_the_sampled_odds_agree_within_their_intervals() -> None:
    checked = 0
    for seed in range(80):
        view = random_view(seed)
        if view.went_out is not None:  # (a final turn: nobody goes out any more)
            continue
        exact = fc.going_out_odds(view, 1)
        assert exact.exact
        assert exact.samples == 0
        p = exact.probability
        if not 0.02 < p < 0.98:
            continue
        sampled = _sampled(view, 1, "strong", 400, seed)
        error = math.sqrt(p * (1 - p) / 400)
        assert abs(sampled.probability - p) <= 4 * error, (seed, p, sampled)
        # nobody else acts before the player's turn ends: nobody goes out first
        assert sampled.opponent_first == 0
        checked += 1
    assert checked >= 5


def test_a_stock_draw_s_exact_odds_are_draw_odds_and_a_taken_out_is_certain() -> None:
    view = fc.GameState.new(players=3, seed=5).view(0)
    assert fc.going_out_odds(view, 1).probability == float(fc.draw_odds(view).probability)
    # a greedy player whose top discard lets it go out takes it: a certain out
    for seed in range(200):
        state = fc.GameState.new(players=2, rules=fc.Rules.short_game(1), seed=seed)
        view = state.view(state.current)
        taken = (*view.hand, view.discard_pile[-1])
        if fc.can_go_out(taken, view.wild_rank):
            odds = fc.going_out_odds(view, 1, policy="greedy")
            assert odds.exact
            assert odds.probability == 1.0
            return
    pytest.fail("no deal let the player go out with the upcard")


def test_more_turns_never_lower_the_odds_and_sampling_is_deterministic() -> None:
    view = fc.GameState.new(players=4, rules=fc.Rules.constant(9), seed=5).view(0)
    two = fc.going_out_odds(view, 2, samples=150, seed=1)
    assert two == fc.going_out_odds(view, 2, samples=150, seed=1)
    four = fc.going_out_odds(view, 4, samples=150, seed=1)
    # (the same samples, played longer: an out within two turns is one within four)
    assert four.probability + four.opponent_first >= two.probability + two.opponent_first
    assert four.probability >= two.probability
    assert not two.exact
    assert two.samples == 150
    p = two.probability
    assert two.probability_error == pytest.approx(math.sqrt(p * (1 - p) / 150))
    # another seat's view, not its turn: sampled even for one turn
    other = fc.going_out_odds(fc.GameState.new(players=4, seed=5).view(2), 1, samples=50)
    assert not other.exact


def test_bad_input_says_what_is_wrong() -> None:
    view = fc.GameState.new(players=2, seed=1).view(0)
    with pytest.raises(fc.FiveCrownsError, match="takes a PlayerView"):
        fc.going_out_odds("7H 8H", 1)  # type: ignore[arg-type]
    with pytest.raises(fc.FiveCrownsError, match="turns must be an int from 1"):
        fc.going_out_odds(view, 0)
    with pytest.raises(fc.FiveCrownsError, match="samples must be an int from 1"):
        fc.going_out_odds(view, 2, samples=0)
    with pytest.raises(fc.FiveCrownsError, match="policy must be one of"):
        fc.going_out_odds(view, 1, policy="expert")
    with pytest.raises(fc.FiveCrownsError, match="seed must be an int from 0"):
        fc.going_out_odds(view, 2, seed=-1)


def test_the_core_plays_the_samples_as_the_python_engine_does() -> None:
    """Sample for sample, the same first out on both engines (the core deals each sample's
    hidden cards and plays it on as the Python twin does), over views of several rule sets
    and every rollout policy; and the odds are the same."""
    if not fc.core_info().compiled:
        pytest.skip("needs the compiled core")
    from fivecrowns.analysis.going_out import _first_outs
    from fivecrowns.solver import _engine

    compared = index = 0
    while compared < 24 and index < 200:
        index += 1
        view = random_view(300 + index)
        if view.went_out is not None:
            continue
        for policy in ("random", "greedy", "strong"):
            with _engine.running(True):
                core = list(_first_outs(view, 3, policy, 60, index))
                odds = fc.going_out_odds(view, 2, policy=policy, samples=60, seed=index)
            with _engine.running(False):
                twin = list(_first_outs(view, 3, policy, 60, index))
                assert fc.going_out_odds(view, 2, policy=policy, samples=60, seed=index) == odds
            assert core == twin, (index, policy)
            compared += 1
    assert compared >= 24
