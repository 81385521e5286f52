"""Measure the solver caches' memory: resident-memory growth and the library's accounting.

Usage:  python benchmarks/bench_memory.py [--quick] [--hands N] [--games N] [--limit BYTES]
                                          [--trace] [--engine rust|python] [--only REGEX]

Each scenario runs in a fresh subprocess (resident memory seldom shrinks), on each engine:

* ``N`` distinct random hands (13-14 cards, 2 packs; and 20-30 cards, 3 packs) through
  ``min_deadwood``, ``best_arrangement``, ``best_discard``, ``deadwood_by_discard`` and
  ``can_go_out``, under the default rules, ``distinct_suit_books=True`` and
  ``max_wilds_per_meld=2``;
* a long simulation: ``play_game`` with a greedy and a strong bot, ``--games`` games.

Per row: the growth of VmRSS (``/proc/self/status``) over the run, the Python-side bytes
still held at the end (``tracemalloc``, with ``--trace``: slower), and the library's own
accounting (``fivecrowns.cache_info()``: estimated bytes and entries) against the budget.
``--limit`` sets the budget (``fivecrowns.set_cache_limit``) before the run. The 20-30
card hands are a tenth of ``--hands``, and the Python twin plays a tenth of every count.
``--quick``: 2,000 hands and 100 games.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import time
import tracemalloc
from typing import Any

import fivecrowns as fc

MB = 1 << 20
RULES = {
    "default": {},
    "distinct_suit_books": {"distinct_suit_books": True},
    "max_wilds_per_meld=2": {"max_wilds_per_meld": 2},
}


def _rss() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0  # pragma: no cover - not Linux


def _hands(n: int, sizes: tuple[int, int], packs: int, seed: int) -> list[tuple[fc.Card, ...]]:
    rng = random.Random(seed)
    deck = fc.deck(packs)
    seen: set[tuple[int, ...]] = set()
    out = []
    while len(out) < n:
        hand = tuple(rng.sample(deck, rng.randint(*sizes)))
        key = tuple(sorted(card.code for card in hand))
        if key not in seen:
            seen.add(key)
            out.append(hand)
    return out


def _solve(hands: list[tuple[fc.Card, ...]], rules: fc.Rules, seed: int) -> None:
    rng = random.Random(seed)
    for hand in hands:
        wild = rng.randint(3, 13)
        fc.min_deadwood(hand, wild, rules=rules)
        fc.best_arrangement(hand, wild, rules=rules)
        fc.best_discard(hand, wild, rules=rules)
        fc.deadwood_by_discard(hand, wild, rules=rules)
        fc.can_go_out(hand, wild, rules=rules)


def _simulate(games: int) -> None:
    for seed in range(games):
        fc.play_game([fc.GreedyBot(), fc.StrongBot()], seed=seed)


def run_one(args: argparse.Namespace) -> dict[str, Any]:
    """One scenario in this process; returns its figures."""
    if args.limit is not None:
        fc.set_cache_limit(args.limit)
    kind, _, rest = args.scenario.partition(":")
    if kind == "hands":
        name, _, big = rest.partition(":")
        packs = 3 if big else 2
        sizes = (20, 30) if big else (13, 14)
        rules = fc.Rules(packs=packs, **RULES[name])
        hands = _hands(args.hands, sizes, packs, 1)
        # warm the hand-independent tables on other hands, then measure from here
        _solve(_hands(50, sizes, packs, 2), rules, 3)
        work = lambda: _solve(hands, rules, 4)  # noqa: E731
    else:
        _simulate(2)
        work = lambda: _simulate(args.games)  # noqa: E731
    fc.clear_cache()
    if args.trace:
        tracemalloc.start()
    before = _rss()
    start = time.perf_counter()
    work()
    seconds = time.perf_counter() - start
    grown = _rss() - before
    traced = tracemalloc.get_traced_memory()[0] if args.trace else None
    info = fc.cache_info()
    return {
        "rss_growth": grown,
        "traced": traced,
        "accounted": info.bytes,
        "entries": info.entries,
        "limit": info.limit,
        "seconds": seconds,
        "top": sorted(((c.bytes, c.name) for c in info.caches), reverse=True)[:3],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--hands", type=int, default=None)
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--trace", action="store_true")
    parser.add_argument("--engine", choices=("rust", "python"), default=None)
    parser.add_argument("--only", default="", help="a regex: the scenarios it finds run")
    parser.add_argument("--scenario", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.scenario is not None:
        print(json.dumps(run_one(args)))
        return
    hands = args.hands or (2000 if args.quick else 100_000)
    games = args.games or (100 if args.quick else 3000)
    scenarios = [f"hands:{name}" for name in RULES]
    scenarios += [f"hands:{name}:big" for name in RULES]
    scenarios.append("simulate")
    scenarios = [name for name in scenarios if re.search(args.only, name)]
    engines = [args.engine] if args.engine else ["rust", "python"]
    if not fc.core_info().version:
        engines = ["python"]
    print(f"budget: {fc.cache_info().limit / MB:.1f} MiB (default or FIVECROWNS_CACHE_BYTES)")
    print(
        f"{'engine':7} {'scenario':34} {'n':>7} {'RSS +MiB':>9} {'traced':>8} "
        f"{'acct MiB':>9} {'entries':>8} {'limit':>6} {'s':>7}  largest caches"
    )
    for engine in engines:
        for scenario in scenarios:
            n = games if scenario == "simulate" else hands
            if scenario.endswith(":big"):
                n = max(1, n // 10)
            if engine == "python":  # the Python twin is 10 to 100 times slower
                n = max(1, n // 10)
            cmd = [sys.executable, __file__, "--scenario", scenario]
            cmd += ["--hands", str(n), "--games", str(n)]
            if args.limit is not None:
                cmd += ["--limit", str(args.limit)]
            if args.trace:
                cmd.append("--trace")
            env = dict(os.environ, FIVECROWNS_PURE="1" if engine == "python" else "0")
            out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
            if out.returncode:
                print(f"{engine:7} {scenario:34} failed:\n{out.stderr}")
                continue
            row = json.loads(out.stdout.splitlines()[-1])
            traced = "-" if row["traced"] is None else f"{row['traced'] / MB:.1f}"
            top = ", ".join(f"{name} {b / MB:.1f}" for b, name in row["top"])
            print(
                f"{engine:7} {scenario:34} {n:7} {row['rss_growth'] / MB:9.1f} {traced:>8} "
                f"{row['accounted'] / MB:9.1f} {row['entries']:8} {row['limit'] / MB:6.0f} "
                f"{row['seconds']:7.1f}  {top}",
                flush=True,
            )


if __name__ == "__main__":
    main()
