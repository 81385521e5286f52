"""Time the solver under each single house-rule option, and on long hands.

Usage:  PYTHONPATH=src python benchmarks/bench_house_rules.py [n_hands] [--big]
        [--calls min_deadwood,can_go_out,deadwood_by_discard,best_discard]

For each option (one at a time, the rest official): ``best_discard`` of ``n_hands`` random
14-card hands of that rule set's deck, kings wild, each new to the solver; prints the
median, p99 and max in milliseconds (issue 13's target: p99 at most 5 ms).

``--calls``: instead, each named public function on the same hands, in microseconds, the
official rules' row first (the reference measured in the same run).

``--big``: ``min_deadwood`` of random hands of 30, 40 and 60 cards under each option (four
of each, a random wild rank), and the first 40, 60 and 116 cards of the official deck;
prints the slowest of each, in seconds, with a 10 s cap (shown as ``>10``). Issue 13's
target: any hand the deck allows in under a second.
"""

from __future__ import annotations

import random
import signal
import sys
import time
from collections.abc import Sequence
from typing import Any

import fivecrowns as fc

OPTIONS: list[dict[str, Any]] = [
    {"distinct_suit_books": True},
    {"max_wilds_per_meld": 0},
    {"max_wilds_per_meld": 1},
    {"max_wilds_per_meld": 2},
    {"max_wilds_per_meld": 3},
    {"max_wilds_per_meld": "naturals"},
    {"all_wild_melds": False},
    {"packs": 3},
    {"packs": 4},
    {"packs": 8},
    {"packs": 16},
    {"wild_points": 0},
    {"joker_points": 0},
]


class _TimeoutError(Exception):
    pass


def _alarm(_signum: int, _frame: object) -> None:
    raise _TimeoutError


def discards(n: int) -> None:
    rng = random.Random(1)
    print(f"{'option':<32} {'median':>8} {'p99':>8} {'max':>8}   (ms, best_discard, 14 cards)")
    for option in OPTIONS:
        rules = fc.Rules(**option)
        deck = fc.deck(rules.packs)
        times = []
        for _ in range(n):
            hand = rng.sample(deck, 14)
            start = time.perf_counter()
            fc.best_discard(hand, 13, rules=rules)
            times.append((time.perf_counter() - start) * 1e3)
        times.sort()
        p99 = times[min(n - 1, int(0.99 * n))]
        print(f"{option!s:<32} {times[n // 2]:8.2f} {p99:8.2f} {times[-1]:8.2f}")


def calls(n: int, names: list[str]) -> None:
    """Each public function of ``names`` under the official rules and each option, on
    ``n`` random 14-card hands (kings wild) per rule set, in microseconds."""
    for name in names:
        call = getattr(fc, name)
        rng = random.Random(1)
        print(f"{'option':<32} {'median':>8} {'p99':>8} {'max':>8}   (us, {name}, 14 cards)")
        for option in [{}, *OPTIONS]:
            rules = fc.Rules(**option)
            deck = fc.deck(rules.packs)
            times = []
            for _ in range(n):
                hand = tuple(rng.sample(deck, 14))
                start = time.perf_counter()
                call(hand, 13, rules=rules)
                times.append((time.perf_counter() - start) * 1e6)
            times.sort()
            p99 = times[min(n - 1, int(0.99 * n))]
            label = str(option) if option else "official"
            print(f"{label:<32} {times[n // 2]:8.2f} {p99:8.2f} {times[-1]:8.2f}")
        print()


def _slowest(hands: list[tuple[Sequence[fc.Card], int | None]], rules: fc.Rules) -> str:
    worst = 0.0
    for hand, wild in hands:
        signal.alarm(10)
        start = time.perf_counter()
        try:
            fc.min_deadwood(hand, wild, rules=rules)
        except _TimeoutError:
            return ">10"
        finally:
            signal.alarm(0)
        worst = max(worst, time.perf_counter() - start)
    return f"{worst:.3f}"


def big() -> None:
    signal.signal(signal.SIGALRM, _alarm)
    rng = random.Random(2)
    print(f"{'option':<32} {'30':>7} {'40':>7} {'60':>7}   (s, slowest min_deadwood)")
    for option in [{}, *OPTIONS]:
        rules = fc.Rules(**option)
        deck = fc.deck(rules.packs)
        row = [
            _slowest(
                [(rng.sample(deck, size), rng.choice([None, 3, 7, 13])) for _ in range(4)], rules
            )
            for size in (30, 40, 60)
        ]
        print(f"{option!s:<32} {row[0]:>7} {row[1]:>7} {row[2]:>7}")
    for size in (40, 60, 116):
        print(
            f"official deck[:{size}], threes wild: {_slowest([(fc.deck()[:size], 3)], fc.Rules())}"
        )


def main() -> None:
    argv = sys.argv[1:]
    names: list[str] = []
    if "--calls" in argv:
        at = argv.index("--calls")
        names = argv[at + 1].split(",")
        del argv[at : at + 2]
    args = [arg for arg in argv if arg != "--big"]
    n = int(args[0]) if args else 500
    if names:
        calls(n, names)
    else:
        discards(n)
    if "--big" in argv:
        big()


if __name__ == "__main__":
    main()
