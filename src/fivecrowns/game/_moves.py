"""The rules of every action, written once: for one state, a :class:`Referee` says which
actions are legal and why any other is not.

Each kind of action is played in one phase of the turn (a draw, or what follows it), and has
a *gate* (why no action of the kind is legal now: the rule options, whether someone went out)
and a *check* (why this one is not: the card is not held, the cards do not meld, ...).
:meth:`Referee.refusal` asks the three in turn; :meth:`Referee.legal` lists the actions of
this phase's kinds whose gate is open and whose check passes, so
:meth:`~fivecrowns.GameState.legal_actions`, :meth:`~fivecrowns.GameState.is_legal`,
:meth:`~fivecrowns.GameState.apply` and its error message all read the same rules (the
verify / can / do pattern). The engine plays an action only after its refusal is None.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Final, NamedTuple

from ..cards import CARDS, Card, format_cards, without
from ..errors import FiveCrownsError
from ..melds import Meld
from ..solver import _melding_discards, best_arrangement, can_go_out, can_meld_all
from ._fields import StateFields
from ._scoring import arrange_final, extend_meld, meld_of
from .actions import Action, ActionKind, Phase

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


def _distinct(cards: Iterable[Card]) -> list[int]:
    """The codes of the distinct cards, ascending."""
    return sorted({card.code for card in cards})


class Referee:
    """The rules of every action in one state (see the module docs)."""

    def __init__(self, state: StateFields) -> None:
        self.state = state
        self.player = state.current
        self.hand = state.hands[state.current]
        self.selection = state.selection
        self.rules = state.rules

    def refusal(self, act: Action) -> Reason | None:
        """Why ``act`` is not legal now, or None if it is."""
        if self.state.phase is Phase.OVER:
            return f"the game is over; no action is legal ({act})"
        move = _MOVES[act.kind]
        if move.phase is not self.state.phase:
            return self.wrong_phase()
        return move.gate(self) or move.check(self, act)

    def legal(self) -> tuple[Action, ...]:
        """Every legal action, in integer order."""
        if self.state.phase is Phase.OVER:
            return ()
        legal: list[Action] = []
        for kind, (_, gate, check) in _BY_PHASE[self.state.phase]:
            if gate(self) is None:
                legal.extend([a for a in self.candidates(kind) if check(self, a) is None])
        return tuple(legal)

    def candidates(self, kind: ActionKind) -> Iterable[Action]:
        """The actions of ``kind`` that name this state's cards or melds and might pass
        its check (the legal ones are among them)."""
        if kind is ActionKind.GO_OUT and not self.may_go_out:
            return ()  # check_go_out refuses every one
        by_card = _BY_CARD.get(kind)
        if by_card is not None:
            codes = _distinct(self.selection) if kind is ActionKind.DESELECT else self.distinct
            return [by_card[code] for code in codes]
        if kind is ActionKind.LAY_OFF:
            return [Action.lay_off(index) for index in range(len(self.state.table))]
        return (_SIMPLE[kind],)

    @functools.cached_property
    def wild_rank(self) -> int | None:
        """The round's wild rank (read only when a check needs it)."""
        return self.state.wild_rank

    @functools.cached_property
    def distinct(self) -> list[int]:
        """The codes of the distinct cards of the hand, ascending."""
        return _distinct(self.hand)

    @functools.cached_property
    def held(self) -> frozenset[int]:
        """The codes of the cards in the hand."""
        return frozenset(self.distinct)

    @functools.cached_property
    def may_go_out(self) -> bool:
        """Whether some discard (or none) leaves every card melded: one solve for every
        go-out check of this state."""
        return can_go_out(self.hand, self.wild_rank, rules=self.rules)

    @functools.cached_property
    def melding_discards(self) -> frozenset[int]:
        """The codes whose discard leaves every other card melded: one solve of every
        discard for all the go-out checks of this state (none unless it may go out)."""
        if not self.may_go_out:
            return frozenset()
        return _melding_discards(self.hand, self.wild_rank, self.rules)

    @functools.cached_property
    def forbidden_discard(self) -> Card | None:
        """The card these rules forbid discarding now (None: any may go)."""
        taken = self.state.taken
        if taken is None or self.rules.may_discard_taken_discard:
            return None
        if all(card == taken for card in self.hand):
            return None
        return taken

    def table_melds(self) -> tuple[Meld, ...]:
        return tuple(placed.meld for placed in self.state.table)

    # -- gates: why no action of a kind is legal now ----------------------------------------

    def wrong_phase(self) -> Reason:
        """Why an action of the other phase of the turn is refused."""
        if self.state.phase is Phase.DRAW:
            return f"player {self.player} must draw first"
        return f"player {self.player} has already drawn; discard a card or go out"

    def open_gate(self) -> Reason | None:
        return None

    def go_out_gate(self) -> Reason | None:
        if self.state.went_out is not None:
            return (
                f"player {self.state.went_out} has already gone out; this is the final turn of "
                f"player {self.player}: discard a card to end it"
            )
        return None

    def out_without_discard_gate(self) -> Reason | None:
        if not self.rules.go_out_without_discard:
            return (
                "going out without a discard is not allowed by these rules "
                "(go_out_without_discard=False)"
            )
        if self.state.went_out is not None and not self.rules.auto_arrange_final_hand:
            return "lay your cards down (select, then meld); the turn ends when none is left"
        return None

    def lay_down_gate(self) -> Reason | None:
        if self.rules.auto_arrange_final_hand:
            return (
                "final hands are arranged by the engine in this game "
                "(auto_arrange_final_hand=True); just discard"
            )
        if self.state.went_out is None:
            return "cards are laid down only by going out or in a final turn"
        return None

    # -- checks: why this action is not legal -----------------------------------------------

    def no_check(self, act: Action) -> Reason | None:
        return None

    def check_take(self, act: Action) -> Reason | None:
        return None if self.state.discard_pile else "the discard pile is empty; draw from the stock"

    def not_held(self, card: Card | None) -> Reason | None:
        if card is not None and card.code in self.held:
            return None
        return f"{card} is not in your hand (player {self.player} holds {format_cards(self.hand)})"

    def check_discard(self, act: Action) -> Reason | None:
        card = act.card
        if card is None or card.code not in self.held:
            return self.not_held(card)
        if card == self.forbidden_discard:
            return (
                f"{card} was just taken from the discard pile and these rules forbid "
                "discarding it (may_discard_taken_discard=False)"
            )
        return None

    def check_go_out(self, act: Action) -> Reason | None:
        refusal = self.check_discard(act)
        if refusal is not None or act.card is None:
            return refusal
        if act.card.code in self.melding_discards:
            return None
        return self.unmelded(act.card)

    def check_out_without_discard(self, act: Action) -> Reason | None:
        if self.state.went_out is None:
            melds_all = can_meld_all(self.hand, self.wild_rank, rules=self.rules)
        else:
            layout = arrange_final(self.hand, self.table_melds(), self.wild_rank, self.rules)
            melds_all = not layout.deadwood
        return None if melds_all else self.unmelded(None)

    def unmelded(self, discard: Card | None) -> Reason:
        """Why going out (discarding ``discard``, or nothing) is refused: the cards that
        stay unmelded, named when the reason is read."""

        def text() -> str:
            rest = self.hand if discard is None else without(self.hand, (discard,))
            if self.state.went_out is None:
                unmelded = best_arrangement(rest, self.wild_rank, rules=self.rules).deadwood
            else:
                layout = arrange_final(rest, self.table_melds(), self.wild_rank, self.rules)
                unmelded = layout.deadwood
            verb = "is" if len(unmelded) == 1 else "are"
            return f"cannot go out: {_listed(unmelded)} {verb} unmelded"

        return text

    def check_select(self, act: Action) -> Reason | None:
        refusal = self.not_held(act.card)
        if refusal is None and self.selection.count(act.card) >= self.hand.count(act.card):
            return f"every {act.card} of the hand is already selected"
        return refusal

    def check_deselect(self, act: Action) -> Reason | None:
        return None if act.card in self.selection else f"{act.card} is not selected"

    def check_selection(self) -> Reason | None:
        """What laying the selection down (or off) needs, whatever the meld."""
        if not self.selection:
            return "select the cards to lay down first"
        if len(self.selection) == len(self.hand) and not self.rules.go_out_without_discard:
            return (
                "laying down every card leaves nothing to discard; keep one "
                "(go_out_without_discard=False)"
            )
        return None

    def check_meld(self, act: Action) -> Reason | None:
        kind = "book" if act.kind is ActionKind.MELD_BOOK else "run"
        return self.check_selection() or self.melds_as(
            lambda: meld_of(self.selection, self.wild_rank, self.rules, kind)
        )

    def check_lay_off(self, act: Action) -> Reason | None:
        refusal = self.check_selection()
        if refusal is not None:
            return refusal
        if not self.rules.lay_off:
            return "laying off onto table melds is not allowed by these rules (lay_off=False)"
        table, index = self.state.table, act.meld
        if index is None or index >= len(table):
            return f"there is no table meld {index} (the table holds {len(table)})"
        return self.melds_as(lambda: extend_meld(table[index].meld, self.selection, self.rules))

    def melds_as(self, build: Callable[[], Meld]) -> Reason | None:
        """Why the selection cannot be laid down as ``build`` lays it (None: it can)."""
        try:
            build()
        except FiveCrownsError as error:
            return f"cannot lay down {format_cards(self.selection)}: {error}"
        return None


class _Move(NamedTuple):
    """The rules of one kind of action: ``phase`` is the phase of the turn it is played in,
    ``gate`` says why no action of the kind is legal now (None: some may be), ``check`` why
    this one is not."""

    phase: Phase
    gate: Callable[[Referee], Reason | None]
    check: Callable[[Referee, Action], Reason | None]


_DRAW, _PLAY = Phase.DRAW, Phase.DISCARD
#: Every kind of action, in integer order (so legal actions are listed in that order).
_MOVES: Final = {
    ActionKind.DRAW_STOCK: _Move(_DRAW, Referee.open_gate, Referee.no_check),
    ActionKind.DRAW_DISCARD: _Move(_DRAW, Referee.open_gate, Referee.check_take),
    ActionKind.DISCARD: _Move(_PLAY, Referee.open_gate, Referee.check_discard),
    ActionKind.GO_OUT: _Move(_PLAY, Referee.go_out_gate, Referee.check_go_out),
    ActionKind.GO_OUT_WITHOUT_DISCARD: _Move(
        _PLAY, Referee.out_without_discard_gate, Referee.check_out_without_discard
    ),
    ActionKind.SELECT: _Move(_PLAY, Referee.lay_down_gate, Referee.check_select),
    ActionKind.DESELECT: _Move(_PLAY, Referee.lay_down_gate, Referee.check_deselect),
    ActionKind.MELD_BOOK: _Move(_PLAY, Referee.lay_down_gate, Referee.check_meld),
    ActionKind.MELD_RUN: _Move(_PLAY, Referee.lay_down_gate, Referee.check_meld),
    ActionKind.LAY_OFF: _Move(_PLAY, Referee.lay_down_gate, Referee.check_lay_off),
}
assert list(_MOVES) == list(ActionKind)
#: The kinds of action of each phase of a turn, with their rules.
_BY_PHASE: Final = {
    phase: [(kind, move) for kind, move in _MOVES.items() if move.phase is phase]
    for phase in (_DRAW, _PLAY)
}
#: The actions of each kind that names a card, by card code.
_BY_CARD: Final = {
    kind: tuple(Action.for_card(kind, card) for card in CARDS)
    for kind in (ActionKind.DISCARD, ActionKind.GO_OUT, ActionKind.SELECT, ActionKind.DESELECT)
}
#: The one action of each kind that names neither a card nor a meld.
_SIMPLE: Final = {
    kind: Action(kind)
    for kind in ActionKind
    if kind not in _BY_CARD and kind is not ActionKind.LAY_OFF
}
