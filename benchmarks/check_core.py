"""Check the compiled core against the Python twin through the public solver, over many hands.

Usage:  PYTHONPATH=src python benchmarks/check_core.py [n_hands] [seed] [--jobs J]
            [--full-every F] [--outs-every O] [--case I]

Each case draws a rule set (every meld option: distinct_suit_books, max_wilds_per_meld
None/0/1/2/3/"naturals", all_wild_melds; 1-4 packs, sometimes 8 or 16; wild and joker
points default, 0, small or the core's largest, 2**20; go_out_without_discard), a wild rank
(3..13 or None) and a hand of 3..14 cards (random, one suit dense with duplicates,
book-heavy or wild-heavy), or, for 3% of the cases, one of ``fc.solver.MAX_CARDS`` (15)
cards, the largest the solver takes, passed as a list or a tuple of ``fc.Card`` or as a
string. Every case compares ``min_deadwood`` on both engines, and ``min_deadwood_many`` of a
batch holding the hand twice; every F-th case (default 10) also ``best_arrangement``,
``best_discard``, ``deadwood_by_discard``, ``can_go_out`` and ``can_meld_all``, and every
O-th (default 50) ``outs`` (of the hand's first 14 cards at most: a hand before the draw,
the largest the Python engine takes). Answers are equal when their values are equal, their
types too for the scalar ones, and exceptions count as answers (type and message).

The engine is switched in process by ``fivecrowns.solver._engine.running(compiled)``, with
``fc.clear_cache()`` at each switch, so no answer of one engine is served from a cache to
the other. Case ``i`` of a seed is drawn from its own generator, so it is the same whatever
``--jobs``; ``--case I`` runs one case and prints both engines' answers (``n_hands`` is then
ignored). With ``--jobs J`` the cases run on J processes. Progress is printed every 100,000
cases; a mismatch prints the case (rules, wild rank, hand) and makes the exit status 1 (the
run stops after 20 of them)."""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

import fivecrowns as fc
from fivecrowns.cards import CARDS, JOKER_CODE, format_cards
from fivecrowns.rules import MAX_POINTS
from fivecrowns.solver import _engine

if _engine.COMPILED is None:  # pragma: no cover - only without the build
    sys.exit(f"check_core needs the compiled core fivecrowns._core: {fc.core_info().reason}")

CHUNK = 500
PROGRESS = 100_000
MAX_MISMATCHES = 20
POINTS = MAX_POINTS


class Case(NamedTuple):
    index: int
    rules: fc.Rules
    wild_rank: int | None
    codes: list[int]
    kind: str
    full: bool
    outs: bool
    form: str  # how the hand is passed: "list" or "tuple" of Card, or "str"


# -- the cases ------------------------------------------------------------------------------


def random_rules(rng: random.Random) -> fc.Rules:
    return fc.Rules(
        packs=rng.choice([1, 2, 2, 2, 3, 4]) if rng.random() < 0.95 else rng.choice([8, 16]),
        distinct_suit_books=rng.random() < 0.25,
        max_wilds_per_meld=rng.choice([None, None, None, 0, 1, 2, 3, "naturals"]),
        all_wild_melds=rng.random() < 0.7,
        wild_points=rng.choice([20, 20, 20, 20, 0, 1, 7, POINTS]),
        joker_points=rng.choice([50, 50, 50, 50, 0, 15, POINTS]),
        go_out_without_discard=rng.random() < 0.25,
    )


def _is_wild(code: int, wild_rank: int | None) -> bool:
    return code == JOKER_CODE or (wild_rank is not None and code % 11 + 3 == wild_rank)


def random_hand(
    rng: random.Random, rules: fc.Rules, wild_rank: int | None, size: int
) -> tuple[list[int], str]:
    """``size`` codes the deck of ``rules`` can hold, and the kind of hand drawn."""
    deck = [card.code for card in fc.deck(1)]
    kind = rng.choice(["random", "random", "one suit", "books", "wilds"])
    if kind == "one suit":  # one suit, with its duplicates, the wilds and the jokers
        suit = rng.randrange(5)
        deck = [c for c in deck if c // 11 == suit or _is_wild(c, wild_rank)]
    elif kind == "books":  # a few ranks, many copies of each
        ranks = rng.sample(range(11), rng.choice([2, 3, 4]))
        deck = [c for c in deck if c % 11 in ranks or c == JOKER_CODE]
    elif kind == "wilds":  # many wilds and jokers among the naturals
        deck = deck + [c for c in deck if _is_wild(c, wild_rank)] * 6
    packs = rules.packs
    limit = {c: 3 * packs if c == JOKER_CODE else packs for c in set(deck)}
    size = min(size, sum(limit.values()))
    hand: list[int] = []
    counts = dict.fromkeys(limit, 0)
    while len(hand) < size:
        c = rng.choice(deck)
        if counts[c] < limit[c]:
            counts[c] += 1
            hand.append(c)
    rng.shuffle(hand)
    return hand, kind


def draw_case(seed: int, index: int, full_every: int, outs_every: int) -> Case:
    rng = random.Random(f"fivecrowns check_core {seed} {index}")
    rules = random_rules(rng)
    wild_rank = rng.choice([None, *range(3, 14)])
    large = rng.random() < 0.03
    size = fc.solver.MAX_CARDS if large else rng.randint(3, 14)
    codes, kind = random_hand(rng, rules, wild_rank, size)
    if large:
        kind += ", large"
    full = index % full_every == 0
    outs = index % outs_every == 0
    form = rng.choice(["list", "list", "tuple", "str"])
    return Case(index, rules, wild_rank, codes, kind, full, outs, form)


# -- the answers ----------------------------------------------------------------------------


def _scalar(value: object) -> object:
    return (type(value).__name__, value)


def _attempt(call: Callable[[], object]) -> object:
    try:
        return call()
    except Exception as error:  # an exception is an answer: both engines must raise it
        return ("raised", type(error).__name__, str(error))
    except BaseException as error:  # a panic in the core (pyo3's PanicException)
        if isinstance(error, (KeyboardInterrupt, SystemExit)):
            raise
        return ("raised", type(error).__name__, str(error))


def _passed(cards: list[fc.Card], form: str) -> fc.CardsLike:
    """The cards as the case passes them."""
    return cards if form == "list" else tuple(cards) if form == "tuple" else format_cards(cards)


def answers(case: Case) -> dict[str, object]:
    """Every answer the case asks of the engine that runs now (``outs`` of the hand before
    the draw: at most its first 14 cards, the most the Python engine takes)."""
    cards = [CARDS[c] for c in case.codes]
    hand = _passed(cards, case.form)
    before = _passed(cards[: fc.rules.MAX_HAND_SIZE], case.form)
    wild, rules = case.wild_rank, case.rules
    found = {
        "min_deadwood": _attempt(lambda: _scalar(fc.min_deadwood(hand, wild, rules=rules))),
        "min_deadwood_many": _attempt(
            lambda: fc.min_deadwood_many([hand, hand], wild, rules=rules).tolist()
        ),
    }
    if case.full:
        found["best_arrangement"] = _attempt(lambda: fc.best_arrangement(hand, wild, rules=rules))
        found["best_discard"] = _attempt(lambda: fc.best_discard(hand, wild, rules=rules))
        found["deadwood_by_discard"] = _attempt(
            lambda: fc.deadwood_by_discard(hand, wild, rules=rules)
        )
        found["can_go_out"] = _attempt(lambda: _scalar(fc.can_go_out(hand, wild, rules=rules)))
        found["can_meld_all"] = _attempt(lambda: _scalar(fc.can_meld_all(hand, wild, rules=rules)))
    if case.outs:
        found["outs"] = _attempt(lambda: fc.outs(before, wild, rules=rules))
    return found


class EngineSwitchError(RuntimeError):
    """The answers asked of the Python twin did not come from it: the check would be void."""


def on_engine(compiled: bool, case: Case) -> tuple[dict[str, object], bool]:
    """The answers of the case on the core or on the twin, and whether the twin was used
    (the engine the public functions ran on)."""
    with _engine.running(compiled):
        fc.clear_cache()
        try:
            found = answers(case)
            twin = _engine.ENGINE is _engine.PYTHON
        finally:
            fc.clear_cache()
    if not compiled and not twin:
        raise EngineSwitchError(f"case {case.index}: the Python twin did not answer")
    return found, twin


def show(value: object) -> str:
    """An answer as text: arrangements as the library prints them, cards sorted."""
    if isinstance(value, fc.Arrangement):
        return str(value)
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], fc.Arrangement):
        return f"discard {value[0]}, rest {value[1]}"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{card}: {v}" for card, v in sorted(value.items())) + "}"
    if isinstance(value, frozenset):
        return format_cards(sorted(value)) or "(none)"
    return repr(value)


def describe(case: Case) -> str:
    rules = case.rules
    options = (
        f"fc.Rules(packs={rules.packs}, distinct_suit_books={rules.distinct_suit_books}, "
        f"max_wilds_per_meld={rules.max_wilds_per_meld!r}, "
        f"all_wild_melds={rules.all_wild_melds}, wild_points={rules.wild_points}, "
        f"joker_points={rules.joker_points}, "
        f"go_out_without_discard={rules.go_out_without_discard})"
    )
    hand = format_cards(CARDS[c] for c in case.codes)
    return (
        f"  rules     {options}\n  wild rank {case.wild_rank}\n"
        f"  hand      {hand!r} ({len(case.codes)} cards, {case.kind}, passed as a {case.form};"
        f" codes {case.codes})"
    )


def check(case: Case, seed: int) -> tuple[str | None, bool]:
    """None when both engines give the same answers, else the report of the case; and
    whether the core's run called the twin."""
    (core, fell_back), (pure, _) = on_engine(True, case), on_engine(False, case)
    differ = [name for name in core if core[name] != pure[name]]
    if not differ:
        return None, fell_back
    lines = [f"MISMATCH case {case.index} (seed {seed}): {', '.join(differ)}", describe(case)]
    for name in differ:
        lines += [f"  {name}:", f"    core {show(core[name])}", f"    twin {show(pure[name])}"]
    rerun = f"PYTHONPATH=src python benchmarks/check_core.py 1 {seed} --case {case.index}"
    lines.append(f"  rerun     {rerun}")
    return "\n".join(lines), fell_back


# -- running --------------------------------------------------------------------------------


Job = tuple[int, int, int, int, int]  # (seed, first case, past the last, F, O)


class Done(NamedTuple):
    cases: int
    full: int
    outs: int
    fell_back: int  # cases whose run on the core called the Python twin
    mismatches: list[str]


def run_chunk(job: Job) -> Done:
    seed, start, stop, full_every, outs_every = job
    full = outs = fell_back = 0
    mismatches = []
    for index in range(start, stop):
        case = draw_case(seed, index, full_every, outs_every)
        full += case.full
        outs += case.outs
        report, twin = check(case, seed)
        fell_back += twin
        if report is not None:
            mismatches.append(report)
    return Done(stop - start, full, outs, fell_back, mismatches)


def chunks(n: int, seed: int, full_every: int, outs_every: int) -> Iterator[Job]:
    for start in range(0, n, CHUNK):
        yield (seed, start, min(n, start + CHUNK), full_every, outs_every)


def run_all(n: int, seed: int, jobs: int, full_every: int, outs_every: int) -> int:
    started = time.perf_counter()
    done = Done(0, 0, 0, 0, [])
    next_progress = PROGRESS
    work = chunks(n, seed, full_every, outs_every)
    pool = multiprocessing.Pool(jobs) if jobs > 1 else None
    try:
        results = map(run_chunk, work) if pool is None else pool.imap_unordered(run_chunk, work)
        for chunk in results:
            for report in chunk.mismatches:
                print(report, flush=True)
            done = Done(
                done.cases + chunk.cases,
                done.full + chunk.full,
                done.outs + chunk.outs,
                done.fell_back + chunk.fell_back,
                done.mismatches + chunk.mismatches,
            )
            while done.cases >= next_progress:
                elapsed = time.perf_counter() - started
                print(
                    f"{next_progress:,} cases, {len(done.mismatches)} mismatches ({elapsed:.0f} s)",
                    flush=True,
                )
                next_progress += PROGRESS
            if len(done.mismatches) >= MAX_MISMATCHES:
                print(f"stopping after {len(done.mismatches)} mismatches")
                break
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    elapsed = time.perf_counter() - started
    summary = (
        f"{done.cases} cases ({done.full} with arrangements and discards, {done.outs} with outs)"
    )
    print(f"{elapsed:.1f} s, {jobs} job(s), seed {seed}")
    if done.fell_back:
        print(f"note: on {done.fell_back} cases the run on the core called the Python twin")
    if done.mismatches:
        print(f"FAILED: {summary}, {len(done.mismatches)} mismatches")
        return 1
    print(f"OK: {summary}, zero mismatches")
    return 0


def run_one(index: int, seed: int) -> int:
    case = draw_case(seed, index, 1, 1)  # every answer
    print(f"case {index} (seed {seed}):\n{describe(case)}")
    (core, fell_back), (pure, _) = on_engine(True, case), on_engine(False, case)
    if fell_back:
        print("  (the run on the core called the Python twin)")
    for name in core:
        same = "equal" if core[name] == pure[name] else "MISMATCH"
        print(f"  {name}: {same}\n    core {show(core[name])}\n    twin {show(pure[name])}")
    return 0 if core == pure else 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n_hands", nargs="?", type=int, default=20_000)
    parser.add_argument("seed", nargs="?", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--full-every", type=int, default=10, metavar="F")
    parser.add_argument("--outs-every", type=int, default=50, metavar="O")
    parser.add_argument("--case", type=int, metavar="I", help="run case I alone, verbosely")
    args = parser.parse_args(argv)
    if args.case is not None:
        return run_one(args.case, args.seed)
    return run_all(args.n_hands, args.seed, max(1, args.jobs), args.full_every, args.outs_every)


if __name__ == "__main__":
    sys.exit(main())
