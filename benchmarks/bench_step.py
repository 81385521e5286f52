"""What a Python loop pays to play a game through ``GameState``, against the same game played
inside the compiled core, counted in CPU instructions (valgrind) and timed, in the same run.

Rows (each over the same four-player official games, dealt from seeds 0, 1, ...; figures per
action of the games):

- ``core``: the games played inside the core by its greedy bot (``_core.play_game``): the
  reference;
- ``greedy``: the same games from Python, as a user's loop plays them: each seat's greedy
  decision (:class:`fivecrowns.GreedyBot`) from ``state.view(seat)`` and
  ``state.legal_actions()``, then ``state.apply(action)``; the games are checked to be the
  core's, action for action;
- ``steps``: the same loop with the recorded actions and no decision (what ``GameState``
  costs: ``apply``, ``legal_actions``, ``view`` and reading the fields a greedy bot reads,
  ``hand`` and ``top_discard``);
- ``apply``: ``state.apply`` alone, with the recorded actions;
- ``pettingzoo``: the PettingZoo environment (``raw_env``, four players) stepping through
  the greedy games of the seeds it deals (``env.last()`` and ``env.step(action)`` per
  action, the actions recorded from the core's games of those seeds).

With ``--ir`` each row runs under ``valgrind --tool=callgrind`` twice (``_callgrind.py``),
once playing nothing, and the difference is counted: only what runs inside ``exec``, the
measured loop (and the imports, the same in both runs: the warm-up game runs outside it),
as in ``ir_count.py``; ``PYTHONHASHSEED`` fixed, the collector off. Otherwise each row is
timed, the best of ``--repeat`` runs. ``--first`` is the first game's seed (another set of
games, for the spread); ``--src`` points at another checkout's ``src`` to measure an older
version the same way.

Run: ``python benchmarks/bench_step.py [--ir] [--games N] [--first SEED] [--src DIR] [row ...]``.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from pathlib import Path
from types import FunctionType
from typing import Any

from _callgrind import python_instructions

HERE = Path(__file__).resolve().parent
ROWS = ("core", "greedy", "steps", "apply", "pettingzoo")

_LOOPS = {
    "core": "for seed in seeds:\n    play_game(core_rules, bots, seed)\n",
    "greedy": (
        "for seed in seeds:\n"
        "    state = new(4, seed=seed)\n"
        "    while not state.is_over:\n"
        "        state = state.apply(bot.act(state.view(state.current), state.legal_actions()))\n"
        "    played.append(state.actions)\n"
    ),
    "steps": (
        "for seed, actions in zip(seeds, recorded):\n"
        "    state = new(4, seed=seed)\n"
        "    for action in actions:\n"
        "        state.legal_actions()\n"
        "        view = state.view(state.current)\n"
        "        view.hand, view.top_discard\n"
        "        state = state.apply(action)\n"
    ),
    "apply": (
        "for seed, actions in zip(seeds, recorded):\n"
        "    state = new(4, seed=seed)\n"
        "    for action in actions:\n"
        "        state = state.apply(action)\n"
    ),
    "pettingzoo": (
        "env.reset(seed=0)\n"
        "for actions in dealt:\n"
        "    for action in actions:\n"
        "        env.last()\n"
        "        env.step(action)\n"
        "    env.reset()\n"
    ),
}
#: The loop of a row that plays nothing (so its set-up is counted out).
_IDLE = "for seed in seeds:\n    pass\n"


def _setup(src: str, games: int, first: int = 0) -> tuple[dict[str, Any], int]:
    """The names the loops use, and the number of actions of the games."""
    sys.path.insert(0, src)
    import fivecrowns as fc
    from fivecrowns import _core
    from fivecrowns.game import _core_game

    core_rules = _core_game.game_rules(fc.Rules())
    bots = ["greedy"] * 4
    from fivecrowns.adapters.pettingzoo import raw_env

    seeds = list(range(first, first + games))
    recorded = [tuple(_core.play_game(core_rules, bots, seed).actions) for seed in seeds]
    deals = random.Random(0)  # (the seeds the environment deals from, reset with seed 0)
    dealt = [tuple(_core.play_game(core_rules, bots, deals.getrandbits(63)).actions) for _ in seeds]
    names = {
        "play_game": _core.play_game,
        "core_rules": core_rules,
        "bots": bots,
        "seeds": seeds,
        "recorded": recorded,
        "new": fc.GameState.new,
        "bot": fc.GreedyBot(),
        "played": [],
        "env": raw_env(players=4, seed=0),
        "dealt": dealt,
    }
    # (one warm-up game of each loop: caches filled, code paths loaded)
    warm = {**names, "seeds": seeds[:1], "recorded": recorded[:1], "dealt": dealt[:1]}
    for loop in _LOOPS.values():  # (a function, not exec: valgrind counts only inside exec)
        FunctionType(compile(loop, "<warm-up>", "exec"), warm)()
    names["played"] = []
    return names, sum(map(len, recorded))


def _child(src: str, row: str, games: int, first: int, timed: bool) -> None:
    names, _ = _setup(src, games, first)
    loop = compile(_LOOPS[row] if timed else _IDLE, "<loop>", "exec")
    gc.collect()
    gc.disable()
    exec(loop, names)  # valgrind counts only what runs inside ``builtin_exec``


def _instructions(src: str, row: str, games: int, first: int, timed: bool) -> int:
    mode = "--timed" if timed else "--untimed"
    args = ("--child", "--src", src, "--games", str(games), "--first", str(first), mode, row)
    return python_instructions(__file__, *args)


def _timed(names: dict[str, Any], row: str, repeat: int) -> float:
    loop = compile(_LOOPS[row], "<loop>", "exec")
    best = float("inf")
    for _ in range(repeat):
        names["played"] = []
        began = time.perf_counter()
        exec(loop, names)
        best = min(best, time.perf_counter() - began)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rows", nargs="*", help=f"any of {', '.join(ROWS)} (default: all)")
    parser.add_argument("--src", default=str(HERE.parent / "src"))
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--ir", action="store_true", help="count instructions (valgrind)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--timed", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--untimed", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    rows = args.rows or list(ROWS)
    if not set(rows) <= set(ROWS):
        parser.error(f"rows are {', '.join(ROWS)}; got {' '.join(rows)}")
    if args.child:
        _child(args.src, rows[0], args.games, args.first, args.timed)
        return
    names, actions = _setup(args.src, args.games, args.first)
    exec(compile(_LOOPS["greedy"], "<check>", "exec"), {**names, "played": (played := [])})
    if [tuple(game) for game in played] != names["recorded"]:
        raise SystemExit("the Python loop's games are not the core's")
    unit = "k instructions" if args.ir else "us"
    where = f"from seed {args.first}, {actions} actions ({args.src})"
    print(f"{args.games} four-player greedy games {where}")
    print(f"{'row':8} {unit + ' / action':>22} {'x core':>8}")
    found: dict[str, float] = {}
    for row in rows:
        count = sum(map(len, names["dealt"])) if row == "pettingzoo" else actions
        if args.ir:
            spent = _instructions(args.src, row, args.games, args.first, True)
            idle = _instructions(args.src, row, args.games, args.first, False)
            found[row] = (spent - idle) / count / 1000
        else:
            found[row] = _timed(names, row, args.repeat) / count * 1e6
        ratio = f"{found[row] / found['core']:8.2f}" if "core" in found else ""
        print(f"{row:8} {found[row]:22.2f} {ratio}")


if __name__ == "__main__":
    main()
