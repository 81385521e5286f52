"""The memoised search: the Python engine's exact solver, for every rule set (the twin, move
for move, of the compiled core's ``rust/engine/src/search.rs``: the same states, the same
order of choices, the same arrangement chosen among the optimal ones).

The search takes the lowest remaining natural card (lowest rank, then suit) and tries
everything it can be: deadwood, in a book of its rank (with any other naturals of that
rank), or the lowest natural of a run of its suit (the run takes, rank by rank upwards, a
natural of its suit or a wild filling the gap, and ends on a natural). No natural of a
lower rank is left, so no meld holding the card is missed.

A meld takes only the wilds it needs (its gaps, and the padding to three cards); the
wilds it *could* take beyond those (its spare capacity: the rules' wilds per meld, five
cards in a distinct-suit book, eleven in a run) are added to a running total. Spare wilds
never change which melds are possible, so where they go is settled when no natural is
left (``leftover``): some fill spare capacity, the rest form all-wild melds where the
rules allow them, and those left over are deadwood. The value of the rest of a hand
depends only on the naturals left, the wilds left and the spare capacity so far (capped
at the wilds left: more can never be used), and is memoised on those three.

Wilds are interchangeable inside melds, so melds take the costliest wilds and the
unmelded ones are the cheapest. The score is lexicographic: least deadwood points, then
fewest unmelded cards (a wild worth 0 points still counts as unmelded).

What keeps it fast, each exact under every rule option: naturals in no meld at all are
set aside as deadwood first (``hopeless``); the hand's components (naturals that could
share a meld) are finished one at a time, so the rest of the hand is reached once whatever
was done inside a component (``split``); a natural's choices depend only on the naturals
of its rank and of its suit above it and the wilds left, and are kept per those
(``moves``); and a state stops looking once a choice melds every card (nothing does
better, which makes large hands that meld completely cheap).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from ..cards import JOKER_CODE
from ..rules import Rules

__all__ = ["Score", "Solution", "discard_scores", "score", "solve"]

_BITS = 5  # copies of a code per field: up to 31 (16 packs hold 16)
_FIELD = (1 << _BITS) - 1
_MANY = 1 << 30  # "no limit"


def _shift(code: int) -> int:
    """Where a natural's count sits in a state: rank-major, so the lowest set field is the
    lowest natural (lowest rank, then suit)."""
    return _BITS * (code % 11 * 5 + code // 11)


_SHIFT = tuple(_shift(code) for code in range(55))
#: The fields of the stars (suit 0) in a state: shifted by _BITS * s, those of suit s.
_SUIT = sum(_FIELD << _shift(q) for q in range(11))
_RANK = (1 << 5 * _BITS) - 1  # the five fields of one rank, shifted by 5 * _BITS * q
_ONE = tuple(1 << _SHIFT[code] for code in range(55))


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
    """One choice for the lowest natural: the deadwood it adds (points, cards), the state
    left, the wilds it takes, the spare capacity it adds, and the meld (kind, naturals),
    None when the natural is deadwood."""

    points: int
    unmelded: int
    state: int
    wilds: int
    spare: int
    meld: tuple[str, tuple[int, ...]] | None


#: A choice as ``_Search.moves`` keeps it: (deadwood points, cards, the naturals it takes
#: as a state, wilds, spare room, meld).
_Move = tuple[int, int, int, int, int, tuple[str, tuple[int, ...]] | None]


class _Search:
    """One hand's search: the rules, the wild points, the memo."""

    def __init__(self, rules: Rules, wild_points: list[int]) -> None:
        self.rules = rules
        self.prefix = [0]  # points of the cheapest 0, 1, 2, ... wilds
        for p in sorted(wild_points):
            self.prefix.append(self.prefix[-1] + p)
        self.memo: dict[tuple[int, int, int], Score] = {}
        #: wilds a meld of m naturals may hold, by m up to 80 (``_MANY``: no limit)
        # (a book holds at most five suits' copies of a rank: 80 naturals with 16 packs)
        self.limit = [_MANY if (x := rules.max_wilds_in(m)) is None else x for m in range(81)]
        # an all-wild meld: a book of any size, or with distinct-suit books one of at most 5
        # cards or a run of at most 11; never under "naturals"
        cap = 11 if rules.distinct_suit_books else _MANY
        self.all_wild_cap = min(cap, self.limit[0]) if rules.all_wild_melds else 0
        self.templates: dict[tuple[int, int, int, int], tuple[_Move, ...]] = {}
        #: the state's fields of each component of the hand (see ``split``)
        self.parts: list[int] = [-1]

    def split(self, state: int) -> None:
        """Order the search by the components of the naturals of ``state``: two naturals
        can share a meld only if they have one rank, or one suit and no more missing ranks
        between them than a run can fill with the hand's wilds. No meld crosses two
        components, so the search may finish one before it starts the next (the lowest
        natural of the first component left is then as good as the lowest of all), and the
        rest of the hand is then reached once whatever was done inside the first. A
        smaller hand (a discard) keeps a valid order: its components only split further."""
        w = len(self.prefix) - 1
        reach = min(w, self.limit[55]) + 1
        codes = [c for c in range(55) if state >> _SHIFT[c] & _FIELD]
        group = {c: c for c in codes}

        def root(c: int) -> int:
            while group[c] != c:
                c = group[c]
            return c

        for a in codes:
            for b in codes:
                if a < b and (a % 11 == b % 11 or (a // 11 == b // 11 and b - a <= reach)):
                    group[root(b)] = root(a)
        parts: dict[int, int] = {}
        for c in codes:
            parts[root(c)] = parts.get(root(c), 0) | _FIELD << _SHIFT[c]
        # the component holding the lowest natural first (any fixed order is exact)
        self.parts = sorted(parts.values(), key=lambda mask: mask & -mask) or [-1]

    def lowest(self, state: int) -> int:
        """The lowest natural (lowest rank, then suit) of the first component left."""
        for mask in self.parts:
            if state & mask:
                return _lowest(state & mask)
        raise AssertionError("no natural left")  # pragma: no cover - callers check

    def all_wild(self, w: int) -> int:
        """How many of ``w`` wilds all-wild melds (3 to ``all_wild_cap`` cards) can hold."""
        cap = self.all_wild_cap
        return 0 if cap < 3 or w < 3 else min(w, cap * (w // 3))

    def leftover(self, w: int, spare: int) -> tuple[Score, int]:
        """The score of ``w`` wilds left when no natural is, with room for ``spare`` in
        melds, and how many of them go to that room (the rest: all-wild melds, then the
        cheapest are deadwood)."""
        best_melded, best_spares = -1, 0
        for s in range(min(w, spare) + 1):
            melded = s + self.all_wild(w - s)
            if melded > best_melded:
                best_melded, best_spares = melded, s
        left = w - best_melded
        return Score(self.prefix[left], left), best_spares

    def hopeless(self, state: int, w: int) -> int:
        """The naturals of ``state`` in no meld at all with ``w`` wilds (as a state): they
        are deadwood in every arrangement, of this hand and of any hand with fewer cards.

        A book of c needs the other naturals of its rank (of other suits, with distinct-suit
        books) and wilds to make 3; a run of c, a window of ranks around it whose missing
        ranks its suit's wilds fill within the rules' limit."""
        counts = [state >> _SHIFT[code] & _FIELD for code in range(55)]
        limit, distinct = self.limit, self.rules.distinct_suit_books
        dead = 0
        for c in range(55):
            if not counts[c]:
                continue
            q, base = c % 11, c - c % 11
            same = [counts[code] for code in range(q, 55, 11)]
            m = min(3, sum(x > 0 for x in same) if distinct else sum(same))
            if 3 - m <= min(w, limit[m]):
                continue
            held = [counts[base + r] > 0 for r in range(11)]
            if not any(
                length - n <= min(w, limit[n])
                for length in range(3, 12)
                for low in range(max(0, q - length + 1), min(q, 11 - length) + 1)
                if (n := sum(held[low : low + length]))
            ):
                dead += counts[c] * _ONE[c]
        return dead

    def value(self, state: int, w: int, spare: int) -> Score:
        spare = min(spare, w)
        key = (state, w, spare)
        found = self.memo.get(key)
        if found is None:
            found = self.leftover(w, spare)[0] if not state else self._best(state, w, spare)
            self.memo[key] = found
        return found

    def _best(self, state: int, w: int, spare: int) -> Score:
        best = None
        rest, moves = self.moves(state, w)
        for points, unmelded, delta, wilds, room, _meld in moves:
            found = self.value(rest - delta, w - wilds, spare + room)
            if points:
                found = Score(points + found.points, unmelded + found.unmelded)
            if best is None or found < best:
                best = found
                if best == _NOTHING:  # every card melds: nothing does better
                    break
        assert best is not None
        return best

    def moves(self, state: int, w: int) -> tuple[int, tuple[_Move, ...]]:
        """The state without its lowest natural, and every choice for that natural: runs,
        books, then deadwood. The choices depend only on the natural, the naturals of its
        rank, those of its suit above it and the wilds left, so they are kept per those
        (as the naturals each takes away)."""
        c = self.lowest(state)
        q, s = c % 11, c // 11
        rest = state - _ONE[c]
        suit = rest >> (_BITS * s) & _SUIT
        key = (c, rest >> (5 * _BITS * q) & _RANK, suit >> (5 * _BITS * (q + 1)), w)
        moves = self.templates.get(key)
        if moves is None:
            steps = [*self._runs(c, rest, w), *self._books(c, rest, w)]
            moves = (
                *[(0, 0, rest - step.state, step.wilds, step.spare, step.meld) for step in steps],
                (q + 3, 1, 0, 0, 0, None),
            )
            self.templates[key] = moves
        return rest, moves

    def steps(self, state: int, w: int) -> Iterator[_Step]:
        """Every choice for the lowest natural of ``state`` (``moves``, as ``_Step``)."""
        rest, moves = self.moves(state, w)
        for points, unmelded, delta, wilds, room, meld in moves:
            yield _Step(points, unmelded, rest - delta, wilds, room, meld)

    def _books(self, c: int, rest: int, w: int) -> Iterator[_Step]:
        """Books of ``c`` with any sub-multiset of the other naturals of its rank."""
        distinct = self.rules.distinct_suit_books
        q = c % 11
        options: list[tuple[int, list[int]]] = [(rest, [c])]
        for code in range(q, 55, 11):
            have = rest >> _SHIFT[code] & _FIELD
            if distinct:
                have = 0 if code == c else min(have, 1)
            options += [
                (st - k * _ONE[code], nats + [code] * k)
                for st, nats in options
                for k in range(1, have + 1)
            ]
        for st, nats in options:
            m = len(nats)
            need = max(0, 3 - m)
            room = self.limit[m] - need
            if distinct:
                room = min(room, 5 - m - need)
            if need <= w and room >= 0:
                yield _Step(0, 0, st, need, room, ("book", tuple(nats)))

    def _runs(self, c: int, rest: int, w: int) -> Iterator[_Step]:
        """Runs of ``c``'s suit whose lowest natural is ``c``, ending on a natural."""
        q = c % 11
        gaps_allowed = min(w, self.limit[55])  # (a bound; checked per run below)
        # partial runs: (state, naturals, gaps, top position), each ending on a natural
        partial = [(rest, [c], 0, q)]
        while partial:
            st, nats, gaps, top = partial.pop()
            m = len(nats)
            span = top - q + 1
            need = gaps + max(0, 3 - span)
            room = min(11 - max(span, 3), self.limit[m] - need)
            # (one natural with two wilds is also a book, with at least a run's room unless
            # books are distinct-suit: at most 5 cards)
            if (m > 1 or self.rules.distinct_suit_books) and need <= w and room >= 0:
                yield _Step(0, 0, st, need, room, ("run", tuple(nats)))
            # the next natural of the suit above, past at most gaps_allowed - gaps gaps
            for nxt in range(top + 1, min(10, top + 1 + gaps_allowed - gaps) + 1):
                code = c - q + nxt
                if st >> _SHIFT[code] & _FIELD:
                    partial.append((st - _ONE[code], [*nats, code], gaps + nxt - top - 1, nxt))


def _lowest(state: int) -> int:
    """The lowest natural of a state (lowest rank, then suit)."""
    q, s = divmod(((state & -state).bit_length() - 1) // _BITS, 5)
    return s * 11 + q


def _parse(codes: tuple[int, ...], wild_rank: int, rules: Rules) -> tuple[int, list[int]]:
    points = rules.points_by_code(wild_rank or None)
    state = 0
    wilds = []
    for c in codes:
        if c == JOKER_CODE or c % 11 + 3 == wild_rank:
            wilds.append(points[c])
        else:
            state += _ONE[c]
    return state, wilds


def _cost(state: int) -> Score:
    """The score of the naturals of ``state`` as deadwood."""
    points = cards = 0
    for c in range(55):
        n = state >> _SHIFT[c] & _FIELD
        points += n * (c % 11 + 3)
        cards += n
    return Score(points, cards)


def _plus(a: Score, b: Score) -> Score:
    return Score(a.points + b.points, a.unmelded + b.unmelded)


def score(
    codes: tuple[int, ...],
    wild_rank: int,
    rules: Rules,
    shared: dict[tuple[int, ...], _Search] | None = None,
) -> Score:
    """The least score of a hand (sorted codes; ``wild_rank`` 0: jokers only).

    ``shared`` keeps the searches of hands asked about together (the outs of a hand), one
    per multiset of wild points: a state's value is the least score of its naturals with
    its wilds, whatever hand it came from, so hands with the same wilds share one memo."""
    state, wilds = _parse(codes, wild_rank, rules)
    key = tuple(sorted(wilds))
    search = None if shared is None else shared.get(key)
    if search is None:
        search = _Search(rules, wilds)
        if shared is not None:
            shared[key] = search
    dead = search.hopeless(state, len(wilds))
    search.split(state - dead)
    return _plus(search.value(state - dead, len(wilds), 0), _cost(dead))


def solve(codes: tuple[int, ...], wild_rank: int, rules: Rules) -> Solution:
    """An optimal arrangement of a hand."""
    state, wilds = _parse(codes, wild_rank, rules)
    search = _Search(rules, wilds)
    hopeless = search.hopeless(state, len(wilds))
    search.split(state - hopeless)
    return _solution(search, state - hopeless, hopeless, codes, wild_rank)


def _solution(
    search: _Search, state: int, hopeless: int, codes: tuple[int, ...], wild_rank: int
) -> Solution:
    """The arrangement of a hand (its live naturals ``state``, its ``hopeless`` ones, the
    wilds of ``search``; ``codes`` the whole hand), found by following the memo's choices:
    the melds with the wilds they need, then the spare wilds into the melds' room,
    all-wild melds, and the cheapest wilds left as deadwood."""
    w, spare = len(search.prefix) - 1, 0
    dead = [c for c in range(55) for _ in range(hopeless >> _SHIFT[c] & _FIELD)]
    target = search.value(state, w, spare)
    best = _plus(target, _cost(hopeless))
    melds: list[tuple[str, list[int], int]] = []  # (kind, naturals and wilds, room left)
    while state:
        for step in search.steps(state, w):
            rest = search.value(step.state, w - step.wilds, spare + step.spare)
            if Score(step.points + rest.points, step.unmelded + rest.unmelded) == target:
                break
        else:  # pragma: no cover - the memo holds the optimum
            raise AssertionError("search reconstruction failed")
        if step.meld is None:
            dead.append(search.lowest(state))
        else:
            melds.append((step.meld[0], [*step.meld[1], *[-1] * step.wilds], step.spare))
        state, w, spare, target = step.state, w - step.wilds, spare + step.spare, rest
    _place_wilds(melds, dead, search, w, codes, wild_rank, search.rules)
    out = tuple((kind, tuple(sorted(cards))) for kind, cards, _room in melds)
    return Solution(best, out, tuple(sorted(dead)))


def _place_wilds(
    melds: list[tuple[str, list[int], int]],
    dead: list[int],
    search: _Search,
    w: int,
    codes: tuple[int, ...],
    wild_rank: int,
    rules: Rules,
) -> None:
    """Give the melds real wilds (the costliest first) for their placeholders (-1), then
    the spares, then all-wild melds; the cheapest left are deadwood."""
    points = rules.points_by_code(wild_rank or None)
    wilds = sorted(
        (c for c in codes if c == JOKER_CODE or c % 11 + 3 == wild_rank),
        key=lambda c: (points[c], c),
        reverse=True,
    )
    spares = search.leftover(w, sum(room for _k, _c, room in melds))[1]
    for _kind, cards, room in melds:
        extra = min(room, spares)
        spares -= extra
        cards.extend([-1] * extra)
        for i, card in enumerate(cards):
            if card < 0:
                cards[i] = wilds.pop(0)
    grouped = search.all_wild(len(wilds))
    if grouped:
        count = -(-grouped // search.all_wild_cap)
        for i in range(count):
            size = grouped // count + (i < grouped % count)
            kind = "run" if rules.distinct_suit_books and size > 5 else "book"
            melds.append((kind, wilds[:size], 0))
            del wilds[:size]
    dead.extend(wilds)


class _Discards:
    """Every discard of one hand on shared searches: the naturals' discards on the hand's
    memo, each kind of wild's on one memo of its own. The hand's hopeless naturals stay
    hopeless in every smaller hand."""

    def __init__(self, codes: tuple[int, ...], wild_rank: int, rules: Rules) -> None:
        self.wild_rank, self.rules = wild_rank, rules
        state, self.wilds = _parse(codes, wild_rank, rules)
        self.search = _Search(rules, self.wilds)
        self.hopeless = self.search.hopeless(state, len(self.wilds))
        self.live = state - self.hopeless
        self.search.split(self.live)
        self.by_points: dict[int, _Search] = {}

    def rest(self, c: int) -> tuple[_Search, int, int]:
        """The search, live naturals and hopeless naturals of the hand less one ``c``."""
        if c == JOKER_CODE or c % 11 + 3 == self.wild_rank:
            points = self.rules.points_by_code(self.wild_rank or None)[c]
            search = self.by_points.get(points)
            if search is None:
                rest = list(self.wilds)
                rest.remove(points)
                search = self.by_points[points] = _Search(self.rules, rest)
                search.parts = self.search.parts  # (fewer wilds: still a valid order)
            return search, self.live, self.hopeless
        if self.hopeless >> _SHIFT[c] & _FIELD:
            return self.search, self.live, self.hopeless - _ONE[c]
        return self.search, self.live - _ONE[c], self.hopeless

    def score(self, c: int) -> Score:
        search, live, hopeless = self.rest(c)
        return _plus(search.value(live, len(search.prefix) - 1, 0), _cost(hopeless))


def discard_scores(codes: tuple[int, ...], wild_rank: int, rules: Rules) -> dict[int, Score]:
    """Each distinct code of a hand, with the least score of the hand less one copy."""
    discards = _Discards(codes, wild_rank, rules)
    return {c: discards.score(c) for c in set(codes)}
