"""The compiled core (``fivecrowns._core``, Rust) behind the interface of the Python engine.

Each rule set is compiled once into a ``_core.Solver`` (its meld and scoring options); the
functions below take card codes in any order, a wild rank (0: only jokers are wild) and the
rules, exactly as those of ``_discards`` do, and return the same answers: the core runs the
same search as ``_search`` and picks the same arrangement. The core takes hands of any size
the rules' deck holds. :func:`fast_path` makes the public functions' fast path
(``_core.Fast``), which reads the package's cards and builds its melds itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from .. import _core
from ..cards import CARDS, Card, Rank
from ..melds import Meld, MeldKind
from ..rules import Rules
from . import _arrangement
from ._layout import Layout

__all__ = [
    "arrange",
    "best_discard",
    "best_discard_value",
    "cache_clear",
    "can_out",
    "discard_values",
    "fast_path",
    "least",
    "least_counts",
    "least_hands",
    "least_laying_off",
    "outs",
    "solver",
]

# the core reads a canonical card's code by its address (every card the package makes is one)
_core.canonical_cards(CARDS, Card)


def solver(rules: Rules) -> _core.Solver:
    """The compiled solver of a rule set (kept for the last :data:`_KEPT` rule sets; one costs
    well under a microsecond to make again)."""
    found = _SOLVERS.get(rules)
    if found is None:
        found = _core.Solver(
            rules.packs,
            rules.distinct_suit_books,
            rules.max_wilds_per_meld,
            rules.all_wild_melds,
            rules.wild_points,
            rules.joker_points,
        )
        if len(_SOLVERS) >= _KEPT:
            _SOLVERS.clear()
        _SOLVERS[rules] = found
    return found


_SOLVERS: dict[Rules, _core.Solver] = {}
_KEPT: Final = 64


def _layout(raw: tuple[list[tuple[str, tuple[int, ...]]], tuple[int, ...], int]) -> Layout:
    melds, deadwood, points = raw
    return Layout(tuple(melds), deadwood, points)


def least(codes: Sequence[int], wild_rank: int, rules: Rules) -> int:
    """The least deadwood of a hand."""
    return solver(rules).least(codes, wild_rank)


def least_laying_off(codes: Sequence[int], wild_rank: int, rules: Rules, free_ranks: int) -> int:
    """The least deadwood of a final hand whose wilds and naturals of the ranks of
    ``free_ranks`` can be laid off onto the table's books (see ``_discards``)."""
    return solver(rules).least_laying_off(codes, wild_rank, free_ranks)


def arrange(codes: Sequence[int], wild_rank: int, rules: Rules) -> Layout:
    """An optimal arrangement of a hand (the search's)."""
    return _layout(solver(rules).arrange(codes, wild_rank))


def discard_values(codes: Sequence[int], wild_rank: int, rules: Rules) -> dict[int, int]:
    """For each distinct code of a hand: the least deadwood after discarding one copy."""
    return dict(solver(rules).discard_values(codes, wild_rank))


def best_discard(codes: Sequence[int], wild_rank: int, rules: Rules) -> tuple[int, Layout]:
    """The discard leaving the least deadwood, and the arrangement of the rest."""
    card, rest = solver(rules).best_discard(codes, wild_rank)
    return card, _layout(rest)


def best_discard_value(codes: Sequence[int], wild_rank: int, rules: Rules) -> tuple[int, int]:
    """The discard ``best_discard`` chooses and the least deadwood it leaves."""
    return solver(rules).best_discard_value(codes, wild_rank)


def can_out(codes: Sequence[int], wild_rank: int, rules: Rules) -> bool:
    """True when some discard leaves no deadwood (False for an empty hand)."""
    return solver(rules).can_out(codes, wild_rank)


def outs(codes: Sequence[int], wild_rank: int, rules: Rules) -> tuple[int, ...]:
    """The sorted codes whose draw lets the hand go out after one discard."""
    return solver(rules).outs(codes, wild_rank)


def least_hands(
    hands: Iterable[object],
    wild_rank: int,
    rules: Rules,
    threads: int,
    codes_of: Callable[[Any], list[int]],
) -> npt.NDArray[np.int64]:
    """The least deadwood of each hand (the core reads a hand of the package's cards itself,
    and any other from ``codes_of``, which checks it), on ``threads`` threads."""
    return solver(rules).least_cards(hands, wild_rank, threads, Card, codes_of)


def least_counts(
    counts: npt.NDArray[np.integer[Any]],
    wild_rank: int,
    rules: Rules,
    threads: int,
    codes_of: Callable[[Any], list[int]],
) -> npt.NDArray[np.int64]:
    """The least deadwood of each row of an N x 56 array of card counts (the core checks the
    copies; ``codes_of`` is not needed), on ``threads`` threads."""
    return solver(rules).least_counts(counts.astype(np.int64, copy=False), wild_rank, threads)


def fast_path(rules: Rules, melded: Rules, current: _core.Fast | None) -> _core.Fast:
    """The fast path answering for ``rules`` (``melded`` its melded twin, which ``can_out``
    and ``melds_all`` ask), and for the last few rule sets ``current`` answers for."""
    # (can_go_out under go_out_without_discard asks more than the melded twin's can_out)
    can_go_out = not rules.go_out_without_discard
    made, twin = solver(rules), solver(melded)
    if current is not None:
        return current.with_rules(rules, made, twin, can_go_out)
    return _core.Fast(rules, made, twin, can_go_out, _KIT)


class _Kit:
    """What the fast path reads and builds answers with: the package's ``Card`` and ``Rank``
    types, its ``Arrangement``, ``DiscardValue`` and ``Meld`` types and the two kinds of
    meld (it builds them trusted: the core's melds are valid and laid out as the package
    lays them out), and the public melds handed out (a cache it keeps as ``_arrangement``
    does)."""

    card_type = Card
    rank_type = Rank
    arrangement_type = _arrangement.Arrangement
    discard_value_type = _arrangement.DiscardValue
    meld_type = Meld
    book = MeldKind.BOOK
    run = MeldKind.RUN
    melds = _arrangement.MELDS
    most_melds = _arrangement.MOST_MELDS


_KIT: Final = _Kit()


def cache_clear() -> None:
    """The core keeps no results; only the compiled rule sets are dropped."""
    _SOLVERS.clear()
