"""A slow, obviously-correct reference solver, for checking the real one.

It tries every sub-multiset of the hand as a meld (asking :func:`fivecrowns.check_meld`
whether it is one under the rules in force), then every way of choosing disjoint melds, and
keeps the choice whose leftover cards cost least. Exponential: use it on hands of at most
about ten cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import fivecrowns as fc
from fivecrowns.melds import make_meld


def _valid_melds(
    hand: tuple[fc.Card, ...], wild_rank: int | None, rules: fc.Rules
) -> list[tuple[int, ...]]:
    """Every set of positions of ``hand`` (as sorted index tuples) that forms a meld."""
    verdicts: dict[tuple[fc.Card, ...], bool] = {}
    found: list[tuple[int, ...]] = []
    n = len(hand)
    for mask in range(1, 1 << n):
        indices = tuple(i for i in range(n) if mask >> i & 1)
        if len(indices) < 3:
            continue
        cards = tuple(sorted(hand[i] for i in indices))
        if cards not in verdicts:
            verdicts[cards] = _is_meld(cards, wild_rank, rules)
        if verdicts[cards]:
            found.append(indices)
    return found


def _is_meld(cards: tuple[fc.Card, ...], wild_rank: int | None, rules: fc.Rules) -> bool:
    for kind in ("book", "run"):
        try:
            make_meld(cards, wild_rank, rules=rules, kind=kind)
        except fc.InvalidMeldError:
            continue
        return True
    return False


def reference_min_deadwood(
    cards: Sequence[fc.Card], wild_rank: int | None, rules: fc.Rules = fc.OFFICIAL
) -> int:
    """The least deadwood of ``cards``, by trying every set of disjoint melds."""
    hand = tuple(sorted(cards))
    melds = _valid_melds(hand, wild_rank, rules)
    points = [rules.points(card, wild_rank) for card in hand]
    masks = [sum(1 << i for i in meld) for meld in melds]

    @cache
    def best(remaining: int) -> int:
        if not remaining:
            return 0
        low = remaining & -remaining
        first = low.bit_length() - 1
        # The lowest remaining card is either deadwood or in some meld of remaining cards.
        result = points[first] + best(remaining & ~low)
        for mask in masks:
            if mask & low and mask & remaining == mask:
                result = min(result, best(remaining & ~mask))
        return result

    return best((1 << len(hand)) - 1)


def reference_discards(
    cards: Sequence[fc.Card], wild_rank: int | None, rules: fc.Rules = fc.OFFICIAL
) -> dict[fc.Card, int]:
    """For each distinct card of a hand after drawing, the least deadwood after discarding it."""
    out: dict[fc.Card, int] = {}
    for card in set(cards):
        rest = list(cards)
        rest.remove(card)
        out[card] = reference_min_deadwood(rest, wild_rank, rules)
    return out


def reference_outs(
    cards: Sequence[fc.Card], wild_rank: int | None, rules: fc.Rules = fc.OFFICIAL
) -> frozenset[fc.Card]:
    """The cards that, drawn into a hand before drawing, let it go out (the deck permitting)."""
    result = set()
    for card in set(fc.deck(rules.packs)):
        limit = 3 * rules.packs if card.is_joker else rules.packs
        if list(cards).count(card) >= limit:
            continue
        if min(reference_discards([*cards, card], wild_rank, rules).values()) == 0:
            result.add(card)
    return frozenset(result)
