"""The Python engine: every question the solver asks of a hand, on the memoised search.

The search (``_search``) gives a hand's least score and its arrangement. On top of it this
module answers the questions asked after drawing: the value of every discard (one memo for
the hand's discards of naturals, one per kind of wild discarded), the best discard, whether
some discard leaves every other card melded, and which draws would. It keeps nothing
between calls: each call builds its search, and the memo goes with it.

Hands are card codes (0..54 naturals, 55 the joker), in any order; ``wild_rank`` is 3..13,
or 0 when only jokers are wild. The Python engine solves hands of at most :data:`MAX_CARDS`
cards and refuses bigger ones (the compiled core solves those).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from ..cards import CARDS, JOKER_CODE, is_wild_code, without_code
from ..errors import InvalidHandError
from ..rules import MAX_HAND_SIZE, Rules
from . import _search
from ._layout import Layout

__all__ = [
    "MAX_CARDS",
    "arrange",
    "best_discard",
    "best_discard_value",
    "cache_clear",
    "can_out",
    "discard_values",
    "least",
    "least_counts",
    "least_hands",
    "least_laying_off",
    "outs",
]

#: The most cards of a hand the Python engine solves: the largest hand a round deals
#: (:data:`~fivecrowns.rules.MAX_HAND_SIZE`) and the card drawn. Every question about such a
#: hand is answered within a second under every rule set (``benchmarks/bench_twin.py``).
MAX_CARDS: Final = MAX_HAND_SIZE + 1


def _hand(codes: Sequence[int], most: int = MAX_CARDS) -> tuple[int, ...]:
    """The sorted codes of a hand the Python engine takes (at most ``most`` cards)."""
    if len(codes) > most:
        if most == MAX_CARDS:
            bound = f"solves hands of at most {MAX_CARDS} cards (the largest hand a round deals"
            bound += f", {MAX_HAND_SIZE}, and the card drawn)"
        else:
            bound = f"finds the outs of hands of at most {most} cards (before the draw)"
        raise InvalidHandError(
            f"a hand of {len(codes)} cards, but the Python engine {bound}; the compiled core "
            "solves bigger hands (it runs when fivecrowns._core is built and FIVECROWNS_PURE "
            "is unset)"
        )
    return tuple(sorted(codes))


def least(codes: Sequence[int], wild_rank: int, rules: Rules) -> int:
    """The least deadwood of a hand."""
    return _search.score(_hand(codes), wild_rank, rules).points


def least_laying_off(codes: Sequence[int], wild_rank: int, rules: Rules, free_ranks: int) -> int:
    """The least deadwood of a final hand whose wilds and naturals of the ranks of
    ``free_ranks`` (bit ``r`` for rank ``r + 3``) can be laid off onto the table's books
    (books of any suits, no limit of wilds per meld): the least, over every choice of those
    naturals to lay off, of the rest's least deadwood with its wilds laid off too. With free
    wilds a hand's least deadwood is its least when some meld holds a natural (spare wilds
    then find a place for nothing), else its naturals' points, so the smaller of the two."""
    key = _hand(codes)
    free = [c for c in key if not is_wild_code(c, wild_rank) and free_ranks >> c % 11 & 1]
    best = None
    for size in range(len(free) + 1):
        for part in set(itertools.combinations(free, size)):
            rest = list(key)
            for c in part:
                rest.remove(c)
            naturals = sum(c % 11 + 3 for c in rest if not is_wild_code(c, wild_rank))
            value = min(_search.score(tuple(rest), wild_rank, rules).points, naturals)
            best = value if best is None else min(best, value)
    assert best is not None
    return best


def arrange(codes: Sequence[int], wild_rank: int, rules: Rules) -> Layout:
    """An optimal arrangement of a hand: the one the search finds (and the compiled core)."""
    solution = _search.solve(_hand(codes), wild_rank, rules)
    return Layout(solution.melds, solution.deadwood, solution.score.points)


def discard_values(codes: Sequence[int], wild_rank: int, rules: Rules) -> dict[int, int]:
    """For each distinct code of a hand: the least deadwood after discarding one copy."""
    scores = _search.discard_scores(_hand(codes), wild_rank, rules)
    return {c: score.points for c, score in sorted(scores.items())}


def best_discard(codes: Sequence[int], wild_rank: int, rules: Rules) -> tuple[int, Layout]:
    """The discard :func:`best_discard_value` chooses, with the arrangement of the rest.
    The hand must not be empty."""
    key = _hand(codes)
    card, _ = best_discard_value(key, wild_rank, rules)
    return card, arrange(without_code(key, card), wild_rank, rules)


def best_discard_value(codes: Sequence[int], wild_rank: int, rules: Rules) -> tuple[int, int]:
    """The discard leaving the least deadwood, and that deadwood. Among equal ones a natural
    goes before a wild, then the one worth the most points, then the higher code. The hand
    must not be empty."""
    key = _hand(codes)
    points = rules.points_by_code(wild_rank or None)
    values = discard_values(key, wild_rank, rules)
    card = min(values, key=lambda c: (values[c], is_wild_code(c, wild_rank), -points[c], -c))
    return card, values[card]


def can_out(codes: Sequence[int], wild_rank: int, rules: Rules) -> bool:
    """True when some discard leaves no deadwood (False for an empty hand)."""
    return _goes_out(_hand(codes), wild_rank, rules, {})


def _goes_out(
    key: tuple[int, ...], wild_rank: int, rules: Rules, shared: dict[tuple[int, ...], _Memo]
) -> bool:
    """Does some discard of the hand (sorted codes) leave no deadwood? Searched on the
    ``shared`` memos (see ``_search.score``).

    A hand keeps at least its least deadwood less the points of the card discarded, so only
    a card worth at least that can go; those are tried nearest that worth first (a hand
    that goes out most often keeps one card of deadwood)."""
    if not key:
        return False
    least = _search.score(key, wild_rank, rules, shared).points
    points = rules.points_by_code(wild_rank or None)
    tries = sorted({c for c in key if points[c] >= least}, key=lambda c: points[c] - least)
    return any(
        _search.score(without_code(key, c), wild_rank, rules, shared).points == 0 for c in tries
    )


_Memo = _search._Search


def outs(codes: Sequence[int], wild_rank: int, rules: Rules) -> tuple[int, ...]:
    """The sorted codes (0..55) whose draw lets the hand go out after one discard; how
    many copies the deck has left is not considered.

    A hand with no deadwood goes out whatever it draws (it throws the card back). Every wild
    draw does the same (wilds are interchangeable inside melds), and under the default meld
    rules a drawn natural in a meld can be replaced by a joker, so nothing goes out if a
    joker does not. A natural drawn must sit in some meld (else discarding it leaves the
    hand as it was), which rules most of them out without a search."""
    key = _hand(codes, MAX_HAND_SIZE)
    shared: dict[tuple[int, ...], _Memo] = {}
    if _search.score(key, wild_rank, rules, shared).points == 0:
        return tuple(range(JOKER_CODE + 1))
    found: set[int] = set()
    if _goes_out(tuple(sorted((*key, JOKER_CODE))), wild_rank, rules, shared):
        found.add(JOKER_CODE)
        if wild_rank:
            found.update(suit * 11 + wild_rank - 3 for suit in range(5))
    elif (
        rules.max_wilds_per_meld is None and not rules.distinct_suit_books and rules.all_wild_melds
    ):
        return ()  # (without all-wild melds a drawn natural may be its meld's only natural)
    counts, wilds = _natural_counts(key, wild_rank)
    for x in range(JOKER_CODE):
        if is_wild_code(x, wild_rank):
            continue
        counts[x] += 1
        live = _live(counts, wilds, x)
        counts[x] -= 1
        if live and _goes_out(tuple(sorted((*key, x))), wild_rank, rules, shared):
            found.add(x)
    return tuple(sorted(found))


def _natural_counts(key: Sequence[int], wild_rank: int) -> tuple[list[int], int]:
    """(copies held of each natural code 0..54, number of wilds) of a hand."""
    counts = [0] * JOKER_CODE
    wilds = 0
    for c in key:
        if is_wild_code(c, wild_rank):
            wilds += 1
        else:
            counts[c] += 1
    return counts, wilds


def _live(counts: list[int], wilds: int, c: int) -> bool:
    """Can natural ``c`` be in some meld of a hand with these natural counts and wilds?

    The default meld rules allow every meld any option allows, so this holds for every rule
    set: a book needs the other naturals of c's rank and the wilds to make 3; a run holding
    c with at most ``wilds`` wilds holds a window of 3 consecutive ranks around c with at
    least 3 - ``wilds`` ranks of c's suit held, and such a window is a run."""
    q, base = c % 11, c - c % 11
    if sum(counts[q::11]) + wilds >= 3:
        return True
    return any(
        sum(counts[base + r] > 0 for r in range(low, low + 3)) + wilds >= 3
        for low in range(max(0, q - 2), min(q, 8) + 1)
    )


def least_hands(
    hands: Iterable[object],
    wild_rank: int,
    rules: Rules,
    threads: int,
    codes_of: Callable[[Any], list[int]],
) -> npt.NDArray[np.int64]:
    """The least deadwood of each hand (its codes from ``codes_of``, which checks it), one at
    a time in the calling thread, whatever ``threads`` says. Hands asked together share the
    search's memos (see ``_search.score``), afresh every :data:`_SHARED_HANDS` hands."""
    shared: dict[tuple[int, ...], _Memo] = {}
    values = []
    for i, hand in enumerate(hands):
        if i % _SHARED_HANDS == 0:
            shared = {}
        values.append(_search.score(_hand(codes_of(hand)), wild_rank, rules, shared).points)
    return np.array(values, dtype=np.int64)


#: How many hands of one call share the search's memos (a bound on the memory they hold).
_SHARED_HANDS: Final = 64


def least_counts(
    counts: npt.NDArray[np.integer[Any]],
    wild_rank: int,
    rules: Rules,
    threads: int,
    codes_of: Callable[[Any], list[int]],
) -> npt.NDArray[np.int64]:
    """The least deadwood of each row of an N x 56 array of card counts (each row's cards
    checked by ``codes_of``), as :func:`least_hands`."""
    every = range(len(CARDS))
    hands = ([CARDS[c] for c in every for _ in range(row[c])] for row in counts.tolist())
    return least_hands(hands, wild_rank, rules, threads, codes_of)


def cache_clear() -> None:
    """Nothing to empty: the Python engine keeps nothing between calls."""
