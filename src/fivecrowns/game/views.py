"""What one player may know: the public record of a game (table melds, round results) and a
player's view of a state, as an object, as JSON and as a numpy observation tensor.

A :class:`PlayerView` is built by :meth:`fivecrowns.GameState.view`; it holds the player's own
hand and selection, and only public facts about the rest: the sizes of the other hands and of
the stock, the discard pile (every card in it was seen face up), the melds on the table and
the cards each player laid off onto them, the public actions of the round (a draw from the
stock does not say which card), the scores. It never holds another player's cards, the stock
order or the game's seed.

Observation tensor (:meth:`PlayerView.observation`), a flat ``float32`` vector of
:func:`observation_size` ``(players)`` entries; card blocks are indexed by card code (0-54 the
naturals, 55 the joker) and hold counts:

======================  ======================================================================
entries                  meaning
======================  ======================================================================
0-55                     own hand
56-111                   own selection (cards chosen to lay down in a final turn)
112-167                  discard pile (all of it; its top card alone if the pile is squared)
168-223                  top of the discard pile (one-hot; all zero when the pile is empty)
224-279                  cards in melds on the table
280-291                  wild rank one-hot: 280 no wild rank (jokers only), 281 + rank - 3
292-294                  phase one-hot: draw, discard, over
295                      1 if this player is to act
296                      1 if someone went out (final turns)
297                      round number (an extra tie-break round counts on from the last)
298                      cards in the stock
299                      the round's hand size
300 + 7 * i + j          seat ``i`` places to the left of this player (0 = this player), with
                         ``j``: 0 hand size, 1 total score, 2 went out this round, 3 dealer,
                         4 to act, 5 dealt in this round, 6 still owed a final turn
======================  ======================================================================
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Final

import attrs
import numpy as np
import numpy.typing as npt

from ..cards import NUM_CODES, Card, as_int, format_cards, short_repr
from ..errors import InvalidStateError
from ..rules import Rules
from ._fields import PublicHistory, StateFields
from ._round import FinalLayout as FinalLayout  # (the game's, re-exported)
from ._round import RoundResult as RoundResult
from ._round import TableMeld as TableMeld
from ._round import round_facts_dict
from .actions import Action, ActionKind, Phase

# (``TableMeld``, ``RoundResult`` and ``FinalLayout`` belong to the game and are documented
# there; ``from fivecrowns.game.views import RoundResult`` keeps working.)
__all__ = [
    "OBSERVATION_SEAT_FEATURES",
    "PlayerView",
    "observation_size",
    "remembered_pile",
    "view_of",
]

_HAND: Final = 0
_SELECTION: Final = 56
_PILE: Final = 112
_TOP: Final = 168
_TABLE: Final = 224
_WILD: Final = 280
_PHASE: Final = 292
_SCALARS: Final = 295
_SEATS: Final = 300
#: The number of entries per seat in the observation tensor.
OBSERVATION_SEAT_FEATURES: Final = 7
_PHASES: Final = (Phase.DRAW, Phase.DISCARD, Phase.OVER)


def observation_size(players: int) -> int:
    """The length of the observation tensor for a table of ``players``.

    >>> observation_size(4)
    328
    """
    count = players if type(players) is int else as_int(players)  # numpy ints too, not bool
    if count is None or count < 2:
        raise InvalidStateError(
            f"players must be an int of at least 2 (a table of the main game), got "
            f"{short_repr(players)}"
        )
    return _SEATS + OBSERVATION_SEAT_FEATURES * count


@attrs.frozen(slots=False)  # (a dict class: view_of fills a view in one step)
class PlayerView:
    """Everything player ``player`` may know about a state, and nothing more.

    Build it with :meth:`fivecrowns.GameState.view`. ``history`` lists the public actions of
    the current round as ``(player, action)`` (a draw from the stock names no card; selecting
    cards to lay down is private and left out). ``scores`` are the totals of the rounds
    played (tie-break rounds excluded); ``winners`` is empty until the game is over.
    ``laid_off`` holds, per seat, the cards it laid off onto melds on the table this round
    (face up, so public; always empty unless ``Rules(lay_off=True)``). ``discard_pile`` is
    the whole pile, top card last; under ``Rules(squared_discard_pile=True)`` it is the top
    card alone (or empty), and so is the pile's block of the observation: the cards under it
    are left to the player's memory (``history`` still says who discarded what, and
    :func:`remembered_pile` gives the whole pile, as a player who watched remembers it).

    A view of a state the compiled core plays costs the same whatever the round's length:
    its cards (hand, discard pile, ...), the table melds and the finished rounds' results
    are read from the core when first asked for, each group on its own (reading
    ``top_discard`` builds no table meld), through a handle that can read only what this
    player may know (never the state or another hand).
    """

    player: int
    players: int
    rules: Rules
    round_number: int
    extra_round: int
    hand_size: int
    wild_rank: int | None
    dealer: int
    active: tuple[int, ...]
    current_player: int | None
    phase: Phase
    hand: tuple[Card, ...]
    selection: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    discard_pile: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    laid_off: tuple[tuple[Card, ...], ...]
    went_out: int | None
    final_turns_left: tuple[int, ...]
    taken: Card | None
    turns: int
    scores: tuple[int, ...]
    results: tuple[RoundResult, ...]
    history: tuple[tuple[int, Action], ...]
    winners: tuple[int, ...]

    if not TYPE_CHECKING:  # (for mypy, a view has its fields and nothing else)

        def __getattr__(self, name: str) -> Any:
            # Called only for a name the view lacks: a view of a state the core plays reads
            # its round's cards from the core when first asked for them (``_reader``).
            reader = self.__dict__.get("_reader")
            if reader is None:
                raise AttributeError(f"'PlayerView' object has no attribute {name!r}")
            return reader.read(self.__dict__, name)

    def __getstate__(self) -> dict[str, Any]:
        """The fields (for pickle and copy), and the remembered pile of a squared one."""
        state = {name: getattr(self, name) for name in _VIEW_FIELDS}
        if _REMEMBERED in self.__dict__:
            state[_REMEMBERED] = self.__dict__[_REMEMBERED]
        return state

    @property
    def top_discard(self) -> Card | None:
        """The card on top of the discard pile (None if the pile is empty)."""
        values = self.__dict__
        if "discard_pile" not in values and "_reader" in values:
            top: Card | None = values["_reader"].top_discard(values)  # (the top alone)
            return top
        pile = self.discard_pile
        return pile[-1] if pile else None

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data (cards in notation, actions as their notation)."""
        return {
            "player": self.player,
            "players": self.players,
            "round_number": self.round_number,
            "extra_round": self.extra_round,
            "hand_size": self.hand_size,
            "wild_rank": self.wild_rank,
            "dealer": self.dealer,
            "active": list(self.active),
            "current_player": self.current_player,
            "phase": self.phase.value,
            "hand": format_cards(self.hand),
            "selection": format_cards(self.selection),
            "hand_sizes": list(self.hand_sizes),
            "stock_size": self.stock_size,
            **round_facts_dict(self),
            "laid_off": [format_cards(cards) for cards in self.laid_off],
            "scores": list(self.scores),
            "results": [result.to_dict() for result in self.results],
            "history": [[player, str(action)] for player, action in self.history],
            "winners": list(self.winners),
        }

    def to_json(self) -> str:
        """The view as a JSON text (see :meth:`to_dict`)."""
        return json.dumps(self.to_dict())

    def _repr_html_(self) -> str:
        """The view for a notebook: the player's hand, the top discard and the table drawn
        as cards, the other hands as their sizes only."""
        from ._view_html import view_html

        return view_html(self)

    def observation(self) -> npt.NDArray[np.float32]:
        """The view as a flat float32 vector; the layout is in the module docs."""
        obs = np.zeros(observation_size(self.players), dtype=np.float32)
        for base, cards in (
            (_HAND, self.hand),
            (_SELECTION, self.selection),
            (_PILE, self.discard_pile),
            (_TABLE, (card for meld in self.table for card in meld.meld.cards)),
        ):
            for card in cards:
                obs[base + card.code] += 1
        if self.discard_pile:
            obs[_TOP + self.discard_pile[-1].code] = 1
        obs[_WILD + (0 if self.wild_rank is None else self.wild_rank - 2)] = 1
        obs[_PHASE + _PHASES.index(self.phase)] = 1
        obs[_SCALARS] = self.current_player == self.player
        obs[_SCALARS + 1] = self.went_out is not None
        obs[_SCALARS + 2] = self.round_number
        obs[_SCALARS + 3] = self.stock_size
        obs[_SCALARS + 4] = self.hand_size
        for offset in range(self.players):
            seat = (self.player + offset) % self.players
            base = _SEATS + OBSERVATION_SEAT_FEATURES * offset
            obs[base] = self.hand_sizes[seat]
            obs[base + 1] = self.scores[seat]
            obs[base + 2] = self.went_out == seat
            obs[base + 3] = self.dealer == seat
            obs[base + 4] = self.current_player == seat
            obs[base + 5] = seat in self.active
            obs[base + 6] = seat in self.final_turns_left
        return obs


_VIEW_FIELDS: Final = tuple(field.name for field in attrs.fields(PlayerView))
#: Where a view of a squared discard pile keeps the whole pile (see :func:`remembered_pile`).
_REMEMBERED: Final = "_remembered_pile"


def square_pile(values: dict[str, Any]) -> None:
    """Under ``squared_discard_pile``, make the ``discard_pile`` of a view's fields
    (``values``) its top card alone, keeping the whole pile as the player's memory."""
    if values["rules"].squared_discard_pile:
        pile = values["discard_pile"]
        values[_REMEMBERED], values["discard_pile"] = pile, pile[-1:]


def remembered_pile(view: PlayerView) -> tuple[Card, ...]:
    """The whole discard pile as the player of ``view`` remembers it, top card last: every
    card of it was face up when it was played (the upcard at the deal, each discard since),
    so a player who watched the round knows it even when the table squares the pile
    (``Rules(squared_discard_pile=True)``, where a view's ``discard_pile`` shows the top card
    alone). The built-in bots' card tracking reads it, so they play the same games
    whether or not the pile is squared. A view that has lost its memory (rebuilt from its
    fields) remembers only what it shows.

    >>> import fivecrowns as fc
    >>> state = fc.GameState.new(players=2, rules=fc.Rules(squared_discard_pile=True), seed=5)
    >>> state = state.apply("draw").apply("discard 3S")
    >>> view = state.view(1)
    >>> fc.format_cards(view.discard_pile), fc.format_cards(remembered_pile(view))
    ('3S', '3* 3S')
    """
    pile = view.discard_pile  # (read first: a view of a core state reads it when asked)
    remembered: tuple[Card, ...] = view.__dict__.get(_REMEMBERED, pile)
    return remembered


_PRIVATE: Final = (ActionKind.SELECT, ActionKind.DESELECT)
#: The public actions of a round: (player, action).


def public_history(round_history: tuple[tuple[int, int], ...]) -> PublicHistory:
    """The public actions of a round's history (:attr:`PlayerView.history`)."""
    return tuple(
        (actor, action)
        for actor, action in ((a, Action.from_int(v)) for a, v in round_history)
        if action.kind not in _PRIVATE
    )


def public_entry(actor: int, action: Action) -> PublicHistory:
    """What one action adds to the public history."""
    return () if action.kind in _PRIVATE else ((actor, action),)


_NEW: Final = object.__new__
_SET: Final = object.__setattr__


def view_of(state: StateFields, p: int) -> PlayerView:
    """What player ``p`` may know of ``state``: own hand and selection, and public facts
    only (:meth:`fivecrowns.GameState.view`). Every field but the first six is the state's
    own public one, as it is (the history is kept from state to state: a view costs the same
    however long the round). The view's fields are filled in one step, as its constructor
    (which checks nothing) would fill them, at half its cost. (A view of a state the core
    plays is made by ``_core_state.CoreGame.view``.)"""
    view: PlayerView = _NEW(PlayerView)
    _SET(
        view,
        "__dict__",
        {
            "player": p,
            "hand": state.hands[p],
            "selection": state.selection if p == state.current else (),
            "hand_sizes": tuple(map(len, state.hands)),
            "stock_size": state.stock_size,
            "history": state.public_history,
            "players": state.players,
            "rules": state.rules,
            "round_number": state.round_number,
            "extra_round": state.extra_round,
            "hand_size": state.hand_size,
            "wild_rank": state.wild_rank,
            "dealer": state.dealer,
            "active": state.active,
            "current_player": state.current_player,
            "phase": state.phase,
            "discard_pile": state.discard_pile,
            "table": state.table,
            "laid_off": state.laid_off,
            "went_out": state.went_out,
            "final_turns_left": state.final_turns_left,
            "taken": state.taken,
            "turns": state.turns,
            "scores": state.scores,
            "results": state.results,
            "winners": state.winners,
        },
    )
    if state.rules.squared_discard_pile:
        square_pile(view.__dict__)
    return view


assert NUM_CODES == 56
