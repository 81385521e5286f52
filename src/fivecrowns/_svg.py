"""Cards drawn as SVG, for the web app's pages and the notebook display of cards, melds,
arrangements and views: each card in its suit's official colour (stars yellow, hearts red,
clubs green, spades black, diamonds blue), with its rank, its suit's symbol and its letter,
so that a card reads without colour too, and a label a screen reader announces.

This module sits below the cards (it imports nothing of the package): it draws card codes
(``suit * 11 + rank - 3``, 55 the joker; see :attr:`fivecrowns.Card.code`).

>>> 'aria-label="7 of hearts"' in card_svg(15)
True
>>> card_name(55), card_name(9, wild_rank=12)
('joker', 'queen of stars, wild')
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Final

__all__ = ["card_back_svg", "card_name", "card_svg", "cards_svg"]

#: The joker's code.
_JOKER: Final = 55
#: Each suit by index: its name, its colour, the card's fill, its symbol and its letter.
SUITS: Final = (
    ("stars", "#8a6d00", "#ffd21f", "★", "*"),
    ("hearts", "#c8102e", "#ffffff", "♥", "H"),
    ("clubs", "#1b7f3b", "#ffffff", "♣", "C"),
    ("spades", "#111111", "#ffffff", "♠", "S"),
    ("diamonds", "#1d4fc4", "#ffffff", "♦", "D"),
)
_RANK_WORDS: Final = {11: "jack", 12: "queen", 13: "king"}
_RANK_TEXT: Final = {11: "J", 12: "Q", 13: "K"}
#: A card's size, and the gaps between cards and between groups of cards (``cards_svg``).
_WIDTH, _HEIGHT, _GAP, _GROUP_GAP = 60, 84, 4, 16
_LINE: Final = 15
_SVG_NS: Final = "http://www.w3.org/2000/svg"


def card_name(code: int, wild_rank: int | None = None) -> str:
    """What a screen reader says for the card of ``code``."""
    if code == _JOKER:
        return "joker"
    rank = code % 11 + 3
    name = f"{_RANK_WORDS.get(rank, str(rank))} of {SUITS[code // 11][0]}"
    return name + (", wild" if rank == wild_rank else "")


def _frame(label: str, fill: str, body: str, css: str, place: str) -> str:
    return (
        f'<svg class="{css}"{place} viewBox="0 0 60 84" role="img" aria-label="{escape(label)}">'
        f'<rect x="1" y="1" width="58" height="82" rx="6" fill="{fill}" '
        f'stroke="#333" stroke-width="1.5"/>{body}</svg>'
    )


def card_svg(code: int, wild_rank: int | None = None, *, place: str = "") -> str:
    """A face-up card, an ``<svg>`` element for inline HTML (``place``: more attributes,
    such as a position inside another SVG); a wild card is marked W."""
    label = card_name(code, wild_rank)
    if code == _JOKER:
        body = (
            '<text x="30" y="38" font-size="22" text-anchor="middle" fill="#5b2a86" '
            'font-weight="bold">JK</text>'
            '<text x="30" y="66" font-size="22" text-anchor="middle" fill="#5b2a86">☺</text>'
        )
        return _frame(label, "#f3ecfa", body, "card joker", place)
    name, colour, fill, symbol, letter = SUITS[code // 11]
    rank = code % 11 + 3
    text = _RANK_TEXT.get(rank, str(rank))
    body = (
        f'<text x="30" y="34" font-size="24" text-anchor="middle" fill="{colour}" '
        f'font-weight="bold">{text}</text>'
        f'<text x="30" y="62" font-size="24" text-anchor="middle" fill="{colour}">{symbol}</text>'
        f'<text x="30" y="78" font-size="11" text-anchor="middle" fill="{colour}">{letter}</text>'
    )
    if rank == wild_rank:
        body += '<text x="8" y="14" font-size="10" fill="#333" font-weight="bold">W</text>'
    return _frame(label, fill, body, f"card suit-{name}", place)


def card_back_svg(label: str) -> str:
    """A face-down card (the stock)."""
    body = (
        '<rect x="7" y="7" width="46" height="70" rx="4" fill="none" stroke="#fff" '
        'stroke-width="2"/><text x="30" y="50" font-size="20" text-anchor="middle" '
        'fill="#fff">♛</text>'
    )
    return _frame(label, "#6b3fa0", body, "card back", "")


#: A group of cards drawn side by side: a caption under the group, and each card's code
#: with a note under it (what a wild stands for, or "").
Group = tuple[str, Sequence[tuple[int, str]]]


def cards_svg(groups: Sequence[Group], wild_rank: int | None = None, *, label: str = "") -> str:
    """Groups of cards side by side as one SVG document (for a notebook's ``_repr_svg_``):
    each card as :func:`card_svg` draws it, its note under it, each group's caption under
    the group; ``label`` is what a screen reader announces for the whole.

    >>> text = cards_svg([("a run", [(15, ""), (16, ""), (55, "=9H")])], wild_rank=5)
    >>> text.startswith('<svg xmlns="http://www.w3.org/2000/svg"'), text.count('class="card')
    (True, 3)
    """
    notes = any(note for _, cards in groups for _, note in cards)
    captions = any(caption for caption, _ in groups)
    height = _HEIGHT + _LINE * notes + _LINE * captions + 2
    parts: list[str] = []
    x = 1
    for caption, cards in groups:
        if not cards and not caption:
            continue
        # a caption wider than its cards widens the group (about 7 units a character)
        span = max(len(cards) * (_WIDTH + _GAP) - _GAP, len(caption) * 7)
        left = x + (span - len(cards) * (_WIDTH + _GAP) + _GAP) // 2
        for code, note in cards:
            place = f' x="{left}" y="1" width="{_WIDTH}" height="{_HEIGHT}"'
            parts.append(card_svg(code, wild_rank, place=place))
            if note:
                parts.append(_text(left + _WIDTH / 2, _HEIGHT + _LINE - 2, note))
            left += _WIDTH + _GAP
        if caption:
            parts.append(_text(x + span / 2, height - 4, caption))
        x += span + _GROUP_GAP
    width = max(x - _GROUP_GAP, 1) + 1
    whole = escape(label or " | ".join(caption for caption, _ in groups if caption) or "cards")
    return (
        f'<svg xmlns="{_SVG_NS}" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{whole}">{"".join(parts)}</svg>'
    )


def _text(x: float, y: float, text: str) -> str:
    return (
        f'<text x="{x:g}" y="{y}" font-size="12" font-family="sans-serif" '
        f'text-anchor="middle" fill="#333">{escape(text)}</text>'
    )
