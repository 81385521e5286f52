"""The memoised search (``fivecrowns._search``) against the brute-force reference on small
hands (least points, then fewest unmelded cards), against the public solver on full hands,
and against itself (every discard, the best discard), under random rule sets that cover
every meld option."""

from __future__ import annotations

import time
from collections import Counter
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

import fivecrowns as fc
from fivecrowns.cards import CARDS, JOKER_CODE
from fivecrowns.melds import make_meld
from fivecrowns.solver import _search
from reference import _valid_melds, reference_min_deadwood

rule_sets = st.builds(
    fc.Rules,
    packs=st.sampled_from([1, 2, 2, 3, 4, 16]),
    distinct_suit_books=st.booleans(),
    max_wilds_per_meld=st.sampled_from([None, None, 0, 1, 2, 3, "naturals"]),
    all_wild_melds=st.booleans(),
    wild_points=st.sampled_from([20, 20, 0, 7]),
    joker_points=st.sampled_from([50, 50, 0, 15]),
)
wild_ranks = st.sampled_from([0, *range(3, 14)])


@st.composite
def hands(draw: st.DrawFn, rules: fc.Rules, most: int) -> tuple[int, ...]:
    """Up to ``most`` cards of the rules' deck; half the time mostly one suit and wilds,
    so runs, duplicates and books of copies are common."""
    deck = [card.code for card in fc.deck(rules.packs)]
    if draw(st.booleans()):
        suit = draw(st.integers(0, 4))
        deck = [code for code in deck if code // 11 == suit or code % 11 < 2 or code > 54]
    size = draw(st.integers(0, min(most, len(deck))))
    picks = draw(st.lists(st.integers(0, len(deck) - 1), unique=True, min_size=size, max_size=size))
    return tuple(sorted(deck[i] for i in picks))


def lexicographic_reference(
    codes: tuple[int, ...], wild_rank: int, rules: fc.Rules
) -> _search.Score:
    """The least (points, unmelded cards) over every set of disjoint melds (the idea of
    ``tests/reference.py``, scored lexicographically)."""
    hand = tuple(CARDS[code] for code in codes)
    table = rules.points_by_code(wild_rank or None)
    masks = [sum(1 << i for i in meld) for meld in _valid_melds(hand, wild_rank or None, rules)]

    @cache
    def best(remaining: int) -> tuple[int, int]:
        if not remaining:
            return (0, 0)
        low = remaining & -remaining
        points, unmelded = best(remaining & ~low)
        result = (points + table[codes[low.bit_length() - 1]], unmelded + 1)
        for mask in masks:
            if mask & low and mask & remaining == mask:
                result = min(result, best(remaining & ~mask))
        return result

    return _search.Score(*best((1 << len(codes)) - 1))


def check_solution(codes: tuple[int, ...], wild_rank: int, rules: fc.Rules) -> _search.Solution:
    """Solve the hand and check the arrangement: valid melds, the whole hand, the score."""
    solution = _search.solve(codes, wild_rank, rules)
    check_layout(codes, wild_rank, rules, solution)
    assert solution.score == _search.score(codes, wild_rank, rules)
    return solution


def check_layout(
    codes: tuple[int, ...], wild_rank: int, rules: fc.Rules, solution: _search.Solution
) -> None:
    cards: list[int] = list(solution.deadwood)
    for kind, meld in solution.melds:
        assert list(meld) == sorted(meld)
        make_meld([CARDS[code] for code in meld], wild_rank or None, rules=rules, kind=kind)
        cards.extend(meld)
    assert Counter(cards) == Counter(codes)
    table = rules.points_by_code(wild_rank or None)
    assert solution.score == (
        sum(table[code] for code in solution.deadwood),
        len(solution.deadwood),
    )


def less_one(codes: tuple[int, ...], code: int) -> tuple[int, ...]:
    rest = list(codes)
    rest.remove(code)
    return tuple(rest)


@given(st.data(), rule_sets, wild_ranks)
def test_small_hands_match_the_reference(data: st.DataObject, rules: fc.Rules, wild: int) -> None:
    codes = data.draw(hands(rules, 8))
    solution = check_solution(codes, wild, rules)
    cards = [CARDS[code] for code in codes]
    assert solution.score.points == reference_min_deadwood(cards, wild or None, rules)
    assert solution.score == lexicographic_reference(codes, wild, rules)


@given(st.data(), rule_sets, wild_ranks)
def test_full_hands_match_the_public_solver(
    data: st.DataObject, rules: fc.Rules, wild: int
) -> None:
    codes = data.draw(hands(rules, 14))
    solution = check_solution(codes, wild, rules)
    if rules.wild_points and rules.joker_points:  # the public solver is exact there
        cards = [CARDS[code] for code in codes]
        assert solution.score.points == fc.min_deadwood(cards, wild or None, rules=rules)
        if codes:
            old = fc.deadwood_by_discard(cards, wild or None, rules=rules)
            new = _search.discard_scores(codes, wild, rules)
            assert {card.code: points for card, points in old.items()} == {
                code: score.points for code, score in new.items()
            }


@given(st.data(), rule_sets, wild_ranks)
def test_discards_match_one_search_each(data: st.DataObject, rules: fc.Rules, wild: int) -> None:
    codes = data.draw(hands(rules, 12))
    scores = _search.discard_scores(codes, wild, rules)
    assert set(scores) == set(codes)
    for code, value in scores.items():
        assert value == _search.score(less_one(codes, code), wild, rules)


def test_zero_point_wilds_still_count_as_unmelded() -> None:
    # issue 13: with joker_points=0 and no wilds in melds, "0 points" is not "all melded"
    rules = fc.Rules(joker_points=0, max_wilds_per_meld=0)
    codes = tuple(sorted(card.code for card in fc.parse_cards("7H 8H 9H KS JK")))
    assert _search.score(codes, 3, rules) == _search.Score(13, 2)
    scores = _search.discard_scores(codes, 3, rules)
    assert scores[JOKER_CODE] == _search.Score(13, 1)
    assert scores[fc.Card.parse("KS").code] == _search.Score(0, 1)
    # the joker melds once a meld may hold it
    assert _search.score(codes, 3, fc.Rules(joker_points=0)) == _search.Score(13, 1)


def test_a_lone_wild_is_the_cheapest_left_over() -> None:
    rules = fc.Rules(wild_points=5, joker_points=50)
    codes = tuple(sorted(card.code for card in fc.parse_cards("7H 8H 9H 10H JK 3S")))
    solution = check_solution(codes, 3, rules)
    assert solution.score == _search.Score(0, 0)  # both wilds join the run
    rules = fc.Rules(wild_points=5, joker_points=50, max_wilds_per_meld=1)
    codes = tuple(sorted(card.code for card in fc.parse_cards("7H 8H 9H JK 3S")))
    solution = check_solution(codes, 3, rules)
    assert solution.deadwood == (fc.Card.parse("3S").code,)


def test_hands_with_more_copies_than_two_packs() -> None:
    rules = fc.Rules(packs=16)
    codes = tuple(sorted([fc.Card.parse("7H").code] * 16 + [JOKER_CODE] * 5))
    assert check_solution(codes, 3, rules).score == _search.Score(0, 0)
    distinct = fc.Rules(packs=16, distinct_suit_books=True, all_wild_melds=False)
    solution = check_solution(codes, 3, distinct)
    # each 7H needs its own meld of one natural and at least two wilds: two such runs
    assert solution.score == _search.Score(14 * 7, 14)


@pytest.mark.parametrize("cards", [slice(0, 40), slice(0, 60), slice(0, 116), slice(0, 120, 3)])
@pytest.mark.parametrize("wild", [0, 3, 13])
def test_long_hands_of_the_official_deck_are_solved(cards: slice, wild: int) -> None:
    codes = tuple(sorted(card.code for card in fc.deck()[cards]))
    start = time.process_time()
    solution = check_solution(codes, wild, fc.OFFICIAL)
    assert time.process_time() - start < 20
    assert solution.score == _search.Score(0, 0)
