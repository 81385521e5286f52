"""Slow, obviously-correct brute force for the Five Crowns hand solver core.

Only used to check the solver (``benchmarks/check_solver.py``).  Every valid meld is enumerated as a
sub-multiset of the hand (checked against the rules directly), and every set of disjoint
melds is tried (memoised on the remaining multiset).  Exponential: fine up to ~11 cards.

The config object only needs the attributes ``check_solver.py`` gives it (duck typed, so
this file does not depend on the module it checks).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import product
from typing import Any

JOKER = 55


def is_wild(code: int, wild_rank: int) -> bool:
    return code == JOKER or code % 11 + 3 == wild_rank


def points(code: int, wild_rank: int, cfg: Any) -> int:
    if code == JOKER:
        return int(cfg.joker_points)
    if code % 11 + 3 == wild_rank:
        return int(cfg.wild_points)
    return code % 11 + 3


def meld_kinds(cards: tuple[int, ...], wild_rank: int, cfg: Any) -> set[str]:
    """The kinds ("book"/"run") under which the multiset ``cards`` is one valid meld."""
    n = len(cards)
    if n < 3:
        return set()
    wilds = [c for c in cards if is_wild(c, wild_rank)]
    nats = [c for c in cards if not is_wild(c, wild_rank)]
    k, m = len(wilds), len(nats)
    if cfg.max_wilds_per_meld is not None and k > cfg.max_wilds_per_meld:
        return set()
    if cfg.wilds_at_most_naturals and k > m:
        return set()
    if m == 0 and not cfg.all_wild_melds:
        return set()
    kinds: set[str] = set()
    # book: every natural of one rank; wilds stand for that rank
    if len({c % 11 for c in nats}) <= 1:
        ok = True
        if cfg.distinct_suit_books:
            suits = [c // 11 for c in nats]
            if len(set(suits)) != len(suits) or n > 5:
                ok = False
        if ok:
            kinds.add("book")
    # run: naturals of one suit, distinct ranks, wilds fill the gaps / extend, length <= 11
    if len({c // 11 for c in nats}) <= 1:
        ranks = [c % 11 for c in nats]
        if len(set(ranks)) == len(ranks) and n <= 11:
            span = (max(ranks) - min(ranks) + 1) if ranks else 0
            if span <= n:
                kinds.add("run")
    return kinds


def _submultisets(items: tuple[int, ...]) -> list[tuple[int, ...]]:
    cnt = sorted(Counter(items).items())
    out: list[tuple[int, ...]] = []
    for choice in product(*[range(c + 1) for _, c in cnt]):
        sub: list[int] = []
        for (code, _), j in zip(cnt, choice, strict=True):
            sub.extend([code] * j)
        out.append(tuple(sub))
    return out


def _remove(items: tuple[int, ...], sub: tuple[int, ...]) -> tuple[int, ...]:
    rest = list(items)
    for c in sub:
        rest.remove(c)
    return tuple(rest)


def brute_min(codes: Any, wild_rank: int, cfg: Any) -> int:
    """Minimum deadwood over every partition of the hand into valid melds + deadwood."""

    @cache
    def solve(rem: tuple[int, ...]) -> int:
        if not rem:
            return 0
        c, rest = rem[0], rem[1:]
        best = points(c, wild_rank, cfg) + solve(rest)
        for sub in _submultisets(rest):
            if len(sub) >= 2 and meld_kinds((c, *sub), wild_rank, cfg):
                best = min(best, solve(_remove(rest, sub)))
        return best

    return solve(tuple(sorted(codes)))


def brute_discard_values(codes: Any, wild_rank: int, cfg: Any) -> dict[int, int]:
    hand = tuple(sorted(codes))
    return {c: brute_min(_remove(hand, (c,)), wild_rank, cfg) for c in set(hand)}


def brute_outs(codes: Any, wild_rank: int, cfg: Any) -> frozenset[int]:
    hand = tuple(sorted(codes))
    res = set()
    for x in range(56):
        h2 = tuple(sorted((*hand, x)))
        if any(brute_min(_remove(h2, (d,)), wild_rank, cfg) == 0 for d in set(h2)):
            res.add(x)
    return frozenset(res)
