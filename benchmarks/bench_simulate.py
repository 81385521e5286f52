"""How fast whole games are played: official four-player games of built-in bots, through the
public API (``fivecrowns.tournament`` on one process), in the compiled core and in the pure
Python engine, measured in the same run.

Usage::

    PYTHONPATH=src python benchmarks/bench_simulate.py [--games N] [--python-games M]
        [--bots greedy|random|strong]
        [--rules official|lay_off|by_hand|distinct|wilds2|naturals|lay_off_distinct|
                 lay_off_wilds2] [--repeat R]

``--rules lay_off`` plays ``Rules(lay_off=True)``; ``by_hand`` adds
``auto_arrange_final_hand=False`` (final hands laid down card by card); ``distinct``,
``wilds2`` and ``naturals`` play the house meld rules ``distinct_suit_books=True``,
``max_wilds_per_meld=2`` and ``max_wilds_per_meld="naturals"``; ``lay_off_distinct`` and
``lay_off_wilds2`` the first two with ``lay_off`` (where every set of cards that could be laid
off is tried, until one reaches the final points under the relaxed rules).

Prints games per second and microseconds per action for each engine (the best of
``--repeat`` runs), and the ratio. The two engines play the same games (the same seeds), so
the action counts agree.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

import fivecrowns as fc
from fivecrowns.game import _engine as game_engine
from fivecrowns.solver import _engine as solver_engine


def _actions(rules: fc.Rules, bots: list[str], games: int, seed: int) -> int:
    """The actions of those games (replayed once in the core, outside the timing)."""
    from fivecrowns import _core
    from fivecrowns.game import _core_game

    core_rules = _core_game.game_rules(rules)
    total = 0
    for game in range(games):
        seats = [bots[(seat + game) % len(bots)] for seat in range(len(bots))]
        played = _core.play_game(core_rules, seats, fc.play.simulate.game_seed(seed, game))
        total += len(played.actions)
    return total


#: The rule sets ``--rules`` names.
_RULES = {
    "official": fc.Rules(),
    "lay_off": fc.Rules(lay_off=True),
    "by_hand": fc.Rules(lay_off=True, auto_arrange_final_hand=False),
    "distinct": fc.Rules(distinct_suit_books=True),
    "wilds2": fc.Rules(max_wilds_per_meld=2),
    "naturals": fc.Rules(max_wilds_per_meld="naturals"),
    "lay_off_distinct": fc.Rules(lay_off=True, distinct_suit_books=True),
    "lay_off_wilds2": fc.Rules(lay_off=True, max_wilds_per_meld=2),
}


def _best_time(run: int, games: int, bots: list[str], seed: int, rules: fc.Rules) -> float:
    best = float("inf")
    for _ in range(run):
        started = time.perf_counter()
        fc.tournament(bots, games=games, seed=seed, jobs=1, rules=rules)
        best = min(best, time.perf_counter() - started)
    return best


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games in the core")
    parser.add_argument("--python-games", type=int, default=20, help="games in Python")
    parser.add_argument("--bots", default="greedy", choices=["greedy", "random", "strong"])
    parser.add_argument("--rules", default="official", choices=list(_RULES))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    rules = _RULES[args.rules]
    if not game_engine.compiled_from_deal(rules):
        print("the compiled core is not running (build it, unset FIVECROWNS_PURE)")
        return 1
    bots, seed = [args.bots] * 4, 7
    core = _best_time(args.repeat, args.games, bots, seed, rules)
    with solver_engine.running(False):
        python = _best_time(1, args.python_games, bots, seed, rules)
    rows = [
        ("core", args.games, core, _actions(rules, bots, args.games, seed)),
        ("python", args.python_games, python, _actions(rules, bots, args.python_games, seed)),
    ]
    print(f"{args.rules} 4-player games of {args.bots} bots, fivecrowns.tournament(jobs=1):")
    for name, games, seconds, actions in rows:
        print(
            f"  {name:>6}: {games / seconds:9.1f} games/s  {seconds * 1e6 / actions:8.2f} us/action"
            f"  ({games} games, {actions} actions, {seconds:.2f} s)"
        )
    ratio = (args.games / core) / (args.python_games / python)
    print(f"  core / python: {ratio:.0f}x games per second")
    return 0


if __name__ == "__main__":
    sys.exit(main())
