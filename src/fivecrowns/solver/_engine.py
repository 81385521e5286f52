"""Which engine solves hands: chosen once, at import.

The compiled core (``fivecrowns._core``, built from the Rust crates under ``rust/``; its
adapter is ``_compiled``) when it can be imported, unless the environment variable
``FIVECROWNS_PURE`` is set to anything but ``""`` or ``"0"``; the Python engine
(``_discards``, on the memoised search) otherwise. Both give the same answers, arrangements
included; the one difference is the size of hand they take (the Python engine at most
``_discards.MAX_CARDS`` cards, the core any hand the deck holds). :func:`core_info` says which
one runs, and why.

Both engines are kept side by side (:data:`PYTHON`, :data:`COMPILED`), so tests can ask each
directly; :data:`ENGINE` is the chosen one, and :data:`FAST` its fast path (the compiled
core's ``_core.Fast``, which the public functions ask first; on the Python engine it answers
nothing).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Final, Protocol, Union

import attrs
import numpy as np
import numpy.typing as npt

from ..rules import Rules
from . import _discards
from ._layout import Layout

if TYPE_CHECKING:
    from .._core import Fast

__all__ = [
    "COMPILED",
    "ENGINE",
    "FAST",
    "PYTHON",
    "CoreInfo",
    "Engine",
    "core_info",
    "engine",
    "engines",
    "melded",
    "prepare",
    "running",
]


class Engine(Protocol):
    """What an engine answers, on card codes (``_discards`` and ``_compiled`` both do)."""

    def least(self, codes: Sequence[int], wild_rank: int, rules: Rules) -> int: ...
    def least_laying_off(
        self, codes: Sequence[int], wild_rank: int, rules: Rules, free_ranks: int
    ) -> int: ...
    def arrange(self, codes: Sequence[int], wild_rank: int, rules: Rules) -> Layout: ...
    def best_discard(
        self, codes: Sequence[int], wild_rank: int, rules: Rules
    ) -> tuple[int, Layout]: ...
    def best_discard_value(
        self, codes: Sequence[int], wild_rank: int, rules: Rules
    ) -> tuple[int, int]: ...
    def discard_values(
        self, codes: Sequence[int], wild_rank: int, rules: Rules
    ) -> dict[int, int]: ...
    def can_out(self, codes: Sequence[int], wild_rank: int, rules: Rules) -> bool: ...
    def outs(self, codes: Sequence[int], wild_rank: int, rules: Rules) -> tuple[int, ...]: ...
    def least_hands(
        self,
        hands: Iterable[object],
        wild_rank: int,
        rules: Rules,
        threads: int,
        codes_of: Callable[[Any], list[int]],
    ) -> npt.NDArray[np.int64]: ...
    def least_counts(
        self,
        counts: npt.NDArray[np.integer[Any]],
        wild_rank: int,
        rules: Rules,
        threads: int,
        codes_of: Callable[[Any], list[int]],
    ) -> npt.NDArray[np.int64]: ...
    def cache_clear(self) -> None: ...


@attrs.frozen
class CoreInfo:
    """Which engine the solver runs on.

    ``compiled`` is True when the compiled core answers; ``engine`` is ``"rust"`` or
    ``"python"``; ``reason`` says why; ``version`` is the core's version, or None when it
    could not be imported.
    """

    compiled: bool
    engine: str
    reason: str
    version: str | None


class _NoFastPath:
    """The fast path of the Python engine: every question goes the checked way. (The
    compiled one, ``fivecrowns._core.Fast``, answers the same questions for a hand of
    canonical cards, a wild rank that is None or an int or Rank from 3 to 13, and one of the
    very rule sets it was made for, the last four compiled; anything else gets None.)"""

    def least(self, cards: object, wild_rank: object, rules: object) -> int | None:
        return None

    def arrangement(self, cards: object, wild_rank: object, rules: object) -> Any:
        return None

    def best_discard(self, cards: object, wild_rank: object, rules: object) -> Any:
        return None

    def best_discard_value(self, cards: object, wild_rank: object, rules: object) -> Any:
        return None

    def discard_values(self, cards: object, wild_rank: object, rules: object) -> Any:
        return None

    def can_out(self, cards: object, wild_rank: object, rules: object) -> bool | None:
        return None

    def melds_all(self, cards: object, wild_rank: object, rules: object) -> bool | None:
        return None


def _load() -> tuple[Any, CoreInfo]:
    """The compiled engine (None when it cannot be imported) and what runs, and why."""
    try:
        core = importlib.import_module("fivecrowns._core")
    except ImportError as error:
        why = f"the compiled module fivecrowns._core could not be imported ({error})"
        return None, CoreInfo(False, "python", why, None)
    compiled = importlib.import_module("fivecrowns.solver._compiled")
    version = str(core.__version__)
    pure = os.environ.get("FIVECROWNS_PURE", "")
    if pure not in ("", "0"):
        why = f"FIVECROWNS_PURE={pure!r} is set: the Python engine runs"
        return compiled, CoreInfo(False, "python", why, version)
    return compiled, CoreInfo(True, "rust", "the compiled core fivecrowns._core", version)


_COMPILED_MODULE, _INFO = _load()
FastPath = Union["Fast", _NoFastPath]
_NO_FAST_PATH: Final = _NoFastPath()

#: The Python engine (the rule book: every rule set, hands of up to 15 cards).
PYTHON: Final[Engine] = _discards
#: The compiled engine, or None when the core is not built.
COMPILED: Final[Engine | None] = _COMPILED_MODULE
#: The engine the public functions run on (chosen at import; see :func:`running`).
ENGINE: Engine = COMPILED if COMPILED is not None and _INFO.compiled else PYTHON
#: The fast path the public functions ask first (see :func:`prepare`).
FAST: FastPath = _NO_FAST_PATH


def core_info() -> CoreInfo:
    """Which engine the solver runs on, and why.

    >>> info = core_info()
    >>> info.engine in ("rust", "python"), info.compiled == (info.engine == "rust")
    (True, True)
    """
    return _INFO


def engine(rules: Rules | None = None) -> Engine:
    """The engine that solves hands (under any ``rules``: every engine takes every rule set)."""
    return ENGINE


def engines() -> tuple[Engine, ...]:
    """Every engine loaded: the Python engine, and the compiled core when it is built."""
    return (PYTHON,) if COMPILED is None else (PYTHON, COMPILED)


def melded(rules: Rules) -> Rules:
    """The rules under which a hand's least deadwood is 0 exactly when every card melds: a
    natural costs at least 3 points, and here an unmelded wild costs 1 (with
    ``wild_points`` or ``joker_points`` 0, "no points" does not mean "melded"). The meld
    rules are those of ``rules``."""
    if rules.wild_points and rules.joker_points:
        return rules
    found = _MELDED.get(rules)
    if found is None:
        found = attrs.evolve(rules, wild_points=1, joker_points=1)
        if len(_MELDED) >= 64:
            _MELDED.clear()
        _MELDED[rules] = found
    return found


_MELDED: dict[Rules, Rules] = {}


def prepare(rules: Rules) -> bool:
    """Make :data:`FAST` answer for ``rules`` (a checked ``Rules``): True when it did not
    before and now does, so the caller asks it again; False on the Python engine, or when
    ``rules`` was the last rule set prepared (the fast path already knows it)."""
    global FAST, _LAST
    if ENGINE is not COMPILED or _COMPILED_MODULE is None or rules is _LAST:
        return False
    current = FAST if not isinstance(FAST, _NoFastPath) else None
    FAST = _COMPILED_MODULE.fast_path(rules, melded(rules), current)
    _LAST = rules
    return True


_LAST: Rules | None = None


@contextmanager
def running(compiled: bool) -> Iterator[None]:
    """A test helper: inside the block, the solver runs on the compiled core (True) or on
    the Python engine (False), whatever ``FIVECROWNS_PURE`` says. It switches the whole
    process (not one thread); True needs the core built. (Tests that compare the engines
    can also ask :data:`PYTHON` and :data:`COMPILED` directly.)"""
    global ENGINE
    if compiled and COMPILED is None:
        raise RuntimeError("the compiled core fivecrowns._core is not built")
    saved = ENGINE
    ENGINE = COMPILED if compiled and COMPILED is not None else PYTHON
    _forget_fast_path()
    try:
        yield
    finally:
        ENGINE = saved
        _forget_fast_path()


def _forget_fast_path() -> None:
    """Forget the fast path (the engine changed)."""
    global FAST, _LAST
    FAST = _NO_FAST_PATH
    _LAST = None
