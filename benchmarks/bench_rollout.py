"""How fast rollouts are: rollouts of the rest of a 10-card round (round 8 of the official
game, 4 players, a few turns in) by a built-in bot in every seat (greedy by default), from the
state and from one player's view (the hidden cards sampled per rollout), in the compiled core
and in the Python engine, measured in the same run.

Usage::

    PYTHONPATH=src python benchmarks/bench_rollout.py [--rollouts 2000] [--python 40]
        [--bot greedy|strong|random] [--horizon N]

Prints microseconds per rollout for each case (from a view, each rollout samples the hidden
cards afresh: in the core, or in Python for the Python engine), the ratios, and what one
sample costs in Python. With ``--horizon N`` it also times the core's rollouts that stop N
turns on (``rollouts(..., horizon=N)``) against those to the round's end, in the same run.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

import fivecrowns as fc
from fivecrowns.bots import GreedyBot
from fivecrowns.bots.rollout import rollouts, sample_state
from fivecrowns.game import _engine as game_engine
from fivecrowns.solver import _engine as solver_engine


def _state() -> fc.GameState:
    state = fc.GameState.new(players=4, seed=11)
    bots = [GreedyBot() for _ in range(4)]
    for seat, bot in enumerate(bots):
        bot.reset(seat)
    turns = 0
    while state.round_number < 8 or turns < 8:
        turns = turns + 1 if state.round_number == 8 else 0
        seat = state.current
        state = state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
    return state


def _per_rollout(
    start: fc.GameState | fc.PlayerView, bot: str, n: int, horizon: int | None = None
) -> float:
    best = float("inf")
    for repeat in range(3):
        began = time.perf_counter()
        rollouts(start, bot, n=n, seed=repeat, horizon=horizon)
        best = min(best, (time.perf_counter() - began) / n)
    return best * 1e6


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rollouts", type=int, default=2000, help="per timing, in the core")
    parser.add_argument("--python", type=int, default=40, help="per timing, in Python")
    parser.add_argument("--bot", default="greedy", choices=["greedy", "strong", "random"])
    parser.add_argument("--horizon", type=int, default=None, help="also time rollouts to it")
    args = parser.parse_args(argv)
    if not game_engine.compiled_games(fc.Rules()):
        print("the compiled core is not running (build it, unset FIVECROWNS_PURE)")
        return 1
    state = _state()
    view = state.view(state.current)
    print(f"{state!r}, {state.hand_size}-card round; {args.bot} rollouts to the round's end")
    began = time.perf_counter()
    for seed in range(200):
        sample_state(view, seed)
    sampling = (time.perf_counter() - began) / 200 * 1e6
    for name, start in (("state", state), ("view", view)):
        core = _per_rollout(start, args.bot, args.rollouts)
        with solver_engine.running(False):
            python = _per_rollout(start, args.bot, args.python)
        print(
            f"from the {name:5}: core {core:8.1f} us/rollout   python {python:9.1f} us/rollout"
            f"   python/core {python / core:5.0f}x"
        )
        if args.horizon is not None:
            short = _per_rollout(start, args.bot, args.rollouts, args.horizon)
            print(
                f"  horizon {args.horizon:3}: core {short:8.1f} us/rollout"
                f"   horizon/round's end {short / core:5.2f}x"
            )
    print(f"one sample_state in Python (the twin's sampler): {sampling:.1f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
