"""The long run of the boundary check (issue 49): at least 100,000 calls of the core-backed
public API (solver, ``min_deadwood_many``, ``GameState``, ``Simulator``, ``rollouts``,
``sample_state``) with arguments of every kind, wrong types, odd and read-only numpy arrays,
and a ``Simulator`` shared by threads; every call must return or raise a ``FiveCrownsError``
subclass, and the core must not panic once.

Usage::

    python benchmarks/check_boundary.py [--calls 100000] [--threads 4] [--seed 0]

The calls are drawn by ``tests/boundary.py`` (the same strategies ``tests/test_boundary.py``
runs in CI at a smaller size). Failures are grouped by call and error and printed with one
example each; the exit status is 1 if there is any, or if the core panicked.
"""

from __future__ import annotations

import argparse
import collections
import sys
import threading
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fivecrowns as fc

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
import boundary


def _panics() -> int:
    if not fc.core_info().compiled:
        return 0
    from fivecrowns import _core

    return int(_core.panic_count())


def _run(
    entry: str, calls: int, seed: int, failures: collections.Counter[str], examples: dict[str, str]
) -> None:
    start = boundary.CALLS[0]

    @settings(
        max_examples=200,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        database=None,
        derandomize=False,
    )
    @given(st.data())
    def run(data: st.DataObject) -> None:
        try:
            data.draw(boundary.ENTRIES[entry]())
        except boundary.BoundaryError as failure:
            text = str(failure)
            key = f"{entry}: {text.split('(', 1)[0]} -> {text.rsplit(' raised ', 1)[-1][:90]}"
            failures[key] += 1
            examples.setdefault(key, text)

    while boundary.CALLS[0] - start < calls:
        run()


def _threaded(
    seconds: float, threads: int, failures: collections.Counter[str], examples: dict[str, str]
) -> None:
    """One simulator and one state shared by ``threads`` threads calling at random."""
    import numpy as np

    sim = fc.Simulator(32, players=3, bots=[None, "greedy", "strong"], seed=1)
    state = fc.GameState.new(players=3, seed=2)
    stop = time.perf_counter() + seconds

    def work(k: int) -> None:
        rng = np.random.default_rng(k)
        while time.perf_counter() < stop:
            try:
                choice = int(rng.integers(6))
                what = [
                    "observation",
                    "legal_action_mask",
                    "legal_actions",
                    "step",
                    "current_player",
                    "state",
                ][choice]
                if what == "step":
                    boundary.call("Simulator.step", sim.step, sim.sample(rng))
                elif what == "current_player":
                    boundary.call("Simulator.current_player", lambda: sim.current_player)
                elif what == "state":
                    boundary.call("GameState.rollouts", fc.rollouts, state, n=2, seed=k)
                else:
                    boundary.call(f"Simulator.{what}", getattr(sim, what))
            except boundary.BoundaryError as failure:
                text = str(failure)
                if "IllegalActionError" in text:
                    continue
                key = f"threads: {text.split('(', 1)[0]} -> {text.rsplit(' raised ', 1)[-1][:90]}"
                failures[key] += 1
                examples.setdefault(key, text)

    pool = [threading.Thread(target=work, args=(k,)) for k in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=100_000, help="calls in all (default 100,000)")
    parser.add_argument("--threads", type=int, default=4, help="threads sharing a simulator")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    failures: collections.Counter[str] = collections.Counter()
    examples: dict[str, str] = {}
    panics, began = _panics(), time.perf_counter()
    share = args.calls // (len(boundary.ENTRIES) + 1)
    for entry in boundary.ENTRIES:
        _run(entry, share, args.seed, failures, examples)
        print(f"{entry}: {boundary.CALLS[0]:,} calls so far", flush=True)
    threaded = boundary.CALLS[0]
    while boundary.CALLS[0] - threaded < share:
        _threaded(2.0, args.threads, failures, examples)
    print(f"threads: {boundary.CALLS[0]:,} calls so far", flush=True)
    panicked = _panics() - panics
    print(
        f"{boundary.CALLS[0]:,} calls in {time.perf_counter() - began:.0f} s on the "
        f"{'core' if fc.core_info().compiled else 'Python engine'}: {sum(failures.values())} "
        f"failures in {len(failures)} kinds, {panicked} panics"
    )
    for key, count in failures.most_common():
        print(f"\n{count} x {key}\n  e.g. {examples[key][:400]}")
    return 1 if failures or panicked else 0


if __name__ == "__main__":
    sys.exit(main())
