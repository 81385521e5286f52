"""The game state: :class:`GameState`, an immutable state machine for a whole match, and
:class:`GameRecord`, the seed and actions that replay one (see :mod:`fivecrowns.game`)."""

from __future__ import annotations

import functools
import json
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final

import attrs
import numpy as np
import numpy.typing as npt

from .._shuffle import new_seed
from ..cards import Card, _int_or_same, as_int, short_repr
from ..errors import FiveCrownsError, IllegalActionError, InvalidStateError
from ..rules import OFFICIAL, Rules, check_rules
from . import _engine, _json
from ._checks import check_fields, check_players, check_rounds_end
from ._fields import PublicHistory
from ._game import Game
from ._history import check_history
from ._json import RECORD_SCHEMA, STATE_SCHEMA
from ._plain import FIELDS, PlainGame
from ._round import FinalLayout, RoundResult, TableMeld
from .actions import _ACTIONS as _BASE_ACTIONS
from .actions import NUM_BASE_ACTIONS, Action, Phase, as_action
from .views import PlayerView

if TYPE_CHECKING:
    from ._engine import Dealer

__all__ = [
    "RECORD_SCHEMA",
    "STATE_SCHEMA",
    "FinalLayout",
    "GameRecord",
    "GameState",
    "RoundResult",
    "TableMeld",
]


def _seed_and_dealer(seed: object, first_dealer: object, players: int) -> tuple[int, int]:
    """The seed of a new match (drawn from the system's entropy when None) and the seat that
    deals round 1 (the last seat when None), checked."""
    if seed is None:
        seed = new_seed()
    number = as_int(seed)
    if number is None or number < 0:
        raise InvalidStateError(
            f"seed must be an int of at least 0 (or None), got {short_repr(seed)}"
        )
    dealer = players - 1 if first_dealer is None else as_int(first_dealer)
    if dealer is None or not 0 <= dealer < players:
        raise InvalidStateError(
            f"first_dealer must be a seat from 0 to {players - 1} (or None), got "
            f"{short_repr(first_dealer)}"
        )
    return number, dealer


# ``attrs.fields``, ``attrs.evolve`` and ``attrs.asdict`` know the fields (``these``: the class
# keeps its properties, which read them from the game object); ``GameState(...)`` checks
# what they build.
@attrs.frozen(
    these={name: attrs.field() for name in FIELDS}, init=False, eq=False, repr=False, slots=False
)
class GameState:
    """The whole state of a match: immutable, hashable, comparable, JSON round-trippable.

    Build one with :meth:`new` (or :meth:`from_json`). The fields are public to read:
    ``hands`` (each sorted by card code), ``stock`` (its top card last), ``discard_pile``
    (its top card last), ``table`` (melds laid down this round), ``selection`` (cards the
    current player picked to lay down in a final turn), ``laid_off`` (each player's cards
    laid off onto others' melds this round), ``went_out`` (who went out this round),
    ``final_turns_left`` (who still takes a final turn, in order), ``taken`` (the card just
    taken from the discard pile), ``turns`` (turns finished this round), ``reshuffles``,
    ``round_scores`` (final hands scored so far), ``results`` (finished rounds), and the
    action history. A player's view of the state, with nothing hidden in it, is :meth:`view`.

    A state built any other way (``GameState(...)`` with every field, or
    ``attrs.evolve(state, hands=...)``) is checked: one the rules cannot reach (cards not the
    deck, wrong hand sizes, seats or phases) raises :class:`InvalidStateError` naming what is
    wrong.

    A state wraps one game object, which plays it: with the compiled core, :meth:`new` under
    rules the core plays deals a game the core plays (:meth:`apply`, :meth:`legal_actions`,
    :meth:`view` and :meth:`observation` run in the core, and the fields are read from it
    when first asked for: the same values the Python engine gives). Every other state (built
    by hand, loaded, unpickled, or without the core) is played by the Python engine.
    """

    __slots__ = ("__dict__", "_game")  # (the dict holds the values a state caches)
    _game: Game  # the game object: the one thing a state holds

    # The fields, read-only properties set below the class: each reads the game object's own
    # value when the game says it (``_game.Game``), else the game's ``fields``.
    rules: Rules
    players: int
    seed: int
    first_dealer: int
    round_number: int
    extra_round: int
    dealer: int
    active: tuple[int, ...]
    current: int
    phase: Phase
    hands: tuple[tuple[Card, ...], ...]
    selection: tuple[Card, ...]
    stock: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    went_out: int | None
    final_turns_left: tuple[int, ...]
    taken: Card | None
    turns: int
    reshuffles: int
    round_scores: tuple[int | None, ...]
    laid_off: tuple[tuple[Card, ...], ...]
    results: tuple[RoundResult, ...]
    round_history: tuple[tuple[int, int], ...]
    past_actions: tuple[int, ...]

    def __init__(
        self,
        rules: Rules,
        players: int,
        seed: int,
        first_dealer: int,
        round_number: int,
        extra_round: int,
        dealer: int,
        active: tuple[int, ...],
        current: int,
        phase: Phase,
        hands: tuple[tuple[Card, ...], ...],
        selection: tuple[Card, ...],
        stock: tuple[Card, ...],
        discard_pile: tuple[Card, ...],
        table: tuple[TableMeld, ...],
        went_out: int | None,
        final_turns_left: tuple[int, ...],
        taken: Card | None,
        turns: int,
        reshuffles: int,
        round_scores: tuple[int | None, ...],
        laid_off: tuple[tuple[Card, ...], ...],
        results: tuple[RoundResult, ...],
        round_history: tuple[tuple[int, int], ...],
        past_actions: tuple[int, ...],
    ) -> None:
        """A state of every field, checked (see the class docs)."""
        game = PlainGame(
            *(rules, players, seed, first_dealer, round_number, extra_round, dealer, active),
            *(current, phase, hands, selection, stock, discard_pile, table, went_out),
            *(final_turns_left, taken, turns, reshuffles, round_scores, laid_off, results),
            *(round_history, past_actions),
        )
        check_fields(game)
        _SET(self, "_game", game)

    @staticmethod
    def _wrap(game: Game) -> GameState:
        """The state of ``game``, as it is (not checked: the engines keep a state possible)."""
        state: GameState = _NEW(GameState)
        _SET(state, "_game", game)
        return state

    @staticmethod
    def _of(fields: dict[str, Any]) -> GameState:
        """The state of ``fields`` (every field by name), played by the Python engine and not
        checked (for the engine's own states, e.g. a rollout's deal)."""
        return GameState._wrap(PlainGame(**fields))

    def _evolve(self, **changes: Any) -> GameState:
        """This state with ``changes``, played by the Python engine and not checked (unlike
        ``attrs.evolve``: for the engine's own states). The round's public history, once
        known, is kept while the round's actions are (so the state's next action costs the
        same however long the round)."""
        fields = self._game.fields
        game = attrs.evolve(fields, **changes)
        known = fields.__dict__.get("public_history")
        if known is not None and "round_history" not in changes:
            game.__dict__["public_history"] = known
        return GameState._wrap(game)

    def __eq__(self, other: object) -> bool:
        if type(other) is not GameState:
            return NotImplemented
        return self._game.fields == other._game.fields

    def __hash__(self) -> int:
        return hash(self._game.fields)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle and copy the fields (the copy is played by the Python engine)."""
        return (GameState._wrap, (self._game.fields,))

    def __setstate__(self, fields: dict[str, Any]) -> None:
        """Load a pickle of an earlier version (its fields by name)."""
        _SET(self, "_game", PlainGame(**fields))

    # -- construction -----------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: int = 4,
        *,
        rules: Rules = OFFICIAL,
        seed: int | None = None,
        first_dealer: int | None = None,
    ) -> GameState:
        """A new match, round 1 dealt.

        ``players`` is 2 to ``rules.max_players`` (7 with the official deck; one player is
        Solitaire, a different game). ``seed`` (an int of at least 0) fixes every shuffle;
        without it, one is drawn from the operating system's entropy (and kept in the state,
        never in a player's view). ``first_dealer`` is the seat that deals round 1 (default:
        the last seat, so player 0 plays first). Numbers may be of any integer type (numpy
        integers too), not bool.
        """
        return cls._new(players, rules, seed, first_dealer, None)

    @classmethod
    def _new(
        cls,
        players: int,
        rules: Rules,
        seed: int | None,
        first_dealer: int | None,
        dealer: Dealer | None,
    ) -> GameState:
        """:meth:`new`, dealt by ``dealer`` (``_engine.PYTHON`` or ``_engine.COMPILED``;
        None: the one ``_engine.dealer`` chooses)."""
        check_rules(rules)
        players = check_players(_int_or_same(players), rules)
        check_rounds_end(rules)
        seed, first = _seed_and_dealer(seed, first_dealer, players)
        engine = _engine.dealer(rules, seed) if dealer is None else dealer
        return GameState._wrap(engine.deal(rules, players, seed, first))

    # -- reading the state ------------------------------------------------------------------

    @property
    def public_history(self) -> PublicHistory:
        """This round's public actions as ``(player, action)``: ``round_history`` without the
        private selections (what a :class:`~fivecrowns.PlayerView`'s ``history`` holds). Kept
        from state to state as actions are applied, so a view costs the same however long
        the round."""
        return self._game.public_history

    @property
    def hand_size(self) -> int:
        """The number of cards dealt to each player this round."""
        return self._game.hand_size

    @property
    def wild_rank(self) -> int | None:
        """This round's wild rank (3..13), or None when only jokers are wild."""
        return self._game.wild_rank

    @property
    def stock_size(self) -> int:
        """The number of cards in the stock."""
        return self._game.stock_size

    @property
    def current_player(self) -> int | None:
        """The player to act, or None when the game is over."""
        game = self._game
        return None if game.phase is _OVER else game.current

    @property
    def is_over(self) -> bool:
        """True when the match is finished."""
        return self._game.phase is _OVER

    @property
    def is_terminal(self) -> bool:
        """The same as :attr:`is_over` (the OpenSpiel name)."""
        return self._game.phase is _OVER

    @property
    def final_turn(self) -> bool:
        """True once someone has gone out this round (the others take their final turns)."""
        return self.went_out is not None

    def hand(self, player: int) -> tuple[Card, ...]:
        """Player ``player``'s hand, sorted by card code."""
        return self.hands[self._seat(player)]

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's total over the finished rounds of the schedule (lowest wins;
        tie-break rounds are not included)."""
        return self._game.scores

    @property
    def returns(self) -> tuple[float, ...]:
        """For bots that maximise: each player's total score, negated."""
        return tuple(-float(score) for score in self.scores)

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning players once the game is over (several for a shared win); empty
        before."""
        return self._game.winners

    @property
    def actions(self) -> tuple[int, ...]:
        """Every action applied since the deal of round 1, as integers."""
        return self._game.actions

    def record(self) -> GameRecord:
        """The game record (rules, seed, actions) that replays to this state."""
        return GameRecord(self.players, self.rules, self.seed, self.first_dealer, self.actions)

    def clone(self) -> GameState:
        """This state (it is immutable, so a clone is free)."""
        return self

    def __repr__(self) -> str:
        if self.phase is Phase.OVER:
            where = f"over, winners {list(self.winners)}"
        else:
            extra = f" (tie-break {self.extra_round})" if self.extra_round else ""
            where = (
                f"round {self.round_number}/{self.rules.rounds}{extra}, "
                f"player {self.current} to {self.phase.value}"
            )
        return f"<GameState {self.players} players, {where}, scores {list(self.scores)}>"

    def _seat(self, player: int) -> int:
        seat = player if type(player) is int else as_int(player)  # numpy ints too, not bool
        if seat is None or not 0 <= seat < self.players:
            raise IllegalActionError(
                f"player must be a seat from 0 to {self.players - 1}, got {short_repr(player)}"
            )
        return seat

    # -- legal actions ----------------------------------------------------------------------

    @property
    def _legal(self) -> tuple[Action, ...]:
        return self.legal_actions()

    @functools.cached_property
    def _legal_ints(self) -> frozenset[int]:
        return frozenset(action.to_int() for action in self._legal)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action :meth:`apply` accepts now, in integer order (empty when over)."""
        cache = self.__dict__  # (found once: a state never changes)
        found: tuple[Action, ...] | None = cache.get("legal")
        if found is None:
            found = cache["legal"] = self._game.legal()
        return found

    def legal_action_ints(self) -> tuple[int, ...]:
        """The legal actions as integers (see :mod:`fivecrowns.game.actions`), ascending."""
        return tuple(action.to_int() for action in self._legal)

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """A bool array of :func:`~fivecrowns.num_actions` entries, True at each legal
        action's integer."""
        return self._game.legal_mask()

    def is_legal(self, action: Action | int | str) -> bool:
        """True if :meth:`apply` would accept ``action``."""
        try:
            return as_action(action, self.rules).to_int() in self._legal_ints
        except FiveCrownsError:
            return False

    # -- applying actions -------------------------------------------------------------------

    def apply(self, action: Action | int | str) -> GameState:
        """The state after ``action`` (an :class:`Action`, its integer or its notation).

        Raises :class:`IllegalActionError` saying why if the action is not legal now; this
        state is never changed.
        """
        if type(action) is int and 0 <= action < NUM_BASE_ACTIONS:
            code, act = action, _BASE_ACTIONS[action]
        else:
            act = action if type(action) is Action else as_action(action, self._game.rules)
            code = act.to_int()
        state: GameState = _NEW(GameState)
        _SET(state, "_game", self._game.play(code, act))
        return state

    # -- views ------------------------------------------------------------------------------

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know: own hand and selection, and public facts only."""
        game = self._game
        if type(player) is int and 0 <= player < game.players:  # (the common case first)
            return game.view(player)
        return game.view(self._seat(player))

    def observation(self, player: int) -> npt.NDArray[np.float32]:
        """``view(player).observation()``: the observation tensor (layout in
        :mod:`fivecrowns.game.views`)."""
        game = self._game
        if type(player) is int and 0 <= player < game.players:  # (the common case first)
            return game.observation(player)
        return game.observation(self._seat(player))

    # -- JSON -------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (see :meth:`to_json`)."""
        return _json.state_to_dict(self)

    def to_json(self) -> str:
        """The whole state (hidden cards and seed included) as a JSON text with a schema tag.
        Keep it from the players: it holds every hand and the stock order."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes, *, verify: bool = False) -> GameState:
        """Load a state saved by :meth:`to_json`.

        Malformed or tampered data raises :class:`InvalidStateError` naming the field; an
        impossible state is never returned. Without ``verify`` every invariant a played game
        keeps is checked: the JSON's size, nesting and integers are bounded (before parsing,
        see :ref:`saving`), no key is repeated, fields are known and typed, every card of the
        deck is in exactly one place, hands have the sizes the round deals, the round's
        actions give the player to act, the phase, the turn and reshuffle counters and the
        sizes of stock and discard pile, the finished rounds' actions end them as their
        results say, scores match the final hands and results, the dealer and the players of
        tie-break rounds are those the rules give.

        ``verify=True`` also replays the game from its seed and actions and requires the
        state to be exactly the result. Only that catches a *consistent* edit of the deal:
        cards swapped between hands, or between a hand and the stock, a reordered stock, a
        different seed, or the cards of a finished round's layouts changed together with its
        scores (and, in a save written before layouts were recorded, any change of a
        finished round's scores). A save written before final layouts were recorded loads
        with empty :attr:`RoundResult.layouts` and nothing in ``laid_off``.
        """
        state = cls(**_json.state_fields(_json.loads(text, "saved game state")))
        check_history(state)
        if verify and state.record().replay() != state:
            raise InvalidStateError(
                "the state does not replay from its seed and actions: it was altered"
            )
        return state


_NEW: Final = object.__new__
_OVER: Final = Phase.OVER
_SET: Final = object.__setattr__

# A field the game object says itself is read from it (a state the core plays knows the seat
# to act, the phase and the round's facts without reading the round); any other from the
# game's fields (read from the core when one is first asked for).
for _name in FIELDS:
    _path = f"_game.{_name}" if _name in vars(Game) else f"_game.fields.{_name}"
    setattr(GameState, _name, property(attrgetter(_path)))


@attrs.frozen
class GameRecord:
    """A game as played: the table, rules, seed and every action. :meth:`replay` rebuilds the
    state, identical to the one recorded.

    >>> import fivecrowns as fc
    >>> state = fc.GameState.new(players=2, seed=3).apply("draw")
    >>> record = state.record()
    >>> record.replay() == state, fc.GameRecord.from_json(record.to_json()) == record
    (True, True)
    """

    players: int
    rules: Rules
    seed: int
    first_dealer: int
    actions: tuple[int, ...]

    def replay(self) -> GameState:
        """The state after every action, from the deal of round 1."""
        state = GameState.new(
            self.players, rules=self.rules, seed=self.seed, first_dealer=self.first_dealer
        )
        for number, action in enumerate(self.actions, start=1):
            try:
                state = state.apply(action)
            except IllegalActionError as error:
                raise InvalidStateError(f"action {number} ({action}) is illegal: {error}") from None
        return state

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data; actions in their notation (``"discard 7H"``)."""
        return _json.record_to_dict(self)

    def to_json(self) -> str:
        """The record as a JSON text."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameRecord:
        """Read :meth:`to_dict`'s data (actions as notation or integers, at most
        100,000 of them); anything else raises
        :class:`InvalidStateError` naming the field."""
        return cls(**_json.record_fields(data))

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Read a record saved by :meth:`to_json` (bounded like :meth:`GameState.from_json`:
        size, nesting, integer digits, no repeated key)."""
        return cls.from_dict(_json.loads(text, "game record"))
