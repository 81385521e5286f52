"""The game state: :class:`GameState`, an immutable state machine for a whole match, and
:class:`GameRecord`, the seed and actions that replay one (see :mod:`fivecrowns.game`)."""

from __future__ import annotations

import bisect
import functools
import json
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Final

import attrs
import numpy as np
import numpy.typing as npt

from .._shuffle import new_seed, shuffled
from ..cards import Card, _int_or_same, as_int, deck, short_repr, without
from ..errors import FiveCrownsError, IllegalActionError, InvalidStateError
from ..melds import Meld
from ..rules import OFFICIAL, Rules, check_rules
from ..solver import best_arrangement
from . import _core_state, _engine, _json
from ._checks import check_fields, check_players, check_rounds_end
from ._fields import PublicHistory
from ._history import check_history
from ._json import RECORD_SCHEMA, STATE_SCHEMA
from ._moves import Referee, reason_text
from ._round import (
    FinalLayout,
    RoundParams,
    RoundResult,
    TableMeld,
    round_params,
    seats_after,
    tied,
    winners,
)
from ._scoring import arrange_final, extend_meld, final_layouts, hand_points, meld_of
from .actions import _ACTIONS as _BASE_ACTIONS
from .actions import (
    NUM_BASE_ACTIONS,
    Action,
    ActionKind,
    Phase,
    as_action,
    num_actions,
)
from .views import PlayerView, public_entry, public_history, view_of

if TYPE_CHECKING:
    from .. import _core

__all__ = [
    "RECORD_SCHEMA",
    "STATE_SCHEMA",
    "FinalLayout",
    "GameRecord",
    "GameState",
    "RoundResult",
    "TableMeld",
]


def _code(card: Card) -> int:
    return card.code


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_code))


def _insert(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` (sorted by code) with ``card`` added in its place."""
    i = bisect.bisect_right(hand, card.code, key=_code)
    return (*hand[:i], card, *hand[i:])


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


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


@attrs.frozen(repr=False, slots=False)  # (a dict class: _evolve copies a state in one step)
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

    A state built any other way (``attrs.evolve(state, hands=...)``, ``GameState(...)``) is
    checked: one the rules cannot reach (cards not the deck, wrong hand sizes, seats or
    phases) raises :class:`InvalidStateError` naming what is wrong.

    With the compiled core, :meth:`new` under rules the core plays gives a state that holds
    the core's game: :meth:`apply`, :meth:`legal_actions` and :meth:`observation` run in the
    core, and the fields are read from it when first asked for (the same values the Python
    transitions give). Other states, and every state without the core, are played by the
    Python transitions.
    """

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

    def __attrs_post_init__(self) -> None:
        check_fields(self)

    def _evolve(self, **changes: Any) -> GameState:
        """This state with ``changes``: the engine's own transitions, which keep a state
        possible, so (unlike ``attrs.evolve``) the construction checks are skipped."""
        if "_game" in self.__dict__:
            self._read_fields()
        values = self.__dict__.copy()  # the fields, and the values cached from them
        for name in _DERIVED:
            values.pop(name, None)
        values.update(changes)
        return GameState._of(values)

    if not TYPE_CHECKING:  # (for mypy, a state has its fields and nothing else)

        def __getattr__(self, name: str) -> Any:
            # Called only for a name the state lacks: a state the core plays reads its
            # fields from its core game when first asked for them.
            values = self.__dict__
            game = values.get("_game")
            if game is None or name not in _FIELD_SET:
                raise AttributeError(f"'GameState' object has no attribute {name!r}")
            if name in _READ_ALONE:
                value = values[name] = getattr(game, name)
                return value
            if name in _FINISHED:
                values.update(values["_round"].finished(game, values["rules"]))
            else:
                _core_state.read_round(game, values["rules"], values["_round"], values)
            return values[name]

    @staticmethod
    def _of(values: dict[str, Any]) -> GameState:
        """The state of ``values`` (its ``__dict__``, taken as it is, not checked): every
        field, for a state the Python transitions play; or a core game (``_game``) and
        what is known of its fields, for a state the core plays (the others are read from
        the core game when first asked for)."""
        state: GameState = object.__new__(GameState)
        _SET(state, "__dict__", values)
        return state

    def _read_fields(self) -> None:
        """Read every field of a state the core plays from its core game."""
        for name in _FIELDS:
            getattr(self, name)

    def __getstate__(self) -> dict[str, Any]:
        """The fields (for pickle and copy; a state the core plays becomes a plain one)."""
        return {name: getattr(self, name) for name in _FIELDS}

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
        check_rules(rules)
        players = check_players(_int_or_same(players), rules)
        check_rounds_end(rules)
        seed, dealer = _seed_and_dealer(seed, first_dealer, players)
        if seed < 1 << 64 and _engine.compiled_states(rules):
            game = _core_state.new_game(rules, players, seed, dealer)
            return GameState._of(
                {
                    "rules": rules,
                    "players": players,
                    "seed": seed,
                    "first_dealer": dealer,
                    "_game": game,
                    "current": game.current,
                    "phase": _PHASES[game.phase],
                    "_round": _core_state.RoundMemo(),
                    "public_history": (),
                }
            )
        fields = dict.fromkeys(_FIELDS) | {
            "rules": rules,
            "players": players,
            "seed": seed,
            "first_dealer": dealer,
            "round_number": 1,
            "extra_round": 0,
            "dealer": dealer,
            "active": tuple(range(players)),
            "results": (),
            "past_actions": (),
        }
        blank = object.__new__(cls)  # the fields left None are filled by the deal
        for name, value in fields.items():
            _SET(blank, name, value)
        return blank._dealt()

    def _seats_after(self, seat: int) -> tuple[int, ...]:
        """The players dealt in, clockwise from the one left of ``seat``."""
        return seats_after(self.active, self.players, seat)

    def _dealt(self) -> GameState:
        """This state's round dealt: fresh hands, discard, stock; first player to draw."""
        size = self.hand_size
        order = shuffled(deck(self.rules.packs), self.seed, self.round_number, self.extra_round, 0)
        seats = self._seats_after(self.dealer)
        hands: list[list[Card]] = [[] for _ in range(self.players)]
        dealt = size * len(seats)
        for i in range(dealt):
            hands[seats[i % len(seats)]].append(order[i])
        return self._evolve(
            current=seats[0],
            phase=Phase.DRAW,
            hands=tuple(_sorted(hand) for hand in hands),
            selection=(),
            stock=order[:dealt:-1],
            discard_pile=(order[dealt],),
            table=(),
            went_out=None,
            final_turns_left=(),
            taken=None,
            turns=0,
            reshuffles=0,
            round_scores=(None,) * self.players,
            laid_off=((),) * self.players,
            round_history=(),
        )

    # -- reading the state ------------------------------------------------------------------

    @functools.cached_property
    def public_history(self) -> PublicHistory:
        """This round's public actions as ``(player, action)``: ``round_history`` without the
        private selections (what a :class:`~fivecrowns.PlayerView`'s ``history`` holds). Kept
        from state to state as actions are applied, so a view costs the same however long
        the round."""
        return public_history(self.round_history)

    @functools.cached_property
    def _params(self) -> RoundParams:
        """This round's hand size and wild rank."""
        return round_params(self.rules, self.round_number, self.extra_round)

    @property
    def hand_size(self) -> int:
        """The number of cards dealt to each player this round."""
        return self._params.hand_size

    @property
    def wild_rank(self) -> int | None:
        """This round's wild rank (3..13), or None when only jokers are wild."""
        return self._params.wild_rank

    @property
    def stock_size(self) -> int:
        """The number of cards in the stock."""
        stock = self.__dict__.get("stock")
        return self.__dict__["_game"].stock_size if stock is None else len(stock)

    @property
    def current_player(self) -> int | None:
        """The player to act, or None when the game is over."""
        return None if self.phase is Phase.OVER else self.current

    @property
    def is_over(self) -> bool:
        """True when the match is finished."""
        return self.phase is Phase.OVER

    @property
    def is_terminal(self) -> bool:
        """The same as :attr:`is_over` (the OpenSpiel name)."""
        return self.phase is Phase.OVER

    @property
    def final_turn(self) -> bool:
        """True once someone has gone out this round (the others take their final turns)."""
        return self.went_out is not None

    def hand(self, player: int) -> tuple[Card, ...]:
        """Player ``player``'s hand, sorted by card code."""
        return self.hands[self._seat(player)]

    @functools.cached_property
    def scores(self) -> tuple[int, ...]:
        """Each player's total over the finished rounds of the schedule (lowest wins;
        tie-break rounds are not included)."""
        totals = [0] * self.players
        for result in self.results:
            if not result.extra_round:
                for player, score in enumerate(result.scores):
                    totals[player] += score or 0
        return tuple(totals)

    @property
    def returns(self) -> tuple[float, ...]:
        """For bots that maximise: each player's total score, negated."""
        return tuple(-float(score) for score in self.scores)

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning players once the game is over (several for a shared win); empty
        before."""
        if self.phase is not Phase.OVER:
            return ()
        return winners(self.results, self.scores, self.rules)

    @property
    def actions(self) -> tuple[int, ...]:
        """Every action applied since the deal of round 1, as integers."""
        return self.past_actions + tuple(action for _, action in self.round_history)

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
    def _referee(self) -> Referee:
        # A new one each time: a cached referee would hold its state in a reference cycle.
        return Referee(self)

    @functools.cached_property
    def _legal_ints(self) -> frozenset[int]:
        return frozenset(action.to_int() for action in self.legal_actions())

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action :meth:`apply` accepts now, in integer order (empty when over)."""
        values = self.__dict__
        found: tuple[Action, ...] | None = values.get("_legal")  # (kept once found)
        if found is None:
            game = values.get("_game")
            found = _core_state.legal(game) if game is not None else self._referee.legal()
            values["_legal"] = found
        return found

    def legal_action_ints(self) -> tuple[int, ...]:
        """The legal actions as integers (see :mod:`fivecrowns.game.actions`), ascending."""
        return tuple(action.to_int() for action in self.legal_actions())

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """A bool array of :func:`~fivecrowns.num_actions` entries, True at each legal
        action's integer."""
        mask = np.zeros(num_actions(self.rules), dtype=np.bool_)
        mask[list(self._legal_ints)] = True
        return mask

    def is_legal(self, action: Action | int | str) -> bool:
        """True if :meth:`apply` would accept ``action``."""
        try:
            act = as_action(action, self.rules)
            if "_game" in self.__dict__:
                return act.to_int() in self._legal_ints
            return self._referee.refusal(act) is None
        except FiveCrownsError:
            return False

    # -- applying actions -------------------------------------------------------------------

    def apply(self, action: Action | int | str) -> GameState:
        """The state after ``action`` (an :class:`Action`, its integer or its notation).

        Raises :class:`IllegalActionError` saying why if the action is not legal now; this
        state is never changed.
        """
        game = self.__dict__.get("_game")
        if game is not None:
            return self._apply_on_core(game, action)
        act = as_action(action, self.rules)
        refusal = self._referee.refusal(act)
        if refusal is not None:
            raise IllegalActionError(reason_text(refusal))
        state = self._evolve(round_history=(*self.round_history, (self.current, act.to_int())))
        after = _DO[act.kind](state, act)
        if after.round_history is state.round_history:  # the same round: extend its record
            _SET(after, "public_history", self.public_history + public_entry(self.current, act))
        return after

    def _apply_on_core(self, game: _core.Game, action: Action | int | str) -> GameState:
        """:meth:`apply` for a state the core plays: the core plays the action on a copy of
        its game; a refusal raises the Python referee's reason."""
        values = self.__dict__
        if type(action) is int and 0 <= action < NUM_BASE_ACTIONS:
            code, act = action, _BASE_ACTIONS[action]
        else:
            act = action if type(action) is Action else as_action(action, values["rules"])
            code = act.to_int()
        try:
            after, current, phase, same_round = game.played(code)
        except IllegalActionError:
            refusal = self._referee.refusal(act)
            if refusal is None:  # the engines disagree: a bug in one of them
                raise FiveCrownsError(
                    f"the compiled core refused {act}, which the Python engine accepts (a "
                    "bug: please report it with the game's record)"
                ) from None
            raise IllegalActionError(reason_text(refusal)) from None
        known = {
            "rules": values["rules"],
            "players": values["players"],
            "seed": values["seed"],
            "first_dealer": values["first_dealer"],
            "_game": after,
            "current": current,
            "phase": _PHASES[phase],
        }
        if same_round:  # share the round's records
            seat = values["current"]
            known["_round"] = values["_round"]
            # (selecting cards to lay down is private)
            known["public_history"] = values["public_history"] + public_entry(seat, act)
            played = values.get("round_history")
            if played is not None:
                known["round_history"] = (*played, (seat, code))
        else:
            known["_round"] = _core_state.RoundMemo(values["_round"])
            known["public_history"] = ()
        return GameState._of(known)

    def _draw(self, act: Action) -> GameState:
        p, from_stock = self.current, act.kind is ActionKind.DRAW_STOCK
        card = self.stock[-1] if from_stock else self.discard_pile[-1]
        return self._evolve(
            stock=self.stock[:-1] if from_stock else self.stock,
            discard_pile=self.discard_pile if from_stock else self.discard_pile[:-1],
            hands=_put(self.hands, p, _insert(self.hands[p], card)),
            phase=Phase.DISCARD,
            taken=None if from_stock else card,
        )

    def _discard(self, act: Action) -> GameState:
        assert act.card is not None
        hand = without(self.hands[self.current], (act.card,))
        pile = (*self.discard_pile, act.card)
        if self.went_out is not None:
            return self._finish_final(hand, pile)
        state = self._evolve(
            hands=_put(self.hands, self.current, hand), discard_pile=pile, selection=(), taken=None
        )
        return state._end_turn()

    def _end_turn(self) -> GameState:
        turns = self.turns + 1
        state = self._evolve(turns=turns)
        if self.went_out is None and turns >= self.rules.round_turn_limit:
            return state._end_round("turn_limit")
        return state._start_turn(self._seats_after(self.current)[0])

    def _start_turn(self, player: int) -> GameState:
        stock, pile, reshuffles = self.stock, self.discard_pile, self.reshuffles
        if not stock:
            if len(pile) <= 1:
                return self._evolve(current=player)._end_round("stock")
            reshuffles += 1
            stock = shuffled(pile[:-1], self.seed, self.round_number, self.extra_round, reshuffles)
            pile = pile[-1:]
        return self._evolve(
            current=player,
            phase=Phase.DRAW,
            stock=stock,
            discard_pile=pile,
            reshuffles=reshuffles,
            taken=None,
            selection=(),
        )

    def _go_out(self, act: Action) -> GameState:
        if self.went_out is not None:  # out! in a final turn
            return self._finish_final(self.hands[self.current], self.discard_pile)
        p, hand, pile = self.current, self.hands[self.current], self.discard_pile
        if act.card is not None:
            hand, pile = without(hand, (act.card,)), (*pile, act.card)
        arrangement = best_arrangement(hand, self.wild_rank, rules=self.rules)
        assert not arrangement.deadwood
        laid = tuple(TableMeld(p, self._canonical(meld)) for meld in arrangement.melds)
        others = tuple(seat for seat in self._seats_after(p) if seat != p)
        state = self._evolve(
            hands=_put(self.hands, p, ()),
            discard_pile=pile,
            table=self.table + laid,
            went_out=p,
            final_turns_left=others,
            round_scores=_put(
                self.round_scores,
                p,
                self.rules.go_out_bonus
                if self.extra_round
                else self.rules.go_out_score(self.scores[p]),
            ),
            selection=(),
            taken=None,
            turns=self.turns + 1,
        )
        return state._start_turn(others[0])

    def _canonical(self, meld: Meld) -> Meld:
        """``meld`` as the table holds it: built from its cards in code order."""
        return meld_of(meld.cards, self.wild_rank, self.rules, meld.kind.value)

    def _table_melds(self) -> tuple[Meld, ...]:
        return tuple(placed.meld for placed in self.table)

    def _finish_final(self, hand: tuple[Card, ...], pile: tuple[Card, ...]) -> GameState:
        """End the current player's final turn with ``hand`` left after the discard."""
        p, rules = self.current, self.rules
        table, laid_off = self.table, self.laid_off
        if rules.auto_arrange_final_hand:
            layout = arrange_final(hand, self._table_melds(), self.wild_rank, rules)
            placed = list(table)
            for index, cards in layout.lay_offs:
                old = placed[index]
                placed[index] = TableMeld(old.owner, extend_meld(old.meld, cards, rules))
                laid_off = _put(laid_off, p, _sorted((*laid_off[p], *cards)))
            placed.extend(TableMeld(p, self._canonical(meld)) for meld in layout.melds)
            table, hand = tuple(placed), _sorted(layout.deadwood)
        left = self.final_turns_left[1:]
        state = self._evolve(
            hands=_put(self.hands, p, hand),
            discard_pile=pile,
            table=table,
            laid_off=laid_off,
            final_turns_left=left,
            round_scores=_put(self.round_scores, p, hand_points(hand, self.wild_rank, rules)),
            selection=(),
            taken=None,
            turns=self.turns + 1,
        )
        if not left:
            return state._end_round("out")
        return state._start_turn(left[0])

    def _select(self, act: Action) -> GameState:
        assert act.card is not None
        if act.kind is ActionKind.SELECT:
            return self._evolve(selection=_insert(self.selection, act.card))
        return self._evolve(selection=without(self.selection, (act.card,)))

    def _lay_down(self, act: Action) -> GameState:
        p, rules, selection = self.current, self.rules, self.selection
        laid_off = self.laid_off
        if act.kind is ActionKind.LAY_OFF:
            assert act.meld is not None
            old = self.table[act.meld]
            new = TableMeld(old.owner, extend_meld(old.meld, selection, rules))
            table = _put(self.table, act.meld, new)
            laid_off = _put(laid_off, p, _sorted((*laid_off[p], *selection)))
        else:
            kind = "book" if act.kind is ActionKind.MELD_BOOK else "run"
            table = (*self.table, TableMeld(p, meld_of(selection, self.wild_rank, rules, kind)))
        hand = without(self.hands[p], selection)
        state = self._evolve(
            hands=_put(self.hands, p, hand), table=table, laid_off=laid_off, selection=()
        )
        if not hand:
            return state._finish_final(hand, state.discard_pile)
        return state

    def _end_round(self, ended: str) -> GameState:
        rules, layouts = self.rules, final_layouts(self)
        scores = tuple(
            score if score is not None or layout is None else layout.points
            for score, layout in zip(self.round_scores, layouts)
        )
        number, extra, size, wild = self.round_number, self.extra_round, *self._params
        result = RoundResult(
            number, extra, size, wild, self.dealer, self.went_out, scores, ended, layouts
        )
        results = (*self.results, result)
        state = self._evolve(
            results=results,
            round_scores=scores,
            laid_off=((),) * self.players,
            past_actions=self.actions,
            round_history=(),
            selection=(),
            taken=None,
        )
        if not self.extra_round and self.round_number < rules.rounds:
            active, extra = tuple(range(self.players)), 0
        else:
            active, extra = tied(results, state.scores, rules), self.extra_round + 1
            if not active:
                return state._evolve(phase=Phase.OVER, final_turns_left=())
        return state._evolve(
            round_number=self.round_number + 1,
            extra_round=extra,
            dealer=(self.dealer + 1) % self.players,
            active=active,
        )._dealt()

    # -- views ------------------------------------------------------------------------------

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know: own hand and selection, and public facts only."""
        return view_of(self, self._seat(player))

    def observation(self, player: int) -> npt.NDArray[np.float32]:
        """``view(player).observation()``: the observation tensor (layout in
        :mod:`fivecrowns.game.views`)."""
        game: _core.Game | None = self.__dict__.get("_game")
        if game is not None:  # (the core encodes it as the view does)
            return game.observation(self._seat(player))
        return self.view(player).observation()

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


_FIELDS: Final = tuple(field.name for field in attrs.fields(GameState))
#: The values a state caches from its fields (``functools.cached_property``), which a
#: changed state must compute again.
_CACHED: Final = (
    *(
        name
        for name, member in vars(GameState).items()
        if isinstance(member, functools.cached_property)
    ),
    "_legal",  # (kept by legal_actions)
)
_SET: Final = object.__setattr__
_FIELD_SET: Final = frozenset(_FIELDS)
_PHASES: Final = _core_state.PHASES
#: The fields of a state the core plays read on their own (most are read together).
_READ_ALONE: Final = frozenset({"stock", "round_history"})
#: The fields of a state the core plays read with the finished rounds (once a round).
_FINISHED: Final = frozenset({"results", "past_actions"})
#: What a changed state drops: the cached values, and the core game of a state the core
#: plays with what it shares (the Python transitions make plain states).
_DERIVED: Final = (*_CACHED, "_game", "_round")


#: How the engine plays each kind of action (once the referee has found it legal).
_DO: Final[dict[ActionKind, Callable[[GameState, Action], GameState]]] = {
    ActionKind.DRAW_STOCK: GameState._draw,
    ActionKind.DRAW_DISCARD: GameState._draw,
    ActionKind.DISCARD: GameState._discard,
    ActionKind.GO_OUT: GameState._go_out,
    ActionKind.GO_OUT_WITHOUT_DISCARD: GameState._go_out,
    ActionKind.SELECT: GameState._select,
    ActionKind.DESELECT: GameState._select,
    ActionKind.MELD_BOOK: GameState._lay_down,
    ActionKind.MELD_RUN: GameState._lay_down,
    ActionKind.LAY_OFF: GameState._lay_down,
}


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
