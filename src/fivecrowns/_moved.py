"""The deprecated aliases of the modules that moved into the layers' subpackages.

Each old module (``fivecrowns.actions``, ``fivecrowns.simulate``, ...) is a few lines that
re-export its new home and warn once, when imported, with a :class:`DeprecationWarning`
naming the new path. Names outside the new module's ``__all__`` are still found there.
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable
from typing import Final

__all__ = ["MOVED", "moved"]

#: The old top-level modules that moved, and where to.
MOVED: Final = {
    "actions": "fivecrowns.game.actions",
    "views": "fivecrowns.game.views",
    "solitaire": "fivecrowns.game.solitaire",
    "scoring_limits": "fivecrowns.game.scoring_limits",
    "tracking": "fivecrowns.bots.tracking",
    "expert": "fivecrowns.bots.expert",
    "rollout": "fivecrowns.bots.rollout",
    "simulate": "fivecrowns.play.simulate",
    "simulator": "fivecrowns.play.simulator",
}


def moved(old: str, new: str) -> Callable[[str], object]:
    """Warn that module ``old`` moved to ``new``, and return the module ``__getattr__`` of
    ``old`` that finds any other name in ``new``."""
    module = importlib.import_module(new)
    warnings.warn(
        f"the module {old} moved to {new}: import from there (or from fivecrowns); "
        f"the old path will be removed in a later release",
        DeprecationWarning,
        stacklevel=3,
    )

    def attribute(name: str) -> object:
        return getattr(module, name)

    return attribute
