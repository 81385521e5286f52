"""Compare the solver core of two source trees in wall-clock time, interleaved.

Usage:  python benchmarks/ab_core.py OTHER_SRC [--rounds 5] [--hands 1500] [row ...]

Rows: those of ``ir_count.py`` (``13``, ``10``, ``bd`` by default; also ``ar``, ``dv``,
``go``).  Both trees are
loaded into this process (``OTHER_SRC`` is, say, ``src`` of a ``git worktree`` of an older
commit; the other is this checkout's ``src``).  Each round times the same hands in
``bench_core.py``'s "cold-hand" mode with one tree and then the other (all caches of that
tree cleared, its hand-independent tables warmed on a disjoint set of hands); the figure
kept per tree is the best of the rounds, so a slow spell of the shared machine hits both
trees alike.  Prints median / p99 / mean in microseconds and the ratio of this tree to
the other.  For differences under about 5%, count instructions instead (``ir_count.py``,
which repeats exactly).
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from pathlib import Path
from types import ModuleType

# the same hands and rows (this folder is on sys.path)
from ir_count import DECK, DEFAULT_ROWS, ROWS

HERE = Path(__file__).resolve().parent


def _load(src: str) -> ModuleType:
    """The ``_solver_core`` of the package under ``src`` (a fresh import of its own)."""
    for name in [m for m in sys.modules if m == "fivecrowns" or m.startswith("fivecrowns.")]:
        del sys.modules[name]
    sys.path.insert(0, src)
    try:
        return importlib.import_module("fivecrowns._solver_core")
    finally:
        sys.path.remove(src)


def _round(core: ModuleType, row: str, hands: list[list[int]], warm: list[list[int]]) -> list[int]:
    size, wild_rank, name = ROWS[row]
    del size
    solve = getattr(core, name)
    cfg = core.CoreConfig()
    core.cache_clear()
    for hand in warm:
        solve(hand, wild_rank, cfg)
    times = []
    for hand in hands:
        core.cache_clear(keep_tables=True)
        start = time.perf_counter_ns()
        solve(hand, wild_rank, cfg)
        times.append(time.perf_counter_ns() - start)
    return sorted(times)


def _stats(times: list[int]) -> tuple[float, float, float]:
    n = len(times)
    return times[n // 2] / 1e3, times[int(0.99 * (n - 1))] / 1e3, sum(times) / n / 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", help="the src directory of the tree to compare against")
    parser.add_argument("rows", nargs="*", help=f"any of {', '.join(ROWS)} (default: 13 10 bd)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--hands", type=int, default=1500)
    args = parser.parse_intermixed_args()
    rows = args.rows or list(DEFAULT_ROWS)
    if not set(rows) <= set(ROWS):
        parser.error(f"rows are {', '.join(ROWS)}; got {' '.join(rows)}")
    trees = {"other": _load(args.other), "this": _load(str(HERE.parent / "src"))}
    print(f"{'row':4} {'tree':6} {'median':>8} {'p99':>8} {'mean':>8}   (us, best of rounds)")
    for row in rows:
        size = ROWS[row][0]
        rng = random.Random(777)
        hands = [rng.sample(DECK, size) for _ in range(args.hands)]
        wrng = random.Random(54321)
        warm = [wrng.sample(DECK, size) for _ in range(args.hands)]
        best: dict[str, list[float]] = {}
        for _ in range(args.rounds):
            for tree, core in trees.items():
                stats = _stats(_round(core, row, hands, warm))
                old = best.get(tree)
                best[tree] = (
                    list(stats)
                    if old is None
                    else [min(a, b) for a, b in zip(old, stats, strict=True)]
                )
        for tree in trees:
            median, p99, mean = best[tree]
            print(f"{row:4} {tree:6} {median:8.1f} {p99:8.1f} {mean:8.1f}")
        ratio = [b / a for a, b in zip(best["other"], best["this"], strict=True)]
        print(
            f"{row:4} {'ratio':6} {ratio[0]:8.3f} {ratio[1]:8.3f} {ratio[2]:8.3f}   (this / other)"
        )


if __name__ == "__main__":
    main()
