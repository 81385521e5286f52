"""How the player who goes out lays the hand out (the rule option ``out_layout``, read only
under ``Rules(lay_off=True)``, where the final-turn players may lay cards off onto those melds).

- ``"solver"``: the solver's arrangement (:func:`~fivecrowns.best_arrangement`), as the
  engine laid every hand out before the option existed.
- ``"fewest_lay_offs"`` (the default): the layout that leaves the fewest *lay-off chances*.

:func:`out_layout` says exactly which layout that is.

Eleven hearts laid as one run (3H to KH) leave no chance; laid as 3-5, 6-8 and 9-K they leave
four (5H, 6H, 8H and 9H):

>>> import fivecrowns as fc
>>> rules = fc.Rules(lay_off=True)
>>> hearts = fc.parse_cards("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
>>> [str(meld) for meld in out_layout(hearts, None, rules=rules)]
['3H 4H 5H 6H 7H 8H 9H 10H JH QH KH']
>>> runs = ("3H 4H 5H", "6H 7H 8H", "9H 10H JH QH KH")
>>> split = [fc.check_meld(text, None) for text in runs]
>>> fc.format_cards(lay_off_chances(split, None, rules=rules))
'5H 6H 8H 9H'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Final

from ..cards import CARDS, JOKER_CODE, Card, check_wild_rank, parse_cards, short_repr
from ..errors import InvalidMeldError
from ..melds import Meld, MeldKind
from ..rules import Rules, check_rules
from ..solver import best_arrangement
from ._scoring import meld_of

__all__ = ["lay_off_chances", "out_layout"]

_BOOK: Final = 0
_RUN: Final = 1
_KIND_NAMES: Final = ("book", "run")
#: A meld as the order of layouts writes it: its naturals' codes (ascending), its number of
#: wilds and its kind (0 a book, 1 a run).
MeldKey = tuple[tuple[int, ...], int, int]
#: The best layout found: its chances (how many) and its melds, in the order laid out.
Found = tuple[int, list[MeldKey]]


def out_layout(
    cards: Iterable[Card | str] | str, wild_rank: int | None, *, rules: Rules
) -> tuple[Meld, ...]:
    """The melds the player who goes out lays on the table, in order, holding ``cards``
    (every card of the hand but the discard, each of which melds) under ``rules``: under
    ``lay_off`` with ``out_layout="fewest_lay_offs"`` a layout of the fewest lay-off chances,
    else the solver's arrangement. Raises :class:`~fivecrowns.FiveCrownsError` if some card
    does not meld.

    A lay-off chance of a layout is a natural card (a rank and a suit; a card of the round's
    wild rank is a wild, and wilds can join almost any meld whatever the layout) that could be
    laid off on its own onto one of the layout's melds: the meld with the card is a valid meld
    of its kind, as a final turn's lay-off is judged (a run may re-read what its wilds stand
    for); :func:`lay_off_chances` lists them. Copies do not count twice, and a card counts
    whoever holds it. Of every way to lay the cards out as books and runs, the engine picks
    one of the fewest chances: the solver's arrangement when it is one of them (so the option
    changes a layout only to give fewer cards away), else the first of them in the order of
    the search:

    - the naturals are laid out lowest card code first: the lowest natural left goes into a
      meld with some other naturals and wilds left, then the rest are laid out the same way;
      the wilds left at the end form all-wild melds;
    - the melds of the lowest natural are tried books first, then runs. A book takes other
      naturals of its rank, more first (those of one number as sorted tuples of codes, in
      Python's order of tuples), each with as many wilds as it may, then fewer. A run takes
      naturals of its suit above it, each set once, in the order of a depth-first walk up the
      ranks (the natural alone, then with the next higher one, and so on), each with as few
      wilds as fill its gaps first, then more;
    - all-wild melds are tried largest first, a run before a book of one size, each no
      larger than the one before (in that order);
    - a layout replaces the best found only with strictly fewer chances (a branch stops as
      soon as its melds leave no fewer, or when it leaves the naturals, wilds and chances of
      a branch searched already, which can give nothing fewer).

    Which wilds a meld holds does not change what can be laid off onto it: the hand's wilds
    go to the melds in the order they were laid out, lowest code first, and the melds go
    onto the table in that order. The compiled core lays the hand out the same way
    (``game::out_layout``), card for card.
    """
    rules = check_rules(rules)
    hand = parse_cards(cards)
    if wild_rank is not None:
        wild_rank = check_wild_rank(wild_rank)
    best = best_arrangement(hand, wild_rank, rules=rules)
    if best.deadwood:
        raise InvalidMeldError(f"the hand does not go out: {' '.join(map(str, best.deadwood))}")
    if not rules.lay_off or rules.out_layout == "solver":
        return tuple(meld_of(meld.cards, wild_rank, rules, meld.kind.value) for meld in best.melds)
    codes = [card.code for card in hand]
    wilds = sorted(code for code in codes if _is_wild(code, wild_rank))
    search = _Search(wild_rank, rules)
    # (the solver's layout first: it stays unless a layout has fewer chances)
    solver = [_key_of(meld, wild_rank) for meld in best.melds]
    search.best = search.chance_count(solver), solver
    naturals = tuple(sorted(code for code in codes if not _is_wild(code, wild_rank)))
    search.place(naturals, len(wilds), 0, [])
    if search.best[1] is solver:
        return tuple(meld_of(meld.cards, wild_rank, rules, meld.kind.value) for meld in best.melds)
    melds = []
    for naturals_of, count, kind in search.best[1]:
        held, wilds = (*naturals_of, *wilds[:count]), wilds[count:]
        melds.append(meld_of([CARDS[code] for code in held], wild_rank, rules, _KIND_NAMES[kind]))
    return tuple(melds)


def lay_off_chances(
    melds: Iterable[Meld], wild_rank: int | None, *, rules: Rules
) -> tuple[Card, ...]:
    """The natural cards (in code order, one of each) that could be laid off on their own
    onto one of ``melds`` in a round whose wild rank is ``wild_rank``: what
    ``out_layout="fewest_lay_offs"`` counts."""
    if wild_rank is not None:
        wild_rank = check_wild_rank(wild_rank)
    search = _Search(wild_rank, check_rules(rules))
    mask = 0
    for meld in melds:
        if not isinstance(meld, Meld):
            raise InvalidMeldError(
                "lay_off_chances takes melds (such as check_meld('7H 8H 9H', None)), got "
                f"{short_repr(meld)}"
            )
        mask |= search.chances(_key_of(meld, wild_rank))
    return tuple(CARDS[code] for code in range(JOKER_CODE) if mask >> code & 1)


def _is_wild(code: int, wild_rank: int | None) -> bool:
    return code == JOKER_CODE or code % 11 + 3 == wild_rank


def _key_of(meld: Meld, wild_rank: int | None) -> MeldKey:
    codes = [card.code for card in meld.cards]
    naturals = tuple(sorted(code for code in codes if not _is_wild(code, wild_rank)))
    return naturals, len(codes) - len(naturals), _BOOK if meld.kind is MeldKind.BOOK else _RUN


def _without(codes: tuple[int, ...], taken: tuple[int, ...]) -> tuple[int, ...]:
    """``codes`` (sorted) less one copy of each of ``taken``."""
    left = Counter(taken)
    kept = []
    for code in codes:
        if left[code]:
            left[code] -= 1
        else:
            kept.append(code)
    return tuple(kept)


class _Search:
    """The search for a layout of fewer chances than the best found (``best``), in the order
    the module docs give: every layout of the naturals, the lowest natural left first in a
    meld of some other naturals and wilds, then the wilds left in all-wild melds; a branch
    stops once its chances are no fewer than the best's (they only grow)."""

    def __init__(self, wild_rank: int | None, rules: Rules) -> None:
        self.wild_rank, self.rules = wild_rank, rules
        self.best: Found = (JOKER_CODE + 1, [])
        self._chances: dict[MeldKey, int] = {}
        #: The (naturals, wilds, chances) left by the branches searched already.
        self._seen: set[tuple[tuple[int, ...], int, int]] = set()

    def chance_count(self, melds: list[MeldKey]) -> int:
        """How many lay-off chances the layout of ``melds`` leaves."""
        mask = 0
        for meld in melds:
            mask |= self.chances(meld)
        return mask.bit_count()

    def is_meld(self, naturals: tuple[int, ...], wilds: int, kind: int) -> bool:
        """Do ``naturals`` (codes, ascending) and ``wilds`` wilds form a meld of ``kind``?
        (What :func:`~fivecrowns.game._scoring.meld_of` accepts, on codes.)"""
        rules, count = self.rules, len(naturals)
        if count + wilds < 3 or (not naturals and not rules.all_wild_melds):
            return False
        limit = rules.max_wilds_in(count)
        if limit is not None and wilds > limit:
            return False
        if kind == _BOOK:
            if any(code % 11 != naturals[0] % 11 for code in naturals):
                return False
            if not rules.distinct_suit_books:
                return True
            return len({code // 11 for code in naturals}) == count and count + wilds <= 5
        if count + wilds > 11:
            return False
        if not naturals:
            return True
        if any(code // 11 != naturals[0] // 11 for code in naturals):
            return False
        if len(set(naturals)) != count:
            return False
        return naturals[-1] - naturals[0] + 1 - count <= wilds

    def chances(self, meld: MeldKey) -> int:
        """The lay-off chances of ``meld``, as bits by card code."""
        found = self._chances.get(meld)
        if found is None:
            naturals, wilds, kind = meld
            if not naturals:
                candidates: Sequence[int] = range(JOKER_CODE)
            elif kind == _BOOK:
                candidates = range(naturals[0] % 11, JOKER_CODE, 11)
            else:
                candidates = range(naturals[0] // 11 * 11, naturals[0] // 11 * 11 + 11)
            found = 0
            for code in candidates:
                if not _is_wild(code, self.wild_rank):
                    joined = tuple(sorted((*naturals, code)))
                    if self.is_meld(joined, wilds, kind):
                        found |= 1 << code
            self._chances[meld] = found
        return found

    def place(self, rest: tuple[int, ...], wilds: int, mask: int, melds: list[MeldKey]) -> None:
        """Lay out naturals ``rest`` (sorted) and ``wilds`` wilds after ``melds`` (whose
        chances are ``mask``, fewer than the best's), keeping each layout of fewer chances."""
        if not rest:
            self.place_wilds(wilds, mask, melds, (wilds, _RUN))
            return
        if (rest, wilds, mask) in self._seen:
            return  # (its layouts were tried, against a best no lower)
        self._seen.add((rest, wilds, mask))
        for meld in self.melds_with(rest, wilds):
            after = mask | self.chances(meld)
            if after.bit_count() < self.best[0]:
                naturals, used, _ = meld
                self.place(_without(rest, naturals), wilds - used, after, [*melds, meld])

    def place_wilds(
        self, wilds: int, mask: int, melds: list[MeldKey], most: tuple[int, int]
    ) -> None:
        """Lay out ``wilds`` wilds as all-wild melds, each of (size, kind) no more than
        ``most`` (so that each set of them is tried once)."""
        if not wilds:
            if mask.bit_count() < self.best[0]:
                self.best = (mask.bit_count(), melds)
            return
        for size in range(min(wilds, most[0]), 2, -1):
            for kind in (_RUN, _BOOK):
                if (size, kind) > most or not self.is_meld((), size, kind):
                    continue
                meld: MeldKey = ((), size, kind)
                after = mask | self.chances(meld)
                if after.bit_count() < self.best[0]:
                    self.place_wilds(wilds - size, after, [*melds, meld], (size, kind))

    def melds_with(self, rest: tuple[int, ...], wilds: int) -> Iterator[MeldKey]:
        """Every meld holding the lowest natural of ``rest``, other naturals of ``rest`` and
        up to ``wilds`` wilds."""
        low = rest[0]
        same_rank = [code for code in rest[1:] if code % 11 == low % 11]
        for others in _sub_multisets(same_rank):
            naturals = (low, *others)
            for used in range(wilds, -1, -1):
                if self.is_meld(naturals, used, _BOOK):
                    yield naturals, used, _BOOK
        higher = sorted({code for code in rest if code // 11 == low // 11 and code != low})
        for naturals in _runs_from(low, higher, wilds):
            gaps = naturals[-1] - naturals[0] + 1 - len(naturals)
            for used in range(gaps, wilds + 1):
                if self.is_meld(naturals, used, _RUN):
                    yield naturals, used, _RUN


def _sub_multisets(codes: list[int]) -> Iterator[tuple[int, ...]]:
    """Every sub-multiset of ``codes`` (sorted), each once: the larger first, those of one
    size in the order of tuples."""
    counts = sorted(Counter(codes).items())
    parts: list[tuple[int, ...]] = [()]
    for code, count in counts:
        parts = [part + (code,) * k for part in parts for k in range(count + 1)]
    yield from sorted(parts, key=lambda part: (-len(part), part))


def _runs_from(low: int, higher: list[int], wilds: int) -> Iterator[tuple[int, ...]]:
    """Every set of naturals ``low`` and some of ``higher`` (codes of its suit above it,
    distinct, ascending) whose gaps ``wilds`` wilds can fill, ascending."""

    def grow(run: tuple[int, ...], start: int, gaps: int) -> Iterator[tuple[int, ...]]:
        yield run
        for i in range(start, len(higher)):
            more = gaps + higher[i] - run[-1] - 1
            if more > wilds:
                break  # (higher cards leave wider gaps)
            yield from grow((*run, higher[i]), i + 1, more)

    yield from grow((low,), 0, 0)
