"""The hand analyser's page: a form (type the hand, or click the cards of the palette; pick
the wild rank) and, once asked, the solver's answer drawn as cards: the best arrangement
with what each wild stands for, the best discard, the outs."""

from __future__ import annotations

from html import escape
from typing import Any

from ..cards import Card, deck
from ._cards_svg import card_svg
from ._render import page

__all__ = ["analyser_page"]

_WILDS = [("none", "none (jokers only)")] + [
    (str(rank), {11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))) for rank in range(3, 14)
]


def _word(word: str, wild: int | None) -> str:
    """A card of a meld; a wild as ``JK=7H`` is drawn with what it stands for."""
    card, _, meaning = word.partition("=")
    svg = card_svg(Card.parse(card), wild)
    if not meaning:
        return svg
    return f'<figure class="as">{svg}<figcaption>as {escape(meaning)}</figcaption></figure>'


def _arranged(words: str, wild: int | None) -> str:
    return "".join(_word(word, wild) for word in words.split())


def _answer(answer: dict[str, Any]) -> str:
    wild = answer["wild"]
    arrangement = answer["arrangement"]
    melds = "".join(
        f'<div class="meld" data-meld="{escape(meld)}">{_arranged(meld, wild)}</div>'
        for meld in arrangement["melds"]
    )
    parts = [
        f"<h2>Best arrangement: {arrangement['points']} points</h2>"
        f'<div class="table-melds" id="arrangement">{melds or "no meld"}</div>'
        f'<p>Deadwood: <span id="deadwood">{escape(arrangement["deadwood"]) or "none"}</span></p>'
        f'<div class="hand">{_arranged(arrangement["deadwood"], wild)}</div>'
    ]
    discard = answer["discard"]
    if discard is not None:
        parts.append(
            f'<h2>Best discard: <span id="discard">{escape(discard["card"])}</span></h2>'
            f"<p>leaves {discard['rest']['points']} points: "
            f"{escape(' | '.join(discard['rest']['melds']) or 'no meld')}</p>"
        )
    if answer["outs"] is not None:
        outs = answer["outs"]
        parts.append(
            f"<h2>Outs (cards that would let it go out): {len(outs.split())}</h2>"
            f'<div class="hand" id="outs">{_arranged(outs, wild) or "none"}</div>'
        )
    return f'<section aria-live="polite">{"".join(parts)}</section>'


def analyser_page(hand: str, wild: str, answer: dict[str, Any] | None, error: str | None) -> str:
    """The page, with the answer (or the refusal's message) when a hand was given."""
    wilds = "".join(
        f'<option value="{value}"{" selected" if value == wild else ""}>{text}</option>'
        for value, text in _WILDS
    )
    palette = "".join(
        f'<button type="button" class="pick" data-card="{card}" aria-label="add {card}">'
        f"{card_svg(card)}</button>"
        for card in sorted(set(deck()))
    )
    body = (
        '<h1>Hand analyser</h1><form id="analyse" method="get" action="/analyse">'
        f'<label>Hand <input name="hand" id="hand-text" value="{escape(hand)}" '
        'placeholder="7H 8H JK QS QD Q*" autocomplete="off"></label>'
        f'<label>Wild rank <select name="wild" id="wild">{wilds}</select></label>'
        '<button type="submit" id="go">Analyse</button></form>'
        f'<p id="message" role="alert">{escape(error or "")}</p>'
        f"{_answer(answer) if answer else ''}"
        f'<details><summary>Pick cards</summary><div class="hand palette">{palette}</div>'
        "</details>"
    )
    return page("Five Crowns: hand analyser", body, "analyse.js")
