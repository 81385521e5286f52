"""The ``hint`` command of ``fivecrowns play``: a move for player 0 and why, from the solver."""

from __future__ import annotations

from ..analysis import evaluate_actions
from ..bots._builtin import least_giving_out
from ..bots.tracking import final_layout
from ..game import GameState
from ..game.actions import DRAW_DISCARD, GO_OUT_WITHOUT_DISCARD, ActionKind, Phase
from ..solver import deadwood_by_discard, min_deadwood
from ._screen import HUMAN

__all__ = ["action_values", "suggest"]

#: How many moves ``hint`` lists with their values.
_SHOWN = 4


def suggest(state: GameState) -> tuple[str, str]:
    """A move for player 0 and the reason, from the solver."""
    rules, wild = state.rules, state.wild_rank
    hand = state.hands[HUMAN]
    legal = state.legal_actions()
    if state.phase is Phase.DRAW:
        now = min_deadwood(hand, wild, rules=rules)
        if DRAW_DISCARD in legal:
            top = state.discard_pile[-1]
            values = deadwood_by_discard((*hand, top), wild, rules=rules)
            allowed = {
                card: points
                for card, points in values.items()
                if rules.may_discard_taken_discard or card != top
            }
            best = min(allowed.values()) if allowed else now
            if best < now:
                return "take", f"{top} cuts your deadwood from {now} to {best} points"
            return "draw", f"{top} does not lower your deadwood ({now} points)"
        return "draw", "the discard pile is empty"
    out = least_giving_out(state.view(HUMAN), legal)
    if out is GO_OUT_WITHOUT_DISCARD:
        return "out!", "every card melds"
    if out is not None:
        return str(out), "every other card melds (and it gives the next player least)"
    discards = [action.card for action in legal if action.kind is ActionKind.DISCARD]
    cards = [card for card in discards if card is not None]
    if state.final_turn:
        if state.selection:
            for action in legal:
                if action.kind in (ActionKind.MELD_BOOK, ActionKind.MELD_RUN, ActionKind.LAY_OFF):
                    return str(action), "the selected cards make that"
            return f"deselect {state.selection[0]}", "the selected cards make no meld"
        view = state.view(HUMAN)
        left = {card: final_layout(view, card) for card in cards}
        card = min(cards, key=lambda c: (left[c].points, c.is_wild(wild), -rules.points(c, wild)))
        layout = left[card]
        if not rules.auto_arrange_final_hand:
            if layout.lay_offs:
                index, extra = layout.lay_offs[0]
                return (
                    f"layoff {index} {' '.join(map(str, extra))}",
                    "lay off what fits the table melds before you discard",
                )
            if layout.melds:
                meld = layout.melds[0]
                shown = " ".join(str(c) for c in sorted(meld.cards, key=lambda c: c.code))
                return f"{meld.kind.value} {shown}", "lay down your melds before you discard"
        return f"discard {card}", f"your final hand then scores {layout.points} points"
    values = deadwood_by_discard(hand, wild, rules=rules)
    card = min(cards, key=lambda c: (values[c], c.is_wild(wild), -rules.points(c, wild)))
    return f"discard {card}", f"leaves {values[card]} points of deadwood"


def action_values(state: GameState) -> str:
    """The best few moves of player 0 with their expected round scores (``evaluate_actions``
    at its default precision; exact on the final lap), for ``hint``."""
    values = evaluate_actions(state.view(HUMAN), seed=len(state.actions))
    shown = []
    for value in values.actions[:_SHOWN]:
        noise = "" if values.exact else f" ± {value.standard_error:.1f}"
        shown.append(f"{value.action} {value.mean:.1f}{noise}")
    more = len(values.actions) - _SHOWN
    tail = f", and {more} more" if more > 0 else ""
    how = "exact" if values.exact else f"{values.rollouts} rollouts a move"
    return f"expected round points: {', '.join(shown)}{tail} ({how})"
