"""One byte budget for every cache of the solver: accounting, limits and :func:`cache_info`.

Each cache (a plain dict, or a few) registers an :class:`Account` with a *share* of the
library-wide budget. On every miss it asks its account to :meth:`~Account.admit` the new
entry with an estimated size in bytes (from the shapes of the key and the value: a few
additions, never a recursive ``sys.getsizeof``); when the account would go over its share
it empties the cache first (as the entry-count bounds did before). Hits do not touch the
account at all. The estimates are calibrated against ``tracemalloc`` (see
``benchmarks/bench_memory.py`` and ``tests/test_cache_limits.py``) to be at least what
CPython allocates, dict slots included, so the real bytes stay within the budget.

The budget is :data:`DEFAULT_LIMIT` (48 MiB: with the library's other small bounded
tables, under 64 MB in all), or the environment variable ``FIVECROWNS_CACHE_BYTES`` read at
import (bytes, or with a ``K``, ``M`` or ``G`` suffix, powers of 1024), or what
:func:`set_cache_limit` sets.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable
from typing import Final

import attrs

from .errors import FiveCrownsError

__all__ = [
    "DEFAULT_LIMIT",
    "Account",
    "CacheInfo",
    "CacheStats",
    "account",
    "cache_info",
    "clear_all",
    "set_cache_limit",
]

#: The default budget of all caches together, in bytes.
DEFAULT_LIMIT: Final = 48 << 20
_ENV: Final = "FIVECROWNS_CACHE_BYTES"
_SUFFIX: Final = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}

# -- size estimates (CPython 3.11+, 64-bit; checked against tracemalloc in the tests) -------

#: One dict slot: its 24-byte entry and its index, at the worst load (just grown).
DICT_SLOT: Final = 64
#: A tuple's header (with the garbage collector's, rounded up) and each item's pointer.
TUPLE: Final = 48
ITEM: Final = 8
#: An int that is not one of the interned small ints (-5..256).
INT: Final = 32
#: A :class:`~fivecrowns.Meld` object (its four slots; its tuples not counted).
MELD: Final = 80


def tuple_bytes(n: int) -> int:
    """Bytes of a tuple of ``n`` items (the items not counted)."""
    return TUPLE + ITEM * n


class Account:
    """The byte account of one cache: its estimated bytes, entries and limit (its share of
    the budget). ``clear`` empties the cache; ``count`` says how many entries it holds."""

    __slots__ = ("_clear", "_count", "bytes", "limit", "name", "share")

    def __init__(
        self, name: str, share: float, clear: Callable[[], None], count: Callable[[], int]
    ) -> None:
        self.name = name
        self.share = share
        self.bytes = 0
        self.limit = int(_LIMIT[0] * share)
        self._clear = clear
        self._count = count

    def admit(self, cost: int) -> bool:
        """Account an entry of ``cost`` bytes about to be stored: True when it may be
        stored (the cache is emptied first if it would go over its limit), False when the
        entry alone is larger than the limit (then it is not stored)."""
        used = self.bytes + cost
        if used > self.limit:
            self._clear()
            if cost > self.limit:
                self.bytes = 0
                return False
            used = cost
        self.bytes = used
        return True

    def clear(self) -> None:
        """Empty the cache and its account."""
        self._clear()
        self.bytes = 0

    def entries(self) -> int:
        return self._count()


_ACCOUNTS: list[Account] = []


def account(
    name: str, share: float, clear: Callable[[], None], count: Callable[[], int]
) -> Account:
    """Register the account of a cache, with its share (a fraction) of the budget."""
    found = Account(name, share, clear, count)
    _ACCOUNTS.append(found)
    return found


def clear_all() -> None:
    """Empty every registered cache."""
    for found in _ACCOUNTS:
        found.clear()


@attrs.frozen
class CacheStats:
    """One cache: its name, entries, estimated bytes and limit (its share of the budget)."""

    name: str
    entries: int
    bytes: int
    limit: int


@attrs.frozen
class CacheInfo:
    """The solver's caches: the budget (``limit``, in bytes), the estimated bytes and the
    entries of all of them together, and each one's :class:`CacheStats`."""

    limit: int
    bytes: int
    entries: int
    caches: tuple[CacheStats, ...]


def cache_info() -> CacheInfo:
    """The solver caches' budget and what each holds (sizes are estimates, calibrated to be
    at least what CPython allocates).

    >>> info = cache_info()
    >>> info.bytes <= info.limit, info.bytes == sum(cache.bytes for cache in info.caches)
    (True, True)
    """
    caches = tuple(
        CacheStats(found.name, found.entries(), found.bytes, found.limit) for found in _ACCOUNTS
    )
    return CacheInfo(
        _LIMIT[0],
        sum(cache.bytes for cache in caches),
        sum(cache.entries for cache in caches),
        caches,
    )


def set_cache_limit(limit: int) -> None:
    """Set the budget of all the solver's caches together, in bytes (0 turns caching off).

    The budget is split between the caches in fixed shares (see :func:`cache_info`); a
    cache over its new share is emptied at once. It applies to the whole process.

    >>> old = cache_info().limit
    >>> set_cache_limit(1 << 20)
    >>> cache_info().limit
    1048576
    >>> set_cache_limit(old)
    """
    if type(limit) is not int:
        raise FiveCrownsError(
            f"the cache limit must be an int number of bytes (0 or more), got "
            f"{type(limit).__name__} {limit!r:.80}"
        )
    if limit < 0:
        raise FiveCrownsError(
            f"the cache limit must be 0 or more bytes (0 turns caching off), got {limit}"
        )
    _LIMIT[0] = limit
    for found in _ACCOUNTS:
        found.limit = int(limit * found.share)
        if found.bytes > found.limit:
            found.clear()


def _from_env(text: str | None) -> int:
    """The budget ``FIVECROWNS_CACHE_BYTES`` asks for, or the default (with a warning when
    the value is not a number of bytes)."""
    if text is None or not text.strip():
        return DEFAULT_LIMIT
    value = text.strip().upper().removesuffix("B").removesuffix("I")
    scale = _SUFFIX.get(value[-1:], 1)
    if scale != 1:
        value = value[:-1]
    if value.isdigit():
        return int(value) * scale
    warnings.warn(
        f"{_ENV}={text!r} is not a number of bytes (like 33554432, 32M or 1G); the "
        f"default cache limit {DEFAULT_LIMIT} is used",
        RuntimeWarning,
        stacklevel=2,
    )
    return DEFAULT_LIMIT


#: The budget (a one-item list: the accounts read it when they are made).
_LIMIT: list[int] = [_from_env(os.environ.get(_ENV))]
