"""Actions: what a player does on a turn, as small immutable values with a stable integer
encoding, and the phases of a turn.

A turn is a draw (:data:`DRAW_STOCK` or :data:`DRAW_DISCARD`) then a discard
(:meth:`Action.discard`), or going out (:meth:`Action.go_out`: every other card melded, then
discard that card). When final hands are laid down by the players themselves
(``Rules(auto_arrange_final_hand=False)``), a final turn also builds melds card by card: select
cards (:meth:`Action.select`, :meth:`Action.deselect`), then lay the selection down as a book or
a run (:data:`MELD_BOOK`, :data:`MELD_RUN`) or, with ``Rules(lay_off=True)``, add it to a meld
on the table (:meth:`Action.lay_off`).

>>> Action.discard("7H")
Action.parse('discard 7H')
>>> str(Action.go_out(Card.parse("KD"))), Action.go_out("KD").to_int()
('out KD', 112)
>>> Action.from_int(1) == DRAW_DISCARD
True
>>> [str(Action.parse(text)) for text in ("draw", "take", "select jk", "layoff 2")]
['draw', 'take', 'select JK', 'layoff 2']

The integer encoding is stable (it will only ever grow at the end):

==========  =====================================================
integer      action
==========  =====================================================
0            draw the top card of the stock
1            take the top card of the discard pile
2-57         discard the card of code ``i - 2``
58-113       go out discarding the card of code ``i - 58``
114          go out without a discard (``go_out_without_discard``)
115-170      select one more copy of card code ``i - 115``
171-226      deselect one copy of card code ``i - 171``
227          lay the selection down as a book
228          lay the selection down as a run
229 + k      lay the selection off onto table meld ``k``
==========  =====================================================

Card codes are :attr:`Card.code` (0-54 the naturals, 55 the joker). The number of distinct
actions depends only on the deck: :func:`num_actions` (``229 + deck size // 3``, since the
table can never hold more melds than that).
"""

from __future__ import annotations

import enum
import re
from typing import Final

import attrs
import numpy as np

from ..cards import ASCII_SPACE, CARDS, NUM_CODES, Card, as_int, parse_cards, short_repr
from ..errors import IllegalActionError
from ..rules import OFFICIAL, Rules, check_rules

__all__ = [
    "DRAW_DISCARD",
    "DRAW_STOCK",
    "GO_OUT_WITHOUT_DISCARD",
    "MELD_BOOK",
    "MELD_RUN",
    "NUM_BASE_ACTIONS",
    "Action",
    "ActionKind",
    "Phase",
    "num_actions",
]


class Phase(enum.Enum):
    """Where the game stands: a player must draw, a player has drawn and must finish the turn
    (discard, go out, or lay down in a final turn), or the game is over."""

    DRAW = "draw"
    DISCARD = "discard"
    OVER = "over"

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


class ActionKind(enum.Enum):
    """The kinds of action; the value is the action's notation keyword."""

    DRAW_STOCK = "draw"
    DRAW_DISCARD = "take"
    DISCARD = "discard"
    GO_OUT = "out"
    GO_OUT_WITHOUT_DISCARD = "out!"
    SELECT = "select"
    DESELECT = "deselect"
    MELD_BOOK = "meld book"
    MELD_RUN = "meld run"
    LAY_OFF = "layoff"

    def __repr__(self) -> str:
        return f"ActionKind.{self.name}"


_CARD_KINDS: Final = (
    ActionKind.DISCARD,
    ActionKind.GO_OUT,
    ActionKind.SELECT,
    ActionKind.DESELECT,
)
#: First integer of each kind of action.
_BASE: Final = {
    ActionKind.DRAW_STOCK: 0,
    ActionKind.DRAW_DISCARD: 1,
    ActionKind.DISCARD: 2,
    ActionKind.GO_OUT: 2 + NUM_CODES,
    ActionKind.GO_OUT_WITHOUT_DISCARD: 2 + 2 * NUM_CODES,
    ActionKind.SELECT: 3 + 2 * NUM_CODES,
    ActionKind.DESELECT: 3 + 3 * NUM_CODES,
    ActionKind.MELD_BOOK: 3 + 4 * NUM_CODES,
    ActionKind.MELD_RUN: 4 + 4 * NUM_CODES,
    ActionKind.LAY_OFF: 5 + 4 * NUM_CODES,
}
#: The number of actions that do not name a table meld (all but the lay-offs): 229.
NUM_BASE_ACTIONS: Final = 5 + 4 * NUM_CODES

_ACCEPTED: Final = (
    "an action is 'draw', 'take', 'discard <card>', 'out <card>', 'out!', 'select <card>', "
    "'deselect <card>', 'meld book', 'meld run' or 'layoff <meld index>'"
)


def num_actions(rules: Rules = OFFICIAL) -> int:
    """The number of distinct integer actions under ``rules`` (267 for the official deck).

    >>> num_actions(), num_actions(Rules(packs=3))
    (267, 287)
    """
    return NUM_BASE_ACTIONS + check_rules(rules).deck_size // 3


def _to_card(card: Card | str) -> Card:
    if isinstance(card, Card):
        return card
    cards = parse_cards(card) if isinstance(card, str) else ()
    if len(cards) != 1:
        raise IllegalActionError(
            f"an action names exactly one card (a Card or its notation, such as '7H'), "
            f"got {short_repr(card)}"
        )
    return cards[0]


#: Lower-cases the ASCII letters only (``str.lower`` also maps the Kelvin sign to "k").
_ASCII_LOWER: Final = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_DIGITS: Final = frozenset("0123456789")
#: The longest meld index the notation reads (no table holds a thousand melds).
_MAX_INDEX_DIGITS: Final = 3


def _meld_index(word: str, text: str) -> int:
    """The table meld index ``word`` writes: ASCII digits, no sign, no leading zero."""
    if not word or not set(word) <= _DIGITS or (len(word) > 1 and word[0] == "0"):
        raise IllegalActionError(
            "a lay-off names its table meld by an index written in ASCII digits, with no "
            f"sign and no leading zero, such as 'layoff 0' or 'layoff 12'; got {short_repr(text)}"
        )
    if len(word) > _MAX_INDEX_DIGITS:
        raise IllegalActionError(
            f"a lay-off meld index has at most {_MAX_INDEX_DIGITS} digits; got {short_repr(text)}"
        )
    return int(word)


def _words(text: str) -> list[str]:
    """The words of an action's notation: split at ASCII whitespace, lower-cased in ASCII
    only (``str.lower`` also maps the Kelvin sign to "k")."""
    return [word for word in _SPLIT.split(text.strip(ASCII_SPACE).translate(_ASCII_LOWER)) if word]


_SPLIT: Final = re.compile(f"[{re.escape(ASCII_SPACE)}]+")


def _index_or_same(value: object) -> object:
    """A lay-off index as an int if it is an integer (not a bool), else unchanged for the
    check to refuse."""
    if value is None or type(value) is int:
        return value
    number = as_int(value)
    return value if number is None else number


@attrs.frozen(repr=False)
class Action:
    """One action. Build it with the class methods or constants, :meth:`parse` or
    :meth:`from_int`; ``card`` is set for discard, go out, select and deselect, ``meld`` (an
    index into the state's table melds) for a lay-off.

    Actions are hashable and compare by value; ``str`` gives the notation that :meth:`parse`
    reads back, ``repr`` pastes back into Python.

    ``card`` and ``meld`` are optional (``Card | None``, ``int | None``), since most kinds
    name neither; typed code that has checked the kind reads :attr:`named_card` and
    :attr:`meld_index` instead, which are a ``Card`` and an ``int`` (no ``None`` to narrow
    away) and raise :class:`~fivecrowns.IllegalActionError` on an action of another kind.
    """

    kind: ActionKind
    card: Card | None = None
    meld: int | None = attrs.field(default=None, converter=_index_or_same)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.kind, ActionKind):
            raise IllegalActionError(
                f"an action's kind must be an ActionKind (such as ActionKind.DISCARD), got "
                f"{short_repr(self.kind)}"
            )
        needs_card = self.kind in _CARD_KINDS
        if needs_card != (self.card is not None):
            raise IllegalActionError(
                f"a {self.kind.value!r} action {'needs a' if needs_card else 'takes no'} card, "
                f"got {short_repr(self.card)}"
            )
        if needs_card and type(self.card) is not Card:
            raise IllegalActionError(
                f"a {self.kind.value!r} action's card must be a Card (such as Card.parse('7H')"
                f" or JOKER; Action.{self.kind.name.lower()}() also takes the notation), got "
                f"{short_repr(self.card)}"
            )
        is_lay_off = self.kind is ActionKind.LAY_OFF
        if is_lay_off:
            if type(self.meld) is not int or self.meld < 0:
                raise IllegalActionError(
                    "a lay-off needs a table meld index (an int of at least 0), got "
                    f"{short_repr(self.meld)}"
                )
        elif self.meld is not None:
            raise IllegalActionError(
                f"a {self.kind.value!r} action takes no meld index, got {short_repr(self.meld)}"
            )

    # -- typed accessors ----------------------------------------------------------------

    @property
    def named_card(self) -> Card:
        """The card of a discard, go out, select or deselect, typed :class:`Card`.

        >>> Action.discard("7H").named_card
        Card.parse('7H')
        >>> DRAW_STOCK.named_card
        Traceback (most recent call last):
        ...
        fivecrowns.errors.IllegalActionError: a 'draw' action names no card; ...
        """
        card = self.card
        if card is None:
            raise IllegalActionError(
                f"a {self.kind.value!r} action names no card; only discard, go out, select "
                "and deselect actions do (check the action's kind first)"
            )
        return card

    @property
    def meld_index(self) -> int:
        """The table meld index of a lay-off, typed ``int``.

        >>> Action.lay_off(2).meld_index
        2
        """
        meld = self.meld
        if meld is None:
            raise IllegalActionError(
                f"a {self.kind.value!r} action names no table meld; only a lay-off does "
                "(check the action's kind first)"
            )
        return meld

    # -- constructors -------------------------------------------------------------------

    @classmethod
    def discard(cls, card: Card | str) -> Action:
        """Discard ``card`` (ends the turn)."""
        return cls(ActionKind.DISCARD, _to_card(card))

    @classmethod
    def go_out(cls, card: Card | str) -> Action:
        """Go out: lay down every other card in melds and discard ``card``."""
        return cls(ActionKind.GO_OUT, _to_card(card))

    @classmethod
    def select(cls, card: Card | str) -> Action:
        """Add one copy of ``card`` (from the hand) to the selection to lay down."""
        return cls(ActionKind.SELECT, _to_card(card))

    @classmethod
    def deselect(cls, card: Card | str) -> Action:
        """Take one copy of ``card`` out of the selection."""
        return cls(ActionKind.DESELECT, _to_card(card))

    @classmethod
    def for_card(cls, kind: ActionKind, card: Card) -> Action:
        """The action of ``kind`` (discard, go out, select or deselect) naming ``card``: the
        same value as :meth:`discard` and the others, without building it again.

        >>> Action.for_card(ActionKind.GO_OUT, Card.parse("KD"))
        Action.parse('out KD')
        """
        if kind not in _CARD_KINDS or type(card) is not Card:
            raise IllegalActionError(
                f"for_card takes a kind among discard, go out, select and deselect and a Card, "
                f"got {short_repr(kind)} and {short_repr(card)}"
            )
        return _ACTIONS[_BASE[kind] + card.code]

    @classmethod
    def lay_off(cls, meld: int) -> Action:
        """Add the selected cards to table meld number ``meld`` (``Rules(lay_off=True)``)."""
        return cls(ActionKind.LAY_OFF, None, meld)

    # -- integer encoding ---------------------------------------------------------------

    def to_int(self) -> int:
        """The action's integer (see the module docs for the table)."""
        base = _BASE[self.kind]
        if self.card is not None:
            return base + self.card.code
        if self.meld is not None:
            return base + self.meld
        return base

    @classmethod
    def from_int(cls, value: int, rules: Rules | None = None) -> Action:
        """The action of integer ``value``; with ``rules``, lay-off indices beyond the table's
        capacity are refused too.

        >>> Action.from_int(2 + 55), Action.from_int(229)
        (Action.parse('discard JK'), Action.parse('layoff 0'))
        """
        limit = None if rules is None else num_actions(rules)
        number = value if type(value) is int else as_int(value)
        if number is None or number < 0 or (limit is not None and number >= limit):
            upper = "" if limit is None else f" to {limit - 1}"
            raise IllegalActionError(
                f"an action integer is an int from 0{upper} (a numpy integer will do, not a "
                f"bool), got {short_repr(value)}"
            )
        return _from_int(number)

    # -- notation -----------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the notation ``str(action)`` gives. The keywords ignore the case of their
        ASCII letters (only those); words are separated by ASCII whitespace; a lay-off's meld
        index is written in ASCII digits with no sign or leading zero.

        >>> Action.parse("DISCARD 10h"), Action.parse("layoff 12")
        (Action.parse('discard 10H'), Action.parse('layoff 12'))
        """
        if not isinstance(text, str):
            raise IllegalActionError(f"{_ACCEPTED}; got {short_repr(text)}")
        words = _words(text)
        head = " ".join(words[:2]) if words[:1] == ["meld"] else words[0] if words else ""
        rest = words[2:] if head.startswith("meld") else words[1:]
        try:
            kind = ActionKind(head)
        except ValueError:
            raise IllegalActionError(f"{_ACCEPTED}; got {short_repr(text)}") from None
        if kind in _CARD_KINDS:
            if len(rest) != 1:
                raise IllegalActionError(f"{_ACCEPTED}; got {short_repr(text)}")
            return cls(kind, _to_card(rest[0]))
        if kind is ActionKind.LAY_OFF:
            if len(rest) != 1:
                raise IllegalActionError(f"{_ACCEPTED}; got {short_repr(text)}")
            return cls(kind, None, _meld_index(rest[0], text))
        if rest:
            raise IllegalActionError(f"{_ACCEPTED}; got {short_repr(text)}")
        return _SIMPLE[kind]

    def __str__(self) -> str:
        if self.card is not None:
            return f"{self.kind.value} {self.card}"
        if self.meld is not None:
            return f"{self.kind.value} {self.meld}"
        return self.kind.value

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


#: Draw the top card of the stock.
DRAW_STOCK: Final = Action(ActionKind.DRAW_STOCK)
#: Take the top card of the discard pile.
DRAW_DISCARD: Final = Action(ActionKind.DRAW_DISCARD)
#: Go out with every card melded and no discard (``Rules(go_out_without_discard=True)``).
GO_OUT_WITHOUT_DISCARD: Final = Action(ActionKind.GO_OUT_WITHOUT_DISCARD)
#: Lay the selected cards down as a book.
MELD_BOOK: Final = Action(ActionKind.MELD_BOOK)
#: Lay the selected cards down as a run.
MELD_RUN: Final = Action(ActionKind.MELD_RUN)

_SIMPLE: Final = {
    ActionKind.DRAW_STOCK: DRAW_STOCK,
    ActionKind.DRAW_DISCARD: DRAW_DISCARD,
    ActionKind.GO_OUT_WITHOUT_DISCARD: GO_OUT_WITHOUT_DISCARD,
    ActionKind.MELD_BOOK: MELD_BOOK,
    ActionKind.MELD_RUN: MELD_RUN,
}
_ACTIONS: Final = (
    DRAW_STOCK,
    DRAW_DISCARD,
    *(Action(ActionKind.DISCARD, card) for card in CARDS),
    *(Action(ActionKind.GO_OUT, card) for card in CARDS),
    GO_OUT_WITHOUT_DISCARD,
    *(Action(ActionKind.SELECT, card) for card in CARDS),
    *(Action(ActionKind.DESELECT, card) for card in CARDS),
    MELD_BOOK,
    MELD_RUN,
)
assert len(_ACTIONS) == NUM_BASE_ACTIONS


def _from_int(value: int) -> Action:
    if value < NUM_BASE_ACTIONS:
        return _ACTIONS[value]
    return Action(ActionKind.LAY_OFF, None, value - NUM_BASE_ACTIONS)


def as_action(action: Action | int | str, rules: Rules) -> Action:
    """``action`` as an :class:`Action` (given as one, its integer or its notation)."""
    if isinstance(action, Action):
        return action
    if isinstance(action, str):
        return Action.parse(action)
    if type(action) is int or isinstance(action, np.integer):
        return Action.from_int(int(action), rules)
    raise IllegalActionError(
        f"an action is an Action, its integer or its notation (e.g. 'discard 7H'), got {action!r}"
    )
