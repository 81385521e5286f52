"""Which engine answers the solver's questions: the compiled core or the Python twin.

The compiled core (``fivecrowns._core``, built from the Rust crates under ``rust/``) is used
when it can be imported, unless the environment variable ``FIVECROWNS_PURE`` is set to
anything but ``""`` or ``"0"``; the Python twin (``_discards``, on the suit DP and the
search) answers otherwise, and for rule sets the core does not take. Both give the same
answers, arrangements included. :func:`core_info` says which one runs, and why.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Final, Protocol, Union

import attrs

from . import _discards
from ._suitplan import Layout
from .rules import Rules

if TYPE_CHECKING:
    from ._core import Fast, Solver

__all__ = [
    "FAST",
    "CoreInfo",
    "Engine",
    "FastKit",
    "FastPath",
    "core_info",
    "engine",
    "engines",
    "running",
    "solvers",
    "use_fast_kit",
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
    def discard_values(
        self, codes: Sequence[int], wild_rank: int, rules: Rules
    ) -> dict[int, int]: ...
    def can_out(self, codes: Sequence[int], wild_rank: int, rules: Rules) -> bool: ...
    def outs(self, codes: Sequence[int], wild_rank: int, rules: Rules) -> tuple[int, ...]: ...
    def cache_clear(self) -> None: ...


@attrs.frozen
class CoreInfo:
    """Which engine the solver runs on.

    ``compiled`` is True when the compiled core answers (for every rule set it takes: all
    but those whose wilds cost more than 2**20 points); ``engine`` is ``"rust"`` or
    ``"python"``; ``reason`` says why; ``version`` is the core's version, or None when it
    could not be imported.
    """

    compiled: bool
    engine: str
    reason: str
    version: str | None


class _NoFastPath:
    """The fast path while nothing is compiled: every question goes the checked way. (The
    compiled one, ``fivecrowns._core.Fast``, answers the same questions for a hand of
    canonical cards, a wild rank that is None or an int or Rank from 3 to 13, and one of
    the very rule sets it was made for, the last four compiled; anything else gets None.)"""

    def least(self, cards: object, wild_rank: object, rules: object) -> int | None:
        return None

    def arrangement(self, cards: object, wild_rank: object, rules: object) -> Any:
        return None

    def best_discard(self, cards: object, wild_rank: object, rules: object) -> Any:
        return None

    def discard_values(self, cards: object, wild_rank: object, rules: object) -> Any:
        return None

    def can_out(self, cards: object, wild_rank: object, rules: object) -> bool | None:
        return None

    def melds_all(self, cards: object, wild_rank: object, rules: object) -> bool | None:
        return None


FastPath = Union["Fast", _NoFastPath]
_NO_FAST_PATH: Final[_NoFastPath] = _NoFastPath()
#: The fast path of the last few rule sets :func:`solvers` compiled (a new one for each;
#: the public solver functions ask it first).
FAST: FastPath = _NO_FAST_PATH


@attrs.frozen
class FastKit:
    """What the fast path reads and builds answers with: the package's ``Card`` and ``Rank``
    types, its ``Arrangement`` type, and the meld cache and maker of ``fivecrowns.solver``
    (the layer above, which registers them with :func:`use_fast_kit`)."""

    card_type: type
    rank_type: type
    arrangement_type: Callable[..., Any]
    melds: dict[int, Any]
    make: Callable[..., Any]


_KIT: FastKit | None = None


def use_fast_kit(kit: FastKit) -> None:
    """Register what the fast path needs (once, by ``fivecrowns.solver``)."""
    global _KIT
    _KIT = kit


class _Compiled(Engine, Protocol):
    def supports(self, rules: Rules) -> bool: ...
    def solver(self, rules: Rules) -> Solver: ...


def _load() -> tuple[_Compiled | None, CoreInfo]:
    pure = os.environ.get("FIVECROWNS_PURE", "")
    try:
        _core = importlib.import_module("fivecrowns._core")
    except ImportError as error:
        why = f"the compiled module fivecrowns._core could not be imported ({error})"
        return None, CoreInfo(False, "python", why, None)
    from . import _compiled

    version = str(_core.__version__)
    if pure not in ("", "0"):
        why = f"FIVECROWNS_PURE={pure!r} is set: the Python twin runs"
        return None, CoreInfo(False, "python", why, version)
    compiled: _Compiled = _compiled
    return compiled, CoreInfo(True, "rust", "the compiled core fivecrowns._core", version)


_COMPILED, _INFO = _load()
_PURE: Final[Engine] = _discards


def core_info() -> CoreInfo:
    """Which engine the solver runs on, and why.

    >>> info = core_info()
    >>> info.engine in ("rust", "python"), info.compiled == (info.engine == "rust")
    (True, True)
    """
    return _INFO


def engine(rules: Rules) -> Engine:
    """The module (``_compiled`` or ``_discards``) that solves hands under ``rules``."""
    compiled = _COMPILED
    if compiled is not None and compiled.supports(rules):
        return compiled
    return _PURE


def engines() -> tuple[Engine, ...]:
    """Every engine loaded (the Python twin, and the compiled core if it runs)."""
    return (_PURE,) if _COMPILED is None else (_PURE, _COMPILED)


def solvers(rules: Rules, melded: Callable[[Rules], Rules]) -> tuple[Solver, Solver] | None:
    """The compiled solvers of ``rules`` and of ``melded(rules)`` (its melded twin, derived
    by the caller's function, called only when ``rules`` was not the last asked about), for
    the public functions' fast paths; None when the Python twin answers. The last rule set
    asked about (and the engine it was asked of) is remembered by identity, and
    :data:`FAST` answers for it from then on."""
    global _LAST, FAST
    compiled = _COMPILED
    last = _LAST
    if last[0] is rules and last[1] is compiled:
        return last[2]
    found = None
    twin = melded(rules)
    if compiled is not None and compiled.supports(rules) and compiled.supports(twin):
        found = (compiled.solver(rules), compiled.solver(twin))
    _LAST = (rules, compiled, found)
    if found is not None and _KIT is not None:
        FAST = _fast_path(rules, found, _KIT)
    # (else the fast path stays as it was: the rule sets it answers for are still compiled;
    # a switch of engines forgets it, see running)
    return found


def _fast_path(rules: Rules, found: tuple[Solver, Solver], kit: FastKit) -> FastPath:
    """The fast path for ``rules`` (compiled as ``found``), and for the last few rule sets
    the current one answers for."""
    from . import _core

    # (can_go_out under go_out_without_discard asks more than the melded twin's can_out)
    can_out = not rules.go_out_without_discard
    current = FAST
    if isinstance(current, _core.Fast):
        return current.with_rules(rules, found[0], found[1], can_out)
    return _core.Fast(rules, found[0], found[1], can_out, kit)


_LAST: tuple[Rules | None, _Compiled | None, tuple[Solver, Solver] | None] = (None, None, None)


@contextmanager
def running(compiled: bool) -> Iterator[None]:
    """Inside the block, the solver runs on the compiled core (True) or on the Python twin
    (False), whatever ``FIVECROWNS_PURE`` says: for tests and benchmarks that compare the
    two. It switches the whole process (not one thread); True needs the core built."""
    global _COMPILED
    saved = _COMPILED
    if compiled:
        from . import _compiled

        chosen: _Compiled | None = _compiled
    else:
        chosen = None
    _COMPILED = chosen
    _forget_solvers()
    try:
        yield
    finally:
        _COMPILED = saved
        _forget_solvers()


def _forget_solvers() -> None:
    """Forget the last rule set's solvers and fast path (the engine changed)."""
    global _LAST, FAST
    _LAST = (None, None, None)
    FAST = _NO_FAST_PATH
