"""fivecrowns: the rules engine for the card game Five Crowns.

Cards and their notation, every rule option, meld validation, an exact hand solver, and the
game itself, as a typed library for apps and bots.

>>> import fivecrowns as fc
>>> fc.parse_cards("10H J* JK")
(Card.parse('10H'), Card.parse('J*'), Card.parse('JK'))
"""

from ._version import __version__
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
from .melds import Meld, MeldKind, check_meld
from .rules import OFFICIAL, Rules
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

__all__ = [
    "JOKER",
    "OFFICIAL",
    "Arrangement",
    "Card",
    "CardsLike",
    "FiveCrownsError",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidHandError",
    "InvalidMeldError",
    "InvalidRulesError",
    "InvalidStateError",
    "Meld",
    "MeldKind",
    "Rank",
    "Rules",
    "Suit",
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
    "outs",
    "parse_cards",
]
