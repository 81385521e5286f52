"""Terminal sessions of the command line: cards in their suit colours, when colour is wanted,
and the files of saved games.

Colour is used only when the stream is a terminal and the ``NO_COLOR`` environment variable is
not set (https://no-color.org); ``FORCE_COLOR`` turns it on regardless.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Final, TextIO

from .cards import Card, Suit
from .errors import FiveCrownsError
from .melds import Meld

__all__ = ["Painter", "read_saved", "save_text", "wants_colour"]

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

    def meld(self, meld: Meld) -> str:
        """A meld as ``str(meld)`` writes it (each wild with what it stands for, ``JK=7H``),
        its cards in their colours.

        >>> from fivecrowns import check_meld
        >>> meld = check_meld("5H 6H JK", wild_rank=3)
        >>> Painter(colour=False).meld(meld) == str(meld)
        True
        """
        return " ".join(
            self.card(card) if card == stand else f"{self.card(card)}={stand}"
            for card, stand in zip(meld.cards, meld.stands_for)
        )

    def bold(self, text: str) -> str:
        """Text in bold, when colour is on."""
        return f"\x1b[1m{text}{_RESET}" if self.colour else text


def read_saved(path: str) -> str:
    """The text of the saved game in the file ``path``; a file that cannot be read raises
    :class:`~fivecrowns.FiveCrownsError` saying why."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise FiveCrownsError(f"cannot read {path}: {error.strerror}") from None


def save_text(target: str, text: str) -> str | None:
    """Save ``text`` (a game's JSON) to the file ``target`` for a ``save FILE`` command: None
    once saved, else what to tell the player."""
    if not target:
        return "say where: save FILE"
    try:
        Path(target).write_text(text, encoding="utf-8")
    except OSError as error:
        return f"cannot save to {target}: {error.strerror}"
    return None
