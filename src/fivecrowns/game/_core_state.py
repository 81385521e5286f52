"""The game the compiled core plays (``fivecrowns._core``, Rust): :class:`CoreGame`, the
game object of a :class:`~fivecrowns.GameState` that :meth:`~fivecrowns.GameState.new` deals
when the core plays its rules (``_engine``).

A :class:`CoreGame` holds one core game (``_core.Game``), never changed: an action is played
on a copy (``_core.Game.played``), which refuses an illegal one with the Python referee's
class and words. The player to act and the phase come with each action; the other fields are
read from the core when first asked for, all at once, into the ``PlainGame`` the Python
engine would hold in the same state (the two engines are compared state by state in the
tests and ``benchmarks/check_game.py``). What stays the same through a round (its facts, the
finished rounds' results, the table melds as laid down) is read once and shared by the
round's states (:class:`_Round`). A player's view reads its cards when first asked for,
through a handle that can read only what that player may know (``_core.SeatView``).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final, NamedTuple

import numpy as np
import numpy.typing as npt

from ..cards import CARDS, Card
from ..melds import Meld
from ..rules import Rules
from ._fields import PublicHistory
from ._plain import PlainGame
from ._round import FinalLayout, RoundResult, TableMeld, round_params
from ._scoring import meld_of
from .actions import _ACTIONS as _BASE_ACTIONS
from .actions import NUM_BASE_ACTIONS, Action, ActionKind, Phase, num_actions
from .views import PlayerView, public_history, square_pile

if TYPE_CHECKING:
    from .. import _core

__all__ = ["CoreGame", "core_greedy"]

#: The phase of each name the core gives.
_PHASES: Final = {phase.value: phase for phase in Phase}


def _cards(codes: Sequence[int]) -> tuple[Card, ...]:
    return tuple(map(CARDS.__getitem__, codes))


def _meld(kind: str, codes: Sequence[int], wild_rank: int | None, rules: Rules) -> Meld:
    return meld_of(_cards(codes), wild_rank, rules, kind)


def _layout(layout: Any, wild: int | None, rules: Rules) -> FinalLayout | None:
    if layout is None:
        return None
    melds = tuple(_meld(kind, codes, wild, rules) for kind, codes in layout[0])
    return FinalLayout(melds, _cards(layout[3]), _cards(layout[1]), layout[2])


def _results(found: Any, rules: Rules) -> tuple[RoundResult, ...]:
    """The round results the core gives, as the Python engine records them."""
    return tuple(
        RoundResult(
            number,
            extra,
            size,
            wild,
            dealer,
            went_out,
            tuple(scores),
            ended,
            tuple(_layout(layout, wild, rules) for layout in layouts),
        )
        for number, extra, size, wild, dealer, went_out, scores, ended, layouts in found
    )


class _Facts(NamedTuple):
    """What stays the same through a round: the table (players, seed, first dealer), the
    round's number, tie-break number, dealer, the seats dealt in, the totals so far, its hand
    size and wild rank, and how many actions came before it."""

    players: int
    seed: int
    first_dealer: int
    round_number: int
    extra_round: int
    dealer: int
    active: tuple[int, ...]
    scores: tuple[int, ...]
    hand_size: int
    wild_rank: int | None
    past: int
    width: int


class _Round:
    """What the states of one round share, read from the core once: the round's facts (when
    the round is dealt), the finished rounds' results (when first asked for; the round
    before's, once read, are extended: ``before``) and the table melds as laid down."""

    __slots__ = ("before", "facts", "melds", "past", "results", "view_base")

    def __init__(
        self, game: _core.Game, rules: Rules, table: tuple[int, int, int], before: _Round | None
    ) -> None:
        number, extra, dealer, active, scores, past = game.round_facts()
        size, wild = round_params(rules, number, extra)
        players, seed, first_dealer = table
        self.facts = _Facts(
            *(players, seed, first_dealer, number, extra, dealer, tuple(active), tuple(scores)),
            *(size, wild, past, num_actions(rules)),
        )
        self.before = before
        facts = self.facts
        #: What every view of the round's states holds (a view copies it).
        self.view_base: dict[str, Any] = {
            "players": players,
            "rules": rules,
            "round_number": number,
            "extra_round": extra,
            "hand_size": size,
            "wild_rank": wild,
            "dealer": dealer,
            "active": facts.active,
            "scores": facts.scores,
            "_reader": self,
            # (each view's own, set when it is made: here so that a copy needs no resizing)
            "player": None,
            "current_player": None,
            "phase": None,
            "history": (),
            "winners": (),
            "_seat": None,
        }
        self.past: tuple[int, ...] | None = None
        self.results: tuple[RoundResult, ...] | None = None
        self.melds: dict[tuple[int, str, tuple[int, ...]], TableMeld] = {}

    def read_results(
        self, source: _core.Game | _core.SeatView, rules: Rules
    ) -> tuple[RoundResult, ...]:
        """The finished rounds' results, read from ``source`` (a core game of the round, or
        a seat's view of it) when first asked for."""
        results = self.results
        if results is None:
            known: tuple[RoundResult, ...] = ()
            earlier = self.before  # the nearest earlier round whose results were read
            while earlier is not None and earlier.results is None:
                earlier = earlier.before
            if earlier is not None and earlier.results is not None:
                known = earlier.results
            results = self.results = known + _results(source.results_from(len(known)), rules)
            self.before = None  # (the results are in; let the old rounds go)
        return results

    def read_past(self, game: _core.Game, rules: Rules) -> tuple[int, ...]:
        past = self.past
        if past is None:
            past = self.past = tuple(game.actions[: self.facts.past])
        return past

    def read(self, values: dict[str, Any], name: str) -> Any:
        """Field ``name`` of a view of one of the round's states (``values``, the view's
        ``__dict__``, with ``_seat``: the seat's view of the core game, which can read
        nothing the seat may not know), put there with the fields read with it: the table
        melds and the finished rounds' results each alone (they cost most), the others in
        one call."""
        seat: _core.SeatView = values["_seat"]
        if name == "hand":
            values[name] = seat.hand()
        elif name == "discard_pile":
            values[name] = seat.discard_pile()
            square_pile(values)
        elif name in _SEAT_FIELDS:
            values.update(zip(_SEAT_FIELDS, seat.fields()))
        elif name == "table":
            placed = seat.table()
            rules, wild = values["rules"], values["wild_rank"]
            values[name] = self.table(placed, wild, rules) if placed else ()
        elif name == "results":
            values[name] = self.read_results(seat, values["rules"])
        else:
            raise AttributeError(f"'PlayerView' object has no attribute {name!r}")
        return values[name]

    def top_discard(self, values: dict[str, Any]) -> Card | None:
        """The top card of the discard pile of a view of one of the round's states (its
        ``__dict__``, ``values``), read alone from the seat's view of the core game."""
        seat: _core.SeatView = values["_seat"]
        return seat.top_discard()

    def table(self, placed: Any, wild_rank: int | None, rules: Rules) -> tuple[TableMeld, ...]:
        """The table melds the core gives as (owner, kind, codes), each built once a round."""
        found = []
        for key in placed:
            meld = self.melds.get(key)
            if meld is None:
                owner, kind, codes = key
                meld = self.melds[key] = TableMeld(owner, _meld(kind, codes, wild_rank, rules))
            found.append(meld)
        return tuple(found)


class CoreGame:
    """One state of a match the compiled core plays (see the module docs)."""

    __slots__ = ("__dict__", "_round", "core", "current", "phase", "public_history", "rules")
    # (and the round's facts, read-only properties set below the class)
    players: int
    seed: int
    first_dealer: int
    round_number: int
    extra_round: int
    dealer: int
    active: tuple[int, ...]
    scores: tuple[int, ...]
    hand_size: int
    wild_rank: int | None
    stock_size: int

    def __init__(
        self,
        core: _core.Game,
        rules: Rules,
        current: int,
        phase: Phase,
        public_history: PublicHistory,
        shared: _Round,
    ) -> None:
        self.core, self.rules, self.current, self.phase = core, rules, current, phase
        self.public_history, self._round = public_history, shared

    @classmethod
    def deal(cls, rules: Rules, players: int, seed: int, first_dealer: int) -> CoreGame:
        """A new match of checked arguments (a seed below 2**64), round 1 dealt."""
        from .. import _core
        from . import _core_game  # (only with the core: they import the extension)

        core = _core.Game(_core_game.game_rules(rules), players, seed, first_dealer)
        shared = _Round(core, rules, (players, seed, first_dealer), None)
        return cls(core, rules, core.current, _PHASES[core.phase], (), shared)

    @classmethod
    def resumed(cls, core: _core.Game, rules: Rules) -> CoreGame:
        """The game of ``core``, a core game of ``rules`` played on by someone else (e.g.
        in place, action by action), as it is now; it keeps a copy, so ``core`` may play
        on."""
        game = core.clone()
        table = (len(game.scores), game.seed, game.first_dealer)
        shared = _Round(game, rules, table, None)
        history = public_history(game.round_history)
        return cls(game, rules, game.current, _PHASES[game.phase], history, shared)

    def play(self, code: int, act: Action) -> CoreGame:
        after, current, phase, same_round = self.core.played(code)  # (a refusal raises)
        shared = self._round
        game: CoreGame = _NEW(CoreGame)  # (as __init__ would, a call less)
        game.core, game.rules, game.current, game.phase = after, self.rules, current, _PHASES[phase]
        if same_round:
            history = self.public_history
            if act.kind not in _PRIVATE:  # (selecting cards to lay down is private)
                history = (*history, (self.current, act))
            game.public_history, game._round = history, shared
        else:
            facts = shared.facts
            table = (facts.players, facts.seed, facts.first_dealer)
            game.public_history, game._round = (), _Round(after, self.rules, table, shared)
        return game

    def legal(self) -> tuple[Action, ...]:
        found = self.core.legal_of(_BASE_ACTIONS)
        if found is None:  # (lay-offs onto table melds)
            return tuple(map(Action.from_int, self.core.legal_actions()))
        return found

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(self.core.winners) if self.phase is Phase.OVER else ()

    @property
    def actions(self) -> tuple[int, ...]:
        return tuple(self.core.actions)

    @functools.cached_property
    def fields(self) -> PlainGame:
        """Every field, read from the core."""
        core, rules, facts = self.core, self.rules, self._round.facts
        hands, pile, placed, went_out, left, taken, turns, reshuffles, scores, laid_off, chosen = (
            core.round_fields()
        )
        shared = self._round
        return PlainGame(
            rules=rules,
            players=self.players,
            seed=self.seed,
            first_dealer=self.first_dealer,
            round_number=facts.round_number,
            extra_round=facts.extra_round,
            dealer=facts.dealer,
            active=facts.active,
            current=self.current,
            phase=self.phase,
            hands=hands,
            selection=chosen,
            stock=core.stock,
            discard_pile=pile,
            table=shared.table(placed, facts.wild_rank, rules) if placed else (),
            went_out=went_out,
            final_turns_left=left,
            taken=taken,
            turns=turns,
            reshuffles=reshuffles,
            round_scores=scores,
            laid_off=laid_off,
            results=shared.read_results(core, rules),
            round_history=core.round_history,
            past_actions=shared.read_past(core, rules),
        )

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        return self.core.legal_mask(self._round.facts.width).view(np.bool_)

    def observation(self, seat: int) -> npt.NDArray[np.float32]:
        return self.core.observation(seat)

    def view(self, seat: int) -> PlayerView:
        """Seat ``seat``'s view: the facts known without reading the round now (a copy of
        the round's own), its cards when first asked for (the view keeps no reference to
        this game)."""
        core = self.core
        values = self._round.view_base.copy()
        values["player"] = seat
        values["phase"] = phase = self.phase
        values["history"] = self.public_history
        values["_seat"] = core.seat_view(seat)
        if phase is _OVER:
            values["winners"] = tuple(core.winners)
        else:
            values["current_player"] = self.current
        view: PlayerView = _NEW(PlayerView)
        _SET(view, "__dict__", values)
        return view


def core_greedy(view: PlayerView) -> Action | None:
    """The core's greedy choice (the twin of ``GreedyBot``'s, move for move) for the player
    of ``view``, a view of a state the core plays whose player is to act; None for any other
    view (a view of a state the Python engine plays, or of a player not to act)."""
    seat: _core.SeatView | None = view.__dict__.get("_seat")
    code = None if seat is None else seat.greedy()
    if code is None:
        return None
    return _BASE_ACTIONS[code] if code < NUM_BASE_ACTIONS else Action.from_int(code)


#: The fields of a view that a seat's view of the core game gives in one call, in its order
#: (the hand and the discard pile, the table and the results are each read alone).
_SEAT_FIELDS: Final = (
    *("hand_sizes", "stock_size", "went_out", "final_turns_left"),
    *("taken", "turns", "selection", "laid_off"),
)


for _name in CoreGame.__annotations__:
    _path = "core.stock_size" if _name == "stock_size" else f"_round.facts.{_name}"
    setattr(CoreGame, _name, property(attrgetter(_path)))

_NEW: Final = object.__new__
_SET: Final = object.__setattr__
_OVER: Final = Phase.OVER
#: The kinds of action a public history leaves out (a tuple: an enum hashes in Python).
_PRIVATE: Final = (ActionKind.SELECT, ActionKind.DESELECT)
