"""fivecrowns: the rules engine for the card game Five Crowns.

Cards and their notation, every rule option, meld validation, an exact hand solver, and the
game itself, as a typed library for apps and bots.

>>> import fivecrowns as fc
>>> fc.parse_cards("10H J* JK")
(Card.parse('10H'), Card.parse('J*'), Card.parse('JK'))
"""

import importlib

from ._moved import MOVED
from ._version import __version__
from .analysis import (
    ActionValue,
    ActionValues,
    AnnotatedGame,
    Annotation,
    DrawOdds,
    GoingOutOdds,
    WinChances,
    annotate,
    draw_odds,
    evaluate_actions,
    going_out_odds,
    win_chances,
)
from .bots import BOTS, Bot, GreedyBot, RandomBot, StrongBot, make_bot
from .bots.expert import ExpertBot
from .bots.rollout import rollouts, sample_state
from .cards import JOKER, Card, CardsLike, Rank, Suit, deck, format_cards, parse_cards
from .errors import (
    FiveCrownsError,
    IllegalActionError,
    InvalidCardError,
    InvalidHandError,
    InvalidMeldError,
    InvalidRulesError,
    InvalidStateError,
)
from .game import FinalLayout, GameRecord, GameState, RoundResult, TableMeld
from .game.actions import (
    DRAW_DISCARD,
    DRAW_STOCK,
    GO_OUT_WITHOUT_DISCARD,
    MELD_BOOK,
    MELD_RUN,
    Action,
    ActionKind,
    Phase,
    num_actions,
)
from .game.scoring_limits import MaxScore, RoundMaximum, max_score
from .game.solitaire import SolitaireAction, SolitairePile, SolitaireState
from .game.views import PlayerView, observation_size
from .melds import Meld, MeldKind, check_meld
from .play.simulate import (
    EntryStats,
    GameResult,
    ScoreDifference,
    SimulationInterrupted,
    TournamentResult,
    play_game,
    tournament,
)
from .play.simulator import Simulator, Step
from .rules import OFFICIAL, Rules
from .solver import (
    Arrangement,
    CacheInfo,
    CacheStats,
    DiscardValue,
    best_arrangement,
    best_discard,
    best_discard_value,
    cache_info,
    can_go_out,
    can_meld_all,
    clear_cache,
    deadwood_by_discard,
    min_deadwood,
    min_deadwood_many,
    outs,
    set_cache_limit,
)
from .solver._engine import CoreInfo, core_info

__all__ = [
    "BOTS",
    "DRAW_DISCARD",
    "DRAW_STOCK",
    "GO_OUT_WITHOUT_DISCARD",
    "JOKER",
    "MELD_BOOK",
    "MELD_RUN",
    "OFFICIAL",
    "Action",
    "ActionKind",
    "ActionValue",
    "ActionValues",
    "AnnotatedGame",
    "Annotation",
    "Arrangement",
    "Bot",
    "CacheInfo",
    "CacheStats",
    "Card",
    "CardsLike",
    "CoreInfo",
    "DiscardValue",
    "DrawOdds",
    "EntryStats",
    "ExpertBot",
    "FinalLayout",
    "FiveCrownsError",
    "GameRecord",
    "GameResult",
    "GameState",
    "GoingOutOdds",
    "GreedyBot",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidHandError",
    "InvalidMeldError",
    "InvalidRulesError",
    "InvalidStateError",
    "MaxScore",
    "Meld",
    "MeldKind",
    "Phase",
    "PlayerView",
    "RandomBot",
    "Rank",
    "RoundMaximum",
    "RoundResult",
    "Rules",
    "ScoreDifference",
    "SimulationInterrupted",
    "Simulator",
    "SolitaireAction",
    "SolitairePile",
    "SolitaireState",
    "Step",
    "StrongBot",
    "Suit",
    "TableMeld",
    "TournamentResult",
    "WinChances",
    "__version__",
    "annotate",
    "best_arrangement",
    "best_discard",
    "best_discard_value",
    "cache_info",
    "can_go_out",
    "can_meld_all",
    "check_meld",
    "clear_cache",
    "core_info",
    "deadwood_by_discard",
    "deck",
    "draw_odds",
    "evaluate_actions",
    "format_cards",
    "going_out_odds",
    "make_bot",
    "max_score",
    "min_deadwood",
    "min_deadwood_many",
    "num_actions",
    "observation_size",
    "outs",
    "parse_cards",
    "play_game",
    "rollouts",
    "sample_state",
    "set_cache_limit",
    "tournament",
    "win_chances",
]


def __getattr__(name: str) -> object:
    """The old modules that moved (``fivecrowns.simulate``, ...), as attributes: their
    deprecated aliases, imported (and warning) when first asked for."""
    if name in MOVED:
        return importlib.import_module(f"fivecrowns.{name}")
    raise AttributeError(f"module 'fivecrowns' has no attribute {name!r}")
