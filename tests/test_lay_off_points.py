"""Final hands under ``lay_off`` (RULES.md, Going out: "Option `lay_off`"): the points a final
hand scores, which ``_scoring.final_points`` (and the core's ``final_hand::final_points``)
find by reasoning about the table's books and runs, equal the least over every set of cards
that can be laid off, tried one by one here with ``check_meld``.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest

import fivecrowns as fc
from fivecrowns.game import _scoring
from fivecrowns.melds import Meld
from fivecrowns.solver import _engine

try:
    import fivecrowns._core

    ENGINES = [False, True]
except ImportError:  # pragma: no cover - only without the build
    ENGINES = [False]


def _extends(meld: Meld, cards: Sequence[fc.Card], rules: fc.Rules) -> bool:
    """Is ``meld`` with ``cards`` added a meld of the same kind?"""
    try:
        grown = fc.check_meld([*meld.cards, *cards], meld.wild_rank, rules=rules)
    except fc.InvalidMeldError:
        return False
    if grown.kind is meld.kind:
        return True
    # (cards that read as a book may also be a run: one natural and wilds)
    try:
        _scoring.meld_of([*meld.cards, *cards], meld.wild_rank, rules, meld.kind.value)
    except fc.InvalidMeldError:
        return False
    return True


def _splits(cards: tuple[fc.Card, ...], table: Sequence[Meld], rules: fc.Rules) -> bool:
    """Can ``cards`` be shared among the table melds, each still a meld?"""
    if not cards:
        return True
    if not table:
        return False
    first, rest = table[0], table[1:]
    for size in range(len(cards) + 1):
        for part in set(itertools.combinations(cards, size)):
            if part and not _extends(first, part, rules):
                continue
            if _splits(fc.cards.without(cards, part), rest, rules):
                return True
    return False


def _reference(
    hand: tuple[fc.Card, ...], table: Sequence[Meld], wild: int | None, rules: fc.Rules
) -> int:
    """The least deadwood of the hand less any cards the table can take, every set tried."""
    best = fc.min_deadwood(hand, wild, rules=rules)
    for size in range(1, len(hand) + 1):
        for part in set(itertools.combinations(hand, size)):
            rest = fc.cards.without(hand, part)
            points = fc.min_deadwood(rest, wild, rules=rules) if rest else 0
            if points < best and _splits(part, table, rules):
                best = points
    return best


def _table(deck: list[fc.Card], wild: int | None, rng: random.Random) -> list[Meld]:
    """A few melds drawn from ``deck`` (their cards taken out): books and runs, some with
    wilds."""
    melds = []
    for _ in range(rng.randrange(1, 4)):
        rng.shuffle(deck)
        naturals = [card for card in deck if not card.is_wild(wild)]
        wilds = [card for card in deck if card.is_wild(wild)]
        first = naturals[0]
        if rng.random() < 0.5:
            cards = [card for card in naturals if card.rank == first.rank][: rng.randrange(2, 4)]
        else:
            cards = []
            for rank in range(int(first.rank or 0), int(first.rank or 0) + rng.randrange(2, 6)):
                found = [c for c in naturals if c.suit == first.suit and c.rank == rank]
                cards += found[:1]
        cards += wilds[: rng.randrange(0, 2)]
        try:
            meld = fc.check_meld(cards, wild)
        except fc.InvalidMeldError:
            continue
        for card in cards:
            deck.remove(card)
        melds.append(meld)
    return melds


def _hand_near(
    deck: list[fc.Card], table: Sequence[Meld], wild: int | None, rng: random.Random, least: int
) -> tuple[fc.Card, ...]:
    """A hand of ``least`` to seven cards near the table's melds (of their suits and ranks,
    and wilds), dealt from ``deck`` shuffled."""
    rng.shuffle(deck)
    near = [
        card
        for card in deck
        if card.is_wild(wild)
        or any(
            card.suit == meld.naturals[0].suit or card.rank == meld.naturals[0].rank
            for meld in table
            if meld.naturals
        )
    ]
    return tuple(sorted(near[: rng.randrange(least, 8)], key=lambda card: card.code))


def _cases(
    rng: random.Random, count: int, variants: Sequence[fc.Rules], least: int
) -> Iterator[tuple[fc.Rules, int | None, list[Meld], tuple[fc.Card, ...]]]:
    """``count`` tries at a case: the rules (the variants in turn), a wild rank, a table of
    melds valid under the rules (none: the try is skipped) and a hand near it."""
    for case in range(count):
        rules = variants[case % len(variants)]
        wild = [None, 3, 8, 13][case % 4]
        deck = list(fc.deck(rules.packs))
        table = [meld for meld in _table(deck, wild, rng) if _extends(meld, (), rules)]
        if table:
            yield rules, wild, table, _hand_near(deck, table, wild, rng, least)


@pytest.mark.parametrize("compiled", ENGINES)
def test_final_points_are_the_least_over_every_lay_off(compiled: bool) -> None:
    rng = random.Random(5)
    variants = [
        fc.Rules(lay_off=True),
        fc.Rules(lay_off=True, all_wild_melds=False, joker_points=0),
        fc.Rules(lay_off=True, packs=1, wild_points=25),
        fc.Rules(lay_off=True, max_wilds_per_meld=1),  # (every layout tried)
    ]
    lowered = reasoned = 0
    with _engine.running(compiled):
        for rules, wild, table, hand in _cases(rng, 160, variants, 1):
            expected = _reference(hand, table, wild, rules)
            found = _scoring.final_points(hand, table, wild, rules)
            assert found == expected, (fc.format_cards(hand), [str(m) for m in table], wild)
            layout = _scoring.arrange_final(hand, table, wild, rules)
            assert layout.points == expected
            lowered += expected < fc.min_deadwood(hand, wild, rules=rules)
            reasoned += _scoring._Table.of(table, rules) is not None
    # (laying off mattered on many of these hands, and most tables were reasoned out)
    assert lowered > 40, lowered
    assert reasoned > 80, reasoned


@pytest.mark.parametrize("compiled", ENGINES)
def test_house_meld_rules_stop_at_the_relaxed_floor_with_the_same_points(compiled: bool) -> None:
    """Under distinct-suit books or a limit of wilds per meld every set of cards is tried, in
    order, until one reaches the final points under the relaxed rules (which allow every meld
    and lay-off the house rules do): a floor, often the answer."""
    rng = random.Random(11)
    variants = [
        fc.Rules(lay_off=True, distinct_suit_books=True),
        fc.Rules(lay_off=True, max_wilds_per_meld=2),
        fc.Rules(lay_off=True, max_wilds_per_meld="naturals"),
    ]
    cases = floored = 0
    with _engine.running(compiled):
        for rules, wild, table, hand in _cases(rng, 90, variants, 2):
            expected = _reference(hand, table, wild, rules)
            assert _scoring.final_points(hand, table, wild, rules) == expected
            assert _scoring.arrange_final(hand, table, wild, rules).points == expected
            floor = _scoring._floor(hand, table, wild, rules)
            assert floor <= expected, (fc.format_cards(hand), [str(m) for m in table], wild)
            cases += 1
            floored += 0 < floor == expected
    assert cases > 60, cases
    assert floored > cases // 3, (cases, floored)


@pytest.mark.parametrize("compiled", ENGINES)
def test_the_least_final_discard_is_found_pricing_only_the_discards_that_can_beat_it(
    compiled: bool,
) -> None:
    """``_scoring.least_final_discard`` (the bots' final discards under ``lay_off``) gives the
    card every discard priced would: the least by the key greedy play uses (the points left, a
    natural before a wild, the costliest card, the higher code), among the allowed cards."""
    rng = random.Random(23)
    checked = 0
    with _engine.running(compiled):
        for rules, wild, table, hand in _cases(rng, 80, [fc.Rules(lay_off=True)], 2):
            allowed = {card for card in hand if rng.random() < 0.8} or {hand[0]}

            def key(
                card: fc.Card, left: int, wild: int | None = wild, rules: fc.Rules = rules
            ) -> tuple[int, bool, int, int]:
                return (left, card.is_wild(wild), -rules.points(card, wild), -card.code)

            every = {
                card: _scoring.final_points(fc.cards.without(hand, (card,)), table, wild, rules)
                for card in allowed
            }
            expected = min(allowed, key=lambda card: key(card, every[card]))
            found = _scoring.least_final_discard(
                hand, table, wild, rules, allowed.__contains__, key
            )
            assert found == (expected, every[expected]), (fc.format_cards(hand), wild)
            checked += 1
    assert checked > 50, checked


@pytest.mark.parametrize("compiled", ENGINES)
def test_the_engines_price_cards_the_table_takes_at_nothing(compiled: bool) -> None:
    """``least_laying_off``: the least deadwood with the wilds and the naturals of some ranks
    free, against the least over every choice of those cards to leave out of the hand."""
    rng = random.Random(9)
    rules = fc.Rules()
    with _engine.running(compiled):
        engine = _engine.engine(rules)
        for case in range(120):
            wild = [0, 3, 9, 13][case % 4]
            hand = sorted(rng.sample(range(56), rng.randrange(1, 9)))
            free_ranks = rng.randrange(1 << 11) & rng.randrange(1 << 11)
            free = [c for c in hand if c == 55 or c % 11 + 3 == wild or free_ranks >> c % 11 & 1]
            expected = min(
                _engine.engine(rules).least(
                    list((Counter(hand) - Counter(part)).elements()), wild, rules
                )
                if len(part) < len(hand)
                else 0
                for size in range(len(free) + 1)
                for part in itertools.combinations(free, size)
            )
            assert engine.least_laying_off(hand, wild, rules, free_ranks) == expected


@pytest.mark.parametrize("compiled", ENGINES)
def test_a_run_of_ten_takes_one_card_more_and_the_dearest_wild_goes(compiled: bool) -> None:
    rules = fc.Rules(lay_off=True)
    with _engine.running(compiled):
        # kings wild: the run 3H..QH takes one of the two wilds, the joker (50 points)
        run = fc.check_meld("3H 4H 5H 6H 7H 8H 9H 10H JH QH", 13, rules=rules)
        assert _scoring.final_points(fc.parse_cards("KS JK"), [run], 13, rules) == 20
        # jokers only wild: the run takes the king or the joker, not both (eleven cards)
        run = fc.check_meld("3H 4H 5H 6H 7H 8H 9H 10H JH QH", None, rules=rules)
        assert _scoring.final_points(fc.parse_cards("KH JK"), [run], None, rules) == 13
        layout = _scoring.arrange_final(fc.parse_cards("KH JK"), [run], None, rules)
        assert (fc.format_cards(layout.deadwood), layout.points) == ("KH", 13)
        # ten cards, two of them jokers: the 3H or the 4H goes below the 5H, not both
        run = fc.check_meld("5H 6H 7H 8H 9H 10H JH QH JK JK", None, rules=rules)
        assert _scoring.final_points(fc.parse_cards("3H 4H"), [run], None, rules) == 3
        book = fc.check_meld("9S 9C 9D", None, rules=rules)
        assert _scoring.final_points(fc.parse_cards("3H 4H"), [run, book], None, rules) == 3
