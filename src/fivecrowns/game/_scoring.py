"""Scoring a final hand: its least deadwood, counting (with ``Rules(lay_off=True)``) the cards
that can be added to melds already on the table.

Without laying off, the answer is the solver's best arrangement. With it, the engine tries
every multiset ``S`` of hand cards that could go onto the table (wilds, and naturals of a
table book's rank or a table run's suit) such that ``S`` can be split among the table melds
with every meld still valid, and keeps the ``S`` whose rest has the least deadwood (the solver
arranges the rest). Laid-off cards are judged by the meld they make: a meld plus its new cards
must be a valid meld of the same kind (a run may re-read what its wilds stand for).

That least is found first, without trying every ``S`` where the table allows it
(:class:`_Table`: books of any suits, no limit of wilds per meld, every table meld holding a
natural); under house meld rules the sets are tried in order until one reaches the least
under the relaxed rules (:func:`_floor`). The layout is then the first ``S`` in the order
above that reaches it: the same layout as trying every ``S``, found sooner.
:func:`final_points` gives the points alone, which is what the bots' final turns weigh.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, NamedTuple

import attrs

from ..cards import CARDS, Card, without
from ..errors import FiveCrownsError, InvalidMeldError
from ..melds import Meld, MeldKind, make_meld
from ..rules import Rules
from ..solver import _engine, best_arrangement, can_meld_all, min_deadwood
from ._fields import StateFields
from ._round import FinalLayout

__all__ = [
    "FinalHand",
    "LayOff",
    "arrange_final",
    "could_join",
    "extend_meld",
    "final_layouts",
    "final_points",
    "hand_points",
    "least_final_discard",
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


def could_join(card: Card, meld: Meld) -> bool:
    """Could ``card`` be part of some lay-off onto ``meld``? (A wild; a natural of a book's
    rank, or of a run's suit at a rank it lacks.) False proves it never can."""
    if card.is_wild(meld.wild_rank):
        return True
    naturals = meld.naturals
    if not naturals:
        return True
    if meld.kind is MeldKind.BOOK:
        return card.rank == naturals[0].rank
    return card.suit == naturals[0].suit and card.rank not in {n.rank for n in naturals}


class _Splits:
    """The ways to split cards among the melds of a table: :meth:`first` (one per table and
    rule set, :func:`_splits`: a final turn prices many hands against one table)."""

    #: The most splits remembered (then forgotten all at once).
    KEPT = 1 << 16

    def __init__(self, table: tuple[Meld, ...], rules: Rules) -> None:
        self.table, self.rules = table, rules
        #: The cards that could join each meld, and each meld or a later one.
        self.joins = [frozenset(c for c in CARDS if could_join(c, meld)) for meld in table]
        self.reach = [frozenset[Card]()] * (len(table) + 1)
        for index in reversed(range(len(table))):
            self.reach[index] = self.reach[index + 1] | self.joins[index]
        self.memo: dict[tuple[int, tuple[Card, ...]], tuple[LayOff, ...] | None] = {}

    def candidates(self, hand: Sequence[Card]) -> list[Card]:
        """The cards of ``hand`` that could join some table meld, in the hand's order."""
        joining = self.reach[0]
        return [card for card in hand if card in joining]

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
        if len(self.memo) >= self.KEPT:
            self.memo.clear()
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


@functools.lru_cache(maxsize=64)
def _splits(table: tuple[Meld, ...], rules: Rules) -> _Splits:
    """The :class:`_Splits` of a table under a rule set, kept for the next hand priced."""
    return _Splits(table, rules)


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
    # the least points first: the search for the first layout in order then stops at one
    # that has them
    least = _least_final_points(hand, table, wild_rank, rules, best.points)
    if least == best.points > 0:
        return result  # (no layout has fewer points, and the plain one comes first)
    splits = _splits(tuple(table), rules)
    candidates = splits.candidates(hand)
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
        if key == (0, False) or (points == least and points > 0):
            break  # (no later layout is lower)
    if best_parts is None:
        return result
    assignment, rest = best_parts
    own = best_arrangement(rest, wild_rank, rules=rules)
    return FinalHand(own.melds, assignment, own.deadwood, own.points)


def final_points(
    hand: Sequence[Card], table: Sequence[Meld], wild_rank: int | None, rules: Rules
) -> int:
    """The points of :func:`arrange_final`'s layout, without laying it out where the table
    allows (see :class:`_Table`)."""
    least = min_deadwood(hand, wild_rank, rules=rules)
    if not rules.lay_off or not table or least == 0:
        return least
    return _least_final_points(hand, table, wild_rank, rules, least)


def least_final_discard(
    hand: Sequence[Card],
    table: Sequence[Meld],
    wild_rank: int | None,
    rules: Rules,
    allowed: Callable[[Card], bool],
    key: Callable[[Card, int], Any],
) -> tuple[Card, int]:
    """The discard of ``hand`` (after drawing, in a final turn) among the ``allowed`` cards
    whose :func:`final_points` of the rest give the least ``key(card, points)``, with those
    points (``key`` must not fall as the points rise). The cards are priced in the order of
    a bound below what each leaves, the hand's own final points less the card's (the rest's
    layout with the card as deadwood is one of the hand), and none is priced once its bound's
    key is no less than the best found: the same card as pricing every one. The compiled
    core's bots do the same (``policy::least_final_discard``)."""
    whole = final_points(hand, table, wild_rank, rules)
    cards = [card for card in sorted(set(hand), key=_code) if allowed(card)]
    bounds = {card: whole - rules.points(card, wild_rank) for card in cards}
    best: tuple[Any, Card, int] | None = None
    for card in sorted(cards, key=lambda card: key(card, bounds[card])):
        if best is not None and key(card, bounds[card]) >= best[0]:
            break  # (every card left is bounded no lower)
        points = final_points(without(hand, (card,)), table, wild_rank, rules)
        found = key(card, points)
        if best is None or found < best[0]:
            best = (found, card, points)
    if best is None:
        raise FiveCrownsError("no card of the hand may be discarded")
    return best[1], best[2]


def _least_final_points(
    hand: Sequence[Card], table: Sequence[Meld], wild_rank: int | None, rules: Rules, plain: int
) -> int:
    """:func:`final_points` of a final hand whose least deadwood is ``plain``: reasoned out
    where :class:`_Table` takes the table, else the least over every set of cards that can go
    onto the table together, tried in order until one reaches :func:`_floor`."""
    read = _read(tuple(table), rules)
    if read is not None:
        return read.final_points(hand, wild_rank, rules, plain)
    floor = _floor(hand, table, wild_rank, rules)
    if plain <= floor:
        return plain
    splits = _splits(tuple(table), rules)
    candidates = splits.candidates(hand)
    best = plain
    for part in _sub_multisets(candidates):
        if not part:
            continue
        points = min_deadwood(without(hand, part), wild_rank, rules=rules)
        if points < best and splits.first(part) is not None:
            best = points
            if best <= floor:
                break  # (no later set does better)
    return best


def _floor(hand: Sequence[Card], table: Sequence[Meld], wild_rank: int | None, rules: Rules) -> int:
    """No more than the final points of ``hand`` against ``table``: under house meld rules
    (distinct-suit books, a limit of wilds per meld), the final points under the relaxed rules,
    which allow every meld and every lay-off the house rules do, where :class:`_Table` reasons
    them out (every table meld holds a natural); else 0."""
    relaxed = _relaxed(rules)
    read = None if relaxed == rules else _read(tuple(table), relaxed)
    if read is None:
        return 0
    return read.final_points(hand, wild_rank, relaxed, min_deadwood(hand, wild_rank, rules=relaxed))


@functools.lru_cache(maxsize=64)
def _relaxed(rules: Rules) -> Rules:
    """``rules`` with books of any suits and any number of wilds per meld."""
    return attrs.evolve(rules, distinct_suit_books=False, max_wilds_per_meld=None)


@functools.lru_cache(maxsize=64)
def _read(table: tuple[Meld, ...], rules: Rules) -> _Table | None:
    """:meth:`_Table.of`, kept for the next hand priced against the same table."""
    return _Table.of(table, rules)


#: The most cards a run holds.
_RUN_CARDS = 11


@attrs.frozen
class _Table:
    """A table of melds as :func:`final_points` reasons about it under books of any suits and
    any number of wilds per meld, when every table meld holds a natural: the ranks that have a
    book (bit ``r`` for rank ``r + 3``) and each run's suit, the ranks its naturals hold (as
    bits), its wilds and its cards.

    Then a book takes any naturals of its rank and any wilds, whatever else is laid off, and a
    run takes naturals of its suit at ranks it lacks (one each) as long as its gaps are no more
    than its wilds and it holds at most eleven cards. So when the table has a book, the wilds
    and the naturals of a book's rank can always be laid off, and pricing them at nothing gives
    the least over every choice of them (the engines' ``least_laying_off``); what is left to
    choose is the naturals laid off onto each run, with the wilds their gaps need. With no
    book, the naturals onto each run and how many wilds the runs take: the costliest, since a
    hand less dearer wilds melds as well. The compiled core reasons the same way
    (``final_hand::Table``); both are checked against trying every layout.
    """

    book_ranks: int
    runs: tuple[tuple[int, int, int, int], ...]

    @classmethod
    def of(cls, table: Sequence[Meld], rules: Rules) -> _Table | None:
        """The table read so, or None when the rules or a meld (one of wilds only, which takes
        any rank or suit) do not allow it."""
        if rules.distinct_suit_books or rules.max_wilds_per_meld is not None:
            return None
        book_ranks = 0
        runs = []
        for meld in table:
            naturals = meld.naturals
            if not naturals:
                return None
            if meld.kind is MeldKind.BOOK:
                book_ranks |= 1 << naturals[0].code % 11
            else:
                ranks = sum({1 << card.code % 11 for card in naturals})
                wilds = len(meld.cards) - len(naturals)
                runs.append((naturals[0].code // 11, ranks, wilds, len(meld.cards)))
        return cls(book_ranks, tuple(runs))

    def final_points(
        self, hand: Sequence[Card], wild_rank: int | None, rules: Rules, plain: int
    ) -> int:
        """:func:`final_points` of ``hand`` on this table, ``plain`` its least deadwood."""
        engine, wild = _engine.engine(rules), wild_rank or 0
        # (the costliest first: those the runs take)
        wilds = sorted(
            (card.code for card in hand if card.is_wild(wild_rank)),
            key=lambda code: -rules.points(CARDS[code], wild_rank),
        )
        naturals = sorted(card.code for card in hand if not card.is_wild(wild_rank))
        best = plain
        for left, gaps, room in self._choices(0, naturals, len(wilds)):
            most = gaps if self.book_ranks else min(len(wilds), room)
            for taken in range(gaps, most + 1):
                rest = [*left, *wilds[taken:]]
                if self.book_ranks:
                    points = engine.least_laying_off(rest, wild, rules, self.book_ranks)
                else:
                    points = engine.least(rest, wild, rules)
                best = min(best, points)
        return best

    def _choices(
        self, index: int, left: list[int], wilds: int
    ) -> Iterator[tuple[list[int], int, int]]:
        """Every choice of the naturals laid off onto runs ``index``... (each run a set of
        naturals of its suit at ranks it lacks, one copy each, that keeps it within eleven
        cards with the wilds its gaps then need, of the ``wilds`` the hand has left): the
        naturals left, the wilds the gaps need and the room the runs have for wilds."""
        if index == len(self.runs):
            yield left, 0, 0
            return
        suit, held, held_wilds, cards = self.runs[index]
        fits = sorted({c for c in left if c // 11 == suit and not held >> c % 11 & 1})
        for subset in range(1 << len(fits)):
            chosen = [c for i, c in enumerate(fits) if subset >> i & 1]
            ranks = held | sum(1 << c % 11 for c in chosen)
            span = ranks.bit_length() - (ranks & -ranks).bit_length() + 1
            gaps = max(0, span - ranks.bit_count() - held_wilds)
            if gaps > wilds or cards + len(chosen) + gaps > _RUN_CARDS:
                continue
            rest = list(left)
            for c in chosen:
                rest.remove(c)
            for after, more_gaps, more_room in self._choices(index + 1, rest, wilds - gaps):
                yield after, gaps + more_gaps, _RUN_CARDS - cards - len(chosen) + more_room


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_code))


def final_layouts(state: StateFields) -> tuple[FinalLayout | None, ...]:
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
