"""The public record of a round: its parameters, the melds on the table, how each hand ended
it (:class:`FinalLayout`) and its result (:class:`RoundResult`).

These records belong to the game layer; :mod:`fivecrowns.game.views` and the package re-export
them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple, Protocol

import attrs

from ..cards import Card, format_cards
from ..melds import Meld
from ..rules import Rules

__all__ = [
    "FinalLayout",
    "RoundParams",
    "RoundResult",
    "TableMeld",
    "round_facts_dict",
    "round_params",
    "seats_after",
    "tied",
    "winners",
]


class RoundParams(NamedTuple):
    """What a round deals: the hand size and the wild rank (None: only jokers are wild)."""

    hand_size: int
    wild_rank: int | None


def round_params(rules: Rules, round_number: int, extra_round: int = 0) -> RoundParams:
    """The hand size and wild rank of round ``round_number`` of the schedule, or of tie-break
    round ``extra_round`` (1, 2, ...): ``rules.extra_round_hand_size`` cards, wild rank that
    size when it is 3..13 (else only jokers are wild). The one place the game reads them."""
    if extra_round:
        size = rules.extra_round_hand_size
        return RoundParams(size, size if 3 <= size <= 13 else None)
    return RoundParams(rules.hand_size(round_number), rules.wild_rank(round_number))


class RoundFacts(Protocol):
    """The public facts of a round in progress that a state and a player's view share."""

    @property
    def discard_pile(self) -> tuple[Card, ...]: ...
    @property
    def table(self) -> tuple[TableMeld, ...]: ...
    @property
    def went_out(self) -> int | None: ...
    @property
    def final_turns_left(self) -> tuple[int, ...]: ...
    @property
    def taken(self) -> Card | None: ...
    @property
    def turns(self) -> int: ...


def round_facts_dict(facts: RoundFacts) -> dict[str, Any]:
    """The JSON-ready form of the public facts of a round in progress."""
    return {
        "discard_pile": format_cards(facts.discard_pile),
        "table": [placed.to_dict() for placed in facts.table],
        "went_out": facts.went_out,
        "final_turns_left": list(facts.final_turns_left),
        "taken": None if facts.taken is None else str(facts.taken),
        "turns": facts.turns,
    }


def _meld_dict(meld: Meld) -> dict[str, Any]:
    return {"kind": meld.kind.value, "cards": format_cards(meld.cards)}


@attrs.frozen
class TableMeld:
    """A meld on the table: who laid it down (``owner``) and the meld (which grows when
    cards are laid off onto it)."""

    owner: int
    meld: Meld

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready form: owner, kind and cards (the meld is rebuilt from them)."""
        return {"owner": self.owner, **_meld_dict(self.meld)}


@attrs.frozen
class FinalLayout:
    """How one hand ended a round, as the engine scored it.

    ``melds`` are the player's melds on the table at the end of the round (laid down going
    out or in the final turn, or arranged by the engine when the round ended), as they stand
    then: with any cards other players laid off onto them. ``laid_off`` are the player's cards
    laid off onto other players' melds (``Rules(lay_off=True)``); ``deadwood`` the cards left
    in hand, which score; ``points`` what ``deadwood`` costs. ``points`` never includes the
    go-out bonus: the player who went out has no deadwood and 0 points, and their round score
    in :attr:`RoundResult.scores` is ``points + rules.go_out_bonus``.
    """

    melds: tuple[Meld, ...]
    laid_off: tuple[Card, ...]
    deadwood: tuple[Card, ...]
    points: int

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready form (each meld as its kind and cards)."""
        return {
            "melds": [_meld_dict(meld) for meld in self.melds],
            "laid_off": format_cards(self.laid_off),
            "deadwood": format_cards(self.deadwood),
            "points": self.points,
        }


@attrs.frozen
class RoundResult:
    """The outcome of one finished round.

    ``scores`` gives each player's score for the round (``None`` for a player not dealt in,
    in a tie-break round); ``went_out`` is who went out (None if nobody did); ``ended`` says
    how the round ended: ``"out"`` (the final turns were played), ``"stock"`` (the stock ran
    out with nothing to reshuffle) or ``"turn_limit"`` (the ``turn_limit`` safeguard).
    ``extra_round`` is 0 for a round of the schedule and 1, 2, ... for tie-break rounds.
    ``layouts`` holds each seat's :class:`FinalLayout` (None for a seat not dealt in); a
    player's score is its layout's ``points``, plus ``go_out_bonus`` for the player who went
    out. It is empty only for a round loaded from a save written before layouts were
    recorded (such a round's JSON has no ``layouts`` field).
    """

    round_number: int
    extra_round: int
    hand_size: int
    wild_rank: int | None
    dealer: int
    went_out: int | None
    scores: tuple[int | None, ...]
    ended: str
    layouts: tuple[FinalLayout | None, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready form."""
        return {
            "round_number": self.round_number,
            "extra_round": self.extra_round,
            "hand_size": self.hand_size,
            "wild_rank": self.wild_rank,
            "dealer": self.dealer,
            "went_out": self.went_out,
            "scores": list(self.scores),
            "ended": self.ended,
            **(
                {"layouts": [None if lay is None else lay.to_dict() for lay in self.layouts]}
                if self.layouts
                else {}
            ),
        }


def seats_after(active: tuple[int, ...], players: int, seat: int) -> tuple[int, ...]:
    """The players dealt in (``active``), in turn order from the one left of ``seat``."""
    return tuple(sorted(active, key=lambda p: (p - seat - 1) % players))


def finished_seats(
    active: tuple[int, ...], players: int, went_out: int | None, left: tuple[int, ...]
) -> tuple[int, ...]:
    """The seats that finished the round, in order: who went out, then those who took their
    final turn (the others of ``active`` not in ``left``, who still take theirs)."""
    if went_out is None:
        return ()
    others = (seat for seat in seats_after(active, players, went_out) if seat != went_out)
    return (went_out, *(seat for seat in others if seat not in left))


def tied(
    results: tuple[RoundResult, ...], totals: tuple[int, ...], rules: Rules
) -> tuple[int, ...]:
    """The players who must play a tie-break round after ``results`` (empty: none is due)."""
    if rules.tie_break != "extra_round":
        return ()
    last = results[-1]
    if last.extra_round:
        played = {p: score for p, score in enumerate(last.scores) if score is not None}
    else:
        played = dict(enumerate(totals))
    low = min(played.values())
    even = tuple(p for p in sorted(played) if played[p] == low)
    return even if len(even) > 1 else ()


def winners(
    results: tuple[RoundResult, ...], totals: tuple[int, ...], rules: Rules
) -> tuple[int, ...]:
    """Who won a finished game with these results and total scores."""
    low = min(totals)
    lowest = tuple(p for p, total in enumerate(totals) if total == low)
    if len(lowest) == 1 or rules.tie_break == "shared":
        return lowest
    if rules.tie_break == "most_rounds_out":
        outs = Counter(result.went_out for result in results if not result.extra_round)
        most = max(outs[p] for p in lowest)
        return tuple(p for p in lowest if outs[p] == most)
    last = results[-1]
    played = {p: score for p, score in enumerate(last.scores) if score is not None}
    best = min(played.values())
    return tuple(p for p in sorted(played) if played[p] == best)
