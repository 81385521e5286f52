"""Cards: suits, ranks, the card value, its notation and the deck.

A Five Crowns pack has five suits (stars, hearts, clubs, spades, diamonds) of eleven ranks
(3 to 10, J, Q, K) and three jokers; the game uses two packs, so every natural card exists
twice.

Notation: a rank ``3``-``10`` (also ``T``), ``J``, ``Q`` or ``K`` followed by a suit ``*``
(stars), ``H``, ``C``, ``S`` or ``D``; the joker is ``JK`` (or ``JOKER``). Parsing ignores the
case of these ASCII letters (and only theirs: ``"7ſ"`` is not ``7S``) and also accepts the
symbols ★ ♥ ♣ ♠ ♦ (and their outlines ☆ ♡ ♧ ♤ ♢); nothing else names a card. In a hand, cards
are separated by ASCII whitespace and/or commas.

>>> Card.parse("10h")
Card.parse('10H')
>>> str(Card.of(Rank.QUEEN, Suit.STARS))
'Q*'
>>> parse_cards("7H, 8H JK q♠")
(Card.parse('7H'), Card.parse('8H'), Card.parse('JK'), Card.parse('QS'))

Every card has a compact integer code (``suit_index * 11 + rank - 3`` for the 55 naturals,
55 for the joker); the solver works on those codes.
"""

from __future__ import annotations

import enum
import operator
import re
from collections.abc import Iterable
from typing import Any, Final

import attrs

from ._svg import cards_svg
from .errors import InvalidCardError, InvalidHandError

__all__ = [
    "CARDS",
    "JOKER",
    "JOKER_CODE",
    "NUM_CODES",
    "Card",
    "CardsLike",
    "Rank",
    "Suit",
    "card_codes",
    "check_wild_rank",
    "deck",
    "format_cards",
    "is_wild_code",
    "parse_cards",
    "without",
    "without_code",
]


class Suit(enum.Enum):
    """The five suits, in the official order (their ``value`` is that index)."""

    STARS = 0
    HEARTS = 1
    CLUBS = 2
    SPADES = 3
    DIAMONDS = 4

    @property
    def letter(self) -> str:
        """The notation letter: ``*``, ``H``, ``C``, ``S`` or ``D``."""
        return _SUIT_LETTERS[self.value]

    @property
    def symbol(self) -> str:
        """The symbol: ★ ♥ ♣ ♠ ♦."""
        return _SUIT_SYMBOLS[self.value]

    @property
    def color(self) -> str:
        """The usual printed colour: yellow, red, green, black or blue."""
        return _SUIT_COLORS[self.value]

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


class Rank(enum.IntEnum):
    """The eleven ranks; the value is both the order and the points (J 11, Q 12, K 13)."""

    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def label(self) -> str:
        """The notation: ``3``-``10``, ``J``, ``Q`` or ``K``."""
        return _RANK_LABELS[self.value]

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_SUIT_LETTERS: Final = ("*", "H", "C", "S", "D")
_SUIT_SYMBOLS: Final = ("★", "♥", "♣", "♠", "♦")
_SUIT_COLORS: Final = ("yellow", "red", "green", "black", "blue")
_RANK_LABELS: Final = {r: str(r) for r in range(3, 11)} | {11: "J", 12: "Q", 13: "K"}

#: The code of the joker; natural cards have codes 0..54.
JOKER_CODE: Final = 55
#: The number of distinct card codes (55 naturals and the joker).
NUM_CODES: Final = 56

_SUITS: Final = tuple(Suit)
_RANKS: Final = tuple(Rank)


# -- argument helpers shared by the modules above this one ------------------------------------

#: The longest ``repr`` of a bad value an error message quotes.
_REPR_LIMIT: Final = 80


def short_repr(value: object, limit: int = _REPR_LIMIT) -> str:
    """``repr(value)`` for an error message, cut to about ``limit`` characters (a huge input
    must not make a huge message).

    >>> short_repr("7H " * 100)[-10:]
    " 7H 7H'..."
    """
    if isinstance(value, (str, bytes)) and len(value) > limit:
        return f"{value[:limit]!r}..."
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def as_int(value: object) -> int | None:
    """``value`` as an :class:`int` if it is an integer of any type (``int``, a numpy
    integer, a :class:`Rank`: anything with ``__index__``) other than a bool; else None.

    >>> import numpy as np
    >>> as_int(7), as_int(np.int64(7)), as_int(Rank.KING), as_int(True), as_int(7.0)
    (7, 7, 13, None, None)
    """
    if type(value) is int:
        return value
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def _int_or_same(value: object) -> Any:
    """``value`` as an int if it is an integer (not a bool), else unchanged (for converters
    followed by a validator that names what is accepted)."""
    as_integer = as_int(value)
    return value if as_integer is None else as_integer


@attrs.frozen(order=True, repr=False)
class Card:
    """One card: a natural (a rank and a suit) or the joker.

    Cards are immutable, hashable and ordered by suit then rank, the joker last. Build them
    with :meth:`parse`, :meth:`of` or :meth:`from_code`; ``Card(code)`` also works.

    >>> card = Card.of(Rank.TEN, Suit.HEARTS)
    >>> card, card.rank, card.suit, card.code
    (Card.parse('10H'), Rank.TEN, Suit.HEARTS, 18)
    >>> JOKER.is_joker, JOKER.rank is None
    (True, True)
    """

    #: The card code: ``suit_index * 11 + rank - 3`` (0..54) for a natural, 55 for the joker.
    code: int = attrs.field(converter=_int_or_same)

    @code.validator
    def _check_code(self, _attribute: object, value: object) -> None:
        if type(value) is not int or not 0 <= value < NUM_CODES:
            raise InvalidCardError(
                f"a card code must be an int from 0 to {NUM_CODES - 1}, got {short_repr(value)}"
            )

    def __hash__(self) -> int:
        # the code itself: equal cards have equal codes, and this costs less than half of
        # the hash attrs would write (cards are keys and set members everywhere)
        return self.code

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit) -> Card:
        """The natural card of ``rank`` (3..13, any integer type but bool) and ``suit``."""
        if not isinstance(suit, Suit):
            raise InvalidCardError(f"suit must be a Suit, got {short_repr(suit)}")
        value = as_int(rank)
        if value is None or not 3 <= value <= 13:
            raise InvalidCardError(
                f"rank must be a Rank or an int from 3 to 13, got {short_repr(rank)}"
            )
        return _CARDS[suit.value * 11 + value - 3]

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The card with this code (0..54 naturals, 55 the joker; any integer type but
        bool)."""
        value = code if type(code) is int else as_int(code)
        if value is None or not 0 <= value < NUM_CODES:
            raise InvalidCardError(
                f"a card code must be an int from 0 to {NUM_CODES - 1}, got {short_repr(code)}"
            )
        return _CARDS[value]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card in the notation (see the module docs); case-insensitive.

        >>> Card.parse("T*"), Card.parse("k♦"), Card.parse("jk")
        (Card.parse('10*'), Card.parse('KD'), Card.parse('JK'))
        """
        if not isinstance(text, str):
            raise InvalidCardError(
                f"a card must be given as a string such as '10H' or 'JK', got {short_repr(text)}"
            )
        return _parse_token(text, text, None)

    @property
    def is_joker(self) -> bool:
        """True for the joker."""
        return self.code == JOKER_CODE

    @property
    def rank(self) -> Rank | None:
        """The rank of a natural card; None for the joker."""
        return None if self.code == JOKER_CODE else _RANKS[self.code % 11]

    @property
    def suit(self) -> Suit | None:
        """The suit of a natural card; None for the joker."""
        return None if self.code == JOKER_CODE else _SUITS[self.code // 11]

    def is_wild(self, wild_rank: Rank | int | None) -> bool:
        """True if the card is wild in a round whose wild rank is ``wild_rank``.

        Jokers are always wild; ``None`` means no rank is wild.

        >>> Card.parse("7H").is_wild(7), Card.parse("7H").is_wild(8), JOKER.is_wild(8)
        (True, False, True)
        """
        return self.code == JOKER_CODE or self.code % 11 + 3 == wild_rank

    def __str__(self) -> str:
        return _NAMES[self.code]

    def __repr__(self) -> str:
        return f"Card.parse({_NAMES[self.code]!r})"

    def _repr_svg_(self) -> str:
        """The card drawn in its suit's colour, for Jupyter (``_svg.cards_svg``)."""
        return cards_svg([("", [(self.code, "")])], label=_NAMES[self.code])


def _name(code: int) -> str:
    if code == JOKER_CODE:
        return "JK"
    return _RANK_LABELS[code % 11 + 3] + _SUIT_LETTERS[code // 11]


_NAMES: Final = tuple(_name(code) for code in range(NUM_CODES))
_CARDS: Final = tuple(Card(code) for code in range(NUM_CODES))
#: Every distinct card, indexed by its code: ``CARDS[code] == Card.from_code(code)``.
CARDS: Final = _CARDS
#: The joker.
JOKER: Final = _CARDS[JOKER_CODE]


def is_wild_code(code: int, wild_rank: int | None) -> bool:
    """True if the card with this code is wild when ``wild_rank`` is wild (``None``: only
    jokers are): the code form of :meth:`Card.is_wild`, for loops over codes.

    >>> is_wild_code(JOKER_CODE, None), is_wild_code(Card.parse("7H").code, 7)
    (True, True)
    """
    return code == JOKER_CODE or code % 11 + 3 == wild_rank


def without_code(codes: tuple[int, ...], code: int) -> tuple[int, ...]:
    """``codes`` with its first copy of ``code`` taken out (the code form of
    :func:`without`, for the solver's sorted code tuples); ``code`` must be there.

    >>> without_code((3, 7, 7, 55), 7)
    (3, 7, 55)
    """
    i = codes.index(code)
    return codes[:i] + codes[i + 1 :]


def without(cards: Iterable[Card], removed: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` with one copy of each card of ``removed`` taken out, the order kept.

    Raises :class:`InvalidHandError` if ``removed`` holds a card (or a copy of it) that
    ``cards`` does not.

    >>> format_cards(without(parse_cards("7H 7H 8H JK"), parse_cards("7H JK")))
    '7H 8H'
    """
    rest = list(cards)
    for card in removed:
        try:
            rest.remove(card)
        except ValueError:
            raise InvalidHandError(f"{card} is not among the cards to take it from") from None
    return tuple(rest)


_RANK_TOKENS: Final = {label: rank for rank, label in _RANK_LABELS.items()} | {"T": 10}
#: The suit of each suit token (after ASCII upper-casing): the letters, the symbols and the
#: symbols' outlines.
_SUIT_TOKENS: Final = {
    token: index
    for index, tokens in enumerate(zip(_SUIT_LETTERS, _SUIT_SYMBOLS, "☆♡♧♤♢", strict=True))
    for token in tokens
}
#: Upper-cases the ASCII letters only: ``str.upper`` also maps other letters onto them
#: ("ſ" to "S", "ﬀ" to "FF"), which would read text that is not the notation as cards.
_ASCII_UPPER: Final = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
#: What separates cards besides commas: ASCII whitespace (``str.split`` also splits on
#: other Unicode spaces and on the control characters 0x1C-0x1F).
ASCII_SPACE: Final = " \t\n\r\f\v"
_SPACES: Final = re.compile(f"[{re.escape(ASCII_SPACE)}]+")
_ACCEPTED: Final = (
    "a card is a rank 3-10 (or T), J, Q or K followed by a suit * (stars), H, C, S or D "
    "(or ★ ♥ ♣ ♠ ♦), or JK for the joker; for example 10H, Q*, JK"
)
_PARSED: dict[str, Card] = {}


def _parse_token(token: str, source: str, position: int | None) -> Card:
    card = _PARSED.get(token)
    if card is not None:
        return card
    where = "" if position is None else f" at position {position} of {short_repr(source)}"
    upper = token.strip(ASCII_SPACE).translate(_ASCII_UPPER)
    if not upper:
        raise InvalidCardError(f"empty card{where}; {_ACCEPTED}")
    if upper in ("JK", "JOKER"):
        card = JOKER
    else:
        rank = _RANK_TOKENS.get(upper[:-1])
        suit = _SUIT_TOKENS.get(upper[-1])
        if rank is None or suit is None:
            what = "rank" if rank is None else "suit"
            if len(upper) == 1 or (rank is None and upper in _RANK_TOKENS):
                what = "card (a rank and a suit are both needed)"
            raise InvalidCardError(f"bad {what} in card {short_repr(token)}{where}; {_ACCEPTED}")
        card = _CARDS[suit * 11 + rank - 3]
    if len(_PARSED) < 1024:
        _PARSED[token] = card
    return card


#: What every function that takes cards accepts: a string of cards separated by spaces or
#: commas, or an iterable of :class:`Card` objects and card strings.
CardsLike = str | Iterable[Card | str]


def parse_cards(cards: CardsLike) -> tuple[Card, ...]:
    """Parse a hand: a string of cards separated by spaces and/or commas, or an iterable of
    :class:`Card` and card strings. An empty string is the empty hand.

    >>> parse_cards("10H J* JK")
    (Card.parse('10H'), Card.parse('J*'), Card.parse('JK'))
    >>> parse_cards(["7s", Card.parse("8S")])
    (Card.parse('7S'), Card.parse('8S'))
    >>> parse_cards("7H,,8H")
    Traceback (most recent call last):
    ...
    fivecrowns.errors.InvalidCardError: empty card at position 2 of '7H,,8H'; ...
    """
    if isinstance(cards, str):
        return _parse_string(cards)
    if isinstance(cards, (bytes, bytearray)) or not isinstance(cards, Iterable):
        raise InvalidCardError(
            "cards must be a string such as '7H 8H JK' or an iterable of Card objects or "
            f"card strings, got {short_repr(cards)}"
        )
    try:
        items = iter(cards)
    except TypeError:  # (an object that says it is iterable and is not, such as a 0-d array)
        raise InvalidCardError(
            f"cards must be a string or an iterable of cards, got {short_repr(cards)}; {_ACCEPTED}"
        ) from None
    out: list[Card] = []
    for position, item in enumerate(items, start=1):
        if isinstance(item, Card):
            out.append(item)
        elif isinstance(item, str):
            if item.strip(ASCII_SPACE):
                out.append(_parse_token(item, item, None))
            else:
                _empty(position)
        else:
            raise InvalidCardError(
                f"item {position} is {short_repr(item)}, not a Card or a card string; {_ACCEPTED}"
            )
    return tuple(out)


def _empty(position: int) -> Card:
    raise InvalidCardError(f"empty card at position {position}; {_ACCEPTED}")


def _parse_string(text: str) -> tuple[Card, ...]:
    stripped = text.strip(ASCII_SPACE)
    if not stripped:
        return ()
    # Commas separate cards (with optional spaces around them); so does ASCII whitespace.
    tokens: list[str] = []
    for chunk in stripped.split(","):
        words = [word for word in _SPACES.split(chunk) if word]
        if not words:
            tokens.append("")
        tokens.extend(words)
    return tuple(
        _parse_token(token, text, position) for position, token in enumerate(tokens, start=1)
    )


def format_cards(cards: CardsLike) -> str:
    """The notation of several cards, separated by spaces. Like every function that takes
    cards, it accepts a string too (see :data:`CardsLike`), which it normalises.

    >>> format_cards(parse_cards("10h jk"))
    '10H JK'
    >>> format_cards("t* ,7h")
    '10* 7H'
    """
    return " ".join(_NAMES[card.code] for card in parse_cards(cards))


def check_wild_rank(wild_rank: object) -> int:
    """Validate a wild rank (a :class:`Rank` or an int 3..13, of any integer type but bool)
    and return it as an int."""
    value = as_int(wild_rank)
    if value is None or not 3 <= value <= 13:
        raise InvalidHandError(
            f"wild rank must be a Rank or an int from 3 to 13, got {short_repr(wild_rank)}"
        )
    return value


def card_codes(cards: CardsLike, *, packs: int = 2) -> tuple[int, ...]:
    """Parse ``cards`` and return their codes, checking the deck can hold them.

    Raises :class:`InvalidHandError` if a natural card appears more than ``packs`` times or
    there are more than ``3 * packs`` jokers.
    """
    codes = tuple(card.code for card in parse_cards(cards))
    counts = [0] * NUM_CODES
    for code in codes:
        counts[code] += 1
    for code, count in enumerate(counts):
        limit = 3 * packs if code == JOKER_CODE else packs
        if count > limit:
            raise InvalidHandError(
                f"{count} copies of {_NAMES[code]}, but {packs} pack(s) hold only {limit}"
            )
    return codes


def deck(packs: int = 2) -> tuple[Card, ...]:
    """Every card of ``packs`` packs, in code order (58 cards per pack).

    >>> len(deck()), len(deck(1)), deck().count(JOKER)
    (116, 58, 6)
    """
    count = as_int(packs)
    if count is None or count < 1:
        raise InvalidHandError(f"packs must be an int of at least 1, got {short_repr(packs)}")
    naturals = tuple(card for card in _CARDS[:JOKER_CODE] for _ in range(count))
    return naturals + (JOKER,) * (3 * count)
