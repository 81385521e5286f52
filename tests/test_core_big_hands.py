"""Hands above fifteen cards on the compiled core, through the public API (issue 45).

The core solves any hand the rule set's packs allow, up to the whole deck; the Python twin
refuses hands above ``fivecrowns.solver.MAX_CARDS`` (``test_core.py`` checks that). Each
answer here is checked against something independent of it: the reference solver on the
hands it can answer (16 cards), an arrangement's own validity (every meld legal, the cards
conserved, the deadwood's points its points), and the answers against one another (the best
discard the least of every discard's value, going out a discard that leaves nothing, the
batch call each hand's least deadwood).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

import fivecrowns as fc
from reference import reference_min_deadwood

pytestmark = pytest.mark.skipif(
    not fc.core_info().compiled, reason="the compiled core solves hands above 15 cards"
)

#: Rule sets: the official rules and the house meld and scoring options.
OPTIONS: list[dict[str, Any]] = [
    {},
    {"distinct_suit_books": True},
    {"max_wilds_per_meld": 0},
    {"max_wilds_per_meld": 1},
    {"max_wilds_per_meld": "naturals"},
    {"all_wild_melds": False},
    {"go_out_without_discard": True},
    {"wild_points": 7, "joker_points": 15},
]


def assert_valid_arrangement(
    cards: Sequence[fc.Card], wild_rank: int | None, rules: fc.Rules, least: int
) -> None:
    """The best arrangement of ``cards``: its melds legal under ``rules``, its cards the
    hand's, its points its deadwood's and ``least``."""
    arrangement = fc.best_arrangement(cards, wild_rank, rules=rules)
    held: Counter[fc.Card] = Counter(arrangement.deadwood)
    for meld in arrangement.melds:
        fc.check_meld(meld.cards, wild_rank, rules=rules)  # (legal under the rules)
        held.update(meld.cards)
    assert held == Counter(cards)
    assert arrangement.points == sum(rules.points(card, wild_rank) for card in arrangement.deadwood)
    assert arrangement.points == least


def assert_consistent(cards: Sequence[fc.Card], wild_rank: int | None, rules: fc.Rules) -> None:
    """Every public answer about ``cards`` against the others."""
    least = fc.min_deadwood(cards, wild_rank, rules=rules)
    assert_valid_arrangement(cards, wild_rank, rules, least)
    values = fc.deadwood_by_discard(cards, wild_rank, rules=rules)
    assert set(values) == set(cards)
    card, rest = fc.best_discard(cards, wild_rank, rules=rules)
    assert rest.points == values[card] == min(values.values())
    for discard in sorted(values)[::9]:  # (some of them, each solved alone)
        others = list(cards)
        others.remove(discard)
        assert fc.min_deadwood(others, wild_rank, rules=rules) == values[discard]
    if rules.wild_points and rules.joker_points and not rules.go_out_without_discard:
        assert fc.can_go_out(cards, wild_rank, rules=rules) == (0 in values.values())
        assert fc.can_meld_all(cards, wild_rank, rules=rules) == (least == 0)
    assert fc.min_deadwood_many([cards], wild_rank, rules=rules).tolist() == [least]
    counts = np.zeros((1, 56), dtype=np.int64)
    for c in cards:
        counts[0, c.code] += 1
    assert fc.min_deadwood_many(counts, wild_rank, rules=rules).tolist() == [least]


@pytest.mark.parametrize("seed", range(3))
def test_sixteen_card_hands_match_the_reference(seed: int) -> None:
    rng = random.Random(seed)
    rules = fc.Rules(**OPTIONS[seed % 4])
    # three adjacent ranks and the jokers of two packs: dense, so that melds compete
    low = rng.randrange(3, 12)
    pool = [c for c in fc.deck() if c.is_joker or low <= (c.rank or 0) <= low + 2]
    cards = rng.sample(pool, 16)
    wild_rank = rng.choice([None, low])
    least = fc.min_deadwood(cards, wild_rank, rules=rules)
    assert least == reference_min_deadwood(cards, wild_rank, rules)
    assert_valid_arrangement(cards, wild_rank, rules, least)


@pytest.mark.parametrize("packs", [1, 2, 3, 4])
def test_whole_decks_meld_every_card(packs: int) -> None:
    deck = list(fc.deck(packs))
    for wild_rank in (None, 3, 13):
        rules = fc.Rules(packs=packs)
        assert fc.min_deadwood(deck, wild_rank, rules=rules) == 0
        assert_valid_arrangement(deck, wild_rank, rules, 0)
        assert fc.can_meld_all(deck, wild_rank, rules=rules)
        card, rest = fc.best_discard(deck, wild_rank, rules=rules)
        assert rest.points == 0
        assert card in deck
        assert fc.can_go_out(deck, wild_rank, rules=rules)
        # with no wild in a meld, every natural still melds (a run 3..K a suit a pack)
        none = fc.Rules(packs=packs, max_wilds_per_meld=0)
        wilds = sum(none.points(c, wild_rank) for c in deck if c.is_wild(wild_rank))
        assert fc.min_deadwood(deck, wild_rank, rules=none) == wilds
    counts = np.full((1, 56), packs, dtype=np.int64)
    counts[0, 55] = 3 * packs
    assert fc.min_deadwood_many(counts, 13, rules=fc.Rules(packs=packs)).tolist() == [0]


def test_a_pack_less_a_few_cards_answers_every_question_under_every_option() -> None:
    rng = random.Random(45)
    for options in OPTIONS:
        rules = fc.Rules(packs=1, **options)
        cards = rng.sample(fc.deck(1), 58 - rng.randrange(1, 5))
        assert_consistent(cards, rng.choice([None, 3, 9, 13]), rules)


@pytest.mark.parametrize("seed", range(8))
def test_random_big_hands_answer_every_question(seed: int) -> None:
    rng = random.Random(1000 + seed)
    packs = 1 + seed % 3
    rules = fc.Rules(packs=packs, **OPTIONS[seed % len(OPTIONS)])
    cards = rng.sample(fc.deck(packs), rng.randrange(16, 31))
    assert_consistent(cards, rng.choice([None, 3, 8, 13]), rules)


def test_outs_of_a_big_hand_are_the_draws_that_go_out() -> None:
    rng = random.Random(7)
    rules = fc.Rules()
    deck = list(fc.deck())
    cards = rng.sample(deck, 20)
    found = fc.outs(cards, 9, rules=rules)
    drawable = {c for c in deck if cards.count(c) < deck.count(c)}
    assert found == {c for c in drawable if fc.can_go_out([*cards, c], 9, rules=rules)}
    # every card melds but one (KS): any card the deck has left goes out, KS discarded
    melded = [c for c in deck if c.suit is fc.Suit.HEARTS] + [fc.Card.parse("KS")]
    left = {c for c in deck if melded.count(c) < deck.count(c)}
    assert fc.outs(melded, None, rules=rules) == left


def test_a_hand_beyond_the_deck_is_refused_with_the_copies_it_holds_too_many_of() -> None:
    deck = list(fc.deck())
    with pytest.raises(fc.InvalidHandError, match="3 copies of 3\\*, but a deck of 2 pack"):
        fc.min_deadwood([*deck, fc.Card.parse("3*")], 13)
    with pytest.raises(fc.InvalidHandError, match="7 jokers, but a deck of 2 pack"):
        fc.best_discard([*deck, fc.JOKER], 13)


@pytest.mark.parametrize("packs", [2, 3, 4])
def test_nearly_whole_decks_answer_every_question_under_every_option(packs: int) -> None:
    # (built: books peeled, the rest solved, proved by the floor; distinct-suit books too)
    rng = random.Random(4500 + packs)
    deck = list(fc.deck(packs))
    for options in OPTIONS:
        rules = fc.Rules(packs=packs, **options)
        cards = rng.sample(deck, len(deck) - rng.choice([0, 1, 3, 8, 20]))
        assert_consistent(cards, rng.choice([None, 3, 9, 13]), rules)


def test_dense_hands_that_cannot_meld_every_card_answer_every_question() -> None:
    # every other rank of two suits, three copies each, and the jokers: under distinct-suit
    # books a book of two suits needs a wild, so much is deadwood (the floor is not reached)
    naturals = [
        c for c in fc.deck(3) if c.suit in (fc.Suit.STARS, fc.Suit.CLUBS) and (c.rank or 0) % 2 == 1
    ]
    jokers = [fc.JOKER] * 9
    for options in ({"distinct_suit_books": True}, {}):
        rules = fc.Rules(packs=3, **options)
        assert_consistent(naturals + jokers, None, rules)
    least = fc.min_deadwood(
        naturals + jokers, None, rules=fc.Rules(packs=3, distinct_suit_books=True)
    )
    # nine jokers, each padding a book of two suits: the 18 naturals of K, J and 9 meld
    assert least == 6 * (3 + 5 + 7)


@pytest.mark.parametrize("options", [{}, {"distinct_suit_books": True}, {"max_wilds_per_meld": 1}])
def test_outs_of_dense_and_big_hands_are_the_draws_that_go_out(options: dict[str, Any]) -> None:
    rng = random.Random(len(options))
    for packs, size in ((1, 52), (2, 40), (3, 44)):
        rules = fc.Rules(packs=packs, **options)
        deck = list(fc.deck(packs))
        cards = rng.sample(deck, size)
        wild_rank = rng.choice([None, 3, 9])
        found = fc.outs(cards, wild_rank, rules=rules)
        drawable = {c for c in deck if cards.count(c) < deck.count(c)}
        going_out = {c for c in drawable if fc.can_go_out([*cards, c], wild_rank, rules=rules)}
        assert found & drawable == going_out
