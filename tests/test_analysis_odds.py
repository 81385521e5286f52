"""Exact draw odds (issue 47): ``fc.draw_odds`` against brute force over every unseen copy.

The brute force asks other questions of the solver than ``draw_odds`` does: for each unseen
copy, one by one, ``can_go_out`` of the hand with it (``draw_odds`` asks ``outs`` once) and
the least deadwood after each single discard by ``min_deadwood`` (``draw_odds`` asks
``deadwood_by_discard``). ``benchmarks/check_analysis.py`` runs the same comparison over
2,000 and more views.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction

import pytest

import fivecrowns as fc
from fivecrowns.bots.tracking import read_round
from fivecrowns.solver import _engine


def brute_force(
    hand: tuple[fc.Card, ...], wild: int | None, rules: fc.Rules, unseen: Counter[fc.Card]
) -> tuple[Fraction, Fraction, frozenset[fc.Card], dict[fc.Card, int]]:
    """The chance of an out, the expected least deadwood after the draw and best discard,
    the outs and each card's least deadwood after its draw: over every unseen copy."""
    copies = list(unseen.elements())
    outs = 0
    left_total = 0
    out_cards = set()
    after = {}
    for card in copies:
        drawn = (*hand, card)
        if fc.can_go_out(drawn, wild, rules=rules):
            outs += 1
            out_cards.add(card)
        left = min(
            fc.min_deadwood(drawn[:i] + drawn[i + 1 :], wild, rules=rules)
            for i in range(len(drawn))
        )
        left_total += left
        after[card] = left
    return (
        Fraction(outs, len(copies)),
        Fraction(left_total, len(copies)),
        frozenset(out_cards),
        after,
    )


def random_view(seed: int) -> fc.PlayerView:
    """The view of the player to draw, some turns into a random game of greedy bots."""
    rng = random.Random(seed)
    rules = rng.choice([fc.Rules(), fc.Rules(distinct_suit_books=True), fc.Rules(packs=3)])
    state = fc.GameState.new(players=rng.randint(2, 5), rules=rules, seed=seed)
    bots = [fc.GreedyBot() for _ in range(state.players)]
    for _ in range(rng.randint(0, 40)):
        if state.is_over or state.went_out is not None:
            break
        seat = state.current
        state = state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
    while state.phase is not fc.Phase.DRAW and not state.is_over:
        seat = state.current
        state = state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
    return state.view(state.current)


def check(view: fc.PlayerView) -> None:
    odds = fc.draw_odds(view)
    unseen = Counter(read_round(view).unseen)
    probability, expected, outs, after = brute_force(view.hand, view.wild_rank, view.rules, unseen)
    assert odds.probability == probability
    assert odds.expected_deadwood == expected
    assert {card for card, _ in odds.outs} == outs
    assert dict(odds.outs) == {card: unseen[card] for card in outs}
    assert dict(odds.after_draw) == after
    assert odds.total == sum(unseen.values())
    assert odds.deadwood == fc.min_deadwood(view.hand, view.wild_rank, rules=view.rules)


@pytest.mark.parametrize("seed", range(60))
def test_exact_draw_odds_agree_with_brute_force_over_every_unseen_copy(seed: int) -> None:
    check(random_view(seed))


def test_the_unseen_cards_of_a_fresh_deal_are_the_deck_less_the_hand_and_the_upcard() -> None:
    state = fc.GameState.new(players=3, seed=2)
    view = state.view(0)
    odds = fc.draw_odds(view)
    expected = Counter(fc.deck()) - Counter(view.hand) - Counter(state.discard_pile)
    assert dict(odds.unseen) == dict(expected)
    # the same odds from the hand and those unseen cards, given either way
    counts: dict[fc.Card, int] = dict(expected)
    by_count = fc.draw_odds(view.hand, view.wild_rank, unseen=counts)
    by_cards = fc.draw_odds(view.hand, view.wild_rank, unseen=list(expected.elements()))
    assert by_count == by_cards == odds


def test_by_default_every_card_the_deck_holds_beside_the_hand_is_unseen() -> None:
    odds = fc.draw_odds("7H 8H 9H 10H QS", 3)
    assert odds.total == 116 - 5
    assert odds.probability == Fraction(odds.out_copies, 111)
    probability, expected, outs, _ = brute_force(
        fc.parse_cards("7H 8H 9H 10H QS"),
        3,
        fc.Rules(),
        Counter(fc.deck()) - Counter(fc.parse_cards("7H 8H 9H 10H QS")),
    )
    assert (odds.probability, odds.expected_deadwood) == (probability, expected)
    assert {card for card, _ in odds.outs} == outs


def test_both_engines_give_the_same_exact_odds() -> None:
    if not fc.core_info().compiled:
        pytest.skip("needs the compiled core")
    for seed in range(8):
        view = random_view(seed)
        with _engine.running(False):
            twin = fc.draw_odds(view)
        with _engine.running(True):
            core = fc.draw_odds(view)
        assert twin == core


@pytest.mark.parametrize("seed", range(3))
def test_the_core_answers_every_draw_as_the_readable_loop_does(seed: int) -> None:
    """The core's one call (``_core.after_draws``) against the Python engine's loop (one
    ``deadwood_by_discard`` per draw) on random hands of 1 to 14 cards, few and many wilds,
    under rule sets that change which melds exist and what a wild costs; and the whole odds
    (outs too: found from the values, or by ``outs`` where a card may cost nothing)."""
    if not fc.core_info().compiled:
        pytest.skip("needs the compiled core")
    from fivecrowns.analysis._draws import after_draws

    rng = random.Random(seed)
    rule_sets = [
        fc.Rules(),
        fc.Rules(distinct_suit_books=True),
        fc.Rules(max_wilds_per_meld=1, all_wild_melds=False),
        fc.Rules(joker_points=20),
        fc.Rules(joker_points=0, go_out_without_discard=True),
        fc.Rules(packs=3),
    ]
    for index in range(40):
        rules = rule_sets[index % len(rule_sets)]
        deck = list(fc.deck(rules.packs))
        hand = tuple(rng.sample(deck, rng.randint(1, 14)))
        wild = rng.choice([None, 3, 7, 13])
        draws = tuple(fc.draw_odds(hand, wild, rules=rules).unseen)
        cards = tuple(card for card, _ in draws)
        with _engine.running(False):
            twin = after_draws(hand, wild, rules, cards)
            twin_odds = fc.draw_odds(hand, wild, rules=rules)
        with _engine.running(True):
            core = after_draws(hand, wild, rules, cards)
            core_odds = fc.draw_odds(hand, wild, rules=rules)
        assert core == twin, (fc.format_cards(hand), wild, rules)
        assert core_odds == twin_odds


def test_the_core_refuses_a_draw_the_deck_cannot_hold() -> None:
    if not fc.core_info().compiled:
        pytest.skip("needs the compiled core")
    from fivecrowns import _core
    from fivecrowns.solver import _compiled

    solver = _compiled.solver(fc.Rules())
    seven = fc.Card.parse("7H").code
    assert _core.after_draws(solver, [seven], 3, [seven]) == [7]
    with pytest.raises(fc.InvalidHandError):
        _core.after_draws(solver, [seven, seven], 3, [seven])
    with pytest.raises(fc.InvalidHandError):
        _core.after_draws(solver, [seven], 3, [56])


def test_bad_input_says_what_is_wrong() -> None:
    view = fc.GameState.new(players=2, seed=1).view(0)
    with pytest.raises(fc.FiveCrownsError, match="give none of them"):
        fc.draw_odds(view, 3)
    with pytest.raises(fc.FiveCrownsError, match="at most 14 cards"):
        fc.draw_odds(fc.deck()[:15], 3)
    with pytest.raises(fc.FiveCrownsError, match="more copies of 7H than the deck has"):
        fc.draw_odds("7H 7H 7H", 3)
    with pytest.raises(fc.FiveCrownsError, match="deck holds only 1 beside the hand"):
        fc.draw_odds("7H 8H 9H", 3, unseen={"7H": 2})
    with pytest.raises(fc.FiveCrownsError, match="ints of at least 0"):
        fc.draw_odds("7H 8H 9H", 3, unseen={"7H": -1})
    with pytest.raises(fc.FiveCrownsError, match="no card is unseen"):
        fc.draw_odds("7H 8H 9H", 3, unseen={})
    with pytest.raises(fc.InvalidCardError):
        fc.draw_odds("7H 8H 9H", 3, unseen={"ZZ": 1})
    with pytest.raises(fc.InvalidRulesError):
        fc.draw_odds("7H 8H 9H", 3, rules="official")  # type: ignore[arg-type]


def test_the_odds_command_prints_the_exact_odds() -> None:
    from test_cli import run

    text = run("odds", "7H", "8H", "9H", "10H", "QS", "--wild", "3", env={"NO_COLOR": "1"})
    assert text.returncode == 0, text.stderr
    odds = fc.draw_odds("7H 8H 9H 10H QS", 3)
    assert f"outs      {fc.format_cards(card for card, _ in odds.outs)}  (20 of 111" in text.stdout
    assert f"{float(odds.probability):.1%} to go out" in text.stdout
    assert f"expected  {float(odds.expected_deadwood):.2f} points" in text.stdout
    data = run("odds", "7H 8H 9H 10H QS", "--wild", "3", "--unseen", "6H JH JK 4C", "--json")
    assert data.returncode == 0, data.stderr
    found = json.loads(data.stdout)
    assert found["outs"] == {"6H": 1, "JH": 1, "JK": 1}
    assert (found["probability"], found["probability_value"]) == ("3/4", 0.75)
    assert found["after_draw"] == {"6H": 0, "JH": 0, "4C": 4, "JK": 0}
    bad = run("odds", "7H 8H ZZ", "--wild", "3")
    assert bad.returncode == 2
    assert "fivecrowns odds: error:" in bad.stderr
    assert "Traceback" not in bad.stderr
    wild = run("odds", "7H 8H 9H", "--wild", "2")
    assert wild.returncode == 2
    assert "--wild must be a rank" in wild.stderr
