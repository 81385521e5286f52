"""StrongBot against its version before the take fix of issue 49 (a top discard that lets it
go out at once was left for a stock draw when going out with it fed the next player).

Usage::

    PYTHONPATH=src python benchmarks/strong_take.py [GAMES] [--seed S] [--players P]

Plays ``GAMES`` deals twice, the seats swapped (paired deals), between ``StrongBot`` and
``OldStrongBot`` (the same bot with the old draw) in the Python engine, official rules, and
prints the mean score difference per game (old minus new: positive means the fix helps) with
its 95% confidence interval over the pairs.
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections.abc import Sequence

import fivecrowns as fc
from fivecrowns.bots._builtin import DRAW_DISCARD, DRAW_STOCK, allowed_after_taking


class OldStrongBot(fc.StrongBot):
    """StrongBot as it drew before the fix: every take had to clear ``take_margin``."""

    def _draw(self, view, legal, odds, hazard):  # type: ignore[no-untyped-def]
        top = view.top_discard
        if top is None or DRAW_DISCARD not in legal:
            return DRAW_STOCK
        if top.is_wild(view.wild_rank):
            return DRAW_DISCARD
        arrangement = fc.best_arrangement(view.hand, view.wild_rank, rules=view.rules)
        deadwood = [card.code for card in arrangement.deadwood]
        stock = self._value(deadwood, view, odds, hazard, drawing=True)
        hand = [*view.hand, top]
        allowed = allowed_after_taking(view, top, sorted(set(hand), key=lambda card: card.code))
        options = self._discard_options(hand, allowed, view, odds, hazard)
        take = min(value for value, _ in options)
        return DRAW_DISCARD if take < stock - self.take_margin else DRAW_STOCK


def _scores(bots: Sequence[fc.Bot], seed: int) -> tuple[int, ...]:
    return fc.play_game(list(bots), seed=seed).scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=100)
    parser.add_argument("--seed", type=int, default=49)
    args = parser.parse_args()
    differences = []
    for index in range(args.games):
        seed = args.seed * 1_000_003 + index
        new_first = _scores([fc.StrongBot(), OldStrongBot()], seed)
        old_first = _scores([OldStrongBot(), fc.StrongBot()], seed)
        new = new_first[0] + old_first[1]
        old = new_first[1] + old_first[0]
        differences.append((old - new) / 2)
    mean = statistics.fmean(differences)
    half = 1.96 * statistics.stdev(differences) / math.sqrt(len(differences))
    print(
        f"{args.games} deals, seats swapped, 2 players, official rules: old minus new "
        f"{mean:+.2f} points a game (95% CI {mean - half:+.2f} to {mean + half:+.2f})"
    )


if __name__ == "__main__":
    main()
