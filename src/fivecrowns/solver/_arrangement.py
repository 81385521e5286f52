"""The solver's answers as the package's objects: :class:`Arrangement`, and the public
:class:`~fivecrowns.Meld` of each meld an engine returns (kept in :data:`MELDS`: melds recur
across hands, and a ``Meld`` is immutable)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

import attrs

from .._svg import cards_svg
from ..cards import NUM_CODES, Card, format_cards
from ..melds import Meld, _solved_meld
from ..rules import Rules
from ._layout import Layout

__all__ = ["MELDS", "MOST_MELDS", "Arrangement", "DiscardValue", "arrangement"]

_CARDS: Final = tuple(Card.from_code(code) for code in range(NUM_CODES))


@attrs.frozen
class Arrangement:
    """A way to lay out a hand: its melds, the cards left over and what they cost.

    ``points`` is the deadwood score: the left-over naturals at face value, an unmelded card
    of the wild rank 20 and an unmelded joker 50 (by default).
    """

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    points: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the arrangement: the melds' cards, then the deadwood."""
        return tuple(card for meld in self.melds for card in meld.cards) + self.deadwood

    def __str__(self) -> str:
        parts = [str(meld) for meld in self.melds]
        parts.append(f"deadwood {format_cards(self.deadwood) or '(none)'} ({self.points} points)")
        return " | ".join(parts)

    def _repr_svg_(self) -> str:
        """The melds and the deadwood drawn as cards, for Jupyter."""
        wild = self.melds[0].wild_rank if self.melds else None
        groups = [meld._svg_group() for meld in self.melds]
        groups.append(
            (f"deadwood, {self.points} points", [(card.code, "") for card in self.deadwood])
        )
        return cards_svg(groups, wild, label=str(self))


class DiscardValue(NamedTuple):
    """The best discard of a hand after drawing, by value only: the card
    :func:`~fivecrowns.best_discard` throws and the deadwood points the rest is left with
    (a named tuple: ``card, points = best_discard_value(...)``)."""

    card: Card
    points: int


def arrangement(layout: Layout, wild_rank: int, rules: Rules) -> Arrangement:
    """The :class:`Arrangement` of an engine's layout (``wild_rank`` 0: only jokers wild);
    its melds are listed by the cards they play, so the order never depends on the search."""
    built = []
    for kind, codes in layout.melds:
        key = meld_key(kind, codes, wild_rank)
        meld = MELDS.get(key)
        if meld is None:
            meld = _solved_meld(kind, codes, wild_rank or None, rules)
            _keep(key, meld)
        built.append(meld)
    built.sort(key=_played)
    return Arrangement(
        tuple(built), tuple([_CARDS[code] for code in sorted(layout.deadwood)]), layout.points
    )


def _played(meld: Meld) -> list[int]:
    """The codes of the cards a meld plays, in meld order."""
    return [card.code for card in meld.stands_for]


def meld_key(kind: str, codes: Sequence[int], wild_rank: int) -> int:
    """The key of a meld (its kind and sorted codes) in :data:`MELDS`: the codes, each plus
    one in six bits, then the wild rank (0: only jokers) in four bits and the kind in one
    (1: a run). The compiled core computes the same key for the melds it returns."""
    key = 0
    for code in codes:
        key = key << 6 | code + 1
    return (key << 4 | wild_rank) << 1 | (kind == "run")


def _keep(key: int, meld: Meld) -> None:
    if len(MELDS) >= MOST_MELDS:
        MELDS.clear()
    MELDS[key] = meld


#: The public ``Meld`` of each meld the solver returned, keyed by :func:`meld_key`; emptied
#: when it holds :data:`MOST_MELDS` (a few tens of MB at most). The compiled core's fast
#: path keeps the melds it builds here too, the same way.
MELDS: Final[dict[int, Meld]] = {}
MOST_MELDS: Final = 1 << 16
