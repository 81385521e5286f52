"""The compiled core (``fivecrowns._core``, Rust) behind the interface of ``_discards``.

Each rule set is compiled once into a ``_core.Solver`` (its meld and scoring options); the
functions below take sorted or unsorted card codes, a wild rank (0: only jokers are wild) and
the rules, exactly as those of ``_discards`` do, and return the same answers: the core runs
the same search as ``_search`` and picks the same arrangement.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from . import _cache, _core
from ._suitplan import Layout
from .cards import CARDS, Card
from .rules import Rules

__all__ = [
    "arrange",
    "best_discard",
    "cache_clear",
    "can_out",
    "discard_values",
    "least",
    "least_laying_off",
    "outs",
    "solver",
    "supports",
]

# the core reads a canonical card's code by its address (every card the package makes is one)
_core.canonical_cards(CARDS, Card)

#: The largest points an unmelded wild may cost in the core (its sums stay in 64 bits).
MAX_POINTS: Final = 1 << 20


def supports(rules: Rules) -> bool:
    """Can the core take this rule set? (Every option, but points above ``MAX_POINTS``.)"""
    return rules.wild_points <= MAX_POINTS and rules.joker_points <= MAX_POINTS


def solver(rules: Rules) -> _core.Solver:
    """The compiled solver of a rule set (kept per rule set, bounded in bytes by
    ``_cache``; one costs well under a microsecond to make again)."""
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
        if _ACCOUNT.admit(_SOLVER_BYTES):
            _SOLVERS[rules] = found
    return found


_SOLVERS: dict[Rules, _core.Solver] = {}
_ACCOUNT: Final = _cache.account("compiled.solvers", 0.005, _SOLVERS.clear, _SOLVERS.__len__)
#: A solver's bytes: the dict slot and the Python object, and an allowance for the core's
#: side (its per-rule-set state is a few small arrays; the sweep layers are per thread).
_SOLVER_BYTES: Final = _cache.DICT_SLOT + 1024


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


def can_out(codes: Sequence[int], wild_rank: int, rules: Rules) -> bool:
    """True when some discard leaves no deadwood (False for an empty hand)."""
    return solver(rules).can_out(codes, wild_rank)


def outs(codes: Sequence[int], wild_rank: int, rules: Rules) -> tuple[int, ...]:
    """The sorted codes whose draw lets the hand go out after one discard."""
    return solver(rules).outs(codes, wild_rank)


def cache_clear() -> None:
    """The core keeps no results; only the compiled rule sets are dropped."""
    _ACCOUNT.clear()
