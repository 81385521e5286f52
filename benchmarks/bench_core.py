"""Benchmark fivecrowns._solver_core against a simple memoised reference search.

Usage:  PYTHONPATH=src python3 benchmarks/bench_core.py [n_hands]

Every row times ~n seeded random hands, clearing caches before each hand ("cold"), with
time.perf_counter_ns; it prints median / p99 / max in microseconds for the core and for
the reference (lru_cache over (sorted remaining naturals, wilds left), default rules),
and the ratio of the medians.  Two cold flavours for the core:
  * "cold"       cache_clear(): every cache incl. the lazily built transition tables;
  * "cold-hand"  cache_clear(keep_tables=True): hand caches only.  Kept warm: the
                 hand-independent tables (the sweep's transition tables, the suit DP's
                 per-suit decompositions, the suit-run reconstructions), all filled
                 beforehand by running a DISJOINT warm-up set of hands (same distribution,
                 other seed), so timed hands only reuse what other hands left behind;
  * "cold-same"  as cold-hand, but warmed on the timed hands themselves (the earlier
                 definition: every table / memo entry a timed hand needs is present).
"""

from __future__ import annotations

import importlib
import random
import sys
import time
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def _load_core() -> Any:
    sys.path.insert(0, str(HERE.parent / "src"))
    return importlib.import_module("fivecrowns._solver_core")


core = _load_core()
CFG = core.CoreConfig()
DECK = [c for c in range(55) for _ in range(2)] + [55] * 6


# ----------------------------------------------------------------------------------------
# Reference: exact memoised search, default rules only.


def ref_min(codes: Sequence[int], wr: int, cfg: Any = CFG) -> int:
    wi = wr - 3
    nats = tuple(sorted(c for c in codes if c != 55 and c % 11 != wi))
    wild_pts = [cfg.joker_points if c == 55 else cfg.wild_points for c in codes]
    wild_pts = [p for c, p in zip(codes, wild_pts, strict=True) if c == 55 or c % 11 == wi]
    w = len(wild_pts)

    @cache
    def best(rem: tuple[int, ...], wl: int) -> int:
        """Least natural deadwood of rem with at most wl wilds in melds."""
        if not rem:
            return 0
        c, rest = rem[0], rem[1:]
        v = c % 11 + 3
        res = v + best(rest, wl)
        # books containing c (c is the lowest remaining code)
        same = [x for x in rest if x % 11 == c % 11]
        for mask in range(1 << len(same)):
            chosen = [same[j] for j in range(len(same)) if mask >> j & 1]
            need = max(0, 2 - len(chosen))
            if need <= wl:
                r2 = list(rest)
                for x in chosen:
                    r2.remove(x)
                res = min(res, best(tuple(r2), wl - need))
        # runs with c as lowest natural: walk up choosing a natural or a wild per rank

        def walk(pos: int, r2: list[int], used: int, span: int) -> None:
            nonlocal res
            if span >= 2:  # close after a natural, pad to length 3
                pad = max(0, 3 - span)
                if used + pad <= wl:
                    res = min(res, best(tuple(r2), wl - used - pad))
            if pos > 10:
                return
            code = c - c % 11 + pos
            if code in r2:
                r3 = list(r2)
                r3.remove(code)
                walk(pos + 1, r3, used, span + 1)
            # wild gap, must be followed by a natural later
            gap_used = used + 1
            p2 = pos + 1
            while p2 <= 10 and gap_used <= wl:
                code2 = c - c % 11 + p2
                if code2 in r2:
                    r3 = list(r2)
                    r3.remove(code2)
                    walk(p2 + 1, r3, gap_used, span + (p2 - pos) + 1)
                gap_used += 1
                p2 += 1

        walk(c % 11 + 1, list(rest), 0, 1)
        return res

    nat_sum = sum(c % 11 + 3 for c in nats)
    d = best(nats, w)
    if d < nat_sum:
        return d
    if cfg.all_wild_melds and w >= 3:
        return nat_sum
    return nat_sum + sum(wild_pts)


def ref_best_discard(codes: Sequence[int], wr: int) -> tuple[int, int]:
    vals = {}
    for c in set(codes):
        rest = list(codes)
        rest.remove(c)
        vals[c] = ref_min(rest, wr)
    pts = {c: (50 if c == 55 else 20 if c % 11 + 3 == wr else c % 11 + 3) for c in vals}
    best = min(vals, key=lambda c: (vals[c], c == 55 or c % 11 + 3 == wr, -pts[c], -c))
    return best, vals[best]


# ----------------------------------------------------------------------------------------


def adversarial_hand(rng: random.Random, size: int = 13) -> list[int]:
    suit = rng.randrange(5)
    nw = rng.randint(1, 4)
    hand = [55] * min(nw, 6)
    lo = rng.randint(0, 4)
    pool = [suit * 11 + r for r in range(lo, min(10, lo + 7)) for _ in range(2)]
    rng.shuffle(pool)
    hand += pool[: size - len(hand)]
    return hand


def timeit(fn: Callable[[Any], Any], hands: list[Any], clear: Callable[[], None]) -> list[int]:
    ts = []
    for h in hands:
        clear()
        t = time.perf_counter_ns()
        fn(h)
        ts.append(time.perf_counter_ns() - t)
    return ts


def stats(ts: list[int]) -> tuple[float, float, float]:
    s = sorted(ts)
    n = len(s)
    return s[n // 2] / 1e3, s[min(n - 1, int(n * 0.99))] / 1e3, s[-1] / 1e3


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    rng = random.Random(12345)
    h13 = [rng.sample(DECK, 13) for _ in range(n)]
    h10 = [rng.sample(DECK, 10) for _ in range(n)]
    h14 = [rng.sample(DECK, 14) for _ in range(n)]
    adv = [adversarial_hand(rng) for _ in range(max(200, n // 4))]
    wrng = random.Random(54321)  # disjoint warm-up hands for the cold-hand rows
    warm = {
        13: [wrng.sample(DECK, 13) for _ in range(n)],
        10: [wrng.sample(DECK, 10) for _ in range(n)],
        14: [wrng.sample(DECK, 14) for _ in range(n)],
        0: [adversarial_hand(wrng) for _ in range(max(200, n // 4))],
    }

    def no_clear() -> None:
        pass

    full_clear = core.cache_clear

    def hand_clear() -> None:
        core.cache_clear(keep_tables=True)

    rows: list[tuple[str, Callable[[Any], Any], Callable[[Any], Any], list[Any], str, int]] = [
        (
            "13 cards, K wild",
            lambda h: core.min_deadwood(h, 13, CFG),
            lambda h: ref_min(h, 13),
            h13,
            "med<=15 p99<=50",
            13,
        ),
        (
            "10 cards, 10 wild",
            lambda h: core.min_deadwood(h, 10, CFG),
            lambda h: ref_min(h, 10),
            h10,
            "med<=10",
            10,
        ),
        (
            "14 cards best_discard",
            lambda h: core.best_discard(h, 13, CFG),
            lambda h: ref_best_discard(h, 13),
            h14,
            "med<=40 p99<=100",
            14,
        ),
        (
            "adversarial 13 (1 suit)",
            lambda h: core.min_deadwood(h, 13, CFG),
            lambda h: ref_min(h, 13),
            adv,
            "max<=400",
            0,
        ),
    ]
    # warm-up (fills the lazily built transition tables; also checks agreement)
    for _name, fc, fr, hands, _t, _k in rows:
        for h in hands[:300]:
            a = fc(h)
            b = fr(h)
            if (a[3] if isinstance(a, tuple) else a) != (b[1] if isinstance(b, tuple) else b):
                print("DISAGREEMENT", sorted(h), a, b)
                sys.exit(1)
    print(
        f"{'row':28s} {'mode':10s} {'core med/p99/max us':>24s} "
        f"{'ref med/p99/max us':>24s} {'ref/core':>8s}  target"
    )
    for name, fc, fr, hands, target, wk in rows:
        rt = stats(timeit(fr, hands, no_clear))
        for mode, clear in (
            ("cold", full_clear),
            ("cold-hand", hand_clear),
            ("cold-same", hand_clear),
        ):
            if mode != "cold":
                core.cache_clear()
                # warm the hand-independent tables on OTHER hands (cold-hand) or on the
                # timed hands themselves (cold-same)
                for h in warm[wk] if mode == "cold-hand" else hands:
                    fc(h)
            ct = stats(timeit(fc, hands, clear))
            print(
                f"{name:28s} {mode:10s} {ct[0]:7.1f} {ct[1]:7.1f} {ct[2]:8.1f} "
                f"{rt[0]:7.1f} {rt[1]:7.1f} {rt[2]:8.1f} {rt[0] / ct[0]:8.1f}  {target}"
            )
    # warm repeat
    ts = []
    for h in h13:
        core.min_deadwood(h, 13, CFG)
        t = time.perf_counter_ns()
        core.min_deadwood(h, 13, CFG)
        ts.append(time.perf_counter_ns() - t)
    wt = stats(ts)
    print(
        f"{'13 cards warm repeat':28s} {'warm':10s} {wt[0]:7.1f} {wt[1]:7.1f} {wt[2]:8.1f} "
        f"{'':>7s} {'':>7s} {'':>8s} {'':>8s}  med<=2"
    )


if __name__ == "__main__":
    main()
