"""The exceptions the library raises.

Every error is a :class:`ValueError` subclass, one class per kind of mistake, and every message
says what was wrong and what is accepted.
"""

from __future__ import annotations

__all__ = [
    "FiveCrownsError",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidHandError",
    "InvalidMeldError",
    "InvalidRulesError",
    "InvalidStateError",
]


class FiveCrownsError(ValueError):
    """Base class of every error raised by :mod:`fivecrowns` for bad input."""


class InvalidCardError(FiveCrownsError):
    """Card notation (or a card value) that does not name a Five Crowns card."""


class InvalidHandError(FiveCrownsError):
    """A collection of cards that the deck cannot hold (too many copies of a card), or a bad
    wild rank."""


class InvalidMeldError(FiveCrownsError):
    """Cards that do not form a book or a run under the rules in force."""


class InvalidRulesError(FiveCrownsError):
    """A :class:`~fivecrowns.Rules` option with a value outside what the rules accept."""


class IllegalActionError(FiveCrownsError):
    """An action that the rules do not allow in the current state; the state is unchanged."""


class InvalidStateError(FiveCrownsError):
    """A game state (built, or loaded from JSON) that breaks the rules: cards duplicated
    beyond the deck, wrong hand sizes, unknown fields, wrong types."""
