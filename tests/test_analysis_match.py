"""Each player's chance to win the game (issue 47): ``fc.win_chances``."""

from __future__ import annotations

import math

import pytest

import fivecrowns as fc


def test_the_chances_add_up_to_one_with_their_errors_and_repeat_for_a_seed() -> None:
    state = fc.GameState.new(players=3, rules=fc.Rules.short_game(3), seed=2)
    chances = fc.win_chances(state, n=300, seed=5)
    assert sum(chances.chances) == pytest.approx(1.0)
    assert chances.samples == 300
    assert all(0 <= p <= 1 for p in chances.chances)
    assert chances == fc.win_chances(state, n=300, seed=5)
    # (a share is 1, 0 or 1/k: the error is at most that of a coin, sqrt(1/4n))
    assert all(0 < error <= math.sqrt(0.25 / 299) + 1e-12 for error in chances.errors)
    from_view = fc.win_chances(state.view(1), n=300, seed=5)
    assert sum(from_view.chances) == pytest.approx(1.0)


def test_the_leader_in_the_last_round_is_the_likelier_winner() -> None:
    rules = fc.Rules.short_game(2)
    for seed in range(40):
        state = fc.GameState.new(players=2, rules=rules, seed=seed)
        bots: list[fc.Bot] = [fc.GreedyBot(), fc.RandomBot()]
        while not state.is_over and not state.results:
            seat = state.current
            state = state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
        if state.is_over or abs(state.scores[0] - state.scores[1]) < 40:
            continue
        leader = min((0, 1), key=lambda seat: state.scores[seat])
        chances = fc.win_chances(state, n=400, seed=seed)
        assert chances.chances[leader] > 0.75, (seed, state.scores, chances)
        return
    pytest.fail("no game had a clear leader after round 1")


def test_bad_input_says_what_is_wrong() -> None:
    state = fc.GameState.new(players=2, seed=1)
    with pytest.raises(fc.FiveCrownsError, match="starts from a GameState or a PlayerView"):
        fc.win_chances("state")  # type: ignore[arg-type]
    with pytest.raises(fc.FiveCrownsError, match="n must be an int from 2"):
        fc.win_chances(state, n=1)
    with pytest.raises(fc.FiveCrownsError, match="bots must be one of"):
        fc.win_chances(state, bots="expert")
    tied = fc.GameState.new(players=2, rules=fc.Rules(tie_break="most_rounds_out"), seed=1)
    with pytest.raises(fc.FiveCrownsError, match="most_rounds_out"):
        fc.win_chances(tied)
    over = fc.play_game([fc.GreedyBot(), fc.GreedyBot()], rules=fc.Rules.short_game(1), seed=1)
    with pytest.raises(fc.FiveCrownsError, match="the game is over"):
        fc.win_chances(over.record.replay())
