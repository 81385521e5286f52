"""Deprecated: this module moved to :mod:`fivecrowns.game.solitaire`."""

from ._moved import moved
from .game.solitaire import *  # noqa: F403
from .game.solitaire import __all__  # noqa: F401

__getattr__ = moved(__name__, "fivecrowns.game.solitaire")
