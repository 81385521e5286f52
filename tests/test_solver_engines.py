"""The solver's two exact engines against each other, on hands of every round's size.

Under the default meld rules the public solver runs the suit DP (``fivecrowns._suitdp``);
the memoised search (``fivecrowns._search``) solves every rule set. The reference tests in
``test_solver.py`` stop at 9 cards (the reference is exponential); here each engine checks
the other on full hands, through the public API on one side and the search's own entry
points on the other, so the tests survive a rewrite of either engine's insides.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import fivecrowns as fc
from fivecrowns import _search, _suits
from fivecrowns.cards import CARDS, JOKER_CODE

DECK = [c for c in range(55) for _ in range(2)] + [JOKER_CODE] * 6
default_meld_rules = st.builds(
    fc.Rules,
    all_wild_melds=st.booleans(),
    wild_points=st.sampled_from([20, 20, 7]),
    joker_points=st.sampled_from([50, 50, 15]),
)


@st.composite
def hands(draw: st.DrawFn, max_size: int = fc.solver.MAX_CARDS) -> tuple[tuple[int, ...], int]:
    """A hand of 0..``max_size`` codes (at most what the solver takes) from two packs
    (sometimes one suit dense with duplicates plus jokers) and a wild rank (0: jokers
    only)."""
    wild_rank = draw(st.sampled_from([0, *range(3, 14)]))
    deck = DECK
    if draw(st.booleans()):
        suit = draw(st.integers(0, 4))
        deck = [c for c in DECK if c == JOKER_CODE or c // 11 == suit or c % 11 + 3 == wild_rank]
    size = draw(st.integers(0, max_size))
    picks = draw(st.lists(st.integers(0, len(deck) - 1), unique=True, min_size=size, max_size=size))
    return tuple(sorted(deck[i] for i in picks)), wild_rank


def _cards(codes: tuple[int, ...]) -> list[fc.Card]:
    return [CARDS[c] for c in codes]


def _wild(wild_rank: int) -> int | None:
    return wild_rank or None


@settings(max_examples=200)
@given(hands(), default_meld_rules)
def test_suit_dp_and_search_agree_on_the_least_deadwood(
    problem: tuple[tuple[int, ...], int], rules: fc.Rules
) -> None:
    codes, wild_rank = problem
    got = fc.min_deadwood(_cards(codes), _wild(wild_rank), rules=rules)
    assert got == _search.score(codes, wild_rank, rules).points


@settings(max_examples=120)
@given(hands(max_size=15), default_meld_rules)
def test_suit_dp_and_search_agree_on_every_discard(
    problem: tuple[tuple[int, ...], int], rules: fc.Rules
) -> None:
    codes, wild_rank = problem
    values = fc.deadwood_by_discard(_cards(codes), _wild(wild_rank), rules=rules)
    scores = _search.discard_scores(codes, wild_rank, rules)
    assert {card.code: points for card, points in values.items()} == {
        c: score.points for c, score in scores.items()
    }
    if codes:
        card, rest = fc.best_discard(_cards(codes), _wild(wild_rank), rules=rules)
        assert rest.points == min(score.points for score in scores.values())
        assert Counter(rest.cards) + Counter([card]) == Counter(_cards(codes))


@settings(max_examples=150)
@given(hands(), default_meld_rules)
def test_both_engines_arrangements_are_sound_and_optimal(
    problem: tuple[tuple[int, ...], int], rules: fc.Rules
) -> None:
    codes, wild_rank = problem
    wild = _wild(wild_rank)
    dp = fc.best_arrangement(_cards(codes), wild, rules=rules)
    solution = _search.solve(codes, wild_rank, rules)
    assert dp.points == solution.score.points
    melded = [c for _kind, cards in solution.melds for c in cards]
    assert Counter(melded) + Counter(solution.deadwood) == Counter(codes)
    for kind, cards in solution.melds:
        fc.melds.make_meld(_cards(cards), wild, rules=rules, kind=kind)
    assert sum(rules.points(CARDS[c], wild) for c in solution.deadwood) == solution.score.points
    assert Counter(dp.cards) == Counter(_cards(codes))
    for meld in dp.melds:
        fc.melds.make_meld(meld.cards, wild, rules=rules, kind=meld.kind.value)


def test_best_discard_from_a_meld_that_stays_valid_keeps_the_arrangement() -> None:
    # Every card melds; throwing a nine leaves the book of nines whole at 0 deadwood, and
    # a nine (9 points) is thrown before the 5C (the highest card wins ties).
    card, arrangement = fc.best_discard("9H 9S 9D 9C 3C 4C 5C", 13)
    assert card == fc.Card.parse("9D")  # the nine with the highest code
    assert arrangement.points == 0
    assert sorted(len(meld.cards) for meld in arrangement.melds) == [3, 3]


def test_hands_the_suit_dp_refuses_are_solved_by_the_search() -> None:
    # 11 wilds is more than the suit table holds; a card held 3 times (3 packs) too.
    many_wilds = "JK JK JK JK JK JK 3H 3C 3S 3D 3* 5H 6H"
    assert fc.min_deadwood(many_wilds, 3, rules=fc.Rules(packs=2)) == 0
    assert fc.min_deadwood("7* 7* 7* 8*", 13, rules=fc.Rules(packs=3)) == 8  # a book
    assert fc.best_arrangement("7* 7* 7* 8*", 13, rules=fc.Rules(packs=3)).deadwood == (
        fc.Card.parse("8*"),
    )


def test_clear_cache_changes_no_answer_and_rule_sets_do_not_mix() -> None:
    hands_and_values = [
        ("7H 7H 7S", fc.Rules(), 0),
        ("7H 7H 7S", fc.Rules(distinct_suit_books=True), 21),
    ]
    for _ in range(3):  # alternating rule sets read their own results
        for hand, rules, expected in hands_and_values:
            assert fc.min_deadwood(hand, 13, rules=rules) == expected
    before = [fc.best_arrangement("5H 6H KS 9S 9C KD 3D", 13), fc.outs("7H 8H 9H QS", 3)]
    fc.clear_cache()
    after = [fc.best_arrangement("5H 6H KS 9S 9C KD 3D", 13), fc.outs("7H 8H 9H QS", 3)]
    assert before == after


def test_suit_table_books_the_two_copies_of_a_card_with_one_wild() -> None:
    sevens = [0] * _suits.NPOS
    sevens[4] = 2  # 7 7 of one suit
    assert _suits.runs_vector(sevens)[:3] == [14, 0, 0]
    p = 2 * _suits.POW3[4]
    assert list(_suits.table()[p * _suits.UW : p * _suits.UW + 3]) == [14, 0, 0]
    assert _suits.suit_runs(p, 1) == (((4, 4),), ())
