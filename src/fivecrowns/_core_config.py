"""Shared definitions of the hand solver core: card codes, ``CoreConfig`` and small helpers.

Card code: natural card = suit_index * 11 + (rank - 3) (0..54), joker = 55.  Imported by
every other ``_solver_core`` module (``_sweep``, ``_suitdp``, ``_solve``, ``_arrange``);
imports none of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import astuple, dataclass
from functools import cached_property

JOKER = 55
_CACHE_SIZE = 1 << 16

Meld = tuple[str, tuple[int, ...]]
Arrangement = tuple[tuple[Meld, ...], tuple[int, ...], int]


@dataclass(frozen=True)
class CoreConfig:
    """Rule options the core needs (hashable, with the hash computed once: it is part of
    every cache key)."""

    packs: int = 2
    all_wild_melds: bool = True
    max_wilds_per_meld: int | None = None
    wilds_at_most_naturals: bool = False
    distinct_suit_books: bool = False
    wild_points: int = 20
    joker_points: int = 50

    @cached_property
    def _hash(self) -> int:
        return hash(astuple(self))

    @cached_property
    def _suit_dp(self) -> bool:
        """True when the suit DP (``_suitdp``) may take hands of these rules: the meld
        rules are the default ones and no pack count lets a card be held 4 times."""
        return self.packs <= 3 and _is_default(self)

    def __hash__(self) -> int:
        return self._hash


def _is_default(cfg: CoreConfig) -> bool:
    """True when a spare wild can always join an existing meld for free."""
    return (
        cfg.max_wilds_per_meld is None
        and not cfg.wilds_at_most_naturals
        and not cfg.distinct_suit_books
    )


def _points(code: int, wild_rank: int, cfg: CoreConfig) -> int:
    if code == JOKER:
        return cfg.joker_points
    r = code % 11 + 3
    return cfg.wild_points if r == wild_rank else r


_INF = 1 << 30


def _lowbit_pos(x: int) -> int:
    return (x & -x).bit_length() - 1


_RI = [c % 11 for c in range(56)]
_CNT_BIT = [1 << (3 * (c // 11)) for c in range(55)] + [0]
_OCC_BIT = [1 << (5 * (c % 11) + c // 11) for c in range(55)] + [0]


def _is_wild(code: int, wild_rank: int) -> bool:
    return code == JOKER or code % 11 + 3 == wild_rank


def _remove(items: tuple[int, ...], sub: Sequence[int]) -> tuple[int, ...]:
    rest = list(items)
    for c in sub:
        rest.remove(c)
    return tuple(rest)


# --------------------------------------------------------------------------------------
# Liveness: a natural is live iff it belongs to SOME meld that is valid under default
# rules with at most W wilds (default rules allow a superset of the melds of any options).
# Book: needs (other naturals of its rank) + W >= 2.  Run: some window of 3 consecutive
# ranks containing it holds >= 3 - W distinct ranks of its suit (a run with <= W wilds
# containing the card contains such a window, and such a window is such a run).


def _live_flags(
    nat: list[int], ncount: list[int], w_count: int, test: list[int] | None = None
) -> tuple[list[bool], list[int]]:
    """Live flag per code of ``test`` (default ``nat``).

    ``nat`` = every distinct natural code of the hand, ``ncount`` = count per code.
    """
    if test is None:
        test = nat
    if w_count >= 2:
        return [True] * len(test), ncount
    need = 3 - w_count
    rank_tot = [0] * 11
    for code in nat:
        rank_tot[code % 11] += ncount[code]
    flags = []
    for code in test:
        ri = code % 11
        if rank_tot[ri] - 1 + w_count >= 2:
            flags.append(True)
            continue
        base = code - ri
        ok = False
        for a in range(max(0, ri - 2), min(ri, 8) + 1):
            occ = (ncount[base + a] > 0) + (ncount[base + a + 1] > 0) + (ncount[base + a + 2] > 0)
            if occ >= need:
                ok = True
                break
        flags.append(ok)
    return flags, ncount
