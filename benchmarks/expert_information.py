"""What knowing the other hands is worth to the expert, in whole games: an upper bound on
what any better guess of the hidden cards (samples conditioned on what each opponent threw
and took, say) could add to ``ExpertBot`` as it searches now.

Run: ``python benchmarks/expert_information.py [--deals 600] [--seed 700] [--jobs 2]
[--out FILE]``.

Each deal is played twice, four players, official rules, two default ExpertBots against
two StrongBots in alternate seats (the seats rotate from deal to deal), bots reset as
:func:`fivecrowns.play_game` resets them:

- *honest*: the experts as they are, their samples drawn from what their view allows;
- *seeing*: the same experts, but each sample they draw holds the other players' true hands
  (only the stock order is unknown: it is shuffled afresh for every rollout). This is done
  by handing the sampler (``fivecrowns.bots.rollout._hidden``, private) the true hands as the
  cards each seat is known to hold; a measuring device, not something a bot may do.

Printed: each arm's margin (the experts' mean game total less the StrongBots', points per
game; negative is better) and the paired difference, seeing less honest, with 95%
confidence intervals over deals. ``--out`` keeps the per-deal margins (JSON) for pairing
with later arms on the same deals.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import shlex
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

import fivecrowns as fc
from fivecrowns.bots import rollout
from fivecrowns.bots.expert import ExpertBot
from fivecrowns.play.simulate import game_seed

sys.path.insert(0, str(Path(__file__).resolve().parent))

from expert_regret import PLAYERS, seated  # (a benchmark beside this one)

#: The true state of the game whose seeing expert is acting (None: the sampler is honest).
_TRUE: dict[str, fc.GameState | None] = {"state": None}
_HONEST = rollout._hidden


def _seeing(view: fc.PlayerView, upcard: fc.Card | None, *, improve: bool) -> Any:
    """The sampler's input for ``view``; while a seeing expert acts, the other hands are
    its known cards (none hidden, none improved) and the stock is all that is unseen."""
    hidden = _HONEST(view, upcard, improve=improve)
    state = _TRUE["state"]
    if state is None or view.went_out is not None:
        return hidden
    known = tuple(
        view.hand if seat == view.player else state.hand(seat) for seat in range(view.players)
    )
    return attrs.evolve(
        hidden,
        known=known,
        hidden=(0,) * view.players,
        improve=(0,) * view.players,
        unseen=tuple(sorted(card.code for card in state.stock)),
    )


rollout._hidden = _seeing


def margin(seed: int, deal: int, seeing: bool) -> float:
    """The experts' mean total less the StrongBots' in one game."""
    number = game_seed(seed, deal)
    bots = seated(number, deal, ExpertBot)
    state = fc.GameState.new(PLAYERS, seed=number)
    try:
        while not state.is_over:
            player = state.current_player
            assert player is not None
            bot = bots[player]
            _TRUE["state"] = state if seeing and isinstance(bot, ExpertBot) else None
            state = state.apply(bot.act(state.view(player), state.legal_actions()))
    finally:
        _TRUE["state"] = None
    experts = [state.scores[s] for s in range(PLAYERS) if isinstance(bots[s], ExpertBot)]
    strong = [state.scores[s] for s in range(PLAYERS) if not isinstance(bots[s], ExpertBot)]
    return float(statistics.fmean(experts) - statistics.fmean(strong))


def both(seed: int, deal: int) -> tuple[float, float]:
    """One deal's margins, honest then seeing."""
    return margin(seed, deal, False), margin(seed, deal, True)


def _ci(values: Sequence[float]) -> float:
    return float(1.96 * statistics.stdev(values) / len(values) ** 0.5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--seed", type=int, default=700)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    start = time.perf_counter()
    with concurrent.futures.ProcessPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(both, [args.seed] * args.deals, range(args.deals), chunksize=4))
    honest = [h for h, _ in rows]
    seeing = [s for _, s in rows]
    diff = [s - h for h, s in rows]
    print(f"engine: {fc.core_info().engine}; {args.deals} deals, seed {args.seed}")
    print(f"  honest experts vs strong   {statistics.fmean(honest):+7.2f} ± {_ci(honest):.2f}")
    print(f"  seeing experts vs strong   {statistics.fmean(seeing):+7.2f} ± {_ci(seeing):.2f}")
    print(f"  seeing - honest (paired)   {statistics.fmean(diff):+7.2f} ± {_ci(diff):.2f}")
    print(f"({time.perf_counter() - start:.0f} s; python {shlex.join(sys.argv)})")
    if args.out is not None:
        args.out.write_text(json.dumps({"seed": args.seed, "honest_seeing": rows}))


if __name__ == "__main__":
    main()
