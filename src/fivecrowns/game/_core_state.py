"""Game states the compiled core plays (``fivecrowns._core``, Rust).

With the core, :meth:`fivecrowns.GameState.new` under rules the core plays (see
``_core_game.supports_states``) makes a state that holds its core game (``_core.Game``) and
reads its fields from it only when one is first asked for; ``apply`` and the legal actions
run in the core, a state at a time (each action makes a new core game; the old one is
untouched). Its fields, read here, are those the Python transitions give move for move (the
two engines are compared state by state in the tests and ``benchmarks/check_game.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from ..cards import CARDS, Card
from ..melds import Meld
from ..rules import Rules
from ._round import FinalLayout, RoundResult, TableMeld, round_params, winners
from ._scoring import meld_of
from .actions import _ACTIONS as _BASE_ACTIONS
from .actions import NUM_BASE_ACTIONS, Action, Phase

if TYPE_CHECKING:
    from .. import _core

__all__ = [
    "PHASES",
    "VIEW_FIELDS",
    "RoundMemo",
    "legal",
    "new_game",
    "read_round",
    "read_view",
    "view_values",
]

#: The phase of each name the core gives.
PHASES: Final = {phase.value: phase for phase in Phase}


def new_game(rules: Rules, players: int, seed: int, first_dealer: int) -> _core.Game:
    """A core game, round 1 dealt (as :meth:`fivecrowns.GameState.new` deals it)."""
    from .. import _core
    from . import _core_game  # (only with the core: they import the extension)

    return _core.Game(_core_game.game_rules(rules), players, seed, first_dealer)


def legal(game: _core.Game) -> tuple[Action, ...]:
    """The legal actions of ``game``, in integer order."""
    found = game.legal_actions()
    if found and found[-1] >= NUM_BASE_ACTIONS:  # (lay-offs onto table melds)
        return tuple(map(Action.from_int, found))
    return tuple(map(_BASE_ACTIONS.__getitem__, found))


def _cards(codes: Sequence[int]) -> tuple[Card, ...]:
    return tuple(map(CARDS.__getitem__, codes))


def _meld(kind: str, codes: Sequence[int], wild_rank: int | None, rules: Rules) -> Meld:
    return meld_of(_cards(codes), wild_rank, rules, kind)


def _results(found: Any, rules: Rules) -> tuple[RoundResult, ...]:
    """The round results of a snapshot, as the Python engine records them."""
    results = []
    for number, extra, size, wild, dealer, went_out, scores, ended, layouts in found:
        results.append(
            RoundResult(
                number,
                extra,
                size,
                wild,
                dealer,
                went_out,
                tuple(scores),
                ended,
                tuple(
                    None
                    if layout is None
                    else FinalLayout(
                        tuple(_meld(kind, codes, wild, rules) for kind, codes in layout[0]),
                        _cards(layout[3]),
                        _cards(layout[1]),
                        layout[2],
                    )
                    for layout in layouts
                ),
            )
        )
    return tuple(results)


class RoundMemo:
    """What every state of a round shares, read from the core once: the fields that stay the
    same through the round (and the values a state caches from them), the finished rounds'
    results and actions (read when first asked for: the results hold the final layouts),
    and the table melds as laid down. ``before`` is the memo of the round before (whose
    results, once read, the round's extend)."""

    __slots__ = ("before", "fixed", "melds", "past", "results")

    def __init__(self, before: RoundMemo | None = None) -> None:
        self.before = before
        self.fixed: dict[str, Any] | None = None
        self.past: tuple[int, ...] | None = None
        self.results: tuple[RoundResult, ...] | None = None
        self.melds: dict[tuple[int, str, tuple[int, ...]], TableMeld] = {}

    def read(self, game: _core.Game, rules: Rules) -> dict[str, Any]:
        """The fields of the round that stay the same through it, but the results and the
        finished rounds' actions, with the state's cached ``scores`` and ``_params``."""
        if self.fixed is not None:
            return self.fixed
        round_number, extra_round, dealer, active, scores, _ = game.round_facts()
        self.fixed = {
            "round_number": round_number,
            "extra_round": extra_round,
            "dealer": dealer,
            "active": tuple(active),
            "scores": tuple(scores),
            "_params": round_params(rules, round_number, extra_round),
        }
        return self.fixed

    def read_results(
        self, source: _core.Game | _core.SeatView, rules: Rules
    ) -> tuple[RoundResult, ...]:
        """The finished rounds' results, read from ``source`` (the round's core game, or a
        seat's view of it) when first asked for."""
        results = self.results
        if results is None:
            known: tuple[RoundResult, ...] = ()
            earlier = self.before  # the nearest earlier round whose results were read
            while earlier is not None:
                if earlier.results is not None:
                    known = earlier.results
                    break
                earlier = earlier.before
            results = known + _results(source.results_from(len(known)), rules)
            self.results = results
            self.before = None  # (the results are in; let the old memos go)
        return results

    def finished(self, game: _core.Game, rules: Rules) -> dict[str, Any]:
        """The finished rounds' results and actions (``results`` and ``past_actions``)."""
        results = self.read_results(game, rules)
        past = self.past
        if past is None:
            past = self.past = tuple(game.actions[: game.round_facts()[5]])
        return {"results": results, "past_actions": past}


def read_round(game: _core.Game, rules: Rules, memo: RoundMemo, values: dict[str, Any]) -> None:
    """Put into ``values`` (a state's ``__dict__``) the fields of ``game``'s state as
    :class:`fivecrowns.GameState` names them (with the values it caches that stay the same
    through the round), but the player to act and the phase (known already), the stock and
    the round's history (read on their own)."""
    (
        hands,
        discard_pile,
        table,
        went_out,
        final_turns_left,
        taken,
        turns,
        reshuffles,
        round_scores,
        laid_off,
        selection,
    ) = game.round_fields()
    fixed = memo.read(game, rules)
    values.update(fixed)
    values["hands"] = hands
    values["discard_pile"] = discard_pile
    values["table"] = (
        tuple(_table_meld(memo, placed, fixed["_params"].wild_rank, rules) for placed in table)
        if table
        else ()
    )
    values["went_out"] = went_out
    values["final_turns_left"] = final_turns_left
    values["taken"] = taken
    values["turns"] = turns
    values["reshuffles"] = reshuffles
    values["round_scores"] = round_scores
    values["laid_off"] = laid_off
    values["selection"] = selection


def _table_meld(
    memo: RoundMemo, placed: tuple[int, str, tuple[int, ...]], wild_rank: int | None, rules: Rules
) -> TableMeld:
    found = memo.melds.get(placed)
    if found is None:
        owner, kind, codes = placed
        found = memo.melds[placed] = TableMeld(owner, _meld(kind, codes, wild_rank, rules))
    return found


#: The fields of a view of a state the core plays that are read from the core when first
#: asked for (all but ``results`` together, in one call).
VIEW_FIELDS: Final = frozenset(
    {
        "hand",
        "hand_sizes",
        "stock_size",
        "discard_pile",
        "table",
        "went_out",
        "final_turns_left",
        "taken",
        "turns",
        "selection",
        "laid_off",
        "results",
    }
)


def view_values(values: dict[str, Any], p: int) -> dict[str, Any]:
    """The ``__dict__`` of seat ``p``'s view of a state the core plays (``values``, the
    state's ``__dict__``): the fields known without reading the round, and what reads the
    others (:data:`VIEW_FIELDS`) when first asked for: the seat's view of the core game
    (which can read nothing the seat may not know) and the round's memo. The view keeps no
    reference to the state."""
    game: _core.Game = values["_game"]
    rules: Rules = values["rules"]
    memo: RoundMemo = values["_round"]
    fixed = memo.read(game, rules)
    params = fixed["_params"]
    phase = values["phase"]
    over = phase is Phase.OVER
    return {
        "player": p,
        "players": values["players"],
        "rules": rules,
        "round_number": fixed["round_number"],
        "extra_round": fixed["extra_round"],
        "hand_size": params.hand_size,
        "wild_rank": params.wild_rank,
        "dealer": fixed["dealer"],
        "active": fixed["active"],
        "current_player": None if over else values["current"],
        "phase": phase,
        "scores": fixed["scores"],
        "history": values["public_history"],
        "winners": winners(memo.read_results(game, rules), fixed["scores"], rules) if over else (),
        "_seat": game.seat_view(p),
        "_round": memo,
    }


def read_view(values: dict[str, Any], name: str) -> None:
    """Put field ``name`` of a view of a state the core plays (``values``, the view's
    ``__dict__`` from :func:`view_values`) into ``values``, with the fields read with it."""
    seat: _core.SeatView = values["_seat"]
    memo: RoundMemo = values["_round"]
    rules: Rules = values["rules"]
    if name == "results":
        values["results"] = memo.read_results(seat, rules)
        return
    (hand, sizes, stock_size, pile, table, went_out, left, taken, turns, selection, laid_off) = (
        seat.fields()
    )
    wild_rank = values["wild_rank"]
    values["hand"] = hand
    values["hand_sizes"] = sizes
    values["stock_size"] = stock_size
    values["discard_pile"] = pile
    values["table"] = (
        tuple(_table_meld(memo, placed, wild_rank, rules) for placed in table) if table else ()
    )
    values["went_out"] = went_out
    values["final_turns_left"] = left
    values["taken"] = taken
    values["turns"] = turns
    values["selection"] = selection
    values["laid_off"] = laid_off
