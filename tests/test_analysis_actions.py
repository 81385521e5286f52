"""Every legal action's value (issue 47): ``fc.evaluate_actions``."""

from __future__ import annotations

from collections import Counter

import pytest

import fivecrowns as fc
from fivecrowns.analysis.actions import _summed
from fivecrowns.bots.tracking import read_round


def final_lap_view(seed: int, phase: fc.Phase) -> fc.PlayerView | None:
    """A view of the player to act in a final turn (somebody went out), at ``phase``."""
    state = fc.GameState.new(players=3, rules=fc.Rules.constant(7, rounds=1), seed=seed)
    bots = [fc.GreedyBot() for _ in range(state.players)]
    while not state.is_over:
        if state.went_out is not None and state.phase is phase:
            return state.view(state.current)
        seat = state.current
        state = state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
    return None


def test_on_the_final_lap_the_values_are_exact_final_hands() -> None:
    checked = 0
    for seed in range(30):
        view = final_lap_view(seed, fc.Phase.DRAW)
        if view is None:
            continue
        values = fc.evaluate_actions(view)
        assert values.exact
        assert values.rollouts == 0
        by_action = {value.action: value.mean for value in values.actions}
        # brute force: every unseen copy drawn, the best discard of each by min_deadwood
        unseen = Counter(read_round(view).unseen)
        total = 0
        for card in unseen.elements():
            hand = (*view.hand, card)
            total += min(
                fc.min_deadwood(hand[:i] + hand[i + 1 :], view.wild_rank) for i in range(len(hand))
            )
        assert by_action[fc.DRAW_STOCK] == pytest.approx(total / sum(unseen.values()))
        top = view.discard_pile[-1]
        hand = (*view.hand, top)
        taken = min(
            fc.min_deadwood(hand[:i] + hand[i + 1 :], view.wild_rank) for i in range(len(hand))
        )
        assert by_action[fc.DRAW_DISCARD] == taken
        assert values.best == min(by_action, key=lambda a: (by_action[a], a.to_int()))
        # exact whatever precision is asked; rollouts (the bot then throws its best card)
        # agree with it within their error
        assert fc.evaluate_actions(view, n=400, seed=seed) == values
        legal = [value.action for value in values.actions]
        scores = fc.rollouts(view, "greedy", n=400, seed=seed, actions=legal)
        sampled = _summed(view.player, legal, scores[:, :, view.player].astype(float))
        for value in sampled.actions:
            exact = by_action[value.action]
            assert abs(value.mean - exact) <= 4 * value.standard_error + 1e-9, (seed, value)
        checked += 1
    assert checked >= 5


def test_a_final_discard_is_valued_by_the_final_hand_it_leaves() -> None:
    for seed in range(30):
        view = final_lap_view(seed, fc.Phase.DISCARD)
        if view is None:
            continue
        values = fc.evaluate_actions(view)
        assert values.exact
        for value in values.actions:
            card = value.action.card
            if value.action.kind is fc.ActionKind.DISCARD and card is not None:
                rest = list(view.hand)
                rest.remove(card)
                assert value.mean == fc.min_deadwood(rest, view.wild_rank)
        return
    pytest.fail("no final discard found")


def test_sampled_values_are_rollouts_best_first_and_deterministic() -> None:
    state = fc.GameState.new(players=4, rules=fc.Rules.constant(10, rounds=1), seed=3)
    state = state.apply("draw")
    view = state.view(state.current)
    values = fc.evaluate_actions(view, n=48, seed=2)
    assert values == fc.evaluate_actions(view, n=48, seed=2)
    assert not values.exact
    assert values.rollouts == 48
    assert {value.action for value in values.actions} == set(state.legal_actions())
    means = [value.mean for value in values.actions]
    assert means == sorted(means)
    assert values.best == values.actions[0].action
    assert values.margin == pytest.approx(means[1] - means[0])
    assert all(value.standard_error > 0 for value in values.actions)
    # the values are the rollouts' own: the player's mean round score after each action
    legal = list(state.legal_actions())
    scores = fc.rollouts(view, "greedy", n=48, seed=2, actions=legal, improve=True)
    for value in values.actions:
        column = scores[legal.index(value.action), :, view.player]
        assert value.mean == pytest.approx(column.mean())


def test_bad_input_says_what_is_wrong() -> None:
    state = fc.GameState.new(players=2, seed=1)
    with pytest.raises(fc.FiveCrownsError, match="takes a PlayerView"):
        fc.evaluate_actions(state)  # type: ignore[arg-type]
    with pytest.raises(fc.FiveCrownsError, match="for the player to act: seat 0"):
        fc.evaluate_actions(state.view(1))
    with pytest.raises(fc.FiveCrownsError, match="n must be an int from 2"):
        fc.evaluate_actions(state.view(0), n=1)
    with pytest.raises(fc.FiveCrownsError, match="bots must be one of"):
        fc.evaluate_actions(state.view(0), bots="expert")
