"""How many cards a hand is from going out: the least number of its cards to swap for cards
that can still come (the unseen multiset) so that every card of the hand melds.

A hand whose every card melds goes out on its next draw whatever it draws (it throws the
drawn card back), so it is 0 cards from going out; a hand with an out among the unseen
cards is 1 card from it (drawing the out and discarding the card it replaces leaves every
card melded); a hand ``r`` cards from going out needs ``r`` particular draws, in ``r``
turns, each discarding a card it replaces. Exact: a search over the melds of the final
hand.

The search builds the final hand meld by meld. Each meld holds the lowest hand natural not
yet decided (the anchor), or is one of the melds made of no hand natural at all (built last);
every other place of a meld is another hand natural, an unseen natural, or a wild (the
hand's wilds first: they are kept, any other wild is an unseen card). Every hand natural
either joins a meld or is swapped out. The number of swaps is the number of unseen cards the
final hand holds; the search looks for a final hand with at most ``budget`` of them, for
``budget`` = 0, 1, 2, ... (each hand natural swapped out and each unseen card brought in
counts against it, so the search stays small while the answer is).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import attrs

from ..cards import JOKER_CODE, Card, is_wild_code
from ..rules import Rules

__all__ = ["cards_from_out"]

#: Suits and rank places of the naturals (a natural's code is ``suit * 11 + rank - 3``).
_SUITS, _RANKS = 5, 11


def cards_from_out(
    hand: Sequence[Card],
    wild_rank: int | None,
    rules: Rules,
    unseen: dict[Card, int],
    *,
    at_least: int = 0,
) -> int | None:
    """The least number of cards of ``hand`` to swap for ``unseen`` cards (each copy used
    once) so that every card of the hand melds under ``rules``; None if no swaps do.
    ``at_least``: a number known not to be more than the answer (fewer are not tried)."""
    search = _Search.of(hand, wild_rank, rules, unseen)
    for budget in range(at_least, len(hand) + 1):
        if search.within(budget):
            return budget
    return None


@attrs.define
class _Meld:
    """A meld being built: its hand and unseen naturals and its wilds."""

    naturals: int = 0
    wilds: int = 0


@attrs.define
class _Search:
    """The state of the search (the counts change as melds are tried and taken back)."""

    rules: Rules
    #: Hand naturals not yet decided, and unseen naturals not yet used, by code (0..54).
    hand: list[int]
    unseen: list[int]
    #: The hand's wilds, and the unseen wilds.
    hand_wilds: int
    unseen_wilds: int
    #: The hand's size (the final hand's too).
    size: int
    budget: int = 0
    #: Are the unseen wilds enough to stand for every unseen card of a final hand within the
    #: budget, under rules with no limit of wilds per meld? Then an unseen natural is never
    #: needed beside a hand natural (a wild can stand for it, at no more cost), nor in a meld
    #: of no hand natural when melds of wilds alone are allowed.
    wilds_suffice: bool = False
    #: The states from which no final hand is within the budget (found so far).
    failed: set[tuple[bytes, int, int, int, int]] = attrs.field(factory=set)
    #: Places of the final hand filled, hand naturals swapped out, unseen naturals brought
    #: in, wilds placed.
    placed: int = 0
    dropped: int = 0
    brought: int = 0
    wilds: int = 0

    @classmethod
    def of(
        cls, hand: Sequence[Card], wild_rank: int | None, rules: Rules, unseen: dict[Card, int]
    ) -> _Search:
        naturals, unseen_naturals = [0] * (_SUITS * _RANKS), [0] * (_SUITS * _RANKS)
        hand_wilds = unseen_wilds = 0
        for card in hand:
            if _wild(card.code, wild_rank):
                hand_wilds += 1
            else:
                naturals[card.code] += 1
        for card, copies in unseen.items():
            if _wild(card.code, wild_rank):
                unseen_wilds += copies
            else:
                unseen_naturals[card.code] += copies
        return cls(rules, naturals, unseen_naturals, hand_wilds, unseen_wilds, len(hand))

    def within(self, budget: int) -> bool:
        """Is there a final hand with at most ``budget`` unseen cards?"""
        self.budget = budget
        self.failed.clear()
        # (the final hand holds at most ``budget`` unseen cards: wilds for each would do)
        self.wilds_suffice = self.rules.max_wilds_per_meld is None and self.unseen_wilds >= budget
        return self._decide()

    def _cost(self) -> int:
        """The least number of unseen cards any completion of the current partial hand
        holds: those brought in so far, and each hand natural swapped out is replaced."""
        return max(self.dropped, self.brought + max(0, self.wilds - self.hand_wilds))

    def _over(self) -> bool:
        return (
            self._cost() > self.budget
            or self.wilds > self.hand_wilds + self.unseen_wilds
            or self.placed > self.size
        )

    def _decide(self) -> bool:
        """Decide the lowest hand natural not yet decided (or, when none is left, fill the
        rest with melds of no hand natural)."""
        if self._over():
            return False
        key = (bytes(self.hand + self.unseen), self.placed, self.dropped, self.brought, self.wilds)
        if key in self.failed:
            return False
        if not self._decided():
            self.failed.add(key)
            return False
        return True

    def _decided(self) -> bool:
        anchor = next((code for code, held in enumerate(self.hand) if held), None)
        if anchor is None:
            return self._rest()
        self.hand[anchor] -= 1
        try:
            self.dropped += 1
            if self._decide():
                return True
            self.dropped -= 1
            self.placed += 1
            try:
                for _ in self._melds_with(anchor):
                    if self._decide():
                        return True
            finally:
                self.placed -= 1
        finally:
            self.hand[anchor] += 1
        return False

    def _rest(self) -> bool:
        """Fill the places left with melds of no hand natural: wilds and unseen naturals."""
        if self._over():
            return False
        left = self.size - self.placed
        if left == 0:
            return self._cost() <= self.budget
        if left < 3:
            return False
        return any(self._decide() for _ in self._free_melds(left))

    def _melds_with(self, anchor: int) -> Iterator[None]:
        """Each meld holding the hand natural ``anchor`` (placed already), the state changed
        to hold it while the caller looks further."""
        suit, rank = divmod(anchor, _RANKS)
        yield from self._books(rank, 0, _Meld(naturals=1), anchor)
        for low in range(rank + 1):
            yield from self._run(suit, low, rank, low, _Meld())

    def _free_melds(self, left: int) -> Iterator[None]:
        """Each meld of no hand natural of at most ``left`` cards (one of each shape)."""
        if self.wilds_suffice and self.rules.all_wild_melds:
            yield from self._wilds_only(left)
            return
        for rank in range(_RANKS):
            yield from self._books(rank, 0, _Meld(), None)
        for suit in range(_SUITS):
            for low in range(_RANKS):
                yield from self._run(suit, low, None, low, _Meld())
        yield from self._wilds_only(left)

    def _books(self, rank: int, suit: int, meld: _Meld, anchor: int | None) -> Iterator[None]:
        """The books of ``rank`` that take naturals of the suits from ``suit`` on (below the
        anchor's code, hand naturals are decided already; the anchor is in ``meld``)."""
        if suit == _SUITS:
            yield from self._close(meld)
            return
        code = suit * _RANKS + rank
        anchored = anchor == code
        hand_room = 0 if anchor is not None and code < anchor else self.hand[code]
        unseen_room = 0 if anchor is not None and self.wilds_suffice else self.unseen[code]
        for take_hand in range(hand_room + 1):
            for take_unseen in range(unseen_room + 1):
                count = take_hand + take_unseen + anchored
                if self.rules.distinct_suit_books and count > 1:
                    continue
                self._take(code, take_hand, take_unseen, meld, 1)
                if not self._over():
                    yield from self._books(rank, suit + 1, meld, anchor)
                self._take(code, take_hand, take_unseen, meld, -1)

    def _close(self, meld: _Meld) -> Iterator[None]:
        """The book of ``meld``'s naturals with each number of wilds the rules allow."""
        most_total = 5 if self.rules.distinct_suit_books else self.size
        for wilds in range(self._wild_room(meld, most_total) + 1):
            if meld.naturals + wilds < 3 or meld.naturals == 0:
                continue
            self.wilds += wilds
            self.placed += wilds
            if not self._over():
                yield
            self.wilds -= wilds
            self.placed -= wilds

    def _wild_room(self, meld: _Meld, most_total: int) -> int:
        """How many wilds ``meld`` may still take: by the rules, by its greatest size, and
        by the places and the wilds left."""
        limit = self.rules.max_wilds_per_meld
        room = min(most_total - meld.naturals, self.size - self.placed)
        room = min(room, self.hand_wilds + self.unseen_wilds - self.wilds)
        if limit == "naturals":
            room = min(room, meld.naturals - meld.wilds)
        elif isinstance(limit, int):
            room = min(room, limit - meld.wilds)
        return max(room, -1)

    def _run(
        self, suit: int, low: int, anchor: int | None, rank: int, meld: _Meld
    ) -> Iterator[None]:
        """The runs of ``suit`` from ``low``, its places up to ``rank`` filled: fill the place
        ``rank`` (the anchor's is the anchor), yield the run when it is long enough and holds
        the anchor, then extend it."""
        if rank == _RANKS or self._over():
            return
        code = suit * _RANKS + rank
        for source in self._sources(code, anchor, rank, meld):
            length = rank - low + 1
            if length >= 3 and (anchor is None or rank >= anchor) and self._run_ok(meld):
                yield
            yield from self._run(suit, low, anchor, rank + 1, meld)
            self._untake(code, source, meld)

    def _sources(self, code: int, anchor: int | None, rank: int, meld: _Meld) -> Iterator[str]:
        """Fill the run's place ``code`` in each way it can be, the state changed while the
        caller goes on (``_untake`` changes it back)."""
        if anchor == rank:
            meld.naturals += 1
            yield "anchor"
            return
        above = anchor is not None and rank > anchor
        if above and self.hand[code]:
            self.hand[code] -= 1
            self.placed += 1
            meld.naturals += 1
            yield "hand"
        if self.unseen[code] and not (anchor is not None and self.wilds_suffice):
            self.unseen[code] -= 1
            self.brought += 1
            self.placed += 1
            meld.naturals += 1
            yield "unseen"
        self.wilds += 1
        self.placed += 1
        meld.wilds += 1
        yield "wild"

    def _untake(self, code: int, source: str, meld: _Meld) -> None:
        if source == "anchor":
            meld.naturals -= 1
            return
        self.placed -= 1
        if source == "wild":
            self.wilds -= 1
            meld.wilds -= 1
            return
        meld.naturals -= 1
        if source == "hand":
            self.hand[code] += 1
        else:
            self.unseen[code] += 1
            self.brought -= 1

    def _run_ok(self, meld: _Meld) -> bool:
        """May a run hold ``meld``'s wilds beside its naturals (at least one: melds of wilds
        alone are ``_wilds_only``'s)?"""
        limit = self.rules.max_wilds_per_meld
        if meld.naturals == 0:
            return False
        if limit == "naturals":
            return meld.wilds <= meld.naturals
        return not isinstance(limit, int) or meld.wilds <= limit

    def _wilds_only(self, left: int) -> Iterator[None]:
        """The melds of wilds alone, when the rules allow them."""
        if not self.rules.all_wild_melds:
            return
        limit = self.rules.max_wilds_per_meld
        most = left if limit is None else (limit if isinstance(limit, int) else 0)
        for wilds in range(3, min(most, left) + 1):
            self.wilds += wilds
            self.placed += wilds
            if not self._over():
                yield
            self.wilds -= wilds
            self.placed -= wilds

    def _take(self, code: int, hand: int, unseen: int, meld: _Meld, sign: int) -> None:
        """Take (``sign`` 1) or give back (-1) naturals of ``code`` for a book."""
        self.hand[code] -= sign * hand
        self.unseen[code] -= sign * unseen
        self.brought += sign * unseen
        self.placed += sign * (hand + unseen)
        meld.naturals += sign * (hand + unseen)


def _wild(code: int, wild_rank: int | None) -> bool:
    return code == JOKER_CODE or is_wild_code(code, wild_rank)
