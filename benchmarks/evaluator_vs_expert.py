"""A bot that plays ``fc.evaluate_actions``' best action (at its default precision) against
``ExpertBot`` (issue 47: "at least as strong as ExpertBot").

Usage::

    PYTHONPATH=src python benchmarks/evaluator_vs_expert.py [PAIRS] [--seed S]
        [--out FILE] [--report]

Plays ``PAIRS`` two-player deals twice, the seats swapped (paired deals: the evaluator bot
in seat 0 of one game, ExpertBot in seat 0 of the other), official rules, and prints the
mean score difference per game (evaluator minus expert: negative means the evaluator scores fewer
points, so plays better) with its 95% confidence interval over the pairs. Each finished
pair is appended to ``--out`` (JSON lines; default ``evaluator_vs_expert.jsonl``) and a
rerun skips the pairs already there, so a long run can be stopped and resumed, or run in
chunks; ``--report`` prints the figure of what is in the file and plays nothing.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Sequence
from pathlib import Path

import fivecrowns as fc


class EvaluatorBot:
    """Plays the best action of :func:`fivecrowns.evaluate_actions` at its default
    precision (64 greedy rollouts per action, exact on the final lap), seeded per decision
    from the bot's seed."""

    name = "evaluator"

    def __init__(self) -> None:
        self._seed = 0
        self._decisions = 0

    def reset(self, seed: int) -> None:
        self._seed, self._decisions = seed, 0

    def act(self, view: fc.PlayerView, legal: Sequence[fc.Action]) -> fc.Action:
        if len(legal) == 1:
            return legal[0]
        self._decisions += 1
        seed = (self._seed * 1_000_003 + self._decisions) % (1 << 63)
        best = fc.evaluate_actions(view, seed=seed).best
        return best if best in legal else legal[0]


def _pair(seed: int) -> dict[str, float]:
    """One deal played twice, the seats swapped: each bot's total over both games."""
    began = time.process_time()
    first = fc.play_game([EvaluatorBot(), fc.ExpertBot()], seed=seed).scores
    second = fc.play_game([fc.ExpertBot(), EvaluatorBot()], seed=seed).scores
    return {
        "seed": seed,
        "evaluator": first[0] + second[1],
        "expert": first[1] + second[0],
        "cpu": time.process_time() - began,
    }


def _report(rows: list[dict[str, float]]) -> str:
    differences = [(row["evaluator"] - row["expert"]) / 2 for row in rows]
    mean = statistics.fmean(differences)
    half = 1.96 * statistics.stdev(differences) / math.sqrt(len(differences))
    cpu = statistics.fmean(row["cpu"] for row in rows) / 2
    return (
        f"{len(rows)} deals, seats swapped ({2 * len(rows)} games), 2 players, official rules: "
        f"evaluator minus expert {mean:+.2f} points a game (95% CI {mean - half:+.2f} to "
        f"{mean + half:+.2f}; negative: the evaluator bot is stronger); "
        f"{cpu:.1f} s CPU per game"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pairs", nargs="?", type=int, default=500)
    parser.add_argument("--seed", type=int, default=47)
    parser.add_argument("--out", type=Path, default=Path("evaluator_vs_expert.jsonl"))
    parser.add_argument("--report", action="store_true", help="only print the figure")
    args = parser.parse_args()
    rows = []
    if args.out.exists():
        rows = [json.loads(line) for line in args.out.read_text().splitlines() if line]
    done = {row["seed"] for row in rows}
    if not args.report:
        with args.out.open("a") as out:
            for index in range(args.pairs):
                seed = args.seed * 1_000_003 + index
                if seed in done:
                    continue
                row = _pair(seed)
                rows.append(row)
                out.write(json.dumps(row) + "\n")
                out.flush()
                if len(rows) % 10 == 0 and len(rows) > 1:
                    print(_report(rows), flush=True)
    if len(rows) > 1:
        print(_report(rows))


if __name__ == "__main__":
    main()
