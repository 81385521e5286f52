"""Cards drawn as SVG for the web app's pages: :mod:`fivecrowns._svg` draws them (the
notebook display shares it); these take :class:`~fivecrowns.Card` objects.

>>> from fivecrowns import Card
>>> 'aria-label="7 of hearts"' in card_svg(Card.parse("7H"))
True
>>> card_name(Card.parse("JK")), card_name(Card.parse("Q*"), wild_rank=12)
('joker', 'queen of stars, wild')
"""

from __future__ import annotations

from .._svg import card_back_svg
from .._svg import card_name as _card_name
from .._svg import card_svg as _card_svg
from ..cards import Card

__all__ = ["card_back_svg", "card_name", "card_svg"]


def card_name(card: Card, wild_rank: int | None = None) -> str:
    """What a screen reader says for a card."""
    return _card_name(card.code, wild_rank)


def card_svg(card: Card, wild_rank: int | None = None) -> str:
    """A face-up card."""
    return _card_svg(card.code, wild_rank)
