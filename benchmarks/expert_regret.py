"""How much the expert's choices lose against an oracle that sees the hidden hands: a quick
way to compare settings of ``ExpertBot`` on the same decisions, where whole games need
thousands of games per point.

Run: ``python benchmarks/expert_regret.py [--games 24] [--oracle 128] [--seed 100]
[--jobs 2] [--cache FILE] [--variant 'rollouts=256,card_budget=None' ...]``; with
``--cache`` the decisions and oracle values are kept in FILE (JSON) and read back by a later
run with the same games, seed and oracle, so more variants cost only their own search.

1. ``--games`` four-player official games: two default ExpertBots against two StrongBots in
   alternate seats (bots reset as :func:`fivecrowns.play_game` resets them). Every decision
   where an expert searched is recorded: the whole state, the seat, its candidate moves and
   what it knew of the upcard.
2. The oracle values each decision's candidates from the true state: the other hands as
   they are, the stock shuffled ``--oracle`` times, each candidate played first on every
   shuffle and the rest of the round by StrongBot in every seat; a candidate's value is the
   mean of the seat's round score less the mean of the other seats' (lower is better).
3. Each variant (``ExpertBot`` keyword settings; ``candidates=c`` keeps the first ``c`` of
   the recorded candidates) values the candidates from the seat's view alone, as the bot
   does, and picks one. Its regret is the oracle's value of its pick less the oracle's
   best, summed per seat-game (one expert seat's decisions in one game). The default
   expert, replayed, picks what it picked in the games (checked). ``perfect=True`` makes a
   variant that sees the other hands (not the stock order): each of its rollouts plays from
   the true state with the stock shuffled (in a stream of its own, not the oracle's), by
   the variant's policy, its budget the bot's; it measures what knowing the hands would be
   worth to the expert's rollouts.

A table then shows where the regret is (draws and discards, by lap of the round), for the
default expert, for the oracle's own picks and for StrongBot's.

The oracle's values are means of ``--oracle`` rollouts, and the least of a few noisy means
is biased low, so every variant's regret is inflated alike: compare the paired differences
(printed against the default expert, with a 95% confidence interval over decisions), not
the levels; the line "oracle picks by half its shuffles" shows how much of a regret that
noise alone makes. The oracle's players are StrongBots, not the experts of the games.
"""

from __future__ import annotations

import argparse
import ast
import concurrent.futures
import json
import random
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import fivecrowns as fc
from fivecrowns.bots.expert import ExpertBot
from fivecrowns.bots.rollout import rollouts
from fivecrowns.cards import CARDS, Card
from fivecrowns.game.actions import Action
from fivecrowns.play.simulate import bot_seed, game_seed

PLAYERS = 4


class _Recording(ExpertBot):
    """A default expert that keeps the candidates and values of its last search."""

    last: tuple[list[Action], npt.NDArray[np.float64], Card | None] | None = None

    def _values(
        self, view: fc.PlayerView, options: Sequence[Action], upcard: Card | None
    ) -> npt.NDArray[np.float64]:
        values = super()._values(view, options, upcard)
        self.last = (list(options), values, upcard)
        return values


def seated(number: int, game: int, expert: Callable[[], ExpertBot]) -> list[Any]:
    """The bots of game ``game`` (dealt from ``number``): experts made by ``expert`` and
    StrongBots in alternate seats, the experts first in even games, each reset as
    :func:`fivecrowns.play_game` resets it."""
    shift = game % 2
    bots: list[Any] = [
        expert() if (seat + shift) % 2 == 0 else fc.StrongBot() for seat in range(PLAYERS)
    ]
    for seat, bot in enumerate(bots):
        bot.reset(bot_seed(number, seat))
    return bots


def play(seed: int, game: int) -> list[dict[str, Any]]:
    """The searched decisions of the experts in one game."""
    number = game_seed(seed, game)
    bots = seated(number, game, _Recording)
    state = fc.GameState.new(PLAYERS, seed=number)
    found = []
    while not state.is_over:
        seat = state.current_player
        bot = bots[seat]
        if isinstance(bot, _Recording):
            bot.last = None
        action = bot.act(state.view(seat), state.legal_actions())
        if isinstance(bot, _Recording) and bot.last is not None:
            options, _, upcard = bot.last
            found.append(
                {
                    "game": game,
                    "seat": seat,
                    "bot_seed": bot_seed(number, seat),
                    "state": state.to_json(),
                    "options": [option.to_int() for option in options],
                    "picked": options.index(action),
                    "upcard": None if upcard is None else upcard.code,
                }
            )
        state = state.apply(action)
    return found


def oracle(decision: dict[str, Any], shuffles: int) -> list[list[float]]:
    """Each candidate's value from the true state over ``shuffles`` orders of the stock,
    then over the even and the odd shuffles alone."""
    data = json.loads(decision["state"])
    stock = data["stock"].split()
    seat = decision["seat"]
    values = np.zeros((shuffles, len(decision["options"])))
    for k in range(shuffles):
        random.Random(k).shuffle(stock)
        data["stock"] = " ".join(stock)
        state = fc.GameState.from_json(json.dumps(data))
        scores = rollouts(state, "strong", n=1, seed=k, actions=decision["options"])[:, 0, :]
        own = scores[:, seat]
        values[k] = own - (scores.sum(axis=1) - own) / (PLAYERS - 1)
    return [
        values.mean(axis=0).tolist(),
        values[0::2].mean(axis=0).tolist(),
        values[1::2].mean(axis=0).tolist(),
    ]


def choose(decision: dict[str, Any], settings: dict[str, Any]) -> tuple[int, float]:
    """The candidate a variant picks, from the seat's view (or, with ``perfect``, from the
    true hands), and the seconds it took."""
    settings = dict(settings)
    count = settings.pop("candidates", len(decision["options"]))
    perfect = settings.pop("perfect", False)
    bot = ExpertBot(**settings)
    bot.reset(decision["bot_seed"])
    view = fc.GameState.from_json(decision["state"]).view(decision["seat"])
    options = [Action.from_int(code) for code in decision["options"][:count]]
    upcard = None if decision["upcard"] is None else CARDS[decision["upcard"]]
    start = time.perf_counter()
    if perfect:
        values = seeing_the_hands(decision, bot, view, options)
    else:
        values = bot._values(view, options, upcard)
    return int(np.argmin(values)), time.perf_counter() - start


def seeing_the_hands(
    decision: dict[str, Any], bot: ExpertBot, view: fc.PlayerView, options: Sequence[Action]
) -> npt.NDArray[np.float64]:
    """Each candidate's value as ``bot`` finds it, had it seen the other hands: its budget
    of rollouts, each from the true state with the stock shuffled (``random.Random`` seeded
    from 1,000,000 up: not the oracle's shuffles) and played by the bot's policy."""
    data = json.loads(decision["state"])
    stock = data["stock"].split()
    seat = decision["seat"]
    n = max(1, bot.budget(view) // len(options))
    values = np.zeros((n, len(options)))
    for k in range(n):
        random.Random(1_000_000 + k).shuffle(stock)
        data["stock"] = " ".join(stock)
        state = fc.GameState.from_json(json.dumps(data))
        scores = rollouts(state, bot.policy, n=1, seed=k, actions=options)[:, 0, :]
        own = scores[:, seat]
        values[k] = own - (scores.sum(axis=1) - own) / (PLAYERS - 1)
    found: npt.NDArray[np.float64] = values.mean(axis=0)
    return found


def breakdown(
    decisions: Sequence[dict[str, Any]],
    odd: Sequence[npt.NDArray[np.float64]],
    by_even: Sequence[int],
    seat_games: int,
) -> None:
    """Where the regret is: by kind of decision and by lap of the round (each player's
    turns so far), the default expert's picks, the oracle's picks by its even shuffles and
    StrongBot's, all valued by the oracle's odd shuffles (points per seat-game)."""
    rows: dict[tuple[str, str], list[float]] = {}
    for decision, values, even in zip(decisions, odd, by_even, strict=True):
        state = json.loads(decision["state"])
        lap = min(state["turns"] // state["players"], 3)
        best = values.min()
        regrets = (values[decision["picked"]] - best, values[even] - best, values[0] - best)
        for key in (
            (state["phase"], f"lap {lap + 1}" if lap < 3 else "lap 4+"),
            (state["phase"], "all"),
        ):
            row = rows.setdefault(key, [0, 0.0, 0.0, 0.0])
            row[0] += 1
            for i, regret in enumerate(regrets, 1):
                row[i] += regret
    print("regret by kind of decision and lap, all valued by the oracle's odd shuffles:")
    print(f"  {'':<22} {'decisions':>9} {'expert':>7} {'oracle':>7} {'strong':>7}")
    for (phase, lap), (count, expert, oracle, strong) in sorted(rows.items()):
        print(
            f"  {phase + ', ' + lap:<22} {int(count):>9} {expert / seat_games:>7.2f} "
            f"{oracle / seat_games:>7.2f} {strong / seat_games:>7.2f}"
        )


def parse_variant(text: str) -> dict[str, Any]:
    """``'rollouts=256,card_budget=None'`` -> keyword settings."""
    settings = {}
    for item in filter(None, text.split(",")):
        key, _, value = item.partition("=")
        settings[key.strip()] = ast.literal_eval(value.strip())
    return settings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--oracle", type=int, default=128, help="stock shuffles per decision")
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--variant", action="append", default=[], help="ExpertBot settings")
    parser.add_argument(
        "--cache", type=Path, default=None, help="keep (or read) the decisions and oracle here"
    )
    args = parser.parse_args()
    variants = [parse_variant(text) for text in args.variant]
    with concurrent.futures.ProcessPoolExecutor(args.jobs) as pool:
        setup = {"games": args.games, "seed": args.seed, "oracle": args.oracle}
        if args.cache is not None and args.cache.exists():
            cached = json.loads(args.cache.read_text())
            if cached["setup"] != setup:
                raise SystemExit(f"{args.cache} holds {cached['setup']}, not {setup}")
            decisions, oracles = cached["decisions"], cached["oracle"]
            print(f"decisions and oracle values from {args.cache}")
        else:
            start = time.perf_counter()
            decisions = [
                d
                for game in pool.map(play, [args.seed] * args.games, range(args.games))
                for d in game
            ]
            print(f"played {args.games} games, {time.perf_counter() - start:.0f} s")
            start = time.perf_counter()
            oracles = list(pool.map(oracle, decisions, [args.oracle] * len(decisions), chunksize=8))
            print(f"oracle: {args.oracle} stock shuffles each, {time.perf_counter() - start:.0f} s")
            if args.cache is not None:
                args.cache.write_text(
                    json.dumps({"setup": setup, "decisions": decisions, "oracle": oracles})
                )
        seat_games = len({(d["game"], d["seat"]) for d in decisions})
        print(f"{len(decisions)} searched decisions ({seat_games} expert seat-games)")
        values = [whole for whole, _, _ in oracles]

        def regrets(picks: Sequence[int]) -> npt.NDArray[np.float64]:
            return np.array([v[p] - min(v) for v, p in zip(values, picks, strict=True)])

        base = regrets([d["picked"] for d in decisions])
        strong = regrets([0] * len(decisions))  # the first candidate is StrongBot's choice
        print(f"{'default expert (as played)':<44} regret {base.sum() / seat_games:6.2f}")
        # the oracle's own noise: picks by its even shuffles, valued by its odd ones
        odd = [np.array(o) for _, _, o in oracles]
        by_even = [int(np.argmin(e)) for _, e, _ in oracles]
        floor = sum(o[p] - o.min() for o, p in zip(odd, by_even, strict=True)) / seat_games
        played = sum(o[d["picked"]] - o.min() for o, d in zip(odd, decisions, strict=True))
        print(
            f"{'oracle picks by half its shuffles':<44} regret {floor:6.2f}   (the default "
            f"expert {played / seat_games:.2f}, both valued by the other half)"
        )
        diff = strong - base
        ci = 1.96 * diff.std() * len(diff) ** 0.5 / seat_games
        label = "StrongBot's choice"
        print(
            f"{label:<44} regret {strong.sum() / seat_games:6.2f}   vs default "
            f"{diff.sum() / seat_games:+6.2f} ± {ci:4.2f}"
        )
        breakdown(decisions, odd, by_even, seat_games)
        for settings, text in zip(variants, args.variant, strict=True):
            picked = list(pool.map(choose, decisions, [settings] * len(decisions), chunksize=8))
            found = regrets([p for p, _ in picked])
            diff = found - base
            ci = 1.96 * diff.std() * len(diff) ** 0.5 / seat_games
            ms = 1000 * statistics.fmean(t for _, t in picked)
            if not settings:
                same = sum(p == d["picked"] for (p, _), d in zip(picked, decisions, strict=True))
                assert same == len(decisions), f"replayed {same} of {len(decisions)} picks"
            print(
                f"{text or '(default, replayed)':<44} regret {found.sum() / seat_games:6.2f}   "
                f"vs default {diff.sum() / seat_games:+6.2f} ± {ci:4.2f}   {ms:5.1f} ms",
                flush=True,
            )
    print("regret: points per seat-game the picks lose to the oracle's best candidate")


if __name__ == "__main__":
    main()
