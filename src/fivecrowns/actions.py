"""Deprecated: this module moved to :mod:`fivecrowns.game.actions`."""

from ._moved import moved
from .game.actions import *  # noqa: F403
from .game.actions import __all__  # noqa: F401

__getattr__ = moved(__name__, "fivecrowns.game.actions")
