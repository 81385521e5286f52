"""Deprecated: this module moved to :mod:`fivecrowns.bots.expert`."""

from ._moved import moved
from .bots.expert import *  # noqa: F403
from .bots.expert import __all__  # noqa: F401

__getattr__ = moved(__name__, "fivecrowns.bots.expert")
