"""How many cards a hand is from going out (``DrawOdds.cards_from_out``, issue 47): against
brute force over every swap of hand cards for unseen cards, on small hands and small unseen
sets under several rule sets (the search is exact; the brute force asks the solver whether
every card of each swapped hand melds)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

import fivecrowns as fc
from fivecrowns.analysis._replacements import cards_from_out
from fivecrowns.solver import _engine

RULE_SETS = [
    fc.Rules(),
    fc.Rules(distinct_suit_books=True),
    fc.Rules(max_wilds_per_meld=1),
    fc.Rules(max_wilds_per_meld="naturals", all_wild_melds=False),
    fc.Rules(all_wild_melds=False),
    fc.Rules(packs=1),
]


def brute_force(
    hand: list[fc.Card], wild: int | None, rules: fc.Rules, unseen: Counter[fc.Card]
) -> int | None:
    """The fewest swaps after which every card melds, trying every swap of ``r`` hand cards
    for ``r`` unseen copies, ``r`` = 0, 1, ..."""
    melded = _engine.melded(rules)
    pool = sorted(unseen.elements())
    for r in range(len(hand) + 1):
        for dropped in set(itertools.combinations(sorted(hand), r)):
            rest = list(hand)
            for card in dropped:
                rest.remove(card)
            for added in set(itertools.combinations(pool, r)):
                if fc.min_deadwood([*rest, *added], wild, rules=melded) == 0:
                    return r
    return None


@pytest.mark.parametrize("seed", range(8))
def test_the_fewest_swaps_agree_with_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    for index in range(12):
        rules = RULE_SETS[(seed + index) % len(RULE_SETS)]
        deck = list(fc.deck(rules.packs))
        rng.shuffle(deck)
        size = rng.randint(3, 6)
        hand = deck[:size]
        unseen = Counter(deck[size : size + rng.randint(3, 8)])
        wild = rng.choice([None, 3, 5, 9, 13])
        found = cards_from_out(hand, wild, rules, dict(unseen))
        assert found == brute_force(hand, wild, rules, unseen), (
            fc.format_cards(hand),
            wild,
            fc.format_cards(sorted(unseen.elements())),
            rules,
        )
        odds = fc.draw_odds(hand, wild, unseen=dict(unseen), rules=rules)
        assert odds.cards_from_out == found


def test_what_the_number_means() -> None:
    assert fc.draw_odds("7H 8H 9H", 3).cards_from_out == 0  # (every card melds)
    odds = fc.draw_odds("7H 8H 9H 10H QS", 3)
    assert odds.outs
    assert odds.cards_from_out == 1
    # two swaps: QD and KS for two wilds, or for 10H and JH ... (KS QD and a wild is a run)
    assert fc.draw_odds("7H 8H 9H KS QD", 3).cards_from_out == 2
    # with only KH unseen no swap makes every card meld
    assert fc.draw_odds("7H 8H 9H KS QD", 3, unseen="KH").cards_from_out is None
    # swapping needs the cards to be unseen: one KS (the other in hand) makes a book of K
    assert fc.draw_odds("KH KC 4D", None, unseen="KS 5D").cards_from_out == 1
    assert fc.draw_odds("KH KC 4D", None, unseen="5D 6D").cards_from_out == 2  # (4D 5D 6D)
    assert fc.draw_odds("KH KC 4D", None, unseen="5D 9S").cards_from_out is None


def test_a_view_counts_from_its_own_unseen_cards() -> None:
    view = fc.GameState.new(players=3, seed=4).view(0)
    odds = fc.draw_odds(view)
    found = cards_from_out(view.hand, view.wild_rank, view.rules, dict(odds.unseen))
    assert odds.cards_from_out == found is not None
    assert found >= (1 if odds.deadwood else 0)


@pytest.mark.parametrize("seed", range(4))
def test_many_unseen_wilds_agree_with_brute_force_too(seed: int) -> None:
    """With more unseen wilds than swaps, a wild stands for any unseen natural beside a hand
    natural (under no limit of wilds per meld): the search then tries wilds only there."""
    rng = random.Random(100 + seed)
    for index in range(6):
        rules = RULE_SETS[(seed + index) % len(RULE_SETS)]
        deck = [card for card in fc.deck(rules.packs) if not card.is_joker]
        rng.shuffle(deck)
        size = rng.randint(3, 4)
        hand = deck[:size]
        unseen = Counter([*deck[size : size + rng.randint(5, 8)], *[fc.JOKER] * rng.randint(2, 4)])
        wild = rng.choice([None, 5, 13])
        found = cards_from_out(hand, wild, rules, dict(unseen))
        assert found == brute_force(hand, wild, rules, unseen), (fc.format_cards(hand), wild)
