"""Terminal output for the command line: cards in their suit colours, when colour is wanted.

Colour is used only when the stream is a terminal and the ``NO_COLOR`` environment variable is
not set (https://no-color.org); ``FORCE_COLOR`` turns it on regardless.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Final, TextIO

from .cards import Card, Suit

__all__ = ["Painter", "wants_colour"]

_RESET: Final = "\x1b[0m"
#: ANSI styles of the suit colours: stars yellow, hearts red, clubs green, spades black (shown
#: bold, since a black foreground vanishes on dark terminals), diamonds blue; jokers magenta.
_STYLES: Final = {
    Suit.STARS: "\x1b[33m",
    Suit.HEARTS: "\x1b[31m",
    Suit.CLUBS: "\x1b[32m",
    Suit.SPADES: "\x1b[1m",
    Suit.DIAMONDS: "\x1b[34m",
    None: "\x1b[35m",
}


def wants_colour(stream: TextIO) -> bool:
    """True if output to ``stream`` should be coloured."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class Painter:
    """Formats cards, with or without colour.

    >>> Painter(colour=False).cards(Card.parse(text) for text in ("7H", "JK"))
    '7H JK'
    >>> Painter(colour=True).card(Card.parse("7H"))
    '\\x1b[31m7H\\x1b[0m'
    """

    def __init__(self, *, colour: bool) -> None:
        self.colour = colour

    def card(self, card: Card, shown: str | None = None) -> str:
        """One card (or ``shown`` instead of its notation) in its suit's colour."""
        text = str(card) if shown is None else shown
        if not self.colour:
            return text
        return f"{_STYLES[card.suit]}{text}{_RESET}"

    def cards(self, cards: Iterable[Card]) -> str:
        """Cards separated by spaces."""
        return " ".join(self.card(card) for card in cards)

    def bold(self, text: str) -> str:
        """Text in bold, when colour is on."""
        return f"\x1b[1m{text}{_RESET}" if self.colour else text
