"""Compare the public solver API of two source trees in one run, interleaved.

Usage:  python benchmarks/ab_solver.py OLD_SRC [--rounds 3] [--hands 600] [row ...]

``OLD_SRC`` is the ``src`` folder of another checkout (say ``git worktree add /tmp/old
316b934`` and ``/tmp/old/src``); the other tree is this checkout's ``src``. Only the public
API is called (``fc.min_deadwood``, ``fc.best_discard``, ``fc.deadwood_by_discard``), so the
comparison survives any rewrite of the solver's insides.

Each round runs every row once per tree, each in a fresh subprocess (``--worker``), the
trees alternating, so a slow spell of the shared machine hits both alike; the figure kept
per tree and row is the best of the rounds. Hands are seeded draws from the deck of the
rule set, timed after as many others warmed the hand-independent tables: each timed hand is
new to the solver (no result cache holds it), as in a game.

Rows (``default`` rows by default; name rows to pick):

* ``md13``, ``bd14``, ``dv14``: official rules, kings wild: ``min_deadwood`` of 13 cards,
  ``best_discard`` and ``deadwood_by_discard`` of 14 (median and p99, microseconds);
* ``bd14:<option>``: ``best_discard`` of 14 cards under one house option (``dsb``
  distinct_suit_books, ``mw0``..``mw3`` max_wilds_per_meld, ``nat`` "naturals", ``naw``
  all_wild_melds=False, ``p3``/``p4``/``p8`` packs, ``wp0``/``jp0`` zero points);
* ``big40``: ``min_deadwood`` of one 40-card hand of the official deck (first round only).

Prints a table: row, old median / p99, new median / p99, and the ratio new / old of the
medians (below 1: the new tree is faster).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
NEW_SRC = str(HERE.parent / "src")

OPTIONS: dict[str, dict[str, Any]] = {
    "dsb": {"distinct_suit_books": True},
    "mw0": {"max_wilds_per_meld": 0},
    "mw1": {"max_wilds_per_meld": 1},
    "mw2": {"max_wilds_per_meld": 2},
    "mw3": {"max_wilds_per_meld": 3},
    "nat": {"max_wilds_per_meld": "naturals"},
    "naw": {"all_wild_melds": False},
    "p3": {"packs": 3},
    "p4": {"packs": 4},
    "p8": {"packs": 8},
    "wp0": {"wild_points": 0},
    "jp0": {"joker_points": 0},
}
DEFAULT_ROWS = ["md13", "bd14", "dv14", *(f"bd14:{name}" for name in OPTIONS), "big40"]


def _worker(row: str, hands: int) -> dict[str, float]:
    import fivecrowns as fc

    name, _, option = row.partition(":")
    rules = fc.Rules(**OPTIONS[option]) if option else fc.Rules()
    deck = list(fc.deck(rules.packs))
    rng = random.Random(f"{row}/{hands}")
    size, count = {"md13": (13, hands), "big40": (40, 1)}.get(name, (14, hands))
    call = {
        "md13": fc.min_deadwood,
        "big40": fc.min_deadwood,
        "bd14": fc.best_discard,
        "dv14": fc.deadwood_by_discard,
    }[name]
    for _ in range(min(count, 300)):  # warm the hand-independent tables on other hands
        call(rng.sample(deck, min(size, 14)), 13, rules=rules)
    times = []
    for _ in range(count):
        hand = rng.sample(deck, size)  # (a random hand is new: no result cache helps)
        start = time.perf_counter()
        call(hand, 13, rules=rules)
        times.append((time.perf_counter() - start) * 1e6)
    times.sort()
    return {
        "median": statistics.median(times),
        "p99": times[min(len(times) - 1, int(0.99 * len(times)))],
        "max": times[-1],
    }


def _run(src: str, row: str, hands: int) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, __file__, "--worker", row, "--hands", str(hands)],
        env={"PYTHONPATH": src, "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, float] = json.loads(out.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old_src", nargs="?")
    parser.add_argument("rows", nargs="*")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--hands", type=int, default=600)
    parser.add_argument("--worker")
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(_worker(args.worker, args.hands)))
        return
    rows = args.rows or DEFAULT_ROWS
    best: dict[tuple[str, str], dict[str, float]] = {}
    for round_number in range(args.rounds):
        for row in rows:
            if row == "big40" and round_number:
                continue  # one 40-card solve took about two minutes before issue 13
            for tree, src in (("old", args.old_src), ("new", NEW_SRC)):
                got = _run(src, row, args.hands)
                kept = best.get((tree, row))
                if kept is None or got["median"] < kept["median"]:
                    best[(tree, row)] = got
    print(
        f"{'row':<12} {'old median':>11} {'old p99':>10} {'new median':>11} {'new p99':>10}  ratio"
    )
    for row in rows:
        old, new = best[("old", row)], best[("new", row)]
        key = "max" if row == "big40" else "p99"
        print(
            f"{row:<12} {old['median']:>11.1f} {old[key]:>10.1f} {new['median']:>11.1f} "
            f"{new[key]:>10.1f}  {new['median'] / old['median']:.2f}"
        )


if __name__ == "__main__":
    main()
