"""Sampling a world for search in the OpenSpiel game (:mod:`fivecrowns.adapters.openspiel`):
the other players' hidden cards drawn again from what a player has not seen.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Iterable

from ..rules import Rules
from ._openspiel_record import Entry, copies

__all__ = ["sampled_round", "seat_name"]


def seat_name(seat: int) -> str:
    return f"p{seat}"


class _Slot:
    """A card another player got hidden: from pool ``pool``, at history step ``step``;
    ``code`` once chosen (-1 before)."""

    __slots__ = ("code", "pool", "step")

    def __init__(self, pool: int, step: int) -> None:
        self.pool, self.step, self.code = pool, step, -1


def sampled_round(
    log: Iterable[Entry], player: int, rules: Rules, rng: random.Random
) -> list[tuple[int, int]] | None:
    """``(step, code)`` for each card hidden from ``player`` in one round's ``log``, drawn
    consistently with what it saw, or None if the draws met a dead end. Reads only what
    ``player`` knows of the log.

    The cards come from pools: the deck (for the deal, and the stock until the first
    reshuffle), then each reshuffled stock. Within a pool only counts matter (its cards leave
    it in any order), so the cards of a pool that ``player`` did not see come out of it, in
    any assignment, as the other players' hidden cards of that pool (and what is left in the
    stock). A card another player shows (a discard, a meld, its hand at the end of the
    round) is one it took from the discard pile, or else one of its hidden cards still in
    hand, from a pool with such a card left; hidden cards of one pool in one hand are alike,
    so only the pool is a choice. When no pool fits, one earlier choice of that player is
    moved to another pool to make room; the rest is left to chance (and retries).
    """
    log = tuple(log)
    pools = [counts.copy() for counts in _seen_pools(log, player, rules)]  # pass 1
    slots: list[_Slot] = []
    held: defaultdict[int, list[_Slot]] = defaultdict(list)
    known: defaultdict[int, Counter[int]] = defaultdict(Counter)
    shown: defaultdict[int, list[tuple[int, _Slot]]] = defaultdict(list)  # (step shown, slot)
    pool = 0
    for entry in log:  # pass 2: the other players' hidden cards, and what they showed
        seat, kind = entry.seat, entry.kind
        if kind == "reshuffle":
            pool += 1
        if seat == player or seat < 0:
            continue
        if kind in ("deal", "drew"):
            slot = _Slot(0 if kind == "deal" else pool, entry.step)
            slots.append(slot)
            held[seat].append(slot)
        elif kind == "take":
            known[seat][entry.code] += 1
        elif kind in ("put", "reveal"):
            mine, hand, past = known[seat], held[seat], shown[seat]
            for code in entry.cards:
                if mine[code] > 0:
                    mine[code] -= 1
                    continue
                fit = _fitting(code, hand, past, pools, rng)
                if fit is None:
                    return None
                fit.code = code
                pools[fit.pool][code] -= 1
                hand.remove(fit)
                past.append((entry.step, fit))
    if not _deal_free(slots, pools, rng):
        return None
    return [(slot.step, slot.code) for slot in slots]


def _seen_pools(log: tuple[Entry, ...], player: int, rules: Rules) -> list[Counter[int]]:
    """The cards of each pool (the deck, then each reshuffled stock) but those ``player``
    saw come out of it (kept for a finished round's log, which every later world samples
    again: not to be changed)."""
    key = (id(log), player, rules.packs)
    found = _POOLS.get(key)
    if found is not None and found[0] is log:
        return found[1]
    pools = _pools_seen(log, player, rules)
    if len(_POOLS) >= 256:
        _POOLS.clear()
    _POOLS[key] = (log, pools)
    return pools


#: :func:`_seen_pools` by log (its id, kept alive with it), player and packs.
_POOLS: dict[tuple[int, int, int], tuple[tuple[Entry, ...], list[Counter[int]]]] = {}


def _pools_seen(log: tuple[Entry, ...], player: int, rules: Rules) -> list[Counter[int]]:
    pools = [copies(rules)]
    for entry in log:
        if entry.kind == "upcard" or (entry.kind == "deal" and entry.seat == player):
            pools[0][entry.code] -= 1
        elif entry.kind == "drew" and entry.seat == player:
            pools[-1][entry.code] -= 1
        elif entry.kind == "reshuffle":
            pools.append(Counter(entry.cards))
    return pools


def _deal_free(slots: list[_Slot], pools: list[Counter[int]], rng: random.Random) -> bool:
    """Give each slot still without a card one left in its pool, shuffled; False if a pool
    has too few (or the choices took more than it holds)."""
    for index, counts in enumerate(pools):
        free = [slot for slot in slots if slot.pool == index and slot.code < 0]
        cards = sorted(counts.elements())
        if len(cards) < len(free) or min(counts.values(), default=0) < 0:
            return False
        rng.shuffle(cards)
        for slot, code in zip(free, cards):
            slot.code = code
    return True


def pool_of_all(hand: list[_Slot]) -> int | None:
    """The pool of every card of ``hand`` when they share one (None: they do not, or
    ``hand`` is empty)."""
    if not hand:
        return None
    pool = hand[0].pool
    return pool if all(slot.pool == pool for slot in hand) else None


def _fitting(
    code: int,
    hand: list[_Slot],
    past: list[tuple[int, _Slot]],
    pools: list[Counter[int]],
    rng: random.Random,
) -> _Slot | None:
    """A hidden card of ``hand`` that can be ``code`` (its pool has one left), or None.
    Without one, a card shown earlier (``past``: when, and its slot) is given another
    hidden card of the hand, of another pool, that was already held then, if that frees a
    slot whose pool has a ``code`` left."""
    if pool_of_all(hand) is not None:  # (one pool: every card fits, or none)
        if hand and pools[hand[0].pool][code] > 0:
            return rng.choice(hand)
        fits = []
    else:
        fits = [slot for slot in hand if pools[slot.pool][code] > 0]
    if fits:
        return rng.choice(fits)
    order = list(range(len(past)))
    rng.shuffle(order)
    for index in order:
        when, used = past[index]
        if pools[used.pool][code] <= 0:
            continue
        other = [
            slot
            for slot in hand
            if slot.step < when and slot.pool != used.pool and pools[slot.pool][used.code] > 0
        ]
        if not other:
            continue
        moved = rng.choice(other)
        moved.code = used.code
        pools[moved.pool][used.code] -= 1
        pools[used.pool][used.code] += 1
        hand.remove(moved)
        past[index] = (when, moved)
        hand.append(used)
        used.code = -1
        return used
    return None
