"""``fivecrowns odds``: the exact odds of a hand's next draw (:func:`fivecrowns.draw_odds`)."""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from ..analysis import DrawOdds, draw_odds
from ..cards import parse_cards
from ..rules import Rules
from ._term import Painter, wants_colour

__all__ = ["odds_options", "show_odds"]


def odds_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("hand", nargs="+", help="the hand before its draw: 7H 8H 9H 10H QS")
    parser.add_argument(
        "--wild",
        required=True,
        help="the wild rank: 3-10 (or T), J, Q, K, or none (jokers only)",
    )
    parser.add_argument(
        "--unseen",
        metavar="CARDS",
        default=None,
        help='the cards not seen, one entry per copy: "QH QH JK 6H ..." (default: every card '
        "of the deck beside the hand)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON")


def show_odds(
    hand: str, wild: int | None, unseen: str | None, rules: Rules, json_out: bool, out: TextIO
) -> None:
    """Print the odds of ``hand``'s next draw (as text, or JSON with ``json_out``; the
    fractions as text such as ``"20/111"`` beside their float values)."""
    cards = None if unseen is None else parse_cards(unseen)
    odds = draw_odds(hand, wild, unseen=cards, rules=rules)
    if json_out:
        out.write(json.dumps(_odds_json(odds)) + "\n")
        return
    paint = Painter(colour=wants_colour(out))
    copies = odds.out_copies
    shown = paint.cards(card for card, _ in odds.outs) or "(none)"
    out.write(f"hand      {paint.cards(odds.hand)}  (least deadwood {odds.deadwood} points)\n")
    out.write(f"unseen    {odds.total} cards\n")
    out.write(
        f"outs      {shown}  ({copies} of {odds.total} unseen: {float(odds.probability):.1%} to "
        "go out on the next draw)\n"
    )
    out.write(
        f"expected  {float(odds.expected_deadwood):.2f} points of least deadwood after the draw "
        "and the best discard\n"
    )
    away = odds.cards_from_out
    out.write(
        "away      "
        + ("no swaps of unseen cards make every card meld" if away is None else f"{away} cards")
        + " from going out (the fewest of its cards to swap for unseen ones so that every card "
        "melds)\n"
    )
    best = sorted(odds.after_draw, key=lambda item: (item[1], item[0].code))[:8]
    listed = ", ".join(f"{paint.card(card)} {left}" for card, left in best)
    out.write(f"best      {listed}\n")


def _odds_json(odds: DrawOdds) -> dict[str, Any]:
    return {
        "hand": [str(card) for card in odds.hand],
        "wild_rank": odds.wild_rank,
        "unseen": odds.total,
        "deadwood": odds.deadwood,
        "outs": {str(card): copies for card, copies in odds.outs},
        "probability": str(odds.probability),
        "probability_value": float(odds.probability),
        "expected_deadwood": str(odds.expected_deadwood),
        "expected_deadwood_value": float(odds.expected_deadwood),
        "after_draw": {str(card): left for card, left in odds.after_draw},
        "cards_from_out": odds.cards_from_out,
    }
