"""Deprecated: this module moved to :mod:`fivecrowns.bots.tracking`."""

from ._moved import moved
from .bots.tracking import *  # noqa: F403
from .bots.tracking import __all__  # noqa: F401

__getattr__ = moved(__name__, "fivecrowns.bots.tracking")
