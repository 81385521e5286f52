"""Compare fivecrowns._solver_core against the brute force on random hands.

Usage:  PYTHONPATH=src python3 benchmarks/check_core.py [n_hands] [seed]
        PYTHONPATH=src python3 benchmarks/check_core.py --exhaustive [max_size]
        PYTHONPATH=src python3 benchmarks/check_core.py --diff [n_hands] [seed]
``--diff`` compares the default-rules fast path against the rank sweep (the fast path
switched off) on random, dense-suit, book-heavy and wild-heavy hands of 0..15 cards:
min_deadwood, arrangement soundness, discard values (against per-discard sweeps and the
one-pass all-discards sweep) and best_discard.
Exits non-zero on the first mismatch (printing a reproducer).
"""

from __future__ import annotations

import importlib
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import _bruteforce as bf  # noqa: E402


def _load_core() -> Any:
    sys.path.insert(0, str(HERE.parent / "src"))
    return importlib.import_module("fivecrowns._solver_core")


core = _load_core()
# The fast-path switch lives in the fast path's own module (read there by every caller).
suitdp = importlib.import_module("fivecrowns._suitdp")
CoreConfig = core.CoreConfig


def deck(packs: int) -> list[int]:
    return [c for c in range(55) for _ in range(packs)] + [55] * (3 * packs)


def random_cfg(rng: random.Random) -> Any:
    k = rng.choice([None, None, None, 0, 1, 2, 3, 4])
    return CoreConfig(
        packs=rng.choice([1, 2, 2, 2, 3]),
        all_wild_melds=rng.random() < 0.6,
        max_wilds_per_meld=k,
        wilds_at_most_naturals=rng.random() < 0.25,
        distinct_suit_books=rng.random() < 0.3,
        wild_points=rng.choice([20, 20, 20, 7, 60]),
        joker_points=rng.choice([50, 50, 50, 15]),
    )


def random_hand(rng: random.Random, cfg: Any, wr: int, size: int) -> list[int]:
    packs = cfg.packs
    kind = rng.randrange(6)
    d = deck(packs)
    if kind == 0:  # uniform
        return rng.sample(d, size)
    avail = Counter(d)
    hand: list[int] = []

    def take(c: int) -> bool:
        if avail[c] > 0 and len(hand) < size:
            avail[c] -= 1
            hand.append(c)
            return True
        return False

    if kind in (1, 2):  # one (or two) dense suits with duplicates + some wilds
        suits = rng.sample(range(5), 1 if kind == 1 else 2)
        nw = rng.randrange(0, 4)
        for _ in range(nw):
            take(55 if rng.random() < 0.6 else rng.randrange(5) * 11 + wr - 3)
        lo = rng.randrange(0, 8)
        hi = min(10, lo + rng.randrange(2, 7))
        tries = 0
        while len(hand) < size and tries < 200:
            tries += 1
            take(rng.choice(suits) * 11 + rng.randint(lo, hi))
    elif kind == 3:  # many wilds
        nw = rng.randrange(0, size + 1)
        for _ in range(nw):
            take(55 if rng.random() < 0.5 else rng.randrange(5) * 11 + wr - 3)
    elif kind == 4:  # books-heavy: few ranks, all suits
        ranks = rng.sample(range(11), rng.randint(1, 3))
        tries = 0
        while len(hand) < size and tries < 200:
            tries += 1
            if rng.random() < 0.15:
                take(55)
            else:
                take(rng.randrange(5) * 11 + rng.choice(ranks))
    else:  # small window of ranks across two suits
        lo = rng.randrange(0, 9)
        tries = 0
        while len(hand) < size and tries < 200:
            tries += 1
            if rng.random() < 0.2:
                take(55)
            else:
                take(rng.randrange(2) * 11 + rng.randint(lo, min(10, lo + 3)))
    rest = [c for c, n in avail.items() for _ in range(n)]
    while len(hand) < size:
        c = rng.choice(rest)
        rest.remove(c)
        hand.append(c)
    return hand


def check_arrangement(hand: list[int], wr: int, cfg: Any, arr: Any, expect: int) -> str | None:
    melds, dead, pts = arr
    if pts != expect:
        return f"arrange points {pts} != {expect}"
    allc: list[int] = list(dead)
    for kind, cards in melds:
        if kind not in ("book", "run"):
            return f"bad kind {kind}"
        kinds = bf.meld_kinds(tuple(cards), wr, cfg)
        if kind not in kinds:
            return f"invalid meld {kind} {cards}"
        allc.extend(cards)
    if Counter(allc) != Counter(hand):
        return "arrangement is not a partition of the hand"
    if sum(bf.points(c, wr, cfg) for c in dead) != pts:
        return "deadwood points mismatch"
    return None


def fail(msg: str, hand: list[int], wr: int, cfg: Any) -> None:
    print("MISMATCH:", msg)
    print(f"  hand={sorted(hand)} wild_rank={wr} cfg={cfg}")
    sys.exit(1)


def exhaustive(max_size: int) -> None:
    """Every multiset (<= max_size cards) over a small universe, every option combination.

    Universe: two suits x ranks 3..8 plus the joker; wild ranks 5 (inside the window) and
    13 (outside).  Checks min_deadwood and arrange for each hand, discard_values /
    best_discard for hands of >= 1 card, and outs for hands of <= 3 cards.
    """
    from itertools import combinations_with_replacement

    t0 = time.time()
    universe = [s * 11 + r for s in (0, 3) for r in range(6)] + [55]
    cfgs = [
        CoreConfig(
            packs=2,
            all_wild_melds=aw,
            max_wilds_per_meld=k,
            wilds_at_most_naturals=nat,
            distinct_suit_books=ds,
        )
        for aw in (True, False)
        for k in (None, 0, 1, 2)
        for nat in (False, True)
        for ds in (False, True)
    ]
    n = 0
    for size in range(max_size + 1):
        for hand_t in combinations_with_replacement(universe, size):
            hand = list(hand_t)
            if any(hand.count(c) > 2 for c in hand if c != 55):
                continue
            for wr in (5, 13):
                for cfg in cfgs:
                    core.cache_clear()
                    exp = bf.brute_min(hand, wr, cfg)
                    got = core.min_deadwood(hand, wr, cfg)
                    if got != exp:
                        fail(f"min_deadwood {got} != brute {exp}", hand, wr, cfg)
                    err = check_arrangement(hand, wr, cfg, core.arrange(hand, wr, cfg), exp)
                    if err:
                        fail(err, hand, wr, cfg)
                    if hand:
                        exp_d = bf.brute_discard_values(hand, wr, cfg)
                        if core.discard_values(hand, wr, cfg) != exp_d:
                            fail("discard_values", hand, wr, cfg)
                    if (
                        size <= 3
                        and cfg.max_wilds_per_meld in (None, 1)
                        and core.outs(hand, wr, cfg) != bf.brute_outs(hand, wr, cfg)
                    ):
                        fail("outs", hand, wr, cfg)
                    n += 1
    print(f"OK exhaustive: {n} (hand, wild rank, cfg) cases in {time.time() - t0:.1f}s")


def sweep_min(hand: list[int], wr: int, cfg: Any) -> int:
    """The rank sweep alone (fast path off), no hand caches."""
    suitdp.ON = False
    try:
        return int(core._solve(tuple(sorted(hand)), wr, cfg))
    finally:
        suitdp.ON = True


def sweep_discards(hand: list[int], wr: int, cfg: Any) -> dict[int, int]:
    """Every discard's value from the one-pass sweep (fast path off, no hand caches)."""
    suitdp.ON = False
    try:
        return dict(core._discards(tuple(sorted(hand)), wr, cfg))
    finally:
        suitdp.ON = True


def diff_hand(rng: random.Random, wr: int, packs: int, size: int) -> list[int]:
    wi = wr - 3
    d = deck(packs)
    kind = rng.randrange(5)
    if kind == 0:
        return rng.sample(d, size)
    avail = Counter(d)
    hand: list[int] = []

    def take(c: int) -> None:
        if avail[c] > 0 and len(hand) < size:
            avail[c] -= 1
            hand.append(c)

    wild_codes = [55] + ([s * 11 + wi for s in range(5)] if 0 <= wi < 11 else [])
    if kind == 1:  # dense suits with duplicates + a few wilds
        suits = rng.sample(range(5), rng.choice([1, 1, 2]))
        for _ in range(rng.randrange(0, 5)):
            take(rng.choice(wild_codes))
        lo = rng.randrange(0, 9)
        hi = min(10, lo + rng.randrange(2, 9))
        for _ in range(300):
            take(rng.choice(suits) * 11 + rng.randint(lo, hi))
    elif kind == 2:  # book heavy
        ranks = rng.sample(range(11), rng.randint(1, 4))
        for _ in range(300):
            if rng.random() < 0.15:
                take(rng.choice(wild_codes))
            else:
                take(rng.randrange(5) * 11 + rng.choice(ranks))
    elif kind == 3:  # wild heavy
        for _ in range(rng.randrange(0, size + 1)):
            take(rng.choice(wild_codes))
    else:  # a window of ranks over a few suits (books and runs compete)
        lo = rng.randrange(0, 9)
        suits = rng.sample(range(5), rng.randint(2, 4))
        for _ in range(300):
            if rng.random() < 0.12:
                take(rng.choice(wild_codes))
            else:
                take(rng.choice(suits) * 11 + rng.randint(lo, min(10, lo + 3)))
    rest = [c for c, n in avail.items() for _ in range(n)]
    rng.shuffle(rest)
    while len(hand) < size:
        hand.append(rest.pop())
    return hand


def differential(n_hands: int, seed: int) -> None:
    """The fast path against the sweep (default rules only)."""
    rng = random.Random(seed)
    t0 = time.time()
    stats = Counter[str]()
    for it in range(n_hands):
        cfg = CoreConfig(
            packs=rng.choice([1, 2, 2, 2, 3]),
            all_wild_melds=rng.random() < 0.7,
            wild_points=rng.choice([20, 20, 7, 60]),
            joker_points=rng.choice([50, 50, 15]),
        )
        wr = rng.choice([*range(3, 14), 0])
        size = rng.randint(0, 15)
        hand = diff_hand(rng, wr, cfg.packs, size)
        key = tuple(sorted(hand))
        core.cache_clear(keep_tables=rng.random() < 0.9)
        if cfg.packs <= 3 and suitdp.solve(key, wr, cfg) is not None:
            stats["fast"] += 1
        exp = sweep_min(hand, wr, cfg)
        got = core.min_deadwood(hand, wr, cfg)
        if got != exp:
            fail(f"fast min_deadwood {got} != sweep {exp}", hand, wr, cfg)
        err = check_arrangement(hand, wr, cfg, core.arrange(hand, wr, cfg), exp)
        if err:
            fail("fast " + err, hand, wr, cfg)
        stats["min"] += 1
        if hand and rng.random() < 0.3:
            exp_d = {c: sweep_min(list(core._remove(key, (c,))), wr, cfg) for c in set(key)}
            got_d = core.discard_values(hand, wr, cfg)
            if got_d != exp_d:
                fail(f"discard_values {got_d} != sweep {exp_d}", hand, wr, cfg)
            one_pass = sweep_discards(hand, wr, cfg)
            if got_d != one_pass:
                fail(f"discard_values {got_d} != one-pass sweep {one_pass}", hand, wr, cfg)
            best = min(exp_d, key=lambda c: discard_order(c, exp_d[c], wr, cfg))
            d, melds, dead, pts = core.best_discard(hand, wr, cfg)
            if d != best or pts != exp_d[best]:
                fail(f"best_discard {d},{pts} != {best},{exp_d[best]}", hand, wr, cfg)
            rest = list(hand)
            rest.remove(d)
            err = check_arrangement(rest, wr, cfg, (melds, dead, pts), exp_d[best])
            if err:
                fail("best_discard " + err, hand, wr, cfg)
            stats["discard"] += 1
        if (it + 1) % 5000 == 0:
            print(f"  {it + 1} hands ok ({time.time() - t0:.0f}s) {dict(stats)}", flush=True)
    print(f"OK diff: {n_hands} hands, {dict(stats)} in {time.time() - t0:.1f}s")


def discard_order(c: int, value: int, wr: int, cfg: Any) -> tuple[int, bool, int, int]:
    """The documented tie-break: least deadwood, a natural before a wild, most points,
    highest code."""
    return (value, bf.is_wild(c, wr), -bf.points(c, wr, cfg), -c)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--diff":
        differential(
            int(sys.argv[2]) if len(sys.argv) > 2 else 20000,
            int(sys.argv[3]) if len(sys.argv) > 3 else 1,
        )
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--exhaustive":
        exhaustive(int(sys.argv[2]) if len(sys.argv) > 2 else 5)
        return
    n_hands = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rng = random.Random(seed)
    t0 = time.time()
    stats = Counter[str]()
    for it in range(n_hands):
        cfg = random_cfg(rng) if rng.random() < 0.7 else CoreConfig(packs=rng.choice([1, 2]))
        wr = rng.randint(3, 13)
        size = rng.choice([0, 1, 2, 3, 4, 5, 6, 7, 7, 8, 8, 9, 9, 10])
        hand = random_hand(rng, cfg, wr, size)
        if rng.random() < 0.5:
            core.cache_clear()
        if rng.random() < 0.05:
            core.cache_clear_all()
        exp = bf.brute_min(hand, wr, cfg)
        got = core.min_deadwood(hand, wr, cfg)
        if got != exp:
            fail(f"min_deadwood {got} != brute {exp}", hand, wr, cfg)
        err = check_arrangement(hand, wr, cfg, core.arrange(hand, wr, cfg), exp)
        if err:
            fail(err, hand, wr, cfg)
        stats["min"] += 1
        if hand and size <= 9:
            exp_d = bf.brute_discard_values(hand, wr, cfg)
            got_d = core.discard_values(hand, wr, cfg)
            if got_d != exp_d:
                fail(f"discard_values {got_d} != brute {exp_d}", hand, wr, cfg)
            best = min(exp_d, key=lambda c: discard_order(c, exp_d[c], wr, cfg))
            d, melds, dead, pts = core.best_discard(hand, wr, cfg)
            if d != best or pts != exp_d[best]:
                fail(f"best_discard {d},{pts} != {best},{exp_d[best]}", hand, wr, cfg)
            rest = list(hand)
            rest.remove(d)
            err = check_arrangement(rest, wr, cfg, (melds, dead, pts), exp_d[best])
            if err:
                fail("best_discard " + err, hand, wr, cfg)
            if core.can_go_out(hand, wr, cfg) != (min(exp_d.values()) == 0):
                fail("can_go_out", hand, wr, cfg)
            stats["discard"] += 1
        if size <= 6 and rng.random() < 0.35:
            exp_o = bf.brute_outs(hand, wr, cfg)
            got_o = core.outs(hand, wr, cfg)
            if got_o != exp_o:
                fail(f"outs {sorted(got_o)} != brute {sorted(exp_o)}", hand, wr, cfg)
            stats["outs"] += 1
        if (it + 1) % 500 == 0:
            print(f"  {it + 1} hands ok ({time.time() - t0:.0f}s) {dict(stats)}", flush=True)
    print(f"OK: {n_hands} hands, {dict(stats)} in {time.time() - t0:.1f}s")


if __name__ == "__main__":
    main()
