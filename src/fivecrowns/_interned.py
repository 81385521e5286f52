"""Rule sets made once and shared: the metaclass :class:`Interned` makes ``Rules(...)`` of
options asked for before a look-up instead of a construction and its checks (a frozen value
can be shared; an equal rule set is also the very object the compiled core's fast path knows).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

__all__ = ["DEFAULTS", "Interned", "plain_key"]

#: The most rule sets :class:`Interned` keeps (then it starts afresh).
MOST: Final = 1024
#: The rule sets made, by :func:`plain_key`.
_TABLE: dict[tuple[object, ...], Any] = {}
#: Each option's default and its type (filled in by :mod:`fivecrowns.rules`).
DEFAULTS: dict[str, tuple[type, object]] = {}
#: The types of the option values a rule set is interned by (and of a sequence's entries).
_PLAIN: Final = (bool, int, str, type(None))


def plain_key(options: dict[str, object]) -> tuple[object, ...] | None:
    """The key a rule set of ``options`` is interned by: every option not at its default,
    with its value's exact type (so ``True`` and ``1``, which are equal, never share a rule
    set), so equal rule sets share one however they were asked for; None when some value is
    not a plain bool, int, str or None, or a tuple of ints and None."""
    key = []
    for name, value in options.items():
        kind = type(value)
        if DEFAULTS.get(name) == (kind, value):
            continue
        if kind is tuple:
            if not all(type(entry) is int or entry is None for entry in value):  # type: ignore[attr-defined]
                return None
        elif kind not in _PLAIN:
            return None
        key.append((name, kind, value))
    key.sort()
    return tuple(key)


if TYPE_CHECKING:  # (for mypy, Rules(...) is attrs's own constructor, every option typed)
    Interned = type
else:

    class Interned(type):
        """Makes ``Rules(...)`` cost a look-up when the same options were given before: the
        rule set of equal plain options is made (and validated) once and shared. It is
        immutable, so sharing it changes nothing a caller can see, and an equal object is
        the one the compiled core's fast path already knows."""

        def __call__(cls, *args, **options):
            if not options and not args:  # (the official rules: the commonest call)
                found = _TABLE.get(())
                if found is not None:
                    return found
            key = None if args else plain_key(options)
            if key is None:
                return super().__call__(*args, **options)
            found = _TABLE.get(key)
            if found is None:
                found = super().__call__(**options)
                if len(_TABLE) >= MOST:
                    _TABLE.clear()
                _TABLE[key] = found
            return found
