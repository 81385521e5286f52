"""The replay viewer's steps: a saved game (a :class:`~fivecrowns.GameRecord`'s JSON, a
saved :class:`~fivecrowns.GameState`'s, whose record is read from it, or a file the
``save`` command of ``fivecrowns play`` wrote) replayed to a step.
A saved game is reviewed whole: every hand is shown.

>>> import fivecrowns as fc
>>> record = fc.GameState.new(2, seed=3).apply("draw").record()
>>> step = replay_step({"game": record.to_dict(), "step": 1})
>>> step["steps"], step["action"], step["hands"][0].count(" ") + 1
(1, [0, 'draw'], 4)
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import FiveCrownsError
from ..game import GameRecord, GameState
from ..game.actions import Action
from ._errors import RefusedError

__all__ = ["replay_step", "saved_record"]


def saved_record(data: object) -> GameRecord:
    """The record of a saved game (a record's, a state's or a ``fivecrowns play`` save's
    JSON data); 422 for anything else."""
    if not isinstance(data, dict):
        raise RefusedError(422, "game must be a saved game: a game record's or state's JSON")
    inner = data.get("game")
    if "format" in data and isinstance(inner, dict):  # (what fivecrowns play saves)
        data = inner
    try:
        if data.get("schema") == "fivecrowns.state/1":
            return GameState.from_json(json.dumps(data)).record()
        return GameRecord.from_dict(data)
    except (FiveCrownsError, TypeError, ValueError) as error:
        raise RefusedError(422, f"not a saved game: {str(error)[:300]}") from None


def replay_step(data: dict[str, Any]) -> dict[str, Any]:
    """The game of ``{"game": <saved game>, "step": n}`` after its first ``n`` actions:
    every seat's hand, the piles, the table, the scores, and the action just played."""
    unknown = sorted(str(name) for name in data if name not in ("game", "step"))
    if unknown:
        raise RefusedError(422, f"unknown field(s) {', '.join(unknown)}; the fields are game, step")
    record = saved_record(data.get("game"))
    step = data.get("step", 0)
    total = len(record.actions)
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= total:
        raise RefusedError(422, f"step must be an int from 0 to {total}, got {step!r:.40}")
    state = GameState.new(
        record.players, rules=record.rules, seed=record.seed, first_dealer=record.first_dealer
    )
    actor = None
    try:
        for action in record.actions[:step]:
            actor = state.current_player
            state = state.apply(action)
    except FiveCrownsError as error:
        raise RefusedError(422, f"the saved game does not replay: {str(error)[:300]}") from None
    view = state.view(0).to_dict()
    last = record.actions[step - 1] if step else None
    return {
        "step": step,
        "steps": total,
        "action": None if last is None else [actor, str(Action.from_int(last, record.rules))],
        "hands": [" ".join(str(card) for card in state.hand(p)) for p in range(state.players)],
        "view": view,
    }
