"""The pieces of Solitaire: the eleven piles (:class:`SolitairePile`, sizes
:data:`PILE_SIZES`) and a move (:class:`SolitaireAction`, with its integer below
:data:`NUM_SOLITAIRE_ACTIONS`), as :mod:`fivecrowns.game.solitaire` describes them."""

from __future__ import annotations

from typing import Final

import attrs

from ..cards import NUM_CODES, Card, without
from ..errors import (
    IllegalActionError,
    InvalidCardError,
)
from ..melds import Meld
from ..rules import Rules
from ..solver import (
    best_arrangement,
    best_discard,
    can_go_out,
    can_meld_all,
)

__all__ = [
    "NUM_SOLITAIRE_ACTIONS",
    "PILE_SIZES",
    "SolitaireAction",
    "SolitairePile",
    "as_action",
    "dealt_pile",
]

#: The sizes of the eleven piles, which are also their wild ranks.
PILE_SIZES: Final = tuple(range(3, 14))
#: The number of distinct integer actions: a pile (11) times a discarded card code (56).
NUM_SOLITAIRE_ACTIONS: Final = len(PILE_SIZES) * NUM_CODES


@attrs.frozen(repr=False)
class SolitaireAction:
    """Add the drawn card to the pile of size ``pile`` (3..13), then discard ``discard`` from
    that pile.

    >>> action = SolitaireAction.parse("7 kd")
    >>> action, action.to_int(), SolitaireAction.from_int(action.to_int()) == action
    (SolitaireAction.parse('7 KD'), 278, True)
    """

    pile: int
    discard: Card

    def __attrs_post_init__(self) -> None:
        if type(self.pile) is not int or self.pile not in PILE_SIZES:
            raise IllegalActionError(f"a pile is named by its size, 3 to 13, got {self.pile!r}")
        if not isinstance(self.discard, Card):
            raise IllegalActionError(f"the discard must be a Card, got {self.discard!r}")

    @classmethod
    def parse(cls, text: str) -> SolitaireAction:
        """Read the notation ``"<pile size> <card>"``, e.g. ``"7 KD"``."""
        if not isinstance(text, str):
            raise IllegalActionError(f"an action is a string such as '7 KD', got {text!r}")
        words = text.split()
        if len(words) != 2 or not words[0].isdigit():
            raise IllegalActionError(
                f"an action is a pile size (3 to 13) and the card to discard, such as '7 KD'; "
                f"got {text!r}"
            )
        try:
            card = Card.parse(words[1])
        except InvalidCardError as error:
            raise IllegalActionError(f"bad card in action {text!r}: {error}") from None
        return cls(int(words[0]), card)

    @classmethod
    def from_int(cls, value: int) -> SolitaireAction:
        """The action with this integer (``pile index * 56 + card code``)."""
        if type(value) is not int or not 0 <= value < NUM_SOLITAIRE_ACTIONS:
            raise IllegalActionError(
                f"an action integer is from 0 to {NUM_SOLITAIRE_ACTIONS - 1}, got {value!r}"
            )
        return cls(PILE_SIZES[value // NUM_CODES], Card.from_code(value % NUM_CODES))

    def to_int(self) -> int:
        """The stable integer of this action (see :meth:`from_int`)."""
        return (self.pile - PILE_SIZES[0]) * NUM_CODES + self.discard.code

    def __str__(self) -> str:
        return f"{self.pile} {self.discard}"

    def __repr__(self) -> str:
        return f"SolitaireAction.parse({str(self)!r})"


@attrs.frozen
class SolitairePile:
    """One pile: its size (also its wild rank), its cards (sorted), and, once closed, the
    melds laid out from it.

    A closed pile's ``cards`` are exactly the cards in its melds: its size, or one fewer for
    a pile closed at the deal with all but one of its dealt cards melded (its extra card was
    discarded at the deal)."""

    size: int
    cards: tuple[Card, ...]
    melds: tuple[Meld, ...] | None = None

    @property
    def wild_rank(self) -> int:
        """The pile's wild rank: its size."""
        return self.size

    @property
    def is_closed(self) -> bool:
        """True once the pile has closed."""
        return self.melds is not None


def dealt_pile(
    size: int, cards: tuple[Card, ...], rules: Rules
) -> tuple[SolitairePile, Card | None]:
    """A pile as dealt (``cards`` sorted), and the card it discards at the deal, if any.

    Under ``rules.solitaire_dealt_piles``: ``"whole"`` (the default) closes the pile at once
    when its cards all form books and runs (it keeps them all, nothing discarded);
    ``"all_but_one"`` also when all but one do (the card :func:`best_discard` picks is
    discarded, the rest laid out as melds); ``"draw"`` leaves it open.
    """
    reading = rules.solitaire_dealt_piles
    if reading != "draw" and can_meld_all(cards, size, rules=rules):
        melds = best_arrangement(cards, size, rules=rules).melds
        return SolitairePile(size, cards, melds), None
    if reading == "all_but_one" and can_go_out(cards, size, rules=rules):
        extra, rest = best_discard(cards, size, rules=rules)
        assert not rest.deadwood
        return SolitairePile(size, without(cards, (extra,)), rest.melds), extra
    return SolitairePile(size, cards), None


def as_action(action: SolitaireAction | int | str) -> SolitaireAction:
    if isinstance(action, SolitaireAction):
        return action
    if isinstance(action, str):
        return SolitaireAction.parse(action)
    if type(action) is int:
        return SolitaireAction.from_int(action)
    raise IllegalActionError(
        f"an action is a SolitaireAction, its integer or its notation ('7 KD'), got {action!r}"
    )
