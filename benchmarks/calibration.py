"""Calibration of ``fc.going_out_odds`` (issue 47): predicted against observed.

Usage::

    PYTHONPATH=src python benchmarks/calibration.py [ROUNDS] [--players P] [--turns K]
        [--seed S] [--out FILE] [--report] [--plot FILE]

Plays official games of ``StrongBot`` in every seat (the odds' default policy) until
``ROUNDS`` rounds (default 20,000) are played. In each round one decision point is taken
(if the round reaches it): the first turn start, before anybody went out, picked with
chance 1 in 5 at each turn start (so every stage of a round is asked about). There the
player's chance to go out within its next ``K`` turns (default 2; the turn beginning counts)
is predicted by ``going_out_odds`` at its default precision (1,000 samples, StrongBot in
every seat) and then observed in the game as played. The points are appended to ``--out``
(JSON lines; a rerun resumes after the games already there). It prints the ten bins of
predicted probability (0-10%, ..., 90-100%): the points in each, the mean prediction, the
observed frequency with its standard error, and the difference in percentage points; and
the largest difference (target: at most 2 pp). ``--plot FILE`` draws the calibration plot
(matplotlib: the ``plot`` extra).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from pathlib import Path
from typing import Any

import fivecrowns as fc

#: The chance that a turn start is taken as the round's decision point.
PICK: float = 0.2


def _game(seed: int, players: int, turns: int) -> list[dict[str, Any]]:
    """One game's decision points: per round, at most one."""
    state = fc.GameState.new(players=players, seed=seed)
    bots = [fc.StrongBot() for _ in range(players)]
    for seat, bot in enumerate(bots):
        bot.reset(seed * 7 + seat)
    rng = random.Random(seed)
    points: list[dict[str, Any]] = []
    watch: dict[str, Any] | None = None
    rounds = 0
    while not state.is_over:
        seat = state.current
        if len(state.results) > rounds:  # (a new round)
            rounds, watch = len(state.results), None
        starting = state.phase is fc.Phase.DRAW and state.went_out is None
        if starting and watch is None and rng.random() < PICK:
            view = state.view(seat)
            odds = fc.going_out_odds(view, turns, seed=seed * 1000 + rounds)
            watch = {
                "seed": seed,
                "round": rounds,
                "player": seat,
                "begun": 0,
                "predicted": odds.probability,
                "exact": odds.exact,
                "observed": None,
            }
            points.append(watch)
        if watch is not None and watch["observed"] is None and starting:
            watch["begun"] += seat == watch["player"]
        state = state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
        if watch is not None and watch["observed"] is None:
            ended = len(state.results) > rounds
            out = state.results[rounds].went_out if ended else state.went_out
            if out is not None or ended:
                watch["observed"] = out == watch["player"] and watch["begun"] <= turns
            elif watch["begun"] >= turns and state.current != watch["player"]:
                watch["observed"] = False
    return points


def _bins(points: list[dict[str, Any]]) -> tuple[list[str], float]:
    lines, worst = [], 0.0
    for index in range(10):
        low, high = index / 10, (index + 1) / 10
        inside = [
            p
            for p in points
            if low <= p["predicted"] < high or (index == 9 and p["predicted"] == 1)
        ]
        if not inside:
            lines.append(f"{low:4.0%}-{high:4.0%}  {0:6,d}")
            continue
        predicted = sum(p["predicted"] for p in inside) / len(inside)
        observed = sum(p["observed"] for p in inside) / len(inside)
        error = math.sqrt(max(observed * (1 - observed), 1e-12) / len(inside))
        off = 100 * (observed - predicted)
        worst = max(worst, abs(off))
        lines.append(
            f"{low:4.0%}-{high:4.0%}  {len(inside):6,d}  predicted {predicted:6.1%}  observed "
            f"{observed:6.1%} +- {error:5.1%}  off {off:+5.1f} pp"
        )
    return lines, worst


def _plot(points: list[dict[str, Any]], path: Path, turns: int) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    xs, ys, es, ns = [], [], [], []
    for index in range(10):
        low, high = index / 10, (index + 1) / 10
        inside = [
            p
            for p in points
            if low <= p["predicted"] < high or (index == 9 and p["predicted"] == 1)
        ]
        if inside:
            observed = sum(p["observed"] for p in inside) / len(inside)
            xs.append(sum(p["predicted"] for p in inside) / len(inside))
            ys.append(observed)
            es.append(1.96 * math.sqrt(max(observed * (1 - observed), 1e-12) / len(inside)))
            ns.append(len(inside))
    figure, axes = plt.subplots(figsize=(5, 5))
    axes.plot([0, 1], [0, 1], color="grey", linewidth=1, linestyle="--", label="perfect")
    axes.errorbar(xs, ys, yerr=es, marker="o", linestyle="-", capsize=3, label="observed (95% CI)")
    for x, y, n in zip(xs, ys, ns):
        axes.annotate(f"{n:,}", (x, y), textcoords="offset points", xytext=(6, -12), fontsize=7)
    axes.set_xlabel(f"predicted chance to go out within {turns} turns")
    axes.set_ylabel("observed frequency")
    axes.set_title(f"going_out_odds calibration ({len(points):,} decision points)")
    axes.set_xlim(0, 1)
    axes.set_ylim(0, 1)
    axes.legend(loc="upper left")
    figure.tight_layout()
    figure.savefig(path, dpi=120)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rounds", nargs="?", type=int, default=20_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--turns", type=int, default=2)
    parser.add_argument("--seed", type=int, default=47)
    parser.add_argument("--out", type=Path, default=Path("calibration.jsonl"))
    parser.add_argument("--report", action="store_true", help="only print the figures")
    parser.add_argument("--plot", type=Path, default=None)
    args = parser.parse_args()
    points: list[dict[str, Any]] = []
    if args.out.exists():
        points = [json.loads(line) for line in args.out.read_text().splitlines() if line]
    games = {p["seed"] for p in points}
    rounds_per_game = len(fc.Rules().schedule)
    began = time.process_time()
    index = len(games)
    with args.out.open("a") as out:
        while not args.report and len(games) * rounds_per_game < args.rounds:
            seed = args.seed * 1_000_003 + index
            index += 1
            if seed in games:
                continue
            found = _game(seed, args.players, args.turns)
            games.add(seed)
            points.extend(found)
            for point in found or [{"seed": seed, "observed": None}]:
                out.write(json.dumps(point) + "\n")
            out.flush()
    points = [p for p in points if p["observed"] is not None]
    lines, worst = _bins(points)
    print(
        f"{len(games) * rounds_per_game:,} rounds ({len(games):,} official {args.players}-player "
        f"games of StrongBots), {len(points):,} decision points, going out within "
        f"{args.turns} turns ({time.process_time() - began:,.0f} s CPU this run):"
    )
    print("\n".join(lines))
    print(f"largest bin difference: {worst:.1f} pp (target: 2 pp)")
    if args.plot is not None:
        _plot(points, args.plot, args.turns)


if __name__ == "__main__":
    main()
