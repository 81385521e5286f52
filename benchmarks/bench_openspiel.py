"""Steps per second of random play through the OpenSpiel game (``python_fivecrowns``: two
players, one round of 13 cards), beside RLCard's gin rummy measured in the same run (when
``rlcard`` is installed: ``pip install rlcard open_spiel``), and the cost of a step early
and late in the round (it must not grow with the round's length).

Usage::

    PYTHONPATH=src python benchmarks/bench_openspiel.py [--seconds 3] [--games 20]

One step is one ``state.apply_action`` (a player's action or a chance outcome: a card dealt
or drawn from the stock), random legal actions and outcomes; the rates are the best of three
timed runs. The first and last turns are the means, over ``--games`` rounds (the garbage
collector off), of the steps of each round's first and last ten turns after the deal (a
turn: about two steps, a player's draw, the card drawn if from the stock, and a discard).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

import fivecrowns.adapters.openspiel as fc_openspiel
from bench_pettingzoo import _best, _rlcard

GAME = "python_fivecrowns(players=2,rounds=1,hand_size=13)"


def _step(state: Any, rng: random.Random) -> None:
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        codes = [code for code, _ in outcomes]
        state.apply_action(rng.choices(codes, [p for _, p in outcomes])[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def _openspiel(seconds: float, game: Any) -> float:
    rng = random.Random(0)
    steps, began = 0, time.perf_counter()
    state = game.new_initial_state()
    while time.perf_counter() - began < seconds:
        _step(state, rng)
        steps += 1
        if state.is_terminal():
            state = game.new_initial_state()
    return steps / (time.perf_counter() - began)


def first_and_last(games: int, game: Any) -> tuple[float, float]:
    """Mean microseconds per step in the first and the last ten turns of a round."""
    rng = random.Random(1)
    first: list[float] = []
    last: list[float] = []
    gc.disable()  # (a collection in a step is not the step's cost)
    try:
        for _ in range(games):
            state = game.new_initial_state()
            while state.game_state is None:  # the deal
                _step(state, rng)
            times = []
            while not state.is_terminal():
                began = time.perf_counter()
                _step(state, rng)
                times.append(time.perf_counter() - began)
            first.extend(times[:20])
            last.extend(times[-21:-1])  # (the round's last step, scoring it, left out)
            gc.collect()
    finally:
        gc.enable()
    return statistics.fmean(first) * 1e6, statistics.fmean(last) * 1e6


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per timed run")
    parser.add_argument("--games", type=int, default=20, help="rounds for first and last")
    args = parser.parse_args(argv)
    import pyspiel

    assert fc_openspiel.GAME_NAME in GAME
    game = pyspiel.load_game(GAME)  # (once: it finds the game's bounds, a second or so)
    ours = max(_openspiel(args.seconds, game) for _ in range(3))
    theirs = _best(_rlcard, args.seconds)
    early, late = first_and_last(args.games, game)
    print(f"fivecrowns OpenSpiel game:  {ours:10,.0f} steps/s ({1e6 / ours:.1f} us a step)")
    if theirs is None:
        print("RLCard is not installed (pip install rlcard): no comparison")
    else:
        print(f"RLCard gin rummy:           {theirs:10,.0f} steps/s ({1e6 / theirs:.1f} us a step)")
        print(f"ratio fivecrowns / RLCard:  {ours / theirs:10.2f}x")
    print(f"first ten turns: {early:.1f} us a step; last ten: {late:.1f} us ({late / early:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
