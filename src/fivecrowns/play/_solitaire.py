"""Solitaire statistics: many seeded games of one policy (:func:`solitaire_stats`), and how
often it wins, with a Wilson interval (:class:`SolitaireResult`)."""

from __future__ import annotations

import concurrent.futures
import functools
import math
import random
from typing import Any, Final, Literal

import attrs

from .._shuffle import derive_seed
from ..errors import FiveCrownsError
from ..game.solitaire import SolitaireState, greedy_action, random_action
from ..rules import OFFICIAL, Rules
from ._parallel import check_run, run_chunked
from ._results import mean_ci

__all__ = ["SolitairePolicy", "SolitaireResult", "solitaire_seed", "solitaire_stats"]

#: z for a two-sided 95% interval (normal approximation).
_Z95: Final = 1.959963984540054


#: The Solitaire policies :func:`solitaire_stats` plays (see :mod:`fivecrowns.game.solitaire`).
SolitairePolicy = Literal["greedy", "random"]
_POLICIES: Final = ("greedy", "random")


def solitaire_seed(seed: int, game: int) -> int:
    """The deal seed of game number ``game`` (from 0) of a Solitaire run with seed ``seed``
    (every policy plays the same deals); a ``"random"`` policy's generator is seeded with it
    too.

    >>> solitaire_seed(0, 0) == solitaire_seed(0, 0) != solitaire_seed(0, 1)
    True
    """
    return derive_seed("fivecrowns/simulate/solitaire", seed, game)


def _solitaire_chunk(
    rules_data: dict[str, Any], policy: str, seed: int, start: int, stop: int
) -> list[tuple[bool, int]]:
    """Play games ``start`` to ``stop - 1`` of a Solitaire run; each gives (won, deadwood
    left). Runs in a worker."""
    rules = Rules.from_dict(rules_data)
    results = []
    for game in range(start, stop):
        deal = solitaire_seed(seed, game)
        state = SolitaireState.new(rules=rules, seed=deal)
        rng = random.Random(deal)
        while not state.is_over:
            action = greedy_action(state) if policy == "greedy" else random_action(state, rng)
            state = state.apply(action)
        results.append((state.won, state.deadwood))
    return results


def _wilson(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    z2 = _Z95 * _Z95
    p = successes / trials
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = _Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    half /= 1 + z2 / trials
    # With no success (or no failure) the bound is exactly 0 (or 1), rounding aside.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


@attrs.frozen
class SolitaireResult:
    """The results of :func:`solitaire_stats`: the policy, rules, seed and number of games;
    the games won, the win rate and its 95% Wilson score interval ``(low, high)``; the mean
    deadwood left when the draw pile ran out (0 for a win) and its 95% confidence interval
    ``(low, high)`` (normal approximation, as :class:`EntryStats`; one game gives the
    interval ``(mean, mean)``); and each game's ``deadwood``, for further analysis."""

    policy: str
    rules: Rules
    seed: int
    games: int
    wins: int
    win_rate: float
    win_rate_ci95: tuple[float, float]
    mean_deadwood: float
    mean_deadwood_ci95: tuple[float, float]
    deadwood: tuple[int, ...] = attrs.field(repr=False)

    def to_dict(self) -> dict[str, Any]:
        """Everything as JSON-ready data (rules as :meth:`Rules.to_dict`)."""
        data = attrs.asdict(self, recurse=False)
        data["rules"] = self.rules.to_dict()
        for name in ("win_rate_ci95", "mean_deadwood_ci95", "deadwood"):
            data[name] = list(data[name])
        return data


def solitaire_stats(
    policy: SolitairePolicy = "greedy",
    *,
    games: int,
    rules: Rules = OFFICIAL,
    seed: int = 0,
    jobs: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    progress: bool | None = None,
) -> SolitaireResult:
    """Play ``games`` games of Solitaire with a policy and sum them up: ``"greedy"``
    (:func:`~fivecrowns.game.solitaire.greedy_action`) or ``"random"``
    (:func:`~fivecrowns.game.solitaire.random_action`). Game ``i`` is dealt from
    :func:`solitaire_seed` ``(seed, i)``, so every policy plays the same deals, and the result
    is the same however the games run: ``jobs``, ``executor`` and ``progress`` work as in
    :func:`tournament`.

    >>> result = solitaire_stats("greedy", games=4, seed=1, jobs=1)
    >>> result.wins, result.deadwood, result.mean_deadwood
    (1, (15, 41, 14, 0), 17.5)
    """
    if policy not in _POLICIES:
        raise FiveCrownsError(f"policy must be 'greedy' or 'random', got {policy!r}")
    check_run(rules, games, seed, jobs)
    task = functools.partial(_solitaire_chunk, rules.to_dict(), policy, seed)
    label = f"{policy} games"
    return run_chunked(
        task,
        games,
        executor,
        jobs,
        progress,
        label,
        functools.partial(_result, policy, rules, seed),
    )


def _result(
    policy: SolitairePolicy, rules: Rules, seed: int, outcomes: list[tuple[bool, int]]
) -> SolitaireResult:
    """The summary of the games played (each a win or not and its deadwood left)."""
    games = len(outcomes)
    wins = sum(won for won, _ in outcomes)
    deadwood = tuple(left for _, left in outcomes)
    mean, half, _ = mean_ci(deadwood)
    if games == 1:
        half = 0.0
    return SolitaireResult(
        policy=policy,
        rules=rules,
        seed=seed,
        games=games,
        wins=wins,
        win_rate=wins / games,
        win_rate_ci95=_wilson(wins, games),
        mean_deadwood=mean,
        mean_deadwood_ci95=(mean - half, mean + half),
        deadwood=deadwood,
    )
