"""The solver's two engines side by side, on hands of every round's size.

``fivecrowns.solver._engine`` holds both: the Python engine (``PYTHON``: the memoised search
and the discards on top) and the compiled core (``COMPILED``, None when it is not built).
Each question is asked of both directly, on card codes, under every meld and scoring option:
the answers must be the same, arrangements included (the reference tests in
``test_solver.py`` stop at 9 cards, the reference being exponential). The public API is then
checked to be sound and optimal against the search, whichever engine runs.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fivecrowns as fc
from fivecrowns.cards import CARDS, JOKER_CODE
from fivecrowns.solver import _engine, _search

DECK = [c for c in range(55) for _ in range(2)] + [JOKER_CODE] * 6
every_rule_set = st.builds(
    fc.Rules,
    distinct_suit_books=st.booleans(),
    max_wilds_per_meld=st.sampled_from([None, None, 0, 1, 2, "naturals"]),
    all_wild_melds=st.booleans(),
    wild_points=st.sampled_from([20, 20, 7, 0]),
    joker_points=st.sampled_from([50, 50, 15, 0]),
)
needs_core = pytest.mark.skipif(_engine.COMPILED is None, reason="the compiled core is not built")


@st.composite
def hands(draw: st.DrawFn, max_size: int = fc.solver.MAX_CARDS) -> tuple[tuple[int, ...], int]:
    """A hand of 0..``max_size`` codes (at most what the Python engine takes) from two packs
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


@needs_core
@settings(max_examples=300)
@given(hands(), every_rule_set)
def test_both_engines_give_the_same_values_and_arrangements(
    problem: tuple[tuple[int, ...], int], rules: fc.Rules
) -> None:
    codes, wild = problem
    python, compiled = _engine.PYTHON, _engine.COMPILED
    assert compiled is not None
    assert python.least(codes, wild, rules) == compiled.least(codes, wild, rules)
    assert python.arrange(codes, wild, rules) == compiled.arrange(codes, wild, rules)
    assert python.discard_values(codes, wild, rules) == compiled.discard_values(codes, wild, rules)
    assert python.can_out(codes, wild, rules) == compiled.can_out(codes, wild, rules)
    if codes:
        assert python.best_discard(codes, wild, rules) == compiled.best_discard(codes, wild, rules)


@needs_core
@settings(max_examples=60)
@given(hands(max_size=fc.rules.MAX_HAND_SIZE), every_rule_set)
def test_both_engines_give_the_same_outs(
    problem: tuple[tuple[int, ...], int], rules: fc.Rules
) -> None:
    codes, wild = problem
    assert _engine.COMPILED is not None
    assert _engine.PYTHON.outs(codes, wild, rules) == _engine.COMPILED.outs(codes, wild, rules)


@settings(max_examples=150)
@given(hands(), every_rule_set)
def test_the_public_arrangements_are_sound_and_optimal(
    problem: tuple[tuple[int, ...], int], rules: fc.Rules
) -> None:
    codes, wild_rank = problem
    wild = _wild(wild_rank)
    public = fc.best_arrangement(_cards(codes), wild, rules=rules)
    solution = _search.solve(codes, wild_rank, rules)
    assert public.points == solution.score.points
    melded = [c for _kind, cards in solution.melds for c in cards]
    assert Counter(melded) + Counter(solution.deadwood) == Counter(codes)
    for kind, cards in solution.melds:
        fc.melds.make_meld(_cards(cards), wild, rules=rules, kind=kind)
    assert sum(rules.points(CARDS[c], wild) for c in solution.deadwood) == solution.score.points
    assert Counter(public.cards) == Counter(_cards(codes))
    for meld in public.melds:
        fc.melds.make_meld(meld.cards, wild, rules=rules, kind=meld.kind.value)


@settings(max_examples=120)
@given(hands(), every_rule_set)
def test_every_discard_is_the_search_of_the_rest(
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


def test_best_discard_from_a_meld_that_stays_valid_keeps_the_arrangement() -> None:
    # Every card melds; throwing a nine leaves the book of nines whole at 0 deadwood, and
    # a nine (9 points) is thrown before the 5C (the highest card wins ties).
    card, arrangement = fc.best_discard("9H 9S 9D 9C 3C 4C 5C", 13)
    assert card == fc.Card.parse("9D")  # the nine with the highest code
    assert arrangement.points == 0
    assert sorted(len(meld.cards) for meld in arrangement.melds) == [3, 3]


def test_many_wilds_and_cards_held_three_times_are_solved() -> None:
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


def test_the_python_engine_refuses_a_hand_above_its_bound_and_names_it() -> None:
    hand = tuple(range(16))
    with pytest.raises(fc.InvalidHandError, match=r"16 cards.*at most 15.*compiled core"):
        _engine.PYTHON.least(hand, 3, fc.OFFICIAL)
    with pytest.raises(fc.InvalidHandError, match=r"15 cards.*at most 14.*compiled core"):
        _engine.PYTHON.outs(hand[:15], 3, fc.OFFICIAL)
    assert _engine.PYTHON.least(hand[:15], 3, fc.OFFICIAL) >= 0


@needs_core
def test_the_compiled_path_passes_hands_of_any_size_to_the_core() -> None:
    with _engine.running(True):
        hand = " ".join(str(card) for card in CARDS[:20])
        value: int | str
        try:
            value = fc.min_deadwood(hand, 3)
        except fc.InvalidHandError as error:  # (a core that still has a bound says so)
            value = str(error)
        assert _engine.COMPILED is not None
        if isinstance(value, str):
            assert "the Python engine" not in value
        else:
            assert value == _engine.COMPILED.least(tuple(range(20)), 3, fc.OFFICIAL)
    with _engine.running(False), pytest.raises(fc.InvalidHandError, match="Python engine"):
        fc.min_deadwood(hand, 3)
