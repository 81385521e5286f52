"""Time the compiled core beside the pure-Python twin, through the public solver API.

Usage:  PYTHONPATH=src python benchmarks/bench_core.py [--hands N] [--pure-hands M]
            [--seed S] [--quick]

Every row is measured on both engines in the same run (the engine is switched in process
by ``fivecrowns.solver._engine.running(compiled)``, with ``fc.clear_cache()`` at each switch), one
``time.perf_counter_ns`` per public call with parsed cards (a tuple of ``fc.Card``), on
seeded random hands. Every call sees a new hand: the per-hand result caches (the public
``min_deadwood`` cache and the twin's) are emptied before each timed call, while the
hand-independent tables are warmed first by up to a few hundred untimed calls of the row
on other hands. A row stops the run if its calls did not all run on the engine asked for.
Rows (median and p99 in microseconds; the core on N hands, the twin on the first M of
them; speedup = twin median / core median):

  * min_deadwood, 13 cards, kings wild; min_deadwood, 10 cards, queens wild;
  * best_discard (the card and the Arrangement of the rest), deadwood_by_discard and
    can_go_out, 14 cards, kings wild;
  * best_discard, 14 cards, under each single house option;
  * batch: ``fc.min_deadwood_many(hands, 13)`` over 10,000 13-card hands (each a tuple of
    ``fc.Card``), per hand, and on the same hands as an N x 56 array of card counts, on one
    thread and (on a machine of several cores) on one thread per core; also the core's own
    call on card codes, ``fivecrowns.solver._compiled.solver(fc.Rules()).least_many`` (the core
    only: the twin solves a batch one hand at a time; the speedup is against the twin's
    13-card median);
  * worst case: the slowest min_deadwood and best_discard over a set of adversarial hands
    (up to ``fc.solver.MAX_CARDS`` cards, the most the solver takes; 3 to 8 packs, one dense
    suit, many duplicates, many wilds), on the
    core, in a child process that is stopped when one call passes the time cap.

Each row prints its target beside the figures, and whether it is met. The cost of the
timing itself (an empty call timed the same way) is printed first; it is not subtracted.
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from multiprocessing.connection import Connection
from typing import NamedTuple

import numpy as np

import fivecrowns as fc
from fivecrowns import solver
from fivecrowns.cards import CARDS
from fivecrowns.solver import _engine

try:
    from fivecrowns.solver import _compiled
except ImportError as error:  # pragma: no cover - only without the build
    sys.exit(f"bench_core needs the compiled core fivecrowns._core: {error}")

Hand = tuple[fc.Card, ...]
Call = Callable[[Hand], object]
#: A target: (what, bound), what is "median", "p99" (at most bound) or "speedup" (at least).
Target = tuple[str, float]

OFFICIAL = fc.Rules()
BATCH_HANDS = 10_000
WORST_CAP_US = 1000.0


class Timing(NamedTuple):
    median: float
    p99: float


@contextmanager
def engine_is(compiled: bool) -> Iterator[None]:
    """Solve on the compiled core (True) or the Python twin (False) inside the block, with
    the caches emptied at each switch."""
    with _engine.running(compiled):
        fc.clear_cache()
        try:
            yield
        finally:
            fc.clear_cache()


def forget_hands() -> None:
    """Forget the hands asked about: nothing to do (the solver keeps no per-hand results)."""


def twin_ran() -> bool:
    """Does the Python twin answer (the engine the public functions run on)?"""
    return _engine.ENGINE is _engine.PYTHON


def hands(n: int, size: int, seed: int, rules: fc.Rules = OFFICIAL) -> list[Hand]:
    rng = random.Random(seed)
    deck = fc.deck(rules.packs)
    return [tuple(rng.sample(deck, size)) for _ in range(n)]


def timing(times_us: Sequence[float]) -> Timing:
    ordered = sorted(times_us)
    return Timing(ordered[len(ordered) // 2], ordered[int(0.99 * (len(ordered) - 1))])


def measure(rows: Sequence[Hand], call: Call, on_twin: bool) -> Timing:
    """One timed call per hand, each on a hand no cache has seen; fails when the call did
    not run on the engine asked for."""
    times = []
    ran = []
    gc.collect()
    gc.disable()
    try:
        for hand in rows:
            forget_hands()
            start = time.perf_counter_ns()
            call(hand)
            times.append((time.perf_counter_ns() - start) / 1000)
            ran.append(twin_ran())
    finally:
        gc.enable()
    if any(ran) != on_twin or all(ran) != on_twin:
        engine = "the Python twin" if on_twin else "the compiled core"
        sys.exit(f"bench_core: the engine switch failed: not every call ran on {engine}")
    return timing(times)


# -- the report -----------------------------------------------------------------------------

HEADER = (
    f"{'row':46} {'core med':>9} {'core p99':>9} {'pure med':>9} {'pure p99':>9} "
    f"{'speedup':>8}  {'target':26} verdict"
)


class Report:
    def __init__(self) -> None:
        self.met = 0
        self.total = 0

    def row(
        self,
        label: str,
        core: Timing,
        pure: Timing | None,
        targets: Sequence[Target],
        core_p99: bool = True,
    ) -> None:
        speedup = pure.median / core.median if pure is not None and core.median > 0 else None
        missed = []
        for what, bound in targets:
            values = {"median": core.median, "p99": core.p99, "max": core.p99}
            value = speedup if what == "speedup" else values[what]
            ok = value is not None and (value >= bound if what == "speedup" else value <= bound)
            missed += [] if ok else [what]
        self.total += 1
        self.met += not missed
        verdict = "met" if not missed else f"NOT MET ({', '.join(missed)})"
        print(
            f"{label:46} {_num(core.median)} {_num(core.p99 if core_p99 else None)} "
            f"{_num(pure.median if pure else None)} {_num(pure.p99 if pure else None)} "
            f"{_ratio(speedup)}  {_targets(targets):26} {verdict}",
            flush=True,
        )


def _num(value: float | None) -> str:
    if value is None:
        return f"{'-':>9}"
    return f"{value:9.2f}" if value < 1e5 else f"{value:9.0f}"


def _ratio(value: float | None) -> str:
    return f"{value:7.1f}x" if value is not None else f"{'-':>8}"


def _targets(targets: Sequence[Target]) -> str:
    names = {"median": "med", "p99": "p99", "max": "max"}
    return ", ".join(
        f">= {bound:g}x" if what == "speedup" else f"{names[what]} <= {bound:g}"
        for what, bound in targets
    )


class Row(NamedTuple):
    """The hands of a row: timed on the core, timed on the twin, and untimed first."""

    core: Sequence[Hand]
    pure: Sequence[Hand]
    warm: Sequence[Hand]


def rows(n: int, m: int, warm: int, size: int, seed: int, rules: fc.Rules = OFFICIAL) -> Row:
    timed = hands(n, size, seed, rules)
    return Row(timed, timed[:m], hands(warm, size, seed + 500, rules))


def both(report: Report, label: str, row: Row, call: Call, targets: Sequence[Target]) -> Timing:
    """Time ``call`` on the core (every hand) and on the twin (the first ones), each after
    untimed calls on other hands (which fill the hand-independent tables); print the row."""
    timings = []
    for compiled, timed in ((True, row.core), (False, row.pure)):
        with engine_is(compiled):
            for hand in row.warm:
                call(hand)
            timings.append(measure(timed, call, on_twin=not compiled))
    core, pure = timings
    report.row(label, core, pure, targets)
    return pure


# -- the batch entry point ------------------------------------------------------------------


def batch(report: Report, seed: int, repeats: int, pure_13: Timing) -> None:
    rng = random.Random(seed)
    deck = [card.code for card in fc.deck()]
    codes = [rng.sample(deck, 13) for _ in range(BATCH_HANDS)]
    hands = [tuple(CARDS[c] for c in hand) for hand in codes]
    counts = np.zeros((BATCH_HANDS, 56), dtype=np.int64)
    for row, hand in enumerate(codes):
        np.add.at(counts[row], hand, 1)
    core = _compiled.solver(OFFICIAL)
    with engine_is(True):
        fc.min_deadwood_many(hands[:100], 13)  # compile the rule set, touch the code paths
    results = {}
    cores = min(len(os.sched_getaffinity(0)), solver.MAX_THREADS)
    runs: list[tuple[str, Callable[[], np.ndarray]]] = [
        (f"min_deadwood_many, {BATCH_HANDS:,} hands", lambda: fc.min_deadwood_many(hands, 13)),
        (f"... as card counts, {BATCH_HANDS:,} rows", lambda: fc.min_deadwood_many(counts, 13)),
    ]
    if cores > 1:
        runs.append(
            (
                f"... as card counts, {cores} threads",
                lambda: fc.min_deadwood_many(counts, 13, threads=cores),
            )
        )
    runs.append(("core least_many, code lists", lambda: core.least_many(codes, 13)))
    for name, run in runs:
        per_hand = []
        with engine_is(True):
            for _ in range(repeats):
                gc.collect()
                start = time.perf_counter_ns()
                results[name] = run()
                per_hand.append((time.perf_counter_ns() - start) / 1000 / BATCH_HANDS)
        best = min(per_hand)
        report.row(
            f"batch {name}, per hand",
            Timing(best, best),
            Timing(pure_13.median, pure_13.p99),
            [("median", 0.7)],
            core_p99=False,
        )
    first, *others = results.values()
    if any(found.tolist() != first.tolist() for found in others):
        print("  !! the batch calls disagree on the same hands")
    with engine_is(True):
        forget_hands()
        public = [fc.min_deadwood(hand, 13) for hand in hands[:200]]
    if first[:200].tolist() != public:
        print("  !! min_deadwood_many disagrees with fc.min_deadwood on the same hands")


# -- the worst case -------------------------------------------------------------------------

#: An adversarial case: (family, rules, wild rank or None, card codes).
Case = tuple[str, fc.Rules, int | None, list[int]]


def adversarial(per_family: int, seed: int) -> list[Case]:
    """Hands that are large, dense in one suit, full of duplicates or of wilds."""
    rng = random.Random(seed)
    cases: list[Case] = []

    def draw(family: str, rules: fc.Rules, pool: Sequence[int], sizes: Sequence[int]) -> None:
        wild = rng.choice([None, *range(3, 14)])
        size = min(rng.choice(sizes), len(pool))
        cases.append((family, rules, wild, sorted(rng.sample(pool, size))))

    three, four, eight = fc.Rules(packs=3), fc.Rules(packs=4), fc.Rules(packs=8)
    most = fc.solver.MAX_CARDS
    naturals = fc.Rules(packs=3, max_wilds_per_meld="naturals")
    books = fc.Rules(packs=8, distinct_suit_books=True)
    for _ in range(per_family):
        draw("random, 3 packs", three, _deck(3), [most])
        draw("random, 2 packs", OFFICIAL, _deck(2), [most])
        suit = rng.randrange(5)
        draw("one suit dense, 4 packs", four, _deck(4, suits=[suit]), [12, 14, most])
        ranks = rng.sample(range(11), 3)
        draw("3 ranks, 8 packs (duplicates)", eight, _deck(8, ranks=ranks), [14, most])
        draw("3 ranks, 8 packs, distinct-suit books", books, _deck(8, ranks=ranks), [14, most])
        wild = rng.randrange(3, 14)
        pool = _deck(3) + [c for c in _deck(3) if c == 55 or c % 11 + 3 == wild] * 2
        family = "wild heavy, 3 packs, wilds <= naturals"
        size = rng.choice([12, 14, most])
        hand = _legal(rng, pool, 3, size)
        cases.append((family, naturals, wild, hand))
        start = rng.randrange(6)
        ranks = list(range(start, start + 6))
        draw("runs in every suit, 3 packs", three, _deck(3, ranks=ranks), [14, most])
    return cases


def _deck(
    packs: int, suits: Sequence[int] = range(5), ranks: Sequence[int] = range(11)
) -> list[int]:
    naturals = [s * 11 + r for s in suits for r in ranks] * packs
    return sorted(naturals + [55] * (3 * packs))


def _legal(rng: random.Random, pool: Sequence[int], packs: int, size: int) -> list[int]:
    """``size`` codes drawn from ``pool`` (which may repeat codes) that one deck can hold."""
    hand: list[int] = []
    counts = [0] * 56
    while len(hand) < size:
        c = rng.choice(pool)
        if counts[c] < (3 * packs if c == 55 else packs):
            counts[c] += 1
            hand.append(c)
    return sorted(hand)


CALLS: tuple[str, ...] = ("min_deadwood", "best_discard")


def _worst_worker(conn: Connection, cases: Sequence[Case]) -> None:
    """In the child: time each call of each case on the core; send (call, microseconds)."""
    with engine_is(True):
        for rules in {rules for _, rules, _, _ in cases}:
            _compiled.solver(rules)  # compile the rule sets outside the timings
        for _, rules, wild, codes in cases:
            hand = tuple(CARDS[c] for c in codes)
            for name in CALLS:
                call = getattr(fc, name)
                forget_hands()
                start = time.perf_counter_ns()
                call(hand, wild, rules=rules)
                conn.send((name, (time.perf_counter_ns() - start) / 1000))
    conn.close()


def worst(report: Report, per_family: int, seed: int, cap_s: float, budget_s: float) -> None:
    """Each adversarial case on the core in a child process; a call that passes ``cap_s`` is
    stopped (the child is killed and a new one goes on with the next case), and no case is
    started after ``budget_s``."""
    cases = adversarial(per_family, seed)
    times: dict[str, list[tuple[float, int]]] = {name: [] for name in CALLS}
    stopped: list[tuple[str, int, str]] = []  # (call, case, "time cap" or "crash")
    deadline = time.perf_counter() + budget_s
    i = 0  # the case awaited
    while i < len(cases) and time.perf_counter() < deadline:
        receive, send = multiprocessing.Pipe(duplex=False)
        child = multiprocessing.Process(target=_worst_worker, args=(send, cases[i:]), daemon=True)
        child.start()
        send.close()
        k = 0  # the call awaited
        why = None
        while i < len(cases):
            wait = min(cap_s, deadline - time.perf_counter())
            try:
                message = receive.recv() if wait > 0 and receive.poll(wait) else None
            except EOFError:
                why = "crash"
                break
            if message is None:
                why = "time cap" if wait >= cap_s else "budget"
                break
            name, us = message
            times[name].append((us, i))
            k = (k + 1) % len(CALLS)
            i += k == 0
        if why is not None:
            child.kill()
        child.join()
        receive.close()
        if why in ("time cap", "crash"):
            stopped.append((CALLS[k], i, why if why == "time cap" else f"crash {child.exitcode}"))
            i += 1
        elif why == "budget":
            break
    print(f"  {i} of {len(cases)} cases run ({len(cases) - i} left at the {budget_s:g} s budget)")
    for name in CALLS:
        found = sorted(times[name], reverse=True)
        over = [(cap_s * 1e6, case) for call, case, _ in stopped if call == name]
        slowest = over[0] if over else found[0] if found else (0.0, 0)
        label = f"worst hard hand, {name}"
        report.row(
            label, Timing(slowest[0], slowest[0]), None, [("max", WORST_CAP_US)], core_p99=False
        )
        slow = sum(us > WORST_CAP_US for us, _ in found) + len(over)
        print(f"  {slow} of {len(found) + len(over)} hands over {WORST_CAP_US:g} us; slowest:")
        for us, case in (over + found)[:3]:
            family, _rules, wild, codes = cases[case]
            note = next((why for call, c, why in stopped if (call, c) == (name, case)), "")
            shown = f">{us / 1000:.0f} ms ({note})" if note else f"{us / 1000:.2f} ms"
            print(f"    {shown}: {family}, {len(codes)} cards, wild {wild}:")
            print(f"      {' '.join(str(CARDS[c]) for c in codes)}")


# -- main -----------------------------------------------------------------------------------

HOUSE_OPTIONS: list[tuple[str, fc.Rules]] = [
    ("distinct_suit_books=True", fc.Rules(distinct_suit_books=True)),
    ("max_wilds_per_meld=0", fc.Rules(max_wilds_per_meld=0)),
    ("max_wilds_per_meld=1", fc.Rules(max_wilds_per_meld=1)),
    ("max_wilds_per_meld=2", fc.Rules(max_wilds_per_meld=2)),
    ("max_wilds_per_meld=3", fc.Rules(max_wilds_per_meld=3)),
    ('max_wilds_per_meld="naturals"', fc.Rules(max_wilds_per_meld="naturals")),
    ("all_wild_melds=False", fc.Rules(all_wild_melds=False)),
    ("packs=3", fc.Rules(packs=3)),
    ("packs=8", fc.Rules(packs=8)),
    ("wild_points=0, joker_points=0", fc.Rules(wild_points=0, joker_points=0)),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, help="hands per row on the core (2000)")
    parser.add_argument("--pure-hands", type=int, help="hands per row on the twin (300)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="fewer hands: a smoke run")
    args = parser.parse_args()
    n = args.hands or (300 if args.quick else 2000)
    m = min(n, args.pure_hands or (60 if args.quick else 300))
    warm_n = 60 if args.quick else 300
    per_family = 3 if args.quick else 12
    seed = args.seed * 1000
    started = time.perf_counter()

    info = fc.core_info()
    print(
        f"fivecrowns {fc.__version__}, core {info.version}; core_info: "
        f"{info.engine} ({info.reason}); seed {args.seed}"
    )
    print(
        f"microseconds per public call, parsed cards, every hand new; core rows {n} hands, "
        f"pure rows the first {m} of them\n"
    )
    report = Report()
    floor = measure(hands(n, 13, seed), lambda h: None, on_twin=False)
    print(
        f"(the timing itself, an empty call timed the same way: median {floor.median:.2f} us, "
        "included in every figure below)\n"
    )
    print(HEADER)

    pure_13 = both(
        report,
        "min_deadwood 13 cards, kings wild",
        rows(n, m, warm_n, 13, seed + 1),
        lambda h: fc.min_deadwood(h, 13),
        [("median", 1.0), ("p99", 3.0), ("speedup", 25.0)],
    )
    both(
        report,
        "min_deadwood 10 cards, queens wild",
        rows(n, m, warm_n, 10, seed + 2),
        lambda h: fc.min_deadwood(h, 12),
        [("median", 0.6)],
    )
    fourteen = rows(n, m, warm_n // 3, 14, seed + 3)
    for label, call, bound in (
        ("best_discard 14 cards (with arrangement)", fc.best_discard, 4.0),
        ("deadwood_by_discard 14 cards", fc.deadwood_by_discard, 3.0),
        ("can_go_out 14 cards", fc.can_go_out, 2.0),
    ):
        both(report, label, fourteen, lambda h, call=call: call(h, 13), [("median", bound)])

    print("\nbest_discard, 14 cards, kings wild, under one house option each:")
    for k, (label, rules) in enumerate(HOUSE_OPTIONS):
        both(
            report,
            f"best_discard 14, {label}",
            rows(n, m, warm_n // 3, 14, seed + 10 + k, rules),
            lambda h, rules=rules: fc.best_discard(h, 13, rules=rules),
            [("p99", 30.0)],
        )

    print("\nthe batch call, 13 cards, kings wild (pure: its 13-card row):")
    batch(report, seed + 4, 1 if args.quick else 3, pure_13)

    cap_s, budget_s = 2.0, 20.0 if args.quick else 60.0
    print(f"\nworst case on the core ({per_family} hands per family, cap {cap_s:g} s per call):")
    worst(report, per_family, seed + 5, cap_s, budget_s)

    print(
        f"\n{report.met} of {report.total} targets met "
        f"({time.perf_counter() - started:.0f} s in all)"
    )


if __name__ == "__main__":
    main()
