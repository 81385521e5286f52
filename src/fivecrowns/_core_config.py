"""Shared definitions of the hand solver core: card codes, ``CoreConfig`` and small helpers.

Card code: natural card = suit_index * 11 + (rank - 3) (0..54), joker = 55.  Imported by
every other ``_solver_core`` module (``_sweep``, ``_suitdp``, ``_solve``, ``_arrange``);
imports none of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import astuple, dataclass
from functools import cached_property
from typing import NamedTuple, Protocol, TypeVar, cast

JOKER = 55
_CACHE_SIZE = 1 << 16
_T = TypeVar("_T")
_T_co = TypeVar("_T_co", covariant=True)

Meld = tuple[str, tuple[int, ...]]
Arrangement = tuple[tuple[Meld, ...], tuple[int, ...], int]


@dataclass(frozen=True)
class CoreConfig:
    """Rule options the core needs (hashable, with the hash computed once: it is part of
    every cache key)."""

    packs: int = 2
    all_wild_melds: bool = True
    max_wilds_per_meld: int | None = None
    wilds_at_most_naturals: bool = False
    distinct_suit_books: bool = False
    wild_points: int = 20
    joker_points: int = 50

    @cached_property
    def _hash(self) -> int:
        return hash(astuple(self))

    @cached_property
    def _suit_dp(self) -> bool:
        """True when the suit DP (``_suitdp``) may take hands of these rules: the meld
        rules are the default ones and no pack count lets a card be held 4 times."""
        return self.packs <= 3 and _is_default(self)

    def __hash__(self) -> int:
        return self._hash


def _is_default(cfg: CoreConfig) -> bool:
    """True when a spare wild can always join an existing meld for free."""
    return (
        cfg.max_wilds_per_meld is None
        and not cfg.wilds_at_most_naturals
        and not cfg.distinct_suit_books
    )


def _points(code: int, wild_rank: int, cfg: CoreConfig) -> int:
    if code == JOKER:
        return cfg.joker_points
    r = code % 11 + 3
    return cfg.wild_points if r == wild_rank else r


_INF = 1 << 30


def _lowbit_pos(x: int) -> int:
    return (x & -x).bit_length() - 1


_RI = [c % 11 for c in range(56)]
_CNT_BIT = [1 << (3 * (c // 11)) for c in range(55)] + [0]
_OCC_BIT = [1 << (5 * (c % 11) + c // 11) for c in range(55)] + [0]


def _is_wild(code: int, wild_rank: int) -> bool:
    return code == JOKER or code % 11 + 3 == wild_rank


def _remove(items: tuple[int, ...], sub: Sequence[int]) -> tuple[int, ...]:
    rest = list(items)
    for c in sub:
        rest.remove(c)
    return tuple(rest)


# --------------------------------------------------------------------------------------
# Liveness: a natural is live iff it belongs to SOME meld that is valid under default
# rules with at most W wilds (default rules allow a superset of the melds of any options).
# Book: needs (other naturals of its rank) + W >= 2.  Run: some window of 3 consecutive
# ranks containing it holds >= 3 - W distinct ranks of its suit (a run with <= W wilds
# containing the card contains such a window, and such a window is such a run).


def _live_flags(
    nat: list[int], ncount: list[int], w_count: int, test: list[int] | None = None
) -> tuple[list[bool], list[int]]:
    """Live flag per code of ``test`` (default ``nat``).

    ``nat`` = every distinct natural code of the hand, ``ncount`` = count per code.
    """
    if test is None:
        test = nat
    if w_count >= 2:
        return [True] * len(test), ncount
    need = 3 - w_count
    rank_tot = [0] * 11
    for code in nat:
        rank_tot[code % 11] += ncount[code]
    flags = []
    for code in test:
        ri = code % 11
        if rank_tot[ri] - 1 + w_count >= 2:
            flags.append(True)
            continue
        base = code - ri
        ok = False
        for a in range(max(0, ri - 2), min(ri, 8) + 1):
            occ = (ncount[base + a] > 0) + (ncount[base + a + 1] > 0) + (ncount[base + a + 2] > 0)
            if occ >= need:
                ok = True
                break
        flags.append(ok)
    return flags, ncount


class _CacheInfo(NamedTuple):
    currsize: int
    maxsize: int


class _HandCache(Protocol[_T_co]):
    """What ``_hand_cache`` returns: the cached function, ``cache_clear`` and
    ``cache_info`` (as ``functools.lru_cache`` has), and ``peek`` (the cached result, or
    None when there is none: nothing is computed)."""

    def __call__(self, key: tuple[int, ...], wild_rank: int, cfg: CoreConfig) -> _T_co: ...

    def peek(self, key: tuple[int, ...], wild_rank: int, cfg: CoreConfig) -> _T_co | None: ...

    def cache_clear(self) -> None: ...

    def cache_info(self) -> _CacheInfo: ...


def _hand_cache(fn: Callable[[tuple[int, ...], int, CoreConfig], _T]) -> _HandCache[_T]:
    """A bounded cache of ``fn(key, wild_rank, cfg)`` for sorted hands ``key``: one plain
    dict per config, keyed by (key, wild_rank), emptied when it holds ``_CACHE_SIZE``
    entries.

    Unlike ``functools.lru_cache`` (whose entries, keyed with the config, stay tracked by
    the garbage collector and are all visited by every full collection: tens of
    milliseconds once the caches fill), these dicts hold only ints and tuples of ints, so
    the collector stops tracking them."""
    tables: dict[CoreConfig, dict[tuple[tuple[int, ...], int], _T]] = {}
    # the config of the last call and its table, swapped as one tuple (thread-safe)
    last: tuple[CoreConfig | None, dict[tuple[tuple[int, ...], int], _T]] = (None, {})

    def cached(key: tuple[int, ...], wild_rank: int, cfg: CoreConfig) -> _T:
        nonlocal last
        last_cfg, table = last
        if cfg is not last_cfg:
            got = tables.get(cfg)
            if got is None:
                if len(tables) >= 16:  # configs are few; bound them all the same
                    cache_clear()
                got = tables[cfg] = {}
            table = got
            last = (cfg, got)
        k = (key, wild_rank)
        r = table.get(k)
        if r is None:
            r = fn(key, wild_rank, cfg)
            if len(table) >= _CACHE_SIZE:
                table.clear()
            table[k] = r
        return r

    def cache_clear() -> None:
        nonlocal last
        tables.clear()
        last = (None, {})

    def cache_info() -> _CacheInfo:
        return _CacheInfo(sum(map(len, tables.values())), _CACHE_SIZE)

    def peek(key: tuple[int, ...], wild_rank: int, cfg: CoreConfig) -> _T | None:
        table = tables.get(cfg)
        return None if table is None else table.get((key, wild_rank))

    cached.cache_clear = cache_clear  # type: ignore[attr-defined]
    cached.cache_info = cache_info  # type: ignore[attr-defined]
    cached.peek = peek  # type: ignore[attr-defined]
    cached._tables = tables  # type: ignore[attr-defined]  # (for the tests)
    return cast("_HandCache[_T]", cached)
