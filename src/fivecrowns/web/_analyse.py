"""The hand analyser's answer: the best arrangement (each wild with what it stands for),
the best discard of a hand that has drawn, and the outs of a hand before drawing.

>>> from fivecrowns import parse_cards
>>> answer = analyse(parse_cards("5H 6H 8H JK QC"), 3, Rules())
>>> answer["arrangement"]["melds"], answer["arrangement"]["points"]
(['5H 6H JK=7H 8H'], 12)
"""

from __future__ import annotations

import contextlib
from typing import Any

from ..cards import Card, format_cards
from ..errors import FiveCrownsError
from ..rules import Rules
from ..solver import Arrangement, best_arrangement, best_discard, outs
from ._errors import RefusedError

__all__ = ["analyse"]


def _arrangement(arrangement: Arrangement) -> dict[str, Any]:
    return {
        "melds": [str(meld) for meld in arrangement.melds],
        "deadwood": format_cards(arrangement.deadwood),
        "points": arrangement.points,
    }


def analyse(cards: tuple[Card, ...], wild: int | None, rules: Rules) -> dict[str, Any]:
    """The analysis of ``cards`` with ``wild`` the wild rank; 422 when the solver refuses
    the hand (too many cards, more copies than the deck holds, ...)."""
    try:
        answer: dict[str, Any] = {
            "hand": format_cards(cards),
            "wild": wild,
            "arrangement": _arrangement(best_arrangement(cards, wild, rules=rules)),
            "discard": None,
            "outs": None,
        }
        if len(cards) >= 2:
            card, rest = best_discard(cards, wild, rules=rules)
            answer["discard"] = {"card": str(card), "rest": _arrangement(rest)}
        with contextlib.suppress(FiveCrownsError):  # (a hand too big to draw to)
            answer["outs"] = format_cards(sorted(outs(cards, wild, rules=rules)))
    except FiveCrownsError as error:
        raise RefusedError(422, str(error)[:400]) from None
    return answer
