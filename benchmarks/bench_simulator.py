"""How fast the batched simulator steps: official four-player games, every seat played from
Python with uniformly random legal actions chosen in numpy, all Python overhead included; the
compiled core and the Python engine measured in the same run.

Usage::

    PYTHONPATH=src python benchmarks/bench_simulator.py [--games 1024] [--seconds 3]
        [--python-games 16] [--repeat 3]

For each engine it prints steps per second (one step = one action in one game) for three
loops, the best of ``--repeat`` timed runs each:

- ``sample``: ``sim.step(sim.sample(rng))`` (the legal actions as padded rows; the pick is
  one random number per game);
- ``mask``: the pick from ``sim.legal_action_mask()`` (random numbers over the mask's
  columns, argmax), as a masked-policy training loop does;
- ``observe``: ``sample`` plus ``sim.observation()`` every step.

and the ratio of the core to the Python engine. First, the memory of ``--memory-games``
simultaneous games (default 4,096) stepped ``--memory-steps`` times: the growth of the
process's resident memory (``/proc/self/statm``) from before the simulator is made, at the
start and after every third of the steps (it should level off: games keep no history).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence

import numpy as np

import fivecrowns as fc

Loop = Callable[[fc.Simulator, np.random.Generator], None]


def _sample(sim: fc.Simulator, rng: np.random.Generator) -> None:
    sim.step(sim.sample(rng))


def _mask(sim: fc.Simulator, rng: np.random.Generator) -> None:
    mask = sim.legal_action_mask()
    sim.step(np.argmax(rng.random(mask.shape, dtype=np.float32) * mask, axis=1))


def _observe(sim: fc.Simulator, rng: np.random.Generator) -> None:
    sim.observation()
    sim.step(sim.sample(rng))


LOOPS: dict[str, Loop] = {"sample": _sample, "mask": _mask, "observe": _observe}


def _rate(engine: str, games: int, loop: Loop, seconds: float, repeat: int) -> float:
    """The best steps per second of ``repeat`` runs of about ``seconds`` each."""
    best = 0.0
    for run in range(repeat):
        sim = fc.Simulator(games, players=4, seed=run, engine=engine)  # type: ignore[arg-type]
        rng = np.random.default_rng(run)
        calls, started = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - started) < seconds:
            loop(sim, rng)
            calls += 1
        best = max(best, calls * games / elapsed)
    return best


def _resident_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4096 / 2**20


def _memory(games: int, steps: int) -> None:
    before = _resident_mb()
    sim = fc.Simulator(games, players=4, seed=0)
    rng = np.random.default_rng(0)
    marks = []
    for number in range(steps + 1):
        if number % max(1, steps // 3) == 0:
            sim.observation()
            sim.legal_action_mask()
            marks.append(f"{number} steps +{_resident_mb() - before:.1f} MB")
        sim.step(sim.sample(rng))
    print(f"memory of {games:,} games (resident, from before the simulator): " + ", ".join(marks))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1024, help="games in the core's batch")
    parser.add_argument("--python-games", type=int, default=16, help="games in Python's")
    parser.add_argument("--seconds", type=float, default=3.0, help="per timed run")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--memory-games", type=int, default=4096)
    parser.add_argument("--memory-steps", type=int, default=6000)
    args = parser.parse_args(argv)
    if fc.Simulator(1).engine != "core":
        print("the compiled core is not running (build it, unset FIVECROWNS_PURE)")
        return 1
    _memory(args.memory_games, args.memory_steps)  # first: nothing freed to reuse yet
    print(f"official rules, 4 players, random legal actions; best of {args.repeat} runs")
    for name, loop in LOOPS.items():
        core = _rate("core", args.games, loop, args.seconds, args.repeat)
        python = _rate("python", args.python_games, loop, args.seconds / 2, args.repeat)
        print(
            f"{name:8} core ({args.games} games) {core:12,.0f} steps/s   "
            f"python ({args.python_games} games) {python:9,.0f} steps/s   "
            f"core/python {core / python:6.0f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
