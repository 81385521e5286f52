"""Time the public solver API as a user calls it, with parsed cards.

Usage:  python benchmarks/bench_solver_api.py [n_hands]

Rows (median / p99 in microseconds over n seeded random hands of the 116-card deck):
  * min_deadwood, 13 cards, kings wild: a hand never seen before (per-hand caches cleared,
    hand-independent tables warm from a disjoint warm-up set), and the same hand again
    (the warm-cache path: one dictionary lookup);
  * best_discard, 14 cards, kings wild: a new hand (as above), returning the card and the
    Arrangement of the rest;
  * deadwood_by_discard and can_go_out, 14 cards, and outs, 13 cards: a new hand.
Measured in the same run, for scale: the cost of ``tuple(sorted(card.code for card in
hand))`` (building a cache key by hand), so ratios survive a noisy machine.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence

import fivecrowns as fc

Hand = tuple[fc.Card, ...]


def _hands(n: int, size: int, seed: int) -> list[Hand]:
    rng = random.Random(seed)
    deck = fc.deck()
    return [tuple(rng.sample(deck, size)) for _ in range(n)]


def _time(hands: Sequence[Hand], call: Callable[[Hand], object], clear: bool) -> list[float]:
    # (``clear``: once, the per-hand caches were emptied; the solver keeps none any more)
    times = []
    for hand in hands:
        start = time.perf_counter_ns()
        call(hand)
        times.append((time.perf_counter_ns() - start) / 1000)
    return sorted(times)


def _row(label: str, times: list[float], scale: float) -> None:
    median = times[len(times) // 2]
    p99 = times[int(0.99 * (len(times) - 1))]
    print(f"{label:44} {median:9.2f} {p99:9.2f} {median / scale:9.1f}")


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    thirteen, fourteen = _hands(n, 13, 1), _hands(n, 14, 2)
    for hand in _hands(n, 13, 99) + _hands(n, 14, 98):  # warm the hand-independent tables
        fc.min_deadwood(hand, 13)
        fc.best_discard(hand, 13)
        fc.deadwood_by_discard(hand, 13)
    key = _time(thirteen, lambda h: tuple(sorted(card.code for card in h)), clear=False)
    scale = key[len(key) // 2]
    print(f"{'row':44} {'median':>9} {'p99':>9} {'x key':>9}   (microseconds)")
    _row("build a cache key by hand (scale)", key, scale)
    _row(
        "min_deadwood 13 cards, new hand",
        _time(thirteen, lambda h: fc.min_deadwood(h, 13), True),
        scale,
    )
    for hand in thirteen:  # each hand once, so the timed calls below repeat a known hand
        fc.min_deadwood(hand, 13)
    _row(
        "min_deadwood 13 cards, repeated hand",
        _time(thirteen, lambda h: fc.min_deadwood(h, 13), False),
        scale,
    )
    new_hand_rows = [
        ("best_discard 14 cards, new hand", fourteen, fc.best_discard),
        ("deadwood_by_discard 14 cards, new hand", fourteen, fc.deadwood_by_discard),
        ("can_go_out 14 cards, new hand", fourteen, fc.can_go_out),
        ("outs 13 cards, new hand", thirteen, fc.outs),
    ]
    for label, hands, solve in new_hand_rows:
        _row(label, _time(hands, lambda h, solve=solve: solve(h, 13), True), scale)


if __name__ == "__main__":
    main()
