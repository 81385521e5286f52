"""What each possible draw leaves a hand with, on the engine the solver runs on: the inner
loop of :func:`fivecrowns.draw_odds`.

For a hand before its draw and the distinct cards it may draw, the least deadwood after
drawing each and discarding the best card (the drawn card may go back). The Python engine
asks the solver once per draw (the readable loop below); the compiled core answers every
draw in one call (``fivecrowns._core.after_draws``, the engine's ``analysis::after_draws``),
with the same answers.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, as_int
from ..rules import Rules
from ..solver import _engine, deadwood_by_discard

__all__ = ["after_draws"]


def after_draws(
    hand: Sequence[Card], wild_rank: int | None, rules: Rules, draws: Sequence[Card]
) -> list[int]:
    """The least deadwood of ``hand`` after drawing each of ``draws`` (distinct cards the
    deck holds beside the hand; ``wild_rank`` already checked) and discarding the best card,
    in order."""
    if _engine.ENGINE is _engine.COMPILED and _engine.COMPILED is not None:
        from .. import _core  # (only with the core: it imports the extension)
        from ..solver import _compiled

        wild = 0 if wild_rank is None else as_int(wild_rank) or 0
        codes = [card.code for card in hand]
        return _core.after_draws(
            _compiled.solver(rules), codes, wild, [card.code for card in draws]
        )
    return [
        min(deadwood_by_discard((*hand, card), wild_rank, rules=rules).values()) for card in draws
    ]
