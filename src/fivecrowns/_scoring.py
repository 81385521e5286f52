"""Scoring a final hand: its least deadwood, counting (with ``Rules(lay_off=True)``) the cards
that can be added to melds already on the table.

Without laying off, the answer is the solver's best arrangement. With it, the engine tries
every multiset ``S`` of hand cards that could go onto the table (wilds, and naturals of a
table book's rank or a table run's suit) such that ``S`` can be split among the table melds
with every meld still valid, and keeps the ``S`` whose rest has the least deadwood (the solver
arranges the rest). Laid-off cards are judged by the meld they make: a meld plus its new cards
must be a valid meld of the same kind (a run may re-read what its wilds stand for).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

import attrs

from .cards import Card
from .errors import InvalidMeldError
from .melds import Meld, MeldKind, make_meld
from .rules import Rules
from .solver import best_arrangement, min_deadwood

__all__ = ["FinalHand", "LayOff", "arrange_final", "extend_meld", "hand_points", "meld_of"]


def _code(card: Card) -> int:
    return card.code


def meld_of(cards: Sequence[Card], wild_rank: int | None, rules: Rules, kind: str) -> Meld:
    """The meld ``cards`` form read as ``kind`` ("book" or "run"), built from the cards in
    code order so that the same cards always give the same :class:`Meld`; raises
    :class:`InvalidMeldError` if they are not a meld of that kind."""
    meld = make_meld(sorted(cards, key=_code), wild_rank, rules=rules, kind=kind)
    if meld.kind.value != kind:
        raise InvalidMeldError(
            f"{' '.join(map(str, sorted(cards, key=_code)))} is a {meld.kind.value}, not a {kind}"
        )
    return meld


def extend_meld(meld: Meld, cards: Sequence[Card], rules: Rules) -> Meld:
    """``meld`` with ``cards`` laid off onto it; raises :class:`InvalidMeldError` if the
    result is not a valid meld of the same kind."""
    return meld_of((*meld.cards, *cards), meld.wild_rank, rules, meld.kind.value)


def hand_points(cards: Sequence[Card], wild_rank: int | None, rules: Rules) -> int:
    """What unmelded ``cards`` cost."""
    return sum(rules.points(card, wild_rank) for card in cards)


class LayOff(NamedTuple):
    """Cards of a hand laid off onto table meld number ``meld``."""

    meld: int
    cards: tuple[Card, ...]


@attrs.frozen
class FinalHand:
    """How a final hand is laid out: new melds, lay-offs, the deadwood left in hand and its
    points."""

    melds: tuple[Meld, ...]
    lay_offs: tuple[LayOff, ...]
    deadwood: tuple[Card, ...]
    points: int


def _could_join(card: Card, meld: Meld) -> bool:
    if card.is_wild(meld.wild_rank):
        return True
    naturals = meld.naturals
    if not naturals:
        return True
    if meld.kind is MeldKind.BOOK:
        return card.rank == naturals[0].rank
    return card.suit == naturals[0].suit and card.rank not in {n.rank for n in naturals}


def _assign(
    remaining: tuple[Card, ...],
    index: int,
    table: Sequence[Meld],
    rules: Rules,
    memo: dict[tuple[int, tuple[Card, ...]], tuple[LayOff, ...] | None],
) -> tuple[LayOff, ...] | None:
    """A way to split ``remaining`` among table melds ``index``... (None if there is none)."""
    if not remaining:
        return ()
    if index == len(table):
        return None
    key = (index, remaining)
    if key in memo:
        return memo[key]
    meld = table[index]
    fits = [card for card in remaining if _could_join(card, meld)]
    found: tuple[LayOff, ...] | None = None
    for part in _sub_multisets(fits):
        if part:
            try:
                extend_meld(meld, part, rules)
            except InvalidMeldError:
                continue
        rest = list(remaining)
        for card in part:
            rest.remove(card)
        tail = _assign(tuple(rest), index + 1, table, rules, memo)
        if tail is not None:
            found = ((LayOff(index, part),) if part else ()) + tail
            break
    memo[key] = found
    return found


def _sub_multisets(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every sub-multiset of ``cards`` (sorted by code), smallest first."""
    counts = sorted(Counter(cards).items(), key=lambda item: item[0].code)
    out: list[tuple[Card, ...]] = [()]
    for card, count in counts:
        out = [part + (card,) * k for part in out for k in range(count + 1)]
    out.sort(key=len)
    return out


def arrange_final(
    hand: Sequence[Card], table: Sequence[Meld], wild_rank: int | None, rules: Rules
) -> FinalHand:
    """The layout of a final hand with the least deadwood (exact; see the module docs)."""
    best = best_arrangement(hand, wild_rank, rules=rules)
    result = FinalHand(best.melds, (), best.deadwood, best.points)
    if not rules.lay_off or not table or not best.deadwood:
        return result
    candidates = [card for card in hand if any(_could_join(card, meld) for meld in table)]
    memo: dict[tuple[int, tuple[Card, ...]], tuple[LayOff, ...] | None] = {}
    best_points, best_parts = best.points, None
    for part in _sub_multisets(candidates):
        if not part:
            continue
        rest = list(hand)
        for card in part:
            rest.remove(card)
        points = min_deadwood(rest, wild_rank, rules=rules)
        if points >= best_points:
            continue
        assignment = _assign(part, 0, table, rules, memo)
        if assignment is None:
            continue
        best_points, best_parts = points, (assignment, rest)
        if points == 0:
            break
    if best_parts is None:
        return result
    assignment, rest = best_parts
    own = best_arrangement(rest, wild_rank, rules=rules)
    return FinalHand(own.melds, assignment, own.deadwood, own.points)
