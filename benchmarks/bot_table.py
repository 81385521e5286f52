"""The bot table: how much each built-in bot beats the others by, with 95% confidence
intervals, the expert's strength against its budget, and its time per decision.

Run: ``python benchmarks/bot_table.py [--games 2000] [--curve-games 500]
[--budgets 16,64,256] [--jobs 2] [--seed 0] [--out benchmarks/data/bot_table.json]``.

Every pair plays official games (11 rounds) in a tournament with seats rotated: with 4
players two of each bot in alternate seats, the difference being the mean total of the first
pair minus that of the second (negative: the first bot scores less, and lowest wins); the
confidence interval is over games, paired, so the luck of the deal cancels out. The curve
plays ``ExpertBot(rollouts=b)`` against two StrongBots for each budget ``b``. The time per
decision is measured in this process over a few games (every decision the bot makes, and
those where it searched), on the engine that runs (see ``fivecrowns.core_info()``).
The results go to ``--out`` as JSON; ``docs/_scripts/figures.py`` draws the docs' figure
from that file.
"""

from __future__ import annotations

import argparse
import functools
import json
import platform
import shlex
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import fivecrowns as fc
from fivecrowns.bots.expert import ExpertBot
from fivecrowns.play.simulate import BotEntry, game_seed, play_game, tournament

#: (first bot, second bot, players): the pairs of the table.
PAIRS = (
    ("expert", "strong", 4),
    ("expert", "greedy", 4),
    ("strong", "greedy", 4),
    ("expert", "strong", 2),
    ("expert", "greedy", 2),
    ("strong", "greedy", 2),
)


@functools.lru_cache
def _entry(name: str, budget: int | None) -> BotEntry:
    if budget is None:
        return name
    return functools.partial(ExpertBot, rollouts=budget)


def play_pair(
    first: BotEntry, second: BotEntry, players: int, games: int, seed: int, jobs: int | None
) -> dict[str, Any]:
    """One row: ``first`` against ``second`` at a table of ``players``."""
    start = time.perf_counter()
    result = tournament(
        [first, second] * (players // 2), games=games, seed=seed, jobs=jobs, progress=False
    )
    elapsed = time.perf_counter() - start
    a, b = result.bots[0], result.bots[1]
    half = players // 2  # entries 0, 2, ... are the first bot; 1, 3, ... the second
    diffs = [(sum(game[0::2]) - sum(game[1::2])) / half for game in result.scores]
    mean = statistics.fmean(diffs)
    ci95 = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    return {
        "first": a,
        "second": b,
        "players": players,
        "games": games,
        "difference": round(mean, 3),
        "ci95": round(ci95, 3),
        "seconds": round(elapsed, 1),
    }


class _Timed:
    """An expert that records how long each decision took, and whether it searched."""

    def __init__(self, budget: int) -> None:
        self.bot = ExpertBot(rollouts=budget)
        self.name = self.bot.name
        self.times: list[float] = []
        self.searched: list[float] = []

    def reset(self, seed: int) -> None:
        self.bot.reset(seed)

    def act(self, view: fc.PlayerView, legal: Sequence[fc.Action]) -> fc.Action:
        start = time.perf_counter()
        choice = self.bot.act(view, legal)
        took = time.perf_counter() - start
        self.times.append(took)
        if len(legal) > 1 and view.went_out is None:
            self.searched.append(took)
        return choice


def decision_times(budget: int, games: int, seed: int) -> dict[str, float]:
    """Milliseconds per expert decision over ``games`` four-player games against StrongBot."""
    timed = [_Timed(budget), _Timed(budget)]
    for game in range(games):
        seats: list[Any] = [timed[0], fc.StrongBot(), timed[1], fc.StrongBot()]
        play_game(seats, seed=game_seed(seed, game))
    times = [t for bot in timed for t in bot.times]
    searched = sorted(t for bot in timed for t in bot.searched)
    return {
        "budget": budget,
        "decisions": len(times),
        "mean_ms": round(1000 * statistics.fmean(times), 3),
        "mean_searched_ms": round(1000 * statistics.fmean(searched), 3),
        "p99_searched_ms": round(1000 * searched[int(0.99 * (len(searched) - 1))], 3),
        "max_ms": round(1000 * max(times), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pair")
    parser.add_argument("--curve-games", type=int, default=500, help="games per budget")
    parser.add_argument("--budgets", default="16,64,256", help="expert budgets for the curve")
    parser.add_argument("--timing-games", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=None, help="processes (default: all cores)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pairs", default="all", help="'all', 'none' or indices, e.g. 0,3")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/data/bot_table.json"))
    args = parser.parse_args()
    budgets = [int(b) for b in args.budgets.split(",") if b]
    chosen = (
        range(len(PAIRS))
        if args.pairs == "all"
        else []
        if args.pairs == "none"
        else [int(i) for i in args.pairs.split(",")]
    )
    expert = ExpertBot()
    print(
        f"engine: {fc.core_info().engine}; expert: ExpertBot() = {expert.rollouts} "
        f"rollouts/decision, at most {expert.card_budget} rollouts x cards in hand"
    )
    print("official rules, seats rotated; difference = first - second, points per game")
    table = []
    for index in chosen:
        first, second, players = PAIRS[index]
        row = play_pair(first, second, players, args.games, args.seed, args.jobs)
        table.append(row)
        print(
            f"{first:>7} vs {second:<7} {players}p  {row['difference']:+8.2f} "
            f"± {row['ci95']:5.2f}  ({row['games']} games, {row['seconds']} s)",
            flush=True,
        )
    curve = []
    for budget in budgets:
        row = play_pair(
            _entry("expert", budget), "strong", 4, args.curve_games, args.seed, args.jobs
        )
        row["budget"] = budget
        row.update(decision_times(budget, args.timing_games, args.seed))
        curve.append(row)
        print(
            f"expert({budget:>4}) vs strong 4p  {row['difference']:+8.2f} ± {row['ci95']:5.2f}"
            f"  ({row['games']} games)  {row['mean_ms']:.2f} ms/decision, "
            f"{row['mean_searched_ms']:.2f} ms searched (p99 {row['p99_searched_ms']:.1f}, "
            f"max {row['max_ms']:.1f})",
            flush=True,
        )
    write(args.out, table, curve)


def write(out: Path, table: list[dict[str, Any]], curve: list[dict[str, Any]]) -> None:
    """Merge this run's rows into ``out`` (a row replaces the earlier one of the same pair or
    budget), each row with the command that measured it."""
    command = shlex.join(["python", "benchmarks/bot_table.py", *sys.argv[1:]])
    if not table and not curve:
        return
    data = json.loads(out.read_text()) if out.exists() else {}
    pairs = {(r["first"], r["second"], r["players"]): r for r in data.get("pairs", [])}
    # which StrongBot played (its take_margin changed after the first tables were measured)
    # and which expert: rows without ``expert_improve`` were measured before it existed, and
    # rows without ``expert_card_budget`` with 256 rollouts a decision and no card budget,
    # rows without ``expert_horizon`` with rollouts to the round's end
    # (and rows without ``strong_takes_certain_out`` before StrongBot took every top discard
    # that lets it go out at once)
    version = {
        "strong_take_margin": fc.StrongBot().take_margin,
        "strong_takes_certain_out": True,
        "command": command,
    }
    bot = ExpertBot()
    expert = {
        "expert_improve": bot.improve,
        "expert_card_budget": bot.card_budget,
        "expert_horizon": bot.horizon,
    }
    for row in table:
        played = (
            {**expert, "expert_rollouts": bot.rollouts}
            if "expert" in (row["first"], row["second"])
            else {}
        )
        pairs[row["first"], row["second"], row["players"]] = {**row, **version, **played}
    budgets = {r["budget"]: r for r in data.get("curve", [])}
    for row in curve:
        budgets[row["budget"]] = {**row, **version, **expert}
    data.update(
        engine=fc.core_info().engine,
        machine=platform.machine(),
        expert_default_rollouts=bot.rollouts,
        pairs=[pairs[key] for key in sorted(pairs, key=lambda k: (-k[2], k[0], k[1]))],
        curve=[budgets[key] for key in sorted(budgets)],
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=1) + "\n")
    print(f"written to {out}")


if __name__ == "__main__":
    main()
