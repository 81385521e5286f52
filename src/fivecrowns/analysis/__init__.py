"""Analysis on the engine: what a hand, a move and a game are worth.

This layer sits on the play, bots, game and solver layers and is used by the command line,
the web app and the adapters above it. So far: exact draw odds (:mod:`fivecrowns.analysis.odds`).
"""

from __future__ import annotations

from .odds import DrawOdds, draw_odds

__all__ = ["DrawOdds", "draw_odds"]
