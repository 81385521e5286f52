"""Benchmark ``GameState`` from Python: the states the core plays against the states the
Python engine plays (the twin, dealt by ``game_engine.PYTHON``), measured in the same run.

Per action of four-player official games with random legal actions, each figure the best of
``--repeat`` runs over the same recorded actions:

- ``apply+legal``: ``state.apply(action).legal_actions()``;
- ``view``: ``state.view(player)`` of a state nothing was read from yet (the player to act);
- ``loop``: what a Python bot's game does per action: ``view``, ``legal_actions``, a random
  choice and ``apply``.

The issue's targets: ``apply`` plus ``legal_actions`` at most 5 us, ``view()`` at most 3 us.

Run: ``python benchmarks/bench_state.py [--actions N] [--repeat R] [--seed S]``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence

import fivecrowns as fc
from fivecrowns.game import _engine as game_engine
from fivecrowns.game._engine import Dealer


def _new(seed: int, dealer: Dealer) -> fc.GameState:
    """A four-player official game dealt by ``dealer``."""
    return fc.GameState._new(4, fc.Rules(), seed, None, dealer)


def _recorded(seed: int, actions: int) -> list[tuple[int, int]]:
    """(game seed, action) pairs of random games, ``actions`` in all."""
    rng = random.Random(seed)
    found: list[tuple[int, int]] = []
    game = 0
    while len(found) < actions:
        state = fc.GameState.new(4, seed=seed + game)
        while not state.is_over and len(found) < actions:
            action = rng.choice(state.legal_action_ints())
            found.append((seed + game, action))
            state = state.apply(action)
        game += 1
    return found


def _states(pairs: Sequence[tuple[int, int]], dealer: Dealer) -> list[tuple[fc.GameState, int]]:
    """Each recorded action with the state it was played from (dealt by ``dealer``);
    nothing is read from the states."""
    found = []
    state, game = None, None
    for seed, action in pairs:
        if seed != game:
            state, game = _new(seed, dealer), seed
        assert state is not None
        found.append((state, action))
        state = state.apply(action)
    return found


def _best(repeat: int, run: Callable[[], float]) -> float:
    return min(run() for _ in range(repeat))


def measure(
    pairs: Sequence[tuple[int, int]], repeat: int, seed: int, dealer: Dealer
) -> dict[str, float]:
    """Microseconds per action of each figure, on the states ``dealer`` deals."""

    def apply_legal() -> float:
        states = _states(pairs, dealer)
        began = time.perf_counter()
        for state, action in states:
            state.apply(action).legal_actions()
        return time.perf_counter() - began

    def view() -> float:
        states = _states(pairs, dealer)
        began = time.perf_counter()
        for state, _ in states:
            state.view(state.current)
        return time.perf_counter() - began

    def loop() -> float:
        rng = random.Random(seed)
        began = time.perf_counter()
        state, played, game = _new(seed, dealer), 0, 0
        while played < len(pairs):
            if state.is_over:
                game += 1
                state = _new(seed + game, dealer)
            state.view(state.current)
            state = state.apply(rng.choice(state.legal_actions()))
            played += 1
        return time.perf_counter() - began

    scale = 1e6 / len(pairs)
    return {
        "apply+legal": _best(repeat, apply_legal) * scale,
        "view": _best(repeat, view) * scale,
        "loop": _best(repeat, loop) * scale,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=4000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    compiled = game_engine.COMPILED
    if compiled is None or not game_engine.compiled_states(fc.Rules()):
        print("the compiled core is not running (build it, unset FIVECROWNS_PURE)")
        return 1
    pairs = _recorded(args.seed, args.actions)
    core = measure(pairs, args.repeat, args.seed, compiled)
    plain = measure(pairs, args.repeat, args.seed, game_engine.PYTHON)
    print(f"GameState per action, 4-player official games, {args.actions} random actions:")
    print(f"{'':14}{'core':>10}{'python':>10}{'python/core':>13}")
    for name in core:
        print(f"{name:14}{core[name]:8.2f}us{plain[name]:8.2f}us{plain[name] / core[name]:12.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
