"""Time the proof of the true maximum score (``fivecrowns.max_score``), round by round.

Usage:  PYTHONPATH=src python benchmarks/max_score.py [--all]

Prints, for the official rules, each round's worst score, one worst hand, the solver calls
the branch and bound made and the seconds it took (from a cold cache), then the total and
the time of the whole proof. Then the totals and times for a few house rule sets (``--all``:
every round of each, as for the official rules). The target: the official proof in under
10 s on a small machine.
"""

from __future__ import annotations

import sys
import time

import fivecrowns as fc
from fivecrowns.game import scoring_limits
from fivecrowns.game.scoring_limits import _CACHE, _Search

HOUSE: list[tuple[str, fc.Rules]] = [
    ("one pack", fc.Rules(packs=1)),
    ("three packs", fc.Rules(packs=3)),
    ("short game (9 rounds)", fc.Rules.short_game(9)),
    ("constant 7 cards", fc.Rules.constant(7)),
    ("distinct-suit books", fc.Rules(distinct_suit_books=True)),
    ("wilds <= naturals", fc.Rules(max_wilds_per_meld="naturals")),
    ("no all-wild melds", fc.Rules(all_wild_melds=False)),
    ("jokers only wild", fc.Rules(wild_ranks=(None,) * 11)),
    ("manual final hands", fc.Rules(auto_arrange_final_hand=False)),
]


def _cold() -> None:
    _CACHE.clear()
    fc.clear_cache()


def rounds(name: str, rules: fc.Rules) -> None:
    _cold()
    print(f"{name}:")
    print(f"{'round':>5} {'cards':>5} {'wild':>5} {'worst':>6} {'calls':>7} {'s':>7}  hand")
    start, total = time.perf_counter(), 0
    for number in range(1, rules.rounds + 1):
        size, wild = rules.hand_size(number), rules.wild_rank(number)
        began = time.perf_counter()
        if rules.auto_arrange_final_hand:
            search = _Search(wild, rules)
            score, hand = search.best(size)
            calls = search.calls
        else:
            score, hand = scoring_limits.max_round_score(size, wild, rules=rules)
            calls = 0
        seconds = time.perf_counter() - began
        total += score
        label = "-" if wild is None else str(wild)
        print(
            f"{number:>5} {size:>5} {label:>5} {score:>6} {calls:>7} {seconds:7.2f}  "
            f"{fc.format_cards(hand)}"
        )
    print(f"total {total}, proven in {time.perf_counter() - start:.2f} s\n")


def main() -> None:
    every = "--all" in sys.argv[1:]
    print(f"engine: {fc.core_info().engine}\n")
    rounds("official rules", fc.Rules())
    _cold()
    start = time.perf_counter()
    official = fc.max_score()
    print(f"max_score() from a cold cache: {official.total} in {time.perf_counter() - start:.2f} s")
    start = time.perf_counter()
    fc.max_score()
    print(f"max_score() again (cached): {(time.perf_counter() - start) * 1e3:.3f} ms\n")
    for name, rules in HOUSE:
        if every:
            rounds(name, rules)
            continue
        _cold()
        start = time.perf_counter()
        result = fc.max_score(rules)
        print(f"{name:<24} {result.total:>6}  {time.perf_counter() - start:6.2f} s")


if __name__ == "__main__":
    main()
