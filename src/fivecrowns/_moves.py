"""The rules of every action, written once: for one state, a :class:`Referee` says which
actions are legal and why any other is not.

Each kind of action has a *gate* (why no action of the kind is legal now: the phase, the
rule options, whether someone went out) and a *check* (why this one is not: the card is not
held, the cards do not meld, ...). :meth:`Referee.refusal` asks both;
:meth:`Referee.legal` lists the actions of every open gate whose check passes, so
:meth:`~fivecrowns.GameState.legal_actions`, :meth:`~fivecrowns.GameState.is_legal`,
:meth:`~fivecrowns.GameState.apply` and its error message all read the same rules (the
verify / can / do pattern). The engine plays an action only after its refusal is None.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Final, NamedTuple

from ._scoring import arrange_final, can_meld_all, extend_meld, meld_of
from .actions import (
    DRAW_DISCARD,
    DRAW_STOCK,
    GO_OUT_WITHOUT_DISCARD,
    MELD_BOOK,
    MELD_RUN,
    Action,
    ActionKind,
    Phase,
)
from .cards import Card, format_cards, without
from .errors import FiveCrownsError
from .melds import Meld
from .solver import best_arrangement, can_go_out

if TYPE_CHECKING:
    from .game import GameState

__all__ = ["Reason", "Referee", "reason_text"]

#: Why an action is refused: the text, or a function that writes it (when writing it needs
#: the solver, it is only done for an action actually refused).
Reason = str | Callable[[], str]


def reason_text(reason: Reason) -> str:
    """The text of ``reason``."""
    return reason if isinstance(reason, str) else reason()


def _listed(cards: Iterable[Card]) -> str:
    names = [str(card) for card in cards]
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _distinct(cards: Iterable[Card]) -> list[Card]:
    return sorted(set(cards), key=lambda card: card.code)


class Referee:
    """The rules of every action in one state (see the module docs)."""

    def __init__(self, state: GameState) -> None:
        self.state = state

    def refusal(self, act: Action) -> Reason | None:
        """Why ``act`` is not legal now, or None if it is."""
        if self.state.phase is Phase.OVER:
            return f"the game is over; no action is legal ({act})"
        move = _MOVES[act.kind]
        return move.gate(self) or move.check(self, act)

    def legal(self) -> tuple[Action, ...]:
        """Every legal action, in integer order."""
        if self.state.phase is Phase.OVER:
            return ()
        legal: list[Action] = []
        for kind, move in _MOVES.items():
            if move.gate(self) is None:
                legal.extend(a for a in self.candidates(kind) if move.check(self, a) is None)
        return tuple(legal)

    def candidates(self, kind: ActionKind) -> Iterable[Action]:
        """The actions of ``kind`` that name this state's cards or melds (the legal ones
        are among them)."""
        state = self.state
        if kind in (ActionKind.DISCARD, ActionKind.GO_OUT, ActionKind.SELECT):
            return [Action.for_card(kind, card) for card in _distinct(state.hands[state.current])]
        if kind is ActionKind.DESELECT:
            return [Action.for_card(kind, card) for card in _distinct(state.selection)]
        if kind is ActionKind.LAY_OFF:
            return [Action.lay_off(index) for index in range(len(state.table))]
        return (_SIMPLE[kind],)

    # -- gates ------------------------------------------------------------------------------

    def drawing_gate(self) -> Reason | None:
        if self.state.phase is Phase.DISCARD:
            return f"player {self.state.current} has already drawn; discard a card or go out"
        return None

    def turn_gate(self) -> Reason | None:
        if self.state.phase is Phase.DRAW:
            return f"player {self.state.current} must draw first"
        return None

    def go_out_gate(self) -> Reason | None:
        if self.state.went_out is not None:
            return (
                f"player {self.state.went_out} has already gone out; this is the final turn of "
                f"player {self.state.current}: discard a card to end it"
            )
        return self.turn_gate()

    def out_without_discard_gate(self) -> Reason | None:
        if not self.state.rules.go_out_without_discard:
            return (
                "going out without a discard is not allowed by these rules "
                "(go_out_without_discard=False)"
            )
        if self.state.went_out is not None and not self.state.rules.auto_arrange_final_hand:
            return "lay your cards down (select, then meld); the turn ends when none is left"
        return self.turn_gate()

    def lay_down_gate(self) -> Reason | None:
        if self.state.phase is not Phase.DRAW and self.state.rules.auto_arrange_final_hand:
            return (
                "final hands are arranged by the engine in this game "
                "(auto_arrange_final_hand=True); just discard"
            )
        if self.state.phase is not Phase.DRAW and self.state.went_out is None:
            return "cards are laid down only by going out or in a final turn"
        return self.turn_gate()

    # -- checks -----------------------------------------------------------------------------

    def no_check(self, act: Action) -> Reason | None:
        return None

    def check_take(self, act: Action) -> Reason | None:
        return None if self.state.discard_pile else "the discard pile is empty; draw from the stock"

    def not_held(self, card: Card | None) -> Reason | None:
        hand = self.state.hands[self.state.current]
        if card in hand:
            return None
        return (
            f"{card} is not in your hand (player {self.state.current} holds {format_cards(hand)})"
        )

    def check_discard(self, act: Action) -> Reason | None:
        refusal = self.not_held(act.card)
        if refusal is None and act.card == self.forbidden_discard:
            return (
                f"{act.card} was just taken from the discard pile and these rules forbid "
                "discarding it (may_discard_taken_discard=False)"
            )
        return refusal

    def check_go_out(self, act: Action) -> Reason | None:
        refusal = self.check_discard(act)
        if refusal is not None or act.card is None:
            return refusal
        rest = without(self.state.hands[self.state.current], (act.card,))
        if self.may_go_out and can_meld_all(rest, self.state.wild_rank, rules=self.state.rules):
            return None
        return self.unmelded(rest)

    def check_out_without_discard(self, act: Action) -> Reason | None:
        hand, wild, rules = (
            self.state.hands[self.state.current],
            self.state.wild_rank,
            self.state.rules,
        )
        if self.state.went_out is None:
            melds_all = can_meld_all(hand, wild, rules=rules)
        else:
            melds_all = not arrange_final(hand, self.table_melds(), wild, rules).deadwood
        return None if melds_all else self.unmelded(hand)

    def unmelded(self, rest: tuple[Card, ...]) -> Reason:
        """Why going out is refused when ``rest`` does not all meld (named on demand)."""

        def text() -> str:
            if self.state.went_out is None:
                unmelded = best_arrangement(
                    rest, self.state.wild_rank, rules=self.state.rules
                ).deadwood
            else:
                layout = arrange_final(
                    rest, self.table_melds(), self.state.wild_rank, self.state.rules
                )
                unmelded = layout.deadwood
            verb = "is" if len(unmelded) == 1 else "are"
            return f"cannot go out: {_listed(unmelded)} {verb} unmelded"

        return text

    def check_select(self, act: Action) -> Reason | None:
        refusal = self.not_held(act.card)
        if refusal is None and self.state.selection.count(act.card) >= self.state.hands[
            self.state.current
        ].count(act.card):
            return f"every {act.card} of the hand is already selected"
        return refusal

    def check_deselect(self, act: Action) -> Reason | None:
        return None if act.card in self.state.selection else f"{act.card} is not selected"

    def check_selection(self) -> Reason | None:
        """What laying the selection down (or off) needs, whatever the meld."""
        if not self.state.selection:
            return "select the cards to lay down first"
        rules = self.state.rules
        if (
            len(self.state.selection) == len(self.state.hands[self.state.current])
            and not rules.go_out_without_discard
        ):
            return (
                "laying down every card leaves nothing to discard; keep one "
                "(go_out_without_discard=False)"
            )
        return None

    def check_meld(self, act: Action) -> Reason | None:
        refusal = self.check_selection()
        if refusal is None:
            kind = "book" if act.kind is ActionKind.MELD_BOOK else "run"
            return self.melds_as(
                lambda: meld_of(self.state.selection, self.state.wild_rank, self.state.rules, kind)
            )
        return refusal

    def check_lay_off(self, act: Action) -> Reason | None:
        refusal = self.check_selection()
        if refusal is not None:
            return refusal
        if not self.state.rules.lay_off:
            return "laying off onto table melds is not allowed by these rules (lay_off=False)"
        index = act.meld
        if index is None or index >= len(self.state.table):
            return f"there is no table meld {index} (the table holds {len(self.state.table)})"
        return self.melds_as(
            lambda: extend_meld(
                self.state.table[index].meld, self.state.selection, self.state.rules
            )
        )

    def melds_as(self, build: Callable[[], Meld]) -> Reason | None:
        try:
            build()
        except FiveCrownsError as error:
            return f"cannot lay down {format_cards(self.state.selection)}: {error}"
        return None

    @functools.cached_property
    def may_go_out(self) -> bool:
        """Whether some discard (or none) leaves every card melded: one solve for every
        go-out check of this state."""
        return can_go_out(
            self.state.hands[self.state.current], self.state.wild_rank, rules=self.state.rules
        )

    @functools.cached_property
    def forbidden_discard(self) -> Card | None:
        taken = self.state.taken
        if taken is None or self.state.rules.may_discard_taken_discard:
            return None
        if all(card == taken for card in self.state.hands[self.state.current]):
            return None
        return taken

    def table_melds(self) -> tuple[Meld, ...]:
        return tuple(placed.meld for placed in self.state.table)


class _Move(NamedTuple):
    """The rules of one kind of action: ``gate`` says why no action of the kind is legal
    now (None: some may be), ``check`` why this one is not."""

    gate: Callable[[Referee], Reason | None]
    check: Callable[[Referee, Action], Reason | None]


#: Every kind of action, in integer order (so legal actions are listed in that order).
_MOVES: Final = {
    ActionKind.DRAW_STOCK: _Move(Referee.drawing_gate, Referee.no_check),
    ActionKind.DRAW_DISCARD: _Move(Referee.drawing_gate, Referee.check_take),
    ActionKind.DISCARD: _Move(Referee.turn_gate, Referee.check_discard),
    ActionKind.GO_OUT: _Move(Referee.go_out_gate, Referee.check_go_out),
    ActionKind.GO_OUT_WITHOUT_DISCARD: _Move(
        Referee.out_without_discard_gate, Referee.check_out_without_discard
    ),
    ActionKind.SELECT: _Move(Referee.lay_down_gate, Referee.check_select),
    ActionKind.DESELECT: _Move(Referee.lay_down_gate, Referee.check_deselect),
    ActionKind.MELD_BOOK: _Move(Referee.lay_down_gate, Referee.check_meld),
    ActionKind.MELD_RUN: _Move(Referee.lay_down_gate, Referee.check_meld),
    ActionKind.LAY_OFF: _Move(Referee.lay_down_gate, Referee.check_lay_off),
}
assert list(_MOVES) == list(ActionKind)
_SIMPLE: Final = {
    action.kind: action
    for action in (DRAW_STOCK, DRAW_DISCARD, GO_OUT_WITHOUT_DISCARD, MELD_BOOK, MELD_RUN)
}
