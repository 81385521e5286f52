"""Benchmark the game engine: the cost of ``apply`` per action and full games per second
(4 players, the official 11 rounds), with a random policy and a solver-driven greedy policy.

Every figure comes with a baseline measured in the same run, so the ratios mean something on
a noisy machine:

- ``evolve``: one ``attrs.evolve`` of a state (the floor for any immutable transition);
- ``choose``: picking a random action from an already computed legal list.

It also prints what ``state.view(p)`` costs as a round grows (the same, whatever its length).
With the compiled core each policy is played twice: on the states the core plays
(``GameState.new``'s) and on those the Python engine plays (dealt by ``game_engine.PYTHON``).

Run: ``python benchmarks/bench_game.py [--games N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import attrs

import fivecrowns as fc
from fivecrowns.game import _engine as game_engine
from fivecrowns.game._engine import Dealer

Policy = Callable[[fc.GameState], fc.Action]


def random_policy(seed: int) -> Policy:
    rng = random.Random(seed)
    return lambda state: rng.choice(state.legal_actions())


def greedy_policy(state: fc.GameState) -> fc.Action:
    """Take the discard if it lowers the best deadwood; go out when possible; otherwise
    discard what leaves the least deadwood (fivecrowns.best_discard)."""
    legal = state.legal_actions()
    rules, wild, hand = state.rules, state.wild_rank, state.hand(state.current)
    if state.phase is fc.Phase.DRAW:
        if fc.DRAW_DISCARD in legal:
            now = fc.min_deadwood(hand, wild, rules=rules)
            _, after = fc.best_discard((*hand, state.discard_pile[-1]), wild, rules=rules)
            if after.points < now:
                return fc.DRAW_DISCARD
        return fc.DRAW_STOCK
    for action in legal:
        if action.kind is fc.ActionKind.GO_OUT:
            return action
    card, _ = fc.best_discard(hand, wild, rules=rules)
    action = fc.Action.discard(card)
    return action if action in legal else legal[0]


def run(
    policy_for: Callable[[int], Policy], games: int, seed: int, dealer: Dealer
) -> dict[str, float]:
    """Play ``games`` games dealt by ``dealer``; time legal_actions, the policy's choice and
    apply separately."""
    t_legal = t_choose = t_apply = 0.0
    actions = 0
    start = time.perf_counter()
    for game in range(games):
        policy = policy_for(seed + game)
        state = fc.GameState._new(4, fc.Rules(), seed + game, None, dealer)
        while not state.is_over:
            t0 = time.perf_counter()
            state.legal_actions()
            t1 = time.perf_counter()
            action = policy(state)
            t2 = time.perf_counter()
            state = state.apply(action)
            t3 = time.perf_counter()
            t_legal += t1 - t0
            t_choose += t2 - t1
            t_apply += t3 - t2
            actions += 1
    total = time.perf_counter() - start
    return {
        "games_per_s": games / total,
        "actions_per_game": actions / games,
        "legal_us": 1e6 * t_legal / actions,
        "policy_us": 1e6 * t_choose / actions,
        "apply_us": 1e6 * t_apply / actions,
        "step_us": 1e6 * total / actions,
    }


def baselines(seed: int, samples: int = 20_000) -> dict[str, float]:
    """The floor costs: an attrs.evolve of a mid-game state, and a random choice."""
    state = fc.GameState.new(4, rules=fc.Rules(), seed=seed)
    rng = random.Random(seed)
    for _ in range(40):
        state = state.apply(rng.choice(state.legal_actions()))
    legal = state.legal_actions()
    t0 = time.perf_counter()
    for _ in range(samples):
        attrs.evolve(state, turns=state.turns)
    t1 = time.perf_counter()
    for _ in range(samples):
        rng.choice(legal)
    t2 = time.perf_counter()
    return {"evolve_us": 1e6 * (t1 - t0) / samples, "choose_us": 1e6 * (t2 - t1) / samples}


def view_costs(seed: int, lengths: tuple[int, ...] = (10, 100, 400)) -> list[tuple[int, float]]:
    """Microseconds per ``state.view(p)`` after ``n`` random actions of round 1 (official
    rules with a turn limit, so the round lasts), for each ``n`` of ``lengths``."""
    rng = random.Random(seed)
    state = fc.GameState.new(4, rules=fc.Rules(turn_limit=1000), seed=seed)
    found = []
    for length in lengths:
        while len(state.round_history) < length:
            state = state.apply(rng.choice(state.legal_actions()))
        began, count = time.perf_counter(), 2000
        for number in range(count):
            state.view(number % 4)
        found.append((len(state.round_history), (time.perf_counter() - began) / count * 1e6))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per policy (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    base = baselines(args.seed)
    print(
        f"baseline: attrs.evolve of a state {base['evolve_us']:.2f} us; "
        f"random choice {base['choose_us']:.2f} us"
    )
    views = ", ".join(f"{us:.1f} us after {n} actions" for n, us in view_costs(args.seed))
    print(f"state.view(p) in a round: {views}")
    print("4 players, official rules (11 rounds, 3..13 cards)")
    header = (
        f"{'states':7} {'policy':8} {'games/s':>8} {'actions':>8} {'legal us':>9} "
        f"{'policy us':>10} {'apply us':>9} {'step us':>8} {'apply/evolve':>13}"
    )
    print(header)
    engines: list[tuple[str, Dealer]] = [("python", game_engine.PYTHON)]
    if game_engine.COMPILED is not None and game_engine.compiled_states(fc.Rules()):
        engines.insert(0, ("core", game_engine.COMPILED))
    for name, policy_for in (
        ("random", random_policy),
        ("greedy", lambda _seed: greedy_policy),
    ):
        games = args.games if name == "greedy" else max(1, args.games // 4)
        for label, dealer in engines:
            r = run(policy_for, games, args.seed, dealer)
            print(
                f"{label:7} {name:8} {r['games_per_s']:8.2f} {r['actions_per_game']:8.0f} "
                f"{r['legal_us']:9.1f} {r['policy_us']:10.1f} {r['apply_us']:9.1f} "
                f"{r['step_us']:8.1f} {r['apply_us'] / base['evolve_us']:12.1f}x"
            )


if __name__ == "__main__":
    main()
