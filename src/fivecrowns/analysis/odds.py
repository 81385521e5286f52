"""Exact draw odds: what the next card from the stock can do for a hand.

:func:`draw_odds` answers, for a hand before its draw and the cards it has not seen, exactly
(fractions over the unseen multiset, no sampling): which draws let it go out and with how many
copies unseen, the chance that the next stock card is one of them, and the least deadwood the
hand is left with after each possible draw and its best discard, with its expectation.

The next stock card is, to a player who has not seen it, any one unseen card with the same
chance: the stock is a random part of the cards that player has not seen (the deck less its
own hand, the discard pile, the table and the cards others are known to hold; see
:func:`fivecrowns.bots.tracking.read_round`). From a :class:`~fivecrowns.PlayerView` that is
what is used; from a bare hand, the unseen cards are given, or every card of the deck that is
not in the hand.

>>> import fivecrowns as fc
>>> odds = draw_odds("7H 8H 9H 10H QS", 3)  # (every other card of the deck unseen)
>>> fc.format_cards(card for card, _ in odds.outs), odds.out_copies, odds.total
('3* 3H 6H JH 3C 3S 3D JK', 20, 111)
>>> odds.probability, odds.deadwood, odds.expected_deadwood
(Fraction(20, 111), 12, Fraction(760, 111))
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Mapping
from fractions import Fraction
from typing import Final

import attrs

from ..bots.tracking import read_round
from ..cards import CARDS, Card, CardsLike, parse_cards, short_repr
from ..errors import FiveCrownsError
from ..game.views import PlayerView
from ..rules import OFFICIAL, Rules, check_rules
from ..solver import min_deadwood, outs
from ..solver._engine import melded
from ._draws import after_draws
from ._replacements import cards_from_out

__all__ = ["DrawOdds", "draw_odds"]

#: The most cards a hand may hold before its draw here (the engines' bound for ``outs``).
MAX_HAND: Final = 14


@attrs.frozen
class DrawOdds:
    """What the next stock card can do for a hand (see :func:`draw_odds`); exact.

    - ``hand``, ``wild_rank``, ``rules``: what was asked.
    - ``unseen``: the unseen cards with their copies, in card-code order; ``total`` of them.
    - ``deadwood``: the hand's least deadwood now.
    - ``after_draw``: each unseen card with the least deadwood the hand is left with if it is
      drawn and the best card then discarded (the same card may go back).
    - ``outs``: the unseen cards whose draw lets the hand go out, with their copies unseen.
    - ``probability``: the chance that the next stock card is an out.
    - ``expected_deadwood``: the expected least deadwood after the draw and the best discard.
    - ``cards_from_out`` (worked out when asked): how many cards the hand is from going out.
    """

    hand: tuple[Card, ...]
    wild_rank: int | None
    rules: Rules
    unseen: tuple[tuple[Card, int], ...]
    total: int
    deadwood: int
    after_draw: tuple[tuple[Card, int], ...]
    outs: tuple[tuple[Card, int], ...]
    probability: Fraction
    expected_deadwood: Fraction

    @property
    def out_copies(self) -> int:
        """How many unseen cards are outs."""
        return sum(copies for _, copies in self.outs)

    @functools.cached_property
    def cards_from_out(self) -> int | None:
        """How many cards the hand is from going out: the least number of its cards to swap
        for unseen cards (each unseen copy used once) so that every card of the hand melds;
        None when no swaps do. A hand 0 cards from going out goes out on its next draw
        whatever it is (it throws the drawn card back); 1, when it draws one of its
        ``outs``; ``r``, after ``r`` particular draws in ``r`` turns, each turn discarding a
        card the draw replaces. Only stock draws count (not the discard pile), and going
        out without a discard (``go_out_without_discard``) counts as any other going out
        does: every card but the discard melds. Exact; worked out when first asked (a
        search over the melds of the final hand: milliseconds for most hands, longer for
        hands many swaps from going out under a limit of wilds per meld).

        >>> draw_odds("7H 8H 9H 10H QS", 3).cards_from_out  # (it has outs)
        1
        >>> draw_odds("7H 8H 9H KS QD", 3).cards_from_out  # (a run of K, Q and a wild)
        2
        """
        if min_deadwood(self.hand, self.wild_rank, rules=melded(self.rules)) == 0:
            return 0
        if not self.outs:  # (an unseen card that one swap brings in would be an out)
            known = 2
        elif not self.rules.go_out_without_discard:
            return 1  # (an out: every card melds but the discard, which it replaces)
        else:
            known = 1  # (an out may meld every card with no discard: one swap may not do)
        counts = dict(self.unseen)
        return cards_from_out(self.hand, self.wild_rank, self.rules, counts, at_least=known)


def draw_odds(
    hand: CardsLike | PlayerView,
    wild_rank: int | None = None,
    *,
    unseen: Mapping[Card, int] | Mapping[str, int] | CardsLike | None = None,
    rules: Rules | None = None,
) -> DrawOdds:
    """The exact odds of the next stock draw for ``hand`` (a hand before its draw), or for
    the hand of a :class:`~fivecrowns.PlayerView` about to draw (its wild rank, rules and
    unseen cards are the view's own; give none of them).

    ``unseen`` is a mapping of cards (or their notation) to unseen copies, or the unseen
    cards themselves (a copy per entry); by default every card of the deck that the hand does
    not hold. Bad input (a hand the deck cannot hold, unseen cards the deck cannot hold
    beside the hand, no unseen card) raises :class:`~fivecrowns.FiveCrownsError` saying what
    was wrong.

    >>> import fivecrowns as fc
    >>> view = fc.GameState.new(players=3, seed=2).view(0)
    >>> odds = draw_odds(view)
    >>> odds.total == fc.Rules().deck_size - len(view.hand) - 1  # (the upcard is seen)
    True
    """
    if isinstance(hand, PlayerView):
        if wild_rank is not None or unseen is not None or rules is not None:
            raise FiveCrownsError(
                "draw_odds of a PlayerView takes its wild rank, rules and unseen cards from "
                "the view: give none of them"
            )
        view = hand
        counts = dict(read_round(view).unseen)
        return _odds(view.hand, view.wild_rank, view.rules, counts)
    rules = OFFICIAL if rules is None else check_rules(rules)
    cards = parse_cards(hand)
    if len(cards) > MAX_HAND:
        raise FiveCrownsError(
            f"draw_odds takes a hand before its draw of at most {MAX_HAND} cards, got {len(cards)}"
        )
    counts = _unseen(unseen, cards, rules)
    return _odds(cards, wild_rank, rules, counts)


def _unseen(
    unseen: Mapping[Card, int] | Mapping[str, int] | CardsLike | None,
    hand: tuple[Card, ...],
    rules: Rules,
) -> dict[Card, int]:
    """The unseen cards by copies, in card-code order, checked against the deck beside
    ``hand``."""
    room = list(_deck_copies(rules.packs))
    for card in hand:
        room[card.code] -= 1
        if room[card.code] < 0:
            raise FiveCrownsError(f"the hand holds more copies of {card} than the deck has")
    if unseen is None:
        return {CARDS[code]: left for code, left in enumerate(room) if left}
    counts = [0] * len(CARDS)
    if isinstance(unseen, Mapping):
        for key, copies in unseen.items():
            card = parse_cards([key])[0]
            if type(copies) is not int or copies < 0:
                raise FiveCrownsError(
                    f"unseen copies must be ints of at least 0, got {short_repr(copies)} for {card}"
                )
            counts[card.code] += copies
    else:
        for card in parse_cards(unseen):
            counts[card.code] += 1
    for code, copies in enumerate(counts):
        if copies > room[code]:
            raise FiveCrownsError(
                f"{copies} unseen {CARDS[code]}, but the deck holds only {room[code]} beside "
                "the hand"
            )
    return {CARDS[code]: copies for code, copies in enumerate(counts) if copies}


@functools.cache
def _deck_copies(packs: int) -> tuple[int, ...]:
    """The copies of each card (by code) in a deck of ``packs`` packs."""
    return tuple(packs * (3 if card.is_joker else 1) for card in CARDS)


def _odds(
    hand: tuple[Card, ...], wild_rank: int | None, rules: Rules, counts: dict[Card, int]
) -> DrawOdds:
    total = sum(counts.values())
    if total == 0:
        raise FiveCrownsError("no card is unseen: the stock is empty, there is no draw")
    deadwood = min_deadwood(hand, wild_rank, rules=rules)
    values = after_draws(hand, wild_rank, rules, tuple(counts))
    after = tuple(zip(counts, values, strict=True))
    if rules.wild_points and rules.joker_points and not rules.go_out_without_discard:
        # (every card costs points unmelded: a draw that leaves no deadwood is an out)
        out = tuple((card, counts[card]) for card, left in after if left == 0)
    else:
        going_out = outs(hand, wild_rank, rules=rules)
        out = tuple((card, copies) for card, copies in counts.items() if card in going_out)
    return DrawOdds(
        hand=hand,
        wild_rank=wild_rank,
        rules=rules,
        unseen=tuple(counts.items()),
        total=total,
        deadwood=deadwood,
        after_draw=after,
        outs=out,
        probability=Fraction(sum(copies for _, copies in out), total),
        expected_deadwood=Fraction(sum(map(operator.mul, counts.values(), values)), total),
    )
