"""StrongBot against GreedyBot: the mean score difference per game with its 95% confidence
interval, in a tournament with seats rotated (official rules, 11 rounds).

Run: ``python benchmarks/strong_vs_greedy.py [--games 2000] [--jobs 2] [--seed 0]
[--players 2]``. With ``--players 4`` two strong bots play two greedy bots (alternating
seats) and the difference is the mean of the strong pair minus the mean of the greedy pair.
A negative difference means StrongBot scores less (lowest total wins).
"""

from __future__ import annotations

import argparse
import time

from fivecrowns.play.simulate import tournament


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=None, help="processes (default: all cores)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=2, choices=(2, 4, 6))
    args = parser.parse_args()
    names = ["strong", "greedy"] * (args.players // 2)
    start = time.perf_counter()
    result = tournament(names, games=args.games, jobs=args.jobs, seed=args.seed)
    elapsed = time.perf_counter() - start
    print(result.table())
    difference = result.difference("strong", "greedy")
    print()
    print(difference)
    verdict = "outside" if difference.significant else "INSIDE"
    print(f"zero is {verdict} the 95% confidence interval")
    print(f"{args.games} games in {elapsed:.1f} s ({args.games / elapsed:.1f} games/s)")


if __name__ == "__main__":
    main()
