"""Deprecated: this module moved to :mod:`fivecrowns.game.views`."""

from ._moved import moved
from .game.views import *  # noqa: F403
from .game.views import __all__  # noqa: F401

__getattr__ = moved(__name__, "fivecrowns.game.views")
