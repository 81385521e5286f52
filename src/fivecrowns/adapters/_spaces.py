"""What the adapters share: the bounds of the observation tensor's entries, the table as
text (every hand, for watching) and one seat's view as text (what that seat may see)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import numpy as np
import numpy.typing as npt

from ..cards import JOKER_CODE, NUM_CODES, format_cards
from ..game import GameState
from ..game.actions import Phase
from ..game.views import OBSERVATION_SEAT_FEATURES, PlayerView, observation_size
from ..rules import Rules

__all__ = ["observation_bounds", "table_text", "view_text"]

#: Where the seats' entries start (see :mod:`fivecrowns.game.views`).
SEATS: Final = 300


def observation_bounds(
    players: int, rules: Rules
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """The least and greatest value of each observation entry (see :mod:`fivecrowns.game.views`)."""
    size = observation_size(players)
    low = np.zeros(size, dtype=np.float32)
    high = np.ones(size, dtype=np.float32)
    copies = np.full(NUM_CODES, rules.packs, dtype=np.float32)
    copies[JOKER_CODE] = 3 * rules.packs
    for base in (0, 56, 112, 224):  # hand, selection, discard pile, table: counts
        high[base : base + NUM_CODES] = copies
    largest = max(
        max(rules.schedule), rules.extra_round_hand_size if rules.tie_break == "extra_round" else 0
    )
    most = max(13, rules.wild_points, rules.joker_points)
    top_score = float(sum(rules.schedule) * most)
    below = rules.go_out_bonus_below_zero  # else totals never go below zero
    low_score = float(min(0, rules.go_out_bonus * rules.rounds)) if below else 0.0
    unbounded = float(np.finfo(np.float32).max)
    high[297] = unbounded if rules.tie_break == "extra_round" else rules.rounds
    high[298] = rules.deck_size
    high[299] = largest
    for offset in range(players):
        base = SEATS + OBSERVATION_SEAT_FEATURES * offset
        high[base] = largest + 1
        low[base + 1], high[base + 1] = low_score, top_score
    return low, high


def table_text(state: GameState, name: Callable[[int], str]) -> str:
    """The whole table as text, every hand shown (for watching, not for players); ``name``
    names a seat."""
    if state.phase is Phase.OVER:
        winners = ", ".join(name(seat) for seat in state.winners)
        head = f"game over; scores {list(state.scores)}; won by {winners}"
    else:
        wild = "jokers only" if state.wild_rank is None else f"{state.wild_rank}s and jokers"
        head = (
            f"round {state.round_number}/{state.rules.rounds} ({state.hand_size} cards, "
            f"{wild} wild); {name(state.current)} to {state.phase.value}; "
            f"scores {list(state.scores)}"
        )
    lines = [head]
    if state.phase is not Phase.OVER:
        top = str(state.discard_pile[-1]) if state.discard_pile else "-"
        lines.append(f"  stock {len(state.stock)}, discard pile top {top}")
        for placed in state.table:
            lines.append(f"  table: {placed.meld} ({name(placed.owner)})")
        for seat in state.active:
            mark = "*" if seat == state.current else " "
            lines.append(f" {mark}{name(seat)}: {format_cards(state.hands[seat])}")
    return "\n".join(lines)


def view_text(view: PlayerView, name: Callable[[int], str]) -> str:
    """One seat's view as text: its own hand, the others' hand sizes, the discard pile's top,
    the table and the scores (nothing that seat may not see); ``name`` names a seat."""
    if view.phase is Phase.OVER:
        winners = ", ".join(name(seat) for seat in view.winners)
        return f"game over; scores {list(view.scores)}; won by {winners}"
    wild = "jokers only" if view.wild_rank is None else f"{view.wild_rank}s and jokers"
    current = view.current_player
    to_act = "" if current is None else f"{name(current)} to {view.phase.value}; "
    top = "-" if view.top_discard is None else str(view.top_discard)
    lines = [
        f"round {view.round_number}/{view.rules.rounds} ({view.hand_size} cards, {wild} wild); "
        f"{to_act}scores {list(view.scores)}",
        f"  stock {view.stock_size}, discard pile top {top}",
    ]
    lines.extend(f"  table: {placed.meld} ({name(placed.owner)})" for placed in view.table)
    for seat in view.active:
        mark = "*" if seat == current else " "
        held = format_cards(view.hand) if seat == view.player else f"{view.hand_sizes[seat]} cards"
        lines.append(f" {mark}{name(seat)}: {held}")
    return "\n".join(lines)
