"""Time the layout of a hand that goes out under ``lay_off`` (``out_layout``): the Python
engine's search for the fewest lay-off chances against the solver's arrangement of the same
hands (the layout ``out_layout="solver"`` lays down), measured in the same run.

Usage::

    PYTHONPATH=src python benchmarks/bench_out_layout.py [HANDS] [SEED]

The hands are dealt as books and runs of 3 to 5 cards (a fifth of the cards swapped for
jokers or cards of the wild rank) of 3 to 14 cards, kept when every card melds, plus a few
built to be hard (long runs and many wilds). Prints the mean and the largest time per hand
of each, by hand size.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

import fivecrowns as fc
from fivecrowns.cards import CARDS
from fivecrowns.game import out_layout

#: Hands built to be hard for the search: long runs, many wilds, duplicates.
HARD = [
    ("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK JK JK", None),
    ("3H 4H 5H 6H 7H 8H 9H JK JK JK JK JK JK QS", 12),
    ("7H 7H 7S 7S 7C 7C 7D 7D 7* 7* JK JK JK JK", 13),
    ("3H 3H 4H 4H 5H 5H 6H 6H 7H 7H 8H 8H JK JK", 13),
    ("3H 5H 7H 9H JH KH JK JK JK JK JK JK QS QD", 12),
]


def dealt_hand(rng: random.Random, size: int, wild: int | None) -> list[fc.Card]:
    hand: list[fc.Card] = []
    while len(hand) < size:
        length = min(size - len(hand), rng.randint(3, 5))
        if length < 3:
            hand += [fc.JOKER] * length
            break
        low, suit, run = rng.randrange(0, 12 - length), rng.randrange(5), rng.random() < 0.5
        for k in range(length):
            code = suit * 11 + low + k if run else rng.randrange(5) * 11 + low
            if rng.random() < 0.2:
                joker = wild is None or rng.random() < 0.5
                code = 55 if joker else rng.randrange(5) * 11 + (wild or 3) - 3
            hand.append(CARDS[code])
    return hand


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("hands", nargs="?", type=int, default=600)
    parser.add_argument("seed", nargs="?", type=int, default=49)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    rules = fc.Rules(lay_off=True)
    cases: list[tuple[list[fc.Card], int | None]] = [
        (list(fc.parse_cards(text)), wild) for text, wild in HARD
    ]
    while len(cases) < args.hands + len(HARD):
        size = rng.randint(3, 14)
        wild = rng.choice([None, min(size, 13)])
        hand = dealt_hand(rng, size, wild)
        try:
            if fc.can_meld_all(hand, wild, rules=rules):
                cases.append((hand, wild))
        except fc.InvalidHandError:
            continue
    by_size: dict[int, list[tuple[float, float]]] = {}
    for hand, wild in cases:
        started = time.perf_counter()
        fc.best_arrangement(hand, wild, rules=rules)
        solver = time.perf_counter() - started
        started = time.perf_counter()
        out_layout(hand, wild, rules=rules)
        fewest = time.perf_counter() - started
        by_size.setdefault(len(hand), []).append((solver, fewest))
    print(f"{len(cases)} hands that go out (seed {args.seed}), milliseconds per hand")
    print("cards  hands  solver mean  max   fewest_lay_offs mean  max")
    for size in sorted(by_size):
        times = by_size[size]
        solver_times = [t[0] * 1e3 for t in times]
        fewest_times = [t[1] * 1e3 for t in times]
        print(
            f"{size:5}  {len(times):5}  {sum(solver_times) / len(times):11.2f} "
            f"{max(solver_times):5.1f}   {sum(fewest_times) / len(times):18.2f} "
            f"{max(fewest_times):5.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
