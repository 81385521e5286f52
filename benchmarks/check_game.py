"""Check that the compiled game plays exactly as the Python engine, on many seeded games.

Usage::

    PYTHONPATH=src python benchmarks/check_game.py [GAMES] [SEED] [--jobs N]

Each game draws a rule set the core plays (``tests/game_twins.random_rules``: packs 1 to 4,
every meld, turn, discard-pile, scoring and tie-break option, short and odd schedules), a
player count (2 up to 6, or what the deck seats) and a seed, then either

- plays random legal actions in both engines, comparing the whole state (hands, stock,
  discard pile, table, counters, scores, round results with their final layouts) and the
  legal actions after every action, and the public ``GameState`` the core plays with the
  Python one (equal as values, every other action its view first); or
- plays a game of built-in bots (``random``, ``greedy`` and ``strong`` seats; a third of them
  all greedy or all strong, with no turn limit) in both (the Python bots against the core's),
  comparing every action chosen and the final state; or
- under ``lay_off`` or with final hands laid down by hand (``auto_arrange_final_hand=False``,
  or both; games the core's bots do not play), plays the Python bots on the Python state's
  views and the same actions in both engines, comparing them as for random actions (the bots
  go out, so final turns lay cards off, or select cards and lay them down; in a quarter of
  the games the final turns' actions are chosen at random instead), or plays the built-in
  bots in both engines as above (half of these games).

Prints the counts and every mismatch; exits 1 if there is one.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import attrs

import fivecrowns as fc

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from game_twins import bots_both, random_rules, step_both

#: Games per task handed to a worker.
_CHUNK = 50


def check_one(index: int, seed: int) -> tuple[str, int, str | None]:
    """Game ``index``: its kind ("steps", "bots" or "final"), the actions played, any
    mismatch."""
    rng = random.Random(f"check_game/{seed}/{index}")
    rules = random_rules(rng)
    players = rng.randint(2, min(6, rules.max_players))
    game_seed = rng.getrandbits(63)
    kind = rng.choices(["steps", "bots", "final"], [0.5, 0.35, 0.15])[0]
    steps = kind == "steps"
    bots = [rng.choice(["random", "greedy", "greedy", "strong", "strong"]) for _ in range(players)]
    if kind == "final":
        # (turns enough for the bots to go out, so that final turns lay cards down or off)
        by_hand = rng.random() < 0.6
        lay_off = not by_hand or rng.random() < 0.5
        # (hands of at most 10 cards: the Python StrongBot prices a final draw by laying out
        # the hand with every unseen card, each layout trying every set of cards that could
        # be laid off; with 14 cards and four packs one decision took minutes)
        rules = attrs.evolve(
            rules,
            lay_off=lay_off,
            auto_arrange_final_hand=not by_hand,
            turn_limit=300,
            schedule=tuple(min(size, 10) for size in rules.schedule),
        )
        if rng.random() < 0.5:  # the built-in bots in both engines
            played, mismatch = bots_both(rules, bots, game_seed)
        else:
            random_final = rng.random() < 0.5  # (the final turns' actions chosen at random)
            played, mismatch = step_both(
                rules, players, game_seed, rng.choice, bots=bots, random_final_turns=random_final
            )
    elif kind == "bots" and rng.random() < 0.3:
        # games without a turn limit, played by greedy bots under the official meld and
        # points rules (their rounds end; under some house rules two greedy bots can pass
        # cards back and forth for ever, e.g. max_wilds_per_meld=0 with wild_points=0)
        official = fc.Rules.short_game(rules.rounds, packs=rules.packs)
        bot = rng.choice(["greedy", "strong"])
        rules, bots = attrs.evolve(official, turn_limit=None), [bot] * players
    if steps:
        played, mismatch = step_both(rules, players, game_seed, rng.choice)
    elif kind == "bots":
        played, mismatch = bots_both(rules, bots, game_seed)
    if mismatch is not None:
        mismatch = f"game {index} ({players} players, seed {game_seed}, {rules!r}): {mismatch}"
    return kind, played, mismatch


def check_chunk(args: tuple[int, int, int]) -> list[tuple[str, int, str | None]]:
    start, stop, seed = args
    return [check_one(index, seed) for index in range(start, stop)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=1000)
    parser.add_argument("seed", nargs="?", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    tasks = [(i, min(i + _CHUNK, args.games), args.seed) for i in range(0, args.games, _CHUNK)]
    counts = {"steps": [0, 0], "bots": [0, 0], "final": [0, 0]}
    mismatches: list[str] = []
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            done = list(pool.imap_unordered(check_chunk, tasks))
    else:
        done = [check_chunk(task) for task in tasks]
    for chunk in done:
        for kind, played, mismatch in chunk:
            counts[kind][0] += 1
            counts[kind][1] += played
            if mismatch is not None:
                mismatches.append(mismatch)
    for mismatch in mismatches[:20]:
        print("MISMATCH", mismatch)
    games = sum(count[0] for count in counts.values())
    print(
        f"{games} games ({counts['steps'][0]} of random actions, {counts['steps'][1]} actions "
        f"compared state by state; {counts['bots'][0]} of built-in bots, {counts['bots'][1]} "
        f"actions; {counts['final'][0]} under lay_off or laying down by hand, "
        f"{counts['final'][1]} actions), seed "
        f"{args.seed}: "
        f"{len(mismatches)} mismatches "
        f"in {time.perf_counter() - started:.0f} s"
    )
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
