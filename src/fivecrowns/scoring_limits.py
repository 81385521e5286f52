"""Deprecated: this module moved to :mod:`fivecrowns.game.scoring_limits`."""

from ._moved import moved
from .game.scoring_limits import *  # noqa: F403
from .game.scoring_limits import __all__  # noqa: F401

__getattr__ = moved(__name__, "fivecrowns.game.scoring_limits")
