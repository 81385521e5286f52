"""Whether the compiled core plays the game: the game layer's one engine module.

Which engine solves hands is chosen once, at import, by the solver
(:mod:`fivecrowns.solver._engine`); the compiled core plays games exactly when it is the one
chosen, and then only under the rule sets it takes (``_core_game``). Every module of the
game and the layers above asks here, never the solver's engine module for game matters.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

from ..rules import Rules
from ..solver import _engine as _solver_engine

__all__ = ["compiled_from_deal", "compiled_games", "compiled_states", "plain_states"]


def _core_game() -> ModuleType | None:
    """The core's game adapter (``_core_game``), or None when the core is not built."""
    try:
        return importlib.import_module("fivecrowns.game._core_game")
    except ImportError:
        return None


#: The core's game adapter, loaded once at import (None when the core is not built).
_CORE_GAME = _core_game()


def _on_core() -> ModuleType | None:
    """The core's game adapter when the compiled core solves hands now (and so plays games),
    else None."""
    on_core = _solver_engine.ENGINE is _solver_engine.COMPILED
    return _CORE_GAME if on_core and _solver_engine.COMPILED is not None else None


def compiled_games(rules: Rules) -> bool:
    """Does the compiled core play games under ``rules`` from any state (rollouts from a state
    it builds from the state's fields, or from a view: ``_core_game.supports``)? Not when
    the Python twin runs."""
    core = _on_core()
    return core is not None and bool(core.supports(rules))


def compiled_from_deal(rules: Rules) -> bool:
    """Does the compiled core play whole games under ``rules`` from the deal (tournaments of
    its built-in bots, the batched simulator: ``_core_game.supports_games``)? Not when
    the Python twin runs."""
    core = _on_core()
    return core is not None and bool(core.supports_games(rules))


def compiled_states(rules: Rules) -> bool:
    """Does :meth:`fivecrowns.GameState.new` make states the core plays under ``rules``
    (``_core_state``)? When the core plays the games' transitions under them
    (``_core_game.supports_states``), but inside :func:`plain_states`."""
    core = _on_core() if _STATES_ON_CORE else None
    return core is not None and bool(core.supports_states(rules))


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
