"""What the solver keeps between calls, and the cache functions of earlier versions.

The solver no longer has result caches nor a budget in bytes: the compiled core answers in
about a microsecond, and the Python engine keeps nothing between calls (each call builds its
search, and the memo goes with it). What stays is two small tables, each emptied when it
fills: the public :class:`~fivecrowns.Meld` objects handed out (melds recur across hands,
and the compiled core looks them up rather than build them again) and the compiled rule sets.
:func:`clear_cache` empties them; :func:`cache_info` and :func:`set_cache_limit` are
deprecated.
"""

from __future__ import annotations

import warnings

import attrs

from ..errors import FiveCrownsError
from . import _arrangement, _engine

__all__ = ["CacheInfo", "CacheStats", "cache_info", "clear_cache", "set_cache_limit"]


@attrs.frozen
class CacheStats:
    """One table of the solver: its name and entries (``bytes`` and ``limit`` are 0: nothing
    is budgeted in bytes any more)."""

    name: str
    entries: int
    bytes: int
    limit: int


@attrs.frozen
class CacheInfo:
    """The solver's tables: ``entries`` of all of them together, and each one's
    :class:`CacheStats` (``limit`` and ``bytes`` are 0: nothing is budgeted in bytes any
    more)."""

    limit: int
    bytes: int
    entries: int
    caches: tuple[CacheStats, ...]


def cache_info() -> CacheInfo:
    """Deprecated: the solver no longer has caches budgeted in bytes. Reports the entries
    of the tables it keeps (the public melds handed out, the compiled rule sets), with
    ``bytes`` and ``limit`` 0.

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore", DeprecationWarning)
    ...     info = cache_info()
    >>> info.bytes, info.limit, info.entries == sum(c.entries for c in info.caches)
    (0, 0, True)
    """
    warnings.warn(
        "fivecrowns.cache_info is deprecated: the solver no longer has caches budgeted in "
        "bytes (it reports only the entries of the small tables it keeps)",
        DeprecationWarning,
        stacklevel=2,
    )
    caches = (
        CacheStats("solver.melds", len(_arrangement.MELDS), 0, 0),
        CacheStats("solver.compiled_rules", _compiled_rules(), 0, 0),
    )
    return CacheInfo(0, 0, sum(cache.entries for cache in caches), caches)


def _compiled_rules() -> int:
    compiled = _engine.COMPILED
    return 0 if compiled is None else len(getattr(compiled, "_SOLVERS", ()))


def set_cache_limit(limit: int) -> None:
    """Deprecated, and does nothing: the solver no longer has caches budgeted in bytes.
    The limit is still checked (an int of 0 or more), as before."""
    if type(limit) is not int:
        raise FiveCrownsError(
            f"the cache limit must be an int number of bytes (0 or more), got "
            f"{type(limit).__name__} {limit!r:.80}"
        )
    if limit < 0:
        raise FiveCrownsError(
            f"the cache limit must be 0 or more bytes (0 turns caching off), got {limit}"
        )
    warnings.warn(
        "fivecrowns.set_cache_limit is deprecated and does nothing: the solver no longer "
        "has caches budgeted in bytes",
        DeprecationWarning,
        stacklevel=2,
    )


def clear_cache() -> None:
    """Empty the tables the solver keeps (the public melds handed out, the compiled rule
    sets): for measuring cold speed, or to give the memory back.

    >>> clear_cache()
    """
    _arrangement.MELDS.clear()
    _engine._MELDED.clear()
    for engine in _engine.engines():
        engine.cache_clear()
    _engine._forget_fast_path()
