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
        # (the exact odds deal every unseen card alike, as samples without improve do)
        sampled = _sampled(view, 1, "strong", 400, seed, False)
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
    with pytest.raises(fc.FiveCrownsError, match="improve must be True or False, got 1"):
        fc.going_out_odds(view, 1, improve=1)  # type: ignore[arg-type]


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
            improve = index % 2 == 0  # (both ways of dealing the other hands)
            with _engine.running(True):
                core = list(_first_outs(view, 3, policy, 60, index, improve))
                odds = fc.going_out_odds(view, 2, policy=policy, samples=60, seed=index)
            with _engine.running(False):
                twin = list(_first_outs(view, 3, policy, 60, index, improve))
                assert fc.going_out_odds(view, 2, policy=policy, samples=60, seed=index) == odds
            assert core == twin, (index, policy, improve)
            compared += 1
    assert compared >= 24


def _later_view(seed: int, turns: int) -> fc.PlayerView | None:
    """Seat 0's view to draw after ``turns`` turns of StrongBots at a 4-player table of
    9-card hands (nobody out yet), or None."""
    state = fc.GameState.new(players=4, rules=fc.Rules.constant(9), seed=seed)
    bots = [fc.StrongBot() for _ in range(4)]
    for seat, bot in enumerate(bots):
        bot.reset(seed=seed + seat)
    begun = 0
    while not state.is_over and state.went_out is None:
        if state.current == 0 and state.phase is fc.Phase.DRAW:
            if begun == turns:
                return state.view(0)
            begun += 1
        seat = state.current
        state = state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
    return None


def test_improve_deals_the_other_hands_as_played_so_opponents_go_out_sooner() -> None:
    """By default the opponents' hands are dealt as hands that have been played: after
    two laps they go out first more often than with fresh hands (improve=False), the
    player's own exact one-turn odds are the same either way, and both are deterministic."""
    improved = fresh = 0.0
    views = 0
    for seed in range(40):
        view = _later_view(seed, 2)
        if view is None:
            continue
        played = fc.going_out_odds(view, 2, samples=200, seed=seed)
        assert played == fc.going_out_odds(view, 2, samples=200, seed=seed, improve=True)
        new = fc.going_out_odds(view, 2, samples=200, seed=seed, improve=False)
        improved += played.opponent_first
        fresh += new.opponent_first
        assert fc.going_out_odds(view, 1) == fc.going_out_odds(view, 1, improve=False)
        views += 1
        if views == 8:
            break
    assert views == 8
    assert improved > 1.5 * fresh, (improved, fresh)  # (about 2.5 times, in one run)
