"""Each player's chance to win the game (issue 47): ``fc.win_chances``."""

from __future__ import annotations

import math

import pytest

import fivecrowns as fc
from fivecrowns._shuffle import bot_seed
from fivecrowns.bots._builtin import BUILTIN
from fivecrowns.bots.rollout import rollout_seed, sample_state
from fivecrowns.solver import _engine as solver_engine

CORE = fc.core_info().compiled


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
    over = fc.play_game([fc.GreedyBot(), fc.GreedyBot()], rules=fc.Rules.short_game(1), seed=1)
    with pytest.raises(fc.FiveCrownsError, match="the game is over"):
        fc.win_chances(over.record.replay())


def _played_to_the_end(view: fc.PlayerView, bots: str, seed: int, index: int) -> fc.GameState:
    """Rollout ``index`` of ``win_chances(view, bots=bots, seed=seed)`` played to the end by
    hand, as the rollouts play it (its own seed deals the hidden cards and the rest, and
    resets the bots), so that the engine's own ``winners`` say who won it."""
    luck = rollout_seed(seed, index)
    state = sample_state(view, luck)._evolve(seed=luck)
    players = [BUILTIN[bots]() for _ in range(state.players)]
    for seat, bot in enumerate(players):
        bot.reset(bot_seed(luck, seat))
    while not state.is_over:
        seat = state.current
        state = state.apply(players[seat].act(state.view(seat), state.legal_actions()))
    return state


def _round_one_played(tie_break: str) -> fc.PlayerView:
    """Seat 0's view at the start of round 2 of a two-round game of 3-card hands (where a
    tie of totals is common), round 1 played by greedy bots."""
    rules = fc.Rules(schedule=(3, 3), tie_break=tie_break)
    state = fc.GameState.new(players=3, rules=rules, seed=5)
    bots: list[fc.Bot] = [fc.GreedyBot() for _ in range(3)]
    for bot in bots:
        bot.reset(seed=1)
    while not state.results:
        seat = state.current
        state = state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
    return state.view(0)


@pytest.mark.parametrize("compiled", [True, False] if CORE else [False])
def test_tie_break_most_rounds_out_a_tie_goes_to_the_player_out_most_often(
    compiled: bool,
) -> None:
    n, seed = 240, 3
    view = _round_one_played("most_rounds_out")
    assert view.results[0].went_out is not None  # (round 1's rounds out count too)
    with solver_engine.running(compiled):
        chances = fc.win_chances(view, n=n, seed=seed)
    expected = [0.0, 0.0, 0.0]
    decided = 0  # (games whose lowest totals tied, won by one player: by the rounds out)
    for index in range(n):
        final = _played_to_the_end(view, "greedy", seed, index)
        for seat in final.winners:
            expected[seat] += 1 / len(final.winners) / n
        if final.scores.count(min(final.scores)) > 1 and len(final.winners) == 1:
            decided += 1
    assert chances.chances == pytest.approx(expected, abs=1e-12)
    assert decided >= 10, f"only {decided} ties decided by the rounds out"
    # the same games with the ties shared: the chances differ
    shared = fc.win_chances(_round_one_played("shared"), n=n, seed=seed)
    assert shared.chances != pytest.approx(chances.chances, abs=1e-3)
