"""The memoised search: an exact solver for every rule set (the suit DP's twin and fallback).

The search takes the lowest remaining natural card (lowest rank, then suit) and tries
everything it can be: deadwood, in a book of its rank (with any other naturals of that
rank and any number of wilds the rules allow), or the lowest natural of a run of its suit
(the run takes, rank by rank upwards, a natural of its suit or a wild). No natural of a
lower rank is left, so no meld holding the card is missed. The value of the rest depends
only on the naturals left and the number of wilds left, and is memoised on them.

Wilds are interchangeable inside melds, so melds take the costliest wilds and the ones
left over are the cheapest: when no natural is left, ``w`` leftover wilds cost the
cheapest ``w`` of the hand, less those that form all-wild melds (``_leftover``).

The score is lexicographic: least deadwood points, then fewest unmelded cards (a wild
worth 0 points still counts as unmelded).

One exchange argument prunes the runs, exact under every rule option: a run with wilds
below its lowest natural that does not reach the king can move those wilds to its top (the
same cards, a valid run of the same length).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from .cards import JOKER_CODE
from .rules import Rules

__all__ = ["Score", "Solution", "discard_scores", "score", "solve"]

_BITS = 5  # copies of a code per field: up to 31 (16 packs hold 16)
_FIELD = (1 << _BITS) - 1


class Score(NamedTuple):
    """A hand's value: deadwood points, then unmelded cards (compared in that order)."""

    points: int
    unmelded: int


#: The score of a hand whose every card melds.
_NOTHING = Score(0, 0)


class Solution(NamedTuple):
    """An optimal arrangement: its score, melds (kind, sorted codes) and sorted deadwood."""

    score: Score
    melds: tuple[tuple[str, tuple[int, ...]], ...]
    deadwood: tuple[int, ...]


class _Step(NamedTuple):
    """One choice for the lowest natural: what it adds, and the naturals and wilds left."""

    points: int
    unmelded: int
    state: int
    wilds: int
    meld: tuple[str, tuple[int, ...], int] | None  # (kind, naturals, wilds) or deadwood


class _Search:
    """One hand's search: its rules, wild rank and wild points, and the memo."""

    def __init__(self, wild_rank: int, rules: Rules, wild_points: list[int]) -> None:
        self.rules = rules
        self.wild_rank = wild_rank
        cheap = sorted(wild_points)
        self.prefix = [0]
        for p in cheap:
            self.prefix.append(self.prefix[-1] + p)
        self.memo: dict[tuple[int, int], Score] = {}
        limit = rules.max_wilds_per_meld
        #: the most wilds one meld may hold (a bound: "naturals" depends on the meld)
        self.wilds_per_meld = limit if isinstance(limit, int) else 1 << 30
        # an all-wild meld: a book of any size, or with distinct-suit books one of at most
        # 5 or a run of at most 11; never under "naturals" (no more wilds than naturals)
        cap = 11 if rules.distinct_suit_books else 1 << 30
        if not rules.all_wild_melds or limit == "naturals":
            cap = 0
        self.all_wild_cap = min(cap, self.wilds_per_meld)

    def leftover(self, w: int) -> Score:
        """The score of ``w`` leftover wilds (the hand's cheapest): all-wild melds of 3 up
        to ``all_wild_cap`` cards take as many as they can, the rest are deadwood."""
        cap = self.all_wild_cap
        melded = 0
        if cap >= 3:
            for m in range(1, w // 3 + 1):  # m melds hold 3m .. cap * m wilds
                melded = max(melded, min(w, cap * m))
        left = w - melded
        return Score(self.prefix[left], left)

    def value(self, state: int, w: int) -> Score:
        key = (state, w)
        found = self.memo.get(key)
        if found is None:
            found = self.leftover(w) if not state else self._best(state, w)
            self.memo[key] = found
        return found

    def _best(self, state: int, w: int) -> Score:
        best = None
        for step in self.steps(state, w):
            found = _add(step, self.value(step.state, step.wilds))
            if best is None or found < best:
                best = found
                if best == _NOTHING:  # every card melds: nothing does better
                    break
        assert best is not None
        return best

    def steps(self, state: int, w: int) -> Iterator[_Step]:
        """Every choice for the lowest natural of ``state``: runs, books, then deadwood."""
        c = _lowest(state)
        q, s = c % 11, c // 11
        rest = state - (1 << (_BITS * c))
        yield from self._runs(c, q, s, rest, w)
        yield from self._books(c, rest, w)
        yield _Step(q + 3, 1, rest, w, None)

    def _books(self, c: int, rest: int, w: int) -> Iterator[_Step]:
        rules = self.rules
        q = c % 11
        distinct = rules.distinct_suit_books
        options: list[tuple[int, list[int]]] = [(rest, [c])]
        for s in range(5):
            code = s * 11 + q
            have = rest >> (_BITS * code) & _FIELD
            if distinct:
                have = 0 if code == c else min(have, 1)
            grown = []
            for st, nats in options:
                for k in range(1, have + 1):
                    grown.append((st - k * (1 << (_BITS * code)), nats + [code] * k))
            options.extend(grown)
        for st, nats in options:
            m = len(nats)
            limit = rules.max_wilds_in(m)
            most = w if limit is None else min(w, limit)
            if distinct:
                most = min(most, 5 - m)
            for j in range(max(0, 3 - m), most + 1):
                yield _Step(0, 0, st, w - j, ("book", tuple(nats), j))

    def _runs(self, c: int, q: int, s: int, rest: int, w: int) -> Iterator[_Step]:
        rules = self.rules
        base = s * 11
        # (the state, naturals, wilds used, top position) of each partial run from c upwards
        partial = [(rest, [c], 0, q)]
        while partial:
            st, nats, used, top = partial.pop()
            limit = rules.max_wilds_in(len(nats))
            # close here; wilds below c only when the run cannot grow upwards instead
            for lead in range(q + 1) if top == 10 else (0,):
                j = used + lead
                if top - q + 1 + lead >= 3 and j <= w and (limit is None or j <= limit):
                    yield _Step(0, 0, st, w - j, ("run", tuple(nats), j))
            if top == 10:
                continue
            nxt = base + top + 1
            if st >> (_BITS * nxt) & _FIELD:
                partial.append((st - (1 << (_BITS * nxt)), [*nats, nxt], used, top + 1))
            if used < min(w, self.wilds_per_meld):
                partial.append((st, nats, used + 1, top + 1))


def _add(step: _Step, rest: Score) -> Score:
    return Score(step.points + rest.points, step.unmelded + rest.unmelded)


def _lowest(state: int) -> int:
    """The lowest natural (rank, then suit) of a state."""
    for q in range(11):
        for s in range(5):
            if state >> (_BITS * (s * 11 + q)) & _FIELD:
                return s * 11 + q
    raise ValueError("no natural left")  # pragma: no cover - callers check


def _parse(codes: tuple[int, ...], wild_rank: int, rules: Rules) -> tuple[int, list[int]]:
    points = rules.points_by_code(wild_rank or None)
    state = 0
    wilds = []
    for c in codes:
        if c == JOKER_CODE or c % 11 + 3 == wild_rank:
            wilds.append(points[c])
        else:
            state += 1 << (_BITS * c)
    return state, wilds


def score(codes: tuple[int, ...], wild_rank: int, rules: Rules) -> Score:
    """The least score of a hand (sorted codes; ``wild_rank`` 0: jokers only)."""
    state, wilds = _parse(codes, wild_rank, rules)
    return _Search(wild_rank, rules, wilds).value(state, len(wilds))


def solve(codes: tuple[int, ...], wild_rank: int, rules: Rules) -> Solution:
    """An optimal arrangement of a hand, found by following the memo's choices."""
    state, wilds = _parse(codes, wild_rank, rules)
    search = _Search(wild_rank, rules, wilds)
    w = len(wilds)
    best = search.value(state, w)
    points = rules.points_by_code(wild_rank or None)
    costly = sorted(
        (c for c in codes if c == JOKER_CODE or c % 11 + 3 == wild_rank),
        key=lambda c: (points[c], c),
        reverse=True,
    )
    melds: list[tuple[str, tuple[int, ...]]] = []
    dead: list[int] = []
    target = best
    while state:
        for step in search.steps(state, w):
            rest = search.value(step.state, step.wilds)
            if _add(step, rest) == target:
                break
        else:  # pragma: no cover - the memo holds the optimum
            raise AssertionError("search reconstruction failed")
        if step.meld is None:
            dead.append(_lowest(state))
        else:
            kind, nats, j = step.meld
            melds.append((kind, tuple(sorted((*nats, *costly[:j])))))
            del costly[:j]
        state, w, target = step.state, step.wilds, rest
    # the leftover wilds (the cheapest): all-wild melds, the rest deadwood
    left = search.leftover(w)
    melds.extend(_all_wild(costly[: w - left.unmelded], search.all_wild_cap, rules))
    dead.extend(costly[w - left.unmelded :])
    return Solution(best, tuple(melds), tuple(sorted(dead)))


def _all_wild(wilds: list[int], cap: int, rules: Rules) -> list[tuple[str, tuple[int, ...]]]:
    """``wilds`` as the fewest all-wild melds of 3 to ``cap`` cards, sizes as even as can be
    (``leftover`` chose a count that splits so)."""
    if not wilds:
        return []
    count = -(-len(wilds) // cap)
    out = []
    start = 0
    for i in range(count):
        size = len(wilds) // count + (i < len(wilds) % count)
        part = tuple(sorted(wilds[start : start + size]))
        start += size
        out.append(("run" if rules.distinct_suit_books and size > 5 else "book", part))
    return out


def discard_scores(codes: tuple[int, ...], wild_rank: int, rules: Rules) -> dict[int, Score]:
    """Each distinct code of a hand, with the least score of the hand less one copy; the
    natural discards share one memo."""
    state, wilds = _parse(codes, wild_rank, rules)
    search = _Search(wild_rank, rules, wilds)
    out: dict[int, Score] = {}
    for c in set(codes):
        if c == JOKER_CODE or c % 11 + 3 == wild_rank:
            rest = list(codes)
            rest.remove(c)
            out[c] = score(tuple(rest), wild_rank, rules)
        else:
            out[c] = search.value(state - (1 << (_BITS * c)), len(wilds))
    return out
