"""What a tournament finds: each entry's :class:`EntryStats`, the whole
:class:`TournamentResult` (as a table, rows, CSV or a dict) and the paired
:class:`ScoreDifference` of two entries."""

from __future__ import annotations

import csv
import io
import math
import statistics
from collections.abc import Sequence
from typing import Any, Final

import attrs

from ..errors import FiveCrownsError
from ..rules import Rules

__all__ = ["EntryStats", "ScoreDifference", "Summary", "TournamentResult", "mean_ci", "summarise"]

#: z for a two-sided 95% interval (normal approximation).
_Z95: Final = 1.959963984540054

# What a worker returns per game, by entry (not seat): total scores, the winners, each
# round's scores (rounds of the schedule only) and who went out in each round (-1: nobody).
Summary = tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]


@attrs.frozen
class ScoreDifference:
    """A mean difference of scores per game (``a`` minus ``b``; negative means ``a`` scored
    less, which is better) with the half-width of its 95% confidence interval."""

    a: str
    b: str
    games: int
    mean: float
    ci95: float

    @property
    def significant(self) -> bool:
        """True if zero lies outside the 95% confidence interval."""
        return abs(self.mean) > self.ci95

    def __str__(self) -> str:
        return (
            f"{self.a} - {self.b}: {self.mean:+.2f} ± {self.ci95:.2f} points per game "
            f"(95% CI, {self.games} games)"
        )


@attrs.frozen
class EntryStats:
    """One bot entry's results over a tournament.

    - ``mean_score`` and ``ci95``: mean total score per game and the half-width of its 95%
      confidence interval (normal approximation, ``1.96 * sd / sqrt(games)``); ``sd`` is the
      sample standard deviation of the game scores.
    - ``wins``: games won, a win shared by ``k`` players counting ``1/k``; ``win_rate`` is
      that over the games.
    - ``rounds``, ``rounds_out`` and ``go_out_rate``: rounds played (of the schedule;
      tie-break rounds are left out), rounds this bot went out in, and their ratio.
    - ``mean_round_points``: its mean score per round.
    - ``go_out_by_round`` and ``points_by_round``: the same two by round number (index 0 is
      round 1).
    """

    index: int
    name: str
    games: int
    mean_score: float
    ci95: float
    sd: float
    wins: float
    win_rate: float
    rounds: int
    rounds_out: int
    go_out_rate: float
    mean_round_points: float
    go_out_by_round: tuple[float, ...]
    points_by_round: tuple[float, ...]

    @property
    def label(self) -> str:
        """``"<index>:<name>"``, unique within a tournament."""
        return f"{self.index}:{self.name}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        data = attrs.asdict(self)
        data["go_out_by_round"] = list(self.go_out_by_round)
        data["points_by_round"] = list(self.points_by_round)
        return data


_COLUMNS: Final = (
    "index",
    "name",
    "games",
    "mean_score",
    "ci95",
    "sd",
    "wins",
    "win_rate",
    "rounds",
    "rounds_out",
    "go_out_rate",
    "mean_round_points",
)


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean, the half-width of its 95% confidence interval (normal approximation;
    infinite for fewer than two values) and the sample standard deviation."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf, 0.0
    sd = statistics.stdev(values)
    return mean, _Z95 * sd / math.sqrt(len(values)), sd


@attrs.frozen
class TournamentResult:
    """The results of :func:`tournament`: the entries (``bots``, the names in the order
    given), the rules, seed and number of games, each entry's :class:`EntryStats`
    (``entries``), and every game's total score per entry (``scores``, for further analysis).

    ``str(result)`` (or :meth:`table`) is a plain-text table; :meth:`to_dict`, :meth:`rows` and
    :meth:`to_csv` give the numbers as data; :meth:`difference` compares two bots game by game.
    """

    bots: tuple[str, ...]
    rules: Rules
    seed: int
    games: int
    entries: tuple[EntryStats, ...]
    scores: tuple[tuple[int, ...], ...] = attrs.field(repr=False)

    def _members(self, who: int | str) -> list[int]:
        if isinstance(who, int) and not isinstance(who, bool):
            if not 0 <= who < len(self.bots):
                raise FiveCrownsError(
                    f"entry index must be from 0 to {len(self.bots) - 1}, got {who!r}"
                )
            return [who]
        members = [index for index, name in enumerate(self.bots) if name == who]
        if not members:
            raise FiveCrownsError(f"no entry named {who!r}; the entries are {', '.join(self.bots)}")
        return members

    def difference(self, a: int | str, b: int | str) -> ScoreDifference:
        """The mean per game of ``a``'s score minus ``b``'s, with its 95% confidence interval
        (paired by game, so the luck of the deal cancels out). ``a`` and ``b`` are entry
        indices or bot names (a name stands for the mean of all entries with that name, e.g.
        two ``"strong"`` against two ``"greedy"``)."""
        first, second = self._members(a), self._members(b)
        diffs = [
            math.fsum(game[i] for i in first) / len(first)
            - math.fsum(game[i] for i in second) / len(second)
            for game in self.scores
        ]
        mean, ci95, _ = mean_ci(diffs)
        return ScoreDifference(self._label(a), self._label(b), len(diffs), mean, ci95)

    def _label(self, who: int | str) -> str:
        return who if isinstance(who, str) else f"{who}:{self.bots[who]}"

    def rows(self) -> list[dict[str, Any]]:
        """One dict per entry with the summary columns (no per-round lists)."""
        return [{column: getattr(entry, column) for column in _COLUMNS} for entry in self.entries]

    def to_csv(self) -> str:
        """:meth:`rows` as CSV text with a header line."""
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=_COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(self.rows())
        return out.getvalue()

    def to_dict(self) -> dict[str, Any]:
        """Everything as JSON-ready data (rules as :meth:`Rules.to_dict`)."""
        return {
            "bots": list(self.bots),
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "games": self.games,
            "entries": [entry.to_dict() for entry in self.entries],
            "scores": [list(game) for game in self.scores],
        }

    def table(self, *, ascii: bool = False) -> str:
        """A plain-text table, best mean score first; ``ascii=True`` writes ``+/-`` for
        ``±`` (for terminals that cannot show it)."""
        plus_minus, width = ("+/- 95% CI", 10) if ascii else ("± 95% CI", 9)
        header = (
            f"{'bot':<14} {'mean score':>10} {plus_minus:>{width}} {'win rate':>9} "
            f"{'out rate':>9} {'pts/round':>10}"
        )
        lines = [
            f"{self.games} games, {len(self.bots)} players, seats rotated, seed {self.seed}",
            header,
            "-" * len(header),
        ]
        for entry in sorted(self.entries, key=lambda entry: (entry.mean_score, entry.index)):
            lines.append(
                f"{entry.label:<14} {entry.mean_score:10.2f} {entry.ci95:{width}.2f} "
                f"{entry.win_rate:9.3f} {entry.go_out_rate:9.3f} {entry.mean_round_points:10.2f}"
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def summarise(
    names: tuple[str, ...], rules: Rules, seed: int, games: list[Summary]
) -> TournamentResult:
    count = len(games)
    rounds = rules.rounds
    entries: list[EntryStats] = []
    for entry, name in enumerate(names):
        totals = [float(game[0][entry]) for game in games]
        mean, ci95, sd = mean_ci(totals)
        wins = math.fsum(1 / len(game[1]) for game in games if entry in game[1])
        per_round = [[game[2][entry][r] for game in games] for r in range(rounds)]
        out_by_round = [sum(game[3][r] == entry for game in games) for r in range(rounds)]
        played = count * rounds
        rounds_out = sum(out_by_round)
        entries.append(
            EntryStats(
                index=entry,
                name=name,
                games=count,
                mean_score=mean,
                ci95=ci95,
                sd=sd,
                wins=wins,
                win_rate=wins / count,
                rounds=played,
                rounds_out=rounds_out,
                go_out_rate=rounds_out / played,
                mean_round_points=math.fsum(map(math.fsum, per_round)) / played,
                go_out_by_round=tuple(out / count for out in out_by_round),
                points_by_round=tuple(math.fsum(points) / count for points in per_round),
            )
        )
    return TournamentResult(
        bots=names,
        rules=rules,
        seed=seed,
        games=count,
        entries=tuple(entries),
        scores=tuple(game[0] for game in games),
    )
