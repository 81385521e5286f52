"""TEMPORARY adapter over the old core (not to be committed)."""
from __future__ import annotations
from typing import NamedTuple
from . import _solver_core as _core
from .rules import Rules

class Score(NamedTuple):
    points: int
    unmelded: int

class Solution(NamedTuple):
    score: Score
    melds: tuple[tuple[str, tuple[int, ...]], ...]
    deadwood: tuple[int, ...]

def _cfg(rules: Rules) -> _core.CoreConfig:
    limit = rules.max_wilds_per_meld
    return _core.CoreConfig(packs=rules.packs, all_wild_melds=rules.all_wild_melds,
        max_wilds_per_meld=limit if isinstance(limit, int) else None,
        wilds_at_most_naturals=limit == "naturals", distinct_suit_books=rules.distinct_suit_books,
        wild_points=rules.wild_points, joker_points=rules.joker_points)

def score(codes, wild_rank, rules, cutoff=None):
    return Score(_core.min_deadwood(codes, wild_rank, _cfg(rules)), 0)

def solve(codes, wild_rank, rules):
    m, d, p = _core.arrange(codes, wild_rank, _cfg(rules))
    return Solution(Score(p, len(d)), m, d)

def discard_scores(codes, wild_rank, rules):
    return {c: Score(v, 0) for c, v in _core.discard_values(codes, wild_rank, _cfg(rules)).items()}

import types as _types
from . import _arrange as _a, _solve as _s
_dummy = _types.SimpleNamespace(applies=lambda cfg: False, ON=False)
_a._suitdp = _dummy
_s._suitdp = _dummy
_core._suitdp = _dummy
