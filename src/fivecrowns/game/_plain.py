"""The game the Python engine plays: :class:`PlainGame`, a state's fields as plain values and
the transitions that play an action on them (the twin of the compiled core's game, and the
readable rule book of how an action changes a state).

A :class:`~fivecrowns.GameState` wraps one game object (``_game.Game``); on the Python
engine it is a :class:`PlainGame`. The referee (``_moves``) says which actions are legal and
why any other is not; once it finds an action legal, the transitions here play it, each a new
:class:`PlainGame` (``attrs.evolve``): the old one is never changed. A :class:`PlainGame` is
also what a state the core plays reads its fields into (``_core_state``), so that the two
engines' states compare field by field.
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Final

import attrs
import numpy as np
import numpy.typing as npt

from .._shuffle import shuffled
from ..cards import Card, deck, without
from ..errors import IllegalActionError
from ..melds import Meld
from ..rules import Rules
from ..solver import best_arrangement
from ._fields import PublicHistory
from ._moves import Referee, reason_text
from ._round import RoundParams, RoundResult, TableMeld, round_params, seats_after, tied, winners
from ._scoring import arrange_final, extend_meld, final_layouts, hand_points, meld_of
from .actions import Action, ActionKind, Phase, num_actions
from .views import PlayerView, public_entry, public_history, view_of

if TYPE_CHECKING:
    from .. import _core

__all__ = ["FIELDS", "PlainGame"]


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


@attrs.frozen(slots=False)  # (a dict class, for the values it caches)
class PlainGame:
    """A state's fields (see :class:`fivecrowns.GameState`), played by the Python engine.

    Built unchecked: the transitions keep a state possible, and a state built from outside
    is checked by ``GameState`` (``_checks.check_fields``)."""

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

    @classmethod
    def deal(cls, rules: Rules, players: int, seed: int, first_dealer: int) -> PlainGame:
        """A new match of checked arguments, round 1 dealt."""
        active = tuple(range(players))
        return cls(
            *(rules, players, seed, first_dealer, 1, 0, first_dealer, active),
            **_dealt(rules, players, seed, (1, 0, first_dealer, active)),
            results=(),
            past_actions=(),
        )

    # -- what the state says beyond its fields --------------------------------------------

    @property
    def fields(self) -> PlainGame:
        """The fields (this game itself)."""
        return self

    @property
    def core(self) -> _core.Game | None:
        """The compiled core's game: None, the Python engine plays this one."""
        return None

    @functools.cached_property
    def _params(self) -> RoundParams:
        return round_params(self.rules, self.round_number, self.extra_round)

    @property
    def hand_size(self) -> int:
        return self._params.hand_size

    @property
    def wild_rank(self) -> int | None:
        return self._params.wild_rank

    @property
    def stock_size(self) -> int:
        return len(self.stock)

    @property
    def current_player(self) -> int | None:
        return None if self.phase is Phase.OVER else self.current

    @functools.cached_property
    def scores(self) -> tuple[int, ...]:
        """Each player's total over the finished rounds of the schedule."""
        totals = [0] * self.players
        for result in self.results:
            if not result.extra_round:
                for player, score in enumerate(result.scores):
                    totals[player] += score or 0
        return tuple(totals)

    @property
    def winners(self) -> tuple[int, ...]:
        if self.phase is not Phase.OVER:
            return ()
        return winners(self.results, self.scores, self.rules)

    @functools.cached_property
    def public_history(self) -> PublicHistory:
        return public_history(self.round_history)

    @property
    def actions(self) -> tuple[int, ...]:
        return self.past_actions + tuple(action for _, action in self.round_history)

    def legal(self) -> tuple[Action, ...]:
        """Every legal action, in integer order."""
        return Referee(self).legal()

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        mask = np.zeros(num_actions(self.rules), dtype=np.bool_)
        mask[[action.to_int() for action in self.legal()]] = True
        return mask

    def view(self, seat: int) -> PlayerView:
        return view_of(self, seat)

    def observation(self, seat: int) -> npt.NDArray[np.float32]:
        return view_of(self, seat).observation()

    # -- the transitions --------------------------------------------------------------------

    def play(self, code: int, act: Action) -> PlainGame:
        """The game after ``act`` (whose integer is ``code``); an illegal one raises
        :class:`IllegalActionError` saying why."""
        refusal = Referee(self).refusal(act)
        if refusal is not None:
            raise IllegalActionError(reason_text(refusal))
        played = attrs.evolve(self, round_history=(*self.round_history, (self.current, code)))
        after = _DO[act.kind](played, act)
        if after.round_history:  # the same round: extend its public record, kept from game
            # to game (the value the cached property would compute), so that a view costs the
            # same however long the round
            after.__dict__["public_history"] = self.public_history + public_entry(self.current, act)
        return after

    def _seats_after(self, seat: int) -> tuple[int, ...]:
        """The players dealt in, clockwise from the one left of ``seat``."""
        return seats_after(self.active, self.players, seat)

    def _draw(self, act: Action) -> PlainGame:
        p, from_stock = self.current, act.kind is ActionKind.DRAW_STOCK
        card = self.stock[-1] if from_stock else self.discard_pile[-1]
        return attrs.evolve(
            self,
            stock=self.stock[:-1] if from_stock else self.stock,
            discard_pile=self.discard_pile if from_stock else self.discard_pile[:-1],
            hands=_put(self.hands, p, _insert(self.hands[p], card)),
            phase=Phase.DISCARD,
            taken=None if from_stock else card,
        )

    def _discard(self, act: Action) -> PlainGame:
        assert act.card is not None
        hand = without(self.hands[self.current], (act.card,))
        pile = (*self.discard_pile, act.card)
        if self.went_out is not None:
            return self._finish_final(hand, pile)
        hands = _put(self.hands, self.current, hand)
        game = attrs.evolve(self, hands=hands, discard_pile=pile, selection=(), taken=None)
        return game._end_turn()

    def _end_turn(self) -> PlainGame:
        turns = self.turns + 1
        game = attrs.evolve(self, turns=turns)
        if self.went_out is None and turns >= self.rules.round_turn_limit:
            return game._end_round("turn_limit")
        return game._start_turn(self._seats_after(self.current)[0])

    def _start_turn(self, player: int) -> PlainGame:
        stock, pile, reshuffles = self.stock, self.discard_pile, self.reshuffles
        if not stock:
            # the pile but its top card is shuffled into the new stock; with
            # reshuffle_whole_discard_pile, the whole pile (then only the stock can be drawn)
            kept = 0 if self.rules.reshuffle_whole_discard_pile else 1
            if len(pile) <= kept:
                return attrs.evolve(self, current=player)._end_round("stock")
            reshuffles += 1
            under = pile[: len(pile) - kept]
            stock = shuffled(under, self.seed, self.round_number, self.extra_round, reshuffles)
            pile = pile[len(pile) - kept :]
        return attrs.evolve(
            self,
            current=player,
            phase=Phase.DRAW,
            stock=stock,
            discard_pile=pile,
            reshuffles=reshuffles,
            taken=None,
            selection=(),
        )

    def _go_out(self, act: Action) -> PlainGame:
        if self.went_out is not None:  # out! in a final turn
            return self._finish_final(self.hands[self.current], self.discard_pile)
        p, hand, pile = self.current, self.hands[self.current], self.discard_pile
        if act.card is not None:
            hand, pile = without(hand, (act.card,)), (*pile, act.card)
        arrangement = best_arrangement(hand, self.wild_rank, rules=self.rules)
        assert not arrangement.deadwood
        laid = tuple(TableMeld(p, self._canonical(meld)) for meld in arrangement.melds)
        others = tuple(seat for seat in self._seats_after(p) if seat != p)
        rules = self.rules
        bonus = rules.go_out_bonus if self.extra_round else rules.go_out_score(self.scores[p])
        game = attrs.evolve(
            self,
            hands=_put(self.hands, p, ()),
            discard_pile=pile,
            table=self.table + laid,
            went_out=p,
            final_turns_left=others,
            round_scores=_put(self.round_scores, p, bonus),
            selection=(),
            taken=None,
            turns=self.turns + 1,
        )
        return game._start_turn(others[0])

    def _canonical(self, meld: Meld) -> Meld:
        """``meld`` as the table holds it: built from its cards in code order."""
        return meld_of(meld.cards, self.wild_rank, self.rules, meld.kind.value)

    def _finish_final(self, hand: tuple[Card, ...], pile: tuple[Card, ...]) -> PlainGame:
        """End the current player's final turn with ``hand`` left after the discard."""
        p, rules = self.current, self.rules
        table, laid_off = self.table, self.laid_off
        if rules.auto_arrange_final_hand:
            melds = tuple(placed.meld for placed in table)
            layout = arrange_final(hand, melds, self.wild_rank, rules)
            placed = list(table)
            for index, cards in layout.lay_offs:
                old = placed[index]
                placed[index] = TableMeld(old.owner, extend_meld(old.meld, cards, rules))
                laid_off = _put(laid_off, p, _sorted((*laid_off[p], *cards)))
            placed.extend(TableMeld(p, self._canonical(meld)) for meld in layout.melds)
            table, hand = tuple(placed), _sorted(layout.deadwood)
        left = self.final_turns_left[1:]
        game = attrs.evolve(
            self,
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
            return game._end_round("out")
        return game._start_turn(left[0])

    def _select(self, act: Action) -> PlainGame:
        assert act.card is not None
        if act.kind is ActionKind.SELECT:
            return attrs.evolve(self, selection=_insert(self.selection, act.card))
        return attrs.evolve(self, selection=without(self.selection, (act.card,)))

    def _lay_down(self, act: Action) -> PlainGame:
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
        hands = _put(self.hands, p, hand)
        game = attrs.evolve(self, hands=hands, table=table, laid_off=laid_off, selection=())
        if not hand:
            return game._finish_final(hand, game.discard_pile)
        return game

    def _end_round(self, ended: str) -> PlainGame:
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
        game = attrs.evolve(
            self,
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
            active, extra = tied(results, game.scores, rules), self.extra_round + 1
            if not active:
                return attrs.evolve(game, phase=Phase.OVER, final_turns_left=())
        number, dealer = self.round_number + 1, (self.dealer + 1) % self.players
        return attrs.evolve(
            game,
            round_number=number,
            extra_round=extra,
            dealer=dealer,
            active=active,
            **_dealt(rules, self.players, self.seed, (number, extra, dealer, active)),
        )


def _dealt(
    rules: Rules, players: int, seed: int, round_: tuple[int, int, int, tuple[int, ...]]
) -> dict[str, Any]:
    """The fields of a round just dealt (``round_``: its number, tie-break number, dealer and
    the seats dealt in): fresh hands, discard, stock; the first player to draw."""
    number, extra, dealer, active = round_
    size = round_params(rules, number, extra).hand_size
    order = shuffled(deck(rules.packs), seed, number, extra, 0)
    seats = seats_after(active, players, dealer)
    hands: list[list[Card]] = [[] for _ in range(players)]
    dealt = size * len(seats)
    for i in range(dealt):
        hands[seats[i % len(seats)]].append(order[i])
    return {
        "current": seats[0],
        "phase": Phase.DRAW,
        "hands": tuple(_sorted(hand) for hand in hands),
        "selection": (),
        "stock": order[:dealt:-1],
        "discard_pile": (order[dealt],),
        "table": (),
        "went_out": None,
        "final_turns_left": (),
        "taken": None,
        "turns": 0,
        "reshuffles": 0,
        "round_scores": (None,) * players,
        "laid_off": ((),) * players,
        "round_history": (),
    }


#: The names of a state's fields, in order.
FIELDS: Final = tuple(field.name for field in attrs.fields(PlainGame))

#: How the engine plays each kind of action (once the referee has found it legal).
_DO: Final[dict[ActionKind, Callable[[PlainGame, Action], PlainGame]]] = {
    ActionKind.DRAW_STOCK: PlainGame._draw,
    ActionKind.DRAW_DISCARD: PlainGame._draw,
    ActionKind.DISCARD: PlainGame._discard,
    ActionKind.GO_OUT: PlainGame._go_out,
    ActionKind.GO_OUT_WITHOUT_DISCARD: PlainGame._go_out,
    ActionKind.SELECT: PlainGame._select,
    ActionKind.DESELECT: PlainGame._select,
    ActionKind.MELD_BOOK: PlainGame._lay_down,
    ActionKind.MELD_RUN: PlainGame._lay_down,
    ActionKind.LAY_OFF: PlainGame._lay_down,
}
