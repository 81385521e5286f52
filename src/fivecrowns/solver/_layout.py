"""What both engines answer an arrangement with, on card codes (:class:`Layout`)."""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Layout", "MeldCodes"]

#: A meld on codes: ("book" | "run", its sorted codes, wilds included).
MeldCodes = tuple[str, tuple[int, ...]]


class Layout(NamedTuple):
    """An optimal arrangement on codes: its melds (kind, sorted codes, wilds included), the
    sorted deadwood and its points."""

    melds: tuple[MeldCodes, ...]
    deadwood: tuple[int, ...]
    points: int
