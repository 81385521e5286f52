"""Cards drawn as SVG in the suit colours (stars yellow, hearts red, clubs green, spades
black, diamonds blue), each with its rank and its suit's symbol and letter, so that a card
reads without colour too, and a label a screen reader announces.

>>> from fivecrowns import Card
>>> 'aria-label="7 of hearts"' in card_svg(Card.parse("7H"))
True
>>> card_name(Card.parse("JK")), card_name(Card.parse("Q*"), wild_rank=12)
('joker', 'queen of stars, wild')
"""

from __future__ import annotations

from html import escape
from typing import Final

from ..cards import Card, Suit

__all__ = ["card_back_svg", "card_name", "card_svg"]

#: Each suit: its colour, symbol and letter.
SUITS: Final = {
    Suit.STARS: ("#8a6d00", "#ffd21f", "★", "*"),
    Suit.HEARTS: ("#c8102e", "#ffffff", "♥", "H"),
    Suit.CLUBS: ("#1b7f3b", "#ffffff", "♣", "C"),
    Suit.SPADES: ("#111111", "#ffffff", "♠", "S"),
    Suit.DIAMONDS: ("#1d4fc4", "#ffffff", "♦", "D"),
}
_RANK_WORDS: Final = {11: "jack", 12: "queen", 13: "king"}
_RANK_TEXT: Final = {11: "J", 12: "Q", 13: "K"}


def card_name(card: Card, wild_rank: int | None = None) -> str:
    """What a screen reader says for a card."""
    if card.is_joker:
        return "joker"
    rank, suit = int(card.rank or 0), card.suit
    assert suit is not None
    name = f"{_RANK_WORDS.get(rank, str(rank))} of {suit.name.lower()}"
    return name + (", wild" if rank == wild_rank else "")


def _frame(label: str, fill: str, body: str, css: str = "card") -> str:
    return (
        f'<svg class="{css}" viewBox="0 0 60 84" role="img" aria-label="{escape(label)}">'
        f'<rect x="1" y="1" width="58" height="82" rx="6" fill="{fill}" '
        f'stroke="#333" stroke-width="1.5"/>{body}</svg>'
    )


def card_svg(card: Card, wild_rank: int | None = None) -> str:
    """A face-up card."""
    label = card_name(card, wild_rank)
    if card.is_joker:
        body = (
            '<text x="30" y="38" font-size="22" text-anchor="middle" fill="#5b2a86" '
            'font-weight="bold">JK</text>'
            '<text x="30" y="66" font-size="22" text-anchor="middle" fill="#5b2a86">☺</text>'
        )
        return _frame(label, "#f3ecfa", body, "card joker")
    suit = card.suit
    assert suit is not None
    colour, fill, symbol, letter = SUITS[suit]
    rank = int(card.rank or 0)
    text = _RANK_TEXT.get(rank, str(rank))
    body = (
        f'<text x="30" y="34" font-size="24" text-anchor="middle" fill="{colour}" '
        f'font-weight="bold">{text}</text>'
        f'<text x="30" y="62" font-size="24" text-anchor="middle" fill="{colour}">{symbol}</text>'
        f'<text x="30" y="78" font-size="11" text-anchor="middle" fill="{colour}">{letter}</text>'
    )
    if rank == wild_rank:
        body += '<text x="8" y="14" font-size="10" fill="#333" font-weight="bold">W</text>'
    return _frame(label, fill, body, f"card suit-{suit.name.lower()}")


def card_back_svg(label: str) -> str:
    """A face-down card (the stock)."""
    body = (
        '<rect x="7" y="7" width="46" height="70" rx="4" fill="none" stroke="#fff" '
        'stroke-width="2"/><text x="30" y="50" font-size="20" text-anchor="middle" '
        'fill="#fff">♛</text>'
    )
    return _frame(label, "#6b3fa0", body, "card back")
