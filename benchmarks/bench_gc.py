"""How long a full garbage collection takes once the solver's caches are full.

Usage:  PYTHONPATH=src python benchmarks/bench_gc.py [n_hands]

A long session (a bot, a tournament) fills the solver's bounded caches.  Every full
collection of CPython's garbage collector then visits whatever they hold that the collector
still tracks, and the program stops for that long.  This script solves n random 13-card
hands (``min_deadwood``) and n 14-card hands (``best_discard``), then prints the time of a
full ``gc.collect()`` (best of 5) with the caches full, and again after
``fivecrowns.clear_cache()`` (the interpreter's own share, measured in the same run).
"""

from __future__ import annotations

import gc
import random
import sys
import time

import fivecrowns as fc
from fivecrowns import _solver_core as core

DECK = [c for c in range(55) for _ in range(2)] + [55] * 6


def _collect_ms() -> float:
    gc.collect()
    gc.collect()  # (a tuple is untracked once its items are, a dict once its contents are)
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        gc.collect()
        best = min(best, time.perf_counter() - start)
    return best * 1e3


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 30000
    cfg = core.CoreConfig()
    rng = random.Random(1)
    for _ in range(n):
        core.min_deadwood(rng.sample(DECK, 13), 13, cfg)
        core.best_discard(rng.sample(DECK, 14), 13, cfg)
    full = _collect_ms()
    fc.clear_cache()
    empty = _collect_ms()
    print(f"full gc.collect() after {n} + {n} hands: {full:.1f} ms with the caches full,")
    print(f"{empty:.1f} ms with them cleared (the rest of the interpreter)")


if __name__ == "__main__":
    main()
