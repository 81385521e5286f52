"""The engine inside a state of the OpenSpiel game (:mod:`fivecrowns.adapters.openspiel`): the
game with every card chance picks (the deal, the stock's draws) given from outside, on the
compiled core when it plays the game's rules (:class:`CoreTable`: one call into the core a
step, whatever the round's length) and on the Python engine otherwise (:class:`PlainTable`,
through :class:`~fivecrowns.GameState`). Both give the same answers: the same hands, stock,
piles and scores after the same steps.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, NamedTuple

from ..cards import CARDS, short_repr
from ..errors import IllegalActionError, InvalidStateError
from ..game import GameState, _engine
from ..game.actions import DRAW_STOCK
from ..rules import Rules

if TYPE_CHECKING:
    from .. import _core

__all__ = ["CoreTable", "PlainTable", "Played", "Table", "table_of"]


class Played(NamedTuple):
    """An action's outcome: the table after it, the rounds finished then, the round's
    reshuffles, who went out (None: nobody yet), the card taken from the discard pile (its
    code, or None), and the codes the acting seat's hand lost (ascending)."""

    table: Table
    rounds: int
    reshuffles: int
    went_out: int | None
    taken: int | None
    lost: tuple[int, ...]


class Table:
    """What both engines give (a table is immutable): the seat to act, whether the game is
    over, the legal actions, the stock's chance outcomes, and new tables after a deal, a
    stock draw of a chosen card or an action; :attr:`state` is the :class:`GameState`."""

    __slots__ = ("current", "over", "rules")
    current: int
    over: bool
    rules: Rules

    @property
    def state(self) -> GameState:
        raise NotImplementedError

    def legal(self) -> list[int]:
        raise NotImplementedError

    def stock_outcomes(self) -> list[tuple[int, float]]:
        raise NotImplementedError

    def redeal(self, hands: list[list[int]], upcard: int) -> Table:
        raise NotImplementedError

    def drawn(self, code: int) -> Table:
        raise NotImplementedError

    def rehand(self, seats: list[int], hands: list[list[int]]) -> Table:
        """The same round with ``hands`` for ``seats`` (seats still to finish it) and the
        stock the rest of their cards and the stock's, ascending by code."""
        raise NotImplementedError

    def played(self, action: int) -> Played:
        raise NotImplementedError

    def scores(self) -> tuple[int, ...]:
        return self.state.scores

    def hands(self) -> tuple[tuple[int, ...], ...]:
        """Every seat's hand, as codes (ascending)."""
        return tuple(tuple(card.code for card in hand) for hand in self.state.hands)

    def top_discard(self) -> int:
        return self.state.discard_pile[-1].code


def table_of(state: GameState) -> Table:
    """The table of ``state``: on the core when the core plays it."""
    core = _engine.own_core(state)
    if core is None:
        return PlainTable(state)
    return CoreTable(core, state.rules, state)


def _missing(code: object) -> IllegalActionError:
    return IllegalActionError(f"no {short_repr(code)} is in the stock")


class PlainTable(Table):
    """A table the Python engine plays (any :class:`GameState`)."""

    __slots__ = ("_state",)

    def __init__(self, state: GameState) -> None:
        self._state = state
        self.rules = state.rules
        self.current = state.current
        self.over = state.is_over

    @property
    def state(self) -> GameState:
        return self._state

    def legal(self) -> list[int]:
        return list(self._state.legal_action_ints())

    def stock_outcomes(self) -> list[tuple[int, float]]:
        stock = self._state.stock
        counts = Counter(card.code for card in stock)
        return [(code, counts[code] / len(stock)) for code in sorted(counts)]

    def redeal(self, hands: list[list[int]], upcard: int) -> Table:
        left = Counter(card.code for card in self._state.stock)
        for cards in self._state.hands:
            left.update(card.code for card in cards)
        left.update(card.code for card in self._state.discard_pile)
        for hand in hands:
            left.subtract(hand)
        left[upcard] -= 1
        # (unchecked: the adapter deals only the deck's cards, counted, in the round's sizes)
        return PlainTable(
            self._state._evolve(
                hands=tuple(tuple(CARDS[code] for code in sorted(hand)) for hand in hands),
                discard_pile=(CARDS[upcard],),
                stock=tuple(CARDS[code] for code in sorted(left.elements())),
            )
        )

    def drawn(self, code: int) -> Table:
        game = self._state
        stock = game.stock
        index = next(
            (i for i in range(len(stock) - 1, -1, -1) if stock[i].code == code), None
        )  # the top copy, if any
        if not game.is_legal(DRAW_STOCK):
            game.apply(DRAW_STOCK)  # raises, saying why
        if type(code) is not int or index is None:
            raise _missing(code)
        if index != len(stock) - 1:
            stock = (*stock[:index], *stock[index + 1 :], stock[index])
            game = game._evolve(stock=stock)  # (the same stock reordered: nothing to check)
        return PlainTable(game.apply(DRAW_STOCK))

    def rehand(self, seats: list[int], hands: list[list[int]]) -> Table:
        state = self._state
        pool = Counter(card.code for card in state.stock)
        held = list(state.hands)
        for seat, hand in zip(seats, hands, strict=True):
            pool.update(card.code for card in held[seat])
            pool.subtract(hand)
            held[seat] = tuple(CARDS[code] for code in sorted(hand))
        if min(pool.values(), default=0) < 0:
            raise InvalidStateError("the hands take cards neither they nor the stock held")
        stock = tuple(CARDS[code] for code in sorted(pool.elements()))
        return PlainTable(state._evolve(hands=tuple(held), stock=stock))

    def played(self, action: int) -> Played:
        game = self._state
        after = game.apply(action)  # raises IllegalActionError, saying why, if illegal
        seat = game.current
        left = Counter(card.code for card in game.hands[seat])
        left.subtract(card.code for card in after.hands[seat])
        taken = after.taken
        return Played(
            PlainTable(after),
            len(after.results),
            after.reshuffles,
            after.went_out,
            None if taken is None else taken.code,
            tuple(sorted(left.elements())),
        )


class CoreTable(Table):
    """A table the compiled core plays: each step one call into the core (which copies the
    game and plays the step on the copy); the :class:`GameState` is built when asked for."""

    __slots__ = ("_core", "_state")

    def __init__(self, core: _core.Game, rules: Rules, state: GameState | None = None) -> None:
        self._core = core
        self.rules = rules
        self._state = state
        self.current = core.current
        self.over = core.is_over

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle the state's fields (built again on the core when loaded)."""
        return (_revived, (self.state,))

    @property
    def state(self) -> GameState:
        found = self._state
        if found is None:
            from ..game._core_state import CoreGame

            found = self._state = GameState._wrap(CoreGame.resumed(self._core, self.rules))
        return found

    def _new(self, core: _core.Game) -> CoreTable:
        return CoreTable(core, self.rules)

    def legal(self) -> list[int]:
        return self._core.legal_actions()

    def stock_outcomes(self) -> list[tuple[int, float]]:
        found: list[tuple[int, float]] = _chance().chance_stock(self._core)
        return found

    def redeal(self, hands: list[list[int]], upcard: int) -> Table:
        return self._new(_chance().chance_redeal(self._core, hands, upcard))

    def drawn(self, code: int) -> Table:
        if type(code) is not int:
            raise _missing(code)
        return self._new(_chance().chance_draw(self._core, code)[0])

    def rehand(self, seats: list[int], hands: list[list[int]]) -> Table:
        return self._new(_chance().chance_rehand(self._core, seats, hands))

    def played(self, action: int) -> Played:
        after, _, _, rounds, reshuffles, went_out, taken, lost = _chance().chance_played(
            self._core, action
        )
        return Played(self._new(after), rounds, reshuffles, went_out, taken, tuple(lost))

    def scores(self) -> tuple[int, ...]:
        return tuple(self._core.scores)

    def hands(self) -> tuple[tuple[int, ...], ...]:
        found: tuple[tuple[Any, ...], ...] = self._core.round_fields()[0]
        return tuple(tuple(card.code for card in hand) for hand in found)


def _chance() -> Any:
    """The compiled core (there whenever a :class:`CoreTable` is)."""
    global _CORE
    if _CORE is None:
        from .. import _core

        _CORE = _core
    return _CORE


_CORE: Any = None


def _revived(state: GameState) -> Table:
    """A table of ``state``'s fields (unpickled): on the core when the core plays its rules."""
    from ..game import _core_game

    if _engine.compiled_states(state.rules):
        return CoreTable(_core_game.core_game(state), state.rules, state)
    return PlainTable(state)
