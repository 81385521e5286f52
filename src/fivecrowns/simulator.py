"""Deprecated: this module moved to :mod:`fivecrowns.play.simulator`."""

from ._moved import moved
from .play.simulator import *  # noqa: F403
from .play.simulator import __all__  # noqa: F401

__getattr__ = moved(__name__, "fivecrowns.play.simulator")
