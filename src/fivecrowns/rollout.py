"""Deprecated: this module moved to :mod:`fivecrowns.bots.rollout`."""

from ._moved import moved
from .bots.rollout import *  # noqa: F403
from .bots.rollout import __all__  # noqa: F401

__getattr__ = moved(__name__, "fivecrowns.bots.rollout")
