"""Whether the compiled core plays the game: the game-level predicates.

Which engine solves hands is chosen once, at import, in :mod:`fivecrowns.solver._engine`;
the compiled core plays games exactly when it is the one chosen. ``core_info``, ``CoreInfo``,
``engine`` and ``running`` are that module's, named here too for the layers above.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from .rules import Rules
from .solver import _engine as _solver_engine
from .solver._engine import CoreInfo, core_info, engine, running

__all__ = [
    "CoreInfo",
    "compiled_from_deal",
    "compiled_games",
    "compiled_states",
    "core_info",
    "engine",
    "plain_states",
    "running",
]


def _on_core() -> bool:
    """Does the compiled core solve hands (and so play games)?"""
    chosen = _solver_engine.ENGINE
    return chosen is not _solver_engine.PYTHON and chosen is _solver_engine.COMPILED


def compiled_games(rules: Rules) -> bool:
    """Does the compiled core play games under ``rules`` from any state (rollouts from a state
    it builds from the state's fields, or from a view: ``_compiled_game.supports``)? Not when
    the Python engine runs."""
    if not _on_core():
        return False
    from . import _compiled_game

    return _compiled_game.supports(rules)


def compiled_from_deal(rules: Rules) -> bool:
    """Does the compiled core play whole games under ``rules`` from the deal (tournaments of
    its built-in bots, the batched simulator: ``_compiled_game.supports_games``)? Not when
    the Python engine runs."""
    if not _on_core():
        return False
    from . import _compiled_game

    return _compiled_game.supports_games(rules)


def compiled_states(rules: Rules) -> bool:
    """Does :meth:`fivecrowns.GameState.new` make states the core plays under ``rules``
    (``fivecrowns._core_state``)? When the core plays the games' transitions under them
    (``_compiled_game.supports_states``), but inside :func:`plain_states`."""
    if not _STATES_ON_CORE or not _on_core():
        return False
    from . import _compiled_game

    return _compiled_game.supports_states(rules)


_STATES_ON_CORE = True


@contextmanager
def plain_states() -> Iterator[None]:
    """Inside the block, :meth:`fivecrowns.GameState.new` makes states the Python
    transitions play (the twin), the solver running where it runs: for the tests and check
    scripts that compare the two engines. It switches the whole process."""
    global _STATES_ON_CORE
    saved = _STATES_ON_CORE
    _STATES_ON_CORE = False
    try:
        yield
    finally:
        _STATES_ON_CORE = saved
