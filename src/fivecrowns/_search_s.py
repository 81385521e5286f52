"""An exact memoised search for the least deadwood of a hand under every rule option.

This is the solver's general engine: house rules, hands with many wilds or copies, any
number of packs, any hand size. It works on card codes (natural = suit * 11 + rank - 3,
joker = 55) and needs nothing but :class:`~fivecrowns.rules.Rules`.

**Scores.** A hand's score is lexicographic: least deadwood points, then fewest unmelded
cards (so ``Score(0, 0)`` means every card melds, even when wilds cost 0 points). Inside
the search a score is one int, ``points * _UNIT + unmelded``, so adding scores is ``+`` and
comparing them is ``<``.

**Wilds are counted, not placed.** Wilds are interchangeable inside melds, so the search
only counts how many a meld holds; the wilds left unmelded are the cheapest ones. The
value of a set of naturals is a *vector* indexed by ``u``, the number of wilds its melds
hold: ``vec[u]`` is the least score of its unmelded naturals when its melds hold exactly
``u`` wilds (``_INF`` if none can). A meld whose naturals allow ``lo..hi`` wilds shifts
the vector by any amount in that range (``_shift``); independent parts combine by min-plus
convolution over ``u`` (``_convolve``). The hand's score is the least, over ``u``, of its
naturals' ``vec[u]`` plus the cost of the ``W - u`` wilds left over, after as many of those
as possible form all-wild melds (``_Wilds.leftover``).

**The search** (``_Search.value``) sweeps the naturals from the lowest rank up, one rank
per step; a state is the packed multiset of naturals not yet placed. Every natural of the
lowest rank either starts a run (the whole run is chosen at once: which higher naturals of
its suit it holds; the wilds fill its gaps and ends) or is *free*: the free naturals of a
rank are split into books of that rank and deadwood by a second memoised search
(``_Search.free``), whose state is how many free naturals each suit has at that rank
(only the count, sorted, matters: suits are alike in a book). A run needs nothing below
its lowest natural, so nothing is lost by choosing it at its start.

**Components.** Two naturals can share a meld only if they have one rank, or one suit and
ranks at most ``G + 1`` apart (``G``: the most gap wilds a run may hold). The naturals
split into components of that relation; components share only the wilds, so each is
searched alone and their vectors are convolved.

There is no exchange argument in this module: every book partition and every run is
tried, and each is checked against the rule options directly (``_Caps``), so it is exact
under every option by construction; the memo makes it fast.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Final, NamedTuple

from .rules import Rules

__all__ = ["Score", "Solution", "best_discard", "discard_scores", "score", "solve"]

JOKER: Final = 55
_UNIT: Final = 1 << 10  # a score int is points * _UNIT + unmelded cards (< 1024 cards)
_INF: Final = 1 << 60
_BITS: Final = 5  # bits per natural's count in a packed key (counts <= 16)
_FIELD: Final = (1 << _BITS) - 1
_RANK: Final = (1 << 5 * _BITS) - 1  # the five fields of one rank
_MAX_RUN: Final = 11
_MAX_BOOK: Final = 5  # with distinct suits
_BIG: Final = 1 << 20  # "no limit" on wilds per meld
#: The fields of each suit in a packed key.
_SUIT: Final = tuple(
    sum(_FIELD << _BITS * (rank * 5 + suit) for rank in range(11)) for suit in range(5)
)


class Score(NamedTuple):
    """A hand's score, ordered: least points first, then fewest unmelded cards."""

    points: int
    unmelded: int


class Solution(NamedTuple):
    """A best arrangement: its score, its melds ("book" or "run", sorted codes including
    the meld's wilds) and the sorted codes left unmelded."""

    score: Score
    melds: tuple[tuple[str, tuple[int, ...]], ...]
    deadwood: tuple[int, ...]


def _to_score(value: int) -> Score:
    return Score(value // _UNIT, value % _UNIT)


def _pos(code: int) -> int:
    """The field of a natural in a packed key: rank-major, so the lowest rank is lowest."""
    return code % 11 * 5 + code // 11


def _code(pos: int) -> int:
    return pos % 5 * 11 + pos // 5


class _Caps(NamedTuple):
    """The meld rules, as the search asks them: how many wilds a meld may hold."""

    limit: int  # max_wilds_per_meld as an int (_BIG: no limit)
    per_natural: bool  # max_wilds_per_meld == "naturals"
    distinct: bool  # distinct_suit_books
    all_wild: int  # the largest all-wild meld (0: none allowed)

    @classmethod
    def of(cls, rules: Rules) -> _Caps:
        option = rules.max_wilds_per_meld
        limit = option if isinstance(option, int) else _BIG
        largest = 0
        if rules.all_wild_melds and option != "naturals":
            largest = min(limit, _MAX_RUN if rules.distinct_suit_books else _BIG)
        return cls(limit, option == "naturals", rules.distinct_suit_books, largest)

    def wilds(self, naturals: int) -> int:
        """The most wilds a meld with ``naturals`` naturals may hold."""
        return min(self.limit, naturals) if self.per_natural else self.limit

    def book(self, naturals: int) -> tuple[int, int]:
        """The wilds (fewest, most) a book of ``naturals`` naturals may hold."""
        most = self.wilds(naturals)
        if self.distinct:
            most = min(most, _MAX_BOOK - naturals)
        return max(0, 3 - naturals), most

    def run(self, naturals: int, span: int) -> tuple[int, int]:
        """The wilds (fewest, most) a run may hold whose naturals span ``span`` ranks."""
        low = span - naturals + max(0, 3 - span)
        return low, min(self.wilds(naturals), _MAX_RUN - naturals)


# -- vectors over the wilds used ---------------------------------------------------------


def _shift(vec: tuple[int, ...], low: int, high: int) -> tuple[int, ...]:
    """``out[u] = min(vec[u - k] for low <= k <= high)``: a meld holding low..high wilds."""
    if low == 0 and high == 0:
        return vec
    width = len(vec)
    if width == 1:
        return vec if low == 0 else (_INF,)
    out = [_INF] * min(low, width)
    for u in range(low, width):
        out.append(min(vec[max(0, u - high) : u - low + 1]))
    return tuple(out)


def _convolve(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Min-plus convolution: two independent parts using ``u`` wilds between them."""
    width = len(a)
    if width == 1:
        return (a[0] + b[0],)
    out = [_INF] * width
    for i, x in enumerate(a):
        if x < _INF:
            for j in range(width - i):
                total = x + b[j]
                if total < out[i + j]:
                    out[i + j] = total
    return tuple(out)


def _least(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(map(min, a, b))


class _Run(NamedTuple):
    """A run of one suit chosen at its lowest natural: its naturals (key fields) and the
    wilds it may hold."""

    fields: tuple[int, ...]
    delta: int  # the packed key of its naturals
    low: int
    high: int


class _Step(NamedTuple):
    """One way to place the naturals of the lowest rank: the runs they start, the free
    naturals left per suit (sorted counts) and the state after."""

    runs: tuple[_Run, ...]
    free: tuple[int, ...]
    child: int
    low: int
    high: int


class _Choice(NamedTuple):
    """The runs some copies of one natural start, and how many copies stay free."""

    runs: tuple[_Run, ...]
    delta: int
    low: int
    high: int
    free: int


def _take(groups: tuple[int, ...], indices: tuple[int, ...], count: int) -> tuple[int, ...]:
    """``groups`` (sorted counts, descending) less ``count`` from each group of ``indices``."""
    rest = list(groups)
    for i in indices:
        rest[i] -= count
    return tuple(sorted((n for n in rest if n), reverse=True))


class _Search:
    """The memoised search over one hand's naturals (one instance per call, so a call
    shares work across its components and discards, and calls share nothing)."""

    def __init__(self, caps: _Caps, wilds: int, gap: int = _BIG) -> None:
        self.caps = caps
        self.width = wilds + 1
        self.gap = min(wilds, caps.limit, gap)  # the most gap wilds one run may hold
        self.zero = (0,) + (_INF,) * wilds
        self.memo: dict[int, tuple[int, ...]] = {0: self.zero}
        self.free_memo: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}
        self.choice_memo: dict[tuple[int, int, int], list[_Choice]] = {}

    def value(self, key: int) -> tuple[int, ...]:
        """The vector of the naturals packed in ``key`` (see the module docstring)."""
        vec = self.memo.get(key)
        if vec is None:
            rank = ((key & -key).bit_length() - 1) // (5 * _BITS)
            vec = (_INF,) * self.width
            for step in self.steps(key, rank):
                placed = _shift(self.value(step.child), step.low, step.high)
                vec = _least(vec, _convolve(self.free(rank, step.free), placed))
            self.memo[key] = vec
        return vec

    def steps(self, key: int, rank: int) -> Iterator[_Step]:
        """Every way the naturals of ``rank`` (the lowest in ``key``) start runs or stay
        free: the product over their suits of each suit's choices."""
        shift = 5 * _BITS * rank
        rest = key & ~(_RANK << shift)
        suits = []
        for suit in range(5):
            copies = key >> shift + _BITS * suit & _FIELD
            if copies:
                start = rank * 5 + suit
                mine = rest & _SUIT[suit]  # the choices depend on this suit's naturals only
                choices = self.choice_memo.get((start, copies, mine))
                if choices is None:
                    choices = self.choice_memo[start, copies, mine] = self.suit_choices(
                        mine, start, copies
                    )
                suits.append(choices)
        for combo in itertools.product(*suits):
            if sum(choice.low for choice in combo) >= self.width:
                continue
            free = [choice.free for choice in combo if choice.free]
            groups = tuple(sorted(free, reverse=True)) if self.caps.distinct else (sum(free),)
            yield _Step(
                tuple(run for choice in combo for run in choice.runs),
                groups if free else (),
                rest - sum(choice.delta for choice in combo),
                sum(choice.low for choice in combo),
                sum(choice.high for choice in combo),
            )

    def suit_choices(self, rest: int, start: int, copies: int) -> list[_Choice]:
        """The ways ``copies`` copies of the natural at field ``start`` start runs (any
        multiset of the runs from it that the naturals in ``rest`` can fill)."""
        runs = self.runs_from(rest, start)
        width = self.width
        out = []

        def extend(first: int, left: int, chosen: tuple[_Run, ...], low: int) -> None:
            out.append(
                _Choice(
                    chosen,
                    rest - left,
                    sum(run.low for run in chosen),
                    sum(run.high for run in chosen),
                    copies - len(chosen),
                )
            )
            if len(chosen) < copies:
                for i in range(first, len(runs)):
                    run = runs[i]
                    if low + run.low < width and all(
                        left >> _BITS * field & _FIELD for field in run.fields[1:]
                    ):
                        extend(i, left - run.delta, (*chosen, run), low + run.low)

        extend(0, rest, (), 0)
        # the likeliest first (for ``_cover``): fewest free copies, most naturals melded
        out.sort(key=lambda choice: (choice.free, -choice.delta.bit_count(), choice.low))
        return out

    def runs_from(self, rest: int, start: int) -> list[_Run]:
        """Every run whose lowest natural is at field ``start``, its other naturals from
        ``rest`` (one suit, ranks rising, at most ``self.gap`` gaps), that the rules allow."""
        caps, width = self.caps, self.width
        out = []
        if caps.distinct:  # one natural and up to 10 wilds: a run, not a book of 5
            low, high = caps.run(1, 1)
            if low <= high and low < width:
                out.append(_Run((start,), 0, low, high))

        def extend(fields: tuple[int, ...], delta: int, gaps: int) -> None:
            last = fields[-1]
            for field in range(last + 5, min(55, last + 5 * (self.gap - gaps + 2)), 5):
                if rest >> _BITS * field & _FIELD:
                    grown = (*fields, field)
                    more = delta + (1 << _BITS * field)
                    low, high = caps.run(len(grown), (field - start) // 5 + 1)
                    if low <= high and low < width:
                        out.append(_Run(grown, more, low, high))
                    extend(grown, more, gaps + (field - last) // 5 - 1)

        extend((start,), 0, 0)
        return out

    def free(self, rank: int, groups: tuple[int, ...]) -> tuple[int, ...]:
        """The vector of a rank's free naturals (copies per suit, sorted descending; one
        group without distinct suits, where suits do not matter): each is deadwood or in a
        book of the rank. The first natural of the first group is deadwood, or in a book
        with naturals of other groups (distinct suits) or of its own group (otherwise)."""
        if not groups:
            return self.zero
        vec = self.free_memo.get((rank, groups))
        if vec is None:
            cost = (rank + 3) * _UNIT + 1
            vec = tuple(v + cost for v in self.free(rank, _take(groups, (0,), 1)))
            for indices, count in self.book_choices(groups):
                low, high = self.caps.book(len(indices) * count)
                if low <= high:
                    rest = self.free(rank, _take(groups, indices, count))
                    vec = _least(vec, _shift(rest, low, high))
            self.free_memo[rank, groups] = vec
        return vec

    def book_choices(self, groups: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int]]:
        """The books of the first group's natural, as (groups it takes from, how many from
        each): one natural from each of some groups (distinct suits), or any number from
        the one group (otherwise)."""
        if not self.caps.distinct:
            yield from (((0,), count) for count in range(1, groups[0] + 1))
            return
        for size in range(len(groups)):
            for others in itertools.combinations(range(1, len(groups)), size):
                yield (0, *others), 1

    # -- reading an arrangement back -----------------------------------------------------

    def trace(self, key: int, used: int, melds: list[_Meld], dead: list[int]) -> None:
        """Append to ``melds`` and ``dead`` an arrangement of the naturals of ``key`` whose
        melds hold ``used`` wilds and that scores ``self.value(key)[used]``: at each rank,
        the first step (and split of the wilds) that reaches the value."""
        while key:
            rank = ((key & -key).bit_length() - 1) // (5 * _BITS)
            target = self.value(key)[used]
            for step in self.steps(key, rank):
                child = self.value(step.child)
                free = self.free(rank, step.free)
                split = _split(free, child, step.low, step.high, used, target)
                if split is not None:
                    break
            else:
                raise AssertionError("no step reaches the value")  # pragma: no cover
            in_free, in_runs = split
            melds.extend(_spread(step.runs, in_runs))
            self.trace_free(rank, _free_suits(key, rank, step.runs), in_free, melds, dead)
            key, used = step.child, used - in_free - in_runs

    def trace_free(
        self, rank: int, suits: list[int], used: int, melds: list[_Meld], dead: list[int]
    ) -> None:
        """The books and deadwood of a rank's free naturals (``suits``: copies per suit)
        holding ``used`` wilds, as ``self.free`` valued them."""
        codes = [suit * 11 + rank for suit, n in enumerate(suits) for _ in range(n)]
        if self.caps.distinct:
            groups = [[code for code in codes if code // 11 == suit] for suit in range(5)]
        else:
            groups = [codes]
        groups = _regroup(groups)
        cost = (rank + 3) * _UNIT + 1
        while groups:
            counts = tuple(map(len, groups))
            target = self.free(rank, counts)[used]
            if self.free(rank, _take(counts, (0,), 1))[used] + cost == target:
                dead.append(groups[0].pop())
                groups = _regroup(groups)
                continue
            for indices, count in self.book_choices(counts):
                low, high = self.caps.book(len(indices) * count)
                rest = self.free(rank, _take(counts, indices, count))
                wilds = [k for k in range(low, min(high, used) + 1) if rest[used - k] == target]
                if wilds:
                    break
            else:
                raise AssertionError("no book reaches the value")  # pragma: no cover
            naturals = tuple(groups[i].pop() for i in indices for _ in range(count))
            melds.append(_Meld("book", naturals, wilds[0]))
            groups = _regroup(groups)
            used -= wilds[0]


def _free_suits(key: int, rank: int, runs: tuple[_Run, ...]) -> list[int]:
    """The free naturals of ``rank`` per suit: those of ``key`` that start no run."""
    suits = [key >> _BITS * (rank * 5 + suit) & _FIELD for suit in range(5)]
    for run in runs:
        suits[run.fields[0] % 5] -= 1
    return suits


class _Meld(NamedTuple):
    """A meld found by the search: its kind, its natural codes, how many wilds it holds."""

    kind: str
    naturals: tuple[int, ...]
    wilds: int


def _regroup(groups: list[list[int]]) -> list[list[int]]:
    """Groups of free naturals in the order ``_Search.free`` keys them: longest first."""
    return sorted((group for group in groups if group), key=len, reverse=True)


def _split(
    free: tuple[int, ...], child: tuple[int, ...], low: int, high: int, used: int, target: int
) -> tuple[int, int] | None:
    """How a step's ``used`` wilds split into (its books', its runs') so that the free
    naturals' vector plus the runs' shifted child vector reach ``target``; None if no way."""
    for in_free in range(used + 1):
        if free[in_free] < _INF:
            left = used - in_free
            for in_runs in range(low, min(high, left) + 1):
                if free[in_free] + child[left - in_runs] == target:
                    return in_free, in_runs
    return None


def _spread(runs: tuple[_Run, ...], wilds: int) -> list[_Meld]:
    """The runs of a step with ``wilds`` wilds among them: each its fewest, then the spare
    ones to the first runs that can hold more."""
    spare = wilds - sum(run.low for run in runs)
    melds = []
    for run in runs:
        extra = min(spare, run.high - run.low)
        spare -= extra
        melds.append(_Meld("run", tuple(map(_code, run.fields)), run.low + extra))
    return melds


# -- the hand ----------------------------------------------------------------------------


class _Hand(NamedTuple):
    """A hand as the search sees it: its naturals' components (packed keys), the points of
    its wilds (cheapest first), the rules, and what each card costs unmelded."""

    parts: tuple[int, ...]
    wilds: tuple[int, ...]
    caps: _Caps
    table: tuple[int, ...]  # points by code
    wild: int  # the wild rank less 3 (negative: none)

    @classmethod
    def of(cls, codes: tuple[int, ...], wild_rank: int, rules: Rules) -> _Hand:
        caps = _Caps.of(rules)
        table = rules.points_by_code(wild_rank or None)
        wild = wild_rank - 3
        key = 0
        wilds = []
        for code in codes:
            if code == JOKER or code % 11 == wild:
                wilds.append(table[code])
            else:
                key += 1 << _BITS * _pos(code)
        wilds.sort()
        reach = min(len(wilds), caps.limit) + 1
        return cls(_components(key, reach), tuple(wilds), caps, table, wild)

    def is_wild(self, code: int) -> bool:
        return code == JOKER or code % 11 == self.wild

    def leftover(self, spare: int) -> int:
        """The score of ``spare`` wilds no natural's meld holds: as many as can form
        all-wild melds do, the cheapest of the rest stay unmelded."""
        unmelded = spare - _all_wild(spare, self.caps.all_wild)
        return sum(self.wilds[:unmelded]) * _UNIT + unmelded

    def total(self, vec: tuple[int, ...]) -> int:
        """The hand's score, given the vector of all its naturals."""
        spare = len(self.wilds)
        return min(self.leftover(spare - u) + vec[u] for u in range(min(spare + 1, len(vec))))


def _all_wild(spare: int, largest: int) -> int:
    """The most of ``spare`` wilds that all-wild melds of 3 to ``largest`` cards hold."""
    for count in range(spare, 2, -1):
        if largest and 3 * -(-count // largest) <= count:
            return count
    return 0


def _components(key: int, reach: int) -> tuple[int, ...]:
    """The naturals of ``key`` split into components (packed keys): two naturals are in one
    if they have one rank, or one suit and ranks at most ``reach`` apart, or are linked by
    a chain of such pairs. No meld holds naturals of two components."""
    fields = [f for f in range(55) if key >> _BITS * f & _FIELD]
    parts: list[int] = []
    seen: set[int] = set()
    for first in fields:
        if first in seen:
            continue
        seen.add(first)
        todo, part = [first], 0
        while todo:
            field = todo.pop()
            part |= key & _FIELD << _BITS * field
            rank, suit = divmod(field, 5)
            near = [rank * 5 + s for s in range(5)]
            near += [r * 5 + suit for r in range(max(0, rank - reach), min(11, rank + reach + 1))]
            for other in near:
                if other not in seen and key >> _BITS * other & _FIELD:
                    seen.add(other)
                    todo.append(other)
        parts.append(part)
    return tuple(parts)


def score(
    codes: tuple[int, ...], wild_rank: int, rules: Rules, cutoff: Score | None = None
) -> Score:
    """The least score of the hand (sorted codes; ``wild_rank`` 3..13, or 0 when only
    jokers are wild).

    With a ``cutoff``: if the true score is below it, the true score is returned;
    otherwise some score at least ``cutoff`` and at most the true score (the search stops
    as soon as the components solved so far cost ``cutoff`` or more).
    """
    hand = _Hand.of(codes, wild_rank, rules)
    if _cover(hand) is not None:
        return Score(0, 0)
    search = _Search(hand.caps, len(hand.wilds))
    bound = _INF if cutoff is None else cutoff.points * _UNIT + cutoff.unmelded
    total, floor = search.zero, 0
    for part in hand.parts:
        vec = search.value(part)
        floor += min(vec)
        if floor >= bound:
            return _to_score(floor)
        total = _convolve(total, vec)
    return _to_score(hand.total(total))


def solve(codes: tuple[int, ...], wild_rank: int, rules: Rules) -> Solution:
    """A best arrangement of the hand (sorted codes; ``wild_rank`` 3..13, or 0 when only
    jokers are wild): every meld passes :func:`fivecrowns.melds.make_meld` with its kind,
    the melds and deadwood are the hand, and the score is what the deadwood costs."""
    hand = _Hand.of(codes, wild_rank, rules)
    melds = _cover(hand)
    if melds is not None:
        return _layout(codes, wild_rank, rules, hand, melds, [])
    return _solve(codes, wild_rank, rules, hand, _Search(hand.caps, len(hand.wilds)))


def _solve(
    codes: tuple[int, ...], wild_rank: int, rules: Rules, hand: _Hand, search: _Search
) -> Solution:
    """``solve`` with a search that may already hold states (of a hand with as many wilds
    or more: a state's vector does not depend on the rest of the hand)."""
    vecs = [search.value(part) for part in hand.parts]
    totals = [search.zero]
    for vec in vecs:
        totals.append(_convolve(totals[-1], vec))
    best = hand.total(totals[-1])
    spare = len(hand.wilds)
    used = next(u for u in range(spare + 1) if totals[-1][u] + hand.leftover(spare - u) == best)
    melds: list[_Meld] = []
    dead: list[int] = []
    for i in reversed(range(len(vecs))):
        target = totals[i + 1][used]
        part = next(k for k in range(used + 1) if totals[i][used - k] + vecs[i][k] == target)
        search.trace(hand.parts[i], part, melds, dead)
        used -= part
    return _layout(codes, wild_rank, rules, hand, melds, dead)


#: Hands with fewer naturals go straight to the exact search (it is fast there).
_COVER_FROM: Final = 24
#: The most steps ``_cover`` tries before it gives up.
_COVER_BUDGET: Final = 4000


def _cover(hand: _Hand) -> list[_Meld] | None:
    """Melds holding every card of a long hand, if a quick depth-first search finds them
    (then the hand scores ``Score(0, 0)``, the least possible, so the layout is optimal);
    None if it finds none within its budget. It walks the exact search's steps, likeliest
    first, with runs of at most one gap, and only steps whose free naturals all fit in
    books; ``masks`` are the sets of wild counts the melds so far can hold (bit ``u``)."""
    spare = len(hand.wilds)
    if sum(part.bit_count() for part in hand.parts) < _COVER_FROM:
        return None
    search = _Search(hand.caps, spare, gap=1)
    full = (1 << spare + 1) - 1
    goal = sum(1 << u for u in range(spare + 1) if hand.leftover(spare - u) == 0)
    path: list[tuple[_Step, int]] = []
    failed: set[tuple[int, int]] = set()
    tries = [0]

    def walk(key: int, mask: int) -> int:
        if not key:
            return mask & goal
        if (key, mask) in failed or tries[0] > _COVER_BUDGET:
            return 0
        rank = ((key & -key).bit_length() - 1) // (5 * _BITS)
        for step in search.steps(key, rank):
            tries[0] += 1
            books = _mask(search.free(rank, step.free), 0)
            grown = _grow(_grow(mask, books, full), _mask_range(step.low, step.high, full), full)
            reached = grown and walk(step.child, grown)
            if reached:
                path.append((step, mask))
                return reached
            if tries[0] > _COVER_BUDGET:
                break
        failed.add((key, mask))
        return 0

    reached = walk(sum(hand.parts), 1)
    if not reached:
        return None
    return _cover_melds(search, path, sum(hand.parts), (reached & -reached).bit_length() - 1)


def _cover_melds(
    search: _Search, path: list[tuple[_Step, int]], key: int, used: int
) -> list[_Meld]:
    """The melds of the cover ``_cover`` found (``path``: its steps, last first, each with
    the wild counts possible before it), the whole holding ``used`` wilds: from the last
    step back, each takes the wilds that leave a count possible before it."""
    keys = [key]
    for step, _mask_before in reversed(path[1:]):
        keys.append(step.child)
    melds: list[_Meld] = []
    for (step, before), parent in zip(path, reversed(keys)):
        rank = ((parent & -parent).bit_length() - 1) // (5 * _BITS)
        free = search.free(rank, step.free)
        split = next(
            (in_free, in_runs)
            for in_free in range(used + 1)
            if free[in_free] == 0
            for in_runs in range(step.low, min(step.high, used - in_free) + 1)
            if before >> used - in_free - in_runs & 1
        )
        melds.extend(_spread(step.runs, split[1]))
        dead: list[int] = []
        search.trace_free(rank, _free_suits(parent, rank, step.runs), split[0], melds, dead)
        used -= sum(split)
    return melds


def _mask(vec: tuple[int, ...], value: int) -> int:
    """The wild counts at which ``vec`` is ``value``, as bits."""
    return sum(1 << u for u, v in enumerate(vec) if v == value)


def _mask_range(low: int, high: int, full: int) -> int:
    high = min(high, full.bit_length() - 1)
    return (1 << high + 1) - (1 << low) if high >= low else 0


def _grow(mask: int, other: int, full: int) -> int:
    """The sums of a count in ``mask`` and one in ``other``, up to ``full``'s bits."""
    out = 0
    while other and mask:
        low = other & -other
        out |= mask * low
        other ^= low
    return out & full


def _layout(
    codes: tuple[int, ...],
    wild_rank: int,
    rules: Rules,
    hand: _Hand,
    melds: list[_Meld],
    dead: list[int],
) -> Solution:
    """The :class:`Solution` of melds found by the search: the wilds the melds hold are the
    dearest of the hand, the spare ones form all-wild melds, the cheapest stay unmelded."""
    table = hand.table
    wilds = sorted(
        (code for code in codes if hand.is_wild(code)),
        key=lambda code: (table[code], code),
    )
    spare = len(wilds) - sum(meld.wilds for meld in melds)
    grouped = _all_wild(spare, hand.caps.all_wild)
    unmelded = spare - grouped
    dead.extend(wilds[:unmelded])
    given = iter(wilds[unmelded:])
    out = [
        (meld.kind, tuple(sorted((*meld.naturals, *itertools.islice(given, meld.wilds)))))
        for meld in melds
    ]
    if grouped:
        parts = -(-grouped // hand.caps.all_wild)
        for i in range(parts):
            size = grouped // parts + (i < grouped % parts)
            kind = "run" if size <= _MAX_RUN else "book"
            out.append((kind, tuple(sorted(itertools.islice(given, size)))))
    dead.sort()
    points = sum(table[code] for code in dead)
    return Solution(Score(points, len(dead)), tuple(sorted(out)), tuple(dead))


def discard_scores(codes: tuple[int, ...], wild_rank: int, rules: Rules) -> dict[int, Score]:
    """For each distinct code of the hand, the score of the hand less one copy of it. One
    search serves every discard: a natural's discard re-values only its component (whose
    smaller states the memo mostly holds), a wild's discard only changes the wilds left
    over."""
    hand = _Hand.of(codes, wild_rank, rules)
    search = _Search(hand.caps, len(hand.wilds))
    return {code: _to_score(value) for code, value in _discards(hand, search, codes).items()}


def best_discard(codes: tuple[int, ...], wild_rank: int, rules: Rules) -> tuple[int, Solution]:
    """The discard of least score (among equals a natural before a wild, then the dearer
    card, then the higher code) and a best arrangement of the rest, from one search."""
    hand = _Hand.of(codes, wild_rank, rules)
    search = _Search(hand.caps, len(hand.wilds))
    scores = _discards(hand, search, codes)
    table = hand.table

    def order(code: int) -> tuple[int, bool, int, int]:
        return scores[code], hand.is_wild(code), -table[code], -code

    card = min(scores, key=order)
    rest = list(codes)
    rest.remove(card)
    if hand.is_wild(card):
        hand = hand._replace(wilds=_less(hand.wilds, table[card]))
    else:
        hand = hand._replace(parts=_Hand.of(tuple(rest), wild_rank, rules).parts)
    return card, _solve(tuple(rest), wild_rank, rules, hand, search)


def _less(wilds: tuple[int, ...], points: int) -> tuple[int, ...]:
    rest = list(wilds)
    rest.remove(points)
    return tuple(rest)


def _discards(hand: _Hand, search: _Search, codes: tuple[int, ...]) -> dict[int, int]:
    """``discard_scores`` as score ints, on a prepared hand and search."""
    vecs = [search.value(part) for part in hand.parts]
    before = [search.zero]
    for vec in vecs:
        before.append(_convolve(before[-1], vec))
    after = [search.zero]
    for vec in reversed(vecs):
        after.append(_convolve(after[-1], vec))
    after.reverse()
    out = {}
    others: dict[int, tuple[int, ...]] = {}
    for code in sorted(set(codes)):
        if hand.is_wild(code):
            out[code] = hand._replace(wilds=_less(hand.wilds, hand.table[code])).total(before[-1])
            continue
        bit = 1 << _BITS * _pos(code)
        i = next(i for i, part in enumerate(hand.parts) if part & _FIELD * bit)
        if i not in others:
            others[i] = _convolve(before[i], after[i + 1])
        out[code] = hand.total(_convolve(others[i], search.value(hand.parts[i] - bit)))
    return out
