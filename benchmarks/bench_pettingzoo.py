"""Steps per second of random play through the PettingZoo adapter (two players, official
rules), beside RLCard's gin rummy measured in the same run (when ``rlcard`` is installed:
``pip install rlcard``).

Usage::

    PYTHONPATH=src python benchmarks/bench_pettingzoo.py [--seconds 3]

One step is one ``env.step`` (an action of one player), random legal actions in both; each
figure is the best of three timed runs.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence

import numpy as np

from fivecrowns.adapters.pettingzoo import env


def _fivecrowns(seconds: float) -> float:
    game = env(players=2, seed=0)
    game.reset(seed=0)
    rng = np.random.default_rng(0)
    steps, began = 0, time.perf_counter()
    while time.perf_counter() - began < seconds:
        for _ in game.agent_iter(max_iter=1000):
            observation, _, terminated, truncated, _ = game.last()
            legal = np.flatnonzero(observation["action_mask"])
            game.step(None if terminated or truncated else int(rng.choice(legal)))
            steps += 1
        if not game.agents:
            game.reset()
    return steps / (time.perf_counter() - began)


def _rlcard(seconds: float) -> float | None:
    try:
        import rlcard  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    game = rlcard.make("gin-rummy", config={"seed": 0})
    rng = np.random.default_rng(0)
    state, _ = game.reset()
    steps, began = 0, time.perf_counter()
    while time.perf_counter() - began < seconds:
        legal = list(state["legal_actions"])
        state, _ = game.step(int(rng.choice(legal)))
        steps += 1
        if game.is_over():
            state, _ = game.reset()
    return steps / (time.perf_counter() - began)


def _best(run: Callable[[float], float | None], seconds: float) -> float | None:
    found = [run(seconds) for _ in range(3)]
    return max((f for f in found if f is not None), default=None)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per timed run")
    args = parser.parse_args(argv)
    ours = max(_fivecrowns(args.seconds) for _ in range(3))
    theirs = _best(_rlcard, args.seconds)
    print(f"fivecrowns PettingZoo adapter: {ours:10,.0f} steps/s")
    if theirs is None:
        print("RLCard is not installed (pip install rlcard): no comparison")
    else:
        print(f"RLCard gin rummy:              {theirs:10,.0f} steps/s")
        print(f"ratio fivecrowns / RLCard:     {ours / theirs:10.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
