"""Benchmark the bots: full games per second for each built-in bot (4 seats of that bot,
official rules, 11 rounds), and the speed-up of a tournament on 2 processes over 1 (the same
games, measured in the same run).

Run: ``python benchmarks/bench_bots.py [--games 8] [--tournament-games 40] [--seed 1]``.
RandomBot games are long (random play rarely goes out), so it plays a quarter as many. The
solver's caches are emptied before each measurement.
"""

from __future__ import annotations

import argparse
import time

from fivecrowns import clear_cache
from fivecrowns.bots import BOTS, make_bot
from fivecrowns.play.simulate import game_seed, play_game, tournament


def games_per_second(name: str, games: int, seed: int) -> tuple[float, float]:
    """Games per second and mean actions per game for 4 seats of bot ``name``."""
    actions = 0
    clear_cache()
    start = time.perf_counter()
    for game in range(games):
        result = play_game([make_bot(name) for _ in range(4)], seed=game_seed(seed, game))
        actions += len(result.record.actions)
    return games / (time.perf_counter() - start), actions / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="games per bot (default 8)")
    parser.add_argument("--tournament-games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("4 players, official rules (11 rounds, 3..13 cards), one process")
    print(f"{'bot':8} {'games':>6} {'games/s':>8} {'actions/game':>13} {'ms/action':>10}")
    for name in BOTS:
        games = max(1, args.games // 4) if name == "random" else args.games
        rate, actions = games_per_second(name, games, args.seed)
        print(f"{name:8} {games:6} {rate:8.2f} {actions:13.0f} {1000 / (rate * actions):10.3f}")

    names = ["strong", "greedy", "strong", "greedy"]
    n = args.tournament_games
    timings = {}
    results = {}
    for jobs in (2, 1):
        # Cold solver caches both times (forked workers would inherit warm ones).
        clear_cache()
        start = time.perf_counter()
        results[jobs] = tournament(names, games=n, jobs=jobs, seed=args.seed, progress=False)
        timings[jobs] = time.perf_counter() - start
    assert results[1] == results[2], "a tournament must not depend on how it is run"
    print()
    print(f"tournament {'/'.join(names)}, {n} games (identical results both ways)")
    for jobs in (1, 2):
        print(f"  {jobs} process(es): {timings[jobs]:6.2f} s  {n / timings[jobs]:6.2f} games/s")
    print(f"  speed-up on 2 processes over 1: {timings[1] / timings[2]:.2f}x")


if __name__ == "__main__":
    main()
