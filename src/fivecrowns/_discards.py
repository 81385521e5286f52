"""The solver's engine on card codes: which algorithm solves a hand, and the discards on top.

Two exact algorithms answer "the least deadwood of a hand":

* the suit DP (``_suitdp``), for the default meld rules (unlimited wilds per meld, books
  of any suits) with at most three packs: fast, and it records its solve so that one
  card's discard re-runs only part of it;
* the memoised search (``_search``), for everything else: house meld rules, more packs,
  hands the suit DP refuses (more than 16 cards or ten wilds, a card held three times).

On top of them this module answers the questions asked after drawing: the value of every
discard, the best discard (branch and bound over lower bounds), whether some discard
leaves every other card melded, and which draws would. Results are kept in one cache per
question (:class:`_HandCache`), bounded in bytes by its share of the library's budget.

Hands are sorted tuples of card codes (0..54 naturals, 55 the joker); ``wild_rank`` is
3..13, or 0 when only jokers are wild.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from . import _cache, _search, _suitdp, _suitplan
from ._suitplan import Layout
from .cards import JOKER_CODE, is_wild_code, without_code
from .rules import Rules

__all__ = [
    "Layout",
    "arrange",
    "best_discard",
    "cache_clear",
    "can_out",
    "discard_values",
    "least",
    "least_laying_off",
    "outs",
]

_T = TypeVar("_T")
#: A meld on codes: ("book" | "run", its sorted codes, wilds included).
Meld = tuple[str, tuple[int, ...]]


# -- caches ---------------------------------------------------------------------------------


class _HandCache(Generic[_T]):
    """A cache of ``compute(key, wild_rank, rules)`` bounded in bytes: one plain dict per
    rule set, keyed by (sorted codes, wild rank), all emptied when the entries' estimated
    bytes (``size`` of the value, plus the key and the dict slot) would go over the cache's
    share of the library's budget (``_cache``).

    Its values are ints and tuples of ints, which the garbage collector stops tracking (a
    full collection does not visit them, as it would ``functools.lru_cache``'s entries)."""

    RULE_SETS = 16

    def __init__(
        self,
        name: str,
        share: float,
        compute: Callable[[tuple[int, ...], int, Rules], _T],
        size: Callable[[_T], int],
    ) -> None:
        self._compute = compute
        self._size = size
        self._tables: dict[Rules, dict[tuple[tuple[int, ...], int], _T]] = {}
        self.account = _cache.account(name, share, self._empty, self.__len__)

    def __call__(self, key: tuple[int, ...], wild_rank: int, rules: Rules) -> _T:
        table = self._tables.get(rules)
        if table is None:
            if len(self._tables) >= self.RULE_SETS:
                self.clear()
            table = self._tables.setdefault(rules, {})
        k = (key, wild_rank)
        found = table.get(k)
        if found is None:
            found = self._compute(key, wild_rank, rules)
            if self.account.admit(_KEY_BYTES + _ITEM * len(key) + self._size(found)):
                # (the account may have emptied every table, this one included)
                self._tables.setdefault(rules, table)[k] = found
        return found

    def peek(self, key: tuple[int, ...], wild_rank: int, rules: Rules) -> _T | None:
        """The cached result, or None (nothing is computed)."""
        table = self._tables.get(rules)
        return None if table is None else table.get((key, wild_rank))

    def clear(self) -> None:
        self.account.clear()

    def _empty(self) -> None:
        # each table in place: a caller may hold one while it computes
        for table in self._tables.values():
            table.clear()
        self._tables.clear()

    def __len__(self) -> int:
        return sum(map(len, self._tables.values()))


_ITEM = _cache.ITEM
#: An entry's bytes besides its value: the dict slot, the (codes, wild rank) pair and the
#: codes' tuple (plus ``_ITEM`` per code).
_KEY_BYTES = _cache.DICT_SLOT + _cache.tuple_bytes(2) + _cache.TUPLE


def _int_bytes(_value: object) -> int:
    return _cache.INT


def _no_bytes(_value: object) -> int:
    return 0  # True and False are shared


def _codes_bytes(value: tuple[int, ...]) -> int:
    return _cache.tuple_bytes(len(value))


def _pairs_bytes(value: tuple[tuple[int, int], ...]) -> int:
    # each (code, points) pair, its points maybe not a small int
    return _cache.tuple_bytes(len(value)) + len(value) * (_cache.tuple_bytes(2) + _cache.INT)


def _layout_bytes(value: Layout) -> int:
    # the Layout, its melds (kind, codes) with their tuples, the deadwood, the points; the
    # codes themselves, one item each, are about as many as the hand's
    cards = len(value.deadwood) + sum(len(codes) for _, codes in value.melds)
    melds = len(value.melds)
    return (
        4 * _cache.TUPLE
        + _cache.INT
        + _ITEM * (3 + melds + cards)
        + melds * (_cache.tuple_bytes(2) + _cache.TUPLE)
    )


_CACHES: list[_HandCache[object]] = []


def _cached(
    name: str,
    share: float,
    compute: Callable[[tuple[int, ...], int, Rules], _T],
    size: Callable[[_T], int],
) -> _HandCache[_T]:
    cache = _HandCache(name, share, compute, size)
    _CACHES.append(cache)  # type: ignore[arg-type]
    return cache


def cache_clear() -> None:
    """Empty every result cache, and the suit DP's hand-independent memos."""
    for cache in _CACHES:
        cache.clear()
    _suitdp.cache_clear()
    _suitplan.cache_clear()


# -- one hand -------------------------------------------------------------------------------


def _least(key: tuple[int, ...], wild_rank: int, rules: Rules) -> int:
    if _suitdp.applies(rules):
        value = _suitdp.solve(key, wild_rank, rules)
        if value >= 0:
            return value
    return _search.score(key, wild_rank, rules).points


_least_cached = _cached("discards.least", 0.12, _least, _int_bytes)


def least(codes: Sequence[int], wild_rank: int, rules: Rules) -> int:
    """The least deadwood of a hand."""
    return _least_cached(tuple(sorted(codes)), wild_rank, rules)


def least_laying_off(codes: Sequence[int], wild_rank: int, rules: Rules, free_ranks: int) -> int:
    """The least deadwood of a final hand whose wilds and naturals of the ranks of
    ``free_ranks`` (bit ``r`` for rank ``r + 3``) can be laid off onto the table's books
    (``_scoring.final_points``; books of any suits, no limit of wilds per meld): the least,
    over every choice of those naturals to lay off, of the rest's least deadwood with its
    wilds laid off too. With free wilds a hand's least deadwood is its least when some meld
    holds a natural (spare wilds then find a place for nothing), else its naturals' points,
    so the smaller of the two."""
    key = tuple(sorted(codes))
    free = [c for c in key if not is_wild_code(c, wild_rank) and free_ranks >> c % 11 & 1]
    best = None
    for size in range(len(free) + 1):
        for part in set(itertools.combinations(free, size)):
            rest = list(key)
            for c in part:
                rest.remove(c)
            naturals = sum(c % 11 + 3 for c in rest if not is_wild_code(c, wild_rank))
            value = min(_least_cached(tuple(rest), wild_rank, rules), naturals)
            best = value if best is None else min(best, value)
    assert best is not None
    return best


def _arrange(key: tuple[int, ...], wild_rank: int, rules: Rules) -> Layout:
    # the search's arrangement under every rule set: the one the compiled core returns
    solution = _search.solve(key, wild_rank, rules)
    return Layout(solution.melds, solution.deadwood, solution.score.points)


_arrange_cached = _cached("discards.arrange", 0.16, _arrange, _layout_bytes)


def arrange(codes: Sequence[int], wild_rank: int, rules: Rules) -> Layout:
    """An optimal arrangement of a hand."""
    return _arrange_cached(tuple(sorted(codes)), wild_rank, rules)


# -- every discard --------------------------------------------------------------------------


def _discards(key: tuple[int, ...], wild_rank: int, rules: Rules) -> tuple[tuple[int, int], ...]:
    """(code, least deadwood after discarding one copy) for each distinct code, sorted."""
    if not key:
        return ()
    if _suitdp.applies(rules):
        run = _suitdp.solve_run(key, wild_rank, rules)
        if run is not None:
            # a deadwood card's discard is exact from one arrangement; every other re-runs
            # part of the recorded solve
            points = rules.points_by_code(wild_rank or None)
            values = {
                c: run.value - points[c] for c in _suitplan.dead_of(run, key, wild_rank, rules)
            }
            for c in set(key):
                if c not in values:
                    values[c] = _suitplan.drop_value(run, key, wild_rank, rules, c)
            return tuple(sorted(values.items()))
    scores = _search.discard_scores(key, wild_rank, rules)
    return tuple(sorted((c, score.points) for c, score in scores.items()))


_discards_cached = _cached("discards.discard_values", 0.14, _discards, _pairs_bytes)


def discard_values(codes: Sequence[int], wild_rank: int, rules: Rules) -> dict[int, int]:
    """For each distinct code of a hand: the least deadwood after discarding one copy."""
    return dict(_discards_cached(tuple(sorted(codes)), wild_rank, rules))


# -- the best discard -----------------------------------------------------------------------


#: A discard in the order ``best_discard`` prefers: (least deadwood left, a lower bound
#: until ``exact``; is wild: a natural first; minus its points: the costliest first; minus
#: its code: the higher first; exact). A plain tuple: the hot path builds one per card.
_Candidate = tuple[int, bool, int, int, bool]


def best_discard(codes: Sequence[int], wild_rank: int, rules: Rules) -> tuple[int, Layout]:
    """The discard leaving the least deadwood (ties as ``_Candidate`` orders them), with the
    arrangement of the rest (``arrange``'s). The hand must not be empty."""
    key = tuple(sorted(codes))
    run = _suitdp.solve_run(key, wild_rank, rules) if _suitdp.applies(rules) else None
    if run is None:  # the search: every discard on one memo
        values = _discards_cached(key, wild_rank, rules)
        card = -min(_candidates(key, wild_rank, rules, 0, dict(values)))[3]
        return card, _arrange_cached(without_code(key, card), wild_rank, rules)
    # discarding a deadwood card of the whole hand's arrangement leaves exactly that
    # arrangement without it; other discards re-run part of the recorded solve
    planned = _suitplan.arrangement(run, key, wild_rank, rules)
    whole = planned or _arrange_cached(key, wild_rank, rules)
    points = rules.points_by_code(wild_rank or None)
    exact = {c: whole.points - points[c] for c in whole.deadwood}
    best = _branch_and_bound(
        key,
        wild_rank,
        rules,
        whole.points,
        exact,
        lambda c, cutoff: _suitplan.drop_value(run, key, wild_rank, rules, c, cutoff),
    )
    return best, _arrange_cached(without_code(key, best), wild_rank, rules)


def _branch_and_bound(
    key: tuple[int, ...],
    wild_rank: int,
    rules: Rules,
    least: int,
    exact: dict[int, int],
    value: Callable[[int, int | None], int],
) -> int:
    """The code of the best discard, given the hand's least deadwood, the
    exact values of some discards and ``value(code, cutoff)`` computing any other (exact
    when it is at most ``cutoff``, the best found so far, or None; otherwise any value
    above it).

    Candidates are solved in the order of their bounds until the next one's bound cannot
    beat the best found; the best exact one goes first, so every solve has a cutoff."""
    candidates = _candidates(key, wild_rank, rules, least, exact)
    known = [cand[:4] for cand in candidates if cand[4]]
    best = min(known) if known else None
    for bound, wild, minus_points, minus_code, exact_value in candidates:
        if best is not None and (bound, wild, minus_points, minus_code) >= best:
            break
        if not exact_value:
            found = (value(-minus_code, None if best is None else best[0]), wild, minus_points)
            if best is None or (*found, minus_code) < best:
                best = (*found, minus_code)
    assert best is not None
    return -best[3]


def _candidates(
    key: tuple[int, ...],
    wild_rank: int,
    rules: Rules,
    least: int,
    exact: dict[int, int],
    limit: int | None = None,
) -> list[_Candidate]:
    """Every distinct code of the hand as a sorted ``_Candidate``; with ``limit``, only
    those whose bound is at most ``limit``.

    Discarding c leaves at least ``least - points(c)`` (c added as deadwood to an
    arrangement of the rest is one of the hand), at least 0, and at least the points of
    the hand's other *hopeless* naturals (in no meld at all, so in none of the rest
    either); under the default meld rules a wild's discard leaves at least ``least`` when
    some meld holds a natural (fewer wilds never lower the natural deadwood)."""
    table = rules.points_by_code(wild_rank or None)
    held = set(key)
    wilds = natural_points = 0
    for c in key:
        if c == JOKER_CODE or c % 11 + 3 == wild_rank:
            wilds += 1
        else:
            natural_points += c % 11 + 3
    wild_floor = least if _suitdp.default_melds(rules) and least < natural_points else -1
    hopeless: set[int] = set()
    floor = 0
    if wilds < 2:  # (with two wilds or more every natural is live)
        counts, _ = _natural_counts(key, wild_rank)
        hopeless = {c for c in held if c < 55 and counts[c] and not _live(counts, wilds, c)}
        floor = sum((c % 11 + 3) * counts[c] for c in hopeless)
    out = []
    for c in held:
        points = table[c]
        wild = c == JOKER_CODE or c % 11 + 3 == wild_rank
        v = exact.get(c)
        if v is None:
            v = max(0, least - points)
            if hopeless:
                v = max(v, floor - (points if c in hopeless else 0))
            if wild and wild_floor >= 0:
                v = max(v, wild_floor)
        if limit is None or v <= limit:
            out.append((v, wild, -points, -c, c in exact))
    out.sort()
    return out


def _natural_counts(key: Sequence[int], wild_rank: int) -> tuple[list[int], int]:
    """(copies held of each natural code 0..54, number of wilds) of a hand."""
    counts = [0] * 55
    wilds = 0
    for c in key:
        if c == JOKER_CODE or c % 11 + 3 == wild_rank:
            wilds += 1
        else:
            counts[c] += 1
    return counts, wilds


def _live(counts: list[int], wilds: int, c: int) -> bool:
    """Can natural ``c`` be in some meld of a hand with these natural counts and wilds?

    The default meld rules allow every meld any option allows, so this is a bound for
    every rule set: a book needs the other naturals of c's rank and the wilds to make 3; a
    run holding c with at most ``wilds`` wilds holds a window of 3 consecutive ranks
    around c with at least 3 - ``wilds`` ranks of c's suit, and such a window is a run."""
    if wilds >= 2:
        return True
    q, base = c % 11, c - c % 11
    if counts[q] + counts[q + 11] + counts[q + 22] + counts[q + 33] + counts[q + 44] + wilds >= 3:
        return True
    suit = 0  # the ranks of c's suit held within two of c, as bits
    for r in range(max(0, q - 2), min(10, q + 2) + 1):
        if counts[base + r]:
            suit |= 1 << r
    need = 3 - wilds
    for low in range(max(0, q - 2), min(q, 8) + 1):  # noqa: SIM110 (any() of a generator costs more)
        if (suit >> low & 7).bit_count() >= need:
            return True
    return False


# -- going out ------------------------------------------------------------------------------


def _can_out(
    key: tuple[int, ...],
    wild_rank: int,
    rules: Rules,
    shared: dict[tuple[int, ...], _search._Search] | None = None,
) -> bool:
    """Does some discard of the hand leave no deadwood?

    Only a discard whose bound (``_candidates``) is 0 can: one worth at least the hand's
    least deadwood. Those are solved with cutoff 0, cards worth closest to the least
    deadwood first, until one goes out; most hands have none and cost one plain solve. A
    hand whose discards are cached reads the answer off them. Hands the suit DP does not
    take are searched on ``shared`` memos when given (see ``_search.score``)."""
    if not key:
        return False
    done = _discards_cached.peek(key, wild_rank, rules)
    if done is not None:
        return any(v == 0 for _, v in done)
    run = _suitdp.solve_run(key, wild_rank, rules) if _suitdp.applies(rules) else None
    if run is None and shared is not None:
        least = _search.score(key, wild_rank, rules, shared).points
    else:
        least = _least_cached(key, wild_rank, rules)
    candidates = _candidates(key, wild_rank, rules, least, {}, limit=0)
    if not candidates:
        return False

    def value(c: int) -> int:
        if run is not None:
            return _suitplan.drop_value(run, key, wild_rank, rules, c, 0)
        if shared is not None:
            return _search.score(without_code(key, c), wild_rank, rules, shared).points
        return _least_cached(without_code(key, c), wild_rank, rules)

    # a hand that goes out most often keeps one card of deadwood: worth the least deadwood
    candidates.sort(key=lambda cand: abs(least + cand[2]))
    return any(value(-cand[3]) == 0 for cand in candidates)


_can_out_cached = _cached("discards.can_out", 0.05, _can_out, _no_bytes)


def can_out(codes: Sequence[int], wild_rank: int, rules: Rules) -> bool:
    """True when some discard leaves no deadwood (False for an empty hand)."""
    return _can_out_cached(tuple(sorted(codes)), wild_rank, rules)


def _outs(key: tuple[int, ...], wild_rank: int, rules: Rules) -> tuple[int, ...]:
    """The codes whose draw lets the hand go out (copies left in the deck not counted)."""
    if _least_cached(key, wild_rank, rules) == 0:
        return tuple(range(56))  # draw anything, discard it
    # every wild draw behaves the same (wilds are interchangeable inside melds)
    joker_out = _can_out_cached(tuple(sorted((*key, JOKER_CODE))), wild_rank, rules)
    if not joker_out and _suitdp.default_melds(rules) and rules.all_wild_melds:
        # a drawn natural used in a meld can be replaced by a joker (not without all-wild
        # melds: the natural may be the meld's only natural)
        return ()
    found: set[int] = set()
    if joker_out:
        found.add(JOKER_CODE)
        if wild_rank:
            found.update(s * 11 + wild_rank - 3 for s in range(5))
    counts, wilds = _natural_counts(key, wild_rank)
    shared: dict[tuple[int, ...], _search._Search] = {}  # every natural draw: the same wilds
    for x in range(55):
        if is_wild_code(x, wild_rank):
            continue
        # x must sit in a meld (discarding x leaves the hand, which does not go out)
        counts[x] += 1
        live = _live(counts, wilds, x)
        counts[x] -= 1
        if live and _can_out(tuple(sorted((*key, x))), wild_rank, rules, shared):
            found.add(x)
    return tuple(sorted(found))


_outs_cached = _cached("discards.outs", 0.05, _outs, _codes_bytes)


def outs(codes: Sequence[int], wild_rank: int, rules: Rules) -> tuple[int, ...]:
    """The sorted codes (0..55) whose draw lets the hand go out after one discard; how
    many copies the deck has left is not considered."""
    return _outs_cached(tuple(sorted(codes)), wild_rank, rules)
