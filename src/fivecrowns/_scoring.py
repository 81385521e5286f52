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

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

import attrs

from ._round import FinalLayout
from .cards import Card, without
from .errors import InvalidMeldError
from .melds import Meld, MeldKind, make_meld
from .rules import Rules
from .solver import best_arrangement, can_meld_all, min_deadwood

if TYPE_CHECKING:
    from .game import GameState

__all__ = [
    "FinalHand",
    "LayOff",
    "arrange_final",
    "extend_meld",
    "final_layouts",
    "hand_points",
    "meld_of",
]


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


class _Splits:
    """The ways to split cards of one final hand among the table melds: :meth:`first`."""

    def __init__(self, table: Sequence[Meld], rules: Rules, cards: Iterable[Card]) -> None:
        self.table, self.rules = table, rules
        distinct = set(cards)
        #: The cards that could join each meld, and each meld or a later one.
        self.joins = [frozenset(c for c in distinct if _could_join(c, meld)) for meld in table]
        self.reach = [frozenset[Card]()] * (len(table) + 1)
        for index in reversed(range(len(table))):
            self.reach[index] = self.reach[index + 1] | self.joins[index]
        self.memo: dict[tuple[int, tuple[Card, ...]], tuple[LayOff, ...] | None] = {}

    def first(self, remaining: tuple[Card, ...], index: int = 0) -> tuple[LayOff, ...] | None:
        """The first way (table melds ``index``... in order, each meld's share smallest
        first) to split ``remaining`` among table melds ``index``... with every meld still
        valid; None if there is none (at once when a card could join none of them)."""
        if not remaining:
            return ()
        if not self.reach[index].issuperset(remaining):
            return None
        key = (index, remaining)
        if key in self.memo:
            return self.memo[key]
        meld, joins = self.table[index], self.joins[index]
        found: tuple[LayOff, ...] | None = None
        for part in _sub_multisets([card for card in remaining if card in joins]):
            if part and not _extends(meld, part, self.rules):
                continue
            tail = self.first(without(remaining, part), index + 1)
            if tail is not None:
                found = ((LayOff(index, part),) if part else ()) + tail
                break
        self.memo[key] = found
        return found


@functools.lru_cache(maxsize=1 << 16)
def _extends(meld: Meld, cards: tuple[Card, ...], rules: Rules) -> bool:
    """Is ``meld`` with ``cards`` laid off onto it a valid meld of its kind? (Remembered: a
    final hand's layouts ask it of the same melds and cards many times over.)"""
    try:
        extend_meld(meld, cards, rules)
    except InvalidMeldError:
        return False
    return True


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
    """The layout of a final hand with the least deadwood (exact; see the module docs); among
    layouts of no points, one that melds every card when there is one."""
    best = best_arrangement(hand, wild_rank, rules=rules)
    result = FinalHand(best.melds, (), best.deadwood, best.points)
    if not rules.lay_off or not table or not best.deadwood:
        return result
    candidates = [card for card in hand if any(_could_join(card, meld) for meld in table)]
    splits = _Splits(table, rules, candidates)
    # Layouts compare by (points, some card unmelded); with positive point values this is
    # the points alone.
    best_key, best_parts = (best.points, True), None
    for part in _sub_multisets(candidates):
        if not part:
            continue
        rest = without(hand, part)
        points = min_deadwood(rest, wild_rank, rules=rules)
        if points > best_key[0]:
            continue
        key = (points, points > 0 or not can_meld_all(rest, wild_rank, rules=rules))
        if key >= best_key:
            continue
        assignment = splits.first(part)
        if assignment is None:
            continue
        best_key, best_parts = key, (assignment, rest)
        if key == (0, False):
            break
    if best_parts is None:
        return result
    assignment, rest = best_parts
    own = best_arrangement(rest, wild_rank, rules=rules)
    return FinalHand(own.melds, assignment, own.deadwood, own.points)


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_code))


def final_layouts(state: GameState) -> tuple[FinalLayout | None, ...]:
    """How each hand of ``state`` ends its round now. A player still holding a hand (nobody
    went out, or the stock ran out before their final turn) has it arranged for the least
    deadwood, laying off onto the table melds under ``lay_off`` (those melds are not put on
    the table); the others' layouts are what their turns left."""
    wild, rules = state.wild_rank, state.rules
    table = tuple(placed.meld for placed in state.table)
    layouts: list[FinalLayout | None] = [None] * state.players
    for p in state.active:
        melds = tuple(placed.meld for placed in state.table if placed.owner == p)
        hand = state.hands[p]
        if state.round_scores[p] is None:
            final = arrange_final(hand, table, wild, rules)
            layouts[p] = FinalLayout(
                melds + tuple(meld_of(m.cards, wild, rules, m.kind.value) for m in final.melds),
                _sorted(card for part in final.lay_offs for card in part.cards),
                _sorted(final.deadwood),
                final.points,
            )
        else:
            layouts[p] = FinalLayout(melds, state.laid_off[p], hand, hand_points(hand, wild, rules))
    return tuple(layouts)
