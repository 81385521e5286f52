"""The bot writer's kit: what the public record of a round tells one player.

A :class:`~fivecrowns.PlayerView` holds the player's hand, the discard pile, the table and the
public actions of the round (``view.history``). :func:`read_round` replays that record into a
:class:`RoundKnowledge`: the cards the player has not seen (where every other card may be:
in the stock or in another hand), and, per seat, the cards it took from the discard pile and
still holds, the cards it threw, how many turns it took and how many discards it picked up.

The record says which card each take picked up, except the card that started the discard
pile (the *upcard*): once it is taken, nothing public shows it. A bot that saw the round
begin knows it; :class:`RoundTracker` remembers it for you.

In a final turn (after someone went out), :func:`final_layout` says how the hand would end
the round after a discard, as the engine scores it: laying off onto the table melds when the
rules allow it, which :func:`fivecrowns.best_arrangement` alone does not see.

Before drawing, :func:`deadwood_after_drawing` says what a card would leave the hand with
after its best discard, and :func:`expected_stock_deadwood` what a draw from the stock leaves
on average over the cards the player has not seen (for a final turn, that against the top
discard is the whole decision). :func:`fivecrowns.sample_state` completes a view into a whole
state consistent with it, for search.

>>> import fivecrowns as fc
>>> state = fc.GameState.new(players=2, seed=5)
>>> tracker = RoundTracker()
>>> start = tracker.read(state.view(0))   # player 0 sees the upcard before anyone acts
>>> state = state.apply("draw").apply("discard 3S")
>>> state = state.apply("take")           # player 1 picks up the 3S
>>> know = tracker.read(state.view(0))
>>> know.turns, know.takes
((1, 1), (0, 1))
>>> [fc.format_cards(cards) for cards in know.picked_up]
['', '3S']
>>> know.unseen_total == 116 - len(state.hand(0)) - len(state.discard_pile) - 1
True
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from ..cards import CARDS, JOKER_CODE, NUM_CODES, Card, is_wild_code, without
from ..game._scoring import (
    FinalHand,
    LayOff,
    arrange_final,
    could_join,
    final_points,
    least_final_discard,
)
from ..game.actions import ActionKind
from ..game.views import PlayerView, remembered_pile
from ..rules import Rules
from ..solver import deadwood_by_discard

__all__ = [
    "FinalHand",
    "LayOff",
    "RoundKnowledge",
    "RoundTracker",
    "allowed_after_taking",
    "deadwood_after_drawing",
    "discard_values",
    "expected_stock_deadwood",
    "final_layout",
    "read_round",
]


def _deck_counts(rules: Rules) -> list[int]:
    """How many copies of each card the deck holds, indexed by card code."""
    counts = [rules.packs] * NUM_CODES
    counts[JOKER_CODE] = 3 * rules.packs
    return counts


@attrs.frozen
class RoundKnowledge:
    """What one player knows about the current round from its public record.

    - ``unseen_by_code``: per card code (56 entries, as :meth:`Rules.points_by_code`), the
      copies of that card the player has not seen: the deck minus its own hand, the discard
      pile, the melds on the table and the cards other seats are known to hold (never below
      zero). :attr:`unseen` is the same as a mapping of cards.
    - ``unseen_wilds``: how many of the unseen cards are wild this round.
    - ``picked_up``: per seat, the cards it took from the discard pile this round and has not
      thrown or laid down since (so it is known to hold them), in the order taken.
    - ``thrown``: per seat, the cards it discarded this round (going out included), in order.
    - ``turns``: per seat, the turns it started this round (each draw counts one).
    - ``takes``: per seat, how many of those draws were from the discard pile (a take of an
      unknown upcard counts, though ``picked_up`` cannot name the card).
    """

    unseen_by_code: tuple[int, ...]
    unseen_wilds: int
    picked_up: tuple[tuple[Card, ...], ...]
    thrown: tuple[tuple[Card, ...], ...]
    turns: tuple[int, ...]
    takes: tuple[int, ...]

    @property
    def unseen_total(self) -> int:
        """How many cards the player has not seen."""
        return sum(self.unseen_by_code)

    @property
    def unseen(self) -> Mapping[Card, int]:
        """The unseen cards with their number of copies, in card-code order (cards with no
        unseen copy are left out). ``list(collections.Counter(know.unseen).elements())``
        lists every copy, e.g. to deal the other hands at random."""
        return {CARDS[code]: count for code, count in enumerate(self.unseen_by_code) if count}


def _last_take(view: PlayerView) -> int:
    """The index in ``view.history`` of this turn's take, if any (the card it took is public
    while the turn lasts), else -1."""
    if view.taken is None:
        return -1
    return max(
        (
            index
            for index, (_, action) in enumerate(view.history)
            if action.kind is ActionKind.DRAW_DISCARD
        ),
        default=-1,
    )


def _forget_laid(view: PlayerView, held: list[list[Card]]) -> None:
    """Forget, of the cards each seat is known to hold, those it laid down or off."""
    laid = [
        [card for placed in view.table if placed.owner == seat for card in placed.meld.cards]
        for seat in range(view.players)
    ]
    for seat, off in enumerate(view.laid_off):
        laid[seat].extend(off)
    for seat, gone in enumerate(laid):
        # a card laid down or off is no longer held (if the seat held two copies, one of them
        # known, which one it laid is not known: the other copy is no longer known to be held;
        # a card another seat laid off onto this seat's meld may be taken for one of its own,
        # which only forgets a card known to be held)
        for card in gone:
            if card in held[seat]:
                held[seat].remove(card)


def read_round(view: PlayerView, upcard: Card | None = None) -> RoundKnowledge:
    """Replay the public record of the current round as ``view.player`` sees it.

    ``upcard`` is the card that started the round's discard pile, if the player knows it
    (see :class:`RoundTracker`); without it, a take of the upcard is counted but the card
    taken is not known.
    """
    players = view.players
    stack: list[Card | None] = [upcard]
    held: list[list[Card]] = [[] for _ in range(players)]
    thrown: list[list[Card]] = [[] for _ in range(players)]
    turns = [0] * players
    takes = [0] * players
    last_take = _last_take(view)
    for index, (player, action) in enumerate(view.history):
        kind = action.kind
        if kind is ActionKind.DISCARD or kind is ActionKind.GO_OUT:
            card = action.card
            assert card is not None
            stack.append(card)
            thrown[player].append(card)
            if card in held[player]:
                held[player].remove(card)
        elif kind is ActionKind.DRAW_DISCARD:
            turns[player] += 1
            takes[player] += 1
            taken = stack.pop() if stack else None
            if taken is None and index == last_take:
                taken = view.taken  # (the upcard, not known, but taken this turn: public)
            if taken is not None:
                held[player].append(taken)
        elif kind is ActionKind.DRAW_STOCK:
            turns[player] += 1
    _forget_laid(view, held)
    counts = _deck_counts(view.rules)
    seen = [*view.hand, *remembered_pile(view)]
    seen.extend(card for placed in view.table for card in placed.meld.cards)
    seen.extend(card for seat, cards in enumerate(held) if seat != view.player for card in cards)
    for card in seen:
        counts[card.code] -= 1
    unseen = tuple(max(0, count) for count in counts)
    wild = view.wild_rank
    return RoundKnowledge(
        unseen_by_code=unseen,
        unseen_wilds=sum(count for code, count in enumerate(unseen) if is_wild_code(code, wild)),
        picked_up=tuple(map(tuple, held)),
        thrown=tuple(map(tuple, thrown)),
        turns=tuple(turns),
        takes=tuple(takes),
    )


@attrs.define
class RoundTracker:
    """:func:`read_round` with a memory: it remembers the upcard of each round it sees begin
    (a view of the round before anyone acted), so a later take of it is known. Keep one per
    bot and :meth:`reset` it when a game starts."""

    _upcards: dict[tuple[int, int], Card] = attrs.field(factory=dict, init=False, repr=False)

    def reset(self) -> None:
        """Forget the previous game."""
        self._upcards = {}

    def upcard(self, view: PlayerView) -> Card | None:
        """The upcard of the view's round, if this tracker saw the round begin."""
        key = (view.round_number, view.extra_round)
        pile = remembered_pile(view)
        if key not in self._upcards and not view.history and pile:
            self._upcards[key] = pile[0]
        return self._upcards.get(key)

    def read(self, view: PlayerView) -> RoundKnowledge:
        """:func:`read_round` of ``view`` with the upcard, when known."""
        return read_round(view, self.upcard(view))


def final_layout(view: PlayerView, discard: Card | None = None) -> FinalHand:
    """The layout with the least deadwood of the hand in ``view`` after discarding
    ``discard`` (None: the whole hand), as the engine scores a final hand: its own melds,
    the cards it lays off onto the table melds (:class:`LayOff`, by table index, under
    ``Rules(lay_off=True)``), the deadwood left and its points.

    >>> import fivecrowns as fc
    >>> state = fc.GameState.new(players=2, seed=5).apply("draw")
    >>> layout = final_layout(state.view(0), fc.Card.parse("3S"))
    >>> fc.format_cards(layout.deadwood), layout.points, layout.lay_offs
    ('5C QC 10D', 27, ())
    """
    hand = view.hand if discard is None else without(view.hand, (discard,))
    table = tuple(placed.meld for placed in view.table) if view.rules.lay_off else ()
    return arrange_final(hand, table, view.wild_rank, view.rules)


def discard_values(view: PlayerView, hand: tuple[Card, ...]) -> dict[Card, int]:
    """The deadwood ``hand`` (the view's player's, after drawing) is left with after each
    discard: in a final turn laying off onto the table melds when the rules allow it."""
    if view.rules.lay_off and view.table:
        table = tuple(placed.meld for placed in view.table)
        return {
            card: final_points(without(hand, (card,)), table, view.wild_rank, view.rules)
            for card in sorted(set(hand), key=_code)
        }
    return dict(deadwood_by_discard(hand, view.wild_rank, rules=view.rules))


def allowed_after_taking(view: PlayerView, top: Card, cards: list[Card]) -> list[Card]:
    """``cards`` (of the hand plus the top discard) that may be discarded after taking
    ``top``: all of them, unless the rules forbid throwing back the card just taken (when
    the hand holds another card)."""
    if not view.rules.may_discard_taken_discard and any(card != top for card in view.hand):
        return [card for card in cards if card != top]
    return list(cards)


def deadwood_after_drawing(view: PlayerView, card: Card, *, taken: bool = False) -> int:
    """The least deadwood the view's player (about to draw) ends the turn with after drawing
    ``card`` and making its best discard; ``taken``: the card is the top discard, which the
    rules may forbid throwing straight back. In a final turn, lay-offs count (see
    :func:`final_layout`).

    >>> import fivecrowns as fc
    >>> view = fc.GameState.new(players=2, seed=5).view(0)  # round 1: threes are wild
    >>> fc.format_cards(view.hand), fc.min_deadwood(view.hand, 3)
    ('5C QC 3S', 37)
    >>> deadwood_after_drawing(view, fc.Card.parse("QH"))  # QC QH 3S, and 5C thrown
    0
    >>> deadwood_after_drawing(view, fc.Card.parse("9D"))  # no meld: the wild 3S goes
    26
    """
    hand = (*view.hand, card)
    if view.rules.lay_off and view.table:
        return _least_final_discard(view, hand, card if taken else None)
    values = discard_values(view, hand)
    choices = allowed_after_taking(view, card, list(values)) if taken else list(values)
    return min(values[choice] for choice in choices)


def _least_final_discard(view: PlayerView, hand: tuple[Card, ...], taken: Card | None) -> int:
    """:func:`deadwood_after_drawing` in a final turn under ``lay_off`` with melds on the
    table (``taken``: the top discard just taken, else None), pricing only the discards that
    can still beat the best found (``_scoring.least_final_discard``)."""
    table = tuple(placed.meld for placed in view.table)
    allowed = set(hand) if taken is None else set(allowed_after_taking(view, taken, list(hand)))
    return least_final_discard(
        hand, table, view.wild_rank, view.rules, allowed.__contains__, lambda _, points: points
    )[1]


def expected_stock_deadwood(view: PlayerView, know: RoundKnowledge | None = None) -> float:
    """The mean of :func:`deadwood_after_drawing` over the cards the view's player has not
    seen (``know.unseen_by_code``; read from the view when not given), each as likely as its
    unseen copies: what a draw from the stock is worth on average. None unseen: the deadwood
    of the hand with its best discard, as if nothing came.

    >>> import fivecrowns as fc
    >>> view = fc.GameState.new(players=2, seed=5).view(0)
    >>> round(expected_stock_deadwood(view), 2)
    15.48
    """
    unseen = (know or read_round(view)).unseen_by_code
    total = sum(unseen)
    if total == 0:
        return float(min(deadwood_by_discard(view.hand, view.wild_rank, rules=view.rules).values()))
    # a card that no meld of the hand can hold (nor, laying off, any table meld) is deadwood
    # whatever is discarded: the player keeps it and throws the hand's best discard, or
    # throws it back; priced once for them all (the compiled core's StrongBot does the same)
    stuck = {code for code, count in enumerate(unseen) if count and _stuck(view, CARDS[code])}
    found = 0
    if stuck:
        hand, wild, rules = view.hand, view.wild_rank, view.rules
        table = tuple(placed.meld for placed in view.table)
        kept = final_points(hand, table, wild, rules)
        _, thrown = least_final_discard(
            hand, table, wild, rules, lambda _: True, lambda _, points: points
        )
        found = sum(
            unseen[code] * min(kept, thrown + rules.points(CARDS[code], wild)) for code in stuck
        )
    found += sum(
        count * deadwood_after_drawing(view, CARDS[code])
        for code, count in enumerate(unseen)
        if count and code not in stuck
    )
    return found / total


def _stuck(view: PlayerView, card: Card) -> bool:
    """Can no meld of the view's hand with ``card`` added hold ``card``, and (laying off) no
    table meld take it? Checked when the hand holds at most one wild and no natural of the
    card's rank or of its suit within two ranks: a meld holding ``card`` has three cards or
    more, so with one wild at most it holds another natural, of its rank in a book or of its
    suit within two ranks in a run."""
    wild = view.wild_rank
    if card.is_wild(wild) or sum(c.is_wild(wild) for c in view.hand) > 1:
        return False
    rank, suit = int(card.rank or 0), card.suit
    if any(
        int(c.rank or 0) == rank or (c.suit == suit and abs(int(c.rank or 0) - rank) <= 2)
        for c in view.hand
        if not c.is_wild(wild)
    ):
        return False
    return not (view.rules.lay_off and any(could_join(card, placed.meld) for placed in view.table))


def _code(card: Card) -> int:
    return card.code
