"""fivecrowns: the rules engine for the card game Five Crowns.

Cards and their notation, every rule option, meld validation, an exact hand solver, and the
game itself, as a typed library for apps and bots.

>>> import fivecrowns as fc
>>> fc.parse_cards("10H J* JK")
(Card.parse('10H'), Card.parse('J*'), Card.parse('JK'))
"""

from ._version import __version__
from .actions import (
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
from .game import GameRecord, GameState
from .melds import Meld, MeldKind, check_meld
from .rules import OFFICIAL, Rules
from .solitaire import SolitaireAction, SolitairePile, SolitaireState
from .solver import (
    Arrangement,
    best_arrangement,
    best_discard,
    can_go_out,
    clear_cache,
    deadwood_by_discard,
    min_deadwood,
    outs,
)
from .views import PlayerView, RoundResult, TableMeld, observation_size

__all__ = [
    "DRAW_DISCARD",
    "DRAW_STOCK",
    "GO_OUT_WITHOUT_DISCARD",
    "JOKER",
    "MELD_BOOK",
    "MELD_RUN",
    "OFFICIAL",
    "Action",
    "ActionKind",
    "Arrangement",
    "Card",
    "CardsLike",
    "FiveCrownsError",
    "GameRecord",
    "GameState",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidHandError",
    "InvalidMeldError",
    "InvalidRulesError",
    "InvalidStateError",
    "Meld",
    "MeldKind",
    "Phase",
    "PlayerView",
    "Rank",
    "RoundResult",
    "Rules",
    "SolitaireAction",
    "SolitairePile",
    "SolitaireState",
    "Suit",
    "TableMeld",
    "__version__",
    "best_arrangement",
    "best_discard",
    "can_go_out",
    "check_meld",
    "clear_cache",
    "deadwood_by_discard",
    "deck",
    "format_cards",
    "min_deadwood",
    "num_actions",
    "observation_size",
    "outs",
    "parse_cards",
]
