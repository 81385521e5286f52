"""Analysis on the engine: what a hand, a move and a game are worth.

This layer sits on the play, bots, game and solver layers and is used by the command line,
the web app and the adapters above it. So far: exact draw odds
(:mod:`fivecrowns.analysis.odds`), going-out odds over several turns
(:mod:`fivecrowns.analysis.going_out`), every legal action's value
(:mod:`fivecrowns.analysis.actions`), each player's chance to win the game
(:mod:`fivecrowns.analysis.match`) and the replay annotator
(:mod:`fivecrowns.analysis.annotate`).
"""

from __future__ import annotations

from .actions import ActionValue, ActionValues, evaluate_actions
from .annotate import AnnotatedGame, Annotation, annotate
from .going_out import GoingOutOdds, going_out_odds
from .match import WinChances, win_chances
from .odds import DrawOdds, draw_odds

__all__ = [
    "ActionValue",
    "ActionValues",
    "AnnotatedGame",
    "Annotation",
    "DrawOdds",
    "GoingOutOdds",
    "WinChances",
    "annotate",
    "draw_odds",
    "evaluate_actions",
    "going_out_odds",
    "win_chances",
]
