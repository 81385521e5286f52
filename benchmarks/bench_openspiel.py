"""Steps per second of random play through the OpenSpiel game (``python_fivecrowns``: two
players, one round of 13 cards), beside RLCard's gin rummy measured in the same run (when
``rlcard`` is installed: ``pip install rlcard open_spiel``) and OpenSpiel's own C++ gin
rummy through ``pyspiel``; the cost of a step early and late in the round (it must not grow
with the round's length); and the cost of sampling a world for search
(``resample_from_infostate``, built directly from the record) beside sampling it by
replaying the game, in round 8 of the official game.

Usage::

    PYTHONPATH=src python benchmarks/bench_openspiel.py [--seconds 3] [--games 20] [--worlds 5]

One step is one ``state.apply_action`` (a player's action or a chance outcome: a card dealt
or drawn from the stock), random legal actions and outcomes; the rates are the best of three
timed runs. The first and last turns are the means (and medians: a shared machine preempts
a step now and then, by milliseconds, which moves a mean of a few hundred steps), over
``--games`` rounds (the garbage collector off), of the steps of each round's first and last
ten turns after the deal (a turn: about two steps, a player's draw, the card drawn if from
the stock, and a discard). The worlds are ``--worlds`` states at a player's decision some
turns into round 8 (two players, random play), each resampled by both ways with the same
samplers, best of three. With ``--instructions``, the first and last ten turns are also
counted in instructions (valgrind's callgrind, ``_callgrind.py``; a count repeats exactly,
so it shows what the wall clock's noise hides): the same ``--games`` rounds, each window's
steps run inside ``exec`` in a child under valgrind.
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


def first_and_last(games: int, game: Any) -> tuple[float, float, float, float]:
    """Mean and median microseconds per step in the first and the last ten turns of a
    round: (first mean, last mean, first median, last median)."""
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
    means = statistics.fmean(first) * 1e6, statistics.fmean(last) * 1e6
    return (*means, statistics.median(first) * 1e6, statistics.median(last) * 1e6)


def _rounds(games: int) -> list[tuple[list[int], int]]:
    """The actions of ``games`` random rounds from fixed seeds, each with the index of its
    first step after the deal; only the rounds long enough for two windows of ten turns."""
    import pyspiel

    game = pyspiel.load_game(GAME)
    found = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state()
        start = -1
        while not state.is_terminal():
            if start < 0 and state.game_state is not None:
                start = len(state.history())
            _step(state, rng)
        actions = state.history()
        if len(actions) - start >= 41:
            found.append((actions, start))
    return found


def _run_windows(games: int, which: str) -> None:
    """Replay each of :func:`_rounds` to its first (``which="first"``) or last ten turns,
    then run those steps inside ``exec`` (what callgrind counts)."""
    import pyspiel

    game = pyspiel.load_game(GAME)
    for actions, start in _rounds(games):
        begin = start if which != "last" else len(actions) - 21
        state = game.new_initial_state()
        for action in actions[:begin]:
            state.apply_action(action)
        todo = [] if which == "none" else actions[begin : begin + 20]
        exec(_WINDOW, {"state": state, "todo": todo})


#: One window's steps as the timed loop takes them (the node's kind, its outcomes or legal
#: actions, then the action).
_WINDOW = """
for action in todo:
    if state.is_chance_node():
        state.chance_outcomes()
    else:
        state.legal_actions()
    state.apply_action(action)
"""


def window_instructions(games: int) -> tuple[float, float]:
    """Instructions per step in the first and the last ten turns of the rounds of
    :func:`_rounds` (callgrind; less a run of no steps, which counts what any ``exec`` of
    the run does besides, such as the imports' module code)."""
    from _callgrind import python_instructions

    steps = 20 * max(len(_rounds(games)), 1)
    base, first, last = (
        python_instructions(__file__, "--child-window", which, "--games", str(games))
        for which in ("none", "first", "last")
    )
    return (first - base) / steps, (last - base) / steps


def round_8_states(count: int) -> list[Any]:
    """``count`` states at a player's decision some turns into round 8 of the official
    two-player game (random play, each from its own seed)."""
    import pyspiel

    game = pyspiel.load_game("python_fivecrowns(players=2)")
    found = []
    for seed in range(count):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while state.is_chance_node() or state.game_state.round_number < 8:
            _step(state, rng)
        for _ in range(rng.randrange(10, 40)):
            _step(state, rng)
        while state.is_chance_node() or state.game_state.went_out is not None:
            _step(state, rng)
        found.append(state)
    return found


def resampling(states: list[Any]) -> tuple[float, float, int]:
    """Milliseconds per world, best of three, built directly and by replay, and the mean
    history length."""

    def timed(replay: bool) -> float:
        best = float("inf")
        for _ in range(3):
            began = time.perf_counter()
            for index, state in enumerate(states):
                value = (index + 0.5) / len(states)
                state._resampled(state.current_player(), lambda v=value: v, replay=replay)
            best = min(best, time.perf_counter() - began)
        return best / len(states) * 1e3

    length = sum(len(state.history()) for state in states) // max(len(states), 1)
    return timed(False), timed(True), length


def _cpp_gin_rummy(seconds: float) -> float | None:
    import pyspiel

    try:
        game = pyspiel.load_game("gin_rummy")
    except pyspiel.SpielError:
        return None
    return _openspiel(seconds, game)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per timed run")
    parser.add_argument("--games", type=int, default=20, help="rounds for first and last")
    parser.add_argument("--worlds", type=int, default=5, help="states resampled (0: none)")
    parser.add_argument(
        "--instructions", action="store_true", help="count the first and last turns (valgrind)"
    )
    parser.add_argument("--child-window", choices=("none", "first", "last"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child_window is not None:
        _run_windows(args.games, args.child_window)
        return 0
    try:
        import pyspiel
    except ImportError:
        print("OpenSpiel is not installed (pip install open_spiel): nothing to measure")
        return 0

    assert fc_openspiel.GAME_NAME in GAME
    game = pyspiel.load_game(GAME)  # (once: it finds the game's bounds, a second or so)
    ours = max(_openspiel(args.seconds, game) for _ in range(3))
    theirs = _best(_rlcard, args.seconds)
    native = _best(_cpp_gin_rummy, args.seconds)
    early, late, early_median, late_median = first_and_last(args.games, game)
    print(f"fivecrowns OpenSpiel game:  {ours:10,.0f} steps/s ({1e6 / ours:.1f} us a step)")
    if theirs is None:
        print("RLCard is not installed (pip install rlcard): no comparison")
    else:
        print(f"RLCard gin rummy:           {theirs:10,.0f} steps/s ({1e6 / theirs:.1f} us a step)")
        print(f"ratio fivecrowns / RLCard:  {ours / theirs:10.2f}x")
    if native is not None:
        print(f"OpenSpiel C++ gin rummy:    {native:10,.0f} steps/s ({1e6 / native:.1f} us a step)")
    print(
        f"first ten turns: {early:.1f} us a step (median {early_median:.1f}); last ten: "
        f"{late:.1f} us (median {late_median:.1f}); last / first {late / early:.2f}x "
        f"(medians {late_median / early_median:.2f}x)"
    )
    if args.instructions:
        first_ir, last_ir = window_instructions(args.games)
        print(
            f"instructions a step: first ten turns {first_ir:,.0f}; last ten {last_ir:,.0f} "
            f"({last_ir / first_ir:.2f}x)"
        )
    if args.worlds > 0:
        built, replayed, length = resampling(round_8_states(args.worlds))
        print(
            f"resample_from_infostate, round 8 ({length:,} steps of history): {built:.2f} ms "
            f"a world; by replay {replayed:.2f} ms ({replayed / built:.1f}x)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
