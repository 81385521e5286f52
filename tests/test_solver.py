"""The solver against the slow reference in ``tests/reference.py``, the scoring rules, and
input checking."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fivecrowns as fc
from fivecrowns.solver import _engine
from reference import (
    reference_discards,
    reference_min_deadwood,
    reference_outs,
)

wild_ranks = st.one_of(st.integers(3, 13), st.none())
rules_options = st.builds(
    fc.Rules,
    packs=st.sampled_from([1, 2, 2, 2, 3]),
    distinct_suit_books=st.booleans(),
    max_wilds_per_meld=st.sampled_from([None, None, 0, 1, 2, "naturals"]),
    all_wild_melds=st.booleans(),
)
default_or_variant = st.one_of(st.just(fc.Rules()), rules_options)


@st.composite
def hands(draw: st.DrawFn, rules: fc.Rules, max_size: int, one_suit: bool = False) -> list[fc.Card]:
    """A hand the deck of ``rules`` can hold; optionally one suit dense with duplicates plus
    jokers and cards that may be wild."""
    deck = list(fc.deck(rules.packs))
    if one_suit:
        suit = draw(st.sampled_from(list(fc.Suit)))
        wild_rank = draw(st.integers(3, 13))
        deck = [
            card
            for card in deck
            if card.suit is suit
            or card.is_joker
            or (card.rank == wild_rank and draw(st.booleans()))
        ]
    indices = draw(
        st.lists(st.integers(0, len(deck) - 1), unique=True, max_size=min(max_size, len(deck)))
    )
    return [deck[i] for i in indices]


@st.composite
def problems(
    draw: st.DrawFn, max_size: int = 9, variants: bool = True
) -> tuple[list[fc.Card], int | None, fc.Rules]:
    rules = draw(default_or_variant if variants else st.just(fc.Rules()))
    hand = draw(hands(rules, max_size, one_suit=draw(st.booleans())))
    return hand, draw(wild_ranks), rules


def assert_arrangement_is_sound(
    arrangement: fc.Arrangement, hand: list[fc.Card], wild_rank: int | None, rules: fc.Rules
) -> None:
    assert Counter(arrangement.cards) == Counter(hand)
    for meld in arrangement.melds:
        # Every meld the solver returns passes check_meld under the same rules.
        assert (
            fc.check_meld(meld.cards, wild_rank, rules=rules).kind
            in (
                fc.MeldKind.BOOK,
                fc.MeldKind.RUN,
            )
            or meld.kind is fc.MeldKind.RUN
        )
        fc.melds.make_meld(meld.cards, wild_rank, rules=rules, kind=meld.kind.value)
    assert arrangement.points == sum(rules.points(card, wild_rank) for card in arrangement.deadwood)


@given(problems())
def test_min_deadwood_matches_reference(
    problem: tuple[list[fc.Card], int | None, fc.Rules],
) -> None:
    hand, wild_rank, rules = problem
    expected = reference_min_deadwood(hand, wild_rank, rules)
    assert fc.min_deadwood(hand, wild_rank, rules=rules) == expected
    arrangement = fc.best_arrangement(hand, wild_rank, rules=rules)
    assert arrangement.points == expected
    assert_arrangement_is_sound(arrangement, hand, wild_rank, rules)


@settings(max_examples=60)
@given(st.data())
def test_many_wilds_match_reference(data: st.DataObject) -> None:
    rules = data.draw(default_or_variant)
    wild_rank = data.draw(st.integers(3, 13))
    naturals = data.draw(hands(rules, 5))
    wild_pool = [card for card in fc.deck(rules.packs) if card.is_wild(wild_rank)]
    wilds = data.draw(st.lists(st.sampled_from(range(len(wild_pool))), unique=True, max_size=5))
    hand = [card for card in naturals if not card.is_wild(wild_rank)] + [
        wild_pool[i] for i in wilds
    ]
    assert fc.min_deadwood(hand, wild_rank, rules=rules) == reference_min_deadwood(
        hand, wild_rank, rules
    )


@given(problems(max_size=8))
def test_best_discard_and_can_go_out_match_reference(
    problem: tuple[list[fc.Card], int | None, fc.Rules],
) -> None:
    hand, wild_rank, rules = problem
    if not hand:
        return
    expected = reference_discards(hand, wild_rank, rules)
    card, arrangement = fc.best_discard(hand, wild_rank, rules=rules)
    assert arrangement.points == min(expected.values())
    assert expected[card] == arrangement.points
    rest = list(hand)
    rest.remove(card)
    assert_arrangement_is_sound(arrangement, rest, wild_rank, rules)
    assert fc.can_go_out(hand, wild_rank, rules=rules) == (min(expected.values()) == 0)
    assert fc.deadwood_by_discard(hand, wild_rank, rules=rules) == expected


@settings(max_examples=80)
@given(problems(max_size=14))
def test_can_go_out_agrees_with_every_discard_on_full_hands(
    problem: tuple[list[fc.Card], int | None, fc.Rules],
) -> None:
    # can_go_out solves only the discards that might leave no deadwood; on hands beyond
    # the reference's reach it must agree with the value of every discard
    hand, wild_rank, rules = problem
    fc.clear_cache()
    got = fc.can_go_out(hand, wild_rank, rules=rules)
    values = fc.deadwood_by_discard(hand, wild_rank, rules=rules)
    assert got == (0 in values.values())
    fc.clear_cache()
    fc.deadwood_by_discard(hand, wild_rank, rules=rules)
    assert fc.can_go_out(hand, wild_rank, rules=rules) == got  # read off the discards


@settings(max_examples=25)
@given(problems(max_size=5))
def test_outs_match_reference(problem: tuple[list[fc.Card], int | None, fc.Rules]) -> None:
    hand, wild_rank, rules = problem
    assert fc.outs(hand, wild_rank, rules=rules) == reference_outs(hand, wild_rank, rules)


@settings(max_examples=20)
@given(problems(max_size=fc.solver.MAX_CARDS - 1))
def test_outs_are_the_draws_that_can_go_out_on_full_hands(
    problem: tuple[list[fc.Card], int | None, fc.Rules],
) -> None:
    # outs solves every draw on one memo (the twin shares its search between draws); each
    # draw asked of can_go_out on its own must give the same cards
    hand, wild_rank, rules = problem
    fc.clear_cache()
    got = fc.outs(hand, wild_rank, rules=rules)
    left = Counter(fc.deck(rules.packs)) - Counter(hand)
    fc.clear_cache()
    assert got == {card for card in left if fc.can_go_out([*hand, card], wild_rank, rules=rules)}


def test_outs_leave_out_cards_the_deck_has_run_out_of() -> None:
    hand = "7H 8H 9H 10H QS"
    assert fc.Card.parse("6H") in fc.outs(hand, 3)
    assert fc.Card.parse("6H") not in fc.outs(hand + " 6H 6H", 3)


zero_point_rules = st.builds(
    fc.Rules,
    packs=st.sampled_from([1, 2]),
    distinct_suit_books=st.booleans(),
    max_wilds_per_meld=st.sampled_from([None, 0, 1, "naturals"]),
    all_wild_melds=st.booleans(),
    wild_points=st.sampled_from([0, 0, 20]),
    joker_points=st.sampled_from([0, 50]),
)


def _everything_melds(hand: list[fc.Card], wild_rank: int | None, rules: fc.Rules) -> bool:
    # the reference with every card costing something: 0 exactly when every card melds
    priced = attrs.evolve(rules, wild_points=1, joker_points=1)
    return reference_min_deadwood(hand, wild_rank, priced) == 0


def test_melded_means_melded_with_a_joker_worth_nothing() -> None:
    # the example: the joker costs 0 but cannot meld (no wilds in melds)
    rules = fc.Rules(joker_points=0, max_wilds_per_meld=0)
    assert not fc.can_go_out("7H 8H 9H KS JK", 3, rules=rules)
    assert fc.min_deadwood("7H 8H 9H JK", 3, rules=rules) == 0
    assert not fc.can_meld_all("7H 8H 9H JK", 3, rules=rules)
    assert fc.JOKER not in fc.outs("7H 8H 9H KS", 3, rules=rules)
    assert fc.best_arrangement("7H 8H 9H JK", 3, rules=rules).deadwood == (fc.JOKER,)


def test_melded_means_melded_a_free_wild_is_melded_when_it_can_be() -> None:
    rules = fc.Rules(joker_points=0, max_wilds_per_meld=1)
    arrangement = fc.best_arrangement("5H 5C 5S JK", 3, rules=rules)
    assert arrangement.deadwood == ()
    card, rest = fc.best_discard("5H 5C 5S JK KD", 3, rules=rules)
    assert card == fc.Card.parse("KD")
    assert rest.deadwood == ()


@settings(max_examples=150)
@given(st.data())
def test_melded_means_melded_under_zero_point_wilds(data: st.DataObject) -> None:
    rules = data.draw(zero_point_rules)
    hand = data.draw(hands(rules, 8, one_suit=data.draw(st.booleans())))
    wild_rank = data.draw(wild_ranks)
    melds_all = _everything_melds(hand, wild_rank, rules)
    assert fc.can_meld_all(hand, wild_rank, rules=rules) == melds_all
    assert (fc.best_arrangement(hand, wild_rank, rules=rules).deadwood == ()) == melds_all
    if hand:
        expected = any(
            _everything_melds(fc.cards.without(hand, [card]), wild_rank, rules)
            for card in set(hand)
        )
        assert fc.can_go_out(hand, wild_rank, rules=rules) == expected
        _card, rest = fc.best_discard(hand, wild_rank, rules=rules)
        if rest.points == 0:
            assert (rest.deadwood == ()) == expected


# -- scoring rules ---------------------------------------------------------------------------


def test_rule_scoring_unmelded_cards_at_face_value() -> None:
    assert fc.min_deadwood("4S 9H JC QD KS", 3) == 4 + 9 + 11 + 12 + 13


def test_rule_scoring_unmelded_round_wild_scores_20_even_a_king_in_round_11() -> None:
    assert fc.min_deadwood("KS 5D", 13) == 20 + 5
    assert fc.min_deadwood("KS 5D", 12) == 13 + 5


def test_rule_scoring_unmelded_joker_scores_50() -> None:
    assert fc.min_deadwood("JK 9D", 3) == 50 + 9


def test_rule_melded_cards_score_zero() -> None:
    assert fc.min_deadwood("9D 10D JD", 3) == 0
    assert fc.min_deadwood("", 3) == 0


def test_fact_one_wild_with_no_meld_possible_costs_its_points() -> None:
    # RULES.md: a hand left with one wild unmelded can have no meld at all.
    assert fc.min_deadwood("JK 4S 9D", 3) == 50 + 4 + 9
    assert fc.min_deadwood("3S 4S 9D", 3) == 20 + 4 + 9


def test_fact_spare_wilds_join_an_existing_book_for_free() -> None:
    arrangement = fc.best_arrangement("8S 8D 8H JK JK 3C 3D", 3)
    assert arrangement.points == 0
    assert len(arrangement.melds) >= 1


def test_rule_card_belongs_to_at_most_one_meld() -> None:
    # 7H can complete the book of sevens or the hearts run, not both.
    assert fc.min_deadwood("7S 7D 7H 8H 9H", 3) == 7 + 7
    arrangement = fc.best_arrangement("7S 7D 7H 8H 9H", 3)
    assert Counter(arrangement.cards) == Counter(fc.parse_cards("7S 7D 7H 8H 9H"))


def test_rule_options_change_the_answer() -> None:
    hand = "7H JK JK 9C 10C JC"
    assert fc.min_deadwood(hand, 3) == 0
    assert fc.min_deadwood(hand, 3, rules=fc.Rules(max_wilds_per_meld=1)) == 7 + 50
    assert fc.min_deadwood(hand, 3, rules=fc.Rules(max_wilds_per_meld="naturals")) == 7
    assert fc.min_deadwood("JK 3S 3D", 3) == 0
    assert fc.min_deadwood("JK 3S 3D", 3, rules=fc.Rules(all_wild_melds=False)) == 50 + 20 + 20
    assert fc.min_deadwood("KS KS KD", 3, rules=fc.Rules(distinct_suit_books=True)) == 39
    assert fc.min_deadwood("KS KS KD JK JK JK", 3, rules=fc.Rules(distinct_suit_books=True)) == 0


# -- input -------------------------------------------------------------------------------------


def test_solver_accepts_every_cards_like_input() -> None:
    expected = fc.min_deadwood("7H 8H JK QS", 5)
    assert fc.min_deadwood(["7H", "8H", "JK", "QS"], 5) == expected
    assert fc.min_deadwood(fc.parse_cards("7H 8H JK QS"), 5) == expected
    assert fc.min_deadwood(list(fc.parse_cards("7H 8H JK QS")), fc.Rank.FIVE) == expected
    assert fc.min_deadwood(iter(fc.parse_cards("7H 8H JK QS")), 5) == expected


def test_solver_rejects_more_copies_than_the_packs_hold() -> None:
    with pytest.raises(fc.InvalidHandError, match="3 copies of 7H"):
        fc.min_deadwood("7H 7H 7H", 3)
    assert fc.min_deadwood("7H 7H 7H", 3, rules=fc.Rules(packs=3)) == 0
    with pytest.raises(fc.InvalidHandError, match="7 jokers"):
        fc.min_deadwood(["JK"] * 7, 3)
    with pytest.raises(fc.InvalidHandError, match="copies of KD"):
        fc.best_discard("KD KD KD 4H", 3)


@pytest.mark.parametrize("wild_rank", [2, 14, 0, "7", 7.0, True])
def test_solver_rejects_a_bad_wild_rank(wild_rank: object) -> None:
    with pytest.raises(fc.InvalidHandError, match="wild rank"):
        fc.min_deadwood("7H 8H 9H", wild_rank)  # type: ignore[arg-type]


def test_solver_rejects_bad_cards() -> None:
    with pytest.raises(fc.InvalidCardError):
        fc.min_deadwood("7H 8X", 3)
    with pytest.raises(fc.InvalidCardError):
        fc.best_arrangement([fc.Card.parse("7H"), 8], 3)  # type: ignore[list-item]


def test_best_discard_needs_a_card() -> None:
    with pytest.raises(fc.InvalidHandError, match="at least one card"):
        fc.best_discard("", 3)
    assert not fc.can_go_out("", 3)


def test_go_out_without_discard_option() -> None:
    hand = "7H 8H 9H"
    assert not fc.can_go_out(hand, 3)
    assert fc.can_go_out(hand, 3, rules=fc.Rules(go_out_without_discard=True))
    # Drawing 10H lets 7H 8H 9H 10H meld whole: an out only under the variant.
    assert fc.Card.parse("10H") in fc.outs(hand, 4, rules=fc.Rules(go_out_without_discard=True))


def test_large_hands_up_to_max_cards() -> None:
    deck = fc.deck()
    spades = sorted(card for card in deck if card.suit is fc.Suit.SPADES)  # 3S 3S ... KS KS
    largest = fc.solver.MAX_CARDS  # 15
    assert fc.min_deadwood(spades[-largest:], 3) == 0  # 6S-KS, 6S-KS (8 and 7 cards)
    assert fc.min_deadwood(deck[:largest], 13) == fc.min_deadwood(deck[largest - 1 :: -1], 13)
    with (
        _engine.running(False),
        pytest.raises(
            fc.InvalidHandError, match="a hand of 22 cards, but the Python engine solves"
        ),
    ):
        fc.min_deadwood(spades, 3)
    if _engine.COMPILED is not None:  # the core: any hand the deck holds (3S-KS twice, 3s wild)
        with _engine.running(True):
            assert fc.min_deadwood(spades, 3) == 0


def test_repeated_hands_are_answered_from_the_cache_and_still_checked() -> None:
    hand = list(fc.parse_cards("7H 8H 9H KS"))
    assert fc.min_deadwood(hand, 3) == 13
    assert fc.min_deadwood(tuple(hand), 3) == 13  # the same key: a cache hit
    with pytest.raises(fc.InvalidHandError, match="wild rank"):
        fc.min_deadwood(hand, 3.0)  # type: ignore[arg-type]
    with pytest.raises(fc.InvalidCardError):
        fc.min_deadwood([*hand, "XX"], 3)
    assert fc.min_deadwood(hand, 3, rules=fc.Rules(packs=1)) == 13
    fc.clear_cache()
    assert fc.min_deadwood(hand, 3) == 13
