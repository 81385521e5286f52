"""Figures for the documentation, drawn from the library's own runs at every docs build."""

from __future__ import annotations

import json
import random
import statistics
import time
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

import fivecrowns as fc


def _forget_hands() -> None:
    """Forget the hands asked about, keeping the tables, as ``benchmarks/bench_core.py``
    does: nothing to do (the solver keeps no per-hand results)."""


def _time_hands(hands: list[list[fc.Card]], wild: int, keep_tables: bool) -> list[float]:
    times = []
    for hand in hands:
        if keep_tables:  # the per-hand result caches only: every hand is new to the solver
            _forget_hands()
        else:
            fc.clear_cache()
        start = time.perf_counter_ns()
        fc.min_deadwood(hand, wild)
        times.append((time.perf_counter_ns() - start) / 1000)
    return times


def solver_time_by_hand_size(path: Path, hands: int = 200) -> None:
    """Median time of ``min_deadwood`` on random hands of every size from 3 to 14 cards (the
    wild rank is the size), on the engine that runs: with every cache cleared before each
    hand, and on new hands once the hand-independent tables are warm (warmed on *other*
    hands, and the per-hand result caches emptied before each timed call, so that no timed
    call is a cache hit)."""
    deck = fc.deck()
    rng = random.Random(2026)
    sizes = list(range(3, 15))
    cold, steady = [], []
    for size in sizes:
        wild = min(size, 13)
        sample = [rng.sample(deck, size) for _ in range(hands)]
        warm_up = [rng.sample(deck, size) for _ in range(hands)]
        cold.append(statistics.median(_time_hands(sample, wild, keep_tables=False)))
        _time_hands(warm_up, wild, keep_tables=True)  # warm the tables up on other hands
        steady.append(statistics.median(_time_hands(sample, wild, keep_tables=True)))
    fig, ax = plt.subplots(figsize=(6, 3.5), dpi=100)
    ax.plot(sizes, cold, marker="o", label="every cache cleared")
    ax.plot(sizes, steady, marker="s", label="new hand, tables warm")
    ax.set_xlabel("cards in hand (wild rank = hand size, K for 14)")
    ax.set_ylabel("median µs per hand")
    engine = fc.core_info().engine
    ax.set_title(f"min_deadwood, random hands, {engine} engine (at docs build)", fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def points_per_round_by_bot(path: Path, games: int = 60) -> None:
    """Mean points per round of each built-in bot, from a seeded three-player tournament
    (the random bot's rounds are cut short by ``turn_limit``)."""
    result = fc.tournament(
        ["random", "greedy", "strong"],
        games=games,
        rules=fc.Rules(turn_limit=40),
        seed=0,
        jobs=1,
        progress=False,
    )
    rounds = list(range(1, 12))
    fig, ax = plt.subplots(figsize=(6, 3.5), dpi=100)
    for entry in result.entries:
        ax.plot(rounds, entry.points_by_round, marker="o", label=entry.name)
    ax.set_xlabel("round (hand size = round + 2)")
    ax.set_ylabel("mean points scored in the round")
    ax.set_title(f"Built-in bots, {games} seeded games, measured at docs build")
    ax.set_xticks(rounds)
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


#: What ``benchmarks/bot_table.py`` measured (it takes hours, so it is not rerun per build).
BOT_TABLE = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "bot_table.json"


def bot_table(path: Path, data: Path = BOT_TABLE) -> None:
    """The bot table of ``benchmarks/bot_table.py``: each pair's mean score difference per
    game with its 95% confidence interval, and the expert's margin over StrongBot against
    its budget of rollouts per decision (with the milliseconds a decision took)."""
    table = json.loads(data.read_text())
    pairs, curve = table["pairs"], table["curve"]
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.8), dpi=100)
    current = fc.StrongBot().take_margin
    expert = fc.ExpertBot()
    # rows measured before these fields existed: without improve, 256 rollouts, no card budget
    settings = {"expert_improve": False, "expert_rollouts": 256, "expert_card_budget": None}
    now = {"expert_improve": expert.improve, "expert_card_budget": expert.card_budget}

    def older(row: dict[str, Any]) -> str:  # measured with an earlier StrongBot or expert
        mark = " *" if row.get("strong_take_margin", current) != current else ""
        # (a curve row's budget is its own; a pair's expert is the default one)
        default = now if "budget" in row else {**now, "expert_rollouts": expert.rollouts}
        if "expert" in (row["first"], row["second"]) and any(
            row.get(key, settings[key]) != value for key, value in default.items()
        ):
            mark += " †"
        return mark

    labels = [
        f"{p['first']} − {p['second']}, {p['players']}p ({p['games']:,}){older(p)}" for p in pairs
    ]
    rows = range(len(pairs))
    left.errorbar(
        [p["difference"] for p in pairs],
        rows,
        xerr=[p["ci95"] for p in pairs],
        fmt="o",
        capsize=4,
    )
    left.axvline(0, color="grey", lw=0.8)
    left.set_yticks(list(rows), labels)
    left.invert_yaxis()
    left.set_xlabel("points per game (< 0: first bot better)")
    left.set_title("official games (how many), seats rotated, 95% CI", fontsize=10)
    left.grid(alpha=0.3)
    if curve:
        budgets = [c["budget"] for c in curve]
        right.errorbar(
            budgets,
            [c["difference"] for c in curve],
            yerr=[c["ci95"] for c in curve],
            fmt="s-",
            capsize=4,
        )
        for c in curve:
            right.annotate(
                f"{c['mean_searched_ms']:.1f} ms",
                (c["budget"], c["difference"]),
                textcoords="offset points",
                xytext=(6, 6),
                fontsize=8,
            )
        right.set_xscale("log", base=2)
        right.set_xticks(budgets, [str(b) for b in budgets])
        right.axhline(0, color="grey", lw=0.8)
        right.set_xlim(budgets[0] / 1.5, budgets[-1] * 2)
        right.set_xlabel("rollouts per decision (ms each)")
        right.set_ylabel("expert − strong, 4 players")
        right.set_title(f"{curve[0]['games']} games per budget{older(curve[0])}", fontsize=10)
        right.grid(alpha=0.3)
    notes = []
    if any("*" in older(row) for row in [*pairs, *curve]):
        notes.append(f"* against StrongBot before its take_margin ({current:g}) fix")
    if any("†" in older(row) for row in [*pairs, *curve]):
        notes.append(
            f"† an earlier expert (the default is {expert.rollouts} rollouts, "
            f"card_budget={expert.card_budget}, improve={expert.improve})"
        )
    if notes:
        fig.text(0.01, 0.01, ";  ".join(notes), fontsize=8)
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    fig.savefig(path)
    plt.close(fig)


def build_figures(target: Path) -> None:
    """Draw every figure into ``target``."""
    target.mkdir(parents=True, exist_ok=True)
    solver_time_by_hand_size(target / "solver_time.png")
    points_per_round_by_bot(target / "bot_points.png")
    bot_table(target / "bot_table.png")


if __name__ == "__main__":  # python docs/_scripts/figures.py OUTDIR
    import sys

    build_figures(Path(sys.argv[1] if len(sys.argv) > 1 else "figures"))
