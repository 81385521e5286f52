"""Which engine plays a game: the game layer's one engine module.

Which engine solves hands is chosen once, at import, by the solver
(:mod:`fivecrowns.solver._engine`); the compiled core plays games exactly when it is the one
chosen, and then only under the rule sets it takes (``_core_game``). Every module of the
game and the layers above asks here, never the solver's engine module for game matters.

Both dealers are kept side by side, as the solver keeps its engines: :data:`PYTHON` deals
games the Python engine plays (``_plain.PlainGame``), :data:`COMPILED` (None without the
core) games the core plays (``_core_state.CoreGame``), and :func:`dealer` says which one
:meth:`fivecrowns.GameState.new` uses. Tests and check scripts name the dealer
(``GameState._new(players, rules, seed, None, PYTHON)``) to hold both engines' states side
by side.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final, Protocol

from ..rules import Rules
from ..solver import _engine as _solver_engine
from ._core_state import CoreGame
from ._plain import PlainGame

if TYPE_CHECKING:
    from .. import _core
    from ._game import Game

__all__ = [
    "COMPILED",
    "PYTHON",
    "Dealer",
    "compiled_from_deal",
    "compiled_games",
    "compiled_states",
    "dealer",
    "own_core",
]


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


class Dealer(Protocol):
    """What deals a new match on one engine (round 1, of checked arguments)."""

    def deal(self, rules: Rules, players: int, seed: int, first_dealer: int) -> Game: ...


#: The dealer of games the Python engine plays.
PYTHON: Final[Dealer] = PlainGame


#: The dealer of games the compiled core plays (None when the core is not built; whether
#: :func:`dealer` gives it also depends on the engine the solver runs now).
COMPILED: Final[Dealer | None] = CoreGame if _CORE_GAME is not None else None


def compiled_states(rules: Rules) -> bool:
    """Does :meth:`fivecrowns.GameState.new` deal games the core plays under ``rules``? When
    the core plays the games' transitions under them (``_core_game.supports_states``)."""
    core = _on_core()
    return core is not None and bool(core.supports_states(rules))


def dealer(rules: Rules, seed: int) -> Dealer:
    """The dealer of a new match under ``rules`` with ``seed``: the compiled core's when it
    plays them (and the seed fits its 64 bits), else the Python engine's."""
    if COMPILED is not None and seed < 1 << 64 and compiled_states(rules):
        return COMPILED
    return PYTHON


def own_core(state: object) -> _core.Game | None:
    """The core game a :class:`fivecrowns.GameState` the core plays holds (None for a state
    the Python engine plays, or anything else)."""
    game: Any = getattr(state, "_game", None)
    return getattr(game, "core", None)


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
