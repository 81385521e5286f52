"""Check the solver's engines against each other and a brute force, over many hands.

Usage:  PYTHONPATH=src python benchmarks/check_solver.py [n_hands] [seed]

Each case draws a rule set (every meld option, 1-16 packs, zero and custom points, no wild
rank) and a hand (random, one dense suit with duplicates, book-heavy, wild-heavy; 0-14
cards). It checks the public solver (on whichever engine runs) against the memoised
search (``fivecrowns.solver._search``) on the least deadwood of the hand and of every
discard, that both arrangements are valid and complete, and, on hands of at most 8 cards,
both against the brute force of ``_bruteforce.py``. Exits non-zero on the first mismatch,
printing it.
"""

from __future__ import annotations

import random
import sys
import types
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _bruteforce as bf
import fivecrowns as fc
from fivecrowns.cards import CARDS
from fivecrowns.solver import _search


def random_rules(rng: random.Random) -> fc.Rules:
    return fc.Rules(
        packs=rng.choice([1, 2, 2, 2, 3, 4, 8, 16]),
        distinct_suit_books=rng.random() < 0.25,
        max_wilds_per_meld=rng.choice([None, None, None, 0, 1, 2, 3, "naturals"]),
        all_wild_melds=rng.random() < 0.7,
        wild_points=rng.choice([20, 20, 0, 7]),
        joker_points=rng.choice([50, 50, 0, 15]),
    )


def random_hand(rng: random.Random, rules: fc.Rules, wild: int, size: int) -> list[int]:
    deck = [c.code for c in fc.deck(rules.packs)]
    kind = rng.randrange(4)
    if kind == 1:  # one suit, with duplicates and wilds
        suit = rng.randrange(5)
        deck = [c for c in deck if c == 55 or c // 11 == suit or c % 11 + 3 == wild]
    elif kind == 2:  # a few ranks: books
        ranks = rng.sample(range(11), 3)
        deck = [c for c in deck if c == 55 or c % 11 in ranks]
    elif kind == 3:  # many wilds
        deck = deck + [c for c in deck if c == 55 or c % 11 + 3 == wild] * 3
    hand: list[int] = []
    counts: Counter[int] = Counter()
    while len(hand) < size:
        c = rng.choice(deck)
        if counts[c] < (3 * rules.packs if c == 55 else rules.packs):
            counts[c] += 1
            hand.append(c)
    return sorted(hand)


def _config(rules: fc.Rules) -> types.SimpleNamespace:
    limit = rules.max_wilds_per_meld
    return types.SimpleNamespace(
        packs=rules.packs,
        all_wild_melds=rules.all_wild_melds,
        max_wilds_per_meld=limit if isinstance(limit, int) else None,
        wilds_at_most_naturals=limit == "naturals",
        distinct_suit_books=rules.distinct_suit_books,
        wild_points=rules.wild_points,
        joker_points=rules.joker_points,
    )


def check(hand: list[int], wild: int, rules: fc.Rules) -> str | None:
    cards = [CARDS[c] for c in hand]
    wr = wild or None
    key = tuple(hand)
    got = fc.min_deadwood(cards, wr, rules=rules)
    solution = _search.solve(key, wild, rules)
    if got != solution.score.points:
        return f"min_deadwood {got} != search {solution.score.points}"
    arrangement = fc.best_arrangement(cards, wr, rules=rules)
    for melds in (
        [m.cards for m in arrangement.melds],
        [[CARDS[c] for c in m] for _, m in solution.melds],
    ):
        for meld in melds:
            fc.melds.make_meld(list(meld), wr, rules=rules)
    if Counter(arrangement.cards) != Counter(cards) or arrangement.points != got:
        return f"arrangement {arrangement} is not a complete optimum"
    if hand:
        values = {c.code: v for c, v in fc.deadwood_by_discard(cards, wr, rules=rules).items()}
        scores = {c: s.points for c, s in _search.discard_scores(key, wild, rules).items()}
        if values != scores:
            return f"discards {values} != search {scores}"
        card, rest = fc.best_discard(cards, wr, rules=rules)
        if rest.points != min(values.values()) or values[card.code] != rest.points:
            return f"best_discard {card} {rest.points} != {min(values.values())}"
    if len(hand) <= 8:
        brute = bf.brute_min(hand, wild, _config(rules))
        if brute != got:
            return f"brute force {brute} != {got}"
    return None


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    for i in range(n):
        rules = random_rules(rng)
        wild = rng.choice([0, *range(3, 14)])
        size = rng.choice([rng.randrange(9), rng.randrange(15)])
        hand = random_hand(rng, rules, wild, size)
        problem = check(hand, wild, rules)
        if problem:
            print(f"MISMATCH case {i}: {problem}\n  hand {hand} wild {wild} rules {rules!r}")
            sys.exit(1)
        if (i + 1) % 2000 == 0:
            print(f"{i + 1} cases OK", flush=True)
    print(f"OK: {n} cases, zero mismatches")


if __name__ == "__main__":
    main()
