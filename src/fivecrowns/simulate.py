"""Deprecated: this module moved to :mod:`fivecrowns.play.simulate`."""

from ._moved import moved
from .play.simulate import *  # noqa: F403
from .play.simulate import __all__  # noqa: F401

__getattr__ = moved(__name__, "fivecrowns.play.simulate")
