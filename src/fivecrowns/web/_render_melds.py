"""The table's meld builder, for a final turn whose melds the player lays down by hand
(``Rules(auto_arrange_final_hand=False)``): the hand's cards to select, the selection (each
card to deselect), and the legal ways to lay the selection down (a book, a run, or, under
``Rules(lay_off=True)``, onto a meld on the table). Every button is one of the engine's legal
actions (``select 7H``, ``deselect 7H``, ``meld book``, ``meld run``, ``layoff 2``); the
cards left are then discarded from the hand as on any turn.

>>> body = {"view": {"hand": "7H 8H 9H KS", "selection": "7H", "wild_rank": 3, "table": []},
...         "legal": ["discard 7H", "select 8H", "select 9H", "select KS", "deselect 7H"]}
>>> html = meld_builder(body)
>>> html.count('data-action="select '), html.count('data-action="deselect 7H"')
(3, 1)
>>> meld_builder({"view": {"hand": "7H", "selection": ""}, "legal": ["discard 7H"]})
''
"""

from __future__ import annotations

from collections import Counter
from html import escape
from typing import Any, Final

from ..cards import Card
from ._cards_svg import card_svg

__all__ = ["BUILDER_KINDS", "meld_builder"]

#: The first word of the actions the builder shows (the other actions are shown elsewhere).
BUILDER_KINDS: Final = ("select", "deselect", "meld", "layoff")


def _card_button(text: str, action: str, wild: int | None, legal: set[str]) -> str:
    enabled = action in legal
    verb = "select" if action.startswith("select") else "deselect"
    label = f"{verb} {text}" if enabled else text
    return (
        f'<button class="hand-card builder-card" data-action="{escape(action)}"'
        f'{"" if enabled else " disabled"} aria-label="{escape(label)}">'
        f"{card_svg(Card.parse(text), wild)}</button>"
    )


def _lay_down(body: dict[str, Any], legal: list[str]) -> str:
    table = body["view"].get("table", [])
    buttons = []
    for action in legal:
        if action in ("meld book", "meld run"):
            words = f"lay the selection down as a {action.split()[1]}"
        elif action.startswith("layoff "):
            index = int(action.split()[1])
            cards = table[index]["cards"] if index < len(table) else "?"
            words = f"lay the selection off onto the meld {cards}"
        else:
            continue
        buttons.append(
            f'<button class="action lay-down" data-action="{escape(action)}">'
            f"{escape(words)}</button>"
        )
    return "".join(buttons) or "<span>(select the cards of a book or a run)</span>"


def _unselected(hand: list[str], selected: list[str]) -> list[str]:
    """The hand's cards less the selection's (a copy for each copy selected)."""
    left = Counter(selected)
    free = []
    for text in hand:
        if left[text]:
            left[text] -= 1
        else:
            free.append(text)
    return free


def meld_builder(body: dict[str, Any]) -> str:
    """The builder's HTML (empty when no such action is legal)."""
    legal = [action for action in body["legal"] if action.split()[0] in BUILDER_KINDS]
    if not legal:
        return ""
    view, allowed = body["view"], set(body["legal"])
    wild = view.get("wild_rank")
    selected = view.get("selection", "").split()
    free = _unselected(view["hand"].split(), selected)
    pick = "".join(_card_button(text, f"select {text}", wild, allowed) for text in free)
    drop = "".join(_card_button(text, f"deselect {text}", wild, allowed) for text in selected)
    return (
        '<section class="meld-builder" id="meld-builder" aria-label="lay melds down">'
        "<p>Lay melds down: select the cards of a meld, lay them down, then discard.</p>"
        f'<div class="hand" id="selectable" aria-label="cards to select">{pick}</div>'
        f'<div class="hand" id="selection" aria-label="the selection">'
        f"{drop or '<span>(nothing selected)</span>'}</div>"
        f'<div class="actions" id="lay-down">{_lay_down(body, legal)}</div></section>'
    )
