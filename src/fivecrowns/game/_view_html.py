"""A player's view as HTML for a notebook (``PlayerView._repr_html_``): the round and the
scores as text, the player's hand, the top of the discard pile and the table as SVG cards
(:mod:`fivecrowns._svg`), the other hands as their sizes only (nothing the player may not
see)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Protocol

from .._svg import Group, cards_svg
from ..cards import Card
from ..melds import Meld
from .actions import Phase

__all__ = ["view_html"]


class _Placed(Protocol):
    @property
    def owner(self) -> int: ...
    @property
    def meld(self) -> Meld: ...


class _View(Protocol):
    """What the HTML reads of a :class:`~fivecrowns.PlayerView`."""

    @property
    def player(self) -> int: ...
    @property
    def round_number(self) -> int: ...
    @property
    def hand_size(self) -> int: ...
    @property
    def wild_rank(self) -> int | None: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def current_player(self) -> int | None: ...
    @property
    def active(self) -> tuple[int, ...]: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def stock_size(self) -> int: ...
    @property
    def top_discard(self) -> Card | None: ...
    @property
    def table(self) -> Sequence[_Placed]: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def winners(self) -> tuple[int, ...]: ...


def _cards(cards: Sequence[Card], caption: str = "") -> Group:
    return caption, [(card.code, "") for card in cards]


def _seat(view: _View, seat: int) -> str:
    return "you" if seat == view.player else f"player {seat}"


def view_html(view: _View) -> str:
    """The view as an HTML fragment."""
    scores = ", ".join(f"{_seat(view, seat)} {score}" for seat, score in enumerate(view.scores))
    if view.phase is Phase.OVER:
        winners = ", ".join(_seat(view, seat) for seat in view.winners)
        return f"<div><p>Game over; scores: {escape(scores)}; won by {escape(winners)}.</p></div>"
    wild = "jokers only" if view.wild_rank is None else f"{view.wild_rank}s and jokers"
    current = view.current_player
    turn = "" if current is None else f"; {_seat(view, current)} to {view.phase.value}"
    others = ", ".join(
        f"{_seat(view, seat)} {view.hand_sizes[seat]} cards"
        for seat in view.active
        if seat != view.player
    )
    top = view.top_discard
    pile = [_cards([] if top is None else [top], "discard pile top")]
    parts = [
        f"<p>Round {view.round_number} ({view.hand_size} cards, {wild} wild){escape(turn)}. "
        f"Scores: {escape(scores)}.</p>",
        f"<p>Your hand ({len(view.hand)} cards):</p>",
        cards_svg([_cards(view.hand)], view.wild_rank, label=f"your hand: {_names(view.hand)}"),
        f"<p>Stock {view.stock_size} cards; others' hands: {escape(others)}.</p>",
        cards_svg(pile, view.wild_rank, label=f"discard pile top: {top or 'empty'}"),
    ]
    if view.table:
        groups = [
            (f"{_seat(view, placed.owner)}: {placed.meld.kind.value}", placed.meld._svg_group()[1])
            for placed in view.table
        ]
        parts.append("<p>Table:</p>")
        parts.append(cards_svg(groups, view.wild_rank, label="the table"))
    return f"<div>{''.join(parts)}</div>"


def _names(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards) or "no cards"
