"""Check and time the exact draw odds (``fc.draw_odds``, issue 47).

Usage::

    PYTHONPATH=src:tests python benchmarks/check_analysis.py [VIEWS] [--seed S] [--time N]

Compares ``fc.draw_odds`` of ``VIEWS`` random views (default 2,000: games of greedy bots
under the official rules, distinct-suit books and three packs, stopped at a random turn, the
player to draw) with brute force over every unseen copy (``tests/test_analysis_odds.py``'s
``brute_force``: ``can_go_out`` and ``min_deadwood`` of each draw, one copy at a time), and
prints the differences (target: 0). Then times ``draw_odds`` of ``--time`` random 14-card
hands before their draw (default 300; CPU time of the calling thread, median and p99, the
whole deck less the hand unseen) on the engine in use, against the target of 100 us on the
core. Last, the sampled going-out odds of one turn (``--coverage`` views, default 100, 400
samples each) against the exact ones: how often the exact value lies within 1.96 standard
errors of the sampled one (stated rate: 95%). And the time of ``evaluate_actions`` at its
default precision on 10-card 4-player views.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import fivecrowns as fc
from fivecrowns.bots.tracking import read_round
from test_analysis_odds import brute_force, random_view


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("views", nargs="?", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--time", type=int, default=300, help="14-card hands to time")
    parser.add_argument("--coverage", type=int, default=100, help="views for the coverage")
    args = parser.parse_args()
    start = time.perf_counter()
    differences = 0
    for index in range(args.views):
        view = random_view(args.seed * 1_000_003 + index)
        odds = fc.draw_odds(view)
        unseen = Counter(read_round(view).unseen)
        found = brute_force(view.hand, view.wild_rank, view.rules, unseen)
        mine = (
            odds.probability,
            odds.expected_deadwood,
            frozenset(card for card, _ in odds.outs),
            dict(odds.after_draw),
        )
        if mine != found:
            differences += 1
            print(f"DIFFERENT: view {index}: {fc.format_cards(view.hand)} wild {view.wild_rank}")
    print(
        f"{args.views:,} views against brute force over every unseen copy: {differences} "
        f"differences ({time.perf_counter() - start:.1f} s, engine {fc.core_info().engine})"
    )
    _draw_odds_time(args.time, args.seed)
    _coverage(args.coverage, args.seed)
    _action_values(20 if args.time >= 100 else 3, args.seed)
    return 1 if differences else 0


def _draw_odds_time(hands: int, seed: int) -> None:
    """The CPU time of ``draw_odds`` of random 14-card hands (every other card unseen), and
    of the reference on the same hands: the solver asked once per distinct unseen card
    (``deadwood_by_discard`` of the hand and the card, and ``outs``), as ``draw_odds`` did
    before the core answered every draw in one call (and as the Python engine still does)."""
    rng = random.Random(seed)
    deck = list(fc.deck())
    times: list[float] = []
    reference: list[float] = []
    for _ in range(hands):
        hand = rng.sample(deck, 14)
        wild = rng.randint(3, 13)
        began = time.thread_time_ns()
        odds = fc.draw_odds(hand, wild)
        times.append((time.thread_time_ns() - began) / 1000)
        began = time.thread_time_ns()
        fc.min_deadwood(hand, wild)
        fc.outs(hand, wild)
        for card, _ in odds.unseen:
            min(fc.deadwood_by_discard((*hand, card), wild).values())
        reference.append((time.thread_time_ns() - began) / 1000)
    for name, found in (("draw_odds", times), ("reference (one solve per card)", reference)):
        found.sort()
        p99 = found[min(len(found) - 1, int(0.99 * len(found)))]
        print(
            f"{name} of a 14-card hand ({hands} hands, CPU time): median "
            f"{statistics.median(found):,.0f} us, p99 {p99:,.0f} us"
        )
    print(
        f"  draw_odds / reference: {statistics.median(times) / statistics.median(reference):.2f} "
        "(medians; target: 100 us on the core)"
    )


def _action_values(views: int, seed: int) -> None:
    """The time of ``evaluate_actions`` at its default precision on 10-card 4-player views
    (the player to discard, after a stock draw), against the target of 50 ms."""
    times = []
    for index in range(views):
        state = fc.GameState.new(
            players=4, rules=fc.Rules.constant(10, rounds=1), seed=seed * 1_000_003 + index
        )
        state = state.apply("draw")
        view = state.view(state.current)
        began = time.thread_time_ns()
        fc.evaluate_actions(view)
        times.append((time.thread_time_ns() - began) / 1e6)
    times.sort()
    print(
        f"evaluate_actions of a 10-card 4-player view at its default precision ({views} views, "
        f"CPU time): median {statistics.median(times):.1f} ms, slowest {times[-1]:.1f} ms "
        "(target: 50 ms on one core)"
    )


def _coverage(views: int, seed: int) -> None:
    """How often one turn's exact going-out odds lie within 1.96 standard errors of the
    sampled odds."""
    from fivecrowns.analysis.going_out import _sampled

    inside = asked = index = 0
    start = time.perf_counter()
    while asked < views and index < 50 * views:
        view = random_view(seed * 1_000_003 + 7 + index)
        index += 1
        if view.went_out is not None:
            continue
        exact = fc.going_out_odds(view, 1).probability
        if not 0.02 < exact < 0.98:
            continue
        # (the exact odds deal every unseen card alike: so do samples without improve)
        sampled = _sampled(view, 1, "strong", 400, index, False)
        error = (exact * (1 - exact) / 400) ** 0.5
        inside += abs(sampled.probability - exact) <= 1.96 * error
        asked += 1
    print(
        f"going-out odds of one turn, sampled (400) against exact, {asked} views: exact within "
        f"1.96 standard errors in {inside / max(1, asked):.1%} (stated: 95%; "
        f"{time.perf_counter() - start:.1f} s)"
    )


if __name__ == "__main__":
    raise SystemExit(main())
