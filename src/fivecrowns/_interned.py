"""Rule sets made once and shared: the metaclass :class:`Interned` makes ``Rules(...)`` of
options asked for before a look-up instead of a construction and its checks (a frozen value
can be shared; an equal rule set is also the very object the compiled core's fast path knows).

The look-up is this module's (:func:`interned`, by the options' values), or, when the
compiled core runs, the core's ``Interner``, installed by :func:`compile_calls` as the
metaclass's ``__call__``: it answers a call of options it saw before (the same names and
values) with the rule set made then, and asks :func:`interned` about any other, so it
gives the same objects at the cost of a dictionary look-up.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Final

__all__ = ["DEFAULTS", "Interned", "compile_calls", "interned", "plain_key"]

#: The most rule sets :class:`Interned` keeps (then it starts afresh).
MOST: Final = 1024
#: The rule sets made, by :func:`plain_key`.
_TABLE: dict[tuple[object, ...], Any] = {}
#: Each option's default and its type (filled in by :mod:`fivecrowns.rules`).
DEFAULTS: dict[str, tuple[type, object]] = {}
#: The types of the option values a rule set is interned by (and of a sequence's entries).
_PLAIN: Final = (bool, int, str, type(None))
#: The compiled core's interner, once :func:`compile_calls` installed it.
_COMPILED: list[Any] = []


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


def interned(cls: type, args: tuple[object, ...], options: dict[str, object]) -> Any:
    """``cls(*args, **options)``, made once for equal plain options (see :func:`plain_key`)
    and shared; made afresh (and checked) for any other call."""
    if not options and not args:  # (the official rules: the commonest call)
        found = _TABLE.get(())
        if found is not None:
            return found
    key = None if args else plain_key(options)
    if key is None:
        return type.__call__(cls, *args, **options)
    found = _TABLE.get(key)
    if found is None:
        found = type.__call__(cls, **options)
        if len(_TABLE) >= MOST:
            official = _TABLE.get(())
            _TABLE.clear()
            if official is not None:  # (the official rules stay the one object)
                _TABLE[()] = official
            for compiled in _COMPILED:  # (it must not answer with a rule set forgotten here)
                compiled.clear()
        _TABLE[key] = found
    return found


if TYPE_CHECKING:  # (for mypy, Rules(...) is attrs's own constructor, every option typed)
    Interned = type
else:

    class Interned(type):
        """Makes ``Rules(...)`` cost a look-up when the same options were given before: the
        rule set of equal plain options is made (and validated) once and shared. It is
        immutable, so sharing it changes nothing a caller can see, and an equal object is
        the one the compiled core's fast path already knows. (Its one class is ``Rules``:
        the compiled ``__call__`` that :func:`compile_calls` installs makes rule sets.)"""

        def __call__(cls, *args, **options):
            return interned(cls, args, options)


def compile_calls(cls: type, official: object) -> bool:
    """Install the compiled core's interner as the ``__call__`` of :class:`Interned` for
    ``cls`` (its one class) whose official instance is ``official``, when the compiled core
    runs (it can be imported, and ``FIVECROWNS_PURE`` is unset, ``""`` or ``"0"``, as for
    the solver); True if it did."""
    if os.environ.get("FIVECROWNS_PURE", "") not in ("", "0") or _COMPILED:
        return False
    try:
        from . import _core
    except ImportError:
        return False

    def make(*args: object, **options: object) -> Any:
        return interned(cls, args, options)

    _TABLE[()] = official
    compiled = _core.Interner(official, make)
    _COMPILED.append(compiled)
    type.__setattr__(Interned, "__call__", compiled)
    return True
