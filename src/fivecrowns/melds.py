"""Melds: books and runs, what each wild stands for, and meld validation.

A **book** is three or more cards of one rank (duplicates allowed); a **run** is three or more
consecutive ranks of one suit, 3 up to K with no wrap-around. Wilds (jokers, and every card of
the round's wild rank) stand for any card, fill gaps and extend either end of a run.

>>> meld = check_meld("JS QS KS JK", wild_rank=7)
>>> meld.kind, str(meld)
(MeldKind.RUN, 'JK=10S JS QS KS')
>>> str(check_meld("KS KD KH KH", wild_rank=3))
'KH KH KS KD'
>>> check_meld("7H 8S 9H", wild_rank=3)
Traceback (most recent call last):
...
fivecrowns.errors.InvalidMeldError: run needs one suit: 7H 8S 9H
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Sequence
from typing import Final

import attrs

from ._svg import Group, cards_svg
from .cards import (
    _CARDS,
    JOKER_CODE,
    Card,
    CardsLike,
    Rank,
    Suit,
    _int_or_same,
    check_wild_rank,
    format_cards,
    parse_cards,
    short_repr,
)
from .errors import InvalidMeldError
from .rules import OFFICIAL, Rules, check_rules

__all__ = ["Meld", "MeldKind", "check_meld", "make_meld"]

_MIN_SIZE: Final = 3
_MAX_RUN: Final = 11
#: The rank an all-wild meld is shown as (any rank would do; the choice is cosmetic).
_ALL_WILD_RANK: Final = Rank.KING


class MeldKind(enum.Enum):
    """A book (one rank) or a run (one suit, consecutive ranks)."""

    BOOK = "book"
    RUN = "run"

    def __repr__(self) -> str:
        return f"MeldKind.{self.name}"


def _check_shape(meld: Meld) -> None:
    """Refuse a :class:`Meld` whose cards and stand-ins do not form a book or run."""
    cards, stands = meld.cards, meld.stands_for
    if not isinstance(meld.kind, MeldKind):
        raise InvalidMeldError(f"a meld's kind is a MeldKind, got {short_repr(meld.kind)}")
    for name, value in (("cards", cards), ("stands_for", stands)):
        if type(value) is not tuple or not all(type(card) is Card for card in value):
            raise InvalidMeldError(
                f"a meld's {name} must be a tuple of Card objects, got {short_repr(value)}"
            )
    wild = meld.wild_rank
    if wild is not None and (type(wild) is not int or not 3 <= wild <= 13):
        raise InvalidMeldError(
            f"a meld's wild_rank must be None (only jokers wild) or an int from 3 to 13, got "
            f"{short_repr(wild)}"
        )
    if len(cards) < _MIN_SIZE or len(cards) != len(stands):
        raise InvalidMeldError(
            f"a meld needs at least {_MIN_SIZE} cards, each with the card it stands for"
        )
    codes = [stand.code for stand in stands]
    for card, stand, code in zip(cards, stands, codes):
        if code == JOKER_CODE:
            raise InvalidMeldError(f"{card} cannot stand for a joker")
        if card.code != code and not card.is_wild(meld.wild_rank):
            raise InvalidMeldError(f"{card} is not wild, so it cannot stand for {stand}")
    if meld.kind is MeldKind.BOOK:
        if len({code % 11 for code in codes}) != 1:
            raise InvalidMeldError(f"a book needs one rank: {format_cards(stands)}")
        return
    suits = {code // 11 for code in codes}
    ranks = [code % 11 for code in codes]
    if len(suits) != 1 or ranks != list(range(ranks[0], ranks[0] + len(ranks))):
        raise InvalidMeldError(f"a run needs consecutive ranks of one suit: {format_cards(stands)}")


@attrs.frozen
class Meld:
    """A valid book or run.

    ``cards`` are the cards in meld order (a run from low to high; a book with its naturals
    first); ``stands_for`` gives, position by position, the natural card each card plays (a
    natural plays itself, a wild the card it stands for). Build one with :func:`check_meld`;
    the constructor refuses anything that is not a book or run shape.
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    stands_for: tuple[Card, ...]
    wild_rank: int | None = attrs.field(converter=_int_or_same)

    def __attrs_post_init__(self) -> None:
        _check_shape(self)

    @property
    def rank(self) -> Rank | None:
        """The rank of a book; None for a run."""
        return self.stands_for[0].rank if self.kind is MeldKind.BOOK else None

    @property
    def suit(self) -> Suit | None:
        """The suit of a run; None for a book."""
        return self.stands_for[0].suit if self.kind is MeldKind.RUN else None

    @property
    def wilds(self) -> tuple[tuple[Card, Card], ...]:
        """Each wild card of the meld with the card it stands for.

        >>> check_meld("9C JK JC", wild_rank=5).wilds
        ((Card.parse('JK'), Card.parse('10C')),)
        """
        return tuple(
            (card, stand)
            for card, stand in zip(self.cards, self.stands_for)
            if card.is_wild(self.wild_rank)
        )

    @property
    def naturals(self) -> tuple[Card, ...]:
        """The cards of the meld that are not wild."""
        return tuple(card for card in self.cards if not card.is_wild(self.wild_rank))

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return " ".join(
            str(card) if card == stand else f"{card}={stand}"
            for card, stand in zip(self.cards, self.stands_for)
        )

    def _svg_group(self) -> Group:
        """The meld's cards for ``_svg.cards_svg``: each wild noted with what it plays."""
        notes = [
            (card.code, "" if card == stand else f"={stand}")
            for card, stand in zip(self.cards, self.stands_for)
        ]
        return self.kind.value, notes

    def _repr_svg_(self) -> str:
        """The meld drawn as cards (each wild marked W, with what it plays), for Jupyter."""
        return cards_svg([self._svg_group()], self.wild_rank, label=str(self))


def check_meld(cards: CardsLike, wild_rank: Rank | int | None, *, rules: Rules = OFFICIAL) -> Meld:
    """Return the :class:`Meld` the cards form, or raise :class:`InvalidMeldError` saying why.

    ``wild_rank`` is the round's wild rank (3..13), or None when only jokers are wild. A card
    set that is both a book and a run (one natural and two wilds, say) is read as a book.

    >>> str(check_meld("5H JK 8H 9S", wild_rank=9))
    '5H JK=6H 9S=7H 8H'
    >>> check_meld("JK JK JK", wild_rank=3, rules=Rules(all_wild_melds=False))
    Traceback (most recent call last):
    ...
    fivecrowns.errors.InvalidMeldError: a meld of wilds only (JK JK JK) is not allowed by \
these rules (all_wild_melds=False)
    """
    check_rules(rules)
    hand = parse_cards(cards)
    wild = None if wild_rank is None else check_wild_rank(wild_rank)
    return make_meld(hand, wild, rules=rules)


def make_meld(
    cards: Sequence[Card], wild_rank: int | None, *, rules: Rules = OFFICIAL, kind: str = ""
) -> Meld:
    """:func:`check_meld` for parsed cards; ``kind`` ("book" or "run") picks the reading of
    cards that could be either."""
    check_rules(rules)
    if wild_rank is not None:
        wild_rank = check_wild_rank(wild_rank)
    if kind not in ("", "book", "run"):
        raise InvalidMeldError(f"kind must be 'book', 'run' or '' (either), got {short_repr(kind)}")
    if len(cards) < _MIN_SIZE:
        shown = format_cards(cards)
        raise InvalidMeldError(
            f"a meld needs at least {_MIN_SIZE} cards, got {len(cards)}: {shown or '(none)'}"
        )
    naturals = sorted((card for card in cards if not card.is_wild(wild_rank)), key=_by_rank)
    wilds = [card for card in cards if card.is_wild(wild_rank)]
    if not naturals and not rules.all_wild_melds:
        raise InvalidMeldError(
            f"a meld of wilds only ({format_cards(cards)}) is not allowed by these rules "
            "(all_wild_melds=False)"
        )
    limit = rules.max_wilds_in(len(naturals))
    if limit is not None and len(wilds) > limit:
        allowed = (
            "no more wilds than naturals"
            if rules.max_wilds_per_meld == "naturals"
            else f"at most {limit}"
        )
        raise InvalidMeldError(
            f"too many wilds in {format_cards(cards)}: {len(wilds)}, and these rules allow "
            f"{allowed} (max_wilds_per_meld)"
        )
    if len({card.rank for card in naturals}) <= 1 and kind != "run":
        try:
            return _book(naturals, wilds, wild_rank, rules)
        except InvalidMeldError:
            if len(naturals) > 1 or kind == "book":
                raise
            # One natural (or none) with too many wilds for a book: a run may still hold them.
    if len({card.suit for card in naturals}) <= 1:
        return _run(naturals, wilds, wild_rank)
    if len({card.rank for card in naturals}) == len(naturals):
        raise InvalidMeldError(f"run needs one suit: {format_cards(naturals)}")
    raise InvalidMeldError(
        f"cards are neither one rank (a book) nor one suit (a run): {format_cards(naturals)}"
    )


def _solved_meld(kind: str, codes: Sequence[int], wild_rank: int | None, rules: Rules) -> Meld:
    """The :class:`Meld` of a meld the solver found (card codes, sorted, and its kind): the
    solver only makes melds its rules allow, so only the shape is checked (by ``Meld``)."""
    naturals = []
    wilds = []
    for code in codes:
        card = _CARDS[code]
        if code == JOKER_CODE or code % 11 + 3 == wild_rank:
            wilds.append(card)
        else:
            naturals.append(card)
    naturals.sort(key=_by_rank)
    if kind == "book":
        return _book(naturals, wilds, wild_rank, rules)
    return _run(naturals, wilds, wild_rank)


def _by_rank(card: Card) -> tuple[int, int]:
    return (int(card.rank or 0), card.code)


def _book(naturals: list[Card], wilds: list[Card], wild_rank: int | None, rules: Rules) -> Meld:
    rank = naturals[0].rank if naturals else _ALL_WILD_RANK
    assert rank is not None
    present = [card.suit for card in naturals]
    if rules.distinct_suit_books:
        if len(set(present)) != len(present):
            raise InvalidMeldError(
                f"book holds two cards of one suit ({format_cards(naturals)}), which these "
                "rules forbid (distinct_suit_books)"
            )
        if len(naturals) + len(wilds) > len(Suit):
            raise InvalidMeldError(
                f"a book with distinct suits holds at most {len(Suit)} cards, got "
                f"{len(naturals) + len(wilds)}: {format_cards(naturals + wilds)}"
            )
    missing = [suit for suit in Suit if suit not in present]
    cycle = [suit.value for suit in missing] + [suit.value for suit in Suit]
    base = int(rank) - 3
    stands = naturals + [_CARDS[cycle[i % len(cycle)] * 11 + base] for i in range(len(wilds))]
    return Meld(MeldKind.BOOK, tuple(naturals + wilds), tuple(stands), wild_rank)


def _run(naturals: list[Card], wilds: list[Card], wild_rank: int | None) -> Meld:
    total = len(naturals) + len(wilds)
    if total > _MAX_RUN:
        raise InvalidMeldError(
            f"a run is at most {_MAX_RUN} cards (3 through K, no wrap-around), got {total}: "
            f"{format_cards(naturals + wilds)}"
        )
    suit = naturals[0].suit if naturals else Suit.STARS
    assert suit is not None
    ranks = [int(card.rank or 0) for card in naturals]
    for previous, card in itertools.pairwise(naturals):
        if previous.rank == card.rank:
            raise InvalidMeldError(f"a run cannot hold two cards of one rank: {previous} {card}")
    # An all-wild run starts at 3: its span before extension is empty.
    low, high = (ranks[0], ranks[-1]) if ranks else (3, 2)
    gaps = [rank for rank in range(low, high + 1) if rank not in ranks]
    if len(gaps) > len(wilds):
        raise InvalidMeldError(
            f"run {format_cards(naturals)} has {len(gaps)} gap(s) "
            f"({format_cards(Card.of(rank, suit) for rank in gaps)}) but only {len(wilds)} "
            "wild(s) to fill them"
        )
    extra = len(wilds) - len(gaps)
    above = min(extra, 13 - high)
    low, high = low - (extra - above), high + above
    by_rank = {int(card.rank or 0): card for card in naturals}
    spare = iter(wilds)
    cards = [by_rank[rank] if rank in by_rank else next(spare) for rank in range(low, high + 1)]
    stands = [_CARDS[suit.value * 11 + rank - 3] for rank in range(low, high + 1)]
    return Meld(MeldKind.RUN, tuple(cards), tuple(stands), wild_rank)
